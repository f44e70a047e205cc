#!/usr/bin/env python3
"""The least any client can do with a list of pages under the same politeness limits: the
baseline beside `larder import` in Benchmarks/bulk-import.sh.

    least-client.py URLS_FILE JOBS PER_HOST [--robots]

It fetches every address of URLS_FILE (one per line) from Tools/local-server.py with at most JOBS
requests at once and PER_HOST to one host, over kept-alive connections, asking for gzip as Larder
does; with --robots it first asks each host for /robots.txt and sends a host's pages only after
that answer is in, as Larder does. Bodies are read and dropped: nothing is parsed, decoded or
stored. What is left of its time is the server's (each answer's latency and the server's own
handling) and Python's start, so the ratio of an import's wall time to this client's, run beside
it on the same machine and server, is what the import itself costs.

Prints one line: `least client: N requests, took W s`, timed from when it is ready to send its
first request (Python's start and imports, 0.2 s on some machines, are left out) to its last answer.
"""
import http.client
import sys
import threading
import time
import urllib.parse


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    urls = [line.strip() for line in open(sys.argv[1]) if line.strip()]
    jobs, per_host, robots = int(sys.argv[2]), int(sys.argv[3]), "--robots" in sys.argv[4:]
    pages = [urllib.parse.urlsplit(url) for url in urls]
    hosts = list(dict.fromkeys(page.netloc for page in pages))
    state = threading.Condition()
    in_flight = dict.fromkeys(hosts, 0)
    robots_asked, robots_read = set(), set() if robots else set(hosts)
    waiting = list(pages)
    failures = []

    def take():
        """The next request allowed now, counted as in flight; None when none is."""
        for host in hosts:
            if host not in robots_asked and host not in robots_read and in_flight[host] < per_host:
                robots_asked.add(host)
                in_flight[host] += 1
                return host, "/robots.txt"
        for n, page in enumerate(waiting):
            if page.netloc in robots_read and in_flight[page.netloc] < per_host:
                del waiting[n]
                in_flight[page.netloc] += 1
                return page.netloc, page.path + (f"?{page.query}" if page.query else "")
        return None

    def worker():
        connections = {}
        while True:
            with state:
                while True:
                    job = take()
                    if job or not waiting:
                        break
                    state.wait()
            if job is None:
                return
            host, path = job
            try:
                connection = connections.get(host) or http.client.HTTPConnection(host, timeout=30)
                connections[host] = connection
                connection.request("GET", path, headers={"Accept-Encoding": "gzip"})
                connection.getresponse().read()
            except OSError as error:
                failures.append(f"{host}{path}: {error}")
                connections.pop(host, None)
            with state:
                in_flight[host] -= 1
                if path == "/robots.txt":
                    robots_read.add(host)
                state.notify_all()

    started = time.monotonic()
    threads = [threading.Thread(target=worker) for _ in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        sys.exit(f"least client: {len(failures)} requests failed, first {failures[0]}")
    requests = len(pages) + (len(hosts) if robots else 0)
    print(f"least client: {requests} requests, took {time.monotonic() - started:.3f} s")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A loopback HTTP server for Larder's tests and benchmarks. Never used against the internet.

It prints one line, {"port": N}, when it is listening, then serves until killed:

  /recipe/<name>              a recipe page (schema.org JSON-LD) titled after <name>
  /api/json/v1/<key>/<call>   TheMealDB's API answered from a folder in its URL layout (--mealdb)
  /fault/...                  misbehaviour on purpose, for the reliability tests (see FAULTS)

--hosts N binds 127.0.0.1 ... 127.0.0.N on the same port (all of 127/8 is loopback on Linux),
so a benchmark sees N distinct hosts; --latency S delays every answer by S seconds.
"""
import argparse, gzip, json, os, socket, struct, sys, threading, time, zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit, parse_qs, unquote

ARGS = None
HITS = {}          # path -> how many times it was asked for (for /fault/flaky)
HITS_LOCK = threading.Lock()


def recipe_page(name, host):
    title = name.replace("-", " ").title()
    recipe = {
        "@context": "https://schema.org", "@type": "Recipe", "name": title,
        "recipeYield": "4 servings", "totalTime": "PT30M",
        "recipeIngredient": ["2 cups flour", "1 tsp salt", "3 eggs, beaten", f"{len(name)} g butter"],
        "recipeInstructions": [{"@type": "HowToStep", "text": f"Mix everything for {title}."},
                               {"@type": "HowToStep", "text": "Bake for 25 minutes."}],
    }
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title>"
            f"<link rel='canonical' href='http://{host}/recipe/{name}'>"
            f"<script type='application/ld+json'>{json.dumps(recipe)}</script></head>"
            f"<body><h1>{title}</h1></body></html>").encode()


def mealdb_file(call, query):
    """Maps an API call onto the fixture folder's layout (see ../shared/fixtures/mealdb/README.md)."""
    arg = lambda k: query.get(k, [None])[0]
    under = lambda v: v.replace(" ", "_")
    if call == "search.php" and arg("s") is not None: return f"search/s/{arg('s')}.json"
    if call == "search.php" and arg("f") is not None: return f"search/f/{arg('f').lower()}.json"
    if call == "lookup.php": return f"lookup/{arg('i')}.json"
    if call == "random.php": return "random/example.json"
    if call == "categories.php": return "categories.json"
    if call == "list.php":
        for key, name in (("c", "categories"), ("a", "areas"), ("i", "ingredients")):
            if arg(key) == "list": return f"list-{name}.json"
    if call == "filter.php":
        for key in ("c", "a", "i"):
            if arg(key) is not None: return f"filter/{key}/{under(arg(key))}.json"
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="text/html; charset=utf-8", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if ARGS.latency:
            time.sleep(ARGS.latency)
        parts = urlsplit(self.path)
        path, query = unquote(parts.path), parse_qs(parts.query, keep_blank_values=True)
        host = self.headers.get("Host", "127.0.0.1")
        if path.startswith("/recipe/"):
            page = recipe_page(path[len("/recipe/"):], host)
            etag = '"%08x"' % zlib.crc32(page)
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304); self.send_header("ETag", etag); self.send_header("Content-Length", "0"); self.end_headers()
                return
            return self.send(200, page, headers=[("ETag", etag)])
        if path.startswith("/api/json/") and ARGS.mealdb:
            relative = mealdb_file(path.rsplit("/", 1)[-1], query)
            file = os.path.join(ARGS.mealdb, relative) if relative else None
            if file and ".." not in relative and os.path.isfile(file):
                with open(file, "rb") as handle:
                    return self.send(200, handle.read(), "application/json")
            if relative:  # what the API answers when nothing matches
                return self.send(200, b'{"meals":null}', "application/json")
            return self.send(404, b"unknown call", "text/plain")
        if path.startswith("/fault/"):
            return self.fault(path[len("/fault/"):].split("/"), query, host)
        self.send(404, b"<h1>Not Found</h1>")

    def fault(self, parts, query, host):
        kind = parts[0]
        if kind == "status":            # /fault/status/<code>: that status, every time
            code = int(parts[1])
            headers = [("Retry-After", query["retry-after"][0])] if "retry-after" in query else []
            return self.send(code, f"<h1>{code}</h1>".encode(), headers=headers)
        if kind == "flaky":             # /fault/flaky/<code>/<n>/<id>: <code> n times, then a recipe
            code, times = int(parts[1]), int(parts[2])
            with HITS_LOCK:
                HITS[self.path] = HITS.get(self.path, 0) + 1
                hit = HITS[self.path]
            if hit <= times:
                headers = [("Retry-After", query["retry-after"][0])] if "retry-after" in query else []
                return self.send(code, b"<h1>try again</h1>", headers=headers)
            return self.send(200, recipe_page("flaky-" + parts[3], host))
        if kind == "hits":              # /fault/hits/<path...>: how often a path was asked for
            with HITS_LOCK:
                return self.send(200, str(HITS.get("/fault/" + "/".join(parts[1:]), 0)).encode(), "text/plain")
        if kind == "hang":              # accepts, reads the request, never answers
            time.sleep(3600)
            return
        if kind == "reset":             # closes with a TCP reset
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
            return
        if kind == "half":              # promises 10000 bytes, sends 5000, closes
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "10000")
            self.end_headers()
            self.wfile.write(b"<html>" + b"x" * 4994)
            self.wfile.flush()
            self.close_connection = True
            return
        if kind == "huge":              # 100 MB; /fault/huge/unannounced sends no Content-Length
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            if len(parts) < 2:
                self.send_header("Content-Length", str(100 * 1024 * 1024))
            else:
                self.send_header("Connection", "close")
            self.end_headers()
            chunk = b"<p>" + b"a" * 65533
            try:
                for _ in range(1600):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
            return
        if kind == "loop":              # /fault/loop/a <-> /fault/loop/b
            target = "/fault/loop/b" if parts[1] == "a" else "/fault/loop/a"
            return self.send(302, b"", headers=[("Location", target)])
        if kind == "redirect":          # /fault/redirect?to=URL
            return self.send(302, b"", headers=[("Location", query["to"][0])])
        if kind == "gzip":              # a recipe page sent gzip-encoded
            body = gzip.compress(recipe_page("gzipped-" + parts[1], host))
            return self.send(200, body, headers=[("Content-Encoding", "gzip")])
        if kind == "wrong-charset":     # UTF-8 bytes and <meta charset=utf-8>, header claims Latin-1
            page = recipe_page("creme-brulee", host).replace(b"Creme Brulee", "Crème Brûlée".encode())
            return self.send(200, page, "text/html; charset=iso-8859-1")
        if kind == "json":              # JSON where a page was expected: a recipe, or not
            if parts[1] == "recipe":
                body = json.dumps({"@context": "https://schema.org", "@type": "Recipe", "name": "Json Soup",
                                   "recipeIngredient": ["1 l water"], "recipeInstructions": "Boil."}).encode()
            else:
                body = b'{"status": "ok", "items": []}'
            return self.send(200, body, "application/json")
        self.send(404, b"unknown fault")


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256

    def handle_error(self, request, client_address):
        # Clients that hang up mid-answer (cancelled transfers, size limits) are expected here.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mealdb", help="folder in TheMealDB's URL layout")
    parser.add_argument("--hosts", type=int, default=1, help="bind 127.0.0.1 .. 127.0.0.N")
    parser.add_argument("--latency", type=float, default=0, help="seconds before every answer")
    parser.add_argument("--until-stdin-closes", action="store_true", help="stop when standard input reaches its end")
    ARGS = parser.parse_args()
    first = QuietServer(("127.0.0.1", 0), Handler)
    port = first.server_address[1]
    servers = [first] + [QuietServer((f"127.0.0.{n}", port), Handler) for n in range(2, ARGS.hosts + 1)]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print(json.dumps({"port": port}), flush=True)
    if ARGS.until_stdin_closes:
        # The parent holds our stdin open; when it exits, however it exits, we read EOF and stop.
        sys.stdin.buffer.read()
        return
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()

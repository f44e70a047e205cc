#!/usr/bin/env python3
"""A loopback HTTP server for Larder's tests and benchmarks. Never used against the internet.

It prints one line, {"port": N}, when it is listening, then serves until killed (or, with
--until-stdin-closes, until its standard input reaches its end):

  /recipe/<name>              a recipe page (schema.org JSON-LD) titled after <name>, with an ETag;
                              ?image=ADDRESS (repeatable) lists those images in the recipe
  /edited/<name>              the same, at an edition that /edit/<name> moves on by one (the page
                              a site changes between two runs); its ETag changes with it
  /image/<name>.png           a small valid PNG that differs by <name>; /fault/hits/image/<name>.png
                              tells how often it was fetched
  /photo/<name>.png           a 96x64 PNG that differs by <name>: large enough to print as a photo
  /api/json/v1/<key>/<call>   TheMealDB's API answered from a folder in its URL layout (--mealdb);
                              random.php answers the files of random/ in turn, a new meal a call
  /files/<path>               a file from a folder as it is (--files): saved pages and their pictures
  /page/<case>                the saved page <case>/page.html.gz of a folder in the scrape corpus's
                              layout (--pages), sent gzip-encoded as a site would (decoded for a
                              client that does not accept gzip)
  /robots.txt                 with --robots DIR, the host's robots.txt from DIR: <host>.txt (its body),
                              <host>.status (only a status, such as 503), <host>.redirect (a 302 to the
                              address it holds), else default.txt; 404 when none is there
  /requests                   every request answered so far (but these and /politeness): host, path and
                              request headers, as JSON, for tests of what was sent where
  /fault/...                  misbehaviour on purpose, for the reliability tests (see fault())
  /politeness                 what this server saw of its clients' politeness, as JSON: the most
                              requests it answered at once in all and per host, per host the shortest
                              time between the arrivals of two requests and the number of its first
                              request among all (1 for the first to arrive), and for benchmarks when the
                              first request arrived, when the last answer left (Unix times) and the
                              seconds spent answering, summed over all requests, and "answers": when
                              each request arrived and its answer left, [arrival, departure] (Unix times);
                              /politeness?reset answers the same, then starts counting afresh

--hosts N binds 127.0.0.1 ... 127.0.0.N on the same port (all of 127/8 is loopback on Linux),
so a benchmark sees N distinct hosts; --latency S delays every answer by S seconds. The first
line also names an "unaccepting_port": a port that listens but whose queue is full, so a
connection to it is never made (a connect timeout, on loopback).

It is asyncio, one thread: a thousand slow answers cost a thousand sleeping coroutines, not a
thousand threads fighting over the interpreter lock, so the benchmark measures Larder.
"""
import argparse, asyncio, gzip, json, os, socket, struct, sys, time, zlib
from urllib.parse import urlsplit, parse_qs, unquote

ARGS = None
HITS = {}          # path -> how many times it was asked for (for /fault/flaky)
EDITIONS = {}      # name -> edition of /edited/<name>
RELEASES = {}      # name -> the event /fault/release/<name> sets (for /fault/held/<name>)
POLITENESS = {"in_flight": 0, "max_in_flight": 0, "hosts": {}, "requests": 0,   # see /politeness
              "first_arrival": None, "last_departure": None, "busy_seconds": 0.0, "answers": []}
REQUESTS = []      # {"host", "path", "headers"} of every request (see /requests)
FILE_TYPES = {".html": "text/html; charset=utf-8", ".json": "application/json", ".xml": "application/xml",
              ".gz": "application/gzip", ".txt": "text/plain", ".jpg": "image/jpeg",
              ".jpeg": "image/jpeg", ".png": "image/png", ".webp": "image/webp"}
REASONS = {200: "OK", 302: "Found", 304: "Not Modified", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
           410: "Gone", 429: "Too Many Requests", 500: "Internal Server Error", 503: "Service Unavailable"}


class Hangup(Exception):
    """The answer ended the connection on purpose."""


def png(seed, width=1, height=1):
    """A PNG of one colour that depends on `seed`: real image bytes, distinct per name."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = bytes([0]) + zlib.crc32(seed.encode()).to_bytes(4, "big")[:3] * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def recipe_page(name, host, images=(), path="/recipe/", edition=None):
    title = name.replace("-", " ").title()
    recipe = {
        "@context": "https://schema.org", "@type": "Recipe", "name": title,
        "recipeYield": "4 servings", "totalTime": "PT30M",
        "recipeIngredient": ["2 cups flour", "1 tsp salt", "3 eggs, beaten", f"{len(name)} g butter"],
        "recipeInstructions": [{"@type": "HowToStep", "text": f"Mix everything for {title}."},
                               {"@type": "HowToStep", "text": "Bake for 25 minutes."}],
    }
    if images:
        recipe["image"] = list(images)
    if edition is not None:
        recipe["description"] = f"Edition {edition} of this recipe."
        recipe["recipeIngredient"].append(f"{edition} tbsp honey")
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title>"
            f"<link rel='canonical' href='http://{host}{path}{name}'>"
            f"<script type='application/ld+json'>{json.dumps(recipe)}</script></head>"
            f"<body><h1>{title}</h1></body></html>").encode()


def mealdb_file(call, query):
    """Maps an API call onto the fixture folder's layout (see ../shared/fixtures/mealdb/README.md)."""
    arg = lambda k: query.get(k, [None])[0]
    if call == "search.php" and arg("s") is not None: return f"search/s/{arg('s')}.json"
    if call == "search.php" and arg("f") is not None: return f"search/f/{arg('f').lower()}.json"
    if call == "lookup.php": return f"lookup/{arg('i')}.json"
    if call == "random.php":  # the files of random/ in turn, as the API gives a new meal each call
        HITS["random.php"] = HITS.get("random.php", 0) + 1
        folder = os.path.join(ARGS.mealdb, "random")
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json")) if os.path.isdir(folder) else []
        return f"random/{names[(HITS['random.php'] - 1) % len(names)]}" if names else "random/example.json"
    if call == "categories.php": return "categories.json"
    if call == "list.php":
        for key, name in (("c", "categories"), ("a", "areas"), ("i", "ingredients")):
            if arg(key) == "list": return f"list-{name}.json"
    if call == "filter.php":
        for key in ("c", "a", "i"):
            if arg(key) is not None: return f"filter/{key}/{arg(key).replace(' ', '_')}.json"
    return None


def answer(status, body=b"", content_type="text/html; charset=utf-8", headers=(), length=None):
    lines = [f"HTTP/1.1 {status} {REASONS.get(status, 'Status')}", f"Content-Type: {content_type}",
             f"Content-Length: {len(body) if length is None else length}"]
    lines += [f"{name}: {value}" for name, value in headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


async def route(method, target, headers, writer):
    """Returns the bytes to send, or writes them itself and raises Hangup."""
    if ARGS.latency:
        await asyncio.sleep(ARGS.latency)
    parts = urlsplit(target)
    path, query = unquote(parts.path), parse_qs(parts.query, keep_blank_values=True)
    host = headers.get("host", "127.0.0.1")
    if path == "/robots.txt" and ARGS.robots:
        return robots(host.rsplit(":", 1)[0])
    if path.startswith("/recipe/"):
        page = recipe_page(path[len("/recipe/"):], host, query.get("image", []))
        etag = '"%08x"' % zlib.crc32(page)
        if headers.get("if-none-match") == etag:
            return answer(304, headers=[("ETag", etag)])
        return answer(200, page, headers=[("ETag", etag)])
    if path.startswith("/edited/"):
        name = path[len("/edited/"):]
        HITS[path.lstrip("/")] = HITS.get(path.lstrip("/"), 0) + 1
        page = recipe_page(name, host, path="/edited/", edition=EDITIONS.get(name, 1))
        etag = '"%08x"' % zlib.crc32(page)
        if headers.get("if-none-match") == etag:
            return answer(304, headers=[("ETag", etag)])
        return answer(200, page, headers=[("ETag", etag)])
    if path.startswith("/edit/"):
        name = path[len("/edit/"):]
        EDITIONS[name] = EDITIONS.get(name, 1) + 1
        return answer(200, str(EDITIONS[name]).encode(), "text/plain")
    if path.startswith("/image/"):
        key = path.lstrip("/")
        HITS[key] = HITS.get(key, 0) + 1
        return answer(200, png(path), "image/png")
    if path.startswith("/photo/"):
        return answer(200, png(path, 96, 64), "image/png")
    if path.startswith("/api/json/") and ARGS.mealdb:
        relative = mealdb_file(path.rsplit("/", 1)[-1], query)
        file = os.path.join(ARGS.mealdb, relative) if relative else None
        if file and ".." not in relative and os.path.isfile(file):
            with open(file, "rb") as handle:
                return answer(200, handle.read(), "application/json")
        if relative:  # what the API answers when nothing matches
            return answer(200, b'{"meals":null}', "application/json")
        return answer(404, b"unknown call", "text/plain")
    if path.startswith("/files/") and ARGS.files:
        relative = path[len("/files/"):]
        file = os.path.join(ARGS.files, relative)
        if ".." not in relative.split("/") and os.path.isfile(file):
            with open(file, "rb") as handle:
                return answer(200, handle.read(), FILE_TYPES.get(os.path.splitext(file)[1].lower(), "application/octet-stream"))
        return answer(404, b"<h1>Not Found</h1>")
    if path.startswith("/page/") and ARGS.pages:
        case = path[len("/page/"):]
        file = os.path.join(ARGS.pages, case, "page.html.gz")
        if case and "/" not in case and ".." not in case and os.path.isfile(file):
            with open(file, "rb") as handle:
                compressed = handle.read()
            if "gzip" in headers.get("accept-encoding", ""):
                return answer(200, compressed, headers=[("Content-Encoding", "gzip")])
            return answer(200, gzip.decompress(compressed))
        return answer(404, b"<h1>Not Found</h1>")
    if path.startswith("/fault/"):
        return await fault(path[len("/fault/"):].split("/"), query, host, writer)
    return answer(404, b"<h1>Not Found</h1>")


BOMB = []


def gzip_bomb():
    """4 MB of zeros gzip-compressed (a thousand times smaller), made once."""
    if not BOMB:
        packer = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: a gzip header and trailer
        BOMB.append(packer.compress(bytes(4 << 20)) + packer.flush())
    return BOMB[0]


def robots(host):
    """The host's robots.txt from the --robots folder (see the module's doc)."""
    base = os.path.join(ARGS.robots, host)
    if os.path.isfile(base + ".status"):
        with open(base + ".status") as handle:
            return answer(int(handle.read().strip()), b"<h1>robots.txt</h1>")
    if os.path.isfile(base + ".redirect"):
        with open(base + ".redirect") as handle:
            return answer(302, headers=[("Location", handle.read().strip())])
    for name in (base + ".txt", os.path.join(ARGS.robots, "default.txt")):
        if os.path.isfile(name):
            with open(name, "rb") as handle:
                return answer(200, handle.read(), "text/plain")
    return answer(404, b"<h1>Not Found</h1>")


async def fault(parts, query, host, writer):
    kind = parts[0]
    retry_after = [("Retry-After", query["retry-after"][0])] if "retry-after" in query else []
    if kind == "status":            # /fault/status/<code>: that status, every time
        return answer(int(parts[1]), f"<h1>{parts[1]}</h1>".encode(), headers=retry_after)
    if kind == "flaky":             # /fault/flaky/<code>/<n>/<id>: <code> n times, then a recipe
        key = "/".join(parts)
        HITS[key] = HITS.get(key, 0) + 1
        if HITS[key] <= int(parts[2]):
            return answer(int(parts[1]), b"<h1>try again</h1>", headers=retry_after)
        return answer(200, recipe_page("flaky-" + parts[3], host))
    if kind == "hits":              # /fault/hits/<fault path>: how often it was asked for
        return answer(200, str(HITS.get("/".join(parts[1:]), 0)).encode(), "text/plain")
    if kind == "hang":              # reads the request, never answers (counted for /fault/hits)
        key = "/".join(parts)
        HITS[key] = HITS.get(key, 0) + 1
        await asyncio.sleep(3600)
        raise Hangup()
    if kind == "held":              # /fault/held/<name>: a recipe, once /fault/release/<name> was asked for
        await RELEASES.setdefault(parts[1], asyncio.Event()).wait()
        return answer(200, recipe_page("held-" + parts[1], host))
    if kind == "release":           # lets every request for /fault/held/<name> have its answer
        RELEASES.setdefault(parts[1], asyncio.Event()).set()
        return answer(200, b"released", "text/plain")
    if kind == "reset":             # closes with a TCP reset
        sock = writer.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        writer.transport.abort()
        raise Hangup()
    if kind in ("reset-in-headers", "reset-in-body"):   # part of the answer, then a TCP reset
        if kind == "reset-in-headers":
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n")
        else:
            writer.write(answer(200, b"<html>" + b"x" * 2994, length=10000))
        await writer.drain()
        await asyncio.sleep(0.2)  # the client reads what was sent before the reset arrives
        sock = writer.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        writer.transport.abort()
        raise Hangup()
    if kind == "empty":             # closes without sending a byte
        raise Hangup()
    if kind == "slow-headers":      # the status line and headers at 4 bytes a second
        head = answer(200, b"<html></html>", headers=[("X-Padding", "a" * 400)])
        for byte in head:
            writer.write(bytes([byte]))
            await writer.drain()
            await asyncio.sleep(0.25)
        raise Hangup()
    if kind == "slow-body":         # headers at once, then the body at 4 bytes a second
        writer.write(answer(200, b"", length=10000))
        for _ in range(10000):
            writer.write(b"x")
            await writer.drain()
            await asyncio.sleep(0.25)
        raise Hangup()
    if kind == "not-http":          # bytes of another protocol
        writer.write(b"SSH-2.0-OpenSSH_9.2\r\n\x00\x01\x02 not an answer\r\n\r\n")
        await writer.drain()
        raise Hangup()
    if kind == "huge-headers":      # one 200 KB header line; /fault/huge-headers/many: 400 of 1 KB
        if len(parts) > 1:
            return answer(200, b"<html></html>", headers=[(f"X-Padding-{n}", "a" * 1024) for n in range(400)])
        return answer(200, b"<html></html>", headers=[("X-Padding", "a" * 200_000)])
    if kind == "bad-chunks":        # a chunked body whose chunk size is not hexadecimal
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n<html>\r\n")
        await writer.drain()
        raise Hangup()
    if kind == "bad-gzip":          # says gzip, is not
        return answer(200, b"this is not gzip data", headers=[("Content-Encoding", "gzip")])
    if kind == "half":              # promises 10000 bytes, sends 5000, closes
        writer.write(answer(200, b"<html>" + b"x" * 4994, length=10000))
        await writer.drain()
        raise Hangup()
    if kind == "huge":              # 100 MB; /fault/huge/unannounced sends no Content-Length
        head = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
        head += f"Content-Length: {100 * 1024 * 1024}\r\n\r\n" if len(parts) < 2 else "Connection: close\r\n\r\n"
        writer.write(head.encode())
        chunk = b"<p>" + b"a" * 65533
        for _ in range(1600):
            writer.write(chunk)
            await writer.drain()
        raise Hangup()
    if kind == "loop":              # /fault/loop/a <-> /fault/loop/b
        return answer(302, headers=[("Location", "/fault/loop/b" if parts[1] == "a" else "/fault/loop/a")])
    if kind == "redirect":          # /fault/redirect?to=URL
        return answer(302, headers=[("Location", query["to"][0])])
    if kind == "gzip-bomb":         # 4 MB of zeros, gzip-encoded: about 4 KB on the wire
        return answer(200, gzip_bomb(), headers=[("Content-Encoding", "gzip")])
    if kind == "gzip-truncated":    # a recipe page gzip-encoded, its last half cut off
        whole = gzip.compress(recipe_page("truncated-" + parts[1], host))
        return answer(200, whole[:len(whole) // 2], headers=[("Content-Encoding", "gzip")])
    if kind == "gzip":              # a recipe page sent gzip-encoded
        return answer(200, gzip.compress(recipe_page("gzipped-" + parts[1], host)), headers=[("Content-Encoding", "gzip")])
    if kind == "wrong-charset":     # UTF-8 bytes and <meta charset=utf-8>, header claims Latin-1
        page = recipe_page("creme-brulee", host).replace(b"Creme Brulee", "Crème Brûlée".encode())
        return answer(200, page, "text/html; charset=iso-8859-1")
    if kind == "charset":           # /fault/charset/<header>/<meta>: UTF-8 bytes, the header and <meta charset> claiming those
        page = recipe_page("creme-brulee", host).replace(b"Creme Brulee", "Crème Brûlée — très bon".encode())
        page = page.replace(b"<meta charset='utf-8'>", f"<meta charset='{parts[2]}'>".encode())
        return answer(200, page, f"text/html; charset={parts[1]}")
    if kind == "json":              # JSON where a page was expected: a recipe, or not
        if parts[1] == "recipe":
            body = json.dumps({"@context": "https://schema.org", "@type": "Recipe", "name": "Json Soup",
                               "recipeIngredient": ["1 l water"], "recipeInstructions": "Boil."}).encode()
        else:
            body = b'{"status": "ok", "items": []}'
        return answer(200, body, "application/json")
    return answer(404, b"unknown fault")


async def serve(reader, writer):
    """HTTP/1.1 with keep-alive: requests on one connection are answered in turn."""
    try:
        while True:
            request_line = await reader.readline()
            if not request_line:
                break
            method, target, _ = request_line.decode("latin-1").split(" ", 2)
            headers = {}
            while True:
                line = await reader.readline()
                if line in (b"\r\n", b"\n", b""):
                    break
                name, _, value = line.decode("latin-1").partition(":")
                headers[name.strip().lower()] = value.strip()
            if target == "/requests":
                writer.write(answer(200, json.dumps(REQUESTS).encode(), "application/json"))
            elif target in ("/politeness", "/politeness?reset"):
                writer.write(answer(200, json.dumps(POLITENESS).encode(), "application/json"))
                if target.endswith("?reset"):
                    POLITENESS.update(in_flight=0, max_in_flight=0, hosts={}, requests=0, first_arrival=None,
                                      last_departure=None, busy_seconds=0.0, answers=[])
            else:
                REQUESTS.append({"host": headers.get("host", "?").rsplit(":", 1)[0], "path": target, "headers": headers})
                with politeness_watched(headers.get("host", "?").rsplit(":", 1)[0]):
                    writer.write(await route(method, target, headers, writer))
            await writer.drain()
            if headers.get("connection", "").lower() == "close":
                break
    except (Hangup, ConnectionError, ValueError, asyncio.IncompleteReadError):
        pass
    finally:
        writer.close()


class politeness_watched:
    """Counts a request as being answered while it is, per host and in all."""
    def __init__(self, host):
        POLITENESS["requests"] += 1
        self.host = POLITENESS["hosts"].setdefault(host, {"in_flight": 0, "max_in_flight": 0, "requests": 0,
                                                          "first_request": POLITENESS["requests"],
                                                          "shortest_gap": None, "last_arrival": None})

    def __enter__(self):
        now = asyncio.get_running_loop().time()
        self.arrival = time.time()
        if POLITENESS["first_arrival"] is None:
            POLITENESS["first_arrival"] = self.arrival
        host = self.host
        if host["last_arrival"] is not None:
            gap = now - host["last_arrival"]
            host["shortest_gap"] = gap if host["shortest_gap"] is None else min(host["shortest_gap"], gap)
        host["last_arrival"] = now
        host["requests"] += 1
        for counter in (host, POLITENESS):
            counter["in_flight"] += 1
            counter["max_in_flight"] = max(counter["max_in_flight"], counter["in_flight"])

    def __exit__(self, *_):
        for counter in (self.host, POLITENESS):
            counter["in_flight"] -= 1
        POLITENESS["last_departure"] = time.time()
        POLITENESS["busy_seconds"] += POLITENESS["last_departure"] - self.arrival
        POLITENESS["answers"].append([self.arrival, POLITENESS["last_departure"]])


def unaccepting_socket():
    """A listening socket that never accepts, its queue filled by our own connections: Linux
    then drops the SYNs of any further connection, which waits until its connect timeout."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    fillers = []
    for _ in range(3):
        filler = socket.socket()
        filler.setblocking(False)
        try:
            filler.connect(listener.getsockname())
        except BlockingIOError:
            pass
        fillers.append(filler)
    return listener, fillers


async def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mealdb", help="folder in TheMealDB's URL layout")
    parser.add_argument("--files", help="folder whose files /files/<path> serves")
    parser.add_argument("--pages", help="folder of <case>/page.html.gz that /page/<case> serves")
    parser.add_argument("--robots", help="folder of robots.txt answers per host that /robots.txt serves")
    parser.add_argument("--hosts", type=int, default=1, help="bind 127.0.0.1 .. 127.0.0.N")
    parser.add_argument("--latency", type=float, default=0, help="seconds before every answer")
    parser.add_argument("--until-stdin-closes", action="store_true", help="stop when standard input reaches its end")
    ARGS = parser.parse_args()
    first = await asyncio.start_server(serve, "127.0.0.1", 0, backlog=1024)
    port = first.sockets[0].getsockname()[1]
    for n in range(2, ARGS.hosts + 1):
        await asyncio.start_server(serve, f"127.0.0.{n}", port, backlog=1024)
    unaccepting, fillers = unaccepting_socket()
    print(json.dumps({"port": port, "unaccepting_port": unaccepting.getsockname()[1]}), flush=True)
    if ARGS.until_stdin_closes:
        # The parent holds our stdin open; when it exits, however it exits, we read EOF and stop.
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.buffer.read)
    else:
        await asyncio.Event().wait()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass

#!/usr/bin/env bash
# Usage: Benchmarks/pdf-book.sh [RECIPES]   (default: 1000)
#
# How long the PDF cookbook of a whole library takes, and how much memory: builds two libraries
# from the saved web pages of the scrape corpus and the bundled Samples, then times
# `larder export --format pdf` (release build) on each with /usr/bin/time and prints wall time,
# CPU time (user + system, the engine's processes included), peak memory (the largest single
# process) and the pages per recipe (recipe pages, between the contents and the index):
#
# - "small": Samples + 30 corpus pages (every 28th case), 43 recipes: under 3 s.
# - "library": RECIPES recipes: every corpus page and Samples, and, past those, copies of them
#   with other titles and addresses; every fourth recipe with a picture of its own (generated,
#   900x600, 700x700, 640x800 or 960x540 PNG, served on 127.0.0.1 and stored in the library by
#   `import --images`; Typst keeps each decoded while it lays out, 1.6 MB for 900x600). At most 20 s and 500 MB for 1,000 recipes on 2 cores.
#
# REUSE=1 keeps the libraries of the last run (.build/pdf-book/small and library) and only
# times the exports again. BASELINE=/path/to/an/older/larder also exports the small library with that binary (its own
# engine: WeasyPrint for the builds before Typst), for a ratio on the same machine.
# Leaves the PDFs in .build/pdf-book/ to look at (pdftoppm -png -r 50 small.pdf page).
# Needs Typst for python3 and poppler-utils (make setup installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-1000}"
cases=../shared/corpus/scrape/cases
out=.build/pdf-book
swift build -c release --static-swift-stdlib --product larder >/dev/null
larder=$(swift build -c release --static-swift-stdlib --show-bin-path)/larder
if [ -n "${REUSE:-}" ] && [ -d "$out/library" ] && [ -d "$out/small" ]; then
  skip=1
else
  skip=
  rm -rf "$out" && mkdir -p "$out/pages" "$out/small-pages" "$out/photos"
fi
if [ -z "$skip" ]; then

# The pages, unpacked; the small book's are every 28th.
number=0
for case in $(ls "$cases"); do
  gunzip -c "$cases/$case/page.html.gz" > "$out/pages/$case.html"
  if [ $(( number % 28 )) -eq 0 ] && [ "$(ls "$out/small-pages" | wc -l)" -lt 30 ]; then
    cp "$out/pages/$case.html" "$out/small-pages/"
  fi
  number=$(( number + 1 ))
done
"$larder" import Samples "$out/small-pages" --library "$out/small" >/dev/null 2>&1 || true

# The library's recipes as files, copied up to COUNT, every fourth pointing at a photo.
"$larder" import Samples "$out/pages" --library "$out/read" >/dev/null 2>&1 || true
"$larder" export --library "$out/read" --format json --output "$out/recipes" >/dev/null 2>&1
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 - "$out/recipes/recipes" "$out/photos" "$count" "$port" <<'PY'
import glob, json, os, struct, sys, zlib
recipes, photos, count, port = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
def png(width, height, seed):
    # A gradient that differs by seed (each picture its own bytes: Typst would decode a
    # picture used twice once). Rows are slices of one long pattern, so this is quick.
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    pattern = bytes((x * 7 + seed * 31 + (x * seed) % 13) % 256 for x in range(3 * (width + height)))
    rows = b"".join(b"\0" + pattern[3 * y:3 * (y + width)] for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))
sizes = [(900, 600), (700, 700), (640, 800), (960, 540)]
for number in range(0, count, 4):
    width, height = sizes[(number // 4) % len(sizes)]
    with open(os.path.join(photos, "photo-%d.png" % number), "wb") as file:
        file.write(png(width, height, number))
files = sorted(glob.glob(os.path.join(recipes, "*.json")))
originals = []
for path in files:
    with open(path) as file:
        originals.append(json.load(file))
    os.remove(path)
made = []
for number in range(count):
    recipe = dict(originals[number % len(originals)])
    copy = number // len(originals)
    if copy:
        recipe["id"] = "%s-copy-%d" % (recipe["id"], copy)
        recipe["title"] = "%s (%d)" % (recipe["title"], copy + 1)
        provenance = dict(recipe.get("provenance", {}))
        provenance["sourceURL"] = "https://copies.example/%d/%s" % (copy, recipe["id"])
        recipe["provenance"] = provenance
    recipe["images"] = [{"url": "http://127.0.0.1:%s/photo-%d.png" % (port, number)}] if number % 4 == 0 else []
    with open(os.path.join(recipes, "%05d.json" % number), "w") as file:
        json.dump(recipe, file)
PY
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/photos" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null' EXIT
sleep 1
rm -f "$out/recipes/manifest.jsonl"
XDG_CACHE_HOME="$out/cache" "$larder" import "$out/recipes/recipes" --library "$out/library" --images >/dev/null 2>&1 || true
kill "$server" 2>/dev/null || true
fi

measure() {  # name binary library
  local name=$1 binary=$2 library=$3
  /usr/bin/time -f "%e %U %S %M" -o "$out/$name.time" "$binary" export --library "$library" --format pdf --output "$out/$name.pdf" \
    --title "$name" >"$out/$name.log" 2>&1
  python3 - "$name" "$out/$name.pdf" "$out/$name.time" <<'PY'
import re, subprocess, sys
name, pdf, timing = sys.argv[1:4]
wall, user, system, rss = open(timing).read().split()[-4:]
pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout).group(1))
entries = []
text = subprocess.run(["pdftotext", "-f", "2", "-l", str(min(pages, 60)), pdf, "-"], capture_output=True, text=True).stdout
for line in text.splitlines():
    match = re.match(r"(.+?)\s*(?:\.\s*){3,}(\d+)$", line.strip())
    if match:
        entries.append((match.group(1), int(match.group(2))))
index = dict(entries).get("Index", pages)
starts = [page for title, page in entries if title != "Index"]
recipe_pages = index - min(starts)
# The title page says how many; a title that wraps in the contents is not read back there.
recipes = int(re.search(r"(\d+) recipes", subprocess.run(["pdftotext", "-l", "1", pdf, "-"], capture_output=True, text=True).stdout).group(1))
pictures = subprocess.run(["pdfimages", "-list", pdf], capture_output=True, text=True).stdout.count("\n") - 2
print("%-8s %4d recipes, %4d pages (%.2f pages per recipe), %3d pictures: wall %6.1f s, cpu %6.1f s, peak %4d MB"
      % (name, recipes, pages, recipe_pages / recipes, pictures, float(wall), float(user) + float(system), int(rss) // 1024))
PY
}

uptime
measure small "$larder" "$out/small"
measure library "$larder" "$out/library"
if [ -n "${BASELINE:-}" ]; then
  measure baseline "$BASELINE" "$out/small"
fi

#!/usr/bin/env bash
# Prints how many pages the PDF cookbook takes: the bundled Samples, and a book of N saved web
# pages of the scrape corpus (every K-th case, for variety of sites), with the pages per recipe
# besides the title page, contents and index. The layout goal is at most 1.3 pages per recipe.
#
#   Benchmarks/pdf-pages.sh [CASES_DIR] [N]      (default: ../shared/corpus/scrape/cases, 40)
#
# A third book is the 40 with a picture each (see below).
#
# Needs Typst for python3 and poppler-utils (make setup installs them). Benchmarks/pdf-book.sh
# times the PDF of a whole library. Leaves the PDFs in
# .build/pdf-pages/ to look at (pdftoppm -png -r 50 book.pdf page).
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-../shared/corpus/scrape/cases}"
count="${2:-40}"
out=.build/pdf-pages
swift build --product larder >/dev/null
larder=.build/debug/larder
rm -rf "$out" && mkdir -p "$out/pages"

"$larder" import Samples --library "$out/samples" >/dev/null || true
"$larder" export --library "$out/samples" --format pdf --output "$out/samples.pdf" --title "Larder Samples" >/dev/null

total=$(ls "$cases" | wc -l)
step=$(( total / count > 0 ? total / count : 1 ))
for case in $(ls "$cases" | awk -v step="$step" 'NR % step == 1' | head -n "$count"); do
  gunzip -c "$cases/$case/page.html.gz" > "$out/pages/$case.html"
done
"$larder" import "$out/pages" --library "$out/corpus" >/dev/null || true
"$larder" export --library "$out/corpus" --format pdf --output "$out/corpus.pdf" --title "Corpus" >/dev/null

# The same recipes with a picture each: their own pictures are web addresses that cannot be
# fetched here, so each points at one of four generated photos (3:2, square, 4:5, 16:9) served
# on 127.0.0.1, and `convert --images` downloads them for the book.
"$larder" export --library "$out/corpus" --format json --output "$out/pictured" >/dev/null
mkdir -p "$out/photos"
python3 - "$out/photos" "$out/pictured/recipes" <<'PY'
import glob, json, os, struct, sys, zlib
photos, recipes = sys.argv[1:3]
def png(width, height, seed):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + bytes((x * 255 // width + seed * 60) % 256 for x in range(width) for _ in range(3)) for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
sizes = [(900, 600), (700, 700), (640, 800), (960, 540)]
for number, (width, height) in enumerate(sizes):
    with open(os.path.join(photos, f"photo-{number}.png"), "wb") as file:
        file.write(png(width, height, number))
for number, path in enumerate(sorted(glob.glob(os.path.join(recipes, "*.json")))):
    with open(path) as file:
        recipe = json.load(file)
    recipe["images"] = [{"url": f"PHOTOS/photo-{number % len(sizes)}.png"}]
    with open(path, "w") as file:
        json.dump(recipe, file)
PY
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/photos" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null' EXIT
sleep 1
sed -i "s#PHOTOS/#http://127.0.0.1:$port/#" "$out"/pictured/recipes/*.json
rm "$out/pictured/manifest.jsonl"  # the recipes alone: convert reads them as recipe files
XDG_CACHE_HOME="$out/cache" "$larder" convert "$out/pictured" --format pdf --output "$out/pictured.pdf" --title "Corpus" --images >/dev/null

python3 - "$out/samples.pdf" "$out/corpus.pdf" "$out/pictured.pdf" <<'PY'
import re, subprocess, sys
for pdf in sys.argv[1:]:
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout).group(1))
    entries = []
    for page in range(2, 6):  # the contents follow the title page
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), pdf, "-"], capture_output=True, text=True).stdout
        for line in text.splitlines():
            match = re.match(r"(.+?)\s*(?:\.\s*){3,}(\d+)$", line.strip())
            if match:
                entries.append((match.group(1), int(match.group(2))))
    index = dict(entries).get("Index", pages)
    starts = [number for title, number in entries if title != "Index"]
    first = min(starts)
    recipe_pages = index - first
    print(f"{pdf}: {len(starts)} recipes on {pages} pages: title page and contents {first - 1}, "
          f"recipes {recipe_pages} ({recipe_pages / len(starts):.2f} per recipe), index {pages - index + 1}, "
          f"pictures {subprocess.run(['pdfimages', '-list', pdf], capture_output=True, text=True).stdout.count(chr(10)) - 2}")
PY

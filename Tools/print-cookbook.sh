#!/usr/bin/env bash
# Prints the sample library's cookbook the way a person would — headless Chromium's print to
# PDF — and checks the PDF: every recipe starts on a page of its own and every entry of the
# contents is a working link. Leaves book.html, book.pdf, screen.png and page-NN.png in OUT_DIR
# to look at.
#
#   Tools/print-cookbook.sh [OUT_DIR] [--page-size a4|letter]
#
# Needs chromium and poppler-utils (Debian: apt-get install chromium poppler-utils).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/print-cookbook}"
shift || true
for tool in chromium pdfinfo pdftoppm; do
  command -v "$tool" >/dev/null || { echo "print-cookbook: needs $tool (apt-get install chromium poppler-utils)" >&2; exit 2; }
done

swift build --product larder >/dev/null
rm -rf "$out" && mkdir -p "$out"
larder=.build/debug/larder
"$larder" import Samples --library "$out/library" >/dev/null || true
"$larder" export --library "$out/library" --format cookbook --output "$out/book.html" --title "Larder Samples" "$@" >/dev/null

page="file://$(cd "$out" && pwd)/book.html"
chrome=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars)
"${chrome[@]}" --no-pdf-header-footer --print-to-pdf="$out/book.pdf" "$page" 2>/dev/null
"${chrome[@]}" --window-size=1100,1400 --screenshot="$out/screen.png" "$page" 2>/dev/null
pdftoppm -r 50 -png "$out/book.pdf" "$out/page"

python3 - "$out" <<'PY'
import re, subprocess, sys
out = sys.argv[1]
html = open(f"{out}/book.html", encoding="utf-8").read()
recipes = re.findall(r'<article class="recipe[^"]*" id="([^"]+)"', html)
links = re.findall(r'<li class="contents-entry"><a href="#([^"]+)"', html)
dests = {}
for line in subprocess.run(["pdfinfo", "-dests", f"{out}/book.pdf"], capture_output=True, text=True, check=True).stdout.splitlines():
    match = re.match(r'\s*(\d+)\s+\[.*\]\s+"(.*)"$', line)
    if match:
        dests[match.group(2)] = int(match.group(1))
pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", f"{out}/book.pdf"], capture_output=True, text=True).stdout).group(1))
problems = []
if links != recipes:
    problems.append("the contents do not list the recipes in book order")
missing = [r for r in recipes if r not in dests]
if missing:
    problems.append(f"no PDF link target for: {', '.join(missing)}")
starts = [dests[r] for r in recipes if r in dests]
if len(set(starts)) != len(starts) or starts != sorted(starts):
    problems.append(f"recipes do not each start a page of their own: {starts}")
if starts and starts[0] < 3:
    problems.append("the first recipe does not follow the title page and the contents")
print(f"{len(recipes)} recipes on {pages} pages; recipes start on pages {starts}")
print(f"look at: {out}/book.pdf, {out}/page-*.png, {out}/screen.png")
if problems:
    print("PROBLEMS:\n  " + "\n  ".join(problems))
    sys.exit(1)
print("ok: one recipe per page, every contents entry links to its recipe")
PY

#!/usr/bin/env bash
# Prints how many pages the PDF cookbook takes: the bundled Samples, and a book of N saved web
# pages of the scrape corpus (every K-th case, for variety of sites), with the pages per recipe
# besides the title page, contents and index. The layout goal is at most 1.3 pages per recipe.
#
#   Benchmarks/pdf-pages.sh [CASES_DIR] [N]      (default: ../shared/corpus/scrape/cases, 40)
#
# Needs weasyprint and poppler-utils (make setup installs them). Leaves the PDFs in
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

python3 - "$out/samples.pdf" "$out/corpus.pdf" <<'PY'
import re, subprocess, sys
for pdf in sys.argv[1:]:
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout).group(1))
    entries = []
    for page in range(2, 6):  # the contents follow the title page
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), pdf, "-"], capture_output=True, text=True).stdout
        for line in text.splitlines():
            match = re.match(r"(.+?)\s*\.{2,}\s*(\d+)$", line.strip())
            if match:
                entries.append((match.group(1), int(match.group(2))))
    index = dict(entries).get("Index", pages)
    starts = [number for title, number in entries if title != "Index"]
    first = min(starts)
    recipe_pages = index - first
    print(f"{pdf}: {len(starts)} recipes on {pages} pages: title page and contents {first - 1}, "
          f"recipes {recipe_pages} ({recipe_pages / len(starts):.2f} per recipe), index {pages - index + 1}")
PY

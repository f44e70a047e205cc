#!/usr/bin/env bash
# Usage: Benchmarks/library-index.sh [COUNT]   (default 100000; WORK=DIR keeps the files there)
# Generates COUNT varied recipes (Benchmarks/LibraryGenerator), imports them with `larder import`
# (release build), then times, with peak memory from /usr/bin/time:
#   - `list --search WORD` right after the import (the first run) and again, `list --search` of
#     two words, `list --json --cuisine`, `show ID`, `show ID --json`, `stats`;
#   - a cold rebuild: the index deleted, then `list --search WORD` (builds it from the files);
#   - a stale index: a recipe file added by hand, then `list --search WORD` (reconciles).
# Floors (issue 24): list and show under 100 ms each, the cold rebuild under 30 s, every command
# under 150 MB. Prints one line per measurement and FAIL lines for floors not met (exit 1).
set -euo pipefail
count=${1:-100000}
cd "$(dirname "$0")/.."
swift build -c release --product larder >&2
swift build -c release --product library-generator >&2
bin=$(swift build -c release --show-bin-path)
larder="$bin/larder"
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${WORK:-}" ] || trap 'rm -rf "$work"' EXIT
rm -rf "$work/inputs" "$work/library"
failures=0

# measure LABEL LIMIT_MS COMMAND...: wall time in ms and peak memory in MB, checked against the floors.
measure() {
  local label=$1 limit_ms=$2; shift 2
  local start end ms mb
  start=$(date +%s%N)
  /usr/bin/time -f %M -o "$work/rss" "$@" > "$work/out.txt" 2> "$work/err.txt"
  end=$(date +%s%N)
  ms=$(( (end - start) / 1000000 ))
  mb=$(( $(tail -1 "$work/rss") / 1024 ))
  printf '%-44s %8d ms %6d MB  (%s lines out)\n' "$label" "$ms" "$mb" "$(wc -l < "$work/out.txt")"
  if [ "$limit_ms" -gt 0 ] && [ "$ms" -ge "$limit_ms" ]; then echo "FAIL: $label took $ms ms (floor $limit_ms ms)"; failures=$((failures + 1)); fi
  if [ "$mb" -ge 150 ]; then echo "FAIL: $label used $mb MB (floor 150 MB)"; failures=$((failures + 1)); fi
}

measure "generate $count recipes" 0 "$bin/library-generator" "$count" "$work/inputs"
measure "import $count recipes" 0 "$larder" import "$work/inputs" --library "$work/library"
grep -E "^Import" "$work/out.txt" || true
library=(--library "$work/library")

measure "list --search chickpea (first after import)" 100 "$larder" list "${library[@]}" --search chickpea
measure "list --search chickpea (again)" 100 "$larder" list "${library[@]}" --search chickpea
measure "list --search 'smoky lentil'" 100 "$larder" list "${library[@]}" --search "smoky lentil"
measure "list --search saffron --cuisine persian" 100 "$larder" list "${library[@]}" --search saffron --cuisine persian
measure "list --json --cuisine georgian" 100 "$larder" list "${library[@]}" --json --cuisine georgian
id=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[-1]["id"])' "$work/out.txt")
measure "show $id" 100 "$larder" show "${library[@]}" "$id"
measure "show --json" 100 "$larder" show "${library[@]}" --json "$id"
measure "stats" 0 "$larder" stats "${library[@]}"
measure "list (all $count)" 0 "$larder" list "${library[@]}"

rm -f "$work/library/.larder/index.sqlite"*
measure "cold rebuild: index deleted, list --search" 30000 "$larder" list "${library[@]}" --search chickpea
grep -h "^note:" "$work/err.txt" || true
measure "list --search chickpea (after the rebuild)" 100 "$larder" list "${library[@]}" --search chickpea

first=$(ls "$work/library/recipes" | sed -n 1p)
sed 's/"title" : "/"title" : "Handmade /' "$work/library/recipes/$first" | sed "s/\"id\" : \"${first%.json}\"/\"id\" : \"handmade-copy\"/" \
  > "$work/library/recipes/handmade-copy.json"
measure "stale: a file added by hand, list --search" 0 "$larder" list "${library[@]}" --search handmade
grep -h "^note:" "$work/err.txt" || true
du -sh "$work/library/recipes" "$work/library/.larder/index.sqlite" | sed 's/^/size: /'
[ "$failures" -eq 0 ] || { echo "$failures floor(s) not met"; exit 1; }
echo "all floors met"

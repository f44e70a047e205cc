#!/usr/bin/env bash
# Usage: Benchmarks/export-fidelity.sh [RECIPES] [BASELINE_LARDER]   (default: 10000 recipes)
# What reading every export back costs. Generates RECIPES varied recipes
# (Benchmarks/LibraryGenerator), imports them into a library, then exports that library to a
# json folder (through the pipeline: each recipe's JSON decoded again and compared), markdown,
# jsonld and cooklang with this tree's release build and, when BASELINE_LARDER is given (a
# release build of the tree before, whose exports write the same files without reading them
# back), with that binary too: the two in turn, A B A B, RUNS pairs (default 3), each export into
# a new folder. Prints each run's wall and CPU seconds and peak memory, and per format the median
# of the pairs' ratios (this tree / baseline) of wall and CPU time.
# WORK=DIR keeps the inputs and the library there (REUSE=1 reuses them).
#
# Figures (2026-11-28, 10,000 recipes, 2 cores shared with other builds, load 3-6, release
# builds; baseline: main at fa8bf5a, before exports were read back): see the commit that adds
# this script, and the issue 30 report.
set -euo pipefail
count=${1:-10000}
baseline=${2:-}
runs=${RUNS:-3}
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product larder >&2
swift build -c release --static-swift-stdlib --product library-generator >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
larder="$bin/larder"
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${WORK:-}" ] || trap 'rm -rf "$work"' EXIT
if [ "${REUSE:-}" != 1 ] || [ ! -d "$work/library/recipes" ]; then
  rm -rf "$work/inputs" "$work/library"
  "$bin/library-generator" "$count" "$work/inputs" > /dev/null
  "$larder" import "$work/inputs" --library "$work/library" > /dev/null 2>&1 || true
fi
echo "library: $(ls "$work/library/recipes" | wc -l) recipes"

# run LABEL BINARY FORMAT OUTPUT: prints "wall cpu mb" of one export into a new output.
run() {
  local binary=$1 format=$2 output=$3 start end
  rm -rf "$output" "$output.fidelity.json"
  start=$(date +%s%N)
  /usr/bin/time -f '%M %U %S' -o "$work/rss" "$binary" export --library "$work/library" --format "$format" --output "$output" \
    > /dev/null 2> "$work/err.txt" || { cat "$work/err.txt" >&2; exit 1; }
  end=$(date +%s%N)
  read -r kb user sys < <(tail -1 "$work/rss")
  python3 -c 'import sys; s,e,kb,u,y=sys.argv[1:]; print(f"{(int(e)-int(s))/1e9:.2f} {float(u)+float(y):.2f} {int(kb)//1024}")' "$start" "$end" "$kb" "$user" "$sys"
  rm -rf "$output"
}

uptime
for spec in json:lib markdown:book jsonld:all.jsonld cooklang:cook; do
  format=${spec%%:*}
  name=${spec#*:}
  results=()
  for pair in $(seq "$runs"); do
    read -r wall cpu mb < <(run "$larder" "$format" "$work/$name")
    line="$format: this tree $wall s wall, $cpu s cpu, $mb MB"
    if [ -n "$baseline" ]; then
      read -r bwall bcpu bmb < <(run "$baseline" "$format" "$work/$name")
      line="$line; baseline $bwall s wall, $bcpu s cpu, $bmb MB"
      results+=("$wall $cpu $bwall $bcpu")
    fi
    echo "$line"
  done
  if [ -n "$baseline" ]; then
    printf '%s\n' "${results[@]}" | python3 -c '
import sys, statistics
pairs = [list(map(float, line.split())) for line in sys.stdin if line.strip()]
wall = statistics.median(a / b for a, _, b, _ in pairs)
cpu = statistics.median(a / b for _, a, _, b in pairs)
print(f"'"$format"': median ratio this tree / baseline: wall {wall:.2f}, cpu {cpu:.2f} ({len(pairs)} pairs)")'
  fi
done
uptime

#!/usr/bin/env bash
# Usage: Benchmarks/ingredients.sh GOLD.jsonl PRED.jsonl
# Builds the ingredient benchmark in release mode (if needed), parses every `sentence` of GOLD,
# writes predictions in the scorer's schema to PRED, and prints lines per second as its last line.
# The line before it gives lines per CPU second of the parsing thread, which the other load of a
# shared machine changes less.
# Score with: ../shared/tools/score_ingredients.py GOLD.jsonl PRED.jsonl
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 GOLD.jsonl PRED.jsonl" >&2
  exit 2
fi
gold=$1
pred=$2
[ -r "$gold" ] || { echo "cannot read $gold" >&2; exit 2; }
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product ingredients-benchmark >&2
binary=$(swift build -c release --static-swift-stdlib --show-bin-path)/ingredients-benchmark
cd - >/dev/null
# One core, as the floor is stated per core: the last one, which the system disturbs least.
taskset -c "$(( $(nproc) - 1 ))" "$binary" < "$gold" > "$pred" 2> >(tee /dev/stderr | tail -n 1 > "$pred.rate")
wait
tail -n 1 "$pred.rate"
rm -f "$pred.rate"

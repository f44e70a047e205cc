#!/usr/bin/env bash
# Usage: Benchmarks/scrape-corpus.sh [--parse-only] CASES_DIR OUT_DIR
# Builds the scrape benchmark in release mode (if needed), scrapes every CASES_DIR/<case>/page.html.gz
# in one process, writes OUT_DIR/<case>.json in the corpus's common schema, and prints pages per
# second (parsing and extraction only, one core) as its last line. The line before gives the same
# spans on the thread's CPU clock: on a machine shared with other work, wall time also counts the
# time other processes held the core.
# With --parse-only, only libxml2's parse of each page is timed (freeing the tree included) and
# nothing is written: the ceiling for the scraper's speed.
# Score with: ../shared/tools/score_scrape.py CASES_DIR OUT_DIR
set -euo pipefail
mode=()
if [ "${1:-}" = "--parse-only" ]; then
  mode=(--parse-only)
  shift
fi
if [ $# -ne 2 ]; then
  echo "usage: $0 [--parse-only] CASES_DIR OUT_DIR" >&2
  exit 2
fi
cases=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product scrape-corpus >&2
binary=$(swift build -c release --static-swift-stdlib --show-bin-path)/scrape-corpus
# One core, as the floor is stated per core: the last one, which the system disturbs least.
taskset -c "$(( $(nproc) - 1 ))" "$binary" "${mode[@]}" "$cases" "$out"

#!/usr/bin/env bash
# Usage: Benchmarks/library-index.sh [COUNT]   (default 100000; WORK=DIR keeps the files there,
# REUSE=1 with it uses the recipe files an earlier run generated)
# Generates COUNT varied recipes (Benchmarks/LibraryGenerator), imports them with `larder import`
# (release build), then times, with peak memory from /usr/bin/time:
#   - `list --search WORD` right after the import (the first run) and again, `list --search` of
#     two words, `list --json --cuisine`, `show ID`, `show ID --json`, `stats`;
#   - a cold rebuild: the index deleted, then `list --search WORD` (builds it from the files);
#   - a stale index: a recipe file added by hand, then `list --search WORD` (reconciles).
# Floors (issue 24): list and show under 100 ms each, the cold rebuild under 30 s, every command
# under 150 MB. Prints one line per measurement and FAIL lines for floors not met (exit 1).
#
# 100,000 recipes, 2 cores shared with other builds (load 7 to 17, `larder --version` itself
# 40-130 ms wall), 24 Nov 2026: list --search chickpea (15,916 hits) 0.24 s wall / 0.09 s cpu
# the first time, 0.12 / 0.05 s after; two words (110 hits) 0.04 s; --search with --cuisine
# 0.10 / 0.03 s; list --json --cuisine 0.08 / 0.02 s; show 0.03 / 0.01 s; all 100,000 listed
# 0.26 / 0.12 s; a cold rebuild 21.0 s wall / 14.3 s cpu, 56 MB, reading on a second thread
# (27.9 s / 15.4 s on one; 60 s at load 16); a file added
# by hand reconciled in 8.7 s; the index is 150 MB beside 498 MB of recipe files; import of
# the 100,000 files 15 min at load 16, peak 159 MB (the import itself, not the index).
# Same day, load 5 to 8, after the folder's file list lost its URL per file, the list --json
# summary moved out of the rows list reads, and the index compacted after a large run: import
# 557 s wall / 191 s cpu, peak 130 MB (177 MB before); list --search chickpea 78 ms wall /
# 40 ms cpu the first time after the import (622 / 90 before, at load 15), 66 / 40 after; a
# cold rebuild 18.3 s wall / 17.0 s cpu.
# 25 Nov 2026, index version 5, load 4 to 8 (other helpers building): import 454 s wall / 149 s
# cpu, peak 138 MB; list --search chickpea 90 ms wall / 40 ms cpu the first time after the import,
# 85 / 40 again (five more runs 60-100 ms, 40-50 ms cpu); show 77 / 10 ms (then 10-40 ms); stats
# 1.0 s / 0.62 s; a cold rebuild 19.9 s wall / 15.7 s cpu; larder --version 10 ms warm.
# Where the first run waited (two more imports of 100,000, perf sched and strace on the first
# list): no writeback behind it (Dirty 1.4 MB and 30 MB after the import: each recipe file is
# fsynced as it is written), the index fully in the page cache (fincore: 37,434 of 37,434
# pages), no system call over 1.4 ms. At load 14 one first run (280 ms wall / 50 ms cpu, the
# next 100 / 50) blocked 9 times reading index pages from disk, 20-70 us each, and waited
# 2-17 ms on the run queue after each wake-up: the extra wall time was the other builds' load.
# 25 Nov 2026, later (issue 24, the list's own CPU time): warm `list --search chickpea` 57 ms of
# CPU time before (perf stat task-clock, load 7), 30 ms after (load 12); `larder --version` 19 -> 10
# ms. Where it went (perf record -g of ten warm runs): the per-line String joining and Data
# appends of `list` (19% of the profile; now each field is appended to one byte buffer, written
# 64 KB at a time), the dynamic loader and 59 shared libraries (15%; the release build now links
# the Swift runtime and Foundation statically, --static-swift-stdlib, 45 libraries left, most of
# them libcurl's), SQLite's sort of the 16,000 hits spilling 2 MB to a temporary file it wrote,
# read back and deleted (520 pwrites, ~2 ms; sorts up to 8 MB now stay in memory), and SQLite's
# cost per 4 KB page read (the index now has 16 KB pages: the query alone in the sqlite3 shell 20
# -> 14 ms, stats 505 -> 370 ms warm). This run, load 10 to 12 (other helpers building), import 575 s
# wall / 138 s cpu, peak 138 MB; list --search chickpea 67 ms wall / 20 ms cpu the first time
# after the import, 78 / 30 again; show 64 / 10; a cold rebuild 24.2 s wall / 13.8 s cpu; the
# walls over 100 ms (saffron --cuisine 104 / 10, --json --cuisine 167 / 20, after the rebuild
# 114 / 30) were the load: no list or show took more than 30 ms of CPU time. After an import of
# 20,000 (perf stat, load 12) the first list (3,133 hits) took 20 ms cpu / 25 ms wall with 4 major
# faults, the next two 16 and 17 ms cpu, none: 2,036 page faults against 2,034.
# Tried and dropped: PRAGMA mmap_size (the query 27 -> 31.5 ms: a page fault per page costs more
# than pread's copy), a larger page cache (cache_size -16000 keeps the sort in memory but the
# query took 25 ms against 20), temp_store=MEMORY (as fast as the sort setting, but unbounded:
# list --json --search s, 99,408 hits, peaked at 82 MB against 43), a listing table without the
# checksum and source columns (3,283 pages against 5,541, the query 20 -> 18.5 ms: less than 16
# KB pages gave, and a schema change), the static runtime as a linker flag in Package.swift
# (-static-stdlib alone leaves Foundation's CoreFoundation symbols unresolved).
set -euo pipefail
count=${1:-100000}
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product larder >&2
swift build -c release --static-swift-stdlib --product library-generator >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
larder="$bin/larder"
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${WORK:-}" ] || trap 'rm -rf "$work"' EXIT
# REUSE=1 keeps recipe files generated by an earlier run in $WORK/inputs.
[ "${REUSE:-}" = 1 ] && [ -d "$work/inputs" ] || rm -rf "$work/inputs"
rm -rf "$work/library"
failures=0

# measure LABEL LIMIT_MS COMMAND...: wall time in ms, CPU time (user + system) and peak memory in
# MB, checked against the floors. On a machine other work keeps busy the wall time grows and the
# CPU time does not: the first line (`larder --version`) shows what starting a process costs.
measure() {
  local label=$1 limit_ms=$2; shift 2
  local start end ms mb cpu
  start=$(date +%s%N)
  /usr/bin/time -f '%M %U %S' -o "$work/rss" "$@" > "$work/out.txt" 2> "$work/err.txt"
  end=$(date +%s%N)
  ms=$(( (end - start) / 1000000 ))
  read -r kb user sys < <(tail -1 "$work/rss")
  mb=$(( kb / 1024 ))
  cpu=$(python3 -c "print(round(($user + $sys) * 1000))")
  printf '%-44s %8d ms wall %7d ms cpu %6d MB  (%s lines out)\n' "$label" "$ms" "$cpu" "$mb" "$(wc -l < "$work/out.txt")"
  if [ "$limit_ms" -gt 0 ] && [ "$ms" -ge "$limit_ms" ]; then echo "FAIL: $label took $ms ms (floor $limit_ms ms)"; failures=$((failures + 1)); fi
  if [ "$mb" -ge 150 ]; then echo "FAIL: $label used $mb MB (floor 150 MB)"; failures=$((failures + 1)); fi
}

measure "larder --version (starting a process)" 0 "$larder" --version
uptime
[ -d "$work/inputs" ] || measure "generate $count recipes" 0 "$bin/library-generator" "$count" "$work/inputs"
measure "import $count recipes" 0 "$larder" import "$work/inputs" --library "$work/library"
grep -E "^Import" "$work/out.txt" || true
uptime  # the load the first list after the import meets
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

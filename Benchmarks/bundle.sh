#!/usr/bin/env bash
# Usage: Benchmarks/bundle.sh [RECIPES...]   (default: 10000 50000)
# For each size: builds a library of that many recipes (generated from the Samples/ library with
# varied titles, ids and text), exports it to .tar.gz with `larder export` (release build),
# archives the same folder with `tar czf`, restores the bundle into an empty library with
# `larder import`, and prints wall time and peak memory of each step and the export / tar ratio.
# KEEP_WORK=1 keeps the generated libraries and archives (the folder is printed) for profiling.
# Floors: export <= 1.5 x tar czf; restore of 10,000 under 10 s; peak memory under 100 MB, and at
# 50,000 no more than 1.2 x the figure at 10,000.
#
# Restore of 10,000 against the code before the issue-20 redesign (ee239cb), release builds, on
# 2 cores shared with other builds, so only paired figures mean anything. Each tree made its own
# bundle with its own binary (KEEP_WORK=1 Benchmarks/bundle.sh 10000 in each tree), then the two
# restores ran in turn, A B A B ..., each into a new empty library (none deleted in between), the
# whole process timed (user, system, wall) and the ratio taken pair by pair:
#   A: sh -c 'THIS_TREE/.build/release/larder import WORK_A/bundle-10000.tar.gz --library "$(mktemp -d)/lib"'
#   B: sh -c 'EE239CB/.build/release/larder import WORK_B/bundle-10000.tar.gz --library "$(mktemp -d)/lib"'
# Medians (this tree / ee239cb):
#   2026-11-24, main at fc7d2ea (5 pairs, load 14):   wall 1.46, cpu 1.32, user 1.49 (7.21 vs 4.68 s wall)
#   2026-11-24, after the redesign (10 pairs, load 11-12): wall 1.24, cpu 1.13, user 1.16
#   2026-11-25, this tree (12 pairs, load 5-12):      wall 1.02, cpu 0.98, user 1.01 (4.79 vs 4.85 s wall;
#                                                     1.45 vs 1.50 s cpu)
#   2026-11-25, the same binary (10 pairs, load 3-4): wall 0.95, cpu 0.97, user 1.06 (1.69 vs 1.71 s wall)
#   this tree / cd9a713 (the tree before, same bundle, 10 pairs, load 8-13): wall 0.92, cpu 0.93, user 0.88
# What changed since cd9a713: each bundle file hashed as it is unpacked instead of read again to verify
# it; no lookup per recipe for whether its id is taken (the library's manifest read beside the
# bundle's); manifest lines in Larder's own layout read without the JSON parser; index rows
# committed 2,048 at a time without waiting for the disk (13,571 pages written -> 9,099); one
# journal fold at the end instead of two; diet labels normalized a byte at a time; four batches
# of recipes read ahead instead of one. (These 2026-11-25 figures were taken before the flushes
# below were merged, with builds that link the Swift runtime dynamically.)
# Main at 8d9b3fb, with those flushes and the index compacted after a restore of 10,000 (VACUUM),
# 10 pairs against ee239cb at load 4-5: wall 1.01, cpu 1.01, user 1.10 (1.78 vs 1.78 s wall),
# peak 60 MB; this script at 8d9b3fb (load 4-6): restore of 10,000 2.40 s (55 MB peak), of
# 50,000 12.58 s (59 MB peak, 1.07 x).
# Peak 52 MB at 10,000 (ee239cb 41.5 MB), 57 MB at 50,000: 1.10 x (floor 1.2). Restore of 10,000
# 4.96 s, of 50,000 12.0 s (load 5-7). What ee239cb did not do and this tree does: an index row
# per recipe (SQLite, full-text), a report entry per recipe, and the journaled manifest's fold (a
# stat per file) instead of writing the manifest from memory.
#
# Flushes to the disk (Library.commitWrites: a file is flushed before its rename, its folder once
# a batch), 2026-11-25, release builds, ext4 on a virtual disk, load 8-12. The time spent in the
# flushes, summed from strace's per-call times:
#   strace -f -T -y --seccomp-bpf -qq -e trace=fsync,fdatasync,syncfs -o trace.txt \
#     larder import bundle-10000.tar.gz --library "$(mktemp -d)/lib"
# (and the same for `larder import` of 1,000 of the generated recipe files), twice each:
#   restore of 10,000: 7 folder flushes, 24 and 42 ms in all; the staging folder's syncfs,
#     there before, 0.04-0.38 s (it flushes whatever else the machine has written); the
#     restore's wall time, 5 pairs against the code before, medians 12.1 vs 11.9 s (noise at this
#     load).
#   import of 1,000 files (804 stored): 6 folder flushes, 26 ms in all; the 804 flushes of the
#     files themselves (made before this change too, by Foundation's Data.write) 0.7-2.9 s.
#     A folder flush per file would have added about 800 more at the ~4 ms each measured.
set -euo pipefail
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(10000 50000)
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product larder >&2
larder=$(swift build -c release --static-swift-stdlib --show-bin-path)/larder
work=$(mktemp -d)
[ -n "${KEEP_WORK:-}" ] && echo "work: $work" >&2 || trap 'rm -rf "$work"' EXIT

"$larder" import Samples --library "$work/samples" > /dev/null

measure() {  # label command...: prints "label: S s, M MB"
  local label=$1; shift
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f %M -o "$work/rss" "$@" > /dev/null 2> "$work/err" || { cat "$work/err" >&2; exit 1; }
  end=$(date +%s.%N)
  python3 -c 'import sys; print(f"{float(sys.argv[2]) - float(sys.argv[1]):.2f} {int(sys.argv[3]) / 1024:.0f}")' "$start" "$end" "$(cat "$work/rss")"
}

for size in "${sizes[@]}"; do
  library="$work/library-$size"
  raw="$work/raw-$size"
  python3 - "$work/samples" "$raw" "$size" <<'PY'
import json, os, sys, random
source, target, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(size)
templates = [json.load(open(os.path.join(source, "recipes", name))) for name in sorted(os.listdir(os.path.join(source, "recipes")))]
templates = [t for t in templates if not t.get("images")]  # images are measured by the round-trip tests
words = "smoky bright quick rustic spiced creamy crisp golden herbed zesty tangy hearty".split()
os.makedirs(os.path.join(target, "recipes"), exist_ok=True)
for n in range(size):
    recipe = json.loads(json.dumps(templates[n % len(templates)]))
    adjective = random.choice(words)
    recipe["title"] = f"{adjective.title()} {recipe['title']} No. {n}"
    recipe["id"] = f"bench-{n:06d}"
    recipe["description"] = f"{recipe.get('description', '')} Variation {n}: a {adjective} take.".strip()
    for group in recipe.get("ingredientGroups", []):
        for ingredient in group.get("ingredients", []):
            ingredient["note"] = f"batch {n % 97}"
    with open(os.path.join(target, "recipes", recipe["id"] + ".json"), "w") as handle:
        json.dump(recipe, handle, indent=2, sort_keys=True, ensure_ascii=False)
PY
  # One export pass makes the files canonical and writes the manifest, as a real library is.
  # Nothing is deleted until every step has run: this machine's ext4 has no journal, and
  # there creating files just after deleting thousands is several times slower (it skips
  # recently freed inodes), which would be measured as Larder's time.
  "$larder" export --format json --library "$raw" --output "$library" > /dev/null

  read -r export_s export_mb < <(measure export "$larder" export --format json --library "$library" --output "$work/bundle-$size.tar.gz")
  read -r tar_s _ < <(measure tar tar czf "$work/tar-$size.tar.gz" -C "$library" .)
  read -r restore_s restore_mb < <(measure restore "$larder" import "$work/bundle-$size.tar.gz" --library "$work/restored-$size")
  restored=$(ls "$work/restored-$size/recipes" | wc -l)
  # For scale: unpacking the same archive with tar (no checks, no parsing) in the same run.
  mkdir "$work/untarred-$size"
  read -r untar_s _ < <(measure untar tar xzf "$work/bundle-$size.tar.gz" -C "$work/untarred-$size")
  python3 -c 'import sys; n,e,em,t,r,rm,got,u=sys.argv[1:]; print(f"{n} recipes: export {e} s ({em} MB peak), tar czf {t} s, export/tar {float(e)/float(t):.2f}; restore {r} s ({rm} MB peak), {got} restored, tar xzf {u} s")' \
    "$size" "$export_s" "$export_mb" "$tar_s" "$restore_s" "$restore_mb" "$restored" "$untar_s"
  [ -n "${KEEP_WORK:-}" ] || rm -rf "$raw" "$library" "$work/restored-$size" "$work/untarred-$size" "$work/tar-$size.tar.gz" "$work/bundle-$size.tar.gz"
done

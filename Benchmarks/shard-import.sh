#!/usr/bin/env bash
# Usage: Benchmarks/shard-import.sh [PAGES] [SHARDS]
# One list imported as SHARDS shards at once, merged, against one run of the whole list.
#
# Starts Tools/local-server.py answering distinct recipe pages on 10 loopback hosts
# (127.0.0.1 ... 127.0.0.10) with 100 ms latency each, and lists PAGES of them (default 2000)
# interleaved over the hosts. Then, with the release build and no cache:
#   1. SHARDS (default 4) `larder import --shard K/SHARDS` runs started at once, each into a
#      library of its own, at --jobs 20 --per-host 2 (room for every host a shard may own, so
#      each shard is held back only by the per-site limits);
#   2. `larder merge` of the shard libraries;
#   3. one `larder import` of the whole list at the same settings.
# It prints the hosts and pages each shard owned, the wall time of the shards (first start to last
# end), of the merge and of the one run, each against the politeness limit of the whole list
# (every site gets PAGES/10 pages, 2 at a time, 100 ms each: PAGES/10 x 0.1 s / 2), and whether
# the merged library holds the same recipes as the one run (ids and content, import times aside).
# Floors: same recipes, shards' wall time <= 1.2 x the limit.
set -euo pipefail
pages=${1:-2000}
shards=${2:-4}
hosts=10
latency=0.1
jobs=20
per_host=2
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product larder >&2
larder=$(swift build -c release --static-swift-stdlib --show-bin-path)/larder
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

python3 Tools/local-server.py --hosts "$hosts" --latency "$latency" > "$work/server.out" &
server_pid=$!
for _ in $(seq 50); do [ -s "$work/server.out" ] && break; sleep 0.1; done
port=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["port"])' "$work/server.out")

for n in $(seq 1 "$pages"); do
  echo "http://127.0.0.$(( (n - 1) % hosts + 1 )):$port/recipe/shard-benchmark-page-$n"
done > "$work/urls.txt"

settings=(--no-cache --jobs "$jobs" --per-host "$per_host")
now() { date +%s.%N; }

# 1. The shards, all at once.
start=$(now)
pids=()
for k in $(seq 1 "$shards"); do
  "$larder" import --from-file "$work/urls.txt" --library "$work/shards/$k" --shard "$k/$shards" "${settings[@]}" \
    > "$work/shard-$k.out" 2> "$work/shard-$k.err" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || true; done
shards_end=$(now)

# 2. The merge.
libraries=()
for k in $(seq 1 "$shards"); do libraries+=("$work/shards/$k"); done
"$larder" merge "${libraries[@]}" --into "$work/merged" > "$work/merge.out" 2> "$work/merge.err" || true
merge_end=$(now)

# 3. One run of the whole list.
one_start=$(now)
"$larder" import --from-file "$work/urls.txt" --library "$work/one" "${settings[@]}" > "$work/one.out" 2> "$work/one.err" || true
one_end=$(now)

python3 - "$work" "$pages" "$shards" "$hosts" "$latency" "$per_host" "$start" "$shards_end" "$merge_end" "$one_start" "$one_end" <<'PY'
import json, os, sys
from urllib.parse import urlsplit
work = sys.argv[1]
pages, shards, hosts = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
latency, per_host = float(sys.argv[5]), int(sys.argv[6])
start, shards_end, merge_end, one_start, one_end = map(float, sys.argv[7:12])

def recipes(library):
    folder = os.path.join(work, library, "recipes")
    found = {}
    for name in os.listdir(folder):
        if name.endswith(".json"):
            recipe = json.load(open(os.path.join(folder, name)))
            recipe.get("provenance", {}).pop("importedAt", None)
            found[recipe["id"]] = recipe
    return found

for k in range(1, shards + 1):
    mine = recipes(os.path.join("shards", str(k)))
    sites = sorted({urlsplit(r["provenance"]["sourceURL"]).hostname for r in mine.values()})
    print(f"shard {k}/{shards}: {len(mine)} pages from {len(sites)} hosts ({', '.join(sites)})")
for name in ["merge", "one"]:
    print(f"{name}: " + open(os.path.join(work, f"{name}.out")).read().strip())

merged, one = recipes("merged"), recipes("one")
same = merged == one
limit = (pages / hosts) * latency / per_host
shards_wall = shards_end - start
merge_wall = merge_end - shards_end
one_wall = one_end - one_start
print(f"merged library: {len(merged)} recipes, one run: {len(one)} recipes, same ids and content: {'yes' if same else 'NO'}")
print(f"politeness limit of the whole list: {limit:.2f} s")
print(f"{shards} shards at once: wall {shards_wall:.2f} s, ratio {shards_wall / limit:.2f}; "
      f"merge {merge_wall:.2f} s; shards + merge {shards_wall + merge_wall:.2f} s")
print(f"one run: wall {one_wall:.2f} s, ratio {one_wall / limit:.2f}")
ok = same and len(one) == pages and shards_wall <= 1.2 * limit
print("floors met" if ok else "FLOORS NOT MET")
sys.exit(0 if ok else 1)
PY

#!/usr/bin/env bash
# Usage: Benchmarks/bulk-import.sh [PAGES]
# Starts Tools/local-server.py answering distinct recipe pages on 10 loopback hosts
# (127.0.0.1 ... 127.0.0.10) with 100 ms latency each, imports PAGES of them (default 1000) with
# `larder import` (release build, no cache) at the default politeness settings and at
# --jobs 32 --per-host 4, and prints for each run: pages imported, wall time, the limit the
# politeness settings allow (PAGES x 0.1 s / min(jobs, 10 hosts x per-host)), the ratio of the
# two, and peak memory. Floors: every page imported, ratio <= 1.5, peak memory < 150 MB.
set -euo pipefail
pages=${1:-1000}
hosts=10
latency=0.1
cd "$(dirname "$0")/.."
swift build -c release --product larder >&2
larder=$(swift build -c release --show-bin-path)/larder
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

python3 Tools/local-server.py --hosts "$hosts" --latency "$latency" > "$work/server.out" &
server_pid=$!
for _ in $(seq 50); do [ -s "$work/server.out" ] && break; sleep 0.1; done
port=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["port"])' "$work/server.out")

# Pages interleaved over the hosts, as a list gathered from many sites would be.
for n in $(seq 1 "$pages"); do
  echo "http://127.0.0.$(( (n - 1) % hosts + 1 )):$port/recipe/benchmark-page-$n"
done > "$work/urls.txt"

run() {  # jobs per-host
  local jobs=$1 per_host=$2 library="$work/library-$1-$2"
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f %M -o "$work/rss" "$larder" import --from-file "$work/urls.txt" --library "$library" \
    --no-cache --jobs "$jobs" --per-host "$per_host" > "$work/out.txt" 2> "$work/err.txt" || true
  end=$(date +%s.%N)
  local imported
  imported=$(ls "$library/recipes" | wc -l)
  python3 - "$pages" "$latency" "$hosts" "$jobs" "$per_host" "$start" "$end" "$(cat "$work/rss")" "$imported" <<'PY'
import sys
pages, latency, hosts, jobs, per_host = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
wall = float(sys.argv[7]) - float(sys.argv[6])
rss_mb = int(sys.argv[8]) / 1024
imported = int(sys.argv[9])
limit = pages * latency / min(jobs, hosts * per_host)
print(f"--jobs {jobs} --per-host {per_host}: {imported}/{pages} imported, wall {wall:.2f} s, "
      f"politeness limit {limit:.2f} s, ratio {wall / limit:.2f}, peak memory {rss_mb:.0f} MB")
PY
}

run 8 2
run 32 4

#!/usr/bin/env bash
# Usage: Benchmarks/bulk-import.sh [OPTIONS]
#
# Imports web pages from Tools/local-server.py on 10 loopback hosts (127.0.0.1 ... 127.0.0.10),
# each answer 100 ms late, with `larder import` (release build, no cache), and prints for each
# run: the inputs' outcomes, wall time against the limit the politeness settings allow
# (PAGES x 0.1 s / min(jobs, 10 hosts x per-host)) and their ratio, the CPU time the import used
# (user + sys, and as cores: CPU / wall), and its peak memory. Pages are interleaved over the
# hosts, as a list gathered from many sites would be. After each import, in turn, the same requests
# are made by Benchmarks/least-client.py (no parsing, no library: the least any client does under
# the same limits, against the same server), and the import's time is given against it too.
#
#   --real [N]        (default) N saved pages of the scrape corpus (default 234, evenly spread over
#                     its cases), served gzip-encoded as sites send them (about 64 KB on the wire,
#                     320 KB of HTML each); runs --jobs 8 --per-host 2
#   --synthetic [N]   N tiny generated recipe pages (default 1000); runs --jobs 8 --per-host 2
#                     and --jobs 32 --per-host 4
#   --jobs J --per-host P   run only these politeness settings
#   --runs R          repeat each setting R times (default 1) and print the medians
#   --hog             keep one core busy (`yes > /dev/null` pinned to the last core, in a session of
#                     its own as another program would be) during the runs
#   --hog-same-session  the same, the hog in the import's own session
#   --robots          every host serves a robots.txt (rules for *, none of which forbids a page of
#                     the list), which the import reads once per host before its first page: the
#                     figures then also give the limit and ratio for all the requests made (pages
#                     and robots.txt files)
#   --corpus DIR      the scrape corpus's cases folder (default ../shared/corpus/scrape/cases)
#   --binary PATH     the larder to run (default: this checkout's release build, built first)
#
# Floors: every input reported, ratio <= 1.1 for --real at --jobs 8 --per-host 2, peak memory
# < 150 MB; with --robots, ratio <= 1.05 against the limit for all the requests made.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=real count="" runs=1 hog=0 binary="" only_jobs="" only_per_host="" robots=0
corpus="../shared/corpus/scrape/cases"
while [ $# -gt 0 ]; do
  case "$1" in
    --real|--synthetic)
      mode=${1#--}; shift
      if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then count=$1; shift; fi ;;
    --jobs) only_jobs=$2; shift 2 ;;
    --per-host) only_per_host=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --hog) hog=1; shift ;;
    --hog-same-session) hog=same-session; shift ;;
    --robots) robots=1; shift ;;
    --corpus) corpus=$2; shift 2 ;;
    --binary) binary=$2; shift 2 ;;
    [0-9]*) mode=synthetic count=$1; shift ;;  # the old form: bulk-import.sh PAGES
    *) sed -n '2,32p' "$0" >&2; exit 2 ;;
  esac
done
hosts=10
latency=0.1
if [ "$mode" = real ]; then
  count=${count:-234}
  settings=("8 2")
  [ -d "$corpus" ] || { echo "no scrape corpus at $corpus (give --corpus DIR)" >&2; exit 2; }
  corpus=$(cd "$corpus" && pwd)
else
  count=${count:-1000}
  settings=("8 2" "32 4")
fi
if [ -n "$only_jobs$only_per_host" ]; then settings=("${only_jobs:-8} ${only_per_host:-2}"); fi
if [ -z "$binary" ]; then
  swift build -c release --static-swift-stdlib --product larder >&2
  binary=$(swift build -c release --static-swift-stdlib --show-bin-path)/larder
fi

work=$(mktemp -d)
server_pid="" hog_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
  [ -n "$hog_pid" ] && kill "$hog_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

server_args=(--hosts "$hosts" --latency "$latency")
[ "$mode" = real ] && server_args+=(--pages "$corpus")
if [ "$robots" = 1 ]; then
  mkdir -p "$work/robots"
  printf 'User-agent: *\nDisallow: /private/\nDisallow: /*?print=\n\nUser-agent: OtherBot\nDisallow: /\n' > "$work/robots/default.txt"
  server_args+=(--robots "$work/robots")
fi
# In a session of its own: the sites are other machines, and on Linux a session is scheduled as
# a group of its own, so the server's CPU is not taken from the import's share.
setsid python3 Tools/local-server.py "${server_args[@]}" > "$work/server.out" &
server_pid=$!
for _ in $(seq 50); do [ -s "$work/server.out" ] && break; sleep 0.1; done
port=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["port"])' "$work/server.out")

if [ "$mode" = real ]; then
  python3 - "$corpus" "$count" "$hosts" "$port" > "$work/urls.txt" <<'PY'
import os, sys
corpus, count, hosts, port = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
cases = sorted(c for c in os.listdir(corpus) if os.path.isfile(os.path.join(corpus, c, "page.html.gz")))
if count > len(cases):
    sys.exit(f"the corpus has {len(cases)} pages, fewer than {count}")
for n in range(count):
    print(f"http://127.0.0.{n % hosts + 1}:{port}/page/{cases[n * len(cases) // count]}")
PY
else
  for n in $(seq 1 "$count"); do
    echo "http://127.0.0.$(( (n - 1) % hosts + 1 )):$port/recipe/benchmark-page-$n"
  done > "$work/urls.txt"
fi

if [ "$hog" != 0 ]; then
  # As another program would (a build in another terminal): in a session of its own, which Linux
  # schedules as a group of its own. --hog-same-session keeps it in the import's session, where
  # it competes with the import's own threads.
  if [ "$hog" = same-session ]; then
    taskset -c "$(( $(nproc) - 1 ))" yes > /dev/null &
    where="in the import's session"
  else
    setsid taskset -c "$(( $(nproc) - 1 ))" yes > /dev/null &
    where="in a session of its own"
  fi
  hog_pid=$!
  echo "a CPU hog (yes > /dev/null, $where) keeps core $(( $(nproc) - 1 )) busy during the runs"
fi

politeness() {  # what the server saw since it was last asked, as JSON
  python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())' \
    "http://127.0.0.1:$port/politeness?reset"
}

run() {  # jobs per-host run-number
  local jobs=$1 per_host=$2 library="$work/library-$1-$2-$3"
  politeness > /dev/null
  local start
  start=$(date +%s.%N)
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$binary" import --from-file "$work/urls.txt" --library "$library" \
    --no-cache --jobs "$jobs" --per-host "$per_host" > "$work/out.txt" 2> "$work/err.txt" || true
  local end
  end=$(date +%s.%N)
  politeness > "$work/politeness.json"
  # The baseline, run next in turn on the same server: the least client (no parsing, no library).
  local least_args=("$work/urls.txt" "$jobs" "$per_host")
  [ "$robots" = 1 ] && least_args+=(--robots)
  python3 Benchmarks/least-client.py "${least_args[@]}" > "$work/least.txt"
  politeness > /dev/null
  python3 - "$count" "$latency" "$hosts" "$jobs" "$per_host" "$library/report.json" "$(tail -1 "$work/time")" \
    "$work/politeness.json" "$start" "$end" "$(sed -n 's/.*, took \([0-9.]*\) s.*/\1/p' "$work/least.txt")" <<'PY' | tee -a "$work/results"
import json, sys
pages, latency, hosts, jobs, per_host = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
wall, user, system, rss_kb = sys.argv[7].split()
seen = json.load(open(sys.argv[8]))
start, end = float(sys.argv[9]), float(sys.argv[10])
wall, cpu, rss_mb = float(wall), float(user) + float(system), int(rss_kb) / 1024
try:
    entries = json.load(open(sys.argv[6]))["entries"]
except (OSError, ValueError, KeyError):
    entries = []
count = lambda status: sum(1 for e in entries if e.get("status") == status)
limit = pages * latency / min(jobs, hosts * per_host)
print(f"--jobs {jobs} --per-host {per_host}: {len(entries)}/{pages} reported ({count('imported')} imported, "
      f"{count('skipped')} skipped, {count('failed')} failed), wall {wall:.2f} s, politeness limit {limit:.2f} s, "
      f"ratio {wall / limit:.2f}, CPU {cpu:.2f} s (user {float(user):.2f} + sys {float(system):.2f}, "
      f"{cpu / wall:.2f} cores), peak memory {rss_mb:.0f} MB")
# With robots.txt served, the import asks each host for it too: the limit for every request made.
if seen["requests"] != pages:
    all_limit = seen["requests"] * latency / min(jobs, hosts * per_host)
    print(f"    {seen['requests']} requests made ({seen['requests'] - pages} besides the pages, robots.txt files): "
          f"politeness limit {all_limit:.2f} s, ratio {wall / all_limit:.2f}")
# The least client, timed from its first request to its last answer (Python's own start, 0.2 s
# on some machines, left out); the import is timed as a whole process, its start included.
least = float(sys.argv[11])
all_limit = seen["requests"] * latency / min(jobs, hosts * per_host)
print(f"    least client (Benchmarks/least-client.py: the same requests and limits, nothing parsed or stored), "
      f"run next: {least:.2f} s from its first request to its last answer, ratio {least / all_limit:.3f}; "
      f"the import took x{wall / least:.3f} of that")
# What no client can beat: requests go in whole rounds of `latency`, so N requests in S slots
# take at least ceil(N / S) rounds; the limit above counts N / S (244 requests in 8 slots: 30.5
# rounds counted, 31 made, a ratio of 1.016 before anything else).
import math
rounds = math.ceil(seen["requests"] / min(jobs, hosts * per_host))
fewest = rounds * latency
print(f"    fewest possible: {rounds} rounds of {1000 * latency:.0f} ms for {seen['requests']} requests in "
      f"{min(jobs, hosts * per_host)} slots, {fewest:.2f} s (ratio {fewest / (seen['requests'] * latency / min(jobs, hosts * per_host)):.3f}); "
      f"this run took {wall - fewest:.2f} s more")
# Where the time went, as the server saw it: the allowed transfers were on its side this share of
# the time between the first request and the last answer (a slot left empty while pages are
# parsed shows here), before that the import was starting, after it finishing.
slots = min(jobs, hosts * per_host)
if seen["first_arrival"] is not None:
    span = seen["last_departure"] - seen["first_arrival"]
    print(f"    transfer slots busy {seen['busy_seconds'] / (span * slots):.0%} of {span:.2f} s "
          f"(at most {seen['max_in_flight']} at once, {max(h['max_in_flight'] for h in seen['hosts'].values())} per host); "
          f"{seen['first_arrival'] - start:.2f} s before the first request, {end - seen['last_departure']:.2f} s after the last answer")
    # Where the empty slots were, from each answer's arrival and departure: while the first
    # requests were being sent (until all slots were first busy), in the run's middle (a freed
    # slot waiting for its next request), and in the tail (after the last request arrived, when
    # nothing is left to send). Each is given as the wall time it cost (empty slot-seconds / slots).
    answers = sorted(seen.get("answers", []))
    if answers:
        events = sorted([(a, 1) for a, _ in answers] + [(d, -1) for _, d in answers])
        last_arrival = answers[-1][0]
        phases = {"ramp": 0.0, "middle": 0.0, "tail": 0.0}
        in_flight, full_once, previous = 0, False, events[0][0]
        for time, step in events:
            phase = "tail" if previous >= last_arrival else ("middle" if full_once else "ramp")
            phases[phase] += max(0, slots - in_flight) * (time - previous)
            in_flight += step
            full_once = full_once or in_flight >= slots
            previous = time
        # How long a slot freed in the middle stayed empty: the k-th answer to leave frees the
        # slot the (k + slots)-th request to arrive takes.
        arrivals, departures = [a for a, _ in answers], sorted(d for _, d in answers)
        refills = sorted(arrivals[k + slots] - departures[k] for k in range(len(answers) - slots)) or [0.0]
        # The limit counts each answer as `latency` long; the server's own answers take a little
    # longer (its event loop's timer and the machine's load): the limit for the answers as the
    # server really gave them tells what is Larder's from what is the server's.
    served = sum(d - a for a, d in answers)
    print(f"    the server's answers took {1000 * served / len(answers):.1f} ms on average (the limit counts {1000 * latency:.0f} ms): "
          f"against its answers as given, limit {served / slots:.2f} s, ratio {wall / (served / slots):.2f}")
    print(f"    empty slots cost {phases['ramp'] / slots:.3f} s while starting, {phases['middle'] / slots:.3f} s in the middle, "
              f"{phases['tail'] / slots:.3f} s in the tail; a freed slot got its next request after "
              f"{1000 * refills[len(refills) // 2]:.1f} ms (median), {1000 * refills[int(len(refills) * 0.9)]:.1f} ms (90th percentile)")
PY
  rm -rf "$library"
}

echo "$mode pages: $count, $hosts hosts, ${latency} s latency$([ "$robots" = 1 ] && echo ", robots.txt on every host"), $("$binary" --version 2>/dev/null || echo larder)"
# Figures from a shared machine mean little without how busy it was.
echo "load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown), $(nproc) cores"
# A baseline for the time "before the first request" and "after the last answer": starting and
# ending the process and nothing else (median of 9 runs of `larder --version`).
python3 - "$binary" <<'PY'
import statistics, subprocess, sys, time
def once():
    started = time.monotonic()
    subprocess.run([sys.argv[1], "--version"], stdout=subprocess.DEVNULL, check=True)
    return time.monotonic() - started
print(f"process start and exit alone (larder --version): {1000 * statistics.median(once() for _ in range(9)):.0f} ms")
PY
for setting in "${settings[@]}"; do
  : > "$work/results"
  for n in $(seq 1 "$runs"); do run $setting "$n"; done
  if [ "$runs" -gt 1 ]; then
    python3 - "$work/results" <<'PY'
import re, statistics, sys
lines = open(sys.argv[1]).read()
def median(pattern):
    values = [float(v) for v in re.findall(pattern, lines)]
    return statistics.median(values) if values else float("nan")
print(f"  median of {len(re.findall('reported', lines))}: wall {median(r'wall ([0-9.]+)'):.2f} s, "
      f"ratio {median(r'ratio ([0-9.]+), CPU'):.2f}, CPU {median(r'CPU ([0-9.]+)'):.2f} s, "
      f"peak memory {median(r'peak memory ([0-9]+)'):.0f} MB, transfer slots busy {median(r'slots busy ([0-9]+)%'):.0f}%")
print(f"  least client: ratio {median(r'its last answer, ratio ([0-9.]+);'):.3f} (median); "
      f"the import took x{median(r'the import took x([0-9.]+)'):.3f} of its time (median)")
if "requests made" in lines:
    print(f"  all requests: ratio {median(r'files.: politeness limit [0-9.]+ s, ratio ([0-9.]+)'):.2f} (median); "
          f"against the server's answers as given: ratio {median(r'as given, limit [0-9.]+ s, ratio ([0-9.]+)'):.2f}")
PY
  fi
done

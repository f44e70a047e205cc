#!/usr/bin/env bash
# Usage: Benchmarks/hostile-inputs.sh [NAME...]   (default: every input)
# Builds the release binary, then generates each hostile input of README "Limits and stopping"
# (Benchmarks/hostile-inputs.py lists them) into a temporary folder, imports it alone with
# `larder import`, and prints wall time, peak resident memory, exit code and the report's verdict.
# KEEP_WORK=1 keeps the generated inputs (the folder is printed) for profiling.
# Floors: peak memory under 512 MB for every input; time roughly linear in the input's size.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product larder >&2
exec python3 Benchmarks/hostile-inputs.py "$(swift build -c release --static-swift-stdlib --show-bin-path)/larder" "$@"

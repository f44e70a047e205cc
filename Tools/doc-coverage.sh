#!/usr/bin/env bash
# Usage: Tools/doc-coverage.sh [--list]
# Writes the symbol graphs of Larder's library modules (a debug build first, if needed) and counts
# their public declarations with and without a doc comment (Tools/doc-coverage.py says how);
# --list names the undocumented ones.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift package dump-symbol-graph --skip-synthesized-members --minimum-access-level public >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
folder=$(sed -n 's/.*Files written to //p' "$log" | tail -n 1)
[ -d "$folder" ] || { cat "$log" >&2; echo "no symbol graphs found" >&2; exit 1; }
python3 Tools/doc-coverage.py "$folder" "$@"

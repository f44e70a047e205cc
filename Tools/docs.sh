#!/usr/bin/env bash
# Usage: Tools/docs.sh [OUTPUT_FOLDER]   (default .build/docs)
# Builds the DocC documentation of LarderCore, LarderHTML and LarderKit (their catalogs in
# Sources/<Module>/<Module>.docc and their symbols' doc comments) with the toolchain's docc, one
# archive per module, and fails on a link that does not resolve. The articles' examples are
# compiled and run by `make test` (DocumentationTests), not here.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift package dump-symbol-graph --skip-synthesized-members --minimum-access-level public >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
graphs=$(sed -n 's/.*Files written to //p' "$log" | tail -n 1)
docc=$(dirname "$(readlink -f "$(command -v swift)")")/docc
status=0
for module in LarderCore LarderHTML LarderKit; do
  symbols=$(mktemp -d)
  cp "$graphs/$module.symbols.json" "$symbols/"
  cp "$graphs/$module@"*.symbols.json "$symbols/" 2>/dev/null || true
  "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$symbols" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.larder.$module" \
    --output-path "$output/$module.doccarchive" >"$log" 2>&1 || status=1
  # Parameters without words are counted by Tools/doc-coverage.sh; links that lead nowhere fail here.
  if grep -E "doesn't exist|isn't found|unresolved|can't be resolved" "$log"; then status=1; fi
  rm -rf "$symbols"
  echo "$module: $output/$module.doccarchive"
done
exit $status

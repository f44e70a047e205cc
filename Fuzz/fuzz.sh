#!/usr/bin/env bash
# Builds Larder's libFuzzer targets (AddressSanitizer on) and runs each one for a bounded time.
#
#   Fuzz/fuzz.sh                                  every target, FUZZ_SECONDS (60) each
#   FUZZ_TARGETS="json html" FUZZ_SECONDS=600 Fuzz/fuzz.sh
#   FUZZ_ARGS="-jobs=2 -workers=2" Fuzz/fuzz.sh  more libFuzzer flags
#
# Each target keeps its corpus in Fuzz/.build/corpus/TARGET (it grows from run to run), starts
# from seeds collected from Tests/Fixtures plus Fuzz/Corpus/TARGET, and writes what it finds
# (crash-*, timeout-*, oom-*, leak-*) to Fuzz/Crashes/TARGET/. An input counts as a finding when
# it crashes, runs longer than 10 s or needs more than 2 GB. Exits 1 when any target found one.
set -euo pipefail

cd "$(dirname "$0")"
SWIFT=${SWIFT:-swift}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
ALL_TARGETS="ingredient duration-yield json recipe-json jsonld-repair html mealmaster cooklang xml csv app-export bundle"
FUZZ_TARGETS=${FUZZ_TARGETS:-$ALL_TARGETS}
FUZZ_ARGS=${FUZZ_ARGS:-}

for target in $FUZZ_TARGETS; do
    case " $ALL_TARGETS " in
        *" $target "*) ;;
        *) echo "fuzz.sh: no target named \"$target\" (targets: $ALL_TARGETS)" >&2; exit 2 ;;
    esac
done

# swiftc's -sanitize=fuzzer links the toolchain's own libFuzzer; the swift.org toolchains for
# Linux ship it, Xcode's does not.
swiftc_path=$(command -v "${SWIFT}c" || command -v swiftc)
runtime=$(ls "$(dirname "$(readlink -f "$swiftc_path")")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer-"$(uname -m)".a 2>/dev/null | head -1 || true)
if [ -z "$runtime" ]; then
    echo "fuzz.sh: this Swift toolchain has no libFuzzer runtime (libclang_rt.fuzzer); use a swift.org toolchain." >&2
    exit 1
fi

# -parse-as-library: a target's file defines its entry point itself (see CLibFuzzer.h).
# -enable-testing: the targets reach internal readers with @testable import.
# lld: gold fails on the sanitizer runtime's debug information.
BUILD_FLAGS=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing
             -Xswiftc -g -Xswiftc -use-ld=lld)
for target in $FUZZ_TARGETS; do
    echo "== building fuzz-$target"
    "$SWIFT" build "${BUILD_FLAGS[@]}" --product "fuzz-$target" 2>&1 | grep -v "^\[" || true
done
bin=$("$SWIFT" build "${BUILD_FLAGS[@]}" --show-bin-path)

# The targets' scratch files (inputs written to disk, bundles' staging folders) stay here; a
# target that crashed or was stopped leaves them behind, so the folder is emptied each run.
export TMPDIR="$PWD/.build/tmp"
rm -rf "$TMPDIR"
mkdir -p "$TMPDIR"

# Leaks in the toolchain's own libraries, not Larder's, are not findings.
export LSAN_OPTIONS="suppressions=$PWD/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

summary=()
found=0
for target in $FUZZ_TARGETS; do
    corpus=.build/corpus/$target
    seeds=.build/seeds/$target
    crashes=Crashes/$target
    log=.build/logs/$target.log
    rm -rf "$seeds"
    mkdir -p "$corpus" "$seeds" "$crashes" .build/logs
    python3 collect-seeds.py "$target" "$seeds"
    extra=()
    [ -d "Corpus/$target" ] && extra+=("Corpus/$target")
    dict=()
    [ -f "Dictionaries/$target.dict" ] && dict+=("-dict=Dictionaries/$target.dict")
    before=$(ls "$crashes" | wc -l)
    echo "== fuzz-$target for ${FUZZ_SECONDS}s (log: Fuzz/$log)"
    started=$(date +%s)
    # shellcheck disable=SC2086
    "$bin/fuzz-$target" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$crashes/" "${dict[@]}" $FUZZ_ARGS "$corpus" "$seeds" "${extra[@]}" >"$log" 2>&1 || true
    seconds=$(( $(date +%s) - started ))
    # The final stats, or in fork mode (-fork=N) the last status line's count.
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
    [ -n "$execs" ] || execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
    new=$(( $(ls "$crashes" | wc -l) - before ))
    [ "$new" -gt 0 ] && found=1
    summary+=("$(printf '%-15s %6ss %12s execs  %-24s %s new finding(s)' "$target" "$seconds" "${execs:-?}" "${cov:-cov: ? ft: ?}" "$new")")
    if [ "$new" -gt 0 ]; then
        grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*Fatal error:|artifact_prefix|Test unit written)' "$log" | head -5 || true
    fi
done

echo
echo "target          seconds     executions  coverage                 findings"
printf '%s\n' "${summary[@]}"
if [ "$found" = 1 ]; then
    echo
    echo "Findings are in Fuzz/Crashes/TARGET/. Reproduce one: $bin/fuzz-TARGET Fuzz/Crashes/TARGET/FILE"
    echo "Minimise it: $bin/fuzz-TARGET -minimize_crash=1 -runs=100000 -exact_artifact_path=min.bin FILE"
    exit 1
fi

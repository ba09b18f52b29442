#!/bin/sh
# Builds the fuzzers (tests/fuzz: readers, safetensors) with clang and runs each for a while;
# fails on any crash, sanitizer report or leak. TARGET.dict next to a target is its dictionary. Usage: run_fuzzers.sh [BUILD_DIR] (default: a temp folder).
# FUZZ_SECONDS (default 20) sets the time per target.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
seconds=${FUZZ_SECONDS:-20}

cxx=$(command -v clang++ || command -v clang++-14 || true)
if [ -z "$cxx" ]; then
    echo "SKIPPED: clang++ not found; install clang and libclang-rt-dev to run the fuzzers"
    exit 0
fi

build=${1:-$(mktemp -d "${TMPDIR:-/tmp}/isomorph-fuzz.XXXXXX")}
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" >"$build.configure.log" 2>&1 ||
    { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j1

status=0
for target in fuzz_text_documents fuzz_jsonl fuzz_tsv fuzz_safetensors; do
    # Work on a copy of the seeds so the source tree does not fill with generated inputs.
    work="$build/corpus-$target"
    mkdir -p "$work"
    cp "$here/corpus/$target/"* "$work/"
    echo "== $target (${seconds}s)"
    dict=""
    [ -f "$here/$target.dict" ] && dict="-dict=$here/$target.dict"
    # shellcheck disable=SC2086  # $dict is one word or none
    if ! (cd "$build" && "./$target" -max_total_time="$seconds" -max_len=8192 $dict \
            -print_final_stats=1 "$work" 2>"$build/$target.log"); then
        tail -n 60 "$build/$target.log"
        echo "FAILED: $target (crash input in $build)"
        status=1
    else
        grep -E "^stat::number_of_executed_units|^Done" "$build/$target.log" || true
    fi
done
exit $status

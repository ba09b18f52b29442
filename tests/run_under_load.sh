#!/usr/bin/env bash
# The suite on a machine that is busy with something else: a fresh clone of HEAD is built (idle,
# in the clone's own build/ with CI's flags, so ccache serves it: CCACHE_BASEDIR), then one busy
# loop is pinned on every core for the whole test phase, and `ctest -L gui` and the full suite
# (all labels but perf) run ROUNDS times in a row (default 3). Any failure stops it with a
# non-zero status. A functional test must pass like this; time budgets live in the perf
# label and tests/benchmarks (tests/support/perf_budget.h).
#
# Usage: tests/run_under_load.sh [ROUNDS]
# Environment: WORK (default: a new folder under /tmp; an earlier WORK is moved to HEAD and
#              rebuilt incrementally), JOBS (ctest -j, default: nproc),
#              LABEL_ONLY=gui runs only the gui label rounds.
set -euo pipefail

rounds=${1:-3}
jobs=${JOBS:-$(nproc)}
src=$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)
work=${WORK:-$(mktemp -d /tmp/isomorph-load.XXXXXX)}
log="$work/under-load.log"
say() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$log"; }

mkdir -p "$work"
if [ ! -d "$work/src" ]; then
  git clone -q "$src" "$work/src"
else  # the same clone moved to HEAD: nothing of the work tree, an incremental build
  git -C "$work/src" fetch -q "$src" HEAD
  git -C "$work/src" reset -q --hard FETCH_HEAD
  git -C "$work/src" clean -qfdx -e build
fi
say "fresh clone of $(git -C "$work/src" rev-parse --short HEAD) in $work/src"
cmake -S "$work/src" -B "$work/src/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DISOMORPH_BUILD_BENCHMARKS=ON -DISOMORPH_WERROR=ON >/dev/null
build_start=$(date +%s)
cmake --build "$work/src/build" -j "$(nproc)" >"$work/build.log" 2>&1 || {
  tail -40 "$work/build.log"
  exit 1
}
say "built in $(($(date +%s) - build_start)) s (idle)"

loops=()
stop_loops() { [ "${#loops[@]}" -eq 0 ] || kill "${loops[@]}" 2>/dev/null || true; }
trap stop_loops EXIT
for ((core = 0; core < $(nproc); ++core)); do
  taskset -c "$core" bash -c 'while :; do :; done' &
  loops+=($!)
done
say "${#loops[@]} busy loops pinned, one per core (pids ${loops[*]})"

run() {  # run NAME ctest-args...
  local name=$1 t0
  shift
  t0=$(date +%s)
  if ctest --test-dir "$work/src/build" --output-on-failure -j "$jobs" "$@" >"$work/$name.log" 2>&1; then
    say "$name: $(grep -E 'tests passed' "$work/$name.log" | tail -1) in $(($(date +%s) - t0)) s"
  else
    say "$name: FAILED after $(($(date +%s) - t0)) s:"
    grep -E 'Failed|\*\*\*|FAIL!' "$work/$name.log" | tee -a "$log" | head -40
    exit 1
  fi
}

total_start=$(date +%s)
for ((r = 1; r <= rounds; ++r)); do
  run "round$r-gui" -L gui -LE perf
  [ "${LABEL_ONLY:-}" = gui ] && continue
  run "round$r-full" -LE perf
done
say "all $rounds round(s) passed under load in $(($(date +%s) - total_start)) s; logs in $work"

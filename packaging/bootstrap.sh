#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine (the README's two commands):
#   packaging/bootstrap.sh demo   install dependencies, build, prepare the demo workspace and
#                                 open it in the workbench (headless demo when there is no display)
#   packaging/bootstrap.sh test   install dependencies, build, run the whole test suite
# Environment: BUILD_DIR (default: build), JOBS (default: number of cores).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
mode=${1:-}
case "$mode" in
  demo|test) ;;
  *) echo "usage: packaging/bootstrap.sh demo|test" >&2; exit 2 ;;
esac

build_dir=${BUILD_DIR:-build}
jobs=${JOBS:-$(nproc)}

step() { printf '\n==> %s\n' "$*"; }

step "Installing dependencies (Debian packages)"
packaging/install-deps.sh

step "Configuring and building in $build_dir"
# The test mode (CI) also builds the benchmarks, so they keep compiling, and treats warnings in our
# code as errors.
extra=()
[ "$mode" = test ] && extra+=(-DISOMORPH_BUILD_BENCHMARKS=ON -DISOMORPH_WERROR=ON)
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${extra[@]}"
cmake --build "$build_dir" -j "$jobs"
cli="$build_dir/bin/isomorph-cli"

if [ "$mode" = test ]; then
  step "Running the test suite"
  # Labels: unit, integration, gui, slow. All of them run here, as in CI.
  ctest --test-dir "$build_dir" --output-on-failure -j "$jobs"
  exit 0
fi

step "Checking the installation"
"$cli" doctor

step "Preparing the demo workspace (man-page corpus, tokenizer, shards; skipped when built)"
"$cli" demo prepare

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  step "Starting the workbench"
  exec "$build_dir/bin/isomorph" --demo
fi

echo
echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset), so the workbench cannot open."
echo "Running the headless demo instead: train the ccp-demo run for ${ISOMORPH_DEMO_MINUTES:-10} minutes"
echo "and report dev bitext accuracy before and after (Ctrl-C stops early with a checkpoint)."
step "Headless demo (isomorph-cli demo run)"
"$cli" demo run --minutes "${ISOMORPH_DEMO_MINUTES:-10}"

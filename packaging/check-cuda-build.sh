#!/usr/bin/env bash
# CI's second configuration: the engine and isomorph-cli against PyPI's CUDA LibTorch 2.x
# (packaging/fetch-libtorch.sh) and the machine's CUDA toolkit, compiled and linked, then started
# on this machine, which has no GPU: `doctor` must say so and a CPU encode must run.
# The full suite runs on Debian's LibTorch 1.13 (packaging/bootstrap.sh test); building and testing
# this configuration in full too would double CI's time (docs/architecture.md, "Build").
# Usage: packaging/check-cuda-build.sh [BUILD_DIR] (default build-cuda). Environment: JOBS,
# TORCH_VERSION (default: fetch-libtorch.sh's), CUDA_CHECK_OPT (default -O0).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
build=${1:-build-cuda}
jobs=${JOBS:-$(nproc)}
step() { printf '\n==> %s\n' "$*"; }

if ! command -v nvcc >/dev/null && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "check-cuda-build: no CUDA toolkit (nvcc) on this machine; the CUDA configuration needs one" >&2
  exit 1
fi
export PATH="$PATH:/usr/local/cuda/bin"

step "Fetching LibTorch ${TORCH_VERSION:-} from PyPI's torch wheel"
prefix=$(packaging/fetch-libtorch.sh ${TORCH_VERSION:-})

step "Configuring and building the CUDA configuration in $build (engine and isomorph-cli)"
mkdir -p "$build"
# Unoptimised (-O0, CUDA_CHECK_OPT to change it): what this checks is that the code compiles and
# links against CUDA LibTorch 2.x and starts; optimisation changes none of that, and the warnings
# that need the optimiser are checked by the -O3 build of the suite. It compiles the engine in
# about two thirds of the time.
opt=${CUDA_CHECK_OPT:--O0}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="$opt -DNDEBUG" \
  -DISOMORPH_BUILD_GUI=OFF -DISOMORPH_BUILD_TESTS=OFF -DISOMORPH_WERROR=ON -DCMAKE_PREFIX_PATH="$prefix" \
  -DTORCH_CUDA_ARCH_LIST="8.0;9.0" | tee "$build/configure.log"
grep -q "CUDA/NCCL paths: ON" "$build/configure.log" ||
  { echo "check-cuda-build: the LibTorch found is not a CUDA build" >&2; exit 1; }
cmake --build "$build" -j "$jobs" --target isomorph-cli isomorph_spm

step "Starting it without a GPU"
"$build/bin/isomorph-cli" doctor | tee "$build/doctor.txt"
grep -q 'CUDA: compiled, but no GPU is visible' "$build/doctor.txt"
echo "check-cuda-build: the CUDA configuration compiles, links and starts without a GPU"

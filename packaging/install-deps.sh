#!/usr/bin/env bash
# Installs every Debian 12 package Isomorph needs to build, test and run.
# Idempotent: packages already present are left alone; `apt-get update` runs once per call.
# Works as root or through sudo. Usage: packaging/install-deps.sh [--with-docs-langs]
set -euo pipefail

# Build toolchain and helpers.
# help2man writes the man pages from the programs' own --help.
# unzip: packaging/fetch-libtorch.sh takes LibTorch 2.x out of the torch wheel; xz-utils: gpu-check.sh bundle.
BUILD_PKGS=(build-essential cmake ninja-build pkg-config ccache git file dpkg-dev clang-format help2man unzip xz-utils)
# Qt 6 (Widgets, Svg, Concurrent, Test, Linguist); the charts are our own widget, not Qt Charts.
QT_PKGS=(qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
         qt6-l10n-tools qt6-translations-l10n libgl-dev)
# Engine libraries. libopenblas0-pthread switches libblas.so.3 to OpenBLAS (LibTorch is ~40x slower
# on the reference BLAS); libgloo-dev is needed by the c10d ProcessGroupGloo headers.
ENGINE_PKGS=(libtorch-dev libgloo-dev libopenblas0-pthread libopenblas-pthread-dev liblapack-dev
             libsentencepiece-dev sentencepiece libfaiss-dev libeigen3-dev libxapian-dev
             nlohmann-json3-dev libtomlplusplus-dev libcli11-dev libspdlog-dev libfmt-dev zlib1g-dev
             libicu-dev libxml2-dev libssl-dev)
# Tests: headless GUI, the independent python3-torch reference, fuzzing with libFuzzer.
TEST_PKGS=(xvfb xauth python3 python3-venv python3-torch python3-numpy python3-sklearn python3-faiss python3-scipy clang libclang-rt-14-dev
           appstream desktop-file-utils fonts-dejavu-core fonts-noto-cjk imagemagick x11-utils)
# Real multilingual text for the built-in demo workspace (man pages in many languages).
MAN_PKGS=(man-db groff-base manpages manpages-de manpages-fr manpages-es manpages-ru manpages-ja manpages-zh
          manpages-it manpages-pl manpages-nl manpages-pt-br manpages-uk manpages-cs)
# Translated documentation books that the demo corpus aligns (docs/demo-corpus.md).
DOC_PKGS=(debian-handbook installation-guide-amd64 debian-reference-en debian-reference-de
          debian-reference-es debian-reference-fr debian-reference-it debian-reference-ja
          debian-reference-pt debian-reference-zh-cn)

ALL=("${BUILD_PKGS[@]}" "${QT_PKGS[@]}" "${ENGINE_PKGS[@]}" "${TEST_PKGS[@]}" "${MAN_PKGS[@]}" "${DOC_PKGS[@]}")

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "install-deps: run as root or install sudo (needed for apt-get)" >&2
  exit 1
fi

missing=()
for p in "${ALL[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all ${#ALL[@]} packages already installed"
else
  echo "install-deps: installing ${#missing[@]} package(s): ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update
  "${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

# Man pages are the demo corpus. Some container images tell dpkg not to install them.
if grep -rqs 'path-exclude=/usr/share/man' /etc/dpkg/dpkg.cfg.d/ 2>/dev/null; then
  echo "install-deps: WARNING: /etc/dpkg/dpkg.cfg.d/ excludes /usr/share/man; the demo corpus needs man" >&2
  echo "  pages. Remove that path-exclude line and reinstall the manpages-* packages." >&2
fi

# Make sure the OpenBLAS pthread variant provides libblas.so.3 (LibTorch calls it).
arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)
if [ -e "/usr/lib/$arch/openblas-pthread/libblas.so.3" ]; then
  current=$(readlink -f "/usr/lib/$arch/libblas.so.3" || true)
  case "$current" in
    *openblas*) ;;
    *) "${SUDO[@]}" update-alternatives --set "libblas.so.3-$arch" "/usr/lib/$arch/openblas-pthread/libblas.so.3" ;;
  esac
fi
echo "install-deps: done"

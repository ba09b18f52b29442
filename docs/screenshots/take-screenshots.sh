#!/bin/bash
# Screenshots of the workbench under Xvfb into docs/screenshots/ (needs xvfb and imagemagick,
# both installed by packaging/install-deps.sh).
#
#   docs/screenshots/take-screenshots.sh [BUILD_DIR] [WORKSPACE] [RUN_A,RUN_B]
#
# runs-compare.png  the Runs view comparing two runs (default: the two newest in WORKSPACE/runs)
# runs-compare-ja.png  the same in Japanese (ISOMORPH_LANGUAGE=ja; CJK glyphs from fonts-noto-cjk)
# runs-live-demo.png  `isomorph --demo` after a minute: the live ccp-demo run (stopped afterwards
#                     with SIGINT, so it leaves a checkpoint)
# scatter-synthetic.png, scatter-synthetic-density.png  the Embeddings view's scatter on 200,000
#                     synthetic points in 5 languages, 5 translations highlighted (offscreen, from
#                     bench_scatter: only in builds with -DISOMORPH_BUILD_BENCHMARKS=ON)
# search-ab.png       the Search view in A/B mode on the demo workspace: the newest run's first
#                     checkpoint (baseline) against its best, each on its own index of the demo's
#                     test passages (built in WORKSPACE/indexes when missing); offscreen, from
#                     bench_search_view (benchmark builds), which also prints the Enter -> results
#                     painted latency. SEARCH_A / SEARCH_B choose other checkpoints, SEARCH_QUERY
#                     the query.
# embeddings-calibrated.png  the Embeddings view on the newest run's latest checkpoint (or
#                     $EMBEDDINGS_CHECKPOINT): the demo corpus's dev pairs after shift, scale and
#                     the unsupervised rotation, 5 translations highlighted
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
ws=${2:-${ISOMORPH_WORKSPACE:-${XDG_DATA_HOME:-$HOME/.local/share}/isomorph/demo-workspace}}
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
checkpoint=${EMBEDDINGS_CHECKPOINT:-$(ls -1dt "$ws"/runs/*/checkpoints/latest 2>/dev/null | head -1)}
if [ -n "$checkpoint" ]; then
  # Encoding the dev pairs and fitting the calibration on the train split (500 sentences of each
  # of ~22 languages) took over 4 minutes on the loaded 2-core machine.
  shoot "$here/embeddings-calibrated.png" "${EMBEDDINGS_WAIT:-420}" --workspace "$ws" \
    --embeddings "$checkpoint" --calibration-step 3
fi
newest_run=$(ls -1td "$ws"/runs/*/ 2>/dev/null | head -1)
search_a=${SEARCH_A:-$(ls -1d "${newest_run}checkpoints"/step-* 2>/dev/null | head -1)}
search_b=${SEARCH_B:-${newest_run%/}}
if [ -x "$build/bin/bench_search_view" ] && [ -n "$search_a" ]; then
  "$build/bin/bench_search_view" --workspace "$ws" --model-a "$search_a" --model-b "$search_b" \
    --queries 100 --query "${SEARCH_QUERY:-Dateien kopieren}" --screenshot "$here/search-ab.png"
fi
ISOMORPH_LANGUAGE=en shoot "$here/runs-compare.png" 8 --workspace "$ws" --view runs --select "$compare"
ISOMORPH_LANGUAGE=ja shoot "$here/runs-compare-ja.png" 8 --workspace "$ws" --view runs --select "$compare"
ISOMORPH_LANGUAGE=en ISOMORPH_WORKSPACE="$ws" shoot "$here/runs-live-demo.png" 60 --demo
# The demo run started by --demo keeps training after the GUI is gone: stop it with a checkpoint.
pkill -INT -f "isomorph-cli train --preset ccp-demo --workspace $ws" || true
echo "wrote $here/runs-compare.png, runs-compare-ja.png and runs-live-demo.png"

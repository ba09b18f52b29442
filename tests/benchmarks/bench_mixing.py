#!/usr/bin/python3
"""schedule.mixing = sum vs its parts: what a summed step costs in time and memory.

Four short `isomorph-cli train` runs of the hictl-demo preset on the demo workspace, in one script,
interleaved A B C D A B C D so machine noise hits all alike: MLM only, HICTL only, both summed every
step (the papers' loss) and both sampled (one objective per step, MLM for 1 step in 11). A summed
step runs both objectives' forward and backward one after the other, freeing each graph before the
next, so:

- its step time should be close to the sum of the two single-objective step times (target: sum
  step <= 1.05 x (MLM step + HICTL step); the overhead is the loop, not the model);
- its peak memory should be close to the larger of the two, not their sum: the graphs do not
  coexist (target: summed peak RSS - larger single peak RSS <= 25% of the smaller single peak; both
  objectives' heads, optimizer state and data are resident in the summed run, so it cannot be 0).

Usage: bench_mixing.py BUILD_DIR DEMO_WORKSPACE [STEPS] [ROUNDS]
Prints median step times, peak RSS per variant and the two ratios.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

VARIANTS = {
    "mlm": ["--set", "objectives.hictl.weight=0", "--set", "schedule.mixing=sum"],
    "hictl": ["--set", "objectives.mlm.weight=0", "--set", "schedule.mixing=sum"],
    "sum": ["--set", "schedule.mixing=sum"],
    "sample": ["--set", "schedule.mixing=sample", "--set", "objectives.mlm.weight=0.1"],
}


def run(cli, ws, run_dir, steps, extra):
    cmd = [cli, "train", "--preset", "hictl-demo", "--workspace", ws, "--run-dir", run_dir,
           "--max-steps", str(steps), "--set", "eval.every=0", "--set", "monitor.every=0",
           "--set", "checkpoint.every=0", "--set", "runtime.threads=2"] + extra
    subprocess.run(cmd, check=True, capture_output=True)
    rows = [json.loads(line) for line in open(os.path.join(run_dir, "metrics.jsonl"))]
    train = [r for r in rows if r.get("kind") == "train"]
    # The first steps warm the allocator and caches; the rest is the steady state.
    times = [r["step_time"] for r in train[len(train) // 5:]]
    return statistics.median(times), max(r["rss_peak_mb"] for r in train)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    build, ws = sys.argv[1], sys.argv[2]
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    cli = os.path.join(build, "bin", "isomorph-cli")
    times = {k: [] for k in VARIANTS}
    rss = {k: [] for k in VARIANTS}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            for name, extra in VARIANTS.items():
                t, m = run(cli, ws, os.path.join(tmp, f"{name}-{r}"), steps, extra)
                times[name].append(t)
                rss[name].append(m)
                print(f"round {r + 1} {name:>6}: median step {t * 1000:7.1f} ms, peak RSS {m:6.0f} MB",
                      flush=True)
    t = {k: statistics.median(v) for k, v in times.items()}
    m = {k: max(v) for k, v in rss.items()}
    print(f"\nmedian step time: MLM {t['mlm'] * 1000:.1f} ms, HICTL {t['hictl'] * 1000:.1f} ms, "
          f"summed {t['sum'] * 1000:.1f} ms, sampled {t['sample'] * 1000:.1f} ms")
    print(f"summed step / (MLM + HICTL) = {t['sum'] / (t['mlm'] + t['hictl']):.3f} (target <= 1.05)")
    print(f"summed step / sampled step  = {t['sum'] / t['sample']:.3f} (the price of the papers' loss)")
    larger, smaller = max(m["mlm"], m["hictl"]), min(m["mlm"], m["hictl"])
    print(f"peak RSS: MLM {m['mlm']:.0f} MB, HICTL {m['hictl']:.0f} MB, summed {m['sum']:.0f} MB, "
          f"sampled {m['sample']:.0f} MB")
    print(f"summed - larger single = {m['sum'] - larger:.0f} MB = "
          f"{(m['sum'] - larger) / smaller:.2f} x the smaller single peak ({smaller:.0f} MB; target <= 0.25)")


if __name__ == "__main__":
    main()

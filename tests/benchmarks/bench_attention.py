#!/usr/bin/python3
"""Memory of attention vs sequence length: full attention (quadratic) vs global + sliding window
(linear), batch 2, 12 heads of 64, radius 32, 16 global tokens. Each point is a separate process
(peak RSS is per process); the baseline (inputs, libraries) is the smallest run's RSS minus its
attention term. Usage: bench_attention.py BUILD_DIR [LENGTH...] (default 512 1024 2048 4096)"""
import os
import subprocess
import sys


def run(build, mode, seq):
    out = subprocess.run([os.path.join(build, "bin", "bench_attention"), mode, str(seq)],
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[2]), int(out[3]) / 1024.0


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    lengths = [int(a) for a in sys.argv[2:]] or [512, 1024, 2048, 4096]
    rows = {m: [run(build, m, t) for t in lengths] for m in ("full", "window")}
    print(f"{'seq':>6} {'full ms':>9} {'full MiB':>9} {'window ms':>10} {'window MiB':>11}")
    for i, t in enumerate(lengths):
        print(f"{t:>6} {rows['full'][i][0]:9.1f} {rows['full'][i][1]:9.1f} {rows['window'][i][0]:10.1f} "
              f"{rows['window'][i][1]:11.1f}")
    for m in ("full", "window"):
        print(f"RATIO {m}: peak RSS at {lengths[-1]} / at {lengths[0]} = {rows[m][-1][1] / rows[m][0][1]:.2f} "
              f"(increments per doubling: " +
              ", ".join(f"{rows[m][i + 1][1] - rows[m][i][1]:.0f}" for i in range(len(lengths) - 1)) + " MiB)")
    print("memory linear in the length doubles its increment per doubling of the length (window);"
          " quadratic memory quadruples it (full attention)")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Peak RSS of `isomorph-cli encode` on N short sentences vs 10N: encoding streams chunks to the
.npy file, so memory must not grow with N (target: RSS(1M) <= 1.2 x RSS(100k)). Uses a small
freshly initialised model so a million sentences take about a minute; the streaming path is the
same for any model. Usage: bench_encode_memory.py BUILD_DIR TOKENIZER.model [N]"""
import os
import random
import subprocess
import sys
import tempfile
import time


def peak_rss(cmd):
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execv(cmd[0], cmd)
    start = time.perf_counter()
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: " + " ".join(cmd))
    return usage.ru_maxrss / 1024.0, time.perf_counter() - start


def main():
    build, tokenizer = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
    cli = os.path.join(build, "bin", "isomorph-cli")
    words = "list copy remove print files directory contents all size the Datei kopieren alle".split()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "model")
        subprocess.run([cli, "model", "init", "--tokenizer", tokenizer, "--out", model, "--layers", "2",
                        "--hidden", "64", "--heads", "2", "--ffn", "128"], check=True, capture_output=True)
        results = {}
        for count in (n, 10 * n):
            path = os.path.join(tmp, f"s{count}.txt")
            with open(path, "w") as f:
                for _ in range(count):
                    f.write(" ".join(rng.choice(words) for _ in range(rng.randint(2, 6))) + "\n")
            rss, secs = peak_rss([cli, "encode", "--model", model, "--input", path, "--output",
                                  os.path.join(tmp, f"s{count}.npy")])
            results[count] = rss
            print(f"{count:>9} sentences: peak RSS {rss:7.1f} MiB, {secs:6.1f} s ({count / secs:.0f} sentences/s)")
        print(f"RATIO peak RSS {10 * n} / {n}: {results[10 * n] / results[n]:.3f} (target <= 1.2)")


if __name__ == "__main__":
    main()

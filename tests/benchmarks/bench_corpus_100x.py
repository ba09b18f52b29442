#!/usr/bin/python3
"""A corpus 100 times the demo's: binarizing and training keep bounded memory.

Usage: bench_corpus_100x.py BUILD_DIR DEMO_WORKSPACE OUT [COPIES] [STEPS]

Writes the demo's training documents COPIES times (default 100; document ids suffixed so none
repeats) to OUT/docs-100x, binarizes it and the original with the demo tokenizer, and trains
ccp-demo for STEPS steps (default 30) on each shard set. Prints wall time and peak RSS of each
command and the ratios 100x / 1x: binarizing is a stream (bounded chunks in flight), training maps
the shards and samples by index arithmetic (no per-item arrays), so peak memory should stay within
a few percent while the corpus grows 100-fold. For training the anonymous memory is reported apart
from the mapped shard pages (file-backed, dropped by the kernel under memory pressure). Needs about 7 GB of free disk for COPIES = 100.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time


def run(cmd):
    start = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "MAXRSS %M"] + cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{p.stderr[-3000:]}")
    return time.perf_counter() - start, int(re.findall(r"MAXRSS (\d+)", p.stderr)[-1]) / 1024


def run_sampled(cmd):
    """Runs cmd; returns (seconds, peak anonymous RSS MB, peak file-backed RSS MB), sampled from
    /proc every 0.2 s. Mapped shards count in RSS as file pages the kernel can drop at any time;
    the anonymous part is the memory the process holds."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    anon = file = 0
    while p.poll() is None:
        try:
            status = open(f"/proc/{p.pid}/status").read()
            anon = max(anon, int(re.search(r"RssAnon:\s+(\d+)", status).group(1)))
            file = max(file, int(re.search(r"RssFile:\s+(\d+)", status).group(1)))
        except (OSError, AttributeError):
            pass
        time.sleep(0.2)
    if p.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{p.stderr.read()[-3000:]}")
    return time.perf_counter() - start, anon / 1024, file / 1024


def main():
    build, ws, out = sys.argv[1], sys.argv[2], sys.argv[3]
    copies = int(sys.argv[4]) if len(sys.argv) > 4 else 100
    steps = int(sys.argv[5]) if len(sys.argv) > 5 else 30
    cli = os.path.join(build, "bin", "isomorph-cli")
    tok = os.path.join(ws, "tokenizers", "man-demo.model")
    docs = os.path.join(ws, "corpora", "man-demo", "docs", "train")
    shutil.rmtree(out, ignore_errors=True)
    big = os.path.join(out, f"docs-{copies}x")
    os.makedirs(big)
    text_bytes = 0
    for name in sorted(os.listdir(docs)):
        lines = open(os.path.join(docs, name), encoding="utf-8").read().splitlines()
        with open(os.path.join(big, name), "w", encoding="utf-8") as f:
            for k in range(copies):
                for line in lines:
                    d = json.loads(line)
                    d["id"] = f'{d["id"]}#{k}'
                    f.write(json.dumps(d, ensure_ascii=False) + "\n")
        text_bytes += os.path.getsize(os.path.join(big, name))
    print(f"{copies}x corpus: {text_bytes / 2**30:.2f} GiB of JSON lines")

    results = {}
    for label, source in (("1x", docs), (f"{copies}x", big)):
        shards = os.path.join(out, f"shards-{label}")
        t_bin, rss_bin = run([cli, "corpus", "binarize", "--tokenizer", tok, "--input", source, "--out", shards])
        run_dir = os.path.join(out, f"run-{label}")
        t_train, rss_train, file_train = run_sampled([cli, "train", "--preset", "ccp-demo", "--workspace", ws, "--run-dir", run_dir,
                                  "--set", f"data.docs={shards}", "--set", f"schedule.max_steps={steps}",
                                  "--set", "eval.every=100000", "--set", "checkpoint.every=100000",
                                  "--set", "schedule.warmup_steps=0"])
        size = sum(os.path.getsize(os.path.join(shards, f)) for f in os.listdir(shards))
        results[label] = (t_bin, rss_bin, t_train, rss_train, size)
        print(f"{label:>5}: shards {size / 2**20:8.1f} MiB, binarize {t_bin:7.1f} s peak {rss_bin:7.1f} MB, "
              f"train {steps} steps {t_train:6.1f} s peak anonymous {rss_train:7.1f} MB "
              f"(+ {file_train:.1f} MB of mapped shard pages)")
    a, b = results["1x"], results[f"{copies}x"]
    print(f"RATIO {copies}x / 1x: shards {b[4] / a[4]:.1f}x, binarize time {b[0] / a[0]:.1f}x, "
          f"binarize peak RSS {b[1] / a[1]:.2f}x, training peak anonymous RSS {b[3] / a[3]:.2f}x")


if __name__ == "__main__":
    main()

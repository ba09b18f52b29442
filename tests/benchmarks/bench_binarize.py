#!/usr/bin/python3
"""Binarization benchmark (issue: data layer). Prints ratios measured in one run:

  1. throughput of `isomorph-cli corpus binarize --threads 1` vs `spm_encode` (single-threaded)
     on the same sentences with the same model, and with all cores for information;
  2. peak RSS of binarizing a corpus vs the same corpus repeated 4 times.

Usage: bench_binarize.py BUILD_DIR TOKENIZER.model DOCS... (JSONL or plain text document files,
e.g. the demo corpus's docs/train/*.jsonl). Not a pass/fail test.
"""
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def sentences_of(paths):
    for path in paths:
        with open(path, encoding="utf-8") as f:
            if path.endswith(".jsonl"):
                for line in f:
                    if line.strip():
                        yield json.loads(line)["sentences"]
            else:
                doc = []
                for line in f:
                    if line.strip():
                        doc.append(line.rstrip("\n"))
                    elif doc:
                        yield doc
                        doc = []
                if doc:
                    yield doc


def run(cmd, stdin=None, stdout=subprocess.DEVNULL):
    """Runs cmd; returns (seconds, peak RSS of that child in MiB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        if stdin is not None:
            os.dup2(os.open(stdin, os.O_RDONLY), 0)
        if stdout is subprocess.DEVNULL:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
        os.execvp(cmd[0], cmd)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(cmd)}")
    return seconds, usage.ru_maxrss / 1024.0


def best_of(n, cmd, **kw):
    runs = [run(cmd, **kw) for _ in range(n)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    build, model, docs = sys.argv[1], sys.argv[2], sys.argv[3:]
    cli = os.path.join(build, "bin", "isomorph-cli")
    with tempfile.TemporaryDirectory() as tmp:
        # The same sentences for both tools: one per line, a blank line between documents.
        text = os.path.join(tmp, "en.txt")
        n_sent = 0
        with open(text, "w", encoding="utf-8") as out:
            for doc in sentences_of(docs):
                for s in doc:
                    out.write(s.replace("\n", " ") + "\n")
                    n_sent += 1
                out.write("\n")
        size_mb = os.path.getsize(text) / 2**20
        print(f"corpus: {n_sent} sentences, {size_mb:.1f} MiB")

        t_spm, _ = best_of(3, ["spm_encode", f"--model={model}", "--output_format=id"], stdin=text)
        bin_cmd = lambda out, threads, src=text: [cli, "corpus", "binarize", "--tokenizer", model,
                                                  "--input", src, "--lang", "en", "--out", out,
                                                  "--threads", str(threads), "--force"]
        t_1, rss_1x = best_of(3, bin_cmd(os.path.join(tmp, "s1"), 1))
        t_all, _ = best_of(3, bin_cmd(os.path.join(tmp, "sN"), 0))
        print(f"spm_encode (1 thread):       {t_spm:7.3f} s  {n_sent / t_spm:10.0f} sentences/s")
        print(f"isomorph binarize, 1 thread: {t_1:7.3f} s  {n_sent / t_1:10.0f} sentences/s")
        print(f"isomorph binarize, all cores:{t_all:7.3f} s  {n_sent / t_all:10.0f} sentences/s")
        print(f"RATIO binarize(1 thread) / spm_encode throughput: {t_spm / t_1:.2f}x (target >= 0.8)")
        print(f"RATIO binarize(all cores) / spm_encode throughput: {t_spm / t_all:.2f}x")

        text4 = os.path.join(tmp, "en4.txt")
        with open(text4, "w", encoding="utf-8") as out:
            for _ in range(4):
                with open(text, encoding="utf-8") as f:
                    out.write(f.read())
        _, rss_4x = best_of(1, bin_cmd(os.path.join(tmp, "s4"), 0, text4))
        _, rss_1 = best_of(1, bin_cmd(os.path.join(tmp, "s1b"), 0))
        print(f"peak RSS: 1x corpus {rss_1:.1f} MiB, 4x corpus {rss_4x:.1f} MiB")
        print(f"RATIO peak RSS 4x / 1x: {rss_4x / rss_1:.3f} (target < 1.10)")


if __name__ == "__main__":
    main()

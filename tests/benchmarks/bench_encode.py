#!/usr/bin/python3
"""Encoding throughput: `isomorph-cli encode` vs an independent python3-torch implementation of
the same encoder (tests/reference/encoder_reference.py) on the same token ids, batch size and
threads. Also reports achieved GFLOP/s as a fraction of doctor's measured GEMM rate.

Usage: bench_encode.py BUILD_DIR CHECKPOINT SENTENCES.txt [BATCH]
"""
import json
import os
import re
import subprocess
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "reference"))
import encoder_reference as ref  # noqa: E402


def flops(cfg, lengths, batch):
    h, f, layers = cfg["hidden_size"], cfg["intermediate_size"], cfg["num_hidden_layers"]
    total = 0
    order = sorted(lengths, reverse=True)
    for i in range(0, len(order), batch):
        chunk = order[i:i + batch]
        t = chunk[0]
        tokens = t * len(chunk)
        total += layers * (2 * tokens * (4 * h * h + 2 * h * f) + len(chunk) * 4 * t * t * h)
    return total


def main():
    build, ckpt, sentences = sys.argv[1:4]
    batch = int(sys.argv[4]) if len(sys.argv) > 4 else 64
    cli = os.path.join(build, "bin", "isomorph-cli")
    threads = os.cpu_count()
    torch.set_num_threads(threads)
    with open(sentences, encoding="utf-8") as f:
        n = sum(1 for _ in f)
    ids_text = subprocess.run([cli, "tokenizer", "encode", "--model", os.path.join(ckpt, "sentencepiece.bpe.model")],
                              stdin=open(sentences, encoding="utf-8"), capture_output=True, text=True, check=True).stdout
    cfg = json.load(open(os.path.join(ckpt, "config.json")))
    limit = cfg["max_position_embeddings"] - cfg["pad_token_id"] - 1
    rows = [[0] + [int(x) for x in line.split()][: limit - 2] + [2] for line in ids_text.splitlines()]
    lengths = [len(r) for r in rows]

    # Ours: the CLI reports the time of encoding proper (tokenizing included, model loading not).
    out = subprocess.run([cli, "encode", "--model", ckpt, "--input", sentences, "--output", "/tmp/bench_encode.npy",
                          "--batch-size", str(batch), "--threads", str(threads)],
                         capture_output=True, text=True, check=True).stderr
    ours = float(re.findall(r"in ([0-9.]+) s", out)[-1])

    # Reference: same ids, same length-sorted batches, inference mode.
    params = ref.read_safetensors(os.path.join(ckpt, "model.safetensors"))
    prefix = "roberta." if cfg["model_type"] == "xlm-roberta" else "bert."
    cfg.setdefault("layer_norm_eps", 1e-5)
    order = sorted(range(len(rows)), key=lambda i: -lengths[i])
    start = time.perf_counter()
    with torch.inference_mode():
        for i in range(0, len(order), batch):
            chunk = [rows[j] for j in order[i:i + batch]]
            t = len(chunk[0])
            ids = torch.full((len(chunk), t), cfg["pad_token_id"], dtype=torch.long)
            mask = torch.zeros_like(ids)
            for k, r in enumerate(chunk):
                ids[k, :len(r)] = torch.tensor(r)
                mask[k, :len(r)] = 1
            ref.forward(params, cfg, prefix, ids, mask, torch.zeros_like(ids))[0][:, 0]
    reference = time.perf_counter() - start

    doctor = json.loads(subprocess.run([cli, "doctor", "--json"], capture_output=True, text=True, check=True).stdout)
    gemm = doctor["blas"]["gemm"]["gflops"]
    gflop = flops(cfg, lengths, batch) / 1e9
    print(f"{n} sentences, mean {sum(lengths) / n:.1f} tokens, batch {batch}, {threads} threads, model "
          f"{cfg['num_hidden_layers']}x{cfg['hidden_size']}")
    print(f"isomorph encode:        {ours:7.3f} s  {n / ours:9.0f} sentences/s  {gflop / ours:6.1f} GFLOP/s "
          f"({100 * gflop / ours / gemm:.0f}% of the {gemm:.0f} GFLOP/s GEMM rate)")
    print(f"python3-torch reference:{reference:7.3f} s  {n / reference:9.0f} sentences/s")
    print(f"RATIO isomorph / python3-torch throughput: {reference / ours:.2f}x (target >= 1.3)")


if __name__ == "__main__":
    main()

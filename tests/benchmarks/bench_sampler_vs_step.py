#!/usr/bin/python3
"""Sampler + collation rate vs the training step rate of the demo-sized model.

Runs build/bin/bench_samplers (CCP windows + MLM masking + collation, batch 32 windows = 64
sentences of <= 64 tokens) and times, in this script, one MLM training step of a 4-layer, 256-wide
transformer encoder (vocab 16,002, the demo tokenizer's size) on a batch of the same shape with
python3-torch (forward, backward, AdamW), with the same number of threads. Prints both rates and
their ratio (target: batches >= 20x faster than steps). Usage: bench_sampler_vs_step.py BUILD_DIR
"""
import os
import re
import subprocess
import sys
import time

import torch


def step_rate(threads, steps=8):
    torch.manual_seed(0)
    torch.set_num_threads(threads)
    vocab, width, seq, batch = 16002, 256, 66, 64
    emb = torch.nn.Embedding(vocab, width)
    layer = torch.nn.TransformerEncoderLayer(width, 4, 1024, batch_first=True, activation="gelu")
    enc = torch.nn.TransformerEncoder(layer, 4)
    params = list(emb.parameters()) + list(enc.parameters())
    opt = torch.optim.AdamW(params, lr=1e-4)
    ids = torch.randint(4, vocab, (batch, seq))
    labels = torch.where(torch.rand(batch, seq) < 0.15, ids, torch.full_like(ids, -100))

    def one():
        opt.zero_grad()
        h = enc(emb(ids))
        logits = h @ emb.weight.t()  # tied MLM head
        loss = torch.nn.functional.cross_entropy(logits.view(-1, vocab), labels.view(-1))
        loss.backward()
        opt.step()

    one()
    start = time.perf_counter()
    for _ in range(steps):
        one()
    return steps / (time.perf_counter() - start)


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    threads = os.cpu_count()
    out = subprocess.run([os.path.join(build, "bin", "bench_samplers")], capture_output=True,
                         text=True, check=True).stdout
    print(out.strip())
    rates = [float(m) for m in re.findall(r"([0-9.]+) batches/s", out)]
    if not rates:
        sys.exit("could not read batches/s from bench_samplers")
    sampler = rates[0]
    step = step_rate(threads)
    print(f"training step (python3-torch, 4x256 encoder, 64x66 tokens, {threads} threads): {step:.2f} steps/s")
    print(f"RATIO sampler batches/s / training steps/s: {sampler / step:.0f}x (target >= 20x)")


if __name__ == "__main__":
    main()

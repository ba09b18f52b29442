#!/usr/bin/python3
"""HICTL training step throughput: `isomorph-cli train` (hictl-demo with hard negatives and the
word level, HICTL batches only) vs a python3-torch reference of the same step, in the same script run.

Both sides train the demo model (4 layers, 256 wide, the demo tokenizer's vocabulary) on batches of
identical shape: a synthetic en-de pair file whose sides all exceed 32 tokens, so every batch is 32
pairs x 2 sides x 32 tokens for the sentence level and 32 x 63 tokens ("<s> x </s> y </s>") for the
word level. The reference (written here from the paper, eq. 2-8; encoder from
tests/reference/encoder_reference.py) runs the same step: mean-pooled vectors of both sides, the
symmetric InfoNCE with in-batch negatives from both sides, negatives farther than the positive
interpolated towards the query with lambda = (d+/d-)^(zeta p_avg) (built explicitly as points, no
Gram-matrix shortcut), the [CLS] of the concatenated pair contrasting its bag of words against 512
vocabulary ids drawn without replacement by softmax similarity, AdamW and gradient clipping; dropout
off on both sides.

Usage: bench_hictl.py BUILD_DIR DEMO_WORKSPACE [STEPS]
Prints the step times and their ratio (target >= 1.3x).
"""
import json
import os
import random
import subprocess
import sys
import tempfile

import torch

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "reference"))
import bench_train  # noqa: E402  (demo_words, load_reference, timed_steps)
import encoder_reference as ref  # noqa: E402

PAIRS, T, M, TAU, WORD_TAU, ZETA = 32, 32, 512, 0.1, 0.1, 0.9
SPECIAL = 4  # <s>, <pad>, </s>, <unk>; <mask> is the last id


def make_pairs(ws, tmp, cli):
    """A pair shard set of 2,000 en-de pairs whose sides are 40 demo-corpus words (> 32 pieces)."""
    words = bench_train.demo_words(ws)
    rng = random.Random(1)
    tsv = os.path.join(tmp, "en-de.tsv")
    with open(tsv, "w", encoding="utf-8") as f:
        for _ in range(2000):
            f.write(" ".join(rng.choice(words) for _ in range(40)) + "\t" +
                    " ".join(rng.choice(words) for _ in range(40)) + "\n")
    shards = os.path.join(tmp, "pairs")
    subprocess.run([cli, "corpus", "binarize", "--tokenizer", os.path.join(ws, "tokenizers/man-demo.model"),
                    "--pairs", tsv, "--out", shards], check=True, capture_output=True)
    return shards


def reference_step_time(init_dir, steps, threads):
    cfg, params, _ = bench_train.load_reference(init_dir, threads)
    vocab = cfg["vocab_size"]
    emb = params["roberta.embeddings.word_embeddings.weight"]
    opt = torch.optim.AdamW(list(params.values()), lr=3e-4, weight_decay=0.01)
    p_avg = [0.5]

    def encode(ids):
        mask = torch.ones_like(ids)
        return ref.forward(params, cfg, "roberta.", ids, mask, torch.zeros_like(ids))[0]

    def sentence_loss(x, y):
        z = torch.cat([encode(x).mean(1), encode(y).mean(1)])  # mean pooling, no projection
        n2 = z.size(0)
        target = torch.cat([torch.arange(PAIRS, n2), torch.arange(0, PAIRS)])
        q = z[:, None, :]
        diff = z[None, :, :] - q                              # k - q for every (query, key)
        dist = diff.norm(dim=-1)
        d_pos = dist[torch.arange(n2), target][:, None]
        with torch.no_grad():
            lam = torch.where(dist > d_pos, (d_pos / dist.clamp_min(1e-12)) ** (ZETA * p_avg[0]),
                              torch.ones_like(dist))
        keys = q + lam[:, :, None] * diff                      # eq. 5: interpolated negatives
        sim = torch.nn.functional.cosine_similarity(q.expand_as(keys), keys, dim=-1) / TAU
        sim = sim.masked_fill(torch.eye(n2, dtype=torch.bool), float("-inf"))
        loss = torch.nn.functional.cross_entropy(sim, target)
        p_avg[0] = float(torch.exp(-loss.detach()))
        return loss

    def word_loss(x, y):
        joined = torch.cat([x, y[:, 1:]], dim=1)               # <s> x </s> y </s>
        q = encode(joined)[:, 0]
        qn = torch.nn.functional.normalize(q, dim=1)
        en = torch.nn.functional.normalize(emb, dim=1)
        with torch.no_grad():
            excluded = torch.zeros(PAIRS, vocab, dtype=torch.bool)
            excluded[:, :SPECIAL] = True
            excluded[:, vocab - 1] = True
            excluded.scatter_(1, joined, True)
            logits = (qn @ en.t() / WORD_TAU).masked_fill(excluded, float("-inf"))
            negatives = torch.multinomial(torch.softmax(logits, 1), M, replacement=False)
        total = 0
        for i in range(PAIRS):
            bag = torch.unique(joined[i])
            bag = bag[(bag >= SPECIAL) & (bag != vocab - 1)]
            pos = en[bag] @ qn[i] / WORD_TAU                  # [|B|]
            neg = torch.logsumexp(en[negatives[i]] @ qn[i] / WORD_TAU, 0)
            total = total + (-(pos - torch.logaddexp(pos, neg))).mean()
        return total / PAIRS

    def step():
        x = torch.randint(SPECIAL, vocab - 1, (PAIRS, T))
        y = torch.randint(SPECIAL, vocab - 1, (PAIRS, T))
        x[:, 0] = y[:, 0] = 0
        x[:, -1] = y[:, -1] = 2
        return sentence_loss(x, y) + word_loss(x, y)

    everything = list(params.values())
    return bench_train.timed_steps(step, opt, everything, steps)


def main():
    build, ws = sys.argv[1], sys.argv[2]
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    cli = os.path.join(build, "bin", "isomorph-cli")
    threads = os.cpu_count()
    with tempfile.TemporaryDirectory() as tmp:
        pairs = make_pairs(ws, tmp, cli)
        run = os.path.join(tmp, "run")
        cmd = [cli, "train", "--preset", "hictl-demo", "--workspace", ws, "--run-dir", run,
               "--max-steps", str(steps + 3), "--set", f"data.pairs={pairs}", "--set", "data.dev_pairs=",
               "--set", "eval.every=0", "--set", "monitor.every=0", "--set", "checkpoint.every=0",
               "--set", "objectives.mlm.weight=0", "--set", f"objectives.hictl.batch_size={PAIRS}",
               "--set", "objectives.hictl.hard_negatives=true", "--set", "objectives.hictl.word_weight=1",
               "--set", f"objectives.hictl.word_negatives={M}", "--set", f"data.max_tokens={T}",
               "--set", f"runtime.threads={threads}"]
        subprocess.run(cmd, check=True, capture_output=True)
        rows = [json.loads(line) for line in open(os.path.join(run, "metrics.jsonl"))]
        rows = [r for r in rows if r.get("kind") == "train" and "loss/hictl" in r][3:]
        ours = sum(r["step_time"] for r in rows) / len(rows)
        theirs = reference_step_time(os.path.join(run, "init"), max(4, steps // 3), threads)
        print(f"demo model, {threads} threads, HICTL batch {PAIRS} pairs x {T} tokens, word level m = {M}, "
              "hard negatives")
        print(f"HICTL step: isomorph {1000 * ours:7.1f} ms ({len(rows)} steps)  "
              f"python3-torch {1000 * theirs:7.1f} ms")
        print(f"RATIO isomorph / python3-torch HICTL steps/s: {theirs / ours:.2f}x (target >= 1.3)")


if __name__ == "__main__":
    main()

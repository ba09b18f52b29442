#!/usr/bin/python3
"""Retrieval (IR) training step throughput: `isomorph-cli train` (ir-both-demo: L_IR with the
semantic and the language contrastive losses) vs a python3-torch reference of the same step, in the
same script run.

Both sides train the demo model (4 layers, 256 wide, the demo tokenizer's vocabulary, one shared
encoder, mean pooling) on batches of identical shape: a synthetic BEIR set whose queries exceed 32
tokens and passages 128 tokens, a synthetic en-de pair file whose sides exceed 32 tokens
(bench_hictl.make_pairs) and monolingual 90-word sentences (bench_train.make_corpus), so every step
is 32 queries x 32 tokens and 32 passages x 128 tokens (L_IR, eq. 1, cosine / 0.05 with in-batch
negatives), 32 pairs x 2 x 32 tokens (L_semaCL, eq. 2, tau 0.1, both directions) and another 32
pairs x 2 x 32 tokens with 16 monolingual rows x 32 tokens (L_langCL, eq. 3, normalised by
N(N-2)). The reference (written here from the paper, as tests/reference/ir_reference.py but
vectorised; encoder forward from tests/reference/encoder_reference.py) differentiates the
contrastive losses one after the other before L_IR, as the C++ does (Hu et al. 2023, section 4:
sequential to bound memory), then AdamW and gradient clipping; dropout off on both sides.

Usage: bench_ir.py BUILD_DIR DEMO_WORKSPACE [STEPS]
Prints the step times and their ratio (target >= 1.3x).
"""
import json
import os
import random
import subprocess
import sys
import tempfile

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "reference"))
import bench_hictl  # noqa: E402  (make_pairs)
import bench_train  # noqa: E402  (make_corpus, timed_steps)
import encoder_reference as ref  # noqa: E402

B, QT, PT, PAIRS, MONO, T = 32, 32, 128, 32, 16, 32
TAU_IR, TAU_SEM, W_S, W_L = 0.05, 0.1, 0.01, 0.001
SPECIAL = 4  # <s>, <pad>, </s>, <unk>; <mask> is the last id


def make_beir(ws, tmp):
    """tmp/beir/en-en: 512 queries of 40 words, each judging one passage of 160 words."""
    words, rng = bench_train.demo_words(ws), random.Random(2)
    root = os.path.join(tmp, "beir", "en-en")
    os.makedirs(os.path.join(root, "qrels"))
    with open(os.path.join(root, "corpus.jsonl"), "w", encoding="utf-8") as c, \
            open(os.path.join(root, "queries.jsonl"), "w", encoding="utf-8") as q, \
            open(os.path.join(root, "qrels", "train.tsv"), "w", encoding="utf-8") as r:
        r.write("query-id\tcorpus-id\tscore\n")
        for i in range(512):
            c.write(json.dumps({"_id": f"d{i}", "title": "",
                                "text": " ".join(rng.choice(words) for _ in range(160))}) + "\n")
            q.write(json.dumps({"_id": f"q{i}", "text": " ".join(rng.choice(words) for _ in range(40))}) + "\n")
            r.write(f"q{i}\td{i}\t1\n")
    return os.path.join(tmp, "beir")


def l_ir(q, p):
    logits = F.normalize(q, dim=1) @ F.normalize(p, dim=1).t() / TAU_IR
    return F.cross_entropy(logits, torch.arange(q.shape[0]))


def l_sema(zx, zy):
    """Eq. 2: each side's translation against every other row of both sides, both directions."""
    n = zx.shape[0]
    z = F.normalize(torch.cat([zx, zy]), dim=1)
    logits = (z @ z.t() / TAU_SEM).masked_fill(torch.eye(2 * n, dtype=torch.bool), float("-inf"))
    target = torch.cat([torch.arange(n, 2 * n), torch.arange(n)])
    return F.cross_entropy(logits, target)


def l_lang(zx, zy, zq):
    """Eq. 3: for each pair (i, j) and every other row k, log a/(a+b) + log b/(a+b) with
    a = exp sim(z_i, z_k), b = exp sim(z_j, z_k); normalised by N(N-2)."""
    n = zx.shape[0]
    z = F.normalize(torch.cat([zx, zy, zq]), dim=1)
    big_n = z.shape[0]
    s = z @ z.t()
    si, sj = s[:n], s[n:2 * n]
    d = si - sj
    terms = F.logsigmoid(d) + F.logsigmoid(-d)
    keep = torch.ones(n, big_n, dtype=torch.bool)
    keep[torch.arange(n), torch.arange(n)] = False
    keep[torch.arange(n), torch.arange(n, 2 * n)] = False
    return -(terms * keep).sum() / (big_n * (big_n - 2))


def reference_step_time(init_dir, steps, threads):
    cfg, params, prefix = bench_train.load_reference(init_dir, threads)
    vocab = cfg["vocab_size"]
    opt = torch.optim.AdamW(list(params.values()), lr=1e-4, weight_decay=0.01)

    def rows(n, t):
        ids = torch.randint(SPECIAL, vocab - 1, (n, t))
        ids[:, 0], ids[:, -1] = 0, 2
        return ids

    def embed(ids):
        mask = torch.ones_like(ids)
        last = ref.forward(params, cfg, prefix, ids, mask, torch.zeros_like(ids))[0]
        return last.mean(1)  # every row is full: the mean over its tokens

    def step():
        # The contrastive losses first, each differentiated before the next forward pass.
        (W_S * l_sema(embed(rows(PAIRS, T)), embed(rows(PAIRS, T)))).backward()
        (W_L * l_lang(embed(rows(PAIRS, T)), embed(rows(PAIRS, T)), embed(rows(MONO, T)))).backward()
        return l_ir(embed(rows(B, QT)), embed(rows(B, PT)))

    return bench_train.timed_steps(step, opt, list(params.values()), steps)


def main():
    build, ws = sys.argv[1], sys.argv[2]
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    cli = os.path.join(build, "bin", "isomorph-cli")
    threads = os.cpu_count()
    with tempfile.TemporaryDirectory() as tmp:
        beir = make_beir(ws, tmp)
        pairs = bench_hictl.make_pairs(ws, tmp, cli)
        docs = bench_train.make_corpus(ws, tmp, cli)
        run = os.path.join(tmp, "run")
        cmd = [cli, "train", "--preset", "ir-both-demo", "--workspace", ws, "--run-dir", run,
               "--max-steps", str(steps + 3), "--set", f"data.docs={docs}", "--set", f"data.pairs={pairs}",
               "--set", "data.dev_pairs=", "--set", f"data.max_tokens={T}",
               "--set", "eval.every=0", "--set", "monitor.every=0", "--set", "checkpoint.every=0",
               "--set", "model.dropout=0", "--set", f"objectives.ir.train_sets={beir}",
               "--set", "objectives.ir.sets=en-en", "--set", f"objectives.ir.batch_size={B}",
               "--set", f"objectives.ir.max_query_tokens={QT}", "--set", f"objectives.ir.max_passage_tokens={PT}",
               "--set", f"objectives.ir.pair_batch_size={PAIRS}",
               "--set", f"objectives.ir.monolingual_batch_size={MONO}",
               "--set", f"objectives.ir.semantic_weight={W_S}", "--set", f"objectives.ir.language_weight={W_L}",
               "--set", "objectives.ir.shared_encoders=true", "--set", "objectives.ir.hard_negatives=none",
               "--set", f"runtime.threads={threads}"]
        subprocess.run(cmd, check=True, capture_output=True)
        rows = [json.loads(line) for line in open(os.path.join(run, "metrics.jsonl"))]
        rows = [r for r in rows if r.get("kind") == "train" and "loss/ir" in r][3:]
        ours = sum(r["step_time"] for r in rows) / len(rows)
        tokens = sum(r["tokens_per_s"] * r["step_time"] for r in rows) / len(rows)
        theirs = reference_step_time(os.path.join(run, "init"), max(4, steps // 3), threads)
        expected = B * (QT + PT) + 2 * PAIRS * T + 2 * PAIRS * T + MONO * T
        print(f"demo model, {threads} threads, IR batch {B} x ({QT} + {PT}) tokens, semantic CL {PAIRS} pairs x "
              f"2 x {T}, language CL {PAIRS} pairs x 2 x {T} + {MONO} x {T}; tokens per step: isomorph "
              f"{tokens:.0f}, reference {expected}")
        print(f"IR step: isomorph {1000 * ours:7.1f} ms ({len(rows)} steps)  python3-torch {1000 * theirs:7.1f} ms")
        print(f"RATIO isomorph / python3-torch IR (+semCL +langCL) steps/s: {theirs / ours:.2f}x (target >= 1.3)")


if __name__ == "__main__":
    main()

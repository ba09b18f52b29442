#!/usr/bin/python3
"""XLP training step throughput: `isomorph-cli train` (xlp-demo, RR and QLM batches over one
language pair) vs a python3-torch reference of the same steps, in the same script run.

Both sides train the xlp-demo cross-encoder (4 layers, 256 wide, 2 token types, global +
sliding-window attention with radius 32) on batches of identical shape: a synthetic sectioned
de/en corpus (identical section titles, so alignment pairs every section) whose sentences exceed
32 tokens and whose sections exceed 256, so every packed `<s> query </s> section </s>` is 256
tokens with 32 query tokens and 35 global positions (<s>, the query, both </s>). An RR step is
8 queries x (positive + 1 negative) = 16 rows; a QLM step 8 rows with 30% of the query tokens
masked and predicted through the tied MLM head.

The reference (written here from the XLP and Longformer papers; embeddings, layers and head from
tests/reference/encoder_reference.py's description) runs the same steps: token types 0/1, the
windowed attention in two ways, and the faster one is the reference:
  - "banded": each token's 2r + 1 window (unfold) plus the global keys, global rows over all keys
    (what Longformer's sliding-chunk implementation computes, O(T (2r + 1 + G)));
  - "masked": full T x T attention under the equivalent mask (the same values, O(T^2)).
RR: the scoring head (dense, tanh, out_proj) on h_<s>, cross-entropy of the positive against its
negative; QLM: MLM head (dense, GELU, LayerNorm, tied decoder) on the masked positions only;
AdamW, gradient clipping; dropout off on both sides (model and head).

Usage: bench_xlp.py BUILD_DIR DEMO_WORKSPACE [STEPS]
Prints the step times per task and their ratios (target >= 1.3x).
"""
import json
import math
import os
import random
import subprocess
import sys
import tempfile

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "reference"))
import bench_train  # noqa: E402  (demo_words, load_reference, timed_steps)
import encoder_reference as ref  # noqa: E402

QUERIES, NEG, QT, T, RADIUS, QLM_P = 8, 1, 32, 256, 32, 0.3
SPECIAL = 4  # <s>, <pad>, </s>, <unk>; <mask> is the last id
TITLES = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXAMPLES"]


def make_sections(ws, tmp):
    """tmp/xlp/docs/train/{en,de}.jsonl: 40 pages of 5 sections x 6 sentences of 50 words."""
    words, rng = bench_train.demo_words(ws), random.Random(3)
    folder = os.path.join(tmp, "xlp", "docs", "train")
    os.makedirs(folder)
    for lang in ("en", "de"):
        with open(os.path.join(folder, lang + ".jsonl"), "w", encoding="utf-8") as f:
            for page in range(40):
                sentences, sections = [], []
                for title in TITLES:
                    start = len(sentences)
                    sentences += [" ".join(rng.choice(words) for _ in range(50)) for _ in range(6)]
                    sections.append({"title": title, "start": start, "end": len(sentences)})
                f.write(json.dumps({"id": f"cmd{page}.1.{lang}", "lang": lang, "sentences": sentences,
                                    "sections": sections}) + "\n")
    return os.path.join(tmp, "xlp")


def banded_attention(q, k, v, is_global, glob):
    b, h, t, d = q.shape
    w = 2 * RADIUS + 1
    kw = F.pad(k, (0, 0, RADIUS, RADIUS)).unfold(2, w, 1)  # [b, h, t, d, w]
    vw = F.pad(v, (0, 0, RADIUS, RADIUS)).unfold(2, w, 1)
    local = torch.einsum("bhtd,bhtdw->bhtw", q, kw) / math.sqrt(d)
    pos = torch.arange(t)[:, None] + torch.arange(-RADIUS, RADIUS + 1)[None, :]
    # Out of range, or a global key (reached through the global columns, not twice).
    invalid = (pos < 0) | (pos >= t) | is_global[pos.clamp(0, t - 1)]
    local = local.masked_fill(invalid, float("-inf"))
    kg, vg = k[:, :, glob], v[:, :, glob]
    scores = torch.cat([local, q @ kg.transpose(-1, -2) / math.sqrt(d)], -1)
    probs = torch.softmax(scores, -1)
    out = torch.einsum("bhtw,bhtdw->bhtd", probs[..., :w], vw) + probs[..., w:] @ vg
    full = torch.softmax(q[:, :, glob] @ k.transpose(-1, -2) / math.sqrt(d), -1) @ v
    return out.index_copy(2, glob, full)


def masked_attention(q, k, v, is_global, glob):
    d = q.shape[-1]
    t = q.shape[2]
    i = torch.arange(t)
    allowed = ((i[:, None] - i[None, :]).abs() <= RADIUS) | is_global[:, None] | is_global[None, :]
    scores = (q @ k.transpose(-1, -2) / math.sqrt(d)).masked_fill(~allowed, float("-inf"))
    return torch.softmax(scores, -1) @ v


def forward(p, cfg, prefix, ids, types, attention, is_global, glob):
    """encoder_reference.forward with token types and the windowed attention (rows all full)."""
    pad, eps = cfg["pad_token_id"], cfg["layer_norm_eps"]
    heads, hidden = cfg["num_attention_heads"], cfg["hidden_size"]
    pos = torch.arange(ids.shape[1]).unsqueeze(0) + pad + 1  # XLM-R positions of full rows
    g = lambda n: p[prefix + n]
    x = g("embeddings.word_embeddings.weight")[ids] + g("embeddings.position_embeddings.weight")[pos] \
        + g("embeddings.token_type_embeddings.weight")[types]
    x = ref.layer_norm(x, g("embeddings.LayerNorm.weight"), g("embeddings.LayerNorm.bias"), eps)
    bsz, seq = ids.shape
    d = hidden // heads
    for i in range(cfg["num_hidden_layers"]):
        L = lambda n: g(f"encoder.layer.{i}.{n}")
        lin = lambda y, n: y @ L(n + ".weight").t() + L(n + ".bias")
        split = lambda y: y.view(bsz, seq, heads, d).transpose(1, 2)
        q, k, v = (split(lin(x, "attention.self." + n)) for n in ("query", "key", "value"))
        ctx = attention(q, k, v, is_global, glob).transpose(1, 2).reshape(bsz, seq, hidden)
        a = ref.layer_norm(x + lin(ctx, "attention.output.dense"),
                           L("attention.output.LayerNorm.weight"), L("attention.output.LayerNorm.bias"), eps)
        hmid = ref.gelu(lin(a, "intermediate.dense"))
        x = ref.layer_norm(a + lin(hmid, "output.dense"), L("output.LayerNorm.weight"),
                           L("output.LayerNorm.bias"), eps)
    return x


def reference_step_times(init_dir, steps, threads, attention):
    cfg, params, prefix = bench_train.load_reference(init_dir, threads)
    assert cfg.get("type_vocab_size", 1) >= 2, cfg
    h, vocab = cfg["hidden_size"], cfg["vocab_size"]
    lin = lambda i, o: torch.nn.Linear(i, o)
    rr_dense, rr_out = lin(h, h), lin(h, 1)
    mlm_dense, mlm_ln = lin(h, h), torch.nn.LayerNorm(h, eps=1e-5)
    mlm_bias = torch.nn.Parameter(torch.zeros(vocab))
    heads = [p for m in (rr_dense, rr_out, mlm_dense, mlm_ln) for p in m.parameters()] + [mlm_bias]
    everything = list(params.values()) + heads
    opt = torch.optim.AdamW(everything, lr=1e-4, weight_decay=0.01)
    word = params[prefix + "embeddings.word_embeddings.weight"]
    is_global = torch.zeros(T, dtype=torch.bool)
    is_global[: QT + 2] = True  # <s>, the query, the first </s>
    is_global[T - 1] = True     # the closing </s>
    glob = is_global.nonzero().squeeze(1)
    types = torch.zeros(T, dtype=torch.long)
    types[QT + 2:] = 1

    def rows(n):
        ids = torch.randint(SPECIAL, vocab - 1, (n, T))
        ids[:, 0], ids[:, QT + 1], ids[:, T - 1] = 0, 2, 2
        return ids

    def rr():
        ids = rows(QUERIES * (1 + NEG))
        hid = forward(params, cfg, prefix, ids, types.expand_as(ids), attention, is_global, glob)
        scores = rr_out(torch.tanh(rr_dense(hid[:, 0]))).view(QUERIES, 1 + NEG)
        return F.cross_entropy(scores, torch.zeros(QUERIES, dtype=torch.long))

    def qlm():
        ids = rows(QUERIES)
        selected = torch.zeros_like(ids, dtype=torch.bool)
        selected[:, 1:QT + 1] = torch.rand(QUERIES, QT) < QLM_P
        target = ids[selected]
        masked = ids.masked_fill(selected, vocab - 1)
        hid = forward(params, cfg, prefix, masked, types.expand_as(ids), attention, is_global, glob)
        x = mlm_ln(F.gelu(mlm_dense(hid[selected])))
        return F.cross_entropy(x @ word.t() + mlm_bias, target)

    return (bench_train.timed_steps(rr, opt, everything, steps),
            bench_train.timed_steps(qlm, opt, everything, steps))


def main():
    build, ws = sys.argv[1], sys.argv[2]
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    cli = os.path.join(build, "bin", "isomorph-cli")
    threads = os.cpu_count()
    with tempfile.TemporaryDirectory() as tmp:
        corpus = make_sections(ws, tmp)
        run = os.path.join(tmp, "run")
        cmd = [cli, "train", "--preset", "xlp-demo", "--workspace", ws, "--run-dir", run,
               "--max-steps", str(2 * steps + 4), "--set", "data.dev_pairs=",
               "--set", "eval.every=0", "--set", "monitor.every=0", "--set", "checkpoint.every=0",
               "--set", "model.dropout=0", "--set", "objectives.xlp.head_dropout=0",
               "--set", f"objectives.xlp.corpus={corpus}", "--set", "objectives.xlp.language_pairs=de-en",
               "--set", "objectives.xlp.tasks=rr,qlm", "--set", f"objectives.xlp.batch_size={QUERIES}",
               "--set", f"objectives.xlp.negatives={NEG}", "--set", f"objectives.xlp.max_query_tokens={QT}",
               "--set", f"objectives.xlp.max_length={T}", "--set", f"objectives.xlp.qlm_mask_prob={QLM_P}",
               "--set", f"model.attention_radius={RADIUS}", "--set", f"runtime.threads={threads}"]
        subprocess.run(cmd, check=True, capture_output=True)
        rows = [json.loads(line) for line in open(os.path.join(run, "metrics.jsonl"))]
        rows = [r for r in rows if r.get("kind") == "train" and "loss/xlp" in r][4:]
        rr_rows = [r for r in rows if "xlp/rr_loss" in r]
        qlm_rows = [r for r in rows if "xlp/qlm_loss" in r]
        ours_rr = sum(r["step_time"] for r in rr_rows) / len(rr_rows)
        ours_qlm = sum(r["step_time"] for r in qlm_rows) / len(qlm_rows)
        tok_rr = sum(r["tokens_per_s"] * r["step_time"] for r in rr_rows) / len(rr_rows)
        tok_qlm = sum(r["tokens_per_s"] * r["step_time"] for r in qlm_rows) / len(qlm_rows)
        masked = sum(r.get("xlp/qlm_masked", 0) for r in qlm_rows) / len(qlm_rows)
        ref_steps = max(4, steps // 3)
        banded = reference_step_times(os.path.join(run, "init"), ref_steps, threads, banded_attention)
        dense = reference_step_times(os.path.join(run, "init"), ref_steps, threads, masked_attention)
        theirs_rr, theirs_qlm = min(banded[0], dense[0]), min(banded[1], dense[1])
        print(f"xlp-demo model, {threads} threads, radius {RADIUS}, {T} tokens a row ({QT} query tokens, "
              f"35 global); RR {QUERIES} x {1 + NEG} rows, QLM {QUERIES} rows; tokens per step: isomorph RR "
              f"{tok_rr:.0f} QLM {tok_qlm:.0f} (masked {masked:.1f}), reference RR {QUERIES * (1 + NEG) * T} "
              f"QLM {QUERIES * T} (masked ~{QUERIES * QT * QLM_P:.1f})")
        print(f"reference attention: banded RR {1000 * banded[0]:.1f} ms QLM {1000 * banded[1]:.1f} ms, "
              f"masked RR {1000 * dense[0]:.1f} ms QLM {1000 * dense[1]:.1f} ms (the faster is the reference)")
        print(f"RR step:  isomorph {1000 * ours_rr:7.1f} ms ({len(rr_rows)} steps)  "
              f"python3-torch {1000 * theirs_rr:7.1f} ms")
        print(f"QLM step: isomorph {1000 * ours_qlm:7.1f} ms ({len(qlm_rows)} steps)  "
              f"python3-torch {1000 * theirs_qlm:7.1f} ms")
        print(f"RATIO isomorph / python3-torch XLP RR steps/s: {theirs_rr / ours_rr:.2f}x (target >= 1.3)")
        print(f"RATIO isomorph / python3-torch XLP QLM steps/s: {theirs_qlm / ours_qlm:.2f}x (target >= 1.3)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""An MLM training step of the imported multilingual-e5-small: `isomorph-cli train` against a
PyTorch 2.x reference of the same step, in one script (issue 51, part 5).

Both sides start from the same folder (`demo prepare` imports it into the demo workspace), train
the same step and report seconds per step and peak resident memory:
  * Isomorph: `train --preset ccp-demo` with CCP off (MLM only), the e5 shard set of the demo
    workspace, rows of 64 tokens, 16 rows a batch, dropout 0, 2 threads; the model has no MLM
    head, so the run creates one (tied decoder, new transform and bias).
  * Reference: transformers' BertModel from the folder, a BertLMPredictionHead-shaped head
    (dense, GELU, LayerNorm, decoder tied to the word embeddings, new bias) applied to the masked
    positions only (as Isomorph does: the vocabulary projection of unmasked positions is the
    step's largest waste), cross-entropy, AdamW (foreach), gradient clipping at 1; random batches
    of the same shape, 15% of positions masked.
Time per step is the mean over the steps after the first two (set-up and first-touch); memory is
ru_maxrss of the Isomorph process and of this process before and after the reference. The
250,037-row embedding dominates both: its gradient and AdamW state are 3 x 384 MB, and its
update touches every row each step (dense gradients through the tied decoder). The split is
printed for the reference (encoder + head forward/backward vs optimizer step).

Where the time goes: the step's matrix products, timed alone at the step's shapes on both
LibTorch generations in the same script (Debian's python3-torch 1.13 is the LibTorch isomorph-cli
links; the venv's is the reference's): the encoder's linear layers forward (x3 for forward and
backward) and the tied decoder's three products over the 250,037 rows (logits, their gradient
into the hidden states and into the embedding matrix). Their sum against each side's step time
says how much of the step is matrix products, and how much of the gap is the BLAS underneath.

Usage: ~/.cache/isomorph/venv/bin/python tests/benchmarks/bench_e5_train.py BUILD_DIR [WS] [STEPS]
"""
import json
import os
import textwrap
import resource
import subprocess
import sys
import tempfile
import time

import torch

ROWS, T, MASK_P, THREADS = 16, 64, 0.15, 2


def isomorph_step(build, ws, steps):
    e5 = os.path.join(ws, "models", "multilingual-e5-small")
    shards = os.path.join(ws, "corpora", "man-demo-e5-shards")
    with tempfile.TemporaryDirectory() as tmp:
        run = os.path.join(tmp, "run")
        cmd = [os.path.join(build, "bin", "isomorph-cli"), "train", "--preset", "ccp-demo",
               "--run-dir", run, "--workspace", ws]
        for s in (f"model.init={e5}", f"data.docs={shards}/docs-train", f"data.dev_pairs={shards}/pairs-dev",
                  "objectives.ccp.weight=0", f"objectives.mlm.batch_size={ROWS}", f"data.max_tokens={T}",
                  f"schedule.max_steps={steps}", "schedule.warmup_steps=1", "eval.every=0",
                  "monitor.every=0", "checkpoint.every=0", "model.dropout=0", f"runtime.threads={THREADS}"):
            cmd += ["--set", s]
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        subprocess.run(cmd, check=True, capture_output=True)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        rows = [json.loads(l) for l in open(os.path.join(run, "metrics.jsonl"))]
        rows = [r for r in rows if r.get("kind") == "train"]
    times = [r["step_time"] for r in rows[2:]]
    return sum(times) / len(times), max(peak, before) / 1024 / 1024, rows[-1]


def reference_step(ws, steps):
    from transformers import BertModel
    torch.set_num_threads(THREADS)
    torch.manual_seed(0)
    e5 = os.path.join(ws, "models", "multilingual-e5-small")
    enc = BertModel.from_pretrained(e5, add_pooling_layer=False, dtype=torch.float32,
                                    hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0).train()
    h, vocab = enc.config.hidden_size, enc.config.vocab_size
    dense, norm = torch.nn.Linear(h, h), torch.nn.LayerNorm(h, eps=enc.config.layer_norm_eps)
    bias = torch.nn.Parameter(torch.zeros(vocab))
    words = enc.embeddings.word_embeddings.weight  # the tied decoder
    params = list(enc.parameters()) + list(dense.parameters()) + list(norm.parameters()) + [bias]
    decay = [p for p in params if p.dim() > 1]
    rest = [p for p in params if p.dim() <= 1]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01}, {"params": rest, "weight_decay": 0.0}],
                            lr=1e-4, foreach=True)
    gen = torch.Generator().manual_seed(1)

    def batch():
        ids = torch.randint(5, 250000, (ROWS, T), generator=gen)
        ids[:, 0], ids[:, -1] = 0, 2
        masked = torch.rand(ROWS, T, generator=gen) < MASK_P
        masked[:, 0] = masked[:, -1] = False
        labels = ids[masked]
        ids = ids.masked_fill(masked, 250001)
        return ids, masked, labels

    fb = op = 0.0
    for i in range(steps):
        ids, masked, labels = batch()
        t0 = time.perf_counter()
        opt.zero_grad(set_to_none=True)
        hidden = enc(input_ids=ids, attention_mask=torch.ones_like(ids)).last_hidden_state[masked]
        logits = torch.nn.functional.linear(norm(torch.nn.functional.gelu(dense(hidden))), words, bias)
        torch.nn.functional.cross_entropy(logits, labels).backward()
        t1 = time.perf_counter()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        t2 = time.perf_counter()
        if i >= 2:
            fb += t1 - t0
            op += t2 - t1
    n = steps - 2
    return (fb + op) / n, fb / n, op / n, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 / 1024


GEMMS = textwrap.dedent("""
    import json, sys, time, torch
    torch.set_num_threads(int(sys.argv[1]))
    rows, t, layers, masked = (int(a) for a in sys.argv[2:6])
    def timed(f, reps):
        f()
        start = time.perf_counter()
        for _ in range(reps):
            f()
        return (time.perf_counter() - start) / reps
    lin = torch.nn.functional.linear
    x, x2 = torch.randn(rows * t, 384), torch.randn(rows * t, 1536)
    w, up, down = torch.randn(384, 384), torch.randn(1536, 384), torch.randn(384, 1536)
    words, h, d = torch.randn(250037, 384), torch.randn(masked, 384), torch.randn(masked, 250037)
    encoder = 3 * layers * (4 * timed(lambda: lin(x, w), 10) + timed(lambda: lin(x, up), 5)
                            + timed(lambda: lin(x2, down), 5))
    decoder = (timed(lambda: lin(h, words), 3) + timed(lambda: d.t() @ h, 3)
               + timed(lambda: d @ words, 3))
    print(json.dumps({"torch": torch.__version__, "encoder": encoder, "decoder": decoder}))
""")


def gemm_seconds(python, masked):
    """Seconds per step of the step's matrix products on `python`'s torch."""
    out = subprocess.run([python, "-c", GEMMS, str(THREADS), str(ROWS), str(T), "12", str(masked)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main():
    build = sys.argv[1]
    ws = sys.argv[2] if len(sys.argv) > 2 else os.path.expanduser("~/.local/share/isomorph/demo-workspace")
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    ours, our_peak, last = isomorph_step(build, ws, steps)
    ref, fb, op, ref_peak = reference_step(ws, steps)
    print(f"MLM step from multilingual-e5-small, {ROWS} x {T} tokens, {THREADS} threads, {steps} steps "
          f"(mean after the first 2)")
    print(f"  isomorph-cli train   {ours:6.2f} s/step   peak RSS {our_peak:4.1f} GB   (last loss/mlm "
          f"{last.get('loss/mlm', float('nan')):.3f})")
    print(f"  PyTorch {torch.__version__:<12} {ref:6.2f} s/step   peak RSS {ref_peak:4.1f} GB   "
          f"(forward+backward {fb:.2f} s, clip + AdamW {op:.2f} s)")
    print(f"  ratio (reference / isomorph): {ref / ours:.2f}x (target >= 1.5x)")
    masked = int(MASK_P * ROWS * (T - 2))
    print(f"where the time goes: the step's matrix products alone ({masked} masked positions)")
    for side, python, step in (("isomorph-cli", "/usr/bin/python3", ours), ("reference", sys.executable, ref)):
        g = gemm_seconds(python, masked)
        total = g["encoder"] + g["decoder"]
        print(f"  {side:<13} torch {g['torch']:<12} encoder linears (fwd+bwd) {g['encoder']:5.2f} s, "
              f"tied decoder {g['decoder']:5.2f} s: {total:5.2f} s = {100 * total / step:3.0f}% of its step; "
              f"the rest {step - total:5.2f} s")


if __name__ == "__main__":
    main()

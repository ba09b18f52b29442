#!/usr/bin/python3
"""MSM training step throughput: `isomorph-cli train` (msm-demo, MSM batches only) vs a python3-torch
reference of the same step, in the same script run.

Both sides train the demo model (4 layers, 256 wide, the demo tokenizer's vocabulary) on batches of
identical shape: a synthetic two-language corpus of 12-sentence documents whose sentences all exceed
64 tokens, so every MSM batch is 4 blocks x 12 sentences x 64 tokens. The reference (written here
from the paper and the architecture; sentence encoder from tests/reference/encoder_reference.py)
runs the same step: [CLS] vectors, a 2-layer post-LN document encoder (torch.nn.TransformerEncoder,
GELU) over every block with each sentence masked in turn, asymmetric projection MLPs, the
hierarchical contrastive loss with the detached bias, AdamW, gradient clipping; dropout off on
both sides.

Usage: bench_msm.py BUILD_DIR DEMO_WORKSPACE [STEPS]
Prints the step times and their ratio (target >= 1.3x).
"""
import json
import os
import subprocess
import sys
import tempfile

import torch

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "reference"))
import bench_train  # noqa: E402  (corpus, run and reference helpers)
import encoder_reference as ref  # noqa: E402

T, BLOCKS, SENTENCES, PROJ, TAU, MU = 64, 4, 12, 128, 0.1, 0.5


def reference_step_time(init_dir, steps, threads):
    cfg, params, _ = bench_train.load_reference(init_dir, threads)
    h, vocab = cfg["hidden_size"], cfg["vocab_size"]
    layer = torch.nn.TransformerEncoderLayer(h, cfg["num_attention_heads"], cfg["intermediate_size"],
                                             dropout=0.0, activation="gelu", batch_first=True,
                                             norm_first=False, layer_norm_eps=1e-5)
    doc = torch.nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
    positions = torch.nn.Embedding(32, h)
    doc_ln = torch.nn.LayerNorm(h)
    mask_vec = torch.nn.Parameter(torch.randn(h) * 0.02)
    proj_p = torch.nn.Sequential(torch.nn.Linear(h, h), torch.nn.ReLU(), torch.nn.Linear(h, PROJ))
    proj_h = torch.nn.Sequential(torch.nn.Linear(h, h), torch.nn.ReLU(), torch.nn.Linear(h, PROJ))
    modules = [doc, positions, doc_ln, proj_p, proj_h]
    extra = [mask_vec] + [p for m in modules for p in m.parameters()]
    opt = torch.optim.AdamW(list(params.values()) + extra, lr=1e-4, weight_decay=0.01)
    eye = torch.eye(SENTENCES, dtype=torch.bool)

    def step():
        ids = torch.randint(4, vocab - 1, (BLOCKS * SENTENCES, T))
        mask = torch.ones_like(ids)
        cls = ref.forward(params, cfg, "roberta.", ids, mask, torch.zeros_like(ids))[0][:, 0]
        hs = cls.view(BLOCKS, SENTENCES, h)
        x = torch.where(eye.view(1, SENTENCES, SENTENCES, 1), mask_vec.view(1, 1, 1, h), hs.unsqueeze(1))
        x = x.reshape(BLOCKS * SENTENCES, SENTENCES, h)
        x = doc_ln(x + positions(torch.arange(SENTENCES)).unsqueeze(0))
        out = doc(x).view(BLOCKS, SENTENCES, SENTENCES, h).diagonal(0, 1, 2).permute(0, 2, 1)
        zp = torch.nn.functional.normalize(proj_p(out.reshape(-1, h)), dim=1)
        zh = torch.nn.functional.normalize(proj_h(cls), dim=1)
        sim = zp @ zh.t() / TAU
        block = torch.arange(BLOCKS).repeat_interleave(SENTENCES)
        same = block[:, None] == block[None, :]
        pos = torch.eye(len(block), dtype=torch.bool)
        intra, cross = same & ~pos, ~same
        with torch.no_grad():
            alpha = (sim * intra).sum(1) / intra.sum(1) - (sim * cross).sum(1) / cross.sum(1)
        logits = sim - MU * alpha[:, None] * intra
        return torch.nn.functional.cross_entropy(logits, torch.arange(len(block)))

    everything = list(params.values()) + extra
    return bench_train.timed_steps(step, opt, everything, steps)


def main():
    build, ws = sys.argv[1], sys.argv[2]
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    cli = os.path.join(build, "bin", "isomorph-cli")
    threads = os.cpu_count()
    with tempfile.TemporaryDirectory() as tmp:
        shards = bench_train.make_corpus(ws, tmp, cli)
        run = os.path.join(tmp, "run")
        cmd = [cli, "train", "--preset", "msm-demo", "--workspace", ws, "--run-dir", run,
               "--max-steps", str(steps + 3), "--set", f"data.docs={shards}", "--set", "data.dev_pairs=",
               "--set", "eval.every=0", "--set", "monitor.every=0", "--set", "checkpoint.every=0",
               "--set", "model.dropout=0", "--set", "objectives.mlm.weight=0",
               "--set", f"objectives.msm.batch_size={BLOCKS}", "--set", "objectives.msm.max_sentences=16",
               "--set", f"runtime.threads={threads}"]
        subprocess.run(cmd, check=True, capture_output=True)
        rows = [json.loads(line) for line in open(os.path.join(run, "metrics.jsonl"))]
        rows = [r for r in rows if r.get("kind") == "train" and "loss/msm" in r][3:]
        sentences = sum(r["msm/sentences"] for r in rows) / len(rows)
        ours = sum(r["step_time"] for r in rows) / len(rows)
        theirs = reference_step_time(os.path.join(run, "init"), max(4, steps // 3), threads)
        print(f"demo model, {threads} threads, MSM batch {BLOCKS} blocks, {sentences:.0f} sentences x {T} tokens "
              f"(reference {BLOCKS * SENTENCES})")
        print(f"MSM step: isomorph {1000 * ours:7.1f} ms ({len(rows)} steps)  python3-torch {1000 * theirs:7.1f} ms")
        print(f"RATIO isomorph / python3-torch MSM steps/s: {theirs / ours:.2f}x (target >= 1.3)")


if __name__ == "__main__":
    main()

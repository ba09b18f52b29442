#!/usr/bin/python3
"""Training step throughput: `isomorph-cli train` vs a python3-torch reference, and data-parallel
overhead (2 workers x 1 thread vs 1 worker x 2 threads).

Both sides train the demo model (4 layers, 256 wide, the demo tokenizer's vocabulary) on batches of
identical shape: a synthetic two-language corpus whose sentences all exceed 64 tokens, so every MLM
batch is 32 x 64 and every CCP batch 64 x 64 (32 windows). The reference (written here from the
architecture, encoder forward from tests/reference/encoder_reference.py) runs the same losses: MLM
through the tied head on the masked positions, CCP with the projection head, asymmetric batch norm,
cosine / temperature and 1,024 memory-bank negatives; AdamW; dropout off on both sides.

Usage: bench_train.py BUILD_DIR DEMO_WORKSPACE [STEPS]
Prints step times per objective, their ratio (target >= 1.1x), model FLOPs utilisation against
doctor's GEMM rate, and samples/s of 2 x 1 vs 1 x 2 (target >= 80%).
"""
import glob
import json
import os
import random
import subprocess
import sys
import tempfile
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "reference"))
import encoder_reference as ref  # noqa: E402

T, MLM_ROWS, WINDOWS, BANK, PROJ = 64, 32, 32, 1024, 128


def demo_words(ws):
    """About 20,000 alphabetic words of the demo corpus's English training documents."""
    words = []
    with open(glob.glob(os.path.join(ws, "corpora/man-demo/docs/train/en.jsonl"))[0], encoding="utf-8") as f:
        for line in f:
            for s in json.loads(line)["sentences"]:
                words.extend(w for w in s.split() if w.isalpha())
            if len(words) > 20000:
                break
    return words


def load_reference(init_dir, threads):
    """(config, trainable float32 encoder tensors by checkpoint name, their name prefix) of an
    initial checkpoint, with the thread count and seed of the reference side."""
    torch.manual_seed(0)
    torch.set_num_threads(threads)
    cfg = json.load(open(os.path.join(init_dir, "config.json")))
    cfg.setdefault("layer_norm_eps", 1e-5)
    params = {k: v.clone().requires_grad_()
              for k, v in ref.read_safetensors(os.path.join(init_dir, "model.safetensors")).items()}
    return cfg, params, "roberta." if cfg["model_type"] == "xlm-roberta" else "bert."


def make_corpus(ws, tmp, cli):
    words = demo_words(ws)
    rng = random.Random(1)
    os.makedirs(os.path.join(tmp, "docs"))
    for lang in ("en", "de"):
        with open(os.path.join(tmp, "docs", lang + ".jsonl"), "w", encoding="utf-8") as f:
            for d in range(60):
                sents = [" ".join(rng.choice(words) for _ in range(90)) for _ in range(12)]
                f.write(json.dumps({"id": f"{lang}{d}", "lang": lang, "sentences": sents}) + "\n")
    shards = os.path.join(tmp, "shards")
    subprocess.run([cli, "corpus", "binarize", "--tokenizer", os.path.join(ws, "tokenizers/man-demo.model"),
                    "--input", os.path.join(tmp, "docs"), "--out", shards], check=True, capture_output=True)
    return shards


def isomorph_run(cli, ws, shards, run, steps, extra):
    cmd = [cli, "train", "--preset", "ccp-demo", "--workspace", ws, "--run-dir", run, "--max-steps", str(steps),
           "--set", f"data.docs={shards}", "--set", "data.dev_pairs=", "--set", "eval.every=0",
           "--set", "monitor.every=0", "--set", "checkpoint.every=0", "--set", "model.dropout=0",
           # One objective per step (the reference times MLM and CCP steps apart); the preset's
           # sum mode would log both losses in every step.
           "--set", "schedule.mixing=sample"] + extra
    subprocess.run(cmd, check=True, capture_output=True)
    rows = [json.loads(l) for l in open(os.path.join(run, "metrics.jsonl"))]
    return [r for r in rows if r.get("kind") == "train"]


def timed_steps(loss_fn, opt, parameters, steps):
    """Seconds per training step of `loss_fn` (AdamW step, gradient clipping at 1) after 2 warm-up steps."""
    for _ in range(2):
        opt.zero_grad(set_to_none=True)
        loss_fn().backward()
        opt.step()
    start = time.perf_counter()
    for _ in range(steps):
        opt.zero_grad(set_to_none=True)
        loss = loss_fn()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(parameters, 1.0)
        opt.step()
    return (time.perf_counter() - start) / steps


def reference_step_times(init_dir, steps, threads):
    torch.manual_seed(0)
    torch.set_num_threads(threads)
    cfg = json.load(open(os.path.join(init_dir, "config.json")))
    cfg.setdefault("layer_norm_eps", 1e-5)
    params = {k: v.clone().requires_grad_() for k, v in ref.read_safetensors(os.path.join(init_dir, "model.safetensors")).items()}
    h, vocab = cfg["hidden_size"], cfg["vocab_size"]
    head = {"dense.w": torch.randn(h, h) * 0.02, "dense.b": torch.zeros(h), "ln.w": torch.ones(h),
            "ln.b": torch.zeros(h), "bias": torch.zeros(vocab), "fc1.w": torch.randn(h, h) * 0.02,
            "bn.w": torch.ones(h), "bn.b": torch.zeros(h), "fc2.w": torch.randn(PROJ, h) * 0.02,
            "fc2.b": torch.zeros(PROJ)}
    head = {k: v.requires_grad_() for k, v in head.items()}
    running = {"mean": torch.zeros(h), "var": torch.ones(h)}
    opt = torch.optim.AdamW(list(params.values()) + list(head.values()), lr=1e-4, weight_decay=0.01)
    bank = torch.nn.functional.normalize(torch.randn(BANK, PROJ), dim=1)
    emb = params["roberta.embeddings.word_embeddings.weight"]
    prefix = "roberta."

    def encode(ids):
        mask = torch.ones_like(ids)
        return ref.forward(params, cfg, prefix, ids, mask, torch.zeros_like(ids))[0]

    def mlm():
        ids = torch.randint(4, vocab - 1, (MLM_ROWS, T))
        labels = torch.where(torch.rand(MLM_ROWS, T) < 0.15, ids, torch.full_like(ids, -100))
        x = encode(ids)[labels != -100]
        x = ref.layer_norm(ref.gelu(x @ head["dense.w"].t() + head["dense.b"]), head["ln.w"], head["ln.b"], 1e-5)
        logits = x @ emb.t() + head["bias"]
        return torch.nn.functional.cross_entropy(logits, labels[labels != -100])

    def project(x, train):
        y = x @ head["fc1.w"].t()
        y = torch.nn.functional.batch_norm(y, running["mean"], running["var"], head["bn.w"], head["bn.b"],
                                           training=train, momentum=0.1, eps=1e-5)
        return torch.relu(y) @ head["fc2.w"].t() + head["fc2.b"]

    flip = [True]

    def ccp():
        ids = torch.randint(4, vocab - 1, (2 * WINDOWS, T))
        cls = encode(ids)[:, 0]
        zc, zt = project(cls[:WINDOWS], flip[0]), project(cls[WINDOWS:], not flip[0])
        flip[0] = not flip[0]
        z = torch.nn.functional.normalize(torch.cat([zc, zt]), dim=1)
        logits = z @ z.t() / 0.1
        logits = logits.masked_fill(torch.eye(2 * WINDOWS, dtype=torch.bool), float("-inf"))
        logits = torch.cat([logits, z @ bank.t() / 0.1], 1)
        idx = torch.arange(2 * WINDOWS)
        target = torch.where(idx < WINDOWS, idx + WINDOWS, idx - WINDOWS)
        return torch.nn.functional.cross_entropy(logits, target)

    everything = list(params.values()) + list(head.values())
    return timed_steps(mlm, opt, everything, steps), timed_steps(ccp, opt, everything, steps), cfg


def step_flops(cfg, rows, masked):
    h, f, layers, vocab = cfg["hidden_size"], cfg["intermediate_size"], cfg["num_hidden_layers"], cfg["vocab_size"]
    tokens = rows * T
    forward = layers * (2 * tokens * (4 * h * h + 2 * h * f) + rows * 4 * T * T * h)
    forward += 2 * masked * (h * h + h * vocab)  # MLM head on masked positions
    return 3 * forward  # backward ~ 2x forward


def mean_time(rows, objective):
    times = [r["step_time"] for r in rows[3:] if ("loss/" + objective) in r and len([k for k in r if k.startswith("loss/")]) == 1]
    if not times:
        sys.exit(f"bench_train: no {objective}-only step among {len(rows)} steps "
                 "(is schedule.mixing=sample applied?)")
    return sum(times) / len(times), len(times)


def main():
    build, ws = sys.argv[1], sys.argv[2]
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    cli = os.path.join(build, "bin", "isomorph-cli")
    threads = os.cpu_count()
    with tempfile.TemporaryDirectory() as tmp:
        shards = make_corpus(ws, tmp, cli)
        rows = isomorph_run(cli, ws, shards, os.path.join(tmp, "run1"), steps,
                            ["--set", f"runtime.threads={threads}"])
        mlm_ours, n_mlm = mean_time(rows, "mlm")
        ccp_ours, n_ccp = mean_time(rows, "ccp")
        mlm_ref, ccp_ref, cfg = reference_step_times(os.path.join(tmp, "run1", "init"), 6, threads)

        doctor = json.loads(subprocess.run([cli, "doctor", "--json"], capture_output=True, text=True,
                                           check=True).stdout)
        gemm = doctor["blas"]["gemm"]["gflops"]
        f_mlm = step_flops(cfg, MLM_ROWS, int(0.15 * MLM_ROWS * (T - 2)))
        f_ccp = step_flops(cfg, 2 * WINDOWS, 0)
        print(f"demo model {cfg['num_hidden_layers']}x{cfg['hidden_size']}, vocab {cfg['vocab_size']}, "
              f"{threads} threads, batches MLM {MLM_ROWS}x{T}, CCP {2 * WINDOWS}x{T} + {BANK} bank negatives")
        for name, ours, refer, fl, n in (("MLM", mlm_ours, mlm_ref, f_mlm, n_mlm),
                                         ("CCP", ccp_ours, ccp_ref, f_ccp, n_ccp)):
            print(f"{name} step: isomorph {1000 * ours:7.1f} ms ({n} steps)  python3-torch {1000 * refer:7.1f} ms  "
                  f"ratio {refer / ours:.2f}x  MFU {100 * fl / ours / 1e9 / gemm:.0f}% of {gemm:.0f} GFLOP/s")
        print(f"RATIO isomorph / python3-torch training steps/s (MLM+CCP alternating): "
              f"{(mlm_ref + ccp_ref) / (mlm_ours + ccp_ours):.2f}x (target >= 1.1)")

        # Data parallel: same global batch, 2 workers x 1 thread vs 1 worker x 2 threads.
        one = isomorph_run(cli, ws, shards, os.path.join(tmp, "dp1"), steps, ["--set", "runtime.threads=2"])
        two = isomorph_run(cli, ws, shards, os.path.join(tmp, "dp2"), steps,
                           ["--nproc", "2", "--set", "runtime.threads=1", "--set", "objectives.ccp.batch_size=16",
                            "--set", "objectives.mlm.batch_size=16"])
        rate = lambda rs: sum(r["samples_per_s"] for r in rs[3:]) / len(rs[3:])
        print(f"samples/s: 1 worker x 2 threads {rate(one):.1f}, 2 workers x 1 thread {rate(two):.1f}")
        print(f"RATIO 2x1 / 1x2 samples/s: {rate(two) / rate(one):.2f} (target >= 0.80)")


if __name__ == "__main__":
    main()

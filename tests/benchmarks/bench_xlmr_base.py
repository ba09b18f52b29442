"""Real sizes on this machine: an XLM-R-base-sized encoder (12 x 768, 250,002-id vocabulary, random
weights) through the ccp-xlmr-base and hictl-xlmr-base presets on the CPU, then checkpoint size,
save and load time, a bitwise resume, encoding 10,000 sentences, and peak RSS of each command.

Run with the virtual environment's python (packaging/setup-venv.sh; it needs the `sentencepiece`
package to write the 250k-piece tokenizer):

  ~/.cache/isomorph/venv/bin/python tests/benchmarks/bench_xlmr_base.py BUILD_DIR DEMO_WORKSPACE OUT [STEPS]

The tokenizer is the demo's SentencePiece model grown to XLM-R's 250,000 pieces with UNUSED
pieces (Private Use Area strings that never occur in text): ids of real text are the demo's, but
every table that scales with the vocabulary (embeddings, the MLM head's output layer and its
optimizer state, checkpoints) has XLM-R's size. XLM-R's own tokenizer is not reachable from our
machines. The presets' batches (32 x 64 / 32 pairs x 256 tokens, accumulated to 2048 / 1024) are
reduced with --set to 4 sequences x 64 tokens and 2 accumulated micro-batches, so 20 steps fit a
few minutes on 2 cores; the model, optimizer and checkpoint are full size. Everything else is the
presets' (runtime.device is set to cpu).
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

VOCAB_PIECES = 250000  # SentencePiece pieces; + <pad> and <mask> = XLM-R's 250,002 ids


def run(cmd, log):
    """Runs cmd under /usr/bin/time; returns (seconds, peak RSS in MB, stderr)."""
    start = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "MAXRSS %M"] + cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n" + p.stdout + p.stderr + "\n")
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr[-3000:]}")
    rss = int(re.findall(r"MAXRSS (\d+)", p.stderr)[-1]) / 1024
    return seconds, rss, p.stderr


def grow_tokenizer(demo_model, out):
    from sentencepiece import sentencepiece_model_pb2 as pb
    proto = pb.ModelProto()
    proto.ParseFromString(open(demo_model, "rb").read())
    k = 0
    while len(proto.pieces) < VOCAB_PIECES:
        piece = proto.pieces.add()
        piece.piece = "\ue000" + "".join(chr(0xE001 + int(d)) for d in str(k))
        piece.score = -1e4
        piece.type = pb.ModelProto.SentencePiece.UNUSED
        k += 1
    open(out, "wb").write(proto.SerializeToString())


def folder_bytes(path):
    return sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(path) for f in fs)


def weights_digest(checkpoint):
    h = hashlib.sha256()
    for name in ("model.safetensors", "heads.safetensors"):
        p = os.path.join(checkpoint, name)
        if os.path.exists(p):
            h.update(open(p, "rb").read())
    return h.hexdigest()[:16]


def train_records(run_dir):
    recs = [json.loads(line) for line in open(os.path.join(run_dir, "metrics.jsonl"))]
    return [r for r in recs if r.get("kind") == "train"], [r for r in recs if r.get("kind") == "event"]


def main():
    build, ws, out = sys.argv[1], sys.argv[2], sys.argv[3]
    steps = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    cli = os.path.join(build, "bin", "isomorph-cli")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    log = os.path.join(out, "commands.log")
    corpus = os.path.join(ws, "corpora", "man-demo")
    tok = os.path.join(out, "xlmr-size.model")
    grow_tokenizer(os.path.join(ws, "tokenizers", "man-demo.model"), tok)
    report = {"vocabulary_ids": VOCAB_PIECES + 2}

    t, rss, _ = run([cli, "corpus", "binarize", "--tokenizer", tok, "--input", os.path.join(corpus, "docs", "train"),
                     "--out", os.path.join(out, "docs")], log)
    report["binarize_docs"] = {"seconds": round(t, 1), "peak_rss_mb": round(rss)}
    pairs = [os.path.join(corpus, "parallel", "train", k) for k in sorted(os.listdir(os.path.join(corpus, "parallel", "train")))]
    run([cli, "corpus", "binarize", "--tokenizer", tok, "--pairs", *pairs, "--out", os.path.join(out, "pairs")], log)

    base = os.path.join(out, "xlmr-base-random")
    t, rss, _ = run([cli, "model", "init", "--tokenizer", tok, "--out", base, "--layers", "12", "--hidden", "768",
                     "--heads", "12", "--ffn", "3072", "--max-positions", "514"], log)
    report["model_init"] = {"seconds": round(t, 1), "peak_rss_mb": round(rss),
                            "checkpoint_mb": round(folder_bytes(base) / 2**20)}

    common = ["--set", f"model.init={base}", "--set", f"data.docs={os.path.join(out, 'docs')}",
              "--set", "runtime.device=cpu", "--set", f"schedule.max_steps={steps}",
              "--set", "optimizer.accumulation=2", "--set", "data.max_tokens=64",
              "--set", f"checkpoint.every={steps // 2}", "--set", "monitor.every=1000",
              "--set", "eval.every=1000", "--set", "schedule.warmup_steps=5"]
    presets = {
        "ccp-xlmr-base": ["--set", "objectives.mlm.batch_size=4", "--set", "objectives.ccp.batch_size=4",
                          "--set", "objectives.ccp.bank_size=256"],
        "hictl-xlmr-base": ["--set", f"data.pairs={os.path.join(out, 'pairs')}",
                            "--set", "objectives.mlm.batch_size=4", "--set", "objectives.tlm.batch_size=4",
                            "--set", "objectives.hictl.batch_size=4"],
    }
    for preset, extra in presets.items():
        run_dir = os.path.join(out, preset)
        t, rss, _ = run([cli, "train", "--preset", preset, "--run-dir", run_dir] + common + extra, log)
        train, events = train_records(run_dir)
        step_times = [r["step_time"] for r in train[1:]]  # the first step builds caches
        ckpt = os.path.join(run_dir, "checkpoints", f"step-{steps:08d}")
        saves = [e for e in events if e.get("event") == "checkpoint"]
        entry = {"steps": len(train), "wall_seconds": round(t, 1), "peak_rss_mb": round(rss),
                 "median_step_s": round(sorted(step_times)[len(step_times) // 2], 2),
                 "last_loss": round(train[-1]["loss"], 4),
                 "checkpoint_mb": round(folder_bytes(ckpt) / 2**20)}
        # Resume from the middle checkpoint in a copy of the run: the last checkpoint must be
        # the straight run's, byte for byte.
        copy = run_dir + "-resumed"
        shutil.copytree(run_dir, copy)
        mid = f"step-{steps // 2:08d}"
        for name in os.listdir(os.path.join(copy, "checkpoints")):
            if name.startswith("step-") and name != mid:
                shutil.rmtree(os.path.join(copy, "checkpoints", name))
        with open(os.path.join(copy, "checkpoints", "latest"), "w") as f:
            f.write(mid + "\n")
        t2, rss2, err = run([cli, "train", "--run-dir", copy, "--resume"], log)
        entry["resume_wall_seconds"] = round(t2, 1)
        entry["resume_peak_rss_mb"] = round(rss2)
        entry["resumed_bitwise"] = weights_digest(ckpt) == weights_digest(
            os.path.join(copy, "checkpoints", f"step-{steps:08d}"))
        # Save time: from the last training record to the checkpoint event after it.
        last_train_time = max(r["time"] for r in train if r["step"] == steps)
        saved = [e["time"] for e in saves if e["step"] == steps]
        entry["save_seconds"] = round(saved[0] - last_train_time, 2) if saved else None
        report[preset] = entry

    # Load + encode 10k sentences with the trained checkpoint.
    sentences = os.path.join(out, "sentences.txt")
    with open(sentences, "w") as f:
        n = 0
        for name in sorted(os.listdir(os.path.join(corpus, "docs", "dev"))):
            for line in open(os.path.join(corpus, "docs", "dev", name)):
                for s in json.loads(line)["sentences"]:
                    if n < 10000 and s.strip():
                        f.write(s.replace("\n", " ") + "\n")
                        n += 1
    ckpt = os.path.join(out, "ccp-xlmr-base", "checkpoints", f"step-{steps:08d}")
    t, rss, err = run([cli, "encode", "--model", ckpt, "--input", sentences, "--output",
                       os.path.join(out, "vectors.npy"), "--pooling", "mean"], log)
    enc = float(re.search(r"in ([0-9.]+) s", err).group(1))
    report["encode_10k"] = {"wall_seconds": round(t, 1), "encode_seconds": enc,
                            "load_seconds": round(t - enc, 1), "sentences_per_s": round(10000 / enc, 1),
                            "peak_rss_mb": round(rss)}
    json.dump(report, open(os.path.join(out, "report.json"), "w"), indent=1)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

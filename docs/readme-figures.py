#!/usr/bin/env python3
"""Regenerates the README's measured figures (issue 28: figures come from a script, not typing).

Measures a demo checkpoint with the CLI, as the views measure it, and rewrites the README text
between the markers `<!-- figures:embeddings -->` and `<!-- /figures:embeddings -->`:

- dev bitext accuracy: `isomorph-cli eval bitext --model CKPT` (no --pairs: the run's dev pairs,
  measured as its trainer measures them, i.e. the Runs view's figure);
- the calibration steps on the held-out test split: `isomorph-cli calibrate fit --workspace WS`
  with the Embeddings view's settings (the run's eval.pooling, 200 sentences per language, the
  languages of the demo's dev pairs), supervised and unsupervised rotation.

    docs/readme-figures.py [--workspace WS] [--checkpoint CKPT] [--cli PATH] [--check]

--check prints what would change and exits 1 when the README differs (nothing is written).
Takes a few minutes on two cores (each fit encodes the train split's samples and pairs).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEGIN, END = "<!-- figures:embeddings -->", "<!-- /figures:embeddings -->"


def newest_checkpoint(workspace: Path) -> Path:
    runs = sorted((workspace / "runs").glob("*/checkpoints/best"), key=lambda p: p.stat().st_mtime)
    if not runs:
        sys.exit(f"{workspace}/runs has no run with a best checkpoint: run `isomorph-cli demo run` "
                 "first, or pass --checkpoint")
    return runs[-1]


def run_json(cli: str, args: list) -> dict:
    done = subprocess.run([cli, *args, "--json"], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{cli} {' '.join(args)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def checkpoint_folder(checkpoint: Path) -> Path:
    """A best/latest pointer file names its step folder."""
    if checkpoint.is_file():
        return checkpoint.parent / checkpoint.read_text().split()[0]
    return checkpoint


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--workspace", type=Path,
                   default=Path(os.environ.get("ISOMORPH_WORKSPACE",
                                               Path.home() / ".local/share/isomorph/demo-workspace")))
    p.add_argument("--checkpoint", type=Path)
    p.add_argument("--cli", default=str(ROOT / "build/bin/isomorph-cli"))
    p.add_argument("--readme", type=Path, default=ROOT / "README.md")
    p.add_argument("--check", action="store_true")
    a = p.parse_args()

    ckpt = checkpoint_folder(a.checkpoint or newest_checkpoint(a.workspace))
    run = ckpt.parent.parent
    config = tomllib.loads((run / "config.toml").read_text())
    pooling = config.get("eval", {}).get("pooling", "mean")
    dev = a.workspace / "corpora/man-demo/parallel/dev"
    langs = sorted({f.name[: -len("-en.tsv")] for f in dev.glob("*/*-en.tsv")}) + ["en"]

    bitext = run_json(a.cli, ["eval", "bitext", "--model", str(ckpt)])
    steps = {}
    with tempfile.TemporaryDirectory() as tmp:
        for method in ("supervised", "unsupervised"):
            fit = run_json(a.cli, ["calibrate", "fit", "--model", str(ckpt), "--workspace",
                                   str(a.workspace), "--method", method, "--sample", "200",
                                   "--pooling", pooling, "--out", f"{tmp}/{method}.safetensors",
                                   "--lang", *langs])
            steps[method] = {m["step"]: m["cosine"] for m in fit["mean"]}
            pairs = fit["mean"][0]["pairs"]

    pct = lambda x: f"{100 * x:.1f}%"
    s = steps["supervised"]
    text = (
        f"{BEGIN}\n"
        f"On `{run.name}/checkpoints/{ckpt.name}` (measured by `docs/readme-figures.py`), the dev\n"
        f"bitext accuracy is {pct(bitext['mean']['cosine'])}: `isomorph-cli eval bitext --model "
        f"CHECKPOINT` and\nthe Runs view's chart measure it the same way (its tooltip gives the "
        f"definition: the run's\n{pooling} pooling, the first {config['eval']['max_pairs']} dev "
        f"pairs of each language pair, top-1 both ways, language pairs\ncounted equally). The "
        f"Embeddings view's note measures the {pairs} language pairs of the held-out\ntest "
        f"split the same way: {pct(s['none'])} (none), {pct(s['shift'])} (shift), "
        f"{pct(s['scale'])} (scale),\n{pct(s['rotation'])} (supervised rotation; the "
        f"unsupervised one gives {pct(steps['unsupervised']['rotation'])}).\n"
        f"{END}")
    readme = a.readme.read_text()
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(readme):
        sys.exit(f"{a.readme}: no {BEGIN} ... {END} block to rewrite")
    updated = pattern.sub(lambda _: text, readme)
    print(text)
    if a.check:
        return 0 if updated == readme else 1
    a.readme.write_text(updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())

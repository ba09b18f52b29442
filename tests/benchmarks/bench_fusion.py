#!/usr/bin/python3
"""Hybrid fusion on the demo's retrieval sets: MRR@100 of every fusion setting against today's
default (min-max at weight 0.5), per query paired, on the en-en and every xx-en set of a split.

Each setting is one `isomorph-cli eval retrieval --systems dense,bm25,hybrid` call over a folder of
the split's xx-en and en-en sets (one process: the model loads once), with run files for the
paired tests. The settings: min-max, reciprocal rank fusion, and the share fusion with share
floors 0 .. 1 (docs/retrieval.md, "Hybrid fusion"). Choose on --split dev; report on test.
Also prints the top result of the lone-hit queries ("supprimer un répertoire", ...) when --index
names an index to search.

Usage: bench_fusion.py BUILD_DIR --model CKPT [--workspace WS] [--split dev] [--weight 0.5]
                       [--floors 0,0.25,0.5,0.75,1] [--threads 0] [--index IDX]
"""
import argparse
import collections
import json
import math
import os
import subprocess
import sys
import tempfile


def betacf(a, b, x):
    tiny, qab, qap, qam = 1e-300, a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1 + aa * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 3e-16:
            break
    return h


def paired_p(a, b):
    """Two-sided paired t-test p-value (Student's t through the regularized incomplete beta)."""
    d = [x - y for x, y in zip(a, b)]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    if var == 0:
        return 1.0 if mean == 0 else 0.0
    t = mean / math.sqrt(var / n)
    df, x = n - 1, (n - 1) / (n - 1 + t * t)
    bt = math.exp(math.lgamma(df / 2 + 0.5) - math.lgamma(df / 2) - math.lgamma(0.5)
                  + df / 2 * math.log(x) + 0.5 * math.log(1 - x))
    if x < (df / 2 + 1) / (df / 2 + 2.5):
        return bt * betacf(df / 2, 0.5, x) / (df / 2)
    return 1 - bt * betacf(0.5, df / 2, 1 - x) / 0.5


def reciprocal_ranks(run_file, qrels):
    ranked = collections.defaultdict(list)
    for line in open(run_file):
        q, _, doc, rank, _, _ = line.split()
        ranked[q].append((int(rank), doc))
    out = {}
    for q, relevant in qrels.items():
        docs = [d for _, d in sorted(ranked.get(q, []))][:100]
        out[q] = next((1 / (i + 1) for i, d in enumerate(docs) if d in relevant), 0.0)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--model", required=True)
    ap.add_argument("--workspace", default=os.path.expanduser("~/.local/share/isomorph/demo-workspace"))
    ap.add_argument("--split", default="dev")
    ap.add_argument("--weight", default="0.5")
    ap.add_argument("--floors", default="0,0.25,0.5,0.75,1")
    ap.add_argument("--threads", default="0")
    ap.add_argument("--index", default="")
    a = ap.parse_args()
    cli = os.path.join(a.build, "bin", "isomorph-cli")
    split = os.path.join(a.workspace, "corpora/man-demo/retrieval", a.split)
    work = tempfile.mkdtemp(prefix="bench-fusion-")
    sets = os.path.join(work, "sets")
    os.makedirs(sets)
    for name in sorted(os.listdir(split)):
        folder = os.path.join(split, name)
        if name.endswith("-en") and all(os.path.exists(os.path.join(folder, f))
                                        for f in ("corpus.jsonl", "queries.jsonl", "qrels/test.tsv")):
            os.symlink(folder, os.path.join(sets, name))
    settings = [("minmax", ["--fusion", "minmax"]), ("rrf", ["--fusion", "rrf"])]
    settings += [(f"share floor {f}", ["--fusion", "share", "--share-floor", f])
                 for f in a.floors.split(",")]
    per = {}  # setting -> system -> {query: rr}
    for label, flags in settings:
        out = os.path.join(work, label.replace(" ", "-"))
        subprocess.run([cli, "eval", "retrieval", "--model", a.model, "--pooling", "mean", "--beir", sets,
                        "--systems", "dense,bm25,hybrid", "--weight", a.weight, "--threads", a.threads,
                        "--run-out", out, "--json"] + flags,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        qrels = collections.defaultdict(set)
        for i, line in enumerate(open(os.path.join(out, "qrels.tsv"))):
            q, d, s = line.rstrip("\n").split("\t")
            if i and float(s) > 0:
                qrels[q].add(d)
        per[label] = {s: reciprocal_ranks(os.path.join(out, s + ".trec"), qrels)
                      for s in ("dense", "bm25", "hybrid")}
    base = per["minmax"]["hybrid"]
    queries = sorted(base)
    groups = {"en-en": [q for q in queries if q.endswith(".en")],
              "xx-en": [q for q in queries if not q.endswith(".en")]}
    print(f"{a.split} split, {len(groups['xx-en'])} xx-en and {len(groups['en-en'])} en-en queries, "
          f"weight {a.weight}; MRR@100 (queries pooled), paired p against min-max")
    rows = [("dense", per["minmax"]["dense"]), ("bm25", per["minmax"]["bm25"])]
    rows += [(f"hybrid {label}", per[label]["hybrid"]) for label, _ in settings]
    for label, rr in rows:
        cells = []
        for g, qs in groups.items():
            m = 100 * sum(rr[q] for q in qs) / len(qs)
            p = paired_p([rr[q] for q in qs], [base[q] for q in qs]) if rr is not base else float("nan")
            cells.append(f"{g} {m:5.1f} (p={p:.2g})")
        print(f"{label:<24} " + "   ".join(cells))
    if a.index:
        for query in ["supprimer un répertoire", "comprimir un archivo"]:
            for label, flags in settings:
                r = subprocess.run([cli, "search", "--index", a.index, "--query", query, "--mode", "hybrid",
                                    "--weight", a.weight, "--k", "1", "--json"] + flags,
                                   check=True, capture_output=True, text=True)
                top = json.loads(r.stdout)["results"][0]
                print(f"{query!r:<28} {label:<18} first: {top['id']}")


if __name__ == "__main__":
    sys.exit(main())

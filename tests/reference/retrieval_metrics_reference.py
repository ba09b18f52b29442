#!/usr/bin/python3
"""Independent reference for core/eval/retrieval_metrics (used by tests/unit/test_retrieval_metrics).

Usage: retrieval_metrics_reference.py INPUT.json OUTPUT.json

INPUT: {"run": {qid: [[doc, score], ...]}, "qrels": {qid: {doc: grade}}, "cutoffs": [k, ...],
        "ttest": [[a...], [b...]] (optional)}
OUTPUT: per-query metrics and means written with numpy (trec_eval conventions), cross-checked here
against sklearn.metrics.ndcg_score / average_precision_score where their definitions agree, and
the paired t-test from scipy.stats.ttest_rel when scipy is installed.
"""
import json
import sys

import numpy as np


def rank(docs):
    # trec_eval: score descending, ties by document id descending.
    return [d for d, _ in sorted(docs, key=lambda x: (x[1], x[0]), reverse=True)]


def metrics(ranked, judged, cutoffs):
    rel = np.array([1.0 if judged.get(d, 0) > 0 else 0.0 for d in ranked])
    gains = np.array([max(judged.get(d, 0), 0) for d in ranked], dtype=float)
    n_rel = sum(1 for g in judged.values() if g > 0)
    ideal = np.sort(np.array([g for g in judged.values() if g > 0], dtype=float))[::-1]
    out = {"mrr": {}, "recall": {}, "precision": {}, "ndcg": {}}
    ranks = np.arange(1, len(ranked) + 1, dtype=float)
    hits = np.cumsum(rel)
    out["ap"] = float(np.sum(rel * hits / ranks) / n_rel) if len(ranked) else 0.0
    for k in cutoffs:
        top = rel[:k]
        first = np.nonzero(top)[0]
        out["mrr"][str(k)] = float(1.0 / (first[0] + 1)) if len(first) else 0.0
        out["recall"][str(k)] = float(top.sum() / n_rel)
        out["precision"][str(k)] = float(top.sum() / k)
        dcg = float(np.sum(gains[:k] / np.log2(ranks[:k] + 1)))
        ik = ideal[:k]
        idcg = float(np.sum(ik / np.log2(np.arange(2, len(ik) + 2, dtype=float))))
        out["ndcg"][str(k)] = dcg / idcg
    return out


def sklearn_check(ranked, judged, cutoffs, result):
    """Compares with sklearn where the definitions agree; returns the number of checks made."""
    from sklearn.metrics import average_precision_score, ndcg_score

    unretrieved = [d for d in judged if d not in set(ranked)]
    docs = ranked + unretrieved
    if len(docs) < 2:
        return 0
    # Strictly decreasing scores in our ranking order, so sklearn sees no ties.
    scores = np.arange(len(docs), 0, -1, dtype=float)
    y_true = np.array([max(judged.get(d, 0), 0) for d in docs], dtype=float)
    checks = 0
    for k in cutoffs:
        if k <= len(ranked):  # beyond the run sklearn would give unretrieved documents credit
            v = ndcg_score(y_true[None, :], scores[None, :], k=k)
            assert abs(v - result["ndcg"][str(k)]) < 1e-12, (v, result["ndcg"][str(k)])
            checks += 1
    binary = (y_true > 0).astype(int)
    if not unretrieved or all(judged[d] <= 0 for d in unretrieved):
        if binary.sum() > 0 and binary.sum() < len(binary):
            v = average_precision_score(binary, scores)
            assert abs(v - result["ap"]) < 1e-12, (v, result["ap"])
            checks += 1
    return checks


def main():
    data = json.load(open(sys.argv[1], encoding="utf-8"))
    cutoffs = data["cutoffs"]
    out = {"perQuery": {}, "sklearnChecks": 0}
    for qid, judged in data["qrels"].items():
        if not any(g > 0 for g in judged.values()):
            continue
        ranked = rank([tuple(x) for x in data["run"].get(qid, [])])
        r = metrics(ranked, judged, cutoffs)
        out["sklearnChecks"] += sklearn_check(ranked, judged, cutoffs, r)
        out["perQuery"][qid] = r
    pq = list(out["perQuery"].values())
    out["map"] = float(np.mean([r["ap"] for r in pq]))
    for m in ("mrr", "recall", "precision", "ndcg"):
        out[m] = {str(k): float(np.mean([r[m][str(k)] for r in pq])) for k in cutoffs}
    if "ttest" in data:
        a, b = (np.array(x, dtype=float) for x in data["ttest"])
        try:
            from scipy import stats

            res = stats.ttest_rel(a, b)
            out["ttest"] = {"t": float(res.statistic), "p": float(res.pvalue)}
        except ImportError:
            out["ttest"] = None
    json.dump(out, open(sys.argv[2], "w", encoding="utf-8"))


if __name__ == "__main__":
    main()

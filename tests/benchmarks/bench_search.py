#!/usr/bin/python3
"""Search latency of Isomorph's indexes against python3-faiss, in one run on the same vectors.

Exact: one query at a time over ROWS x DIM normalised float32 vectors (after the query is
encoded); Isomorph's median latency vs the memory-bandwidth floor measured by bench_search itself
and vs faiss.IndexFlatIP.search for the same queries. HNSW (--hnsw): recall@10 against exact and
the latency ratio on HNSW_ROWS vectors.

The vectors are clustered with a decaying spectrum (like sentence embeddings, unlike uniform
noise, on which no graph index reaches high recall in 256 dimensions).

Usage: bench_search.py BUILD_DIR [--rows 100000] [--dim 256] [--queries 200]
                                 [--hnsw] [--hnsw-rows 1000000] [--m 32] [--ef-construction 128]
"""
import argparse
import json
import os
import subprocess
import tempfile
import time

import numpy as np


def clustered(n, dim, seed, clusters=1000):
    """n unit vectors around `clusters` centres. The centres depend only on `clusters` and `dim`,
    so rows and queries drawn with different seeds come from the same distribution (held-out
    queries, as in real use), while the points themselves differ."""
    scales = 1.0 / np.sqrt(1.0 + np.arange(dim))
    centers = np.random.default_rng(12345).standard_normal((clusters, dim)).astype(np.float32) * scales
    rng = np.random.default_rng(seed)
    out = np.empty((n, dim), dtype=np.float32)
    step = 100000
    for i in range(0, n, step):
        m = min(step, n - i)
        which = rng.integers(0, clusters, m)
        out[i:i + m] = centers[which] + 0.35 * scales * rng.standard_normal((m, dim)).astype(np.float32)
    out /= np.linalg.norm(out, axis=1, keepdims=True)
    return out


def faiss_single_query_ms(rows, queries, k=10):
    import faiss
    index = faiss.IndexFlatIP(rows.shape[1])
    index.add(rows)
    for q in queries[:10]:  # warm-up
        index.search(q[None, :], k)
    times = []
    for q in queries:
        t = time.perf_counter()
        index.search(q[None, :], k)
        times.append(1000 * (time.perf_counter() - t))
    blas = []
    for q in queries:  # numpy's BLAS matrix-vector product, for context
        t = time.perf_counter()
        s = rows @ q
        np.argpartition(-s, k)[:k]
        blas.append(1000 * (time.perf_counter() - t))
    return float(np.median(times)), float(np.median(blas))


def run_bench(build, mode, rows_path, queries_path, extra=()):
    out = subprocess.run([os.path.join(build, "bin", "bench_search"), mode, rows_path, queries_path,
                          *map(str, extra)], check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("build")
    p.add_argument("--rows", type=int, default=100000)
    p.add_argument("--dim", type=int, default=256)
    p.add_argument("--queries", type=int, default=200)
    p.add_argument("--hnsw", action="store_true")
    p.add_argument("--hnsw-rows", type=int, default=1000000)
    p.add_argument("--m", type=int, default=32)
    p.add_argument("--ef-construction", type=int, default=128)
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rows = clustered(a.rows, a.dim, 1)
        queries = clustered(a.queries, a.dim, 2)
        rp, qp = os.path.join(tmp, "rows.npy"), os.path.join(tmp, "queries.npy")
        np.save(rp, rows)
        np.save(qp, queries)
        ours = run_bench(a.build, "exact", rp, qp)
        faiss_ms, numpy_ms = faiss_single_query_ms(rows, queries)
        print(f"exact search, one query over {a.rows} x {a.dim} float32 ({ours['threads']} threads)")
        print(f"  isomorph median      {ours['median_ms']:.3f} ms")
        print(f"  bandwidth floor      {ours['floor_ms']:.3f} ms "
              f"({ours['bandwidth_gb_s']:.1f} GB/s measured)")
        print(f"  python3-faiss        {faiss_ms:.3f} ms (IndexFlatIP.search)")
        print(f"  numpy BLAS gemv+top  {numpy_ms:.3f} ms (context)")
        print(f"  RATIO to floor       {ours['median_ms'] / ours['floor_ms']:.2f}x (target <= 1.5)")
        print(f"  RATIO to faiss       {ours['median_ms'] / faiss_ms:.2f}x (target <= 0.5)")
        if a.hnsw:
            rows = clustered(a.hnsw_rows, a.dim, 3)
            np.save(rp, rows)
            del rows
            h = run_bench(a.build, "hnsw", rp, qp, (a.m, a.ef_construction))
            print(f"HNSW over {h['rows']} x {h['dim']} (M {h['hnsw_m']}, efConstruction "
                  f"{h['ef_construction']}, built in {h['build_s']:.0f} s); exact "
                  f"{h['exact_median_ms']:.2f} ms")
            for pt in h["points"]:
                ok = pt["recall_at_10"] >= 0.95 and pt["speedup"] >= 5
                print(f"  efSearch {pt['ef_search']:>4}: recall@10 {pt['recall_at_10']:.4f}  "
                      f"{pt['median_ms']:.3f} ms  {pt['speedup']:.1f}x faster"
                      f"{'  <- meets recall >= 0.95 at >= 5x' if ok else ''}")


if __name__ == "__main__":
    main()

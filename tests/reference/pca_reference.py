#!/usr/bin/python3
"""Independent numpy reference for isomorph::align::fitPca (tests/unit/test_pca_procrustes.cpp).

Computes PCA through the SVD of the centered data (the C++ code uses a covariance
eigendecomposition or a randomized range finder), in float64, with the same conventions:
unbiased (n - 1) variances, components signed so that their largest-|value| coordinate (the
first on ties) is positive, ratios relative to the trace of the covariance.

Usage:
  pca_reference.py FIT.f32 ROWS COLS APPLY.f32 APPLY_ROWS K OUT_DIR
FIT.f32 and APPLY.f32 are raw little-endian float32 row-major matrices. Writes raw float64 files
mean.f64 [COLS], components.f64 [K, COLS], variance.f64 [K], ratio.f64 [K] and
transform.f64 [APPLY_ROWS, K] into OUT_DIR.
"""

import os
import sys

import numpy as np


def main():
    fit_path, rows, cols, apply_path, apply_rows, k, out = sys.argv[1:8]
    rows, cols, apply_rows, k = int(rows), int(cols), int(apply_rows), int(k)
    x = np.fromfile(fit_path, dtype="<f4").reshape(rows, cols).astype(np.float64)
    y = np.fromfile(apply_path, dtype="<f4").reshape(apply_rows, cols).astype(np.float64)

    mean = x.mean(axis=0)
    xc = x - mean
    _, s, vt = np.linalg.svd(xc, full_matrices=False)
    comps = vt[:k].copy()
    for row in comps:
        if row[np.argmax(np.abs(row))] < 0:
            row *= -1.0
    variance = s[:k] ** 2 / (rows - 1)
    total = (xc**2).sum() / (rows - 1)
    ratio = variance / total
    projected = (y - mean) @ comps.T

    for name, value in [("mean", mean), ("components", comps), ("variance", variance),
                        ("ratio", ratio), ("transform", projected)]:
        np.ascontiguousarray(value, dtype="<f8").tofile(os.path.join(out, name + ".f64"))


if __name__ == "__main__":
    main()

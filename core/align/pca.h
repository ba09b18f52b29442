#pragma once

// Principal component analysis of embedding matrices (for 2-D/3-D maps of sentence embeddings).
// Plain C++ interface; Eigen/BLAS only inside pca.cpp: double precision, except the randomized
// range finder's power iterations (float32 GEMM; the final projection is double).

#include <cstdint>
#include <vector>

#include "core/common/float_matrix.h"

namespace isomorph::align {

enum class PcaMethod {
    Auto,        ///< Randomized when rows >= kPcaRandomizedMinRows and k + oversampling < d.
    Exact,       ///< Eigendecomposition of the d x d covariance (SelfAdjointEigenSolver).
    Randomized,  ///< Halko, Martinsson & Tropp (2011): range finder + power iterations + small SVD.
};

/// Auto picks the randomized method from this many rows on.
inline constexpr int64_t kPcaRandomizedMinRows = 100000;

struct PcaOptions {
    int components = 2;  ///< k, 1 <= k <= d.
    PcaMethod method = PcaMethod::Auto;
    int oversampling = 10;    ///< Randomized: extra test vectors (sketch width k + oversampling).
    int powerIterations = 2;  ///< Randomized: subspace iterations, each re-orthonormalized by QR.
    uint64_t seed = 0;        ///< Randomized: seed of the Gaussian test matrix (deterministic).
};

/// A fitted PCA. Variances use the unbiased (n - 1) denominator, as numpy/scikit-learn do.
struct PcaModel {
    int64_t samples = 0;                         ///< n, rows of the fitted matrix.
    int64_t dim = 0;                             ///< d.
    PcaMethod method = PcaMethod::Exact;         ///< The method actually used (never Auto).
    std::vector<double> mean;                    ///< [d], column means of the fitted matrix.
    FloatMatrix components;                      ///< [k, d], unit rows, descending variance.
    std::vector<double> explainedVariance;       ///< [k], eigenvalues of the covariance.
    std::vector<double> explainedVarianceRatio;  ///< [k], explainedVariance / totalVariance.
    double totalVariance = 0.0;                  ///< Trace of the covariance (exact).
};

/// Fits PCA on x [n, d]. Each component is signed so that its largest-|value| coordinate (the
/// first such one on ties) is positive, so results do not depend on the solver's sign choice.
/// Throws DataError for n < 2 or a NaN/Inf value (naming its row and column), ConfigError for
/// k < 1, k > d, or bad randomized options.
PcaModel fitPca(const FloatMatrix& x, const PcaOptions& options = {});

/// Projects x [m, d] (any rows, not necessarily the fitted ones) onto the components: (x - mean)
/// * components^T, giving [m, k]. Throws DataError when x has a different d or a NaN/Inf value.
FloatMatrix transform(const PcaModel& model, const FloatMatrix& x);

const char* pcaMethodName(PcaMethod method);

}  // namespace isomorph::align

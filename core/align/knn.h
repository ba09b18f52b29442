#pragma once

// Exact nearest neighbours by cosine similarity between two sets of embeddings, and the two
// hubness-corrected scores built on them: CSLS (Conneau et al. 2018, "Word translation without
// parallel data") and the ratio margin (Artetxe & Schwenk 2019, "Margin-based parallel corpus
// mining"). Torch-free; the similarity matrix is computed block by block with a float32 BLAS GEMM,
// so 20k x 20k sets never hold the full matrix in memory.
//
// Conventions for every function here:
// - Rows are L2-normalised internally (the caller's matrices are not changed); a zero row has
//   cosine 0 with everything, never NaN.
// - `k` (the neighbourhood size) must be >= 1, else ConfigError; it is clamped to the number of
//   rows on the other side, so CSLS on 3 keys with k = 10 uses all 3.
// - Inputs must be finite and both sides must have the same dimension, else DataError naming the
//   argument (and the row of a NaN/Inf).
// - Ties go to the lower index.

#include <cstdint>
#include <vector>

#include "core/common/float_matrix.h"

namespace isomorph::align {

/// The `k` best keys of each query, best first.
struct Neighbors {
    int64_t rows = 0;            ///< number of queries
    int k = 0;                   ///< neighbours per query (after clamping)
    std::vector<int64_t> index;  ///< [rows, k] key row indices
    std::vector<float> score;    ///< [rows, k] cosine (or CSLS / margin) of those keys

    int64_t indexAt(int64_t query, int j) const { return index[size_t(query * k + j)]; }
    float scoreAt(int64_t query, int j) const { return score[size_t(query * k + j)]; }
};

/// Copy of x [n, d] with every row scaled to unit L2 norm (zero rows stay zero).
FloatMatrix normalizeRows(const FloatMatrix& x);

/// Full cosine matrix [m, n] of queries [m, d] against keys [n, d] (for small sets only).
FloatMatrix cosineMatrix(const FloatMatrix& queries, const FloatMatrix& keys);

/// The k most cosine-similar keys [n, d] of every query [m, d].
Neighbors nearestNeighbors(const FloatMatrix& queries, const FloatMatrix& keys, int k);

/// r(q) for every query: the mean cosine of its k nearest keys, [m]. This is the r_T term of CSLS
/// (queries = source, keys = target) and half of each side of the margin denominator.
std::vector<double> meanTopKSimilarity(const FloatMatrix& queries, const FloatMatrix& keys, int k);

/// Both neighbourhood terms from one pass over the cosine matrix of source [m, d] and target
/// [n, d]: source[i] = mean cosine of source row i's k nearest targets ([m], r_T in the paper),
/// target[j] = mean cosine of target row j's k nearest sources ([n], r_S).
struct NeighborhoodMeans {
    std::vector<double> source;
    std::vector<double> target;
};
NeighborhoodMeans neighborhoodMeans(const FloatMatrix& source, const FloatMatrix& target, int k);

enum class Score {
    Cosine,  ///< cos(x, y)
    Csls,    ///< 2 cos(x, y) - r_T(x) - r_S(y)
    Margin,  ///< cos(x, y) / ((r_T(x) + r_S(y)) / 2), the ratio margin
};
const char* scoreName(Score score);

/// CSLS (Conneau et al. 2018) of one pair from its cosine and the two neighbourhood means:
/// 2 cos(x, y) - r_T(x) - r_S(y). The one formula for the searches here and the Embeddings view.
template <typename T>
T cslsScore(T cosine, T rQuery, T rKey) {
    return T(2) * cosine - rQuery - rKey;
}

/// Options of the scored searches. `k` is the neighbourhood size of the CSLS/margin terms
/// (ignored for Cosine); CSLS uses 10 and margin mining 4 in their papers.
struct ScoreOptions {
    Score score = Score::Csls;
    int k = 10;
};

/// Full score matrix [m, n] of source [m, d] against target [n, d] (for small sets only).
/// A margin whose denominator is <= 1e-12 (only possible for zero or degenerate rows) is 0.
FloatMatrix scoreMatrix(const FloatMatrix& source, const FloatMatrix& target,
                        const ScoreOptions& options);

/// The best target of every source and the best source of every target under one score, found in
/// two blocked passes (neighbourhood terms, then scores) without the full matrix.
struct BestMatches {
    std::vector<int64_t> forward;      ///< [m] best target row of each source row
    std::vector<float> forwardScore;   ///< [m]
    std::vector<int64_t> backward;     ///< [n] best source row of each target row
    std::vector<float> backwardScore;  ///< [n]
};
BestMatches bestMatches(const FloatMatrix& source, const FloatMatrix& target,
                        const ScoreOptions& options);

}  // namespace isomorph::align

#pragma once

// Exact maximum-inner-product top-k over a row-major matrix, the hot path of exact search and of
// evaluations that compare every query with every key. One query is a single BLAS matrix-vector
// product over all rows (memory-bandwidth bound, all BLAS threads); several queries are blocked
// matrix products. Ties are broken by the lower row, so results are deterministic.

#include <cstdint>
#include <functional>
#include <vector>

namespace isomorph::index {

struct Neighbor {
    int64_t row = 0;
    float score = 0.0f;
};

/// For each of `count` queries [count, dim], the `k` rows of `keys` [rows, dim] with the largest
/// inner product (best first; fewer when fewer rows pass `keep`). `keep(row)`, when set, filters
/// rows. Inputs are used as they are (normalise them first for cosine).
std::vector<std::vector<Neighbor>> exactTopK(const float* queries, int64_t count, const float* keys,
                                             int64_t rows, int64_t dim, int k,
                                             const std::function<bool(int64_t)>& keep = {});

}  // namespace isomorph::index

#pragma once

// Internal helpers shared by pca.cpp and procrustes.cpp (not part of the public API: includes
// Eigen). Matrices are processed in row chunks so that large [n, d] float inputs are never copied
// whole into double precision.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include <Eigen/Dense>
#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/common/float_matrix.h"

namespace isomorph::align::detail {

using RowMajorF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMapF = Eigen::Map<const RowMajorF>;

inline constexpr int64_t kChunkRows = 8192;

inline ConstMapF view(const FloatMatrix& x) {
    x.checkShape();
    return ConstMapF(x.data.data(), x.rows, x.cols);
}

/// DataError naming the first NaN/Inf value of x (0-based row and column).
inline void requireFinite(const FloatMatrix& x, const char* what) {
    x.checkShape();
    for (size_t i = 0; i < x.data.size(); ++i) {
        if (!std::isfinite(x.data[i])) {
            const auto r = static_cast<int64_t>(i) / x.cols;
            const auto c = static_cast<int64_t>(i) % x.cols;
            throw DataError(fmt::format(
                "{}: row {} (0-based), column {} is {}; remove or fix that row before the "
                "analysis",
                what, r, c, std::isnan(x.data[i]) ? "NaN" : "infinite"));
        }
    }
}

/// Calls f(firstRow, block) for consecutive row blocks of x converted to double, minus `mean`
/// (pass an empty vector for no centering).
template <class F>
void forEachChunk(const FloatMatrix& x, const Eigen::VectorXd& mean, F&& f) {
    const auto m = view(x);
    Eigen::MatrixXd block;
    for (int64_t r0 = 0; r0 < x.rows; r0 += kChunkRows) {
        const int64_t len = std::min(kChunkRows, x.rows - r0);
        block = m.middleRows(r0, len).cast<double>();
        if (mean.size() > 0) block.rowwise() -= mean.transpose();
        f(r0, block);
    }
}

inline FloatMatrix toMatrix(const Eigen::MatrixXd& m) {
    FloatMatrix out(m.rows(), m.cols());
    Eigen::Map<RowMajorF>(out.data.data(), m.rows(), m.cols()) = m.cast<float>();
    return out;
}

}  // namespace isomorph::align::detail

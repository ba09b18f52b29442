#include "core/align/procrustes.h"

#include <algorithm>
#include <vector>

#include "core/align/blas.h"
#include "core/align/detail.h"

namespace isomorph::align {

namespace {

using RowMajorD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
constexpr int64_t kProcrustesChunkRows = 2048;  // 2048 x 1024 doubles = 16 MiB per side

}  // namespace

FloatMatrix fitProcrustes(const FloatMatrix& source, const FloatMatrix& target) {
    source.checkShape();
    target.checkShape();
    if (source.rows != target.rows || source.cols != target.cols)
        throw DataError(fmt::format(
            "Procrustes: source [{}, {}] and target [{}, {}] must have the same shape (paired "
            "rows of equal dimension)",
            source.rows, source.cols, target.rows, target.cols));
    if (source.rows < 1 || source.cols < 1)
        throw DataError("Procrustes needs at least one pair of non-empty rows");
    detail::requireFinite(source, "Procrustes source");
    detail::requireFinite(target, "Procrustes target");

    // M = A^T B in double (BLAS dgemm over converted row chunks), then its SVD with LAPACK's
    // divide-and-conquer dgesdd: for d = 1024 that is several times faster than Eigen's BDCSVD.
    const int64_t d = source.cols;
    std::vector<double> m(size_t(d * d), 0.0);
    RowMajorD a, b;
    for (int64_t r0 = 0; r0 < source.rows; r0 += kProcrustesChunkRows) {
        const int64_t len = std::min(kProcrustesChunkRows, source.rows - r0);
        a = detail::view(source).middleRows(r0, len).cast<double>();
        b = detail::view(target).middleRows(r0, len).cast<double>();
        blas::dgemm(true, false, d, d, len, 1.0, a.data(), d, b.data(), d, 1.0, m.data(), d);
    }
    blas::Svd svd;
    if (!blas::svdSquare(m, d, svd))
        throw DataError("Procrustes: the SVD of A^T B did not converge");
    std::vector<double> w(size_t(d * d));
    blas::dgemm(false, false, d, d, d, 1.0, svd.u.data(), d, svd.vt.data(), d, 0.0, w.data(), d);
    FloatMatrix out(d, d);
    for (size_t i = 0; i < w.size(); ++i)
        out.data[i] = float(w[i]);
    return out;
}

FloatMatrix apply(const FloatMatrix& w, const FloatMatrix& x) {
    w.checkShape();
    x.checkShape();
    if (w.rows != w.cols || x.cols != w.rows)
        throw DataError(
            fmt::format("Procrustes apply: the map is [{}, {}] but the rows have dimension {}",
                        w.rows, w.cols, x.cols));
    const Eigen::MatrixXd wd = detail::view(w).cast<double>();
    Eigen::MatrixXd out(x.rows, w.cols);
    detail::forEachChunk(x, Eigen::VectorXd(), [&](int64_t r0, const Eigen::MatrixXd& block) {
        out.middleRows(r0, block.rows()).noalias() = block * wd;
    });
    return detail::toMatrix(out);
}

double procrustesResidual(const FloatMatrix& w, const FloatMatrix& source,
                          const FloatMatrix& target) {
    const FloatMatrix mapped = apply(w, source);
    if (mapped.rows != target.rows || mapped.cols != target.cols)
        throw DataError("Procrustes residual: mapped source and target shapes differ");
    double total = 0.0;
    for (size_t i = 0; i < mapped.data.size(); ++i) {
        const double diff = double(mapped.data[i]) - double(target.data[i]);
        total += diff * diff;
    }
    return std::sqrt(total);
}

}  // namespace isomorph::align

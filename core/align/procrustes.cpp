#include "core/align/procrustes.h"

#include "core/align/detail.h"

namespace isomorph::align {

Matrix fitProcrustes(const Matrix& source, const Matrix& target) {
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

    // M = A^T B in double, accumulated over row chunks.
    const auto b = detail::view(target);
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(source.cols, source.cols);
    detail::forEachChunk(source, Eigen::VectorXd(), [&](int64_t r0, const Eigen::MatrixXd& a) {
        m.noalias() += a.transpose() * b.middleRows(r0, a.rows()).cast<double>();
    });
    Eigen::BDCSVD<Eigen::MatrixXd> svd(m, Eigen::ComputeFullU | Eigen::ComputeFullV);
    if (svd.info() != Eigen::Success) throw DataError("Procrustes: the SVD of A^T B failed");
    return detail::toMatrix(svd.matrixU() * svd.matrixV().transpose());
}

Matrix apply(const Matrix& w, const Matrix& x) {
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

double procrustesResidual(const Matrix& w, const Matrix& source, const Matrix& target) {
    const Matrix mapped = apply(w, source);
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

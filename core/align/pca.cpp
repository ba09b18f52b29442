#include "core/align/pca.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/align/blas.h"
#include "core/align/detail.h"

namespace isomorph::align {

using detail::forEachChunk;

namespace {

/// Column means in double, straight from the float rows (no converted copy).
Eigen::VectorXd columnMean(const FloatMatrix& x) {
    Eigen::VectorXd sum = Eigen::VectorXd::Zero(x.cols);
    for (int64_t r = 0; r < x.rows; ++r) {
        const float* v = x.row(r);
        for (int64_t c = 0; c < x.cols; ++c)
            sum[c] += v[c];
    }
    return sum / static_cast<double>(x.rows);
}

double sumOfSquares(const FloatMatrix& x, const Eigen::VectorXd& mean) {
    double total = 0.0;
    for (int64_t r = 0; r < x.rows; ++r) {
        const float* v = x.row(r);
        for (int64_t c = 0; c < x.cols; ++c) {
            const double diff = double(v[c]) - mean[c];
            total += diff * diff;
        }
    }
    return total;
}

/// (x - mean) * m, [n, l], in double (transform: its output must match numpy closely).
Eigen::MatrixXd timesCentered(const FloatMatrix& x, const Eigen::VectorXd& mean,
                              const Eigen::MatrixXd& m) {
    Eigen::MatrixXd out(x.rows, m.cols());
    forEachChunk(x, mean, [&](int64_t r0, const Eigen::MatrixXd& block) {
        out.middleRows(r0, block.rows()).noalias() = block * m;
    });
    return out;
}

// The randomized range finder only needs the subspace spanned by the power iterations, so those
// passes run as float32 BLAS GEMMs on centred float chunks; only the final projection B = Q^T X
// (which gives the components and variances) is computed in double. Errors of ~1e-7 in the
// subspace change the Rayleigh-Ritz values only to second order.

/// Calls f(firstRow, block) for row chunks of x - mean as float [len, d] row-major.
template <class F>
void forEachCenteredFloatChunk(const FloatMatrix& x, const Eigen::VectorXd& mean, F&& f) {
    const Eigen::RowVectorXf meanF = mean.transpose().cast<float>();
    detail::RowMajorF block;
    for (int64_t r0 = 0; r0 < x.rows; r0 += detail::kChunkRows) {
        const int64_t len = std::min(detail::kChunkRows, x.rows - r0);
        block = detail::view(x).middleRows(r0, len);
        block.rowwise() -= meanF;
        f(r0, block);
    }
}

/// (x - mean) * m, [n, l]: float GEMM per chunk, stored in double.
Eigen::MatrixXd timesCenteredFast(const FloatMatrix& x, const Eigen::VectorXd& mean,
                                  const Eigen::MatrixXd& m) {
    const detail::RowMajorF mf = m.cast<float>();
    const int64_t l = m.cols();
    Eigen::MatrixXd out(x.rows, l);
    detail::RowMajorF prod;
    forEachCenteredFloatChunk(x, mean, [&](int64_t r0, const detail::RowMajorF& block) {
        prod.resize(block.rows(), l);
        blas::sgemm(false, false, block.rows(), l, x.cols, 1.0f, block.data(), x.cols, mf.data(), l,
                    0.0f, prod.data(), l);
        out.middleRows(r0, block.rows()) = prod.cast<double>();
    });
    return out;
}

/// (x - mean)^T * q, [d, l]: float GEMM per chunk, chunk results summed in double.
Eigen::MatrixXd centeredTransposeTimesFast(const FloatMatrix& x, const Eigen::VectorXd& mean,
                                           const Eigen::MatrixXd& q) {
    const int64_t l = q.cols();
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(x.cols, l);
    detail::RowMajorF qf, prod(x.cols, l);
    forEachCenteredFloatChunk(x, mean, [&](int64_t r0, const detail::RowMajorF& block) {
        qf = q.middleRows(r0, block.rows()).cast<float>();
        blas::sgemm(true, false, x.cols, l, block.rows(), 1.0f, block.data(), x.cols, qf.data(), l,
                    0.0f, prod.data(), l);
        out += prod.cast<double>();
    });
    return out;
}

/// (x - mean)^T * q, [d, l], in double: double GEMM on converted chunks.
Eigen::MatrixXd centeredTransposeTimes(const FloatMatrix& x, const Eigen::VectorXd& mean,
                                       const Eigen::MatrixXd& q) {
    const int64_t l = q.cols();
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> out =
        Eigen::MatrixXd::Zero(x.cols, l);
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> block, qd;
    for (int64_t r0 = 0; r0 < x.rows; r0 += detail::kChunkRows) {
        const int64_t len = std::min(detail::kChunkRows, x.rows - r0);
        block = detail::view(x).middleRows(r0, len).cast<double>();
        block.rowwise() -= mean.transpose();
        qd = q.middleRows(r0, len);
        blas::dgemm(true, false, x.cols, l, len, 1.0, block.data(), x.cols, qd.data(), l, 1.0,
                    out.data(), l);
    }
    return out;
}

/// Orthonormal basis (thin Q of a Householder QR) of the columns of y.
Eigen::MatrixXd orthonormalize(const Eigen::MatrixXd& y) {
    Eigen::HouseholderQR<Eigen::MatrixXd> qr(y);
    Eigen::MatrixXd q = Eigen::MatrixXd::Identity(y.rows(), y.cols());
    q.applyOnTheLeft(qr.householderQ());
    return q;
}

/// Fixes each row's sign: its largest-|value| coordinate (the first on ties) becomes positive.
void fixSigns(Eigen::MatrixXd& rows) {
    for (Eigen::Index i = 0; i < rows.rows(); ++i) {
        Eigen::Index best = 0;
        for (Eigen::Index j = 1; j < rows.cols(); ++j)
            if (std::abs(rows(i, j)) > std::abs(rows(i, best))) best = j;
        if (rows(i, best) < 0) rows.row(i) *= -1.0;
    }
}

struct Decomposition {
    Eigen::MatrixXd components;  // [k, d]
    Eigen::VectorXd variance;    // [k]
};

Decomposition exactPca(const FloatMatrix& x, const Eigen::VectorXd& mean, int k) {
    const Eigen::Index d = x.cols;
    Eigen::MatrixXd cov = Eigen::MatrixXd::Zero(d, d);
    forEachChunk(x, mean, [&](int64_t, const Eigen::MatrixXd& block) {
        cov.selfadjointView<Eigen::Lower>().rankUpdate(block.transpose());
    });
    cov = cov.selfadjointView<Eigen::Lower>();
    cov /= static_cast<double>(x.rows - 1);
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(cov);
    if (solver.info() != Eigen::Success)
        throw DataError("PCA: the covariance eigendecomposition did not converge");
    Decomposition out{Eigen::MatrixXd(k, d), Eigen::VectorXd(k)};
    for (int i = 0; i < k; ++i) {  // eigenvalues are ascending
        const Eigen::Index src = d - 1 - i;
        out.components.row(i) = solver.eigenvectors().col(src).transpose();
        out.variance(i) = std::max(0.0, solver.eigenvalues()(src));
    }
    return out;
}

Decomposition randomizedPca(const FloatMatrix& x, const Eigen::VectorXd& mean, int k,
                            const PcaOptions& options) {
    const Eigen::Index d = x.cols;
    const Eigen::Index l =
        std::min<Eigen::Index>({static_cast<Eigen::Index>(k) + options.oversampling, d, x.rows});
    std::mt19937_64 rng(options.seed);
    std::normal_distribution<double> gauss(0.0, 1.0);
    Eigen::MatrixXd omega(d, l);
    for (Eigen::Index j = 0; j < l; ++j)
        for (Eigen::Index i = 0; i < d; ++i)
            omega(i, j) = gauss(rng);

    Eigen::MatrixXd q = orthonormalize(timesCenteredFast(x, mean, omega));  // [n, l]
    for (int it = 0; it < options.powerIterations; ++it) {
        const Eigen::MatrixXd z = orthonormalize(centeredTransposeTimesFast(x, mean, q));  // [d, l]
        q = orthonormalize(timesCenteredFast(x, mean, z));
    }
    // B = Q^T (x - mean) is [l, d]; its right singular vectors are the left ones of B^T.
    const Eigen::MatrixXd bt = centeredTransposeTimes(x, mean, q);  // [d, l]
    Eigen::JacobiSVD<Eigen::MatrixXd> svd(bt, Eigen::ComputeThinU);
    Decomposition out{svd.matrixU().leftCols(k).transpose(), Eigen::VectorXd(k)};
    const Eigen::VectorXd s = svd.singularValues();
    for (int i = 0; i < k; ++i)
        out.variance(i) = s(i) * s(i) / static_cast<double>(x.rows - 1);
    return out;
}

}  // namespace

const char* pcaMethodName(PcaMethod method) {
    switch (method) {
        case PcaMethod::Auto:
            return "auto";
        case PcaMethod::Exact:
            return "exact";
        case PcaMethod::Randomized:
            return "randomized";
    }
    return "?";
}

PcaModel fitPca(const FloatMatrix& x, const PcaOptions& options) {
    x.checkShape();
    if (x.rows < 2)
        throw DataError(fmt::format("PCA needs at least 2 rows (samples), got {}", x.rows));
    if (x.cols < 1) throw DataError("PCA needs at least 1 column (feature), got 0");
    const int k = options.components;
    if (k < 1 || k > x.cols)
        throw ConfigError(fmt::format(
            "PCA: {} components requested, but it must be between 1 and the data dimension {}", k,
            x.cols));
    if (options.oversampling < 0 || options.powerIterations < 0)
        throw ConfigError(
            fmt::format("PCA: oversampling ({}) and power iterations ({}) must not be negative",
                        options.oversampling, options.powerIterations));
    detail::requireFinite(x, "PCA input");

    PcaMethod method = options.method;
    if (method == PcaMethod::Auto)
        method = x.rows >= kPcaRandomizedMinRows && k + options.oversampling < x.cols
                     ? PcaMethod::Randomized
                     : PcaMethod::Exact;

    const Eigen::VectorXd mean = columnMean(x);
    Decomposition dec =
        method == PcaMethod::Exact ? exactPca(x, mean, k) : randomizedPca(x, mean, k, options);
    fixSigns(dec.components);

    PcaModel model;
    model.samples = x.rows;
    model.dim = x.cols;
    model.method = method;
    model.mean.assign(mean.data(), mean.data() + mean.size());
    model.components = detail::toMatrix(dec.components);
    model.totalVariance = sumOfSquares(x, mean) / static_cast<double>(x.rows - 1);
    for (int i = 0; i < k; ++i) {
        model.explainedVariance.push_back(dec.variance(i));
        model.explainedVarianceRatio.push_back(
            model.totalVariance > 0 ? dec.variance(i) / model.totalVariance : 0.0);
    }
    return model;
}

FloatMatrix transform(const PcaModel& model, const FloatMatrix& x) {
    x.checkShape();
    if (x.cols != model.dim)
        throw DataError(fmt::format(
            "PCA transform: the data has dimension {}, but the PCA was fitted on dimension {}",
            x.cols, model.dim));
    detail::requireFinite(x, "PCA transform input");
    const Eigen::VectorXd mean = Eigen::Map<const Eigen::VectorXd>(
        model.mean.data(), static_cast<Eigen::Index>(model.mean.size()));
    const Eigen::MatrixXd comps = detail::view(model.components).cast<double>().transpose();
    return detail::toMatrix(timesCentered(x, mean, comps));
}

}  // namespace isomorph::align

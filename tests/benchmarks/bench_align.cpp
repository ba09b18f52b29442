// Timings of the embedding-analysis primitives, each with a reference measured in the same run:
//  - randomized PCA of a 1M x 256 float matrix (2 components) vs the previous all-double Eigen
//    implementation (reference kept here);
//  - orthogonal Procrustes for d = 1024 (4096 pairs) vs Eigen (double GEMM + BDCSVD);
//  - bitext retrieval of 1,000 pairs at d = 256 (cosine + CSLS) vs the 1 s target;
//  - one unsupervised calibration refinement iteration at 20k x 20k x 256 (CSLS mutual nearest
//    neighbours + Procrustes) vs one plain float GEMM of the same size (the floor: the iteration
//    needs two such passes).
// Usage: bench_align [rows] [pca dim] [procrustes dim] [refinement rows]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

#include <eigen3/Eigen/Dense>

#include "core/align/bitext_metrics.h"
#include "core/align/blas.h"
#include "core/align/calibration.h"
#include "core/align/knn.h"
#include "core/align/pca.h"
#include "core/align/procrustes.h"

using namespace isomorph::align;
using isomorph::FloatMatrix;
using Clock = std::chrono::steady_clock;
using RowMajorF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

namespace {

double seconds(Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
}

/// Gaussian rows with per-column scales 1 / (1 + c) (a decaying spectrum, as embeddings have).
FloatMatrix gaussian(int64_t rows, int64_t cols, unsigned seed) {
    FloatMatrix m(rows, cols);
    std::mt19937 rng(seed);
    std::normal_distribution<float> g(0.0f, 1.0f);
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c)
            m(r, c) = g(rng) / float(1 + c);
    return m;
}

Eigen::Map<const RowMajorF> view(const FloatMatrix& x) {
    return Eigen::Map<const RowMajorF>(x.data.data(), x.rows, x.cols);
}

/// The previous implementation: every pass converts 8192-row chunks to double (Eigen GEMM).
Eigen::VectorXd referencePcaVariances(const FloatMatrix& x, int k) {
    const int64_t chunk = 8192, l = k + 10;
    Eigen::VectorXd mean = Eigen::VectorXd::Zero(x.cols);
    for (int64_t r0 = 0; r0 < x.rows; r0 += chunk)
        mean += view(x).middleRows(r0, std::min(chunk, x.rows - r0)).cast<double>().colwise().sum();
    mean /= double(x.rows);
    auto times = [&](const Eigen::MatrixXd& m) {
        Eigen::MatrixXd out(x.rows, m.cols());
        for (int64_t r0 = 0; r0 < x.rows; r0 += chunk) {
            Eigen::MatrixXd b = view(x).middleRows(r0, std::min(chunk, x.rows - r0)).cast<double>();
            b.rowwise() -= mean.transpose();
            out.middleRows(r0, b.rows()).noalias() = b * m;
        }
        return out;
    };
    auto transposeTimes = [&](const Eigen::MatrixXd& q) {
        Eigen::MatrixXd out = Eigen::MatrixXd::Zero(x.cols, q.cols());
        for (int64_t r0 = 0; r0 < x.rows; r0 += chunk) {
            Eigen::MatrixXd b = view(x).middleRows(r0, std::min(chunk, x.rows - r0)).cast<double>();
            b.rowwise() -= mean.transpose();
            out.noalias() += b.transpose() * q.middleRows(r0, b.rows());
        }
        return out;
    };
    auto orth = [](const Eigen::MatrixXd& y) {
        Eigen::HouseholderQR<Eigen::MatrixXd> qr(y);
        Eigen::MatrixXd q = Eigen::MatrixXd::Identity(y.rows(), y.cols());
        q.applyOnTheLeft(qr.householderQ());
        return q;
    };
    std::mt19937_64 rng(0);
    std::normal_distribution<double> g(0.0, 1.0);
    Eigen::MatrixXd omega(x.cols, l);
    for (Eigen::Index i = 0; i < omega.size(); ++i)
        omega.data()[i] = g(rng);
    Eigen::MatrixXd q = orth(times(omega));
    for (int it = 0; it < 2; ++it)
        q = orth(times(orth(transposeTimes(q))));
    Eigen::JacobiSVD<Eigen::MatrixXd> svd(transposeTimes(q));
    return svd.singularValues().head(k).array().square() / double(x.rows - 1);
}

Eigen::MatrixXd referenceProcrustes(const FloatMatrix& a, const FloatMatrix& b) {
    const Eigen::MatrixXd m = view(a).cast<double>().transpose() * view(b).cast<double>();
    Eigen::BDCSVD<Eigen::MatrixXd> svd(m, Eigen::ComputeFullU | Eigen::ComputeFullV);
    return svd.matrixU() * svd.matrixV().transpose();
}

void benchPca(int64_t rows, int64_t dim) {
    auto t = Clock::now();
    const FloatMatrix x = gaussian(rows, dim, 1);
    std::printf("generate %lld x %lld: %.3f s\n", (long long)rows, (long long)dim, seconds(t));
    PcaOptions options;
    options.components = 2;
    options.method = PcaMethod::Randomized;
    t = Clock::now();
    const PcaModel model = fitPca(x, options);
    const double ours = seconds(t);
    t = Clock::now();
    const Eigen::VectorXd ref = referencePcaVariances(x, 2);
    const double reference = seconds(t);
    std::printf(
        "randomized PCA %lld x %lld, k=2: %.3f s (target 5 s); all-double Eigen reference "
        "%.3f s; speed-up x%.2f; variances %.6f %.6f vs reference %.6f %.6f\n",
        (long long)rows, (long long)dim, ours, reference, reference / ours,
        model.explainedVariance[0], model.explainedVariance[1], ref(0), ref(1));
    t = Clock::now();
    const FloatMatrix projected = transform(model, x);
    std::printf("transform %lld rows: %.3f s\n", (long long)projected.rows, seconds(t));
}

void benchProcrustes(int64_t pdim) {
    const int64_t pairs = 4 * pdim;
    const FloatMatrix a = gaussian(pairs, pdim, 2), b = gaussian(pairs, pdim, 3);
    auto t = Clock::now();
    const FloatMatrix w = fitProcrustes(a, b);
    const double ours = seconds(t);
    t = Clock::now();
    const Eigen::MatrixXd ref = referenceProcrustes(a, b);
    const double reference = seconds(t);
    const double diff = (view(w).cast<double>() - ref).cwiseAbs().maxCoeff();
    std::printf(
        "Procrustes d=%lld (%lld pairs): %.3f s (target 1 s); Eigen BDCSVD reference %.3f "
        "s; speed-up x%.2f; max |W - W_ref| %.1e\n",
        (long long)pdim, (long long)pairs, ours, reference, reference / ours, diff);
}

void benchBitext() {
    FloatMatrix a = gaussian(1000, 256, 4), b = gaussian(1000, 256, 5);
    for (size_t i = 0; i < a.data.size(); ++i)
        b.data[i] = a.data[i] + 0.3f * b.data[i];
    const auto t = Clock::now();
    const auto report = isomorph::align::evaluateBitext(a, b);
    const double s = seconds(t);
    std::printf(
        "bitext 1000 pairs d=256 (cosine + CSLS k=10): %.4f s = %.1f%% of the 1 s target "
        "(%s)\n",
        s, 100 * s, isomorph::align::formatBitextReport(report).c_str());
}

void benchRefinement(int64_t rows) {
    const int64_t d = 256;
    const FloatMatrix src = gaussian(rows, d, 6), tgt = gaussian(rows, d, 7);
    std::vector<float> c(size_t(8192 * rows));
    auto t = Clock::now();
    for (int64_t r0 = 0; r0 < rows; r0 += 8192) {  // one plain GEMM pass, same blocking budget
        const int64_t len = std::min<int64_t>(8192, rows - r0);
        blas::sgemm(false, true, len, rows, d, 1.0f, src.row(r0), d, tgt.data.data(), d, 0.0f,
                    c.data(), rows);
    }
    const double gemm = seconds(t);
    c = {};
    std::map<std::string, FloatMatrix> samples{{"src", src}, {"tgt", tgt}};
    Calibration cal = fitCalibrationStatistics(samples, "tgt");
    RefinementOptions options;
    options.maxRows = rows;
    options.maxIterations = 1;
    options.tolerance = 1e9;  // stop after iteration 1 whatever the gain
    int evaluations = 0;
    t = Clock::now();
    fitUnsupervisedRotation(cal, "src", src, tgt, options, [&](const RefinementIteration&) {
        ++evaluations;
        return true;
    });
    const double total = seconds(t);
    const double perIteration = total / evaluations;
    std::printf(
        "refinement %lld x %lld x %lld: %.3f s per iteration (%d dictionaries + Procrustes "
        "in %.3f s); one plain float GEMM pass %.3f s; ratio x%.2f (2 passes = x2.0)\n",
        (long long)rows, (long long)rows, (long long)d, perIteration, evaluations, total, gemm,
        perIteration / gemm);
}

}  // namespace

int main(int argc, char** argv) {
    const int64_t rows = argc > 1 ? std::atoll(argv[1]) : 1000000;
    const int64_t dim = argc > 2 ? std::atoll(argv[2]) : 256;
    const int64_t pdim = argc > 3 ? std::atoll(argv[3]) : 1024;
    const int64_t refineRows = argc > 4 ? std::atoll(argv[4]) : 20000;
    benchPca(rows, dim);
    benchProcrustes(pdim);
    benchBitext();
    benchRefinement(refineRows);
    return 0;
}

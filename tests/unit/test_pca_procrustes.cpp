// PCA (exact and randomized) and orthogonal Procrustes of core/align, on synthetic data with
// planted structure and against an independent numpy reference (tests/reference/pca_reference.py).

#include <cmath>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/align/pca.h"
#include "core/align/procrustes.h"
#include "core/common/errors.h"
#include "tests/support/dense_math.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"

using namespace isomorph::align;
using isomorph::FloatMatrix;

namespace {

using isomorph::testing::Dense;  // test-side math in double

/// A Haar-like random orthogonal d x d matrix: Gram-Schmidt (twice) of a Gaussian matrix (the Q
/// of its QR decomposition), written independently of the library's Eigen code.
Dense randomOrthogonal(int d, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> g(0.0, 1.0);
    Dense q(d, std::vector<double>(d));
    for (auto& row : q)
        for (auto& v : row)
            v = g(rng);
    isomorph::testing::gramSchmidt(q);
    return q;  // rows (and columns) orthonormal
}

/// n rows of sum_i sqrt(variance_i) z_i axis_i + offset, with z ~ N(0, 1).
FloatMatrix plantedGaussian(int64_t n, const Dense& axes, const std::vector<double>& variances,
                            double offset, unsigned seed) {
    const int64_t d = static_cast<int64_t>(axes[0].size());
    FloatMatrix x(n, d);
    std::mt19937 rng(seed);
    std::normal_distribution<double> g(0.0, 1.0);
    for (int64_t r = 0; r < n; ++r) {
        std::vector<double> row(d, offset);
        for (size_t i = 0; i < variances.size(); ++i) {
            const double z = g(rng) * std::sqrt(variances[i]);
            for (int64_t c = 0; c < d; ++c)
                row[c] += z * axes[i][c];
        }
        for (int64_t c = 0; c < d; ++c)
            x(r, c) = float(row[c]);
    }
    return x;
}

double rowDot(const FloatMatrix& m, int64_t r, const std::vector<double>& v) {
    double s = 0;
    for (int64_t c = 0; c < m.cols; ++c)
        s += double(m(r, c)) * v[c];
    return s;
}

/// Point cloud with cluster structure: 5 anisotropic Gaussian clusters in d dimensions.
FloatMatrix clusteredCloud(int64_t n, int d, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> g(0.0, 1.0);
    Dense centers(5, std::vector<double>(d));
    for (auto& c : centers)
        for (auto& v : c)
            v = 3.0 * g(rng);
    FloatMatrix x(n, d);
    for (int64_t r = 0; r < n; ++r) {
        const auto& center = centers[r % 5];
        for (int c = 0; c < d; ++c)
            x(r, c) = float(center[c] + g(rng) * (0.3 + 1.5 * c / d));
    }
    return x;
}

FloatMatrix toMatrix(const Dense& m) {
    FloatMatrix out(static_cast<int64_t>(m.size()), static_cast<int64_t>(m[0].size()));
    for (int64_t r = 0; r < out.rows; ++r)
        for (int64_t c = 0; c < out.cols; ++c)
            out(r, c) = float(m[r][c]);
    return out;
}

double frobeniusDiff(const FloatMatrix& a, const FloatMatrix& b) {
    double s = 0;
    for (size_t i = 0; i < a.data.size(); ++i) {
        const double d = double(a.data[i]) - double(b.data[i]);
        s += d * d;
    }
    return std::sqrt(s);
}

double maxAbsDiff(const FloatMatrix& a, const FloatMatrix& b) {
    double m = 0;
    for (size_t i = 0; i < a.data.size(); ++i)
        m = std::max(m, std::abs(double(a.data[i]) - double(b.data[i])));
    return m;
}

bool writeF32(const QString& path, const FloatMatrix& m) {
    std::ofstream out(path.toStdString(), std::ios::binary);
    out.write(reinterpret_cast<const char*>(m.data.data()),
              static_cast<std::streamsize>(m.data.size() * sizeof(float)));
    return bool(out);
}

std::vector<double> readF64(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = f.readAll();
    std::vector<double> v(static_cast<size_t>(bytes.size()) / sizeof(double));
    std::memcpy(v.data(), bytes.constData(), v.size() * sizeof(double));
    return v;
}

bool pythonNumpyAvailable() {
    QProcess p;
    p.start("/usr/bin/python3", {"-c", "import numpy"});
    return p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

const std::vector<double> kPlantedVariances = {25.0, 9.0, 4.0, 1.0, 0.25, 0.1, 0.05, 0.02};

}  // namespace

class TestPcaProcrustes : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void exactPcaRecoversPlantedAxesAndVariances() {
        const Dense axes = randomOrthogonal(8, 11);
        const FloatMatrix x = plantedGaussian(20000, axes, kPlantedVariances, 2.0, 12);
        PcaOptions o;
        o.components = 3;
        o.method = PcaMethod::Exact;
        const PcaModel m = fitPca(x, o);
        QCOMPARE(m.method, PcaMethod::Exact);
        QCOMPARE(m.components.rows, int64_t(3));
        QCOMPARE(m.components.cols, int64_t(8));
        QCOMPARE(m.mean.size(), size_t(8));
        // Each coordinate's variance is sum_i var_i axis_i[c]^2 <= 25 (orthonormal axes), so the
        // sample mean of 20,000 rows has a standard error of at most sqrt(25 / 20000) = 0.035;
        // allow 5 of them.
        for (double mu : m.mean)
            ISOMORPH_COMPARE_NEAR(mu, 2.0, 5 * std::sqrt(25.0 / 20000));
        for (int i = 0; i < 3; ++i) {
            const double cosine = std::abs(rowDot(m.components, i, axes[i]));
            QVERIFY2(cosine > 0.995,
                     qPrintable(QStringLiteral("axis %1: |cos| %2").arg(i).arg(cosine)));
            // Relative standard error of a sample variance: sqrt(2 / 20000) = 0.01; 0.05 is 5.
            const double rel = std::abs(m.explainedVariance[i] / kPlantedVariances[i] - 1.0);
            QVERIFY2(rel < 0.05,
                     qPrintable(QStringLiteral("variance %1 off by %2").arg(i).arg(rel)));
            double norm = 0;
            for (int64_t c = 0; c < 8; ++c)
                norm += double(m.components(i, c)) * m.components(i, c);
            // Unit vectors rounded to float32: each square is off by at most 2 * 2^-24
            // relative, so |norm - 1| <= 1.2e-7; 1e-6 is above that and far below any
            // unnormalised result.
            ISOMORPH_COMPARE_NEAR(norm, 1.0, 1e-6);
        }
        double total = 0;
        for (double v : kPlantedVariances)
            total += v;
        // A sample variance of n Gaussian rows has relative standard error sqrt(2 / n) = 0.01
        // at n = 20,000 (the total no more); allow 5 of them.
        ISOMORPH_COMPARE_NEAR(m.totalVariance / total, 1.0, 5 * std::sqrt(2.0 / 20000));
    }

    void explainedVarianceRatiosSumToAtMostOne() {
        const FloatMatrix x =
            plantedGaussian(3000, randomOrthogonal(8, 3), kPlantedVariances, 0, 4);
        for (int k : {1, 2, 3, 8}) {
            PcaOptions o;
            o.components = k;
            o.method = PcaMethod::Exact;
            const PcaModel m = fitPca(x, o);
            double sum = 0;
            for (size_t i = 0; i < m.explainedVarianceRatio.size(); ++i) {
                QVERIFY(m.explainedVarianceRatio[i] >= 0);
                if (i > 0) QVERIFY(m.explainedVariance[i] <= m.explainedVariance[i - 1]);
                sum += m.explainedVarianceRatio[i];
            }
            QVERIFY(sum <= 1.0 + 1e-9);
            // All components explain everything: eigenvalues of the double covariance sum to
            // its trace up to ~d * 1e-16 relative rounding; 1e-12 leaves room for the solver.
            if (k == 8) ISOMORPH_COMPARE_NEAR(sum, 1.0, 1e-12);
        }
    }

    void randomizedAgreesWithExactOnTopComponents() {
        const Dense axes = randomOrthogonal(64, 21);
        std::vector<double> variances(64);
        for (int i = 0; i < 64; ++i)
            variances[i] = 30.0 * std::pow(0.7, i);
        const FloatMatrix x = plantedGaussian(5000, axes, variances, -1.0, 22);
        for (int k : {2, 3}) {
            PcaOptions o;
            o.components = k;
            o.method = PcaMethod::Exact;
            const PcaModel exact = fitPca(x, o);
            o.method = PcaMethod::Randomized;
            const PcaModel randomized = fitPca(x, o);
            QCOMPARE(randomized.method, PcaMethod::Randomized);
            const double diff = maxAbsDiff(exact.components, randomized.components);
            QVERIFY2(diff < 1e-4, qPrintable(QStringLiteral("k=%1 max diff %2").arg(k).arg(diff)));
            // Randomized eigenvalues err by about (lambda_{k+11} / lambda_k)^(2q+1) relative
            // with q = 2 power iterations: 0.7^(11 * 5) ~ 3e-9, below the float32 rounding
            // (~1e-7 relative) of the power iterations' GEMMs; 1e-6 is ten times that.
            for (int i = 0; i < k; ++i)
                ISOMORPH_COMPARE_NEAR(randomized.explainedVariance[i] / exact.explainedVariance[i],
                                      1.0, 1e-6);
            // Both divide by the same exact trace, computed in double from the same rows: only
            // summation order may differ (~1e-14 of a total ~100).
            ISOMORPH_COMPARE_NEAR(randomized.totalVariance, exact.totalVariance, 1e-9);
        }
    }

    void signConventionIsStable() {
        const FloatMatrix x =
            plantedGaussian(4000, randomOrthogonal(10, 31), kPlantedVariances, 0, 32);
        FloatMatrix negated = x;
        for (float& v : negated.data)
            v = -v;
        for (PcaMethod method : {PcaMethod::Exact, PcaMethod::Randomized}) {
            PcaOptions o;
            o.components = 3;
            o.method = method;
            const PcaModel a = fitPca(x, o);
            o.seed = 99;  // another test matrix for the randomized method
            const PcaModel b = fitPca(negated, o);
            QVERIFY2(maxAbsDiff(a.components, b.components) < 1e-4, pcaMethodName(method));
            for (int64_t i = 0; i < a.components.rows; ++i) {
                int64_t best = 0;
                for (int64_t c = 1; c < a.components.cols; ++c)
                    if (std::abs(a.components(i, c)) > std::abs(a.components(i, best))) best = c;
                QVERIFY(a.components(i, best) > 0);
            }
        }
    }

    void transformsAnotherSet() {
        const Dense axes = randomOrthogonal(6, 41);
        const FloatMatrix fit = plantedGaussian(2000, axes, {16, 4, 1, 0.5, 0.2, 0.1}, 1.0, 42);
        PcaOptions o;
        o.components = 2;
        const PcaModel m = fitPca(fit, o);
        QCOMPARE(m.method, PcaMethod::Exact);  // Auto on a small matrix
        // Points on the planted axes, through the mean, project to +-(a, b) coordinates.
        FloatMatrix other(2, 6);
        for (int c = 0; c < 6; ++c) {
            other(0, c) = float(m.mean[c] + 3.0 * m.components(0, c));
            other(1, c) = float(m.mean[c] - 2.0 * m.components(1, c));
        }
        const FloatMatrix y = transform(m, other);
        QCOMPARE(y.rows, int64_t(2));
        QCOMPARE(y.cols, int64_t(2));
        // The points were rounded to float32 at magnitude ~4 (2.4e-7 each) and are projected on
        // 6 float components: |error| <= 6 * 2.4e-7 plus the float product, ~2e-6; 1e-5 is five
        // times that and far below the unit coordinates checked.
        ISOMORPH_COMPARE_NEAR(y(0, 0), 3.0, 1e-5);
        ISOMORPH_COMPARE_NEAR(y(0, 1), 0.0, 1e-5);
        ISOMORPH_COMPARE_NEAR(y(1, 0), 0.0, 1e-5);
        ISOMORPH_COMPARE_NEAR(y(1, 1), -2.0, 1e-5);
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, transform(m, FloatMatrix(3, 5)));
    }

    void matchesNumpyReference() {
        if (!QFile::exists("/usr/bin/python3") || !pythonNumpyAvailable())
            QSKIP("/usr/bin/python3 with numpy is not installed: apt-get install python3-numpy");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // A random matrix with distinct column scales (well separated eigenvalues).
        const int64_t n = 700, d = 12, k = 3, m = 40;
        std::mt19937 rng(51);
        std::normal_distribution<float> g(0.0f, 1.0f);
        FloatMatrix x(n, d), y(m, d);
        for (int64_t r = 0; r < n; ++r)
            for (int64_t c = 0; c < d; ++c)
                x(r, c) = 0.5f + g(rng) * (4.0f - 0.3f * float(c));
        for (float& v : y.data)
            v = 2.0f * g(rng);
        QVERIFY(writeF32(dir.filePath("x.f32"), x));
        QVERIFY(writeF32(dir.filePath("y.f32"), y));
        QProcess p;
        p.start("/usr/bin/python3",
                {ISOMORPH_SOURCE_DIR "/tests/reference/pca_reference.py", dir.filePath("x.f32"),
                 QString::number(n), QString::number(d), dir.filePath("y.f32"), QString::number(m),
                 QString::number(k), dir.path()});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());

        const auto mean = readF64(dir.filePath("mean.f64"));
        const auto comps = readF64(dir.filePath("components.f64"));
        const auto variance = readF64(dir.filePath("variance.f64"));
        const auto ratio = readF64(dir.filePath("ratio.f64"));
        const auto projected = readF64(dir.filePath("transform.f64"));
        QCOMPARE(mean.size(), size_t(d));
        QCOMPARE(comps.size(), size_t(k * d));
        QCOMPARE(projected.size(), size_t(m * k));

        // numpy works in float64 on the same float32 input; we round results to float32 and
        // the randomized method's GEMMs run in float32 (~1e-7 relative each): 1e-5 relative
        // (absolute below 1) is a hundred times that rounding.
        auto tolerance = [](double b) { return 1e-5 * std::max(1.0, std::abs(b)); };
        auto close = [&](double a, double b) { return std::abs(a - b) <= tolerance(b); };
        for (PcaMethod method : {PcaMethod::Exact, PcaMethod::Randomized}) {
            PcaOptions o;
            o.components = int(k);
            o.method = method;
            const PcaModel model = fitPca(x, o);
            const char* name = pcaMethodName(method);
            for (int64_t c = 0; c < d; ++c)
                ISOMORPH_COMPARE_NEAR(model.mean[c], mean[c], tolerance(mean[c]));
            for (int64_t i = 0; i < k * d; ++i)
                QVERIFY2(close(model.components.data[i], comps[i]),
                         qPrintable(QStringLiteral("%1 component value %2: %3 vs numpy %4")
                                        .arg(name)
                                        .arg(i)
                                        .arg(model.components.data[i])
                                        .arg(comps[i])));
            for (int64_t i = 0; i < k; ++i) {
                ISOMORPH_COMPARE_NEAR(model.explainedVariance[i], variance[i],
                                      tolerance(variance[i]));
                ISOMORPH_COMPARE_NEAR(model.explainedVarianceRatio[i], ratio[i],
                                      tolerance(ratio[i]));
            }
            const FloatMatrix t = transform(model, y);
            for (int64_t i = 0; i < m * k; ++i)
                QVERIFY2(close(t.data[i], projected[i]),
                         qPrintable(QStringLiteral("%1 transform value %2: %3 vs numpy %4")
                                        .arg(name)
                                        .arg(i)
                                        .arg(t.data[i])
                                        .arg(projected[i])));
        }
    }

    void rejectsBadInput() {
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, fitPca(FloatMatrix(1, 4)));
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, fitPca(FloatMatrix(0, 4)));
        PcaOptions o;
        o.components = 5;
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError, fitPca(FloatMatrix(10, 4), o));
        o.components = 0;
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError, fitPca(FloatMatrix(10, 4), o));

        FloatMatrix x = plantedGaussian(20, randomOrthogonal(4, 5), {4, 2, 1, 0.5}, 0, 6);
        x(7, 2) = std::nanf("");
        try {
            fitPca(x);
            QFAIL("NaN accepted");
        } catch (const isomorph::DataError& e) {
            const QString what = e.what();
            QVERIFY2(what.contains("row 7") && what.contains("column 2") && what.contains("NaN"),
                     e.what());
        }
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, fitProcrustes(x, x));
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError,
                                 fitProcrustes(FloatMatrix(5, 3), FloatMatrix(5, 4)));
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError,
                                 fitProcrustes(FloatMatrix(5, 3), FloatMatrix(6, 3)));
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, apply(FloatMatrix(3, 3), FloatMatrix(2, 4)));
    }

    void procrustesRecoversPlantedRotation() {
        const int d = 16;
        const FloatMatrix truth = toMatrix(randomOrthogonal(d, 61));
        const FloatMatrix a = clusteredCloud(50, d, 62);
        const FloatMatrix b = apply(truth, a);  // noise-free target

        const FloatMatrix exact = fitProcrustes(a, b);
        QCOMPARE(exact.rows, int64_t(d));
        QCOMPARE(exact.cols, int64_t(d));
        const double exactErr = frobeniusDiff(exact, truth);
        QVERIFY2(exactErr < 1e-5, qPrintable(QStringLiteral("noise-free error %1").arg(exactErr)));
        QVERIFY(procrustesResidual(exact, a, b) < 1e-3);

        FloatMatrix noisy = b;
        std::mt19937 rng(63);
        std::normal_distribution<float> g(0.0f, 1e-4f);  // data scale ~3
        for (float& v : noisy.data)
            v += g(rng);
        const FloatMatrix w = fitProcrustes(a, noisy);
        const double err = frobeniusDiff(w, truth);
        QVERIFY2(err < 1e-3, qPrintable(QStringLiteral("noisy error %1").arg(err)));

        for (const FloatMatrix* m : {&exact, &w}) {  // W^T W = I
            double worst = 0;
            for (int i = 0; i < d; ++i)
                for (int j = 0; j < d; ++j) {
                    double s = 0;
                    for (int r = 0; r < d; ++r)
                        s += double((*m)(r, i)) * double((*m)(r, j));
                    worst = std::max(worst, std::abs(s - (i == j ? 1.0 : 0.0)));
                }
            QVERIFY2(worst < 1e-6, qPrintable(QStringLiteral("W^T W - I: %1").arg(worst)));
        }
    }

    void procrustesHandlesReflections() {
        // The best orthogonal map may be a reflection (det -1); W = U V^T allows it.
        const int d = 5;
        Dense reflect = randomOrthogonal(d, 71);
        for (double& v : reflect[0])
            v = -v;  // still orthogonal, flips the determinant
        const FloatMatrix truth = toMatrix(reflect);
        const FloatMatrix a = clusteredCloud(50, d, 72);
        const FloatMatrix w = fitProcrustes(a, apply(truth, a));
        // Noise-free pairs: only float32 rounding of the targets (~1e-7 relative) and of W's
        // d * d = 25 entries remains, ~5 * 1e-7 in Frobenius norm; 1e-5 allows for the SVD.
        ISOMORPH_COMPARE_NEAR(frobeniusDiff(w, truth), 0.0, 1e-5);
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestPcaProcrustes)
#include "test_pca_procrustes.moc"

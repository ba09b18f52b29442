// Exact nearest neighbours, CSLS and the ratio margin of core/align/knn: hand-computed small cases
// and a random case (several GEMM blocks) against a brute-force double-precision loop.

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include <QtTest>

#include "core/align/knn.h"
#include "core/common/errors.h"
#include "tests/support/test_main.h"

using namespace isomorph::align;
using isomorph::FloatMatrix;

namespace {

const double kHalfSqrt2 = std::sqrt(0.5);  // cos 45 degrees

bool near(double a, double b, double tol = 1e-6) {
    return std::abs(a - b) <= tol;
}

FloatMatrix randomMatrix(int64_t rows, int64_t cols, unsigned seed) {
    FloatMatrix m(rows, cols);
    std::mt19937 rng(seed);
    std::normal_distribution<float> g(0.0f, 1.0f);
    for (float& v : m.data)
        v = g(rng);
    return m;
}

/// Brute-force cosines in double, [m][n].
std::vector<std::vector<double>> bruteCosine(const FloatMatrix& q, const FloatMatrix& k) {
    auto norm = [](const FloatMatrix& x, int64_t r) {
        double s = 0;
        for (int64_t c = 0; c < x.cols; ++c)
            s += double(x(r, c)) * x(r, c);
        return std::sqrt(s);
    };
    std::vector<std::vector<double>> out(size_t(q.rows), std::vector<double>(size_t(k.rows)));
    for (int64_t i = 0; i < q.rows; ++i)
        for (int64_t j = 0; j < k.rows; ++j) {
            double dot = 0;
            for (int64_t c = 0; c < q.cols; ++c)
                dot += double(q(i, c)) * k(j, c);
            out[size_t(i)][size_t(j)] = dot / (norm(q, i) * norm(k, j));
        }
    return out;
}

double meanTopK(std::vector<double> v, int k) {
    std::sort(v.begin(), v.end(), std::greater<>());
    return std::accumulate(v.begin(), v.begin() + k, 0.0) / k;
}

/// Index of the maximum and the gap to the runner-up (to skip float near-ties).
std::pair<size_t, double> argmaxWithGap(const std::vector<double>& v) {
    size_t best = 0;
    for (size_t j = 1; j < v.size(); ++j)
        if (v[j] > v[best]) best = j;
    double second = -1e300;
    for (size_t j = 0; j < v.size(); ++j)
        if (j != best) second = std::max(second, v[j]);
    return {best, v[best] - second};
}

// queries q0 = (1, 0), q1 = (0, 1); keys (1, 0), (1, 1), (0, 2), (0, 0).
FloatMatrix handQueries() {
    return FloatMatrix(2, 2, {1, 0, 0, 1});
}
FloatMatrix handKeys() {
    return FloatMatrix(4, 2, {1, 0, 1, 1, 0, 2, 0, 0});
}

}  // namespace

class TestKnn : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void cosineAndTopKByHand() {
        const FloatMatrix cos = cosineMatrix(handQueries(), handKeys());
        const std::vector<double> expected = {1, kHalfSqrt2, 0, 0, 0, kHalfSqrt2, 1, 0};
        for (size_t i = 0; i < expected.size(); ++i)
            QVERIFY2(near(cos.data[i], expected[i]), qPrintable(QString::number(i)));
        for (float v : cos.data)
            QVERIFY(std::isfinite(v));  // the zero key gives 0, not NaN

        const Neighbors nn = nearestNeighbors(handQueries(), handKeys(), 2);
        QCOMPARE(nn.k, 2);
        QCOMPARE(nn.indexAt(0, 0), int64_t(0));
        QCOMPARE(nn.indexAt(0, 1), int64_t(1));
        QCOMPARE(nn.indexAt(1, 0), int64_t(2));
        QCOMPARE(nn.indexAt(1, 1), int64_t(1));
        QVERIFY(near(nn.scoreAt(0, 1), kHalfSqrt2));

        const auto r = meanTopKSimilarity(handQueries(), handKeys(), 2);
        QVERIFY(near(r[0], (1 + kHalfSqrt2) / 2) && near(r[1], (1 + kHalfSqrt2) / 2));
        // k = 10 is clamped to the 4 keys: (1 + 0.7071 + 0 + 0) / 4.
        const auto all = meanTopKSimilarity(handQueries(), handKeys(), 10);
        QVERIFY(near(all[0], (1 + kHalfSqrt2) / 4));
        // Ties go to the lower index: q1's third neighbour is key 0 or 3 (both cosine 0).
        QCOMPARE(nearestNeighbors(handQueries(), handKeys(), 3).indexAt(1, 2), int64_t(0));
    }

    void cslsAndMarginByHand() {
        // Source = queries, target = the three non-zero keys, k = 1:
        // r_T(x0) = r_T(x1) = 1; r_S(y0) = 1, r_S(y1) = 0.7071, r_S(y2) = 1.
        const FloatMatrix target(3, 2, {1, 0, 1, 1, 0, 2});
        const FloatMatrix csls = scoreMatrix(handQueries(), target, {Score::Csls, 1});
        QVERIFY(near(csls(0, 0), 2 * 1 - 1 - 1));
        QVERIFY(near(csls(0, 1), 2 * kHalfSqrt2 - 1 - kHalfSqrt2));
        QVERIFY(near(csls(0, 2), 2 * 0 - 1 - 1));
        QVERIFY(near(csls(1, 1), 2 * kHalfSqrt2 - 1 - kHalfSqrt2));

        const FloatMatrix margin = scoreMatrix(handQueries(), target, {Score::Margin, 1});
        QVERIFY(near(margin(0, 0), 1.0 / ((1 + 1) / 2.0)));
        QVERIFY(near(margin(0, 1), kHalfSqrt2 / ((1 + kHalfSqrt2) / 2)));
        QVERIFY(near(margin(1, 0), 0.0));

        // k = 2: r_T(x0) = (1 + .7071) / 2, r_S(y1) = (.7071 + .7071) / 2.
        const FloatMatrix csls2 = scoreMatrix(handQueries(), target, {Score::Csls, 2});
        QVERIFY(near(csls2(0, 1), 2 * kHalfSqrt2 - (1 + kHalfSqrt2) / 2 - kHalfSqrt2));
        const auto means = neighborhoodMeans(handQueries(), target, 2);
        QVERIFY(near(means.source[0], (1 + kHalfSqrt2) / 2));
        QVERIFY(near(means.target[1], kHalfSqrt2));
        QVERIFY(near(means.target[0], 0.5));  // cos(y0, x0) = 1, cos(y0, x1) = 0
    }

    void marginOfZeroRowsIsZero() {
        const FloatMatrix zeros(2, 3);
        const FloatMatrix m = scoreMatrix(zeros, zeros, {Score::Margin, 1});
        for (float v : m.data)
            QCOMPARE(v, 0.0f);
    }

    void bestMatchesAgreeWithBruteForce() {
        // 9000 x 1000 cosines span two GEMM blocks (8M floats each).
        const FloatMatrix q = randomMatrix(9000, 16, 1), k = randomMatrix(1000, 16, 2);
        const auto cos = bruteCosine(q, k);
        const Neighbors nn = nearestNeighbors(q, k, 5);
        for (int64_t i = 0; i < q.rows; i += 7) {
            std::vector<double> sorted = cos[size_t(i)];
            std::sort(sorted.begin(), sorted.end(), std::greater<>());
            for (int j = 0; j < 5; ++j) {
                QVERIFY(near(nn.scoreAt(i, j), sorted[size_t(j)], 1e-5));
                QVERIFY(near(cos[size_t(i)][size_t(nn.indexAt(i, j))], sorted[size_t(j)], 1e-5));
            }
        }
        // CSLS and margin with k = 10: terms and best matches from double loops.
        std::vector<double> rt(size_t(q.rows)), rs(size_t(k.rows));
        for (int64_t i = 0; i < q.rows; ++i)
            rt[size_t(i)] = meanTopK(cos[size_t(i)], 10);
        for (int64_t j = 0; j < k.rows; ++j) {
            std::vector<double> col(size_t(q.rows));
            for (int64_t i = 0; i < q.rows; ++i)
                col[size_t(i)] = cos[size_t(i)][size_t(j)];
            rs[size_t(j)] = meanTopK(col, 10);
        }
        const auto lib = meanTopKSimilarity(q, k, 10);
        for (int64_t i = 0; i < q.rows; ++i)
            QVERIFY(near(lib[size_t(i)], rt[size_t(i)], 1e-5));
        for (Score kind : {Score::Csls, Score::Margin}) {
            const BestMatches best = bestMatches(q, k, {kind, 10});
            int checked = 0;
            for (int64_t i = 0; i < q.rows; ++i) {
                std::vector<double> row(size_t(k.rows));
                for (int64_t j = 0; j < k.rows; ++j) {
                    const double c = cos[size_t(i)][size_t(j)];
                    row[size_t(j)] = kind == Score::Csls
                                         ? 2 * c - rt[size_t(i)] - rs[size_t(j)]
                                         : c / ((rt[size_t(i)] + rs[size_t(j)]) / 2);
                }
                const auto [arg, gap] = argmaxWithGap(row);
                QVERIFY(near(best.forwardScore[size_t(i)], row[arg], 1e-4));
                if (gap < 1e-4) continue;  // a float near-tie may go either way
                QCOMPARE(best.forward[size_t(i)], int64_t(arg));
                ++checked;
            }
            QVERIFY(checked > 8900);
        }
    }

    void rejectsBadInput() {
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError,
                                 nearestNeighbors(handQueries(), handKeys(), 0));
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError,
                                 bestMatches(handQueries(), handKeys(), {Score::Csls, 0}));
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError,
                                 nearestNeighbors(handQueries(), FloatMatrix(3, 5), 1));
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError,
                                 nearestNeighbors(FloatMatrix(0, 2), handKeys(), 1));
        FloatMatrix bad = handKeys();
        bad(2, 1) = std::numeric_limits<float>::infinity();
        try {
            meanTopKSimilarity(handQueries(), bad, 1);
            QFAIL("Inf accepted");
        } catch (const isomorph::DataError& e) {
            const QString what = e.what();
            QVERIFY2(what.contains("keys") && what.contains("row 2") && what.contains("infinite"),
                     e.what());
        }
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestKnn)
#include "test_knn.moc"

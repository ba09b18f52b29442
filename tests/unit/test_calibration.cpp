// Cross-lingual calibration (core/align/calibration, CCP Section 3.2) on synthetic "languages"
// with a planted orthogonal map, statistics by hand, the file round trip and its refusals, and the
// Table 1 style report.
//
// Planted data: a clustered, anisotropic latent cloud Z [n, d] is made exactly unit-variance per
// dimension both in its own frame and after the rotation Q (alternating per-dimension
// standardisation, iterated to 1e-12), so that shift + scale of each language leaves the two
// spaces related by exactly Q: language A = Z * sA + tA, language B = (P Z) Q * sB + tB + noise
// (P a permutation, * per dimension). Without that care, per-dimension scaling of a rotated
// anisotropic cloud would make the true map non-orthogonal and the 1e-3 check meaningless.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include "core/align/calibration.h"
#include "core/align/knn.h"
#include "core/common/errors.h"
#include "core/model_io/safetensors.h"
#include "tests/support/dense_math.h"
#include "tests/support/error_message.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::align;
using isomorph::FloatMatrix;

namespace {

using isomorph::testing::Dense;
using isomorph::testing::gramSchmidt;
using isomorph::testing::messageOf;

/// orth(I + spread * G), G Gaussian: a random orthogonal matrix, `spread` away from I.
Dense randomRotation(int d, double spread, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> g(0.0, 1.0);
    Dense q(d, std::vector<double>(d));
    for (int i = 0; i < d; ++i)
        for (int j = 0; j < d; ++j)
            q[i][j] = (i == j ? 1.0 : 0.0) + spread * g(rng);
    gramSchmidt(q);
    return q;
}

Dense times(const Dense& x, const Dense& w) {
    const size_t d = w.size();
    Dense out(x.size(), std::vector<double>(d, 0.0));
    for (size_t r = 0; r < x.size(); ++r)
        for (size_t k = 0; k < d; ++k)
            for (size_t c = 0; c < d; ++c)
                out[r][c] += x[r][k] * w[k][c];
    return out;
}

Dense transpose(const Dense& w) {
    Dense t(w[0].size(), std::vector<double>(w.size()));
    for (size_t i = 0; i < w.size(); ++i)
        for (size_t j = 0; j < w[0].size(); ++j)
            t[j][i] = w[i][j];
    return t;
}

/// Centres every column and divides it by its population std; returns the largest |std - 1|.
double standardize(Dense& x) {
    const size_t n = x.size(), d = x[0].size();
    double worst = 0;
    for (size_t c = 0; c < d; ++c) {
        double mean = 0, sq = 0;
        for (const auto& row : x)
            mean += row[c];
        mean /= double(n);
        for (const auto& row : x)
            sq += (row[c] - mean) * (row[c] - mean);
        const double sd = std::sqrt(sq / double(n));
        worst = std::max(worst, std::abs(sd - 1.0));
        for (auto& row : x)
            row[c] = (row[c] - mean) / sd;
    }
    return worst;
}

struct Planted {
    Dense q;                      // the true map of standardised A onto standardised B
    FloatMatrix a, b;             // raw languages, [n, d]
    std::vector<size_t> partner;  // b row i is the image of a row partner[i]
};

Planted planted(int64_t n, int d, double spread, double noise, double offsetB, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> g(0.0, 1.0);
    std::uniform_real_distribution<double> u(0.5, 2.0);
    Dense centers(12, std::vector<double>(d));
    for (auto& c : centers)
        for (auto& v : c)
            v = 2.0 * g(rng);
    Dense z(static_cast<size_t>(n),
            std::vector<double>(d));  // 12 clusters, decaying spectrum, mixed axes
    for (int64_t r = 0; r < n; ++r)
        for (int c = 0; c < d; ++c)
            z[size_t(r)][size_t(c)] =
                (centers[size_t(r) % 12][size_t(c)] + g(rng)) * std::exp(-c / 8.0);
    Dense mix = randomRotation(d, 10.0, seed + 1);
    z = times(z, mix);

    Planted p;
    p.q = randomRotation(d, spread, seed + 2);
    const Dense qt = transpose(p.q);
    for (int it = 0; it < 5000; ++it) {  // unit std in A's frame and in B's frame
        standardize(z);
        Dense y = times(z, p.q);
        const double dev = standardize(y);
        z = times(y, qt);
        if (dev < 1e-12) break;
    }
    standardize(z);
    const Dense zq = times(z, p.q);

    p.partner.resize(size_t(n));
    std::iota(p.partner.begin(), p.partner.end(), size_t(0));
    std::shuffle(p.partner.begin(), p.partner.end(), rng);
    std::vector<double> sa(d), ta(d), sb(d), tb(d);
    for (int c = 0; c < d; ++c)
        sa[c] = u(rng), ta[c] = g(rng), sb[c] = u(rng), tb[c] = offsetB + g(rng);
    p.a = FloatMatrix(n, d);
    p.b = FloatMatrix(n, d);
    for (int64_t r = 0; r < n; ++r)
        for (int c = 0; c < d; ++c) {
            p.a(r, c) = float(z[size_t(r)][size_t(c)] * sa[c] + ta[c]);
            p.b(r, c) =
                float((zq[p.partner[size_t(r)]][size_t(c)] + noise * g(rng)) * sb[c] + tb[c]);
        }
    return p;
}

double frobenius(const FloatMatrix& w, const Dense& q) {
    double s = 0;
    for (int64_t i = 0; i < w.rows; ++i)
        for (int64_t j = 0; j < w.cols; ++j) {
            const double diff = double(w(i, j)) - q[size_t(i)][size_t(j)];
            s += diff * diff;
        }
    return std::sqrt(s);
}

FloatMatrix identity(int64_t d) {
    FloatMatrix m(d, d);
    for (int64_t i = 0; i < d; ++i)
        m(i, i) = 1.0f;
    return m;
}

/// Rows `rows` of a and the B rows that are their images.
std::pair<FloatMatrix, FloatMatrix> pairsOf(const Planted& p, int64_t first, int64_t count) {
    std::vector<size_t> where(p.partner.size());
    for (size_t i = 0; i < p.partner.size(); ++i)
        where[p.partner[i]] = i;  // a row -> b row
    FloatMatrix a(count, p.a.cols), b(count, p.a.cols);
    for (int64_t r = 0; r < count; ++r) {
        std::memcpy(a.row(r), p.a.row(first + r), sizeof(float) * size_t(p.a.cols));
        std::memcpy(b.row(r), p.b.row(int64_t(where[size_t(first + r)])),
                    sizeof(float) * size_t(p.a.cols));
    }
    return {a, b};
}

/// Rewrites a saved calibration with edited metadata or tensors.
void rewrite(const QString& from, const QString& to,
             const std::function<void(model_io::Metadata&)>& editMeta,
             const std::function<bool(const std::string&)>& keepTensor = {}) {
    const auto f = model_io::SafetensorsFile::open(from.toStdString());
    model_io::SafetensorsWriter w;
    for (const auto& t : f.tensors())
        if (!keepTensor || keepTensor(t.name)) w.add(t.name, t.dtype, t.shape, f.data(t), t.bytes);
    model_io::Metadata meta = f.metadata();
    editMeta(meta);
    w.setMetadata(meta);
    w.write(to.toStdString());
}

}  // namespace

class TestCalibration : public QObject {
    Q_OBJECT

  private:
    Planted data_;

  private Q_SLOTS:
    void initTestCase() { data_ = planted(3000, 32, 0.12, 1e-5, 0.0, 7); }

    void unsupervisedRefinementRecoversPlantedRotation() {
        const double fromIdentity = frobenius(identity(32), data_.q);
        QVERIFY2(fromIdentity > 1.0,  // W = I must fail the check below by a wide margin
                 qPrintable(QStringLiteral("||I - Q|| = %1").arg(fromIdentity)));
        Calibration cal = fitCalibrationStatistics({{"aa", data_.a}, {"bb", data_.b}}, "bb");
        std::vector<RefinementIteration> seen;
        fitUnsupervisedRotation(cal, "aa", data_.a, data_.b, {},
                                [&](const RefinementIteration& it) {
                                    seen.push_back(it);
                                    return true;
                                });
        const LanguageCalibration& aa = cal.at("aa");
        const double err = frobenius(aa.rotation, data_.q);
        qInfo("||I - Q|| = %.3f, ||W - Q|| = %.2e after %zu iterations", fromIdentity, err,
              seen.size());
        QVERIFY2(
            err < 1e-3,
            qPrintable(
                QStringLiteral("||W - Q|| = %1 after %2 iterations").arg(err).arg(seen.size())));
        QCOMPARE(aa.method, RotationMethod::Unsupervised);
        QCOMPARE(seen.size(), aa.refinement.size());
        QVERIFY(seen.size() >= 2);
        QCOMPARE(seen.front().iteration, 0);
        QVERIFY(seen.front().dictionarySize < seen.back().dictionarySize);
        QVERIFY(seen.front().meanCsls < seen.back().meanCsls);
        QVERIFY(aa.pairs > 2900);  // nearly every point is a mutual nearest neighbour
        QCOMPARE(cal.at("bb").method, RotationMethod::Identity);
    }

    void selectionUsesTheFixedSetCriterionNotTheDictionaryCsls() {
        // Noisy data (noise 0.3 of unit-variance signal) and a map far from I: the first
        // Procrustes refit improves the map, but its dictionary grows by less confident pairs, so
        // the dictionary's mean CSLS falls (measured: 0.0920 -> 0.0870). Selecting by that mean,
        // the old rule stopped there and kept W = I. The fixed-set criterion rises every time the
        // map improves.
        const Planted p = planted(2000, 16, 0.3, 0.3, 0.0, 7);
        Calibration cal = fitCalibrationStatistics({{"aa", p.a}, {"bb", p.b}}, "bb");
        fitUnsupervisedRotation(cal, "aa", p.a, p.b);
        const auto& log = cal.at("aa").refinement;
        QVERIFY(log.size() >= 3);
        QVERIFY2(
            log[1].meanCsls < log[0].meanCsls,  // the scenario: the old rule stops here
            qPrintable(
                QStringLiteral("mean CSLS %1 -> %2").arg(log[0].meanCsls).arg(log[1].meanCsls)));
        QVERIFY(log[1].criterion > log[0].criterion);
        const double fromIdentity = frobenius(identity(16), p.q);
        const double err = frobenius(cal.at("aa").rotation, p.q);
        qInfo("||I - Q|| = %.3f, ||W - Q|| = %.3f after %zu iterations", fromIdentity, err,
              log.size());
        // Procrustes from n pairs with noise sigma per coordinate errs by about
        // sigma * d / sqrt(n) = 0.3 * 16 / sqrt(1700) ~ 0.12 in Frobenius norm; 0.5 leaves room for
        // wrong dictionary pairs and is far below ||I - Q|| = 3.7, what the old rule kept.
        ISOMORPH_COMPARE_NEAR(err, 0.0, 0.5);
        QVERIFY(fromIdentity > 3.0);
        // The kept map is the one with the highest criterion, recomputed independently of the log.
        double best = -1;
        for (const auto& it : log)
            best = std::max(best, it.criterion);
        FloatMatrix src = p.a, tgt = p.b;
        applyCalibration(cal, "aa", CalibrationStep::Rotation, src);
        applyCalibration(cal, "bb", CalibrationStep::Rotation, tgt);
        // Same float inputs and the same double accumulation: only the GEMM's float rounding in
        // x W (here vs in the fit, both sgemm) can differ, so 1e-6 in cosine units.
        ISOMORPH_COMPARE_NEAR(meanTranslationCosine(src, tgt, 10000), best, 1e-6);
    }

    void criterionTranslatesTheFirstRowsOnly() {
        // Independent reference: the full CSLS matrix (scoreMatrix), each row's argmax, and the
        // cosine computed here in double.
        std::mt19937 rng(5);
        std::normal_distribution<float> g(0.0f, 1.0f);
        FloatMatrix src(30, 8), tgt(25, 8);
        for (auto& v : src.data)
            v = g(rng);
        for (auto& v : tgt.data)
            v = g(rng);
        const FloatMatrix csls = scoreMatrix(src, tgt, {Score::Csls, 10});
        auto reference = [&](int64_t rows) {
            double sum = 0;
            for (int64_t i = 0; i < rows; ++i) {
                int64_t j = 0;
                for (int64_t c = 1; c < tgt.rows; ++c)
                    if (csls(i, c) > csls(i, j)) j = c;
                double ab = 0, aa = 0, bb = 0;
                for (int64_t c = 0; c < src.cols; ++c) {
                    ab += double(src(i, c)) * tgt(j, c);
                    aa += double(src(i, c)) * src(i, c);
                    bb += double(tgt(j, c)) * tgt(j, c);
                }
                sum += ab / std::sqrt(aa * bb);
            }
            return sum / double(rows);
        };
        // Both sides: cosines of the same float rows accumulated in double over 8 terms; 1e-12 is
        // many orders above that rounding and far below the differences between row counts.
        ISOMORPH_COMPARE_NEAR(meanTranslationCosine(src, tgt, 1), reference(1), 1e-12);
        ISOMORPH_COMPARE_NEAR(meanTranslationCosine(src, tgt, 10), reference(10), 1e-12);
        ISOMORPH_COMPARE_NEAR(meanTranslationCosine(src, tgt, 30), reference(30), 1e-12);
        ISOMORPH_COMPARE_NEAR(meanTranslationCosine(src, tgt, 10000), reference(30), 1e-12);
        QVERIFY(std::abs(reference(10) - reference(30)) > 1e-3);  // the row count matters
    }

    void refinementCanBeCancelled() {
        Calibration cal = fitCalibrationStatistics({{"aa", data_.a}, {"bb", data_.b}}, "bb");
        QVERIFY_THROWS_EXCEPTION(
            Cancelled, fitUnsupervisedRotation(
                           cal, "aa", data_.a, data_.b, {},
                           [](const RefinementIteration& it) { return it.iteration < 1; }));
        QCOMPARE(cal.at("aa").method, RotationMethod::Identity);  // unchanged
        RefinementOptions bad;
        bad.maxIterations = 0;
        QVERIFY_THROWS_EXCEPTION(ConfigError,
                                 fitUnsupervisedRotation(cal, "aa", data_.a, data_.b, bad));
        QVERIFY_THROWS_EXCEPTION(ConfigError, fitUnsupervisedRotation(cal, "bb", data_.b, data_.b));
    }

    void supervisedProcrustesFromFiftyPairs() {
        Calibration cal = fitCalibrationStatistics({{"aa", data_.a}, {"bb", data_.b}}, "bb");
        const auto [a, b] = pairsOf(data_, 100, 50);
        fitSupervisedRotation(cal, "aa", a, b);
        const double err = frobenius(cal.at("aa").rotation, data_.q);
        qInfo("supervised from 50 pairs: ||W - Q|| = %.2e", err);
        QVERIFY2(err < 1e-3, qPrintable(QStringLiteral("||W - Q|| = %1").arg(err)));
        QCOMPARE(cal.at("aa").pairs, int64_t(50));
        QCOMPARE(cal.at("aa").method, RotationMethod::Supervised);
        // Pairs in the wrong order are not translations: the fit is far off.
        FloatMatrix shuffled = b;
        std::rotate(shuffled.data.begin(), shuffled.data.begin() + 32, shuffled.data.end());
        fitSupervisedRotation(cal, "aa", a, shuffled);
        QVERIFY(frobenius(cal.at("aa").rotation, data_.q) > 1.0);
    }

    void statisticsByHand() {
        // Column 0: 1, 3 -> mean 2, std 1. Column 1: 2, 6 -> mean 4, std 2. Column 2 constant.
        const FloatMatrix x(2, 3, {1, 2, 5, 3, 6, 5});
        CalibrationOptions o;
        o.epsilon = 1e-3;
        const Calibration cal = fitCalibrationStatistics({{"xx", x}}, "xx", o);
        const auto& e = cal.at("xx");
        QCOMPARE(e.mean, (std::vector<float>{2, 4, 5}));
        QCOMPARE(e.stddev, (std::vector<float>{1, 2, 1e-3f}));
        QCOMPARE(e.samples, int64_t(2));
        FloatMatrix y(1, 3, {3, 0, 5.002f});
        applyCalibration(cal, "xx", CalibrationStep::Shift, y);
        QCOMPARE(y(0, 0), 1.0f);
        QCOMPARE(y(0, 1), -4.0f);
        // 5.002f is 5.002 within half an ulp at 5 (2.4e-7); 5.002f - 5 is exact in float.
        ISOMORPH_COMPARE_NEAR(y(0, 2), 0.002, 2.4e-7);
        FloatMatrix z(1, 3, {3, 0, 5.002f});
        applyCalibration(cal, "xx", CalibrationStep::Scale, z);
        QCOMPARE(z(0, 0), 1.0f);
        QCOMPARE(z(0, 1), -2.0f);
        // The same 2.4e-7 divided by sigma = 1e-3 (the floor), plus float division rounding.
        ISOMORPH_COMPARE_NEAR(z(0, 2), 2.0, 2.4e-4 + 1e-6);
        FloatMatrix same(1, 3, {3, 0, 5.002f});
        apply(cal, "xx", same);  // every step; the pivot's rotation is the identity
        QCOMPARE(same.data, z.data);
        QVERIFY_THROWS_EXCEPTION(DataError,
                                 fitCalibrationStatistics({{"xx", FloatMatrix(1, 3)}}, "xx"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, fitCalibrationStatistics({{"x/y", x}}, "x/y"));
        QVERIFY(messageOf<ConfigError>([&] {
                    fitCalibrationStatistics({{"xx", x}}, "en");
                }).contains("pivot 'en' has no sample"));
    }

    void saveLoadRoundTripAndRefusals() {
        Calibration cal = fitCalibrationStatistics({{"aa", data_.a}, {"bb", data_.b}}, "bb");
        RefinementOptions o;
        o.maxRows = 1000;
        fitUnsupervisedRotation(cal, "aa", data_.a, data_.b, o);
        QTemporaryDir dir;
        const QString path = dir.filePath("cal.safetensors");
        saveCalibration(cal, path.toStdString());
        const Calibration back = loadCalibration(path.toStdString());
        QCOMPARE(back.dim, cal.dim);
        QCOMPARE(back.pivot, cal.pivot);
        QCOMPARE(back.steps, cal.steps);
        QCOMPARE(back.epsilon, cal.epsilon);
        QCOMPARE(back.languages.size(), size_t(2));
        for (const auto& [code, e] : cal.languages) {
            const auto& f = back.at(code);
            QVERIFY(std::memcmp(f.mean.data(), e.mean.data(), e.mean.size() * 4) == 0);
            QVERIFY(std::memcmp(f.stddev.data(), e.stddev.data(), e.stddev.size() * 4) == 0);
            QVERIFY(std::memcmp(f.rotation.data.data(), e.rotation.data.data(),
                                e.rotation.data.size() * 4) == 0);
            QCOMPARE(f.method, e.method);
            QCOMPARE(f.samples, e.samples);
            QCOMPARE(f.pairs, e.pairs);
            QCOMPARE(f.refinement.size(), e.refinement.size());
            for (size_t i = 0; i < e.refinement.size(); ++i) {
                QCOMPARE(f.refinement[i].dictionarySize, e.refinement[i].dictionarySize);
                QCOMPARE(f.refinement[i].meanCsls, e.refinement[i].meanCsls);  // exact
            }
        }

        FloatMatrix x(2, 32);
        QVERIFY(messageOf<DataError>([&] {
                    apply(back, "fr", x);
                }).contains("language 'fr' is unknown; this calibration knows aa, bb"));
        FloatMatrix narrow(2, 16);
        QVERIFY(messageOf<DataError>([&] {
                    apply(back, "aa", narrow);
                }).contains("dimension 16, but the calibration was fitted on dimension 32"));

        auto refusal = [&](const char* name, const std::function<void(model_io::Metadata&)>& edit,
                           const std::function<bool(const std::string&)>& keep = {}) {
            const QString bad = dir.filePath(name);
            rewrite(path, bad, edit, keep);
            return messageOf<CheckpointError>([&] { loadCalibration(bad.toStdString()); });
        };
        QVERIFY(refusal("other.safetensors", [](auto& m) {
                    m.erase("format");
                }).contains("not a calibration file"));
        QVERIFY(refusal("v2.safetensors", [](auto& m) {
                    m["schema_version"] = "2";
                }).contains("schema version 2 is not supported; this build reads version 1"));
        const QString dim = refusal("dim.safetensors", [](auto& m) {
            auto j = nlohmann::json::parse(m["calibration"]);
            j["dim"] = 16;
            m["calibration"] = j.dump();
        });
        QVERIFY2(dim.contains("tensor 'mean/aa' is F32 [32], expected F32 [16]"), qPrintable(dim));
        QVERIFY(refusal(
                    "missing.safetensors", [](auto&) {},
                    [](const std::string& t) { return t != "rotation/aa"; })
                    .contains("tensor 'rotation/aa' is missing"));
        QVERIFY(refusal("pivot.safetensors", [](auto& m) {
                    auto j = nlohmann::json::parse(m["calibration"]);
                    j["pivot"] = "zz";
                    m["calibration"] = j.dump();
                }).contains("the pivot 'zz' is not among its languages (aa, bb)"));
        QVERIFY(refusal("json.safetensors", [](auto& m) {
                    m["calibration"] = "{";
                }).contains("malformed"));
    }

    void reportShowsEachStep() {
        // B far from the origin: raw cosines compare offsets, not content.
        const Planted p = planted(2000, 32, 0.12, 1e-3, 6.0, 11);
        Calibration cal = fitCalibrationStatistics({{"aa", p.a}, {"bb", p.b}}, "bb");
        fitUnsupervisedRotation(cal, "aa", p.a, p.b);
        const auto [a, b] = pairsOf(p, 0, 500);
        const auto rows = calibrationReport(cal, {{"aa", "bb", a, b}});
        QCOMPARE(rows.size(), size_t(4));
        for (const auto& r : rows)
            qInfo("%s: cosine %.3f CSLS %.3f", calibrationStepName(r.step), r.cosineAccuracy,
                  r.cslsAccuracy);
        QCOMPARE(rows[0].step, CalibrationStep::None);
        QCOMPARE(rows[3].step, CalibrationStep::Rotation);
        QVERIFY(rows[0].cosineAccuracy < rows[1].cosineAccuracy);
        QVERIFY(rows[1].cosineAccuracy < rows[3].cosineAccuracy);
        QVERIFY(rows[3].cosineAccuracy > 0.99 && rows[3].cslsAccuracy > 0.99);
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestCalibration)
#include "test_calibration.moc"

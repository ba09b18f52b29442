// Bitext retrieval accuracy (core/eval/bitext_metrics) and BUCC mining (core/eval/bucc): hand-made
// tiny cases, a hubness case that CSLS fixes, margin mining and threshold tuning by hand, and the
// readers' file:line errors.

#include <chrono>
#include <cmath>
#include <random>

#include <QtTest>

#include "core/align/bitext_metrics.h"
#include "core/common/errors.h"
#include "core/eval/bucc.h"
#include "tests/support/perf_budget.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using isomorph::FloatMatrix;

namespace {

bool near(double a, double b, double tol = 1e-6) {
    return std::abs(a - b) <= tol;
}

template <class F>
QString dataErrorOf(F&& f) {
    try {
        f();
    } catch (const DataError& e) {
        return QString::fromUtf8(e.what());
    }
    return QStringLiteral("(no DataError)");
}

eval::MinedPair cand(const char* s, const char* t, double score) {
    return {s, t, score};
}

}  // namespace

class TestBitextBucc : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void bitextAccuracyByHand() {
        // s2 = (1, 1) finds t2 = (1, 0.2) (cos .832 beats .707), but t2's best source is s0
        // (cos .981): src->tgt 3/3, tgt->src 2/3.
        const FloatMatrix src(3, 2, {1, 0, 0, 1, 1, 1});
        const FloatMatrix tgt(3, 2, {1, 0, 0, 1, 1, 0.2f});
        const align::BitextReport r = align::evaluateBitext(src, tgt, {1, true});
        QCOMPARE(r.pairs, int64_t(3));
        QVERIFY(near(r.cosine.srcToTgt, 1.0));
        QVERIFY(near(r.cosine.tgtToSrc, 2.0 / 3));
        QVERIFY(near(r.cosine.mean, 5.0 / 6));
        QCOMPARE(r.cslsK, 1);
        QVERIFY(!align::formatBitextReport(r).empty());
    }

    void languagePairsCountEquallyInTheMean() {
        // The one average of every bitext figure: de-en 5/6 over 3 pairs and fr-en 0.5 over
        // 1000 pairs give (5/6 + 0.5) / 2 = 2/3, not a pair-weighted 0.5003.
        QVERIFY(near(align::meanOverLanguagePairs({5.0 / 6, 0.5}), 2.0 / 3));
        QVERIFY(near(align::meanOverLanguagePairs({0.25}), 0.25));
        QVERIFY(std::isnan(align::meanOverLanguagePairs({})));
    }

    void cslsFixesAHub() {
        // Target 0 points straight up and every source leans up: by cosine all five sources pick
        // target 0 (the hub); CSLS subtracts its high neighbourhood similarity.
        const FloatMatrix src(5, 3, {0, 0, 1, 1, 0, 1, 0, 1, 1, -1, 0, 1, 0, -1, 1});
        const FloatMatrix tgt(5, 3, {0, 0, 1, 1, 0.2f, 0, -0.2f, 1, 0, -1, -0.2f, 0, 0.2f, -1, 0});
        const align::BitextReport r = align::evaluateBitext(src, tgt, {3, true});
        QVERIFY(near(r.cosine.srcToTgt, 0.2));
        QVERIFY(near(r.cosine.tgtToSrc, 1.0));
        QVERIFY(near(r.csls.srcToTgt, 1.0));
        QVERIFY(near(r.csls.tgtToSrc, 1.0));
    }

    void bitextIsFastAndRejectsBadInput() {
        FloatMatrix a(1000, 256), b(1000, 256);
        std::mt19937 rng(3);
        std::normal_distribution<float> g(0.0f, 1.0f);
        for (size_t i = 0; i < a.data.size(); ++i) {
            a.data[i] = g(rng);
            b.data[i] = a.data[i] + 0.5f * g(rng);
        }
        const auto t0 = std::chrono::steady_clock::now();
        const auto r = align::evaluateBitext(a, b);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        ISOMORPH_CHECK_BUDGET(s < 1.0, QString("1000 x 1000 bitext in %1 s").arg(s));
        QVERIFY(r.cosine.mean > 0.99 && r.csls.mean > 0.99);

        QVERIFY(dataErrorOf([&] {
                    align::evaluateBitext(FloatMatrix(3, 2), FloatMatrix(4, 2));
                }).contains("3 source rows but 4 target rows"));
        QVERIFY(dataErrorOf([&] {
                    align::evaluateBitext(FloatMatrix(3, 2), FloatMatrix(3, 5));
                }).contains("dimension 2 differs from target dimension 5"));
        QVERIFY(dataErrorOf([&] {
                    align::evaluateBitext(FloatMatrix(0, 2), FloatMatrix(0, 2));
                }).contains("at least one"));
        FloatMatrix nan(3, 2, {1, 0, 0, 1, 1, 1});
        nan(1, 0) = std::nanf("");
        const QString msg = dataErrorOf([&] { align::evaluateBitext(FloatMatrix(3, 2), nan); });
        QVERIFY2(msg.contains("bitext target") && msg.contains("row 1") && msg.contains("NaN"),
                 qPrintable(msg));
        QVERIFY_THROWS_EXCEPTION(ConfigError, align::evaluateBitext(a, b, {0, true}));
    }

    void marginMiningByHand() {
        // k = 1. cos: a0b0 1, a0b1 0, a1b0 .8, a1b1 .6; source terms a0 1, a1 .8; target terms
        // b0 1, b1 .6. Margins: a0b0 1/1 = 1, a1b0 .8/.9, a1b1 .6/.7.
        const FloatMatrix src(2, 2, {1, 0, 0.8f, 0.6f});
        const FloatMatrix tgt(2, 2, {1, 0, 0, 1});
        const std::vector<std::string> sid = {"de-1", "de-2"}, tid = {"en-1", "en-2"};
        eval::MiningOptions o;
        o.k = 1;
        o.oneToOne = false;
        const auto all = eval::mineParallel(sid, src, tid, tgt, o);
        QCOMPARE(all.size(), size_t(3));  // forward a0b0, a1b0; backward b0a0 (dup), b1a1
        QCOMPARE(all[0].sourceId, std::string("de-1"));
        QCOMPARE(all[0].targetId, std::string("en-1"));
        QVERIFY(near(all[0].score, 1.0));
        QCOMPARE(all[1].sourceId + all[1].targetId, std::string("de-2en-1"));
        QVERIFY(near(all[1].score, 0.8 / 0.9));
        QCOMPARE(all[2].sourceId + all[2].targetId, std::string("de-2en-2"));
        QVERIFY(near(all[2].score, 0.6 / 0.7));

        o.oneToOne = true;  // de-2/en-1 loses: en-1 is taken by the better de-1/en-1
        const auto mined = eval::mineParallel(sid, src, tid, tgt, o);
        QCOMPARE(mined.size(), size_t(2));
        QCOMPARE(mined[1].sourceId + mined[1].targetId, std::string("de-2en-2"));

        const std::vector<eval::BuccPair> gold = {{"de-1", "en-1"}, {"de-2", "en-2"}};
        const auto at = eval::evaluateMining(mined, gold, 0.87);  // .857 falls below
        QCOMPARE(at.extracted, int64_t(1));
        QCOMPARE(at.correct, int64_t(1));
        QVERIFY(near(at.precision, 1.0) && near(at.recall, 0.5) && near(at.f1, 2.0 / 3));

        QVERIFY(dataErrorOf([&] {
                    eval::mineParallel({"x"}, src, tid, tgt);
                }).contains("1 source ids but 2 embedding rows"));
        QVERIFY(dataErrorOf([&] {
                    eval::mineParallel({"x", "x"}, src, tid, tgt);
                }).contains("'x' is used by rows 0 and 1"));
    }

    void thresholdTuningByHand() {
        // Gold: a-x, c-z, d-w and f-u (never mined, still counts for recall).
        const std::vector<eval::BuccPair> gold = {{"a", "x"}, {"c", "z"}, {"d", "w"}, {"f", "u"}};
        std::vector<eval::MinedPair> c = {cand("e", "v", 1.1), cand("a", "x", 1.5),
                                          cand("b", "y", 1.4), cand("c", "z", 1.3),
                                          cand("d", "w", 1.2)};
        // Cuts: F1 .4, .333, .571, .75 (4 extracted, 3 correct), .667 -> best below 1.2.
        auto best = eval::tuneThreshold(c, gold);
        QVERIFY(near(best.threshold, 1.15));
        QCOMPARE(best.extracted, int64_t(4));
        QCOMPARE(best.correct, int64_t(3));
        QCOMPARE(best.gold, int64_t(4));
        QVERIFY(near(best.precision, 0.75) && near(best.recall, 0.75) && near(best.f1, 0.75));
        const auto again = eval::evaluateMining(c, gold, best.threshold);
        QCOMPARE(again.extracted, best.extracted);
        QVERIFY(near(again.f1, best.f1));
        const auto high = eval::evaluateMining(c, gold, 1.35);
        QVERIFY(near(high.precision, 0.5) && near(high.recall, 0.25) && near(high.f1, 1.0 / 3));

        // A wrong pair tied at 1.2 is extracted with d-w: 5 extracted, 3 correct, F1 2/3.
        c.push_back(cand("g", "t", 1.2));
        best = eval::tuneThreshold(c, gold);
        QVERIFY(near(best.threshold, 1.15));
        QCOMPARE(best.extracted, int64_t(5));
        QVERIFY(near(best.f1, 2.0 / 3));

        const auto none = eval::tuneThreshold({cand("q", "r", 2.0)}, gold);
        QVERIFY(std::isinf(none.threshold) && none.extracted == 0 && none.f1 == 0.0);
        QVERIFY_THROWS_EXCEPTION(DataError, eval::evaluateMining(c, {}, 1.0));
    }

    void readsBuccFiles() {
        const std::string sentences = "de-000001\tEin Satz.\nde-000002\tNoch\teiner.\n";
        const auto s =
            eval::readBuccSentences(data::LineReader::fromMemory(sentences, "de-en.dev.de"));
        QCOMPARE(s.size(), size_t(2));
        QCOMPARE(s[1].id, std::string("de-000002"));
        QCOMPARE(s[1].text, std::string("Noch\teiner."));
        QCOMPARE(s[1].line, uint64_t(2));
        const auto g = eval::readBuccGold(
            data::LineReader::fromMemory("de-000001\ten-000007\n", "de-en.dev.gold"));
        QCOMPARE(g.size(), size_t(1));
        QCOMPARE(g[0].targetId, std::string("en-000007"));
    }

    void readerErrorsNameFileAndLine() {
        auto sentences = [](const char* text) {
            return dataErrorOf(
                [&] { eval::readBuccSentences(data::LineReader::fromMemory(text, "x.de")); });
        };
        auto gold = [](const char* text) {
            return dataErrorOf(
                [&] { eval::readBuccGold(data::LineReader::fromMemory(text, "x.gold")); });
        };
        QVERIFY(sentences("a\tok\nno tab here\n").startsWith("x.de:2: expected ID<TAB>sentence"));
        QVERIFY(sentences("a\tok\n\tsentence\n").startsWith("x.de:2: the id"));
        QVERIFY(sentences("a\tok\nb\t  \n").startsWith("x.de:2: empty sentence"));
        QVERIFY(
            sentences("a\tok\na\tagain\n").contains("x.de:2: id 'a' was already used on line 1"));
        QVERIFY(sentences("").contains("x.de: no sentences"));
        QVERIFY(gold("a\tb\nc\td\te\n").startsWith("x.gold:2: expected 2 tab-separated columns"));
        QVERIFY(gold("a\t\n").startsWith("x.gold:1: an id is empty"));
        QVERIFY(
            gold("a\tb\na\tb\n").contains("x.gold:2: the pair a / b is already listed on line 1"));
        QVERIFY(gold("").contains("x.gold: no gold pairs"));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestBitextBucc)
#include "test_bitext_bucc.moc"

// Hybrid score fusion (core/search/fusion.h) against values computed by hand.

#include <cmath>

#include <QtTest>

#include "core/common/errors.h"
#include "core/search/fusion.h"
#include "tests/support/error_message.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::search;
using isomorph::testing::messageOf;

namespace {

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-12;
}

double scoreOf(const Ranking& r, const std::string& doc) {
    for (const auto& d : r)
        if (d.docId == doc) return d.score;
    return std::nan("");
}

std::vector<std::string> ids(const Ranking& r) {
    std::vector<std::string> out;
    for (const auto& d : r)
        out.push_back(d.docId);
    return out;
}

// Dense cosine scores and lexical BM25 scores for one query, in arbitrary order.
//   dense:   a .9, b .5, c .1      -> normalised a 1, b .5, c 0
//   lexical: c 12, d 8, a 4        -> normalised c 1, d .5, a 0
const Ranking kDense = {{"b", 0.5}, {"a", 0.9}, {"c", 0.1}};
const Ranking kLexical = {{"d", 8.0}, {"c", 12.0}, {"a", 4.0}};

}  // namespace

class TestFusion : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void linearInterpolatesNormalisedScores() {
        const auto r = fuseLinear(kDense, kLexical, {0.7, 0});
        // a .7*1 + .3*0 = .7; b .7*.5 = .35; c .7*0 + .3*1 = .3; d .3*.5 = .15
        QCOMPARE(ids(r), (std::vector<std::string>{"a", "b", "c", "d"}));
        QVERIFY(near(scoreOf(r, "a"), 0.7));
        QVERIFY(near(scoreOf(r, "b"), 0.35));
        QVERIFY(near(scoreOf(r, "c"), 0.3));
        QVERIFY(near(scoreOf(r, "d"), 0.15));
    }

    void linearExtremesReproduceOneSystem() {
        // alpha 1: dense order a, b; c (dense minimum) ties d (not retrieved by dense) at 0.
        const auto dense = fuseLinear(kDense, kLexical, {1.0, 0});
        QCOMPARE(ids(dense), (std::vector<std::string>{"a", "b", "d", "c"}));
        QCOMPARE(scoreOf(dense, "c"), 0.0);
        QCOMPARE(fuseLinear(kDense, kLexical, {1.0, 2}).size(), size_t(2));
        // alpha 0: lexical order c, d, a; b (absent) ties a at 0 and wins by id descending.
        QCOMPARE(ids(fuseLinear(kDense, kLexical, {0.0, 0})),
                 (std::vector<std::string>{"c", "d", "b", "a"}));
    }

    void linearEqualScoresNormaliseToOne() {
        const auto r = fuseLinear({{"x", 3.0}}, {{"y", 2.0}, {"x", 2.0}}, {0.5, 0});
        QVERIFY(near(scoreOf(r, "x"), 1.0));
        QVERIFY(near(scoreOf(r, "y"), 0.5));
        QVERIFY(fuseLinear({}, {}, {}).empty());
    }

    void reciprocalRankFusionByHand() {
        const auto r = fuseReciprocalRank(kDense, kLexical);
        // dense ranks a1 b2 c3, lexical ranks c1 d2 a3.
        const double a = 1.0 / 61 + 1.0 / 63, c = 1.0 / 63 + 1.0 / 61, b = 1.0 / 62, d = 1.0 / 62;
        QVERIFY(near(scoreOf(r, "a"), a));
        QVERIFY(near(scoreOf(r, "c"), c));
        QVERIFY(near(scoreOf(r, "b"), b));
        QVERIFY(near(scoreOf(r, "d"), d));
        // a and c tie, as do b and d: trec_eval order breaks ties by id descending.
        QCOMPARE(ids(r), (std::vector<std::string>{"c", "a", "d", "b"}));
        QCOMPARE(fuseReciprocalRank(kDense, kLexical, {1.0, 2}).size(), size_t(2));
        QVERIFY(near(scoreOf(fuseReciprocalRank(kDense, {}, {1.0, 0}), "b"), 1.0 / 3));
    }

    void rejectsBadInput() {
        QVERIFY_EXCEPTION_THROWN(fuseLinear(kDense, kLexical, {1.5, 0}), ConfigError);
        QVERIFY_EXCEPTION_THROWN(fuseReciprocalRank(kDense, kLexical, {0.0, 0}), ConfigError);
        QVERIFY_EXCEPTION_THROWN(fuseLinear({{"a", 1.0}, {"a", 2.0}}, {}, {}), DataError);
        QVERIFY_EXCEPTION_THROWN(fuseReciprocalRank({{"a", std::nan("")}}, {}, {}), DataError);
    }

    void hybridFusesTheSameCandidateDepthWhateverTheInputDepth() {
        QCOMPARE(hybridCandidateDepth(10), size_t(100));
        QCOMPARE(hybridCandidateDepth(250), size_t(250));
        // 150 dense and 150 lexical candidates with different score orders.
        Ranking dense, lexical, dense100, lexical100;
        for (int i = 0; i < 150; ++i) {
            dense.push_back({"d" + std::to_string(i), 1.0 - 0.005 * i});
            lexical.push_back({"d" + std::to_string((i * 37) % 150), 30.0 - 0.2 * i});
        }
        dense100.assign(dense.begin(), dense.begin() + 100);
        lexical100.assign(lexical.begin(), lexical.begin() + 100);
        const HybridOptions options{0.5, 10, HybridFusion::MinMax};
        const auto full = fuseHybrid(dense, lexical, options);
        // search retrieves exactly hybridCandidateDepth(k) per system, eval retrieval may
        // retrieve more: both give this ranking.
        const auto cut = fuseHybrid(dense100, lexical100, options);
        QCOMPARE(ids(full), ids(cut));
        for (size_t i = 0; i < full.size(); ++i)
            QCOMPARE(full[i].score, cut[i].score);
        QCOMPARE(full.size(), size_t(10));
        // Fusing all 150 (the old eval rule with --depth 150 for k = 10) normalises against
        // another minimum and ranks differently.
        const auto deeper = fuseLinear(dense, lexical, {0.5, 10});
        bool differs = ids(deeper) != ids(full);
        for (size_t i = 0; i < full.size() && !differs; ++i)
            differs = deeper[i].score != full[i].score;
        QVERIFY(differs);
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError, fuseHybrid(dense, lexical, {0.5, 0}));
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError, fuseHybrid(dense, lexical, {1.5, 10}));
    }

    void theShareFloorDecidesWhatALoneLexicalHitWeighs() {
        // BM25 found one document, c, on a minor word: a third of the query's attainable
        // score. Dense ranks a, b, c.
        const Ranking dense = {{"a", 0.9}, {"b", 0.5}, {"c", 0.1}};
        const Ranking lone = {{"c", 1.0 / 3.0}};
        // Floor 1 (the shares themselves): a = 0.5 x 1, b = 0.5 x 0.5, c = 0.5 / 3.
        const auto raw = fuseHybrid(dense, lone, {0.5, 3, HybridFusion::Share, 1.0});
        QCOMPARE(ids(raw), (std::vector<std::string>{"a", "b", "c"}));
        QCOMPARE(raw[0].score, 0.5);
        QCOMPARE(raw[1].score, 0.25);
        QVERIFY(std::abs(raw[2].score - 0.5 / 3.0) < 1e-12);
        // Floor 0.5: c's share is below it, so c counts (1/3) / 0.5 of the lexical weight.
        const auto half = fuseHybrid(dense, lone, {0.5, 3, HybridFusion::Share, 0.5});
        QCOMPARE(ids(half), (std::vector<std::string>{"a", "c", "b"}));
        QVERIFY(std::abs(half[1].score - 0.5 * (1.0 / 3.0) / 0.5) < 1e-12);
        // Floor 0 (max-normalised BM25) and min-max give the lone hit the whole lexical weight:
        // c ties a at 0.5 and wins the tie (document id descending).
        const auto zero = fuseHybrid(dense, lone, {0.5, 3, HybridFusion::Share, 0.0});
        QCOMPARE(ids(zero).front(), std::string("c"));
        const Ranking loneRaw = {{"c", 7.2}};
        QCOMPARE(ids(fuseHybrid(dense, loneRaw, {0.5, 3, HybridFusion::MinMax})).front(),
                 std::string("c"));
        // A best match above the floor is max-normalised: shares 0.8 and 0.4 count 1 and 0.5.
        const auto strong =
            fuseHybrid(dense, {{"c", 0.8}, {"b", 0.4}}, {0.5, 3, HybridFusion::Share, 0.5});
        QCOMPARE(ids(strong).front(), std::string("c"));
        QVERIFY(std::abs(strong.front().score - 0.5) < 1e-12);
        // Raw BM25 scores and a floor outside [0, 1] are refused, with the way out.
        QVERIFY(messageOf<isomorph::DataError>([&] {
                    fuseHybrid(dense, loneRaw, {0.5, 3, HybridFusion::Share});
                }).contains("share"));
        QVERIFY(messageOf<isomorph::ConfigError>([&] {
                    fuseHybrid(dense, lone, {0.5, 3, HybridFusion::Share, 1.5});
                }).contains("floor"));
    }

    void weightedReciprocalRankFusionByHand() {
        const Ranking dense = {{"a", 0.9}, {"b", 0.5}};
        const Ranking lexical = {{"b", 12.0}, {"c", 3.0}};
        // w = 0.25: a = 0.5 / 61; b = 0.5 / 62 + 1.5 / 61; c = 1.5 / 62.
        const auto r = fuseHybrid(dense, lexical, {0.25, 3, HybridFusion::ReciprocalRank});
        QCOMPARE(ids(r), (std::vector<std::string>{"b", "c", "a"}));
        QVERIFY(std::abs(r[0].score - (0.5 / 62 + 1.5 / 61)) < 1e-15);
        QVERIFY(std::abs(r[1].score - 1.5 / 62) < 1e-15);
        QVERIFY(std::abs(r[2].score - 0.5 / 61) < 1e-15);
    }

    void fusionNames() {
        for (const auto f :
             {HybridFusion::Share, HybridFusion::MinMax, HybridFusion::ReciprocalRank})
            QVERIFY(parseHybridFusion(hybridFusionName(f)) == f);
        QVERIFY(messageOf<isomorph::ConfigError>([] { parseHybridFusion("max"); }).contains("rrf"));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestFusion)
#include "test_fusion.moc"

// search::rerankTop / rerankCandidates (core/search/rerank_top.h): the candidates are the best
// `depth` documents of the first stage; they are reordered by the new scores exactly, and the
// documents below `depth` keep their first-stage order beneath them.

#include <QtTest>

#include "core/common/errors.h"
#include "core/search/rerank_top.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using search::Ranking;

namespace {

std::vector<std::string> ids(const Ranking& r) {
    std::vector<std::string> out;
    for (const auto& d : r)
        out.push_back(d.docId);
    return out;
}

// First stage, unsorted on purpose: ranked a (9), b (8), c (7), d (6), e (5).
const Ranking kFirst = {{"c", 7}, {"a", 9}, {"e", 5}, {"b", 8}, {"d", 6}};

}  // namespace

class TestRerankTop : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void candidatesAreTheBestDepth() {
        QCOMPARE(search::rerankCandidates(kFirst, 3), (std::vector<std::string>{"a", "b", "c"}));
        QCOMPARE(search::rerankCandidates(kFirst, 0).size(), size_t{5});
        QCOMPARE(search::rerankCandidates(kFirst, 99).size(), size_t{5});
    }

    void topIsReorderedBelowIsKept() {
        // New scores for a, b, c: c best, then a, then b.
        const Ranking r = search::rerankTop(kFirst, 3, {0.2, -1.5, 3.0});
        QCOMPARE(ids(r), (std::vector<std::string>{"c", "a", "b", "d", "e"}));
        QCOMPARE(r[0].score, 3.0);
        QCOMPARE(r[1].score, 0.2);
        QCOMPARE(r[2].score, -1.5);
        // Below: lowest re-ranked score - 1, - 2 (hand-computed).
        QCOMPARE(r[3].score, -2.5);
        QCOMPARE(r[4].score, -3.5);
        // A score-sorted reader (TREC tools) sees the same order.
        QCOMPARE(ids(search::rankDocuments(r)), ids(r));
    }

    void tiesBreakByIdAsRankDocuments() {
        const Ranking r = search::rerankTop(kFirst, 2, {1.0, 1.0});
        QCOMPARE(ids(r), (std::vector<std::string>{"b", "a", "c", "d", "e"}));  // id descending
    }

    void interpolationMixesMinMaxedScores() {
        // First-stage scores of a, b, c: 5, 4, 3 -> minmax 1, 0.5, 0. New scores 0.2, -1.5, 3.0
        // -> minmax (0.2 + 1.5) / 4.5 = 0.3778, 0, 1. With w = 0.5: a 0.6889, b 0.25, c 0.5.
        const Ranking r = search::rerankTop(kFirst, 3, {0.2, -1.5, 3.0}, 0.5);
        QCOMPARE(ids(r), (std::vector<std::string>{"a", "c", "b", "d", "e"}));
        QVERIFY(std::abs(r[0].score - (0.5 + 0.5 * 1.7 / 4.5)) < 1e-12);
        QVERIFY(std::abs(r[1].score - 0.5) < 1e-12);
        QVERIFY(std::abs(r[2].score - 0.25) < 1e-12);
        QCOMPARE(r[3].score, -0.75);  // lowest interpolated - 1
        // w = 1 keeps the first stage's order, w = 0 is the plain re-ordering.
        QCOMPARE(ids(search::rerankTop(kFirst, 3, {0.2, -1.5, 3.0}, 1.0)),
                 ids(search::rankDocuments(kFirst)));
        QCOMPARE(ids(search::rerankTop(kFirst, 3, {0.2, -1.5, 3.0}, 0.0)),
                 ids(search::rerankTop(kFirst, 3, {0.2, -1.5, 3.0})));
        QVERIFY_THROWS_EXCEPTION(ConfigError, search::rerankTop(kFirst, 3, {1, 2, 3}, 1.5));
    }

    void wrongCountOrNonFiniteIsRefused() {
        QVERIFY_THROWS_EXCEPTION(DataError, search::rerankTop(kFirst, 3, {1.0, 2.0}));
        QVERIFY_THROWS_EXCEPTION(DataError, search::rerankTop(kFirst, 2, {1.0, std::nan("")}));
    }

    void emptyRankingStaysEmpty() { QVERIFY(search::rerankTop({}, 5, {}).empty()); }
};

ISOMORPH_TEST_GUILESS_MAIN(TestRerankTop)
#include "test_rerank_top.moc"

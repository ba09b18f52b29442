// How a stage changed bitext accuracy (core/eval/bitext_report.h, compareBitext): the mean
// change over the language pairs both reports have and the paired t-test over them, by hand.
// `demo run` prints both under each stage's row.

#include <cmath>

#include <QtTest>

#include "core/eval/bitext_report.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using eval::BitextReport;

namespace {

BitextReport reportOf(const std::map<std::string, double>& raw) {
    BitextReport r;
    for (const auto& [name, value] : raw)
        r.perPair[name].raw = value;
    return r;
}

bool near(double a, double b, double tol = 1e-9) {
    return std::abs(a - b) <= tol;
}

}  // namespace

class TestBitextChange : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void aChangeIsTestedOverTheSharedLanguagePairs() {
        // Differences 0.02, 0.03, 0.00 (ja-en is only in the second report): mean 1/60; sd of the
        // differences sqrt(7/30000), t = (1/60) / (sd / sqrt 3) = 1.889822; with 2 degrees of
        // freedom the two-tailed p is 1 - t / sqrt(2 + t^2) = 0.199359.
        const auto before = reportOf({{"de-en", 0.50}, {"fr-en", 0.60}, {"es-en", 0.70}});
        const auto after =
            reportOf({{"de-en", 0.52}, {"fr-en", 0.63}, {"es-en", 0.70}, {"ja-en", 0.90}});
        const eval::BitextChange c = eval::compareBitext(before, after);
        QCOMPARE(c.languagePairs, 3);
        QCOMPARE(c.up, 2);
        QCOMPARE(c.down, 0);
        QVERIFY(near(c.meanDifference, 1.0 / 60));
        QVERIFY2(near(c.t, 1.889822, 1e-6), qPrintable(QString::number(c.t, 'g', 10)));
        QVERIFY2(near(c.pValue, 0.199359, 1e-6), qPrintable(QString::number(c.pValue, 'g', 10)));
        QVERIFY(!c.significant());

        // Reversed, the sign flips and p stays.
        const eval::BitextChange back = eval::compareBitext(after, before);
        QVERIFY(near(back.meanDifference, -1.0 / 60));
        QCOMPARE(back.down, 2);
        QVERIFY(near(back.pValue, c.pValue, 1e-12));
    }

    void aConsistentChangeIsSignificant() {
        // Every language pair up by about a point: differences 0.010, 0.011, 0.009, 0.010,
        // 0.012, 0.008 have mean 0.01 and sd sqrt(0.00001 / 5) = 0.001414, so t = 17.32 on 5
        // degrees of freedom: p ~ 1.2e-5.
        const auto before =
            reportOf({{"a", 0.5}, {"b", 0.5}, {"c", 0.5}, {"d", 0.5}, {"e", 0.5}, {"f", 0.5}});
        const auto after = reportOf(
            {{"a", 0.510}, {"b", 0.511}, {"c", 0.509}, {"d", 0.510}, {"e", 0.512}, {"f", 0.508}});
        const eval::BitextChange c = eval::compareBitext(before, after);
        QVERIFY(near(c.meanDifference, 0.01));
        QVERIFY2(near(c.t, 17.320508, 1e-5), qPrintable(QString::number(c.t, 'g', 10)));
        QVERIFY(c.pValue < 1e-4 && c.pValue > 1e-6);
        QVERIFY(c.significant());
    }

    void tooFewLanguagePairsTestNothing() {
        // One shared language pair: a change but no test (p = 1); none shared: nothing at all.
        const auto c = eval::compareBitext(reportOf({{"de-en", 0.5}}),
                                           reportOf({{"de-en", 0.6}, {"fr-en", 0.1}}));
        QCOMPARE(c.languagePairs, 1);
        QVERIFY(near(c.meanDifference, 0.1));
        QCOMPARE(c.pValue, 1.0);
        const auto none = eval::compareBitext(BitextReport{}, reportOf({{"de-en", 0.5}}));
        QCOMPARE(none.languagePairs, 0);
        QCOMPARE(none.meanDifference, 0.0);
        QCOMPARE(none.pValue, 1.0);
        // Identical reports: no change, p = 1.
        const auto same = reportOf({{"a", 0.3}, {"b", 0.4}});
        QCOMPARE(eval::compareBitext(same, same).pValue, 1.0);
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestBitextChange)
#include "test_bitext_change.moc"

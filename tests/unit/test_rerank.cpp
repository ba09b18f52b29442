// Re-ranking evaluation (core/eval/rerank.h): MAP per language pair by hand, the paired t-test
// against closed forms and scipy, counting of missing queries and mismatched ids, language maps.

#include <cmath>

#include <QProcess>
#include <QtTest>

#include "core/common/errors.h"
#include "core/eval/rerank.h"
#include "tests/support/error_message.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::eval;

namespace {

bool near(double a, double b, double tol = 1e-12) {
    return std::abs(a - b) <= tol;
}

/// The worked example; languages come from the id suffixes.
///   q1.de  a.en 1, b.en 0, c.en 1, a.fr 1
///   q2.de  d.en 1, e.en 0, zz.en 1 (zz.en in no candidate list)
///   q3.de  f.en 1, g.en 0          (absent from run B)
///   q4.fr  h.en 0                  (no relevant document: not evaluated)
///   q5.de  m.fr 1                  (in no run: AP 0 for both in pair de-fr)
Qrels exampleQrels() {
    return {{"q1.de", {{"a.en", 1}, {"b.en", 0}, {"c.en", 1}, {"a.fr", 1}}},
            {"q2.de", {{"d.en", 1}, {"e.en", 0}, {"zz.en", 1}}},
            {"q3.de", {{"f.en", 1}, {"g.en", 0}}},
            {"q4.fr", {{"h.en", 0}}},
            {"q5.de", {{"m.fr", 1}}}};
}

/// AP by hand: q1/en a b c -> (1/1 + 2/3) / 2; q2/en e d -> (1/2) / 2; q3/en g f -> 1/2;
/// q1/fr n a -> 1/2; q5/fr -> 0.
Run runA() {
    return {{"q1.de", {{"a.en", .9}, {"b.en", .8}, {"c.en", .7}, {"a.fr", .5}, {"n.fr", .6}}},
            {"q2.de", {{"e.en", .9}, {"d.en", .1}}},
            {"q3.de", {{"f.en", .2}, {"g.en", .8}}},
            {"q9.de", {{"a.en", 1.0}}}};
}

/// AP by hand: q1/en c a b -> 1; q2/en d e -> 1/2; q3/en missing -> 0; q1/fr a n -> 1; q5/fr 0.
Run runB() {
    return {{"q1.de", {{"c.en", .9}, {"a.en", .8}, {"b.en", .1}, {"a.fr", .9}, {"n.fr", .1}}},
            {"q2.de", {{"d.en", .5}, {"e.en", .4}}}};
}

const std::vector<double> kApA = {5.0 / 6, 0.25, 0.5, 0.5, 0.0};  // de-en q1 q2 q3, de-fr q1 q5
const std::vector<double> kApB = {1.0, 0.5, 0.0, 1.0, 0.0};

double mean(const std::vector<double>& v) {
    double s = 0;
    for (double x : v)
        s += x;
    return s / static_cast<double>(v.size());
}

/// Paired t statistic computed directly from the differences.
double tStatistic(const std::vector<double>& a, const std::vector<double>& b) {
    std::vector<double> d;
    for (std::size_t i = 0; i < a.size(); ++i)
        d.push_back(a[i] - b[i]);
    const double m = mean(d);
    double ss = 0;
    for (double x : d)
        ss += (x - m) * (x - m);
    return m / std::sqrt(ss / (d.size() - 1) / d.size());
}

const RerankRow& row(const RerankReport& r, const std::string& q, const std::string& d) {
    for (const auto& row : r.pairs)
        if (row.queryLanguage == q && row.documentLanguage == d) return row;
    qFatal("no row %s-%s", q.c_str(), d.c_str());
}

using isomorph::testing::messageOf;

}  // namespace

class TestRerank : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void mapPerLanguagePairByHand() {
        const auto r = compareRerank(runA(), runB(), exampleQrels(), languageFromIdSuffix);
        QVERIFY(r.compared);
        QCOMPARE(r.pairs.size(), size_t(2));
        const auto& en = row(r, "de", "en");
        QCOMPARE(en.queries, size_t(3));
        QVERIFY(near(en.mapA, (5.0 / 6 + 0.25 + 0.5) / 3));
        QVERIFY(near(en.mapB, 0.5));
        const auto& fr = row(r, "de", "fr");
        QCOMPARE(fr.queries, size_t(2));
        QVERIFY(near(fr.mapA, 0.25));
        QVERIFY(near(fr.mapB, 0.5));
        QCOMPARE(r.overall.queries, size_t(5));
        QVERIFY(near(r.overall.mapA, mean(kApA)));
        QVERIFY(near(r.overall.mapB, mean(kApB)));
    }

    void tTestAgainstClosedForms() {
        const auto r = compareRerank(runA(), runB(), exampleQrels(), languageFromIdSuffix);
        // de-en: 3 queries, df 2: two-tailed p = 1 - |t| / sqrt(2 + t^2).
        const auto& en = *row(r, "de", "en").test;
        const double tEn = tStatistic({5.0 / 6, 0.25, 0.5}, {1.0, 0.5, 0.0});
        QVERIFY(near(en.t, tEn, 1e-12));
        QCOMPARE(en.degreesOfFreedom, 2);
        QVERIFY(near(en.pValue, 1 - std::abs(tEn) / std::sqrt(2 + tEn * tEn), 1e-10));
        // de-fr: differences -0.5 and 0, df 1 (Cauchy): t = -1, p = 1 - 2 atan(1) / pi = 0.5.
        const auto& fr = *row(r, "de", "fr").test;
        QVERIFY(near(fr.t, -1.0, 1e-12));
        QVERIFY(near(fr.pValue, 0.5, 1e-10));
        QVERIFY(r.overall.test->t < 0);  // A is worse on average
    }

    void overallTTestMatchesScipy() {
        if (!QFileInfo::exists("/usr/bin/python3"))
            QSKIP("/usr/bin/python3 is missing; the scipy comparison cannot run");
        auto list = [](const std::vector<double>& v) {
            QStringList s;
            for (double x : v)
                s << QString::number(x, 'g', 17);
            return "[" + s.join(",") + "]";
        };
        QProcess p;
        p.start(
            "/usr/bin/python3",
            {"-c",
             "import sys\ntry:\n from scipy.stats import ttest_rel\nexcept ImportError:\n"
             " print('noscipy'); sys.exit(0)\nr = ttest_rel(" +
                 list(kApA) + "," + list(kApB) + ")\nprint(repr(r.statistic), repr(r.pvalue))"});
        QVERIFY(p.waitForFinished(60000) && p.exitCode() == 0);
        const QString out = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
        if (out == "noscipy") QSKIP("scipy is not installed; the scipy comparison cannot run");
        const QStringList parts = out.split(' ');
        QCOMPARE(parts.size(), 2);
        const auto r = compareRerank(runA(), runB(), exampleQrels(), languageFromIdSuffix);
        QVERIFY(near(r.overall.test->t, parts[0].toDouble(), 1e-10));
        QVERIFY(near(r.overall.test->pValue, parts[1].toDouble(), 1e-10));
        QCOMPARE(r.overall.test->degreesOfFreedom, 4);
    }

    void countsMissingAndMismatchedEntries() {
        const auto r = compareRerank(runA(), runB(), exampleQrels(), languageFromIdSuffix);
        QCOMPARE(r.missingFromA.size(), size_t(1));  // q5.de in de-fr
        QCOMPARE(r.missingFromA[0].queryId, std::string("q5.de"));
        QCOMPARE(r.missingFromB.size(), size_t(2));  // q3.de in de-en, q5.de in de-fr
        QCOMPARE(row(r, "de", "en").missingFromB, size_t(1));
        QCOMPARE(row(r, "de", "en").missingFromA, size_t(0));
        QCOMPARE(row(r, "de", "fr").missingFromA, size_t(1));
        QCOMPARE(r.overall.missingFromB, size_t(2));
        QCOMPARE(r.queriesNotEvaluated, std::vector<std::string>{"q4.fr"});
        QCOMPARE(r.runQueriesWithoutQrels, std::vector<std::string>{"q9.de"});
        QCOMPARE(r.runEntriesWithoutQrels, size_t(1));
        QCOMPARE(r.qrelsEntriesNotInCandidates, size_t(3));  // zz.en, h.en, m.fr
    }

    void singleSystemHasNoTest() {
        const auto r = evaluateRerank(runA(), exampleQrels(), languageFromIdSuffix);
        QVERIFY(!r.compared);
        QVERIFY(!r.overall.test);
        QVERIFY(near(r.overall.mapA, mean(kApA)));
        QCOMPARE(r.missingFromB.size(), size_t(0));
        QCOMPARE(r.units.size(), size_t(5));
    }

    void pairsNoSystemRanAreSkipped() {
        // Only de-en candidates: q5.de (relevant only in French) is not evaluated.
        Run onlyEn = runA();
        onlyEn["q1.de"].erase(onlyEn["q1.de"].begin() + 3, onlyEn["q1.de"].end());
        const auto r = evaluateRerank(onlyEn, exampleQrels(), languageFromIdSuffix);
        QCOMPARE(r.pairs.size(), size_t(1));
        QCOMPARE(r.queriesNotEvaluated, (std::vector<std::string>{"q4.fr", "q5.de"}));
    }

    void nothingToEvaluateIsAnError() {
        const Run unknown = {{"q9.de", {{"a.en", 1.0}}}};
        QVERIFY(messageOf<DataError>([&] {
                    evaluateRerank(unknown, exampleQrels(), languageFromIdSuffix);
                }).contains("no query can be evaluated"));
    }

    void languageFromSuffix() {
        QCOMPARE(languageFromIdSuffix("ls.1.de"), std::string("de"));
        QCOMPARE(languageFromIdSuffix("ls.1.pt-PT"), std::string("pt-PT"));
        QVERIFY(messageOf<DataError>([] { languageFromIdSuffix("ls"); }).contains("'ls' has no"));
        QVERIFY(messageOf<DataError>([] {
                    languageFromIdSuffix("ls.1");
                }).contains("unknown language code '1'"));
    }

    void languageTsv() {
        const std::string ok = "q1\tde\n\nd1\ten\r\n";
        const auto map = readLanguageTsv(data::LineReader::fromMemory(ok, "langs.tsv"));
        QCOMPARE(map.size(), size_t(2));
        const LanguageOf lookup = languageLookup(map, "langs.tsv");
        QCOMPARE(lookup("d1"), std::string("en"));
        QVERIFY(messageOf<DataError>([&] {
                    lookup("zz");
                }).contains("langs.tsv: no language for id 'zz'"));
        auto fails = [](const std::string& text) {
            return messageOf<DataError>(
                [&] { readLanguageTsv(data::LineReader::fromMemory(text, "langs.tsv")); });
        };
        QVERIFY(fails("q1 de\n").contains("langs.tsv:1: expected 2 tab-separated columns"));
        QVERIFY(fails("q1\tde\tx\n").contains("langs.tsv:1: expected 2"));
        QVERIFY(fails("q1\tde\n\tde\n").contains("langs.tsv:2: empty id"));
        QVERIFY(fails("q1\tgerman\n").contains("langs.tsv:1: column 2: unknown language code"));
        QVERIFY(fails("q1\tde\nq1\ten\n").contains("langs.tsv:2: id 'q1' repeats line 1"));
        QVERIFY(fails("").contains("langs.tsv: file is empty"));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestRerank)
#include "test_rerank.moc"

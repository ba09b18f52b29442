// Retrieval metrics (core/eval/retrieval_metrics.h): hand-computed cases for every metric, random
// runs against an independent numpy/sklearn/scipy reference, the t-test and TREC run output.

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/eval/retrieval_metrics.h"
#include "tests/support/test_main.h"

using namespace isomorph::eval;

namespace {

bool near(double a, double b, double tol = 1e-12) {
    return std::abs(a - b) <= tol;
}

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const char* kPython = "/usr/bin/python3";

/// Runs the reference script on `input`; returns its output, or null JSON after QSKIP-worthy
/// absence of python (checked by the caller).
nlohmann::json runReference(const QTemporaryDir& dir, const nlohmann::json& input) {
    const std::string in = dir.filePath("in.json").toStdString();
    const std::string out = dir.filePath("out.json").toStdString();
    std::ofstream(in) << input.dump();
    QProcess p;
    p.start(kPython,
            {QStringLiteral(ISOMORPH_SOURCE_DIR "/tests/reference/retrieval_metrics_reference.py"),
             QString::fromStdString(in), QString::fromStdString(out)});
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        qFatal("reference script failed: %s", p.readAllStandardError().constData());
    return nlohmann::json::parse(readAll(out));
}

/// The worked example of the hand-computed tests.
///   q1 qrels d1:2 d2:0 d3:1 d4:3 (3 relevant); run d1 .9, d2 .8, d3 .8, d5 .5, d4 .1
///      tie d2/d3 broken by id descending -> ranking d1 d3 d2 d5 d4, relevance 1 1 0 0 1
///   q2 qrels e1:1; run e2 .5, e1 .4 -> relevant at rank 2
///   q3 qrels f1:1 f2:2, not in the run -> scores 0
///   q4 qrels g1:0 only -> no relevant document, not averaged
///   q9 in the run only -> reported, not averaged
Qrels exampleQrels() {
    return {{"q1", {{"d1", 2}, {"d2", 0}, {"d3", 1}, {"d4", 3}}},
            {"q2", {{"e1", 1}}},
            {"q3", {{"f1", 1}, {"f2", 2}}},
            {"q4", {{"g1", 0}}}};
}

Run exampleRun() {
    return {{"q1", {{"d5", 0.5}, {"d2", 0.8}, {"d1", 0.9}, {"d4", 0.1}, {"d3", 0.8}}},
            {"q2", {{"e1", 0.4}, {"e2", 0.5}}},
            {"q9", {{"x", 1.0}}}};
}

}  // namespace

class TestRetrievalMetrics : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void ranksByScoreThenDocIdDescending() {
        auto r = rankDocuments({{"d10", 1.0}, {"d9", 1.0}, {"a", 2.0}, {"d2", 1.0}, {"z", 0.5}});
        // "a" has the top score; among the 1.0 ties byte order descending is d9 > d2 > d10.
        QStringList ids;
        for (const auto& d : r)
            ids << QString::fromStdString(d.docId);
        QCOMPARE(ids, QStringList({"a", "d9", "d2", "d10", "z"}));
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, rankDocuments({{"d", 1.0}, {"d", 0.5}}));
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, rankDocuments({{"d", std::nan("")}}));
    }

    void perQueryMetricsMatchHandComputation() {
        const auto qrels = exampleQrels();
        const auto q1 = rankDocuments(exampleRun().at("q1"));
        const auto& j1 = qrels.at("q1");
        QCOMPARE(q1[1].docId, std::string("d3"));  // tie d2/d3 -> d3 first
        QCOMPARE(reciprocalRankAt(q1, j1, 1), 1.0);
        QVERIFY(near(recallAt(q1, j1, 2), 2.0 / 3.0));  // d1, d3 of {d1, d3, d4}
        QCOMPARE(recallAt(q1, j1, 5), 1.0);
        QCOMPARE(precisionAt(q1, j1, 2), 1.0);
        QVERIFY(near(precisionAt(q1, j1, 5), 0.6));   // 3 / 5
        QVERIFY(near(precisionAt(q1, j1, 10), 0.3));  // 3 / 10: divides by k, not by retrieved
        // AP = (1/1 + 2/2 + 3/5) / 3 = 2.6 / 3
        QVERIFY(near(averagePrecision(q1, j1), 2.6 / 3.0));
        // nDCG@3: DCG = 2/log2(2) + 1/log2(3) + 0; ideal grades 3,2,1: 3 + 2/log2(3) + 1/log2(4)
        //       = 2.6309297535714575 / 4.761859507142915 = 0.5525004989384911
        QVERIFY(near(ndcgAt(q1, j1, 3), 0.5525004989384911));
        // nDCG@5 adds d4 (grade 3) at rank 5: DCG += 3/log2(6); ideal has only 3 gains.
        const double dcg5 = 2.0 + 1.0 / std::log2(3.0) + 3.0 / std::log2(6.0);
        QVERIFY(near(ndcgAt(q1, j1, 5), dcg5 / 4.761859507142915));
        QCOMPARE(ndcgAt(q1, j1, 1), 2.0 / 3.0);  // d1 grade 2 vs ideal grade 3

        const auto q2 = rankDocuments(exampleRun().at("q2"));
        const auto& j2 = qrels.at("q2");
        QCOMPARE(reciprocalRankAt(q2, j2, 1), 0.0);  // relevant e1 is at rank 2, outside k = 1
        QCOMPARE(reciprocalRankAt(q2, j2, 10), 0.5);
        QCOMPARE(averagePrecision(q2, j2), 0.5);                  // (1/2) / 1
        QVERIFY(near(ndcgAt(q2, j2, 10), 1.0 / std::log2(3.0)));  // (1/log2 3) / (1/log2 2)
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError, recallAt(q2, j2, 0));
    }

    void averagesOverQueriesWithRelevantDocuments() {
        const auto report = evaluateRun(exampleRun(), exampleQrels(), {1, 10});
        QCOMPARE(report.perQuery.size(), size_t(3));  // q1, q2, q3 (q3 scored 0)
        QCOMPARE(report.runQueriesWithoutQrels, std::vector<std::string>{"q9"});
        QCOMPARE(report.queriesWithoutRelevant, std::vector<std::string>{"q4"});
        QCOMPARE(report.queriesMissingFromRun, std::vector<std::string>{"q3"});
        QCOMPARE(report.perQuery[2].averagePrecision, 0.0);
        QCOMPARE(report.perQuery[0].numRelevantRetrieved, 3);
        // MAP = (2.6/3 + 0.5 + 0) / 3;  MRR@1 = (1 + 0 + 0) / 3;  MRR@10 = (1 + 0.5 + 0) / 3
        QVERIFY(near(report.map, (2.6 / 3.0 + 0.5) / 3.0));
        QVERIFY(near(report.mrr.at(1), 1.0 / 3.0));
        QVERIFY(near(report.mrr.at(10), 0.5));
        // Recall@10 = (1 + 1 + 0) / 3;  P@10 = (0.3 + 0.1 + 0) / 3
        QVERIFY(near(report.recall.at(10), 2.0 / 3.0));
        QVERIFY(near(report.precision.at(10), 0.4 / 3.0));
        // q1's RunEntry form gives the same run (ranks and tags ignored).
        std::vector<isomorph::data::RunEntry> entries = {{"q1", "d1", 5, 0.9, "t"},
                                                         {"q1", "d2", 1, 0.8, "t"},
                                                         {"q1", "d3", 2, 0.8, "t"},
                                                         {"q1", "d5", 3, 0.5, "t"},
                                                         {"q1", "d4", 4, 0.1, "t"}};
        const auto grouped = groupRun(entries);
        QCOMPARE(averagePrecision(rankDocuments(grouped.at("q1")), exampleQrels().at("q1")),
                 averagePrecision(rankDocuments(exampleRun().at("q1")), exampleQrels().at("q1")));
        entries.push_back({"q1", "d1", 6, 0.2, "t"});
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, groupRun(entries));
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError,
                                 evaluateRun(exampleRun(), Qrels{{"q4", {{"g1", 0}}}}, {1}));
    }

    void randomRunsMatchNumpyReference() {
        if (!QFileInfo::exists(kPython))
            QSKIP("/usr/bin/python3 is missing; the numpy reference comparison cannot run");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::vector<int> cutoffs = {1, 3, 5, 10, 20};
        for (unsigned seed : {1u, 2u, 3u, 4u}) {
            std::mt19937 rng(seed);
            auto uni = [&](int lo, int hi) {
                return std::uniform_int_distribution<int>(lo, hi)(rng);
            };
            Run run;
            Qrels qrels;
            for (int q = 0; q < 40; ++q) {
                const std::string qid = "q" + std::to_string(q);
                const int kind = uni(0, 9);  // 0: qrels only, 1: run only, 2: no relevant
                if (kind != 0) {
                    const int n = uni(1, 30);
                    for (int d = 0; d < 40 && static_cast<int>(run[qid].size()) < n; ++d)
                        if (uni(0, 1))  // scores on a coarse grid so ties are frequent
                            run[qid].push_back({"d" + std::to_string(d), uni(0, 12) / 4.0});
                    if (run[qid].empty()) run[qid].push_back({"d0", 0.25});
                }
                if (kind != 1) {
                    auto& j = qrels[qid];
                    for (int d = 0; d < 40; ++d)
                        if (uni(0, 3) == 0) j["d" + std::to_string(d)] = kind == 2 ? 0 : uni(0, 3);
                    if (kind != 2)
                        j["d" + std::to_string(uni(0, 39))] = uni(1, 3);
                    else
                        j["d0"] = 0;
                }
            }
            nlohmann::json in;
            in["cutoffs"] = cutoffs;
            for (const auto& [qid, docs] : run)
                for (const auto& d : docs)
                    in["run"][qid].push_back({d.docId, d.score});
            in["qrels"] = qrels;
            const auto ref = runReference(dir, in);
            const auto report = evaluateRun(run, qrels, cutoffs);
            QCOMPARE(report.perQuery.size(), ref["perQuery"].size());
            QVERIFY(ref["sklearnChecks"].get<int>() > 50);  // sklearn agreed on that many values
            const double tol = 1e-9;
            for (const auto& m : report.perQuery) {
                const auto& r = ref["perQuery"][m.queryId];
                QVERIFY2(near(m.averagePrecision, r["ap"].get<double>(), tol), m.queryId.c_str());
                for (int k : cutoffs) {
                    const auto key = std::to_string(k);
                    QVERIFY(near(m.mrr.at(k), r["mrr"][key].get<double>(), tol));
                    QVERIFY(near(m.recall.at(k), r["recall"][key].get<double>(), tol));
                    QVERIFY(near(m.precision.at(k), r["precision"][key].get<double>(), tol));
                    QVERIFY2(near(m.ndcg.at(k), r["ndcg"][key].get<double>(), tol),
                             (m.queryId + " ndcg@" + key).c_str());
                }
            }
            QVERIFY(near(report.map, ref["map"].get<double>(), tol));
            for (int k : cutoffs) {
                const auto key = std::to_string(k);
                QVERIFY(near(report.mrr.at(k), ref["mrr"][key].get<double>(), tol));
                QVERIFY(near(report.recall.at(k), ref["recall"][key].get<double>(), tol));
                QVERIFY(near(report.precision.at(k), ref["precision"][key].get<double>(), tol));
                QVERIFY(near(report.ndcg.at(k), ref["ndcg"][key].get<double>(), tol));
            }
        }
    }

    void incompleteBetaKnownValues() {
        QVERIFY(near(regularizedIncompleteBeta(1.0, 1.0, 0.3), 0.3));    // I_x(1,1) = x
        QVERIFY(near(regularizedIncompleteBeta(3.0, 1.0, 0.4), 0.064));  // I_x(a,1) = x^a
        QVERIFY(near(regularizedIncompleteBeta(7.5, 7.5, 0.5), 0.5));    // symmetry
        QVERIFY(near(regularizedIncompleteBeta(2.0, 3.0, 0.0), 0.0));
        QVERIFY(near(regularizedIncompleteBeta(2.0, 3.0, 1.0), 1.0));
        // I_x(a,b) = 1 - I_{1-x}(b,a)
        QVERIFY(near(regularizedIncompleteBeta(2.5, 4.0, 0.7),
                     1.0 - regularizedIncompleteBeta(4.0, 2.5, 0.3)));
    }

    void pairedTTestHandValues() {
        // Differences 1, 2, 3: mean 2, sd 1, t = 2 / (1/sqrt 3) = 3.4641, df 2; for df = 2 the
        // two-tailed p is 1 - t / sqrt(2 + t^2) = 1 - 3.4641 / sqrt 14 = 0.0741799.
        auto r = pairedTTest({2, 3, 4}, {1, 1, 1});
        QCOMPARE(r.degreesOfFreedom, 2);
        QVERIFY(near(r.t, 2.0 * std::sqrt(3.0)));
        QVERIFY(near(r.pValue, 1.0 - 2.0 * std::sqrt(3.0) / std::sqrt(14.0), 1e-12));
        QVERIFY(near(r.meanDifference, 2.0));
        // Textbook table values through the p formula p = I_{df/(df+t^2)}(df/2, 1/2):
        // t = 2, df = 10 -> 0.0734 (scipy 0.07338803477074039); t = 2, df = 1 -> 1 - 2 atan(2)/pi.
        auto p = [](double t, double df) {
            return regularizedIncompleteBeta(df / 2, 0.5, df / (df + t * t));
        };
        QVERIFY(near(p(2.0, 10), 0.07338803477074039, 1e-12));
        QVERIFY(near(p(2.0, 1), 1.0 - 2.0 * std::atan(2.0) / M_PI, 1e-12));
        QVERIFY(near(p(1.5, 30), 0.14406592912864605, 1e-12));
        QVERIFY(near(p(4.2, 200), 4.017551490423204e-05, 1e-15));
        // Identical systems: zero variance, no difference -> t = 0, p = 1.
        auto same = pairedTTest({0.1, 0.5, 0.9}, {0.1, 0.5, 0.9});
        QCOMPARE(same.t, 0.0);
        QCOMPARE(same.pValue, 1.0);
        // Constant non-zero difference: zero variance -> t = -inf, p = 0.
        auto shifted = pairedTTest({1.0, 2.0, 3.0}, {1.5, 2.5, 3.5});
        QVERIFY(std::isinf(shifted.t) && shifted.t < 0);
        QCOMPARE(shifted.pValue, 0.0);
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, pairedTTest({1.0}, {2.0}));
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, pairedTTest({1.0, 2.0}, {2.0}));
    }

    void pairedTTestMatchesScipy() {
        if (!QFileInfo::exists(kPython))
            QSKIP("/usr/bin/python3 is missing; the scipy comparison cannot run");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (unsigned seed : {11u, 12u, 13u}) {
            std::mt19937 rng(seed);
            std::uniform_real_distribution<double> u(0.0, 1.0);
            const int n = 5 + static_cast<int>(seed) * 7;
            std::vector<double> a, b;
            for (int i = 0; i < n; ++i) {
                a.push_back(u(rng));
                b.push_back(a.back() * 0.9 + 0.1 * u(rng) + (seed == 13u ? 0.05 : 0.0));
            }
            nlohmann::json in;
            in["qrels"] = nlohmann::json::object({{"q", {{"d", 1}}}});
            in["run"] = nlohmann::json::object();
            in["cutoffs"] = {1};
            in["ttest"] = {a, b};
            const auto ref = runReference(dir, in);
            if (ref["ttest"].is_null())
                QSKIP("scipy is not installed; the hand-checked t-test values above still ran");
            const auto r = pairedTTest(a, b);
            QVERIFY(near(r.t, ref["ttest"]["t"].get<double>(), 1e-9));
            QVERIFY2(near(r.pValue, ref["ttest"]["p"].get<double>(), 1e-9),
                     qPrintable(QString::number(r.pValue, 'g', 17)));
        }
    }

    void writesTrecRunAtomically() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto path = std::filesystem::path(dir.filePath("run.trec").toStdString());
        Run run = {{"q2", {{"b", 0.5}, {"a", 0.5}, {"c", 1.25}}}, {"q1", {{"x", 0.1}}}};
        writeTrecRun(path, run, "bm25");
        QCOMPARE(readAll(path.string()), std::string("q1 Q0 x 1 0.1 bm25\n"
                                                     "q2 Q0 c 1 1.25 bm25\n"
                                                     "q2 Q0 b 2 0.5 bm25\n"
                                                     "q2 Q0 a 3 0.5 bm25\n"));
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, writeTrecRun(path, run, "two words"));
        run["q 3"] = {{"y", 1.0}};
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, writeTrecRun(path, run, "bm25"));
        // A failed write leaves the earlier file intact.
        QCOMPARE(readAll(path.string()).substr(0, 5), std::string("q1 Q0"));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestRetrievalMetrics)
#include "test_retrieval_metrics.moc"

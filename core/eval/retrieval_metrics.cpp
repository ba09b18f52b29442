#include "core/eval/retrieval_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"

namespace isomorph::eval {

namespace {

void checkCutoff(int k) {
    if (k < 1) throw ConfigError(fmt::format("metric cutoff k = {} is invalid; use k >= 1", k));
}

int countRelevant(const Judgements& judged) {
    int n = 0;
    for (const auto& [doc, grade] : judged)
        if (grade > 0) ++n;
    return n;
}

int gradeOf(const Judgements& judged, const std::string& doc) {
    auto it = judged.find(doc);
    return it == judged.end() ? 0 : it->second;
}

std::size_t depth(const Ranking& ranked, int k) {
    return std::min(ranked.size(), static_cast<std::size_t>(k));
}

int relevantInTop(const Ranking& ranked, const Judgements& judged, int k) {
    int n = 0;
    for (std::size_t i = 0; i < depth(ranked, k); ++i)
        if (gradeOf(judged, ranked[i].docId) > 0) ++n;
    return n;
}

}  // namespace

Run groupRun(const std::vector<data::RunEntry>& entries) {
    Run run;
    std::set<std::pair<std::string_view, std::string_view>> seen;
    for (const auto& e : entries) {
        if (!seen.emplace(e.queryId, e.docId).second)
            throw DataError(
                fmt::format("run ranks document '{}' twice for query '{}'; keep one entry", e.docId,
                            e.queryId));
        run[e.queryId].push_back({e.docId, e.score});
    }
    return run;
}

double reciprocalRankAt(const Ranking& ranked, const Judgements& judged, int k) {
    checkCutoff(k);
    for (std::size_t i = 0; i < depth(ranked, k); ++i)
        if (gradeOf(judged, ranked[i].docId) > 0) return 1.0 / static_cast<double>(i + 1);
    return 0.0;
}

double recallAt(const Ranking& ranked, const Judgements& judged, int k) {
    checkCutoff(k);
    int rel = countRelevant(judged);
    if (rel == 0) return 0.0;
    return static_cast<double>(relevantInTop(ranked, judged, k)) / rel;
}

double precisionAt(const Ranking& ranked, const Judgements& judged, int k) {
    checkCutoff(k);
    if (countRelevant(judged) == 0) return 0.0;
    return static_cast<double>(relevantInTop(ranked, judged, k)) / k;
}

double ndcgAt(const Ranking& ranked, const Judgements& judged, int k) {
    checkCutoff(k);
    double dcg = 0.0;
    for (std::size_t i = 0; i < depth(ranked, k); ++i) {
        int g = gradeOf(judged, ranked[i].docId);
        if (g > 0) dcg += g / std::log2(static_cast<double>(i) + 2.0);
    }
    std::vector<int> gains;
    for (const auto& [doc, grade] : judged)
        if (grade > 0) gains.push_back(grade);
    std::sort(gains.begin(), gains.end(), std::greater<>());
    double ideal = 0.0;
    for (std::size_t i = 0; i < gains.size() && i < static_cast<std::size_t>(k); ++i)
        ideal += gains[i] / std::log2(static_cast<double>(i) + 2.0);
    return ideal > 0.0 ? dcg / ideal : 0.0;
}

double averagePrecision(const Ranking& ranked, const Judgements& judged) {
    int rel = countRelevant(judged);
    if (rel == 0) return 0.0;
    double sum = 0.0;
    int found = 0;
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        if (gradeOf(judged, ranked[i].docId) > 0) {
            ++found;
            sum += static_cast<double>(found) / static_cast<double>(i + 1);
        }
    }
    return sum / rel;
}

EvaluationReport evaluateRun(const Run& run, const Qrels& qrels, const std::vector<int>& cutoffs) {
    for (int k : cutoffs)
        checkCutoff(k);
    EvaluationReport report;
    for (const auto& [qid, docs] : run)
        if (qrels.find(qid) == qrels.end()) report.runQueriesWithoutQrels.push_back(qid);
    const Ranking empty;
    for (const auto& [qid, judged] : qrels) {
        QueryMetrics m;
        m.queryId = qid;
        m.numRelevant = countRelevant(judged);
        if (m.numRelevant == 0) {
            report.queriesWithoutRelevant.push_back(qid);
            continue;
        }
        auto it = run.find(qid);
        Ranking ranked = it == run.end() ? empty : rankDocuments(it->second);
        if (it == run.end()) report.queriesMissingFromRun.push_back(qid);
        m.numRetrieved = static_cast<int>(ranked.size());
        m.numRelevantRetrieved = relevantInTop(ranked, judged, std::max<int>(1, m.numRetrieved));
        m.averagePrecision = averagePrecision(ranked, judged);
        for (int k : cutoffs) {
            m.mrr[k] = reciprocalRankAt(ranked, judged, k);
            m.recall[k] = recallAt(ranked, judged, k);
            m.precision[k] = precisionAt(ranked, judged, k);
            m.ndcg[k] = ndcgAt(ranked, judged, k);
        }
        report.perQuery.push_back(std::move(m));
    }
    if (report.perQuery.empty())
        throw DataError(
            "the qrels have no query with a relevant document (grade > 0); nothing to "
            "evaluate");
    const double n = static_cast<double>(report.perQuery.size());
    for (const auto& m : report.perQuery) {
        report.map += m.averagePrecision / n;
        for (int k : cutoffs) {
            report.mrr[k] += m.mrr.at(k) / n;
            report.recall[k] += m.recall.at(k) / n;
            report.precision[k] += m.precision.at(k) / n;
            report.ndcg[k] += m.ndcg.at(k) / n;
        }
    }
    return report;
}

// ---- significance ------------------------------------------------------------------------------

namespace {

/// Continued fraction for I_x(a, b) (Numerical Recipes "betacf"), modified Lentz's method.
double betaContinuedFraction(double a, double b, double x) {
    constexpr double tiny = 1e-300;
    constexpr double eps = 1e-16;
    const double qab = a + b, qap = a + 1.0, qam = a - 1.0;
    double c = 1.0;
    double d = 1.0 - qab * x / qap;
    if (std::abs(d) < tiny) d = tiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 10000; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if (std::abs(d) < tiny) d = tiny;
        c = 1.0 + aa / c;
        if (std::abs(c) < tiny) c = tiny;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if (std::abs(d) < tiny) d = tiny;
        c = 1.0 + aa / c;
        if (std::abs(c) < tiny) c = tiny;
        d = 1.0 / d;
        const double del = d * c;
        h *= del;
        if (std::abs(del - 1.0) < eps) return h;
    }
    return h;  // converged to double precision long before for the t-test's arguments
}

}  // namespace

double regularizedIncompleteBeta(double a, double b, double x) {
    if (!(a > 0.0) || !(b > 0.0) || !(x >= 0.0) || !(x <= 1.0))
        throw std::logic_error("regularizedIncompleteBeta: need a, b > 0 and 0 <= x <= 1");
    if (x == 0.0 || x == 1.0) return x;
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                  a * std::log(x) + b * std::log1p(-x));
    // The continued fraction converges fast for x < (a+1)/(a+b+2); use symmetry otherwise.
    if (x < (a + 1.0) / (a + b + 2.0)) return front * betaContinuedFraction(a, b, x) / a;
    return 1.0 - front * betaContinuedFraction(b, a, 1.0 - x) / b;
}

TTestResult pairedTTest(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size())
        throw DataError(
            fmt::format("paired t-test needs the same queries for both systems; got {} "
                        "and {} values",
                        a.size(), b.size()));
    if (a.size() < 2)
        throw DataError(fmt::format("paired t-test needs at least two queries; got {}", a.size()));
    const auto n = static_cast<double>(a.size());
    double mean = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        mean += (a[i] - b[i]) / n;
    double ss = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const double dev = (a[i] - b[i]) - mean;
        ss += dev * dev;
    }
    TTestResult r;
    r.degreesOfFreedom = static_cast<int>(a.size()) - 1;
    r.meanDifference = mean;
    const double df = r.degreesOfFreedom;
    if (ss == 0.0) {
        // Zero variance: identical systems (mean 0) show no difference at all; a constant non-zero
        // difference is infinitely significant (scipy returns the same).
        if (mean == 0.0) {
            r.t = 0.0;
            r.pValue = 1.0;
        } else {
            r.t = mean > 0 ? std::numeric_limits<double>::infinity()
                           : -std::numeric_limits<double>::infinity();
            r.pValue = 0.0;
        }
        return r;
    }
    const double se = std::sqrt(ss / (n - 1.0) / n);
    r.t = mean / se;
    // Two-tailed p = I_{df/(df+t^2)}(df/2, 1/2).
    r.pValue = regularizedIncompleteBeta(df / 2.0, 0.5, df / (df + r.t * r.t));
    return r;
}

// ---- output ------------------------------------------------------------------------------------

namespace {

void checkField(const std::string& value, const char* what) {
    bool bad = value.empty();
    for (char c : value)
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') bad = true;
    if (bad)
        throw DataError(
            fmt::format("TREC run {} '{}' is empty or contains whitespace; TREC run "
                        "fields are whitespace separated",
                        what, value));
}

}  // namespace

void writeTrecRun(const std::filesystem::path& path, const Run& run, const std::string& tag) {
    checkField(tag, "tag");
    std::string out;
    for (const auto& [qid, docs] : run) {
        checkField(qid, "query id");
        const Ranking ranked = rankDocuments(docs);
        for (std::size_t i = 0; i < ranked.size(); ++i) {
            checkField(ranked[i].docId, "document id");
            if (!std::isfinite(ranked[i].score))
                throw DataError(fmt::format("document '{}' of query '{}' has a non-finite score",
                                            ranked[i].docId, qid));
            out += fmt::format("{} Q0 {} {} {} {}\n", qid, ranked[i].docId, i + 1, ranked[i].score,
                               tag);
        }
    }
    writeFileAtomically(path, out);
}

}  // namespace isomorph::eval

#include "core/eval/rerank.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/common/language.h"

namespace isomorph::eval {
namespace {

using LanguagePair = std::pair<std::string, std::string>;  // (query, document) language
/// One system's candidates split by document language: query id -> language -> candidates.
using SplitRun = std::map<std::string, std::map<std::string, Ranking>>;
/// Qrels split the same way: query id -> document language -> judgements.
using SplitQrels = std::map<std::string, std::map<std::string, Judgements>>;

bool hasRelevant(const Judgements& judged) {
    for (const auto& [doc, grade] : judged)
        if (grade > 0) return true;
    return false;
}

/// Splits the candidates of the queries the qrels know; notes the others in `report`.
SplitRun splitRun(const Run& run, const Qrels& qrels, const LanguageOf& languageOf,
                  RerankReport& report, std::set<std::string>& unknownQueries) {
    SplitRun split;
    for (const auto& [qid, docs] : run) {
        if (qrels.find(qid) == qrels.end()) {
            if (unknownQueries.insert(qid).second) report.runQueriesWithoutQrels.push_back(qid);
            report.runEntriesWithoutQrels += docs.size();
            continue;
        }
        for (const auto& d : docs)
            split[qid][languageOf(d.docId)].push_back(d);
    }
    return split;
}

SplitQrels splitQrels(const Qrels& qrels, const LanguageOf& languageOf) {
    SplitQrels split;
    for (const auto& [qid, judged] : qrels) {
        if (!hasRelevant(judged)) continue;  // removed, as in the paper
        for (const auto& [doc, grade] : judged)
            split[qid][languageOf(doc)][doc] = grade;
    }
    return split;
}

std::set<LanguagePair> evaluatedPairs(const std::vector<const SplitRun*>& runs,
                                      const LanguageOf& languageOf) {
    std::set<LanguagePair> pairs;
    for (const SplitRun* run : runs)
        for (const auto& [qid, byLanguage] : *run)
            for (const auto& [docLanguage, docs] : byLanguage)
                pairs.emplace(languageOf(qid), docLanguage);
    return pairs;
}

std::size_t countQrelsNotInCandidates(const std::vector<const Run*>& runs, const Qrels& qrels) {
    std::set<std::string> candidates;
    for (const Run* run : runs)
        for (const auto& [qid, docs] : *run)
            for (const auto& d : docs)
                candidates.insert(d.docId);
    std::size_t count = 0;
    for (const auto& [qid, judged] : qrels)
        for (const auto& [doc, grade] : judged)
            if (candidates.count(doc) == 0) ++count;
    return count;
}

/// AP of one system for one unit; `missing` is set when it has no candidates there.
double unitAp(const SplitRun& run, const std::string& qid, const std::string& docLanguage,
              const Judgements& judged, bool& missing) {
    const auto q = run.find(qid);
    missing = q == run.end() || q->second.count(docLanguage) == 0;
    if (missing) return 0.0;
    return averagePrecision(rankDocuments(q->second.at(docLanguage)), judged);
}

RerankRow summarise(const std::vector<const RerankUnit*>& units, const RerankReport& report) {
    RerankRow row;
    row.queries = units.size();
    std::vector<double> a, b;
    for (const RerankUnit* u : units) {
        a.push_back(u->apA);
        b.push_back(u->apB);
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        row.mapA += a[i] / static_cast<double>(a.size());
        row.mapB += b[i] / static_cast<double>(b.size());
    }
    if (report.compared && units.size() >= 2) row.test = pairedTTest(a, b);
    return row;
}

void addRows(RerankReport& report) {
    std::map<LanguagePair, std::vector<const RerankUnit*>> byPair;
    std::vector<const RerankUnit*> all;
    for (const auto& u : report.units) {
        byPair[{u.queryLanguage, u.documentLanguage}].push_back(&u);
        all.push_back(&u);
    }
    auto countMissing = [](const std::vector<RerankUnit>& missing, const LanguagePair* pair) {
        std::size_t n = 0;
        for (const auto& u : missing)
            if (!pair || (u.queryLanguage == pair->first && u.documentLanguage == pair->second))
                ++n;
        return n;
    };
    for (const auto& [pair, units] : byPair) {
        RerankRow row = summarise(units, report);
        row.queryLanguage = pair.first;
        row.documentLanguage = pair.second;
        row.missingFromA = countMissing(report.missingFromA, &pair);
        row.missingFromB = countMissing(report.missingFromB, &pair);
        report.pairs.push_back(std::move(row));
    }
    report.overall = summarise(all, report);
    report.overall.missingFromA = report.missingFromA.size();
    report.overall.missingFromB = report.missingFromB.size();
}

/// Adds the units of one query (one per document language with a relevant document in an
/// evaluated pair); returns how many.
std::size_t addUnits(const std::string& qid, const std::string& queryLanguage,
                     const std::map<std::string, Judgements>& byLanguage,
                     const std::set<LanguagePair>& pairs, const SplitRun& a, const SplitRun* b,
                     RerankReport& report) {
    std::size_t added = 0;
    for (const auto& [docLanguage, judged] : byLanguage) {
        if (!hasRelevant(judged) || pairs.count({queryLanguage, docLanguage}) == 0) continue;
        RerankUnit unit{qid, queryLanguage, docLanguage};
        bool missingA = false, missingB = false;
        unit.apA = unitAp(a, qid, docLanguage, judged, missingA);
        if (b) unit.apB = unitAp(*b, qid, docLanguage, judged, missingB);
        if (missingA) report.missingFromA.push_back(unit);
        if (missingB) report.missingFromB.push_back(unit);
        report.units.push_back(std::move(unit));
        ++added;
    }
    return added;
}

RerankReport evaluate(const Run& runA, const Run* runB, const Qrels& qrels,
                      const LanguageOf& languageOf) {
    RerankReport report;
    report.compared = runB != nullptr;
    std::set<std::string> unknownQueries;
    const SplitRun a = splitRun(runA, qrels, languageOf, report, unknownQueries);
    const SplitRun b =
        runB ? splitRun(*runB, qrels, languageOf, report, unknownQueries) : SplitRun{};
    const std::set<LanguagePair> pairs = evaluatedPairs({&a, &b}, languageOf);
    std::vector<const Run*> runs{&runA};
    if (runB) runs.push_back(runB);
    report.qrelsEntriesNotInCandidates = countQrelsNotInCandidates(runs, qrels);
    const SplitQrels judged = splitQrels(qrels, languageOf);
    for (const auto& entry : qrels) {
        const std::string& qid = entry.first;
        const auto it = judged.find(qid);
        if (it == judged.end() ||
            addUnits(qid, languageOf(qid), it->second, pairs, a, runB ? &b : nullptr, report) == 0)
            report.queriesNotEvaluated.push_back(qid);
    }
    if (report.units.empty())
        throw DataError(
            "re-ranking evaluation: no query can be evaluated (no qrels query has a relevant "
            "document in a language pair the run covers); check that run and qrels ids match");
    std::stable_sort(report.units.begin(), report.units.end(),
                     [](const RerankUnit& x, const RerankUnit& y) {
                         return std::tie(x.queryLanguage, x.documentLanguage) <
                                std::tie(y.queryLanguage, y.documentLanguage);
                     });
    addRows(report);
    return report;
}

}  // namespace

std::string languageFromIdSuffix(const std::string& id) {
    const std::size_t dot = id.rfind('.');
    if (dot == std::string::npos)
        throw DataError(fmt::format(
            "id '{}' has no language suffix ('name.lang', such as 'ls.1.de'); give the languages "
            "in an 'id<TAB>language' file instead",
            id));
    std::string language = id.substr(dot + 1);
    requireLanguageCode(language, fmt::format("id '{}'", id));
    return language;
}

std::map<std::string, std::string> readLanguageTsv(data::LineReader lines) {
    std::map<std::string, std::string> out;
    std::map<std::string, uint64_t> firstLine;
    std::string_view line;
    while (lines.next(line)) {
        if (data::isBlank(line)) continue;
        const std::size_t tab = line.find('\t');
        if (tab == std::string_view::npos || line.find('\t', tab + 1) != std::string_view::npos)
            lines.fail("expected 2 tab-separated columns (id<TAB>language)");
        const std::string id(line.substr(0, tab)), language(line.substr(tab + 1));
        if (id.empty()) lines.fail("empty id (column 1)");
        requireLanguageCode(language, lines.where() + ": column 2");
        const auto [it, inserted] = firstLine.emplace(id, lines.lineNumber());
        if (!inserted)
            lines.fail(
                fmt::format("id '{}' repeats line {}; give each id one language", id, it->second));
        out.emplace(id, language);
    }
    if (out.empty())
        lines.failFile(lines.empty() ? "file is empty; expected id<TAB>language lines"
                                     : "file has only blank lines; expected id<TAB>language lines");
    return out;
}

std::map<std::string, std::string> readLanguageTsv(const std::filesystem::path& file,
                                                   data::ReadOptions options) {
    return readLanguageTsv(data::LineReader(file, options));
}

LanguageOf languageLookup(std::map<std::string, std::string> languages, std::string source) {
    return [languages = std::move(languages), source = std::move(source)](const std::string& id) {
        const auto it = languages.find(id);
        if (it == languages.end())
            throw DataError(fmt::format("{}: no language for id '{}'; add a line '{}<TAB>lang'",
                                        source, id, id));
        return it->second;
    };
}

RerankReport evaluateRerank(const Run& run, const Qrels& qrels, const LanguageOf& languageOf) {
    return evaluate(run, nullptr, qrels, languageOf);
}

RerankReport compareRerank(const Run& runA, const Run& runB, const Qrels& qrels,
                           const LanguageOf& languageOf) {
    return evaluate(runA, &runB, qrels, languageOf);
}

}  // namespace isomorph::eval

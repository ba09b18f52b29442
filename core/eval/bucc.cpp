#include "core/eval/bucc.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "core/align/knn.h"
#include "core/common/errors.h"

namespace isomorph::eval {

namespace {

using IdPair = std::pair<std::string, std::string>;

bool hasSpace(std::string_view s) {
    return s.find_first_of(" \t") != std::string_view::npos;
}

}  // namespace

std::vector<BuccSentence> readBuccSentences(data::LineReader lines) {
    std::vector<BuccSentence> out;
    std::unordered_map<std::string, uint64_t> seen;
    std::string_view line;
    while (lines.next(line)) {
        const size_t tab = line.find('\t');
        if (tab == std::string_view::npos)
            lines.fail(
                "expected ID<TAB>sentence, found no tab; BUCC sentence files have one id "
                "and one sentence per line");
        const std::string_view id = line.substr(0, tab), text = line.substr(tab + 1);
        if (id.empty() || hasSpace(id))
            lines.fail(
                "the id (column 1) is empty or contains spaces; expected an id such as "
                "de-000001");
        if (data::isBlank(text)) lines.fail("empty sentence (column 2); remove the line");
        auto [it, fresh] = seen.emplace(std::string(id), lines.lineNumber());
        if (!fresh)
            lines.fail(fmt::format("id '{}' was already used on line {}; ids must be unique", id,
                                   it->second));
        out.push_back({std::string(id), std::string(text), lines.lineNumber()});
    }
    if (out.empty()) lines.failFile("no sentences; expected ID<TAB>sentence lines");
    return out;
}

std::vector<BuccSentence> readBuccSentences(const std::filesystem::path& file,
                                            data::ReadOptions options) {
    return readBuccSentences(data::LineReader(file, options));
}

std::vector<BuccPair> readBuccGold(data::LineReader lines) {
    std::vector<BuccPair> out;
    std::map<IdPair, uint64_t> seen;
    std::string_view line;
    while (lines.next(line)) {
        const auto tabs = std::count(line.begin(), line.end(), '\t');
        if (tabs != 1)
            lines.fail(fmt::format("expected 2 tab-separated columns (xx-ID<TAB>en-ID), found {}",
                                   tabs + 1));
        const size_t tab = line.find('\t');
        const std::string_view src = line.substr(0, tab), tgt = line.substr(tab + 1);
        if (src.empty() || tgt.empty() || hasSpace(src) || hasSpace(tgt))
            lines.fail("an id is empty or contains spaces; expected xx-ID<TAB>en-ID");
        auto [it, fresh] = seen.emplace(IdPair(src, tgt), lines.lineNumber());
        if (!fresh)
            lines.fail(
                fmt::format("the pair {} / {} is already listed on line {}; remove the "
                            "duplicate",
                            src, tgt, it->second));
        out.push_back({std::string(src), std::string(tgt)});
    }
    if (out.empty()) lines.failFile("no gold pairs; expected xx-ID<TAB>en-ID lines");
    return out;
}

std::vector<BuccPair> readBuccGold(const std::filesystem::path& file, data::ReadOptions options) {
    return readBuccGold(data::LineReader(file, options));
}

namespace {

void requireIds(const std::vector<std::string>& ids, const FloatMatrix& rows, const char* side) {
    if (static_cast<int64_t>(ids.size()) != rows.rows)
        throw DataError(
            fmt::format("BUCC mining: {} {} ids but {} embedding rows; give one id per "
                        "row",
                        ids.size(), side, rows.rows));
    std::unordered_map<std::string_view, size_t> seen;
    for (size_t i = 0; i < ids.size(); ++i) {
        auto [it, fresh] = seen.emplace(ids[i], i);
        if (!fresh)
            throw DataError(fmt::format("BUCC mining: {} id '{}' is used by rows {} and {}", side,
                                        ids[i], it->second, i));
    }
}

bool better(const MinedPair& a, const MinedPair& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.sourceId != b.sourceId) return a.sourceId < b.sourceId;
    return a.targetId < b.targetId;
}

/// Keeps a pair only when neither side is used by a better pair (candidates sorted best first).
std::vector<MinedPair> oneToOne(std::vector<MinedPair> sorted) {
    std::set<std::string> usedSrc, usedTgt;
    std::vector<MinedPair> out;
    for (auto& p : sorted) {
        if (usedSrc.count(p.sourceId) || usedTgt.count(p.targetId)) continue;
        usedSrc.insert(p.sourceId);
        usedTgt.insert(p.targetId);
        out.push_back(std::move(p));
    }
    return out;
}

}  // namespace

std::vector<MinedPair> mineParallel(const std::vector<std::string>& sourceIds,
                                    const FloatMatrix& source,
                                    const std::vector<std::string>& targetIds,
                                    const FloatMatrix& target, const MiningOptions& options) {
    requireIds(sourceIds, source, "source");
    requireIds(targetIds, target, "target");
    if (options.k < 1)
        throw ConfigError(fmt::format("BUCC mining: k = {}; it must be at least 1", options.k));
    const align::BestMatches best =
        align::bestMatches(source, target, {align::Score::Margin, options.k});

    std::map<std::pair<int64_t, int64_t>, float> united;  // (source row, target row) -> margin
    for (size_t i = 0; i < best.forward.size(); ++i)
        united.emplace(std::make_pair(int64_t(i), best.forward[i]), best.forwardScore[i]);
    for (size_t j = 0; j < best.backward.size(); ++j)
        united.emplace(std::make_pair(best.backward[j], int64_t(j)), best.backwardScore[j]);

    std::vector<MinedPair> out;
    out.reserve(united.size());
    for (const auto& [rows, score] : united)
        out.push_back({sourceIds[size_t(rows.first)], targetIds[size_t(rows.second)], score});
    std::sort(out.begin(), out.end(), better);
    return options.oneToOne ? oneToOne(std::move(out)) : out;
}

namespace {

std::set<IdPair> goldSet(const std::vector<BuccPair>& gold) {
    if (gold.empty()) throw DataError("BUCC evaluation: the gold pair list is empty");
    std::set<IdPair> out;
    for (const auto& g : gold)
        out.emplace(g.sourceId, g.targetId);
    return out;
}

void finish(MiningScores& s) {
    s.precision = s.extracted > 0 ? double(s.correct) / double(s.extracted) : 0.0;
    s.recall = double(s.correct) / double(s.gold);
    s.f1 = s.correct > 0 ? 2.0 * s.precision * s.recall / (s.precision + s.recall) : 0.0;
}

}  // namespace

MiningScores evaluateMining(const std::vector<MinedPair>& candidates,
                            const std::vector<BuccPair>& gold, double threshold) {
    const std::set<IdPair> goldPairs = goldSet(gold);
    MiningScores s;
    s.threshold = threshold;
    s.gold = static_cast<int64_t>(goldPairs.size());
    for (const auto& c : candidates) {
        if (!(c.score >= threshold)) continue;
        ++s.extracted;
        s.correct += goldPairs.count({c.sourceId, c.targetId}) > 0;
    }
    finish(s);
    return s;
}

MiningScores tuneThreshold(const std::vector<MinedPair>& candidates,
                           const std::vector<BuccPair>& gold) {
    const std::set<IdPair> goldPairs = goldSet(gold);
    std::vector<const MinedPair*> sorted;
    for (const auto& c : candidates)
        sorted.push_back(&c);
    std::sort(sorted.begin(), sorted.end(),
              [](const MinedPair* a, const MinedPair* b) { return a->score > b->score; });

    MiningScores best;
    best.threshold = std::numeric_limits<double>::infinity();
    best.gold = static_cast<int64_t>(goldPairs.size());
    MiningScores cut = best;
    for (size_t i = 0; i < sorted.size(); ++i) {
        ++cut.extracted;
        cut.correct += goldPairs.count({sorted[i]->sourceId, sorted[i]->targetId}) > 0;
        const bool groupEnds = i + 1 == sorted.size() || sorted[i + 1]->score < sorted[i]->score;
        if (!groupEnds) continue;  // equal scores are extracted together
        finish(cut);
        if (cut.f1 <= best.f1) continue;
        best = cut;
        best.threshold = i + 1 == sorted.size() ? sorted[i]->score
                                                : 0.5 * (sorted[i]->score + sorted[i + 1]->score);
    }
    return best;
}

}  // namespace isomorph::eval

#include "core/search/rerank_top.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/common/errors.h"

namespace isomorph::search {

namespace {

std::size_t candidateCount(std::size_t size, std::size_t depth) {
    return depth == 0 ? size : std::min(size, depth);
}

/// (s - min) / (max - min) of each; 1 each when they are all equal.
std::vector<double> minMax(std::vector<double> s) {
    if (s.empty()) return s;
    const auto [lo, hi] = std::minmax_element(s.begin(), s.end());
    const double min = *lo, range = *hi - *lo;
    for (double& v : s)
        v = range > 0.0 ? (v - min) / range : 1.0;
    return s;
}

}  // namespace

std::vector<std::string> rerankCandidates(const Ranking& ranking, std::size_t depth) {
    const Ranking ranked = rankDocuments(ranking);
    std::vector<std::string> ids;
    const std::size_t n = candidateCount(ranked.size(), depth);
    ids.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        ids.push_back(ranked[i].docId);
    return ids;
}

Ranking rerankTop(const Ranking& ranking, std::size_t depth, const std::vector<double>& given,
                  double firstStageWeight) {
    const Ranking ranked = rankDocuments(ranking);
    std::vector<double> scores = given;
    const std::size_t n = candidateCount(ranked.size(), depth);
    if (scores.size() != n)
        throw DataError(fmt::format(
            "re-ranking: {} score(s) for {} candidate document(s); score exactly the documents "
            "of rerankCandidates()",
            scores.size(), n));
    Ranking top(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(n));
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(scores[i]))
            throw DataError(
                fmt::format("re-ranking: the score of document '{}' is not finite", top[i].docId));
    if (firstStageWeight != 0.0) {
        std::vector<double> first;
        for (const auto& d : top)
            first.push_back(d.score);
        scores = interpolateScores(first, scores, firstStageWeight);
    }
    double lowest = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        top[i].score = scores[i];
        lowest = i == 0 ? scores[i] : std::min(lowest, scores[i]);
    }
    Ranking out = rankDocuments(std::move(top));
    for (std::size_t i = n; i < ranked.size(); ++i)
        out.push_back({ranked[i].docId, lowest - static_cast<double>(i - n + 1)});
    return out;
}

std::vector<double> interpolateScores(const std::vector<double>& first,
                                      const std::vector<double>& second, double firstStageWeight) {
    if (!(firstStageWeight >= 0.0 && firstStageWeight <= 1.0))
        throw ConfigError(fmt::format(
            "re-ranking: the first-stage weight must be in [0, 1] (got {})", firstStageWeight));
    if (first.size() != second.size())
        throw ConfigError(fmt::format("re-ranking: {} first-stage score(s) for {} new score(s)",
                                      first.size(), second.size()));
    const std::vector<double> a = minMax(first), b = minMax(second);
    std::vector<double> out(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        out[i] = firstStageWeight * a[i] + (1.0 - firstStageWeight) * b[i];
    return out;
}

}  // namespace isomorph::search

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

Ranking rerankTop(const Ranking& ranking, std::size_t depth, const std::vector<double>& scores) {
    const Ranking ranked = rankDocuments(ranking);
    const std::size_t n = candidateCount(ranked.size(), depth);
    if (scores.size() != n)
        throw DataError(fmt::format(
            "re-ranking: {} score(s) for {} candidate document(s); score exactly the documents "
            "of rerankCandidates()",
            scores.size(), n));
    Ranking top(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(n));
    double lowest = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        if (!std::isfinite(scores[i]))
            throw DataError(
                fmt::format("re-ranking: the score of document '{}' is not finite", top[i].docId));
        top[i].score = scores[i];
        lowest = i == 0 ? scores[i] : std::min(lowest, scores[i]);
    }
    Ranking out = rankDocuments(std::move(top));
    for (std::size_t i = n; i < ranked.size(); ++i)
        out.push_back({ranked[i].docId, lowest - static_cast<double>(i - n + 1)});
    return out;
}

}  // namespace isomorph::search

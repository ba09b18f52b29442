#include "core/search/fusion.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "core/common/errors.h"

namespace isomorph::search {
namespace {

/// Document id -> min-max normalised score (see fuseLinear).
std::map<std::string, double> normalise(const eval::Ranking& ranking) {
    const eval::Ranking ranked = eval::rankDocuments(ranking);  // rejects duplicates and NaN
    std::map<std::string, double> out;
    if (ranked.empty()) return out;
    const double hi = ranked.front().score, lo = ranked.back().score;
    for (const auto& d : ranked)
        out[d.docId] = hi > lo ? (d.score - lo) / (hi - lo) : 1.0;
    return out;
}

eval::Ranking finish(const std::map<std::string, double>& fused, std::size_t depth) {
    eval::Ranking out;
    out.reserve(fused.size());
    for (const auto& [doc, score] : fused)
        out.push_back({doc, score});
    out = eval::rankDocuments(std::move(out));
    if (depth > 0 && out.size() > depth) out.resize(depth);
    return out;
}

}  // namespace

eval::Ranking fuseLinear(const eval::Ranking& first, const eval::Ranking& second,
                         const LinearFusionOptions& options) {
    if (!(options.alpha >= 0.0 && options.alpha <= 1.0))
        throw ConfigError(
            fmt::format("linear fusion alpha = {} must be in [0, 1] (weight of the first ranking)",
                        options.alpha));
    std::map<std::string, double> fused;
    for (const auto& [doc, s] : normalise(first))
        fused[doc] += options.alpha * s;
    for (const auto& [doc, s] : normalise(second))
        fused[doc] += (1.0 - options.alpha) * s;
    return finish(fused, options.depth);
}

eval::Ranking fuseReciprocalRank(const eval::Ranking& first, const eval::Ranking& second,
                                 const ReciprocalRankFusionOptions& options) {
    if (!(options.k > 0.0) || !std::isfinite(options.k))
        throw ConfigError(fmt::format(
            "reciprocal rank fusion k = {} must be a positive number (60 is usual)", options.k));
    std::map<std::string, double> fused;
    for (const eval::Ranking* ranking : {&first, &second}) {
        const eval::Ranking ranked = eval::rankDocuments(*ranking);
        for (std::size_t i = 0; i < ranked.size(); ++i)
            fused[ranked[i].docId] += 1.0 / (options.k + static_cast<double>(i + 1));
    }
    return finish(fused, options.depth);
}

}  // namespace isomorph::search

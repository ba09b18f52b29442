#include "core/search/fusion.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "core/common/errors.h"

namespace isomorph::search {
namespace {

/// Document id -> min-max normalised score (see fuseLinear).
std::map<std::string, double> normalise(const Ranking& ranking) {
    const Ranking ranked = rankDocuments(ranking);  // rejects duplicates and NaN
    std::map<std::string, double> out;
    if (ranked.empty()) return out;
    const double hi = ranked.front().score, lo = ranked.back().score;
    for (const auto& d : ranked)
        out[d.docId] = hi > lo ? (d.score - lo) / (hi - lo) : 1.0;
    return out;
}

Ranking finish(const std::map<std::string, double>& fused, std::size_t depth) {
    Ranking out;
    out.reserve(fused.size());
    for (const auto& [doc, score] : fused)
        out.push_back({doc, score});
    out = rankDocuments(std::move(out));
    if (depth > 0 && out.size() > depth) out.resize(depth);
    return out;
}

}  // namespace

Ranking fuseLinear(const Ranking& first, const Ranking& second,
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

Ranking fuseReciprocalRank(const Ranking& first, const Ranking& second,
                           const ReciprocalRankFusionOptions& options) {
    if (!(options.k > 0.0) || !std::isfinite(options.k))
        throw ConfigError(fmt::format(
            "reciprocal rank fusion k = {} must be a positive number (60 is usual)", options.k));
    if (!(options.firstWeight >= 0.0 && options.firstWeight <= 1.0))
        throw ConfigError(fmt::format(
            "reciprocal rank fusion weight {} must be in [0, 1] (weight of the first ranking)",
            options.firstWeight));
    std::map<std::string, double> fused;
    const std::pair<const Ranking*, double> parts[] = {
        {&first, 2.0 * options.firstWeight}, {&second, 2.0 * (1.0 - options.firstWeight)}};
    for (const auto& [ranking, weight] : parts) {
        const Ranking ranked = rankDocuments(*ranking);
        for (std::size_t i = 0; i < ranked.size(); ++i)
            fused[ranked[i].docId] += weight / (options.k + static_cast<double>(i + 1));
    }
    return finish(fused, options.depth);
}

std::size_t hybridCandidateDepth(std::size_t k) {
    constexpr std::size_t kMinimumCandidates = 100;
    return std::max(k, kMinimumCandidates);
}

const char* hybridFusionName(HybridFusion fusion) {
    switch (fusion) {
        case HybridFusion::Share:
            return "share";
        case HybridFusion::MinMax:
            return "minmax";
        case HybridFusion::ReciprocalRank:
            return "rrf";
    }
    return "?";
}

HybridFusion parseHybridFusion(std::string_view name) {
    for (const auto f : {HybridFusion::Share, HybridFusion::MinMax, HybridFusion::ReciprocalRank})
        if (name == hybridFusionName(f)) return f;
    throw ConfigError(fmt::format(
        "hybrid fusion '{}' is unknown; use minmax (the default), share (BM25 as a share of "
        "the query's attainable score) or rrf",
        name));
}

Ranking fuseHybrid(const Ranking& dense, const Ranking& lexical, const HybridOptions& options) {
    if (options.k == 0) throw ConfigError("hybrid fusion: k (results wanted) must be at least 1");
    if (!(options.denseWeight >= 0.0 && options.denseWeight <= 1.0))
        throw ConfigError(fmt::format("hybrid fusion: the dense weight {} must be in [0, 1]",
                                      options.denseWeight));
    const std::size_t depth = hybridCandidateDepth(options.k);
    auto candidates = [depth](const Ranking& ranking) {
        Ranking ranked = rankDocuments(ranking);
        if (ranked.size() > depth) ranked.resize(depth);
        return ranked;
    };
    const Ranking d = candidates(dense), l = candidates(lexical);
    const double w = options.denseWeight;
    std::map<std::string, double> fused;
    switch (options.fusion) {
        case HybridFusion::MinMax:
            return fuseLinear(d, l, {w, options.k});
        case HybridFusion::Share: {
            if (!(options.shareFloor >= 0.0 && options.shareFloor <= 1.0))
                throw ConfigError(fmt::format("hybrid fusion: the share floor {} must be in [0, 1]",
                                              options.shareFloor));
            for (const auto& [doc, s] : normalise(d))
                fused[doc] += w * s;
            double top = 0.0;
            for (const auto& x : l) {
                if (!(x.score >= 0.0 && x.score <= 1.0 + 1e-9))
                    throw DataError(fmt::format(
                        "hybrid fusion: lexical score {} of '{}' is not a share in [0, 1]; search "
                        "BM25 with share = true for the share fusion",
                        x.score, x.docId));
                top = std::max(top, x.score);
            }
            // Max-normalised when the best match carries enough of the query, scaled down
            // when it does not.
            const double scale = std::max(top, options.shareFloor);
            for (const auto& x : l)
                fused[x.docId] += scale > 0.0 ? (1.0 - w) * x.score / scale : 0.0;
            break;
        }
        case HybridFusion::ReciprocalRank:
            return fuseReciprocalRank(d, l, {60.0, options.k, w});
    }
    return finish(fused, options.k);
}

}  // namespace isomorph::search

#pragma once

// Hybrid retrieval: fuses the rankings of two systems for one query (typically dense and
// lexical) into one. Inputs need not be sorted; outputs are ranked by rankDocuments
// (score descending, ties by document id descending, as trec_eval does). Both functions throw
// DataError when an input ranks a document twice or has a NaN score, ConfigError for invalid
// options.

#include <cstddef>
#include <string_view>

#include "core/search/ranking.h"

namespace isomorph::search {

struct LinearFusionOptions {
    double alpha = 0.5;     ///< weight of the first (dense) ranking, in [0, 1]; 1 - alpha: second
    std::size_t depth = 0;  ///< keep the best `depth` fused documents; 0 = all
};

/// Linear interpolation of min-max normalised scores:
///   fused(d) = alpha * norm_first(d) + (1 - alpha) * norm_second(d),
///   norm(d) = (s(d) - min) / (max - min) over the documents of that ranking,
/// so both systems' scores live in [0, 1] whatever their units (cosine vs. BM25). A document
/// missing from a ranking gets 0 there (it scored below that system's last retrieved document);
/// a ranking whose scores are all equal gives each of its documents 1 (no evidence to prefer
/// any). alpha = 1 orders by the first ranking alone (its last document then ties, at 0, with
/// the documents only the second retrieved), alpha = 0 by the second alone.
Ranking fuseLinear(const Ranking& first, const Ranking& second,
                   const LinearFusionOptions& options = {});

struct ReciprocalRankFusionOptions {
    double k = 60.0;           ///< rank offset, > 0 (60 as in Cormack, Clarke and Buettcher, 2009)
    std::size_t depth = 0;     ///< keep the best `depth` fused documents; 0 = all
    double firstWeight = 0.5;  ///< w in [0, 1]: the first ranking counts 2w, the second 2(1 - w)
};

/// Reciprocal rank fusion: fused(d) = sum over the rankings containing d of
/// weight / (k + rank(d)), rank counted from 1 after each ranking is ordered by rankDocuments,
/// weight 2w for the first and 2(1 - w) for the second (1 each by default: plain RRF). Uses
/// ranks only, so score scales do not matter.
Ranking fuseReciprocalRank(const Ranking& first, const Ranking& second,
                           const ReciprocalRankFusionOptions& options = {});

/// How hybrid retrieval puts dense and lexical scores on one scale. Measured on the demo's dev
/// sets (tests/benchmarks/bench_fusion.py, docs/retrieval.md "Hybrid fusion"): none of the
/// others beats MinMax significantly, and every share floor above 0 (which keeps a lone
/// lexical hit on a minor word from taking the whole lexical weight) costs cross-lingual MRR.
enum class HybridFusion {
    /// Both lists min-max normalised over their candidates (fuseLinear): a lexical list of one
    /// document gives that document the full lexical weight, whatever it matched. The default.
    MinMax,
    /// Dense scores min-max normalised over the candidates; lexical scores are shares of the
    /// query's attainable BM25 score (Bm25SearchOptions::share, in [0, 1]) divided by
    /// max(the best candidate's share, HybridOptions::shareFloor): max-normalised like min-max
    /// when BM25's best match carries at least shareFloor of the query's evidence, scaled down
    /// when it does not, so a lone hit on one minor word of the query cannot take the whole
    /// lexical weight.
    Share,
    /// fuseReciprocalRank with k = 60 and the dense weight as firstWeight: w = 0.5 is plain RRF.
    ReciprocalRank,
};

/// "share", "minmax" or "rrf".
const char* hybridFusionName(HybridFusion fusion);
/// The fusion named `name` ("minmax", "share", "rrf"); ConfigError listing them otherwise.
HybridFusion parseHybridFusion(std::string_view name);

/// Hybrid retrieval as `search --mode hybrid` and `eval retrieval --systems hybrid` both do it,
/// so the two rank alike: each system contributes its best hybridCandidateDepth(k) documents,
/// they are fused as `fusion` says (weight of the dense side: denseWeight) and the best k are
/// kept.
struct HybridOptions {
    double denseWeight = 0.5;  ///< weight of the dense scores, in [0, 1]; 1 - weight: lexical
    std::size_t k = 10;        ///< fused documents returned, >= 1
    HybridFusion fusion = HybridFusion::MinMax;  ///< Share wants BM25 shares as lexical scores
    /// Share fusion: the share of the query's attainable BM25 score a best match needs to count
    /// fully, in [0, 1] (0: plain max-normalisation; 1: the shares themselves).
    double shareFloor = 0.5;
};

/// Candidates each system retrieves for a hybrid list of k documents: max(k, 100). Min-max
/// normalisation depends on the last candidate's score, so every caller must fuse the same
/// depth for the same k.
std::size_t hybridCandidateDepth(std::size_t k);

/// The hybrid ranking of one query from its dense and lexical rankings (any order, any depth:
/// each is ranked and cut to hybridCandidateDepth(options.k) first). With HybridFusion::Share the
/// lexical scores must be BM25 shares (DataError for a score outside [0, 1]). ConfigError for
/// k = 0 or a weight outside [0, 1].
Ranking fuseHybrid(const Ranking& dense, const Ranking& lexical, const HybridOptions& options);

}  // namespace isomorph::search

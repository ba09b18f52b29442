#pragma once

// Hybrid retrieval: fuses the rankings of two systems for one query (typically dense and
// lexical) into one. Inputs need not be sorted; outputs are ranked by eval::rankDocuments
// (score descending, ties by document id descending, as trec_eval does). Both functions throw
// DataError when an input ranks a document twice or has a NaN score, ConfigError for invalid
// options.

#include <cstddef>

#include "core/eval/retrieval_metrics.h"

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
eval::Ranking fuseLinear(const eval::Ranking& first, const eval::Ranking& second,
                         const LinearFusionOptions& options = {});

struct ReciprocalRankFusionOptions {
    double k = 60.0;        ///< rank offset, > 0 (60 as in Cormack, Clarke and Buettcher, 2009)
    std::size_t depth = 0;  ///< keep the best `depth` fused documents; 0 = all
};

/// Reciprocal rank fusion: fused(d) = sum over the rankings containing d of 1 / (k + rank(d)),
/// rank counted from 1 after each ranking is ordered by eval::rankDocuments. Uses ranks only, so
/// score scales do not matter.
eval::Ranking fuseReciprocalRank(const eval::Ranking& first, const eval::Ranking& second,
                                 const ReciprocalRankFusionOptions& options = {});

}  // namespace isomorph::search

#pragma once

// Second-stage re-ranking of a first-stage ranking: the best `depth` documents get new scores
// (e.g. from a cross-encoder) and are reordered by them; the documents below stay in their
// first-stage order, below every re-ranked one. Torch-free, part of isomorph_search.

#include <cstddef>
#include <string>
#include <vector>

#include "core/search/ranking.h"

namespace isomorph::search {

/// The ids of the first min(depth, size) documents of rankDocuments(ranking), in rank order:
/// the documents a re-ranker must score. depth 0 = all.
std::vector<std::string> rerankCandidates(const Ranking& ranking, std::size_t depth);

/// Re-ranks `ranking` (any order) with `scores`, one per rerankCandidates(ranking, depth) entry
/// in that order. Returns the ranked list: the candidates by their new score (ties by document
/// id, as rankDocuments), then the other documents in first-stage order with scores
/// min(scores) - 1, min(scores) - 2, ... so that every score-sorted reader (TREC tools) keeps
/// this order. Throws DataError when the count of scores differs from the candidates or a score
/// is not finite.
Ranking rerankTop(const Ranking& ranking, std::size_t depth, const std::vector<double>& scores);

}  // namespace isomorph::search

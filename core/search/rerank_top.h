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
///
/// `firstStageWeight` w in [0, 1] interpolates instead of replacing: each candidate's new score
/// is w x minmax(first-stage score) + (1 - w) x minmax(score), min-max over the candidates (all
/// equal: 1 each, as hybrid fusion), so w = 0 is the plain re-ordering and w = 1 keeps the first
/// stage's order. ConfigError for w outside [0, 1].
Ranking rerankTop(const Ranking& ranking, std::size_t depth, const std::vector<double>& scores,
                  double firstStageWeight = 0.0);

/// w x minmax(first) + (1 - w) x minmax(second), element-wise (the interpolation of rerankTop;
/// minmax of equal values is 1 each). ConfigError for w outside [0, 1] or unequal sizes.
std::vector<double> interpolateScores(const std::vector<double>& first,
                                      const std::vector<double>& second, double firstStageWeight);

}  // namespace isomorph::search

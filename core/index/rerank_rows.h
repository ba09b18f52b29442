#pragma once

// Cross-encoder re-ranking of one query's search results, as `isomorph-cli search --rerank` and
// the Search view do it. Torch-free header.

#include <cstddef>
#include <string>
#include <vector>

#include "core/index/search_service.h"
#include "core/model/cross_encoder.h"

namespace isomorph::index {

/// Re-scores the first `depth` rows (0 = all; rows in rank order, as SearchService returns
/// them) with `reranker` against `query` and reorders them by the new score (ties by id, as
/// search::rankDocuments); rows below `depth` come after them in their order, keeping their
/// first-stage scores (another scale: compare ranks, not scores, across the two parts). Ranks are
/// renumbered from 1. Throws
/// DataError when a row to re-score has no text (an index built without passage text).
std::vector<ResultRow> rerankRows(const std::vector<ResultRow>& rows, const std::string& query,
                                  std::size_t depth, model::CrossEncoder& reranker,
                                  model::CrossEncoderStats* stats = nullptr);

}  // namespace isomorph::index

#pragma once

// One query end to end, as `isomorph-cli search` and the Search view run it: the first stage
// (SearchService), the cross-encoder's re-ranking of its top results, the cut to the results
// shown, and whether their scores tell the documents apart. Torch-free header.

#include <cstddef>
#include <map>
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

struct QueryRequest {
    std::string query;
    QueryOptions options;  ///< options.k: the results shown
    /// Second stage (nullptr = none): the first stage retrieves max(k, rerankDepth) results,
    /// the first rerankDepth are re-scored, k of the re-ranked list are shown.
    model::CrossEncoder* reranker = nullptr;
    std::size_t rerankDepth = 100;
};

struct QueryReport {
    std::vector<ResultRow> rows;  ///< at most options.k, in their final order
    SearchTimings timings;        ///< first stage
    bool reranked = false;
    std::size_t rescored = 0;                   ///< rows re-scored (min(depth, first-stage rows))
    std::map<std::string, int> firstStageRank;  ///< by id, when re-ranked
    model::CrossEncoderStats rerankStats;       ///< when re-ranked
    /// The shown scores lie within kIndistinctScoreSpread of each other (after re-ranking: the
    /// re-scored ones, which share one scale): their order means little, front ends warn.
    bool indistinct = false;
};

/// Runs one query. ConfigError for an empty query (SearchService::search's checks); DataError
/// when a row to re-rank has no text.
QueryReport runQuery(const SearchService& service, const QueryRequest& request);

}  // namespace isomorph::index

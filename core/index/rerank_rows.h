#pragma once

// One query end to end, as `isomorph-cli search` and the Search view run it: the first stage
// (SearchService), the cross-encoder's re-ranking of its top results, the cut to the results
// shown, and whether their scores tell the documents apart. Torch-free header.

#include <cstddef>
#include <filesystem>
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
/// `firstStageWeight` > 0 orders the re-scored rows by search::interpolateScores of their
/// first-stage and cross-encoder scores instead (the shown score is the interpolated one); at 1
/// the cross-encoder is not run, as its scores would not count.
std::vector<ResultRow> rerankRows(const std::vector<ResultRow>& rows, const std::string& query,
                                  std::size_t depth, model::CrossEncoder& reranker,
                                  model::CrossEncoderStats* stats = nullptr,
                                  double firstStageWeight = 0.0);

/// Refuses a re-ranker whose tokenizer is not the first stage's: ConfigError naming both
/// checkpoints and their tokenizer files. Isomorph's re-rankers are fine-tuned from the same
/// aligned checkpoint as the bi-encoder that built the index (the retrieval demo's are), so
/// another vocabulary means a re-ranker of another workspace or model family was picked.
/// Tokenizer files are compared by content; a checkpoint without one is left to fail where it
/// is opened.
void checkRerankerTokenizer(const std::filesystem::path& encoderCheckpoint,
                            const std::filesystem::path& rerankerCheckpoint);

struct QueryRequest {
    std::string query;
    QueryOptions options;  ///< options.k: the results shown
    /// Second stage (nullptr = none): the first stage retrieves max(k, rerankDepth) results,
    /// the first rerankDepth are re-scored, k of the re-ranked list are shown.
    model::CrossEncoder* reranker = nullptr;
    std::size_t rerankDepth = 100;
    /// Weight of the first-stage score in the re-ranked order (rerankRows); 0 = the
    /// cross-encoder's order alone.
    double firstStageWeight = 0.0;
    /// Translate-test: the re-ranker reads the query translated by the index's lexicon
    /// (SearchService::translateForReader), for a re-ranker of the lexicon's target language
    /// alone.
    bool rerankTranslated = false;
};

struct QueryReport {
    std::vector<ResultRow> rows;  ///< at most options.k, in their final order
    SearchTimings timings;        ///< first stage
    bool reranked = false;
    std::size_t rescored = 0;                   ///< rows re-scored (min(depth, first-stage rows))
    std::map<std::string, int> firstStageRank;  ///< by id, when re-ranked
    model::CrossEncoderStats rerankStats;       ///< when re-ranked
    std::string rerankQuery;                    ///< the text the re-ranker read, when re-ranked
    /// The shown scores lie within kIndistinctScoreSpread of each other (after re-ranking: the
    /// re-scored ones, which share one scale): their order means little, front ends warn.
    bool indistinct = false;
    /// How much of the query the encoder reads (dense and hybrid modes; default in bm25 mode):
    /// when !coverage.covered() the rows are BM25's alone (hybrid) or none (dense), and front
    /// ends say "no results in this language" (noResultsInThisLanguage).
    text::LetterCoverage coverage;
};

/// The one sentence front ends show for an unreadable query: "no results in this language: 12
/// of 12 letters of the query are unknown to the model's vocabulary (Thai script); ...". Empty
/// when the query is covered.
std::string noResultsInThisLanguage(const text::LetterCoverage& coverage);

/// Runs one query. ConfigError for an empty query (SearchService::search's checks); DataError
/// when a row to re-rank has no text.
QueryReport runQuery(const SearchService& service, const QueryRequest& request);

}  // namespace isomorph::index

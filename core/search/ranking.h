#pragma once

// Ranked result lists, the common currency of search (BM25, dense, fusion) and evaluation
// (retrieval metrics, TREC runs). They live here, below both, so that search never depends on
// eval (layer order align < search < index < eval, enforced by tests/check_layering.cmake).
// Torch-free, part of isomorph_data.

#include <map>
#include <string>
#include <vector>

namespace isomorph::search {

struct ScoredDoc {
    std::string docId;
    double score = 0.0;
};
/// The retrieved documents of one query, in any order until passed through rankDocuments().
using Ranking = std::vector<ScoredDoc>;
/// A whole run: query id -> retrieved documents.
using Run = std::map<std::string, Ranking>;

/// Sorts by score descending, ties by document id descending (byte-wise, as trec_eval does).
/// Throws DataError on a document id that occurs twice or a NaN score.
Ranking rankDocuments(Ranking docs);

}  // namespace isomorph::search

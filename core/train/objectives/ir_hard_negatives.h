#pragma once

// Hard negatives for objectives.ir (DPR's "BM25 negatives"): per training query the best-ranked
// passage of its set that is not relevant to it, from a BM25 ranking of the set's corpus (the
// Xapian index of core/search) or from a TREC run file. Torch-free.

#include <filesystem>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/data/readers/retrieval_sets.h"
#include "core/search/ranking.h"

namespace isomorph::train {

/// objectives.ir.hard_negatives: "none", "bm25" or "run:PATH".
struct HardNegativeSource {
    enum class Kind { None, Bm25, Run };
    Kind kind = Kind::None;
    std::filesystem::path runFile;  ///< Kind::Run: the TREC run file

    /// Throws ConfigError naming objectives.ir.hard_negatives and the accepted forms.
    static HardNegativeSource parse(const std::string& text);
};

/// Query id -> the id of its hard negative: the best-ranked passage of `ranked` (each ranking
/// sorted best first) that is in `corpus` (passage id -> text), is not judged relevant
/// (grade > 0) to the query in `qrels`, and does not have the text of one of the query's
/// relevant passages (a copy of a positive is no negative). Queries without such a passage are
/// left out.
std::map<std::string, std::string> pickHardNegatives(
    const search::Run& ranked, const std::unordered_map<std::string, std::string>& corpus,
    const data::Qrels& qrels);

/// BM25 rankings (best first, at most `depth` each) of `corpus` (passage id -> text) for
/// `queries`, through a Xapian index built in a temporary folder that is removed afterwards.
/// Passages are analysed in the language of their id's last dot-separated part when it is a
/// language code (BEIR ids of the demo corpus: "ls.1.en"), queries in every language of the
/// index (searchEachLanguage). Queries without a searchable word get an empty ranking.
search::Run bm25Rankings(const std::unordered_map<std::string, std::string>& corpus,
                         const std::vector<data::Query>& queries, size_t depth = 20);

/// A TREC run file ("qid Q0 docid rank score tag") as rankings in trec_eval's order (score, then
/// document id), read as the evaluation reads runs (DataError on a document twice for a query).
search::Run readRunRankings(const std::filesystem::path& file);

}  // namespace isomorph::train

#pragma once

// Re-ranking evaluation as the XLP paper (Yu, Fei, Li, WWW 2021, section 5.1) reports it: each
// system scores a fixed candidate list per query (a TREC run), and MAP is reported per (query
// language, document language) pair, with a two-tailed paired t-test over per-query AP between
// two systems.
//
// Definitions:
// - The unit of evaluation is a query with the candidates of one document language: a query
//   whose candidates span several languages counts once in each of their pairs. Its AP
//   (eval::averagePrecision) ranks the candidates of that language (eval::rankDocuments) against
//   the qrels documents of that language.
// - A language pair is evaluated when some system has a candidate for it. Within an evaluated
//   pair every qrels query of that query language with a relevant document (grade > 0) of that
//   document language is a unit; a system without candidates for a unit scores AP 0 there, and
//   the unit is listed in the report (missingFromA/B), never dropped. Units without a relevant
//   document are removed, as the paper removes queries without relevant documents.
// - The overall row averages over all units of all evaluated pairs.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/data/readers/text_input.h"
#include "core/eval/retrieval_metrics.h"

namespace isomorph::eval {

/// The language of a query or document id; throws DataError for an id it does not know.
using LanguageOf = std::function<std::string(const std::string& id)>;

/// The id's suffix after its last '.' ("ls.1.de" -> "de", "ls.1.pt-PT" -> "pt-PT"). Throws
/// DataError when the id has no '.' or the suffix is not a language code.
std::string languageFromIdSuffix(const std::string& id);

/// Reads "id<TAB>language" lines (no header; blank lines skipped). Throws DataError "FILE:LINE:
/// what" for a wrong column count, an empty id, an invalid language code or a repeated id.
std::map<std::string, std::string> readLanguageTsv(data::LineReader lines);
std::map<std::string, std::string> readLanguageTsv(const std::filesystem::path& file,
                                                   data::ReadOptions options = {});

/// A LanguageOf that looks ids up in `languages`; an unknown id throws DataError naming the id
/// and `source` (the TSV file the map came from).
LanguageOf languageLookup(std::map<std::string, std::string> languages, std::string source);

/// One query evaluated on the candidates of one document language.
struct RerankUnit {
    std::string queryId;
    std::string queryLanguage;
    std::string documentLanguage;
    double apA = 0.0;
    double apB = 0.0;  ///< 0 when only one system was evaluated
};

struct RerankRow {
    std::string queryLanguage;     ///< "" in the overall row
    std::string documentLanguage;  ///< "" in the overall row
    std::size_t queries = 0;       ///< evaluated units
    double mapA = 0.0;
    double mapB = 0.0;  ///< 0 when only one system was evaluated
    /// a - b; absent with one system or fewer than two queries.
    std::optional<TTestResult> test;
    std::size_t missingFromA = 0;  ///< units without candidates in A (scored AP 0)
    std::size_t missingFromB = 0;
};

struct RerankReport {
    bool compared = false;         ///< two systems were evaluated
    std::vector<RerankRow> pairs;  ///< by (query language, document language)
    RerankRow overall;
    std::vector<RerankUnit> units;                       ///< by pair, then query id
    std::vector<RerankUnit> missingFromA, missingFromB;  ///< units scored 0 for lack of candidates
    /// Qrels queries with a relevant document in no evaluated pair (e.g. without any relevant
    /// document, or only in pairs no system ran).
    std::vector<std::string> queriesNotEvaluated;
    std::vector<std::string> runQueriesWithoutQrels;  ///< run queries unknown to the qrels
    std::size_t runEntriesWithoutQrels = 0;           ///< candidate lines of those queries
    /// Qrels entries whose document is in no candidate list of any query in any system (often an
    /// id mismatch between the qrels and the runs). They still count as relevant in AP.
    std::size_t qrelsEntriesNotInCandidates = 0;
};

/// Re-ranking MAP of one system per language pair. Throws DataError when a run ranks a document
/// twice for a query, has a NaN score, when `languageOf` fails, or when no unit can be evaluated.
RerankReport evaluateRerank(const Run& run, const Qrels& qrels, const LanguageOf& languageOf);

/// Re-ranking MAP of systems A and B with a two-tailed paired t-test (A - B) per pair and
/// overall.
RerankReport compareRerank(const Run& runA, const Run& runB, const Qrels& qrels,
                           const LanguageOf& languageOf);

}  // namespace isomorph::eval

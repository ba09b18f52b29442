#pragma once

// Hand-written query lists (tests/fixtures/everyday_queries.tsv) as BEIR sets, so that
// `eval retrieval` reports how a model does on them like on any other set. Torch-free.

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>

namespace isomorph::eval {

/// What writeQueryListBeir wrote.
struct QueryListReport {
    std::map<std::string, std::size_t> queriesPerSet;  ///< set name ("de-en") -> queries
    std::size_t passages = 0;                          ///< passages of the corpus
};

/// Reads a query list, one query a line: `query<TAB>language<TAB>target passage id` (UTF-8;
/// blank lines and lines starting with '#' are skipped), and writes one BEIR set per query
/// language into `out`/<language>-<corpusLanguage>/: queries.jsonl (ids "<language>-<line>"),
/// qrels/test.tsv (the target, grade 1) and corpus.jsonl (a copy of `corpus`). Throws DataError
/// naming FILE:LINE for a line without three fields, an invalid language code or a target that
/// `corpus` does not hold, and naming `out` when it exists and is not empty.
QueryListReport writeQueryListBeir(const std::filesystem::path& queries,
                                   const std::filesystem::path& corpus,
                                   const std::filesystem::path& out,
                                   const std::string& corpusLanguage = "en");

}  // namespace isomorph::eval

#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace isomorph::data {

/// What `corpus stats` reports for a demo corpus folder (docs/demo-corpus.md): sizes per split and
/// the text the splits share. Measured from the files, so it works for corpora of any version.
struct DemoSplitStats {
    int schemaVersion = 0;                    ///< manifest.json schema_version (0: none)
    std::map<std::string, size_t> documents;  ///< split -> documents (all languages)
    /// family ("name", "option", "section", "query", "passage") -> split -> pairs (queries and
    /// passages: distinct ids, since one passage serves several retrieval sets).
    std::map<std::string, std::map<std::string, size_t>> pairs;
    /// family -> "dev" or "test" -> pairs whose normalised source or target text occurs in any
    /// family of an earlier split (dev: train; test: train and dev). 0 in a corpus without leakage.
    std::map<std::string, std::map<std::string, size_t>> overlap;
};

/// Reads the demo corpus in `dir`. Throws DataError when `dir` has no manifest.json or a file
/// cannot be parsed (naming the file and line).
DemoSplitStats measureDemoSplits(const std::filesystem::path& dir);

/// True when `dir` looks like a demo corpus (has manifest.json and docs/).
bool isDemoCorpus(const std::filesystem::path& dir);

/// Human-readable tables and the same as JSON.
std::string toText(const DemoSplitStats& stats);
nlohmann::ordered_json toJson(const DemoSplitStats& stats);

}  // namespace isomorph::data

#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/feedback.h"
#include "core/common/progress.h"

namespace isomorph::data {

/// What `corpus build-demo` builds (layout: docs/demo-corpus.md).
struct DemoCorpusOptions {
    std::filesystem::path outDir;                      ///< DIR; built next to it, then renamed
    std::vector<std::string> languages;                ///< non-English codes; empty = all installed
    std::vector<std::string> sections{"1", "8"};       ///< man sections to read
    int jobs = 0;                                      ///< render processes at once; 0 = per core
    std::chrono::seconds pageTimeout{30};              ///< slower pages are killed, counted failed
    bool force = false;                                ///< replace an existing DIR after success
    std::filesystem::path manRoot = "/usr/share/man";  ///< where the installed pages live
    /// Documentation books to add (doc_books.h: handbook, install-guide, reference); empty = all
    /// installed, {"none"} = man pages only.
    std::vector<std::string> books;
    std::filesystem::path docRoot = "/usr/share";  ///< where the books are installed
};

/// Totals of a finished build (the full breakdown is in DIR/manifest.json).
struct DemoCorpusSummary {
    std::filesystem::path outDir;
    std::vector<std::string> languages;       ///< codes, English first
    std::map<std::string, size_t> documents;  ///< per language
    std::map<std::string, size_t> sentences;  ///< per language
    std::map<std::string, size_t> pairs;      ///< per kind ("name", "option"), all languages
    size_t sectionPairs = 0;
    size_t failedPages = 0;
    double seconds = 0;
    std::vector<std::string> warnings;  ///< books not installed, each naming its package
};

/// Renders the installed man pages and writes the demo corpus to options.outDir atomically.
/// Throws ConfigError for bad options (unknown language, DIR exists without force), DataError when
/// no pages are installed (naming the dpkg path-exclude setting and the packages to reinstall) or
/// the output cannot be written, Cancelled when `progress` asked to stop (the temporary folder
/// is removed). Progress stages are "scan", "render", "parse" and "write"; done/total count pages
/// (render, parse) or output files (write); reported a few times per second and at every stage
/// change.
DemoCorpusSummary buildDemoCorpus(const DemoCorpusOptions& options, Feedback* feedback = nullptr);

/// "train" (80%), "dev" (10%) or "test" (10%) for a split unit's canonical command name, stable
/// across builds and machines, so a unit's pages in every language land in the same split.
std::string_view splitOfCommand(std::string_view command);

/// manifest.json `schema_version` of what buildDemoCorpus writes. 2: split units and no pair text
/// shared between splits (version 1 corpora leak dev/test text into train; rebuild them).
/// 3: the test split's xx-en and en-en retrieval sets search the English passages of every
/// split (version 2 test corpora hold only the test split's few dozen passages).
/// 4: the documentation books (parallel/SPLIT/BOOK/, their pages in docs/).
constexpr int kDemoCorpusSchemaVersion = 4;

/// The `schema_version` in DIR/manifest.json; 0 when the file is missing or unreadable.
int demoCorpusSchemaVersion(const std::filesystem::path& dir);

}  // namespace isomorph::data

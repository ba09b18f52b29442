#pragma once

// Internal to the demo corpus builder: the parsed pages and the writers of each output family.

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/data/demo/man_text.h"

namespace isomorph::data::demo {

/// One rendered and parsed page.
struct Document {
    std::string lang;
    std::string command;
    std::string section;  ///< "1", "8", "1ssl"
    std::string split;    ///< splitOfCommand(command)
    ParsedManPage page;
    std::string id() const { return command + "." + section + "." + lang; }
};

/// Documents of one language keyed by (command, section), so iteration order is deterministic.
using PageKey = std::pair<std::string, std::string>;
using LanguageDocs = std::map<PageKey, Document>;
/// All languages, keyed by code ("en" included).
using Corpus = std::map<std::string, LanguageDocs>;

inline const std::vector<std::string> kSplits = {"train", "dev", "test"};

/// Writes `content` to `path`, creating parent folders; throws DataError naming the path.
void writeTextFile(const std::filesystem::path& path, const std::string& content);

/// The writers fill their part of the manifest (`manifest`) and return the number of files.
void writeDocuments(const Corpus& corpus, const std::filesystem::path& dir,
                    nlohmann::ordered_json& manifest);
void writeParallel(const Corpus& corpus, const std::filesystem::path& dir,
                   nlohmann::ordered_json& manifest);
void writeRetrieval(const Corpus& corpus, const std::filesystem::path& dir,
                    nlohmann::ordered_json& manifest);
void writeSectionPairs(const Corpus& corpus, const std::filesystem::path& dir,
                       nlohmann::ordered_json& manifest);

/// Option descriptions and NAME texts are capped to this many sentences and characters.
constexpr size_t kPairMaxSentences = 2;
constexpr size_t kPairMaxChars = 400;
/// Retrieval passages: the start of DESCRIPTION up to this many characters (whole sentences).
constexpr size_t kPassageMaxChars = 1000;

/// Text capped to whole sentences (at most `maxSentences`, `maxChars` code points; a single
/// longer sentence is cut at a space).
std::string capText(const std::string& text, const std::string& lang, size_t maxSentences,
                    size_t maxChars);

/// The option pairs of one translated page with its English page: flag sets that occur exactly
/// once on each side, as (translated description, English description), capped.
std::vector<std::pair<std::string, std::string>> alignOptions(const ParsedManPage& xx,
                                                              const std::string& xxLang,
                                                              const ParsedManPage& en);

}  // namespace isomorph::data::demo

#pragma once

// Internal to the demo corpus builder: the parsed pages and the writers of each output family.

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/data/demo/doc_books.h"
#include "core/data/demo/man_text.h"

namespace isomorph::data::demo {

/// One rendered and parsed page.
struct Document {
    std::string lang;
    std::string command;
    std::string section;  ///< "1", "8", "1ssl"
    std::string split;    ///< the split of the command's unit (splitOfCommand of its name)
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

/// Writes docs/<split>/<lang>.jsonl (man pages, then the book pages) and fills
/// manifest["documents"].
void writeDocuments(const Corpus& corpus, const std::vector<BookDocument>& books,
                    const std::filesystem::path& dir, nlohmann::ordered_json& manifest);

using TextPair = std::pair<std::string, std::string>;

/// One BEIR set (queries in one language against passages in one language) of one split.
struct BeirPassage {
    std::string id, title, text;
};
struct BeirQuery {
    std::string id, text, target;  ///< target: the id of the one relevant passage
};
struct BeirSet {
    std::vector<BeirPassage> passages;
    std::vector<BeirQuery> queries;
};

/// Every pair family of one split, in memory, so pairs that leak from an earlier split can be
/// dropped before anything is written.
struct SplitPairs {
    /// Translation pairs by kind (kPairKinds: "name", "option", each book), then by "xx-en".
    std::map<std::string, std::map<std::string, std::set<TextPair>>> pairs;
    std::map<std::string, std::vector<nlohmann::ordered_json>> sections;  ///< by "xx-en"
    std::map<std::string, BeirSet> retrieval;                             ///< by "xx-en", "xx-xx"
};

/// The pair families of every split ("train", "dev", "test").
struct PairFamilies {
    std::vector<std::string> languages;  ///< every language of the corpus, sorted, "en" included
    std::map<std::string, SplitPairs> splits;
};

/// The pair families of the documents' splits (layout: docs/demo-corpus.md).
PairFamilies buildPairFamilies(const Corpus& corpus);

/// Drops from dev every pair (of any family) whose normalised source or target text
/// (normaliseText) occurs in a train pair of any family or language, and from test what occurs in
/// train or dev. A passage dropped takes the queries that point to it along. Returns the dropped
/// counts as {family: {split: n}} for the manifest (families: name, option, section, query,
/// passage and each book).
nlohmann::ordered_json dropCrossSplitOverlap(PairFamilies& families);

/// Makes the test split's retrieval sets with English passages (xx-en, en-en) search the
/// English passages of every split: their queries stay test queries judged against test
/// passages, the train and dev passages join as unjudged distractors (no query of theirs is
/// added, so nothing of test reaches train). A corpus of a few dozen passages lets a random
/// ranking score ~7% MRR; the whole English collection makes the test honest. Call after
/// dropCrossSplitOverlap (the distractors are train and dev text by design).
void widenTestRetrievalCorpora(PairFamilies& families);

/// Writes parallel/, retrieval/ and sections/ and fills manifest["pairs"], ["retrieval"] and
/// ["section_pairs"].
void writePairFamilies(const PairFamilies& families, const std::filesystem::path& dir,
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

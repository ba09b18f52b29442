#pragma once

// The documentation books of the demo corpus (docs/demo-corpus.md, "Documentation books"):
// HTML manuals that Debian packages install in many languages, translated from one source with
// PO files, so their files and blocks line up. Read, aligned block by block, filtered for
// untranslated text and split by document (issue 27, item 3).

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/progress.h"

namespace isomorph::data::demo {

/// One book the corpus can read: its pair kind (parallel/SPLIT/NAME/), the Debian package that
/// installs its English text, and the packages of its translations.
struct BookSource {
    std::string name;          ///< "handbook", "install-guide", "reference"
    std::string package;       ///< the package of the English book
    std::string translations;  ///< how its translations are packaged, for messages
    std::string title;
};

/// Every book, in the order they are read.
const std::vector<BookSource>& bookSources();

/// One block of text of an HTML page: a paragraph, heading, list item or table cell.
struct BookUnit {
    std::string path;    ///< the enclosing block elements ("div.para", "ul/li/p"): alignment key
    std::string text;    ///< whitespace collapsed, section number removed
    double uiShare = 0;  ///< share of the characters inside guimenu/guibutton/keycap spans
};

/// The block units of one HTML or XHTML page (libxml2's HTML parser, tolerant of HTML 4), in
/// document order. Skips pre (screens, program listings), navigation, tables of contents and
/// legal notices. Throws DataError naming the file when it cannot be read.
std::vector<BookUnit> extractBookUnits(const std::filesystem::path& html);

/// Index pairs (english, translated) of units whose block paths match: 1:1 when the path
/// sequences are equal, else a longest common subsequence of the paths (translator notes and
/// credit paragraphs that only one side has are left out).
std::vector<std::pair<size_t, size_t>> alignBookUnits(const std::vector<BookUnit>& english,
                                                      const std::vector<BookUnit>& translated);

/// Why a (translated, English) text pair is not a training pair, or "" when it is one:
/// "identical" (the untranslated English fallback), "short" (under 3 English words),
/// "untranslated" (most target words copied from the English; for ja, zh and ko under 15%
/// CJK letters), "length" (length ratio outside 0.5-2.2, CJK 0.1-1.6).
std::string bookPairProblem(const std::string& translated, const std::string& english,
                            const std::string& lang);

/// The demo corpus language code of a book's language folder or suffix ("de-DE" -> "de",
/// "pt-BR" -> "pt", "pt" -> "pt-PT", "zh-cn" -> "zh", "zh-TW" -> "zh-Hant"); "" when unknown.
std::string bookLanguageCode(const std::string& tag);

struct BookOptions {
    std::vector<std::string> sources;           ///< names to read; empty = every book
    std::set<std::string> languages;            ///< codes to read (those of the man-page corpus)
    std::filesystem::path root = "/usr/share";  ///< doc/debian-handbook/..., debian-reference/
};

/// A book page in one language, for docs/SPLIT/LANG.jsonl.
struct BookDocument {
    std::string source, group, lang, split;
    std::vector<std::string> sentences;
};

using BookPairs = std::set<std::pair<std::string, std::string>>;  ///< (translated, English)

struct BookCorpus {
    std::vector<BookDocument> documents;
    /// source -> split -> "xx-en" -> pairs
    std::map<std::string, std::map<std::string, std::map<std::string, BookPairs>>> pairs;
    nlohmann::ordered_json manifest = nlohmann::ordered_json::object();  ///< per source
    std::vector<std::string> warnings;  ///< a book not installed: named with its package
};

/// Reads the installed books. A book that is not installed is left out with a warning that names
/// the package to install; the others proceed. `progress`: stage "books", pages done and in all;
/// returning false cancels (Cancelled).
BookCorpus readBooks(const BookOptions& options, const ProgressFn& progress = {});

}  // namespace isomorph::data::demo

#pragma once

// A held-out, out-of-domain bitext set for evaluation only: (foreign, English) UI messages from the
// gettext catalogs installed on the machine (LOCALE_ROOT/LOCALE/LC_MESSAGES/*.mo). The demo
// corpus is made of man pages; these are error messages, menu items and setting descriptions of
// the same programs' user interfaces. Nothing may train or fit on this set (no model, tokenizer,
// calibration or threshold): it only measures how translation retrieval holds up out of domain.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/data/demo/demo_layout.h"

namespace isomorph::data::demo {

/// One message of a GNU .mo catalog as stored. `msgid` may carry a context ("ctx\x04text") and a
/// plural form ("one\0many"); `msgstr` holds the plural translations separated by '\0'. The
/// catalog header is the message with an empty msgid.
struct MoMessage {
    std::string msgid;
    std::string msgstr;
};

/// Parses the bytes of a GNU .mo file: magic 0x950412de in either byte order, major revision 0 or
/// 1, then the count N and the offsets of the original and translated string tables, N entries
/// (length, offset) each. `name` names the file in errors. Throws DataError "NAME: what is wrong"
/// when the file is shorter than its header, the magic or revision is unknown, or a table or a
/// string lies outside the file.
std::vector<MoMessage> parseMoCatalog(std::string_view bytes, const std::string& name);

/// Reads and parses `path` (DataError naming the path when it cannot be read or is malformed).
std::vector<MoMessage> readMoCatalog(const std::filesystem::path& path);

/// One evaluation pair after cleaning.
struct UiPair {
    std::string foreign;  ///< the translation (UTF-8, no tabs or newlines)
    std::string english;  ///< the msgid without context or mnemonic
};

/// The pair a catalog message gives, or nothing when it is not a plain sentence. Skipped: the
/// header, plural messages, untranslated ones (msgstr empty or equal to the msgid), invalid UTF-8,
/// and messages with control characters (newlines, tabs), markup or entities ('<', '>', "&amp;"),
/// format directives, placeholders or usage synopses ('%', '{', '}', '[', ']', '$', '\\'), a
/// leading space, '-' or '|' (command-line help), a trailing space or ':' (labels and fragments),
/// an English side of fewer than 4 or more than 30 words, a translation of 300 or more code
/// points. A context prefix is dropped; keyboard mnemonics are removed ("_Open", "&Open", and
/// "(_O)" after CJK text); runs of spaces are collapsed.
std::optional<UiPair> cleanUiMessage(std::string_view msgid, std::string_view msgstr);

/// The form in which two English sides count as the same sentence: normaliseText() (lower case,
/// punctuation as spaces, whitespace collapsed: "Open the file." == "open  the file"). Used for
/// deduplication and for englishSentences().
std::string normaliseUiEnglish(const std::string& text);

/// The catalog folder under `localeRoot` for a demo language code: "pt" -> pt_BR, "pt-PT" -> pt,
/// "zh" -> zh_CN, "zh-Hant" -> zh_TW, "nb" -> nb (nb_NO when there is no nb), "sr-Latn" ->
/// sr@latin, otherwise the code itself (or "de_CH" for "de-CH"). The first candidate with an
/// LC_MESSAGES folder wins; empty when none has one.
std::string uiLocaleDir(const std::string& lang, const std::filesystem::path& localeRoot);

/// What writeUiPairs extracts.
struct UiPairsOptions {
    std::filesystem::path localeRoot = "/usr/share/locale";  ///< holds LOCALE/LC_MESSAGES/*.mo
    /// Demo language codes ("de", "pt", "pt-PT", "zh", "zh-Hant"); order and repeats do not
    /// matter. Not "en": English is the other side of every pair.
    std::vector<std::string> languages;
    size_t maxPairsPerLanguage = 1000;  ///< pairs kept per language (a keyed random subset)
    uint64_t seed = 1;                  ///< keys the subset; same seed, same pairs
    /// At most this share of a language's pairs from one catalog while other catalogs have
    /// candidates left (a few large catalogs, such as postgres or git, would otherwise dominate).
    double maxShareOfOneCatalog = 0.1;
    /// True for English sides to leave out, e.g. sentences of the training corpus:
    /// `[&](const std::string& e) { return manSentences.count(normaliseUiEnglish(e)) > 0; }`
    /// with manSentences = englishSentences(corpus). Called with the cleaned English side.
    std::function<bool(const std::string& english)> excluded;
};

/// Counts of one language.
struct UiPairsLanguage {
    std::string lang;       ///< demo code ("pt")
    std::string localeDir;  ///< catalog folder name ("pt_BR")
    size_t catalogs = 0;    ///< .mo files read
    size_t candidates = 0;  ///< distinct pairs left after cleaning, deduplication and exclusion
    size_t excluded = 0;    ///< distinct English sentences dropped because excluded() was true
    size_t kept = 0;        ///< pairs written (min(candidates, maxPairsPerLanguage))
    /// Catalogs not read because their header declares another charset than UTF-8 or ASCII
    /// ("net-tools.mo (iso-8859-1)").
    std::vector<std::string> skippedCatalogs;
};

struct UiPairsResult {
    std::vector<UiPairsLanguage> languages;  ///< written languages, sorted by code
    std::vector<std::string> missing;        ///< requested languages without a catalog folder
    /// Every catalog read, as its path under localeRoot ("de/LC_MESSAGES/apt.mo") and the fnv1a64
    /// of its bytes in hex (core/common/hash.h), so a later run can tell whether the set changed.
    std::vector<std::pair<std::string, std::string>> catalogHashes;
};

/// Builds the set and writes outDir/LANG-en.tsv ("foreign<TAB>english" per line, sorted by
/// bytes) for every language with catalogs, and outDir/manifest.json (what the set is, its
/// options, the counts, the catalogs and their hashes). Each file is written atomically; outDir
/// is created when missing. Per language, messages are read from the catalogs in file-name order
/// and message order; the first pair of each normalised English sentence is the one kept, then
/// a translation already used is dropped, then `maxPairsPerLanguage` pairs are chosen by a
/// keyed hash of the normalised English (deriveKey(seed, fnv1a64)), the same for every
/// language, so the languages share most of their English sentences. Deterministic: the same
/// catalogs and options give byte-identical files.
///
/// Throws ConfigError for bad options (no languages, "en", an invalid code, a zero maximum),
/// DataError when a catalog is malformed (naming it), when none of the languages has catalogs
/// (naming localeRoot and the dpkg setting that leaves them out) or an output cannot be written,
/// Cancelled when `progress` returns false. Progress stages: "read" (languages done of all) and
/// "write" (files).
UiPairsResult writeUiPairs(const UiPairsOptions& options, const std::filesystem::path& outDir,
                           Feedback* feedback = nullptr);

/// The English sentences of a demo corpus, normalised with normaliseUiEnglish: the English side
/// of every pair file parallel/SPLIT/KIND/*.tsv (every split, kinds kPairKinds) and every
/// sentence of docs/SPLIT/en.jsonl. A UI message that is also man page text (coreutils --help
/// lines are both) is then not out-of-domain. Folders and files the corpus lacks are skipped.
/// Throws DataError when `corpus` has no manifest.json or a line cannot be parsed (naming file
/// and line).
std::unordered_set<std::string> englishSentences(const DemoCorpusLayout& corpus);

}  // namespace isomorph::data::demo

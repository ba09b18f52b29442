// The held-out UI bitext set from installed gettext catalogs (see ui_catalogs.h).

#include "core/data/demo/ui_catalogs.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/common/language.h"
#include "core/common/random.h"
#include "core/data/demo/demo_outputs.h"
#include "core/data/demo/sentence_splitter.h"
#include "core/data/demo/split_units.h"
#include "core/data/readers/jsonl_document_reader.h"
#include "core/data/readers/text_input.h"

namespace isomorph::data::demo {
namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

constexpr uint32_t kMoMagic = 0x950412de;
constexpr size_t kMoHeaderBytes = 28;  // magic, revision, N, O, T, hash size, hash offset
constexpr size_t kMinEnglishWords = 4;
constexpr size_t kMaxEnglishWords = 30;
constexpr size_t kMaxForeignCodePoints = 300;
// A message with one of these is a template (format directive, markup, placeholder, escape,
// usage synopsis "echo [-n] [arg ...]"), not a sentence.
constexpr std::string_view kTemplateChars = "<>%{}[]$\\";

class MoReader {
  public:
    MoReader(std::string_view bytes, const std::string& name) : bytes_(bytes), name_(name) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw DataError(name_ + ": " + what +
                        "; not a valid GNU .mo catalog (reinstall the package that owns it)");
    }
    uint32_t u32(uint64_t offset) const {
        const auto* p = reinterpret_cast<const unsigned char*>(bytes_.data()) + offset;
        return bigEndian_
                   ? uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3]
                   : uint32_t(p[3]) << 24 | uint32_t(p[2]) << 16 | uint32_t(p[1]) << 8 | p[0];
    }

    std::vector<MoMessage> read() {
        if (bytes_.size() < kMoHeaderBytes)
            fail(fmt::format("{} bytes, shorter than the {}-byte header", bytes_.size(),
                             kMoHeaderBytes));
        const uint32_t magic = u32(0);
        if (magic != kMoMagic) {
            bigEndian_ = true;
            if (u32(0) != kMoMagic)
                fail(fmt::format("magic number 0x{:08x} is not 0x950412de", magic));
        }
        if (const uint32_t revision = u32(4); revision >> 16 > 1)
            fail(fmt::format("major revision {} is not 0 or 1", revision >> 16));
        const uint64_t n = u32(8);
        const uint64_t originals = u32(12), translations = u32(16);
        checkTable(originals, n, "original");
        checkTable(translations, n, "translation");
        std::vector<MoMessage> out(n);
        for (uint64_t i = 0; i < n; ++i) {
            out[i].msgid = entry(originals, i, "original");
            out[i].msgstr = entry(translations, i, "translation");
        }
        return out;
    }

  private:
    void checkTable(uint64_t offset, uint64_t n, const char* what) const {
        if (offset + n * 8 > bytes_.size())
            fail(
                fmt::format("the {} strings table (offset {}, {} entries) ends past the end of "
                            "the file ({} bytes)",
                            what, offset, n, bytes_.size()));
    }
    std::string entry(uint64_t table, uint64_t i, const char* what) const {
        const uint64_t length = u32(table + 8 * i), offset = u32(table + 8 * i + 4);
        if (offset + length > bytes_.size())
            fail(
                fmt::format("{} string {} (offset {}, length {}) ends past the end of the file "
                            "({} bytes)",
                            what, i, offset, length, bytes_.size()));
        return std::string(bytes_.substr(offset, length));
    }

    std::string_view bytes_;
    const std::string& name_;
    bool bigEndian_ = false;
};

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool isAsciiAlnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Control characters (newlines, tabs), template characters or an HTML entity ("&amp;").
bool isTemplate(std::string_view s) {
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c == 0x7f || kTemplateChars.find(s[i]) != std::string_view::npos)
            return true;
        if (s[i] == '&' && i + 1 < s.size() && (isAsciiAlnum(s[i + 1]) || s[i + 1] == '#')) {
            size_t j = i + 2;
            while (j < s.size() && isAsciiAlnum(s[j]))
                ++j;
            if (j < s.size() && s[j] == ';') return true;
        }
    }
    return false;
}

// English mnemonics start a word ("_Open", "Save &As"): exactly one marker, at the start of the
// text or after a space or '(', before a non-space. Any other marker is text (LS_COLORS, AT&T).
// Returns whether one was removed.
bool stripEnglishMnemonic(std::string& s, char marker) {
    if (std::count(s.begin(), s.end(), marker) != 1) return false;
    const size_t p = s.find(marker);
    if (p + 1 >= s.size() || s[p + 1] == ' ') return false;
    if (p > 0 && s[p - 1] != ' ' && s[p - 1] != '(') return false;
    s.erase(p, 1);
    return true;
}

// Translations put the mnemonic anywhere in a word ("Ö_ffnen") or append it ("打开(_O)", also in
// fullwidth parentheses or after a space). The appended form always goes; a lone marker only
// when the English had a mnemonic (otherwise it is text). False when the mnemonic cannot be told
// apart.
bool stripForeignMnemonic(std::string& s, char marker, bool englishHad) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 2> kParens = {
        {{"(", ")"}, {"\xEF\xBC\x88", "\xEF\xBC\x89"}}};  // ASCII, fullwidth U+FF08 U+FF09
    for (const auto& [open, close] : kParens) {
        for (size_t p = s.find(open); p != std::string::npos; p = s.find(open, p)) {
            const size_t m = p + open.size();
            if (m + 2 + close.size() <= s.size() && s[m] == marker && isAsciiAlnum(s[m + 1]) &&
                s.compare(m + 2, close.size(), close) == 0) {
                const size_t start = p > 0 && s[p - 1] == ' ' ? p - 1 : p;  // "開く (_O)"
                s.erase(start, m + 2 + close.size() - start);
                p = start;
            } else {
                p = m;
            }
        }
    }
    if (!englishHad) return true;
    const auto count = std::count(s.begin(), s.end(), marker);
    if (count == 0) return true;
    const size_t p = s.find(marker);
    if (count > 1 || p + 1 >= s.size() || s[p + 1] == ' ') return false;
    s.erase(p, 1);
    return true;
}

void collapseSpaces(std::string& s) {
    s.erase(std::unique(s.begin(), s.end(), [](char a, char b) { return a == ' ' && b == ' '; }),
            s.end());
}

size_t wordCount(std::string_view s) {
    return s.empty() ? 0 : size_t(std::count(s.begin(), s.end(), ' ')) + 1;
}

bool endsWith(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// Empty, command-line help ("  -a, --all ..."), a gnupg placeholder ("|FILE|..."), a fragment to
// be continued or a label ("Name:").
bool badEnds(std::string_view s) {
    return s.empty() || s.front() == ' ' || s.front() == '-' || s.front() == '|' ||
           s.back() == ' ' || s.back() == ':' || endsWith(s, "\xEF\xBC\x9A");  // U+FF1A '：'
}

std::string lowerAscii(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return s;
}

// "charset=X" of the catalog header, lower-cased, or "" when it declares none.
std::string headerCharset(const std::vector<MoMessage>& messages) {
    for (const auto& m : messages) {
        if (!m.msgid.empty()) continue;
        const std::string header = lowerAscii(m.msgstr);
        const size_t p = header.find("charset=");
        if (p == std::string::npos) return {};
        const size_t start = p + 8;
        size_t end = start;
        while (end < header.size() && !isSpace(header[end]) && header[end] != ';')
            ++end;
        return header.substr(start, end - start);
    }
    return {};
}

bool isUtf8Charset(const std::string& charset) {
    // "charset" is the placeholder of an unfilled header; its strings are checked one by one.
    return charset.empty() || charset == "utf-8" || charset == "utf8" || charset == "ascii" ||
           charset == "us-ascii" || charset == "charset";
}

struct Candidate {
    UiPair pair;
    std::string normalised;
    std::string catalog;  ///< file name
    uint64_t key = 0;
};

// What one language's catalogs give, before the keyed subset.
struct LanguageCandidates {
    std::vector<Candidate> candidates;
    std::vector<std::pair<std::string, std::string>> hashes;  ///< relative path -> fnv1a64 hex
    UiPairsLanguage counts;
};

std::vector<fs::path> catalogFiles(const fs::path& dir) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.path().extension() == ".mo" && entry.is_regular_file(ec))
            out.push_back(entry.path());
    if (ec) throw DataError("cannot list " + dir.string() + ": " + ec.message());
    std::sort(out.begin(), out.end(),
              [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
    return out;
}

LanguageCandidates readLanguage(const UiPairsOptions& o, const std::string& lang,
                                const std::string& localeDir) {
    LanguageCandidates out;
    out.counts.lang = lang;
    out.counts.localeDir = localeDir;
    std::unordered_set<std::string> english, foreign;
    const fs::path dir = o.localeRoot / localeDir / "LC_MESSAGES";
    for (const fs::path& file : catalogFiles(dir)) {
        const std::string bytes = readWholeFile(file);
        const std::string name = file.filename().string();
        const std::vector<MoMessage> messages = parseMoCatalog(bytes, file.string());
        if (const std::string charset = headerCharset(messages); !isUtf8Charset(charset)) {
            out.counts.skippedCatalogs.push_back(name + " (" + charset + ")");
            continue;
        }
        ++out.counts.catalogs;
        out.hashes.emplace_back(localeDir + "/LC_MESSAGES/" + name, toHex64(fnv1a64(bytes)));
        for (const MoMessage& m : messages) {
            std::optional<UiPair> pair = cleanUiMessage(m.msgid, m.msgstr);
            if (!pair) continue;
            std::string normalised = normaliseUiEnglish(pair->english);
            if (!english.insert(normalised).second) continue;
            if (o.excluded && o.excluded(pair->english)) {
                ++out.counts.excluded;
                continue;
            }
            if (!foreign.insert(pair->foreign).second) continue;
            const uint64_t key = deriveKey(o.seed, fnv1a64(normalised));
            out.candidates.push_back({std::move(*pair), std::move(normalised), name, key});
        }
    }
    out.counts.candidates = out.candidates.size();
    return out;
}

// The first `max` candidates by key, at most `perCatalog` of them from one catalog while others
// have candidates left (then the rest by key), sorted by their output line.
std::vector<Candidate> selectCandidates(std::vector<Candidate> all, size_t max, size_t perCatalog) {
    std::sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) {
        return std::tie(a.key, a.normalised) < std::tie(b.key, b.normalised);
    });
    std::vector<Candidate> capped, rest;
    std::map<std::string, size_t> taken;
    for (Candidate& c : all) {
        if (capped.size() < max && taken[c.catalog] < perCatalog) {
            ++taken[c.catalog];
            capped.push_back(std::move(c));
        } else {
            rest.push_back(std::move(c));
        }
    }
    for (size_t i = 0; capped.size() < max && i < rest.size(); ++i)
        capped.push_back(std::move(rest[i]));
    all = std::move(capped);
    std::sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) {
        return std::tie(a.pair.foreign, a.pair.english) < std::tie(b.pair.foreign, b.pair.english);
    });
    return all;
}

std::vector<std::string> checkedLanguages(const UiPairsOptions& o) {
    std::vector<std::string> problems;
    if (o.languages.empty()) problems.push_back("no languages given");
    for (const std::string& lang : o.languages) {
        if (lang == "en")
            problems.push_back("'en' is the English side of every pair, not a language to list");
        else if (!isValidLanguageCode(lang))
            problems.push_back("'" + lang +
                               "' is not a language code (such as de, pt-PT, zh-Hant)");
    }
    if (o.maxPairsPerLanguage == 0) problems.push_back("maxPairsPerLanguage must be at least 1");
    if (!problems.empty()) {
        std::string message = "UI catalog pairs: ";
        for (size_t i = 0; i < problems.size(); ++i)
            message += (i ? "; " : "") + problems[i];
        throw ConfigError(message);
    }
    std::vector<std::string> langs = o.languages;
    std::sort(langs.begin(), langs.end());  // the order of the request must not change the output
    langs.erase(std::unique(langs.begin(), langs.end()), langs.end());
    return langs;
}

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& item : items)
        out += (out.empty() ? "" : ", ") + item;
    return out;
}

void reportStep(const ProgressFn& progress, const char* stage, size_t done, size_t total) {
    if (progress && !progress(Progress{stage, int64_t(done), int64_t(total)}))
        throw Cancelled("the UI catalog pair extraction was cancelled");
}

Json manifestJson(const UiPairsOptions& o, const UiPairsResult& r,
                  const std::vector<std::map<std::string, size_t>>& keptByCatalog) {
    Json languages = Json::array();
    for (size_t i = 0; i < r.languages.size(); ++i) {
        const UiPairsLanguage& l = r.languages[i];
        languages.push_back({{"code", l.lang},
                             {"locale_dir", l.localeDir},
                             {"file", l.lang + "-en.tsv"},
                             {"catalogs", l.catalogs},
                             {"skipped_catalogs", l.skippedCatalogs},
                             {"candidates", l.candidates},
                             {"excluded", l.excluded},
                             {"kept", l.kept},
                             {"kept_by_catalog", keptByCatalog[i]}});
    }
    Json hashes = Json::object();
    for (const auto& [path, hash] : r.catalogHashes)
        hashes[path] = hash;
    return {{"schema_version", 1},
            {"kind", "ui-catalogs"},
            {"description",
             "held-out UI strings from gettext catalogs; evaluation only, never trained or fitted "
             "on"},
            {"pairs", "LANG-en.tsv: foreign<TAB>english, one pair per line, sorted by bytes"},
            {"locale_root", o.localeRoot.string()},
            {"seed", o.seed},
            {"max_pairs_per_language", o.maxPairsPerLanguage},
            {"max_share_of_one_catalog", o.maxShareOfOneCatalog},
            {"excluded_sentences",
             o.excluded ? "an exclusion list was applied" : "none (no exclusion list was given)"},
            {"languages", languages},
            {"missing", r.missing},
            {"catalogs_fnv1a64", hashes}};
}

}  // namespace

std::vector<MoMessage> parseMoCatalog(std::string_view bytes, const std::string& name) {
    return MoReader(bytes, name).read();
}

std::vector<MoMessage> readMoCatalog(const fs::path& path) {
    return parseMoCatalog(readWholeFile(path), path.string());
}

std::optional<UiPair> cleanUiMessage(std::string_view msgid, std::string_view msgstr) {
    if (msgid.empty() || msgid.find('\0') != std::string_view::npos) return std::nullopt;
    if (const size_t ctx = msgid.find('\x04'); ctx != std::string_view::npos)
        msgid = msgid.substr(ctx + 1);
    if (msgstr.empty() || msgstr == msgid) return std::nullopt;
    if (findInvalidUtf8(msgid) != std::string_view::npos ||
        findInvalidUtf8(msgstr) != std::string_view::npos || isTemplate(msgid) ||
        isTemplate(msgstr))
        return std::nullopt;
    UiPair p{std::string(msgstr), std::string(msgid)};
    for (const char marker : {'_', '&'})
        if (!stripForeignMnemonic(p.foreign, marker, stripEnglishMnemonic(p.english, marker)))
            return std::nullopt;
    if (badEnds(p.english) || badEnds(p.foreign)) return std::nullopt;
    collapseSpaces(p.english);
    collapseSpaces(p.foreign);
    const size_t words = wordCount(p.english);
    if (p.english == p.foreign || words < kMinEnglishWords || words > kMaxEnglishWords ||
        utf8Length(p.foreign) >= kMaxForeignCodePoints)
        return std::nullopt;
    return p;
}

std::string normaliseUiEnglish(const std::string& text) {
    // Punctuation-insensitive, as the corpus splits compare pages: "This is free software; you
    // are..." in a catalog and "This is free software: you are..." in a man page are one sentence.
    return normaliseText(text);
}

std::string uiLocaleDir(const std::string& lang, const fs::path& localeRoot) {
    static const std::map<std::string, std::vector<std::string>> special = {
        {"pt", {"pt_BR"}},
        {"pt-PT", {"pt", "pt_PT"}},
        {"zh", {"zh_CN", "zh_Hans"}},
        {"zh-Hant", {"zh_TW", "zh_Hant"}},
        {"nb", {"nb", "nb_NO"}},
        {"sr-Latn", {"sr@latin", "sr@Latn"}}};
    std::vector<std::string> candidates;
    if (const auto it = special.find(lang); it != special.end()) {
        candidates = it->second;
    } else {
        candidates = {lang};
        std::string underscored = lang;
        std::replace(underscored.begin(), underscored.end(), '-', '_');
        if (underscored != lang) candidates.push_back(underscored);
    }
    std::error_code ec;
    for (const std::string& dir : candidates)
        if (fs::is_directory(localeRoot / dir / "LC_MESSAGES", ec)) return dir;
    return {};
}

UiPairsResult writeUiPairs(const UiPairsOptions& options, const fs::path& outDir,
                           Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    const std::vector<std::string> langs = checkedLanguages(options);
    UiPairsResult result;
    std::vector<std::vector<Candidate>> kept;
    for (size_t i = 0; i < langs.size(); ++i) {
        reportStep(progress, "read", i, langs.size());
        const std::string localeDir = uiLocaleDir(langs[i], options.localeRoot);
        if (localeDir.empty()) {
            result.missing.push_back(langs[i]);
            continue;
        }
        LanguageCandidates c = readLanguage(options, langs[i], localeDir);
        const auto perCatalog = static_cast<size_t>(std::ceil(
            options.maxShareOfOneCatalog * static_cast<double>(options.maxPairsPerLanguage)));
        kept.push_back(selectCandidates(std::move(c.candidates), options.maxPairsPerLanguage,
                                        std::max<size_t>(1, perCatalog)));
        c.counts.kept = kept.back().size();
        result.languages.push_back(std::move(c.counts));
        result.catalogHashes.insert(result.catalogHashes.end(), c.hashes.begin(), c.hashes.end());
    }
    reportStep(progress, "read", langs.size(), langs.size());
    if (result.languages.empty())
        throw DataError("no gettext catalogs found under " + options.localeRoot.string() +
                        "/LOCALE/LC_MESSAGES for " + joined(langs) +
                        ". Some container images tell dpkg not to install them: check "
                        "/etc/dpkg/dpkg.cfg.d/ for a line 'path-exclude=/usr/share/locale/*', "
                        "remove it, then reinstall the packages whose catalogs you want");

    std::error_code ec;
    fs::create_directories(outDir, ec);
    if (ec) throw DataError("cannot create " + outDir.string() + ": " + ec.message());
    const size_t files = result.languages.size() + 1;
    std::vector<std::map<std::string, size_t>> keptByCatalog(result.languages.size());
    for (size_t i = 0; i < result.languages.size(); ++i) {
        reportStep(progress, "write", i, files);
        std::string text;
        for (const Candidate& c : kept[i]) {
            text += c.pair.foreign + '\t' + c.pair.english + '\n';
            ++keptByCatalog[i][c.catalog];
        }
        writeFileAtomically(outDir / (result.languages[i].lang + "-en.tsv"), text);
    }
    reportStep(progress, "write", files - 1, files);
    writeFileAtomically(outDir / "manifest.json",
                        manifestJson(options, result, keptByCatalog).dump(2) + "\n");
    reportStep(progress, "write", files, files);
    return result;
}

std::unordered_set<std::string> englishSentences(const DemoCorpusLayout& corpus) {
    std::error_code ec;
    if (!fs::is_regular_file(corpus.manifest(), ec))
        throw DataError(corpus.root.string() +
                        " is not a demo corpus (no manifest.json); build one with "
                        "'isomorph-cli corpus build-demo --out " +
                        corpus.root.string() + "'");
    // Whatever of the layout exists is read (a corpus may lack a kind of pairs in a split);
    // nothing here is trained on, it only widens what counts as in-domain.
    std::unordered_set<std::string> out;
    for (const std::string& split : kSplits) {
        for (const char* kind : kPairKinds) {
            const fs::path dir = corpus.pairs(split, kind);
            if (!fs::is_directory(dir, ec)) continue;
            std::vector<fs::path> files;
            for (const auto& entry : fs::directory_iterator(dir))
                if (entry.path().extension() == ".tsv") files.push_back(entry.path());
            std::sort(files.begin(), files.end());
            for (const fs::path& file : files) {
                LineReader lines(file);
                std::string_view line;
                while (lines.next(line)) {
                    if (isBlank(line)) continue;
                    const size_t tab = line.rfind('\t');
                    if (tab == std::string_view::npos)
                        lines.fail("expected 2 tab-separated columns (source<TAB>english)");
                    out.insert(normaliseUiEnglish(std::string(line.substr(tab + 1))));
                }
            }
        }
        const fs::path docs = corpus.docsFile(split, "en");
        if (!fs::is_regular_file(docs, ec) || fs::file_size(docs) == 0) continue;
        JsonlDocumentReader reader{LineReader(docs)};
        data::Document doc;
        while (reader.next(doc))
            for (const std::string& sentence : doc.sentences)
                out.insert(normaliseUiEnglish(sentence));
    }
    out.erase(std::string());
    return out;
}

}  // namespace isomorph::data::demo

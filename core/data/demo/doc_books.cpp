// The documentation books of the demo corpus: installed HTML manuals, aligned block by block.
// Method and per-source measurements: docs/design/parallel-doc-sources.md.

#include "core/data/demo/doc_books.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/data/demo/demo_corpus.h"
#include "core/data/demo/demo_outputs.h"
#include "core/data/demo/man_render.h"
#include "core/data/demo/sentence_splitter.h"
#include "core/data/demo/split_units.h"

namespace isomorph::data::demo {
namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

const std::vector<BookSource>& bookSources() {
    static const std::vector<BookSource> kSources = {
        {"handbook", "debian-handbook", "debian-handbook (all languages in one package)",
         "The Debian Administrator's Handbook"},
        {"install-guide", "installation-guide-amd64",
         "installation-guide-amd64 (all languages in one package)",
         "The Debian installation guide (amd64)"},
        {"reference", "debian-reference-en", "debian-reference-de, -es, -fr, -it, -ja, -pt, -zh-cn",
         "The Debian Reference"},
    };
    return kSources;
}

namespace {

// ---------------------------------------------------------------- extraction

bool isBlock(const std::string& name) {
    static const std::set<std::string> kBlocks = {
        "p",  "div", "li", "td", "th", "dt", "dd",    "h1",      "h2",         "h3",     "h4",
        "h5", "h6",  "ul", "ol", "dl", "tr", "table", "caption", "blockquote", "section"};
    return kBlocks.count(name) > 0;
}

std::string attribute(xmlNode* n, const char* name) {
    xmlChar* v = xmlGetProp(n, reinterpret_cast<const xmlChar*>(name));
    if (!v) return {};
    std::string out(reinterpret_cast<const char*>(v));
    xmlFree(v);
    return out;
}

bool hasWord(const std::string& list, const char* word) {
    size_t start = 0;
    while (start < list.size()) {
        size_t end = list.find(' ', start);
        if (end == std::string::npos) end = list.size();
        if (list.compare(start, end - start, word) == 0) return true;
        start = end + 1;
    }
    return false;
}

// Elements whose text is code, navigation, tables of contents, legal text or template chrome.
bool skipped(const std::string& name, const std::string& cls, const std::string& id) {
    static const char* const kNames[] = {"head", "script", "style", "pre", "img", "map"};
    for (const char* n : kNames)
        if (name == n) return true;
    static const char* const kClasses[] = {"navheader",      "navfooter",       "toc",
                                           "docnav",         "legalnotice",     "indexterm",
                                           "list-of-tables", "list-of-figures", "list-of-examples",
                                           "revhistory",     "index",           "screen",
                                           "programlisting", "synopsis",        "author",
                                           "authorgroup",    "othercredit",     "copyright",
                                           "editor"};
    for (const char* c : kClasses)
        if (hasWord(cls, c)) return true;
    return id == "banner" || id == "site_footer" || id == "title";
}

bool isUiClass(const std::string& cls) {
    static const char* const kUi[] = {"guimenu",  "guimenuitem", "guisubmenu", "guibutton",
                                      "guilabel", "guiicon",     "keycap",     "keycombo"};
    for (const char* c : kUi)
        if (hasWord(cls, c)) return true;
    return false;
}

std::string lower(const char* s) {
    std::string out(s ? s : "");
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// Collapses ASCII whitespace and no-break spaces to single spaces, trimmed.
std::string collapse(const std::string& s) {
    std::string out;
    bool space = false;
    for (size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        bool ws = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
        if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0) {
            ws = true;
            ++i;
        }
        if (ws) {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += static_cast<char>(c);
    }
    return out;
}

// "2.6. ", "A.13. ", "A. ", "6.2 " at the start of a heading.
std::string stripSectionNumber(const std::string& s) {
    size_t i = 0;
    if (i < s.size() && s[i] >= 'A' && s[i] <= 'Z' && i + 1 < s.size() && s[i + 1] == '.') i = 2;
    bool digits = false;
    while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.')) {
        digits = digits || s[i] != '.';
        ++i;
    }
    if ((digits || i == 2) && i < s.size() && s[i] == ' ') return s.substr(i + 1);
    return s;
}

class Extractor {
  public:
    std::vector<BookUnit> units;

    void walk(xmlNode* parent, const std::string& path, bool ui) {
        for (xmlNode* n = parent->children; n; n = n->next) {
            if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
                const char* t = reinterpret_cast<const char*>(n->content);
                size_t visible = 0;
                for (const char* c = t; c && *c; ++c)
                    visible += !std::isspace(static_cast<unsigned char>(*c));
                text_ += t ? t : "";
                visibleBytes_ += visible;
                if (ui) uiBytes_ += visible;
                continue;
            }
            if (n->type != XML_ELEMENT_NODE) continue;
            const std::string name = lower(reinterpret_cast<const char*>(n->name));
            const std::string cls = attribute(n, "class");
            if (skipped(name, cls, attribute(n, "id"))) continue;
            if (name == "br") {
                text_ += ' ';
                continue;
            }
            if (!isBlock(name)) {
                walk(n, path, ui || isUiClass(cls));
                continue;
            }
            flush();
            std::string inner = path + "/" + name;
            if (name == "div" && !cls.empty()) inner += "." + cls.substr(0, cls.find(' '));
            const std::string outer = path_;
            path_ = inner;
            walk(n, inner, ui);
            flush();
            path_ = outer;
        }
    }

    void flush() {
        const std::string text = stripSectionNumber(collapse(text_));
        if (!text.empty())
            units.push_back(
                {path_, text, visibleBytes_ ? static_cast<double>(uiBytes_) / visibleBytes_ : 0.0});
        text_.clear();
        uiBytes_ = visibleBytes_ = 0;
    }

  private:
    std::string text_, path_;
    size_t uiBytes_ = 0, visibleBytes_ = 0;  ///< non-space bytes inside UI spans, in all
};

// ---------------------------------------------------------------- filtering

bool isCjkLanguage(const std::string& lang) {
    return lang.rfind("ja", 0) == 0 || lang.rfind("zh", 0) == 0 || lang.rfind("ko", 0) == 0;
}

// Lowercased word tokens (split at ASCII spaces and punctuation) of at least `minChars` letters.
std::vector<std::string> words(const std::string& s, size_t minChars) {
    std::vector<std::string> out;
    std::string cur;
    auto push = [&] {
        if (utf8Length(cur) >= minChars) out.push_back(cur);
        cur.clear();
    };
    for (char c : s) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (u < 0x80 && !std::isalnum(u)) {
            push();
            continue;
        }
        cur += u < 0x80 ? static_cast<char>(std::tolower(u)) : c;
    }
    push();
    return out;
}

double cjkShare(const std::string& s) {
    size_t cjk = 0, letters = 0;
    for (size_t i = 0; i < s.size();) {
        size_t len = 0;
        const char32_t c = decodeUtf8(s, i, len);
        i += len;
        if (c < 0x80 && !std::isalpha(static_cast<int>(c))) continue;
        if (c == U' ') continue;
        ++letters;
        if (isCjk(c)) ++cjk;
    }
    return letters ? static_cast<double>(cjk) / letters : 0.0;
}

}  // namespace

std::vector<BookUnit> extractBookUnits(const fs::path& html) {
    htmlDocPtr doc = htmlReadFile(
        html.c_str(), "UTF-8",
        HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
    if (!doc)
        throw DataError("cannot read the HTML page " + html.string() +
                        "; reinstall the package that owns it (dpkg -S " + html.string() + ")");
    Extractor e;
    if (xmlNode* root = xmlDocGetRootElement(doc)) e.walk(root, "", false);
    e.flush();
    xmlFreeDoc(doc);
    return e.units;
}

std::vector<std::pair<size_t, size_t>> alignBookUnits(const std::vector<BookUnit>& en,
                                                      const std::vector<BookUnit>& xx) {
    std::vector<std::pair<size_t, size_t>> out;
    const bool same =
        en.size() == xx.size() &&
        std::equal(en.begin(), en.end(), xx.begin(),
                   [](const BookUnit& a, const BookUnit& b) { return a.path == b.path; });
    if (same) {
        for (size_t i = 0; i < en.size(); ++i)
            out.emplace_back(i, i);
        return out;
    }
    // Longest common subsequence of the path sequences (pages hold a few hundred units).
    const size_t n = en.size(), m = xx.size();
    std::vector<std::vector<uint32_t>> lcs(n + 1, std::vector<uint32_t>(m + 1, 0));
    for (size_t i = n; i-- > 0;)
        for (size_t j = m; j-- > 0;)
            lcs[i][j] = en[i].path == xx[j].path ? lcs[i + 1][j + 1] + 1
                                                 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    for (size_t i = 0, j = 0; i < n && j < m;) {
        if (en[i].path == xx[j].path && lcs[i][j] == lcs[i + 1][j + 1] + 1) {
            out.emplace_back(i++, j++);
        } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
            ++i;
        } else {
            ++j;
        }
    }
    return out;
}

std::string bookPairProblem(const std::string& xx, const std::string& en, const std::string& lang) {
    if (normaliseText(xx) == normaliseText(en)) return "identical";
    if (words(en, 1).size() < 3) return "short";
    const bool cjk = isCjkLanguage(lang);
    if (cjk) {
        if (cjkShare(xx) < 0.15) return "untranslated";
    } else {
        const auto target = words(xx, 3);
        const auto source = words(en, 3);
        const std::set<std::string> english(source.begin(), source.end());
        size_t copied = 0;
        for (const auto& w : target)
            copied += english.count(w);
        if (!target.empty() && 2 * copied > target.size()) return "untranslated";
    }
    const double ratio = static_cast<double>(utf8Length(xx)) / std::max<size_t>(1, utf8Length(en));
    if (cjk ? (ratio < 0.1 || ratio > 1.6) : (ratio < 0.5 || ratio > 2.2)) return "length";
    return {};
}

std::string bookLanguageCode(const std::string& tag) {
    std::string locale = tag;
    std::replace(locale.begin(), locale.end(), '-', '_');
    const size_t us = locale.find('_');
    if (us != std::string::npos)
        for (size_t i = us + 1; i < locale.size(); ++i)
            locale[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(locale[i])));
    if (locale == "zh_CN" || locale == "zh_TW" || locale == "pt_BR" || locale == "pt")
        return languageCodeForLocale(locale);
    return languageCodeForLocale(locale.substr(0, us));
}

namespace {
/// One more page read: tells `progress`, which may cancel.
void countPage(const ProgressFn& progress, size_t done, size_t total) {
    if (progress &&
        !progress(Progress{"books", static_cast<int64_t>(done), static_cast<int64_t>(total)}))
        throw Cancelled("reading the documentation books was cancelled");
}

// ---------------------------------------------------------------- reading one book

/// One book's pages: English file -> translated file per language code.
struct BookFiles {
    std::vector<std::string> groups;  ///< one per English page
    std::vector<fs::path> english;
    std::map<std::string, std::vector<fs::path>>
        translated;  ///< code -> file per page (may not exist)
    fs::path where;  ///< for messages
};

std::vector<fs::path> htmlFiles(const fs::path& dir) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.is_regular_file() && e.path().extension() == ".html") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

// Books with one folder per language and the same file names in each (handbook, install guide).
BookFiles folderBook(const fs::path& dir, const std::string& englishTag,
                     const std::set<std::string>& languages) {
    BookFiles b;
    b.where = dir / englishTag;
    b.english = htmlFiles(b.where);
    for (const auto& f : b.english)
        b.groups.push_back(f.stem().string());
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string tag = e.path().filename().string();
        if (!e.is_directory() || tag == englishTag) continue;
        const std::string code = bookLanguageCode(tag);
        if (code.empty() || !languages.count(code) || b.translated.count(code)) continue;
        auto& files = b.translated[code];
        for (const auto& f : b.english)
            files.push_back(e.path() / f.filename());
    }
    return b;
}

// The Debian Reference: /usr/share/debian-reference/STEM.LANG.html.
BookFiles suffixBook(const fs::path& dir, const std::set<std::string>& languages) {
    BookFiles b;
    b.where = dir;
    std::map<std::string, std::set<std::string>> tagsOf;  // stem -> language tags
    for (const auto& f : htmlFiles(dir)) {
        const std::string name = f.stem().string();  // "ch01.de"
        const size_t dot = name.rfind('.');
        if (dot == std::string::npos) continue;
        tagsOf[name.substr(0, dot)].insert(name.substr(dot + 1));
    }
    for (const auto& [stem, tags] : tagsOf) {
        if (!tags.count("en")) continue;
        b.groups.push_back(stem);
        b.english.push_back(dir / (stem + ".en.html"));
    }
    std::set<std::string> allTags;
    for (const auto& [stem, tags] : tagsOf)
        allTags.insert(tags.begin(), tags.end());
    for (const auto& tag : allTags) {
        const std::string code = bookLanguageCode(tag);
        if (tag == "en" || code.empty() || !languages.count(code) || b.translated.count(code))
            continue;
        auto& files = b.translated[code];
        for (const auto& stem : b.groups)
            files.push_back(dir / (stem + "." + tag + ".html"));
    }
    return b;
}

BookFiles locate(const BookSource& s, const BookOptions& o) {
    if (s.name == "handbook")
        return folderBook(o.root / "doc/debian-handbook/html", "en-US", o.languages);
    if (s.name == "install-guide")
        return folderBook(o.root / "doc/installation-guide-amd64", "en", o.languages);
    return suffixBook(o.root / "debian-reference", o.languages);
}

std::string installedVersion(const std::string& package) {
    const std::string out =
        commandOutput("dpkg-query -W -f='${Status}|${Version}' " + package + " 2>/dev/null");
    const size_t bar = out.find('|');
    if (bar == std::string::npos || out.find("install ok installed") == std::string::npos)
        return {};
    return out.substr(bar + 1);
}

std::string missingMessage(const BookSource& s, const BookFiles& b, const fs::path& root) {
    std::string msg = "documentation book '" + s.name + "' (" + s.title +
                      ") is not installed (no " + "pages in " + b.where.string() +
                      "): install it with 'apt-get install " + s.package +
                      "' (translations: " + s.translations +
                      ") or run packaging/install-deps.sh; the corpus is built without it";
    // Installed but without files: a dpkg path-exclude removed /usr/share/doc.
    const bool underDoc = b.where.string().rfind((root / "doc").string(), 0) == 0;
    if (root == fs::path("/usr/share") && underDoc && !installedVersion(s.package).empty())
        msg +=
            ". The package is installed but its files are not: check /etc/dpkg/dpkg.cfg.d/ "
            "for a path-exclude line for /usr/share/doc, remove it and reinstall " +
            s.package;
    return msg;
}

struct LanguageCounts {
    size_t pages = 0, aligned = 0, lost = 0;
    std::map<std::string, size_t> dropped;
    std::map<std::string, size_t> pairs;  ///< per split
};

/// A unit pair (English unit index, text pair) before splitting into sentences.
struct UnitPair {
    size_t englishUnit;
    std::string xx, en;
};

// Sentence pairs of a paragraph pair when both split into the same number of sentences and every
// sentence pair passes the filters, else the paragraph pair itself when short enough to be one
// training example. Japanese and Chinese translators merge and split sentences, so equal counts
// say little there: CJK pairs stay paragraphs.
std::vector<std::pair<std::string, std::string>> sentencePairs(
    const std::string& xx, const std::string& en, const std::string& lang,
    std::map<std::string, size_t>& dropped) {
    std::vector<std::pair<std::string, std::string>> out;
    if (!isCjkLanguage(lang)) {
        const auto xs = splitSentences(xx, lang);
        const auto es = splitSentences(en, "en");
        bool allGood = xs.size() == es.size() && xs.size() > 1;
        for (size_t i = 0; allGood && i < xs.size(); ++i) {
            const std::string problem = bookPairProblem(xs[i], es[i], lang);
            allGood = problem.empty() || problem == "short" || problem == "identical";
        }
        if (allGood) {
            for (size_t i = 0; i < xs.size(); ++i)
                if (bookPairProblem(xs[i], es[i], lang).empty()) out.emplace_back(xs[i], es[i]);
            return out;
        }
    }
    if (utf8Length(xx) > kPairMaxChars || utf8Length(en) > kPairMaxChars) {
        ++dropped["long"];
        return out;
    }
    out.emplace_back(xx, en);
    return out;
}

void readBook(const BookSource& s, const BookFiles& b, BookCorpus& out, size_t& done, size_t total,
              const ProgressFn& progress) {
    // Each page is a split unit; English text that recurs on several pages (boilerplate steps,
    // repeated package descriptions) is kept in train only, so it cannot straddle splits.
    std::vector<std::vector<BookUnit>> english(b.english.size());
    std::map<std::string, std::set<size_t>> pagesOf;  // normalised English text -> pages
    std::vector<std::string> splitOf(b.english.size());
    for (size_t i = 0; i < b.english.size(); ++i) {
        english[i] = extractBookUnits(b.english[i]);
        splitOf[i] = std::string(splitOfCommand(s.name + ":" + b.groups[i]));
        for (const auto& u : english[i])
            pagesOf[normaliseText(u.text)].insert(i);
        countPage(progress, ++done, total);
    }
    // Per English unit, once for every language: does its text recur on another page?
    std::vector<std::vector<bool>> repeated(english.size());
    for (size_t i = 0; i < english.size(); ++i)
        for (const auto& u : english[i])
            repeated[i].push_back(pagesOf.at(normaliseText(u.text)).size() > 1);
    Json groups = Json::object();
    size_t units = 0, words = 0;
    for (size_t i = 0; i < english.size(); ++i) {
        groups[splitOf[i]] = groups.value(splitOf[i], 0) + 1;
        BookDocument doc{s.name, b.groups[i], "en", splitOf[i], {}};
        for (const auto& u : english[i]) {
            ++units;
            words += std::count(u.text.begin(), u.text.end(), ' ') + 1;
            if (u.uiShare > 0.5) continue;
            for (auto& sentence : splitSentences(u.text, "en"))
                doc.sentences.push_back(std::move(sentence));
        }
        if (!doc.sentences.empty()) out.documents.push_back(std::move(doc));
    }
    Json languages = Json::object(), skipped = Json::object();
    for (const auto& [lang, files] : b.translated) {
        LanguageCounts c;
        std::map<std::string, BookPairs> pairs;  // split -> pairs
        std::vector<BookDocument> docs;
        for (size_t i = 0; i < files.size(); ++i) {
            countPage(progress, ++done, total);
            std::error_code ec;
            if (!fs::is_regular_file(files[i], ec)) continue;
            ++c.pages;
            const auto xx = extractBookUnits(files[i]);
            const auto matched = alignBookUnits(english[i], xx);
            c.aligned += matched.size();
            c.lost += english[i].size() - matched.size();
            BookDocument doc{s.name, b.groups[i], lang, splitOf[i], {}};
            for (const auto& [ei, xi] : matched) {
                const BookUnit& e = english[i][ei];
                const BookUnit& x = xx[xi];
                if (e.uiShare > 0.5 || x.uiShare > 0.5) {
                    ++c.dropped["ui"];
                    continue;
                }
                const std::string problem = bookPairProblem(x.text, e.text, lang);
                if (problem == "identical" || problem == "untranslated") {
                    ++c.dropped[problem];
                    continue;
                }
                for (auto& sentence : splitSentences(x.text, lang))
                    doc.sentences.push_back(std::move(sentence));
                if (!problem.empty()) {
                    ++c.dropped[problem];
                    continue;
                }
                auto& into = pairs[repeated[i][ei] ? "train" : splitOf[i]];
                for (auto& p : sentencePairs(x.text, e.text, lang, c.dropped))
                    into.insert(std::move(p));
            }
            if (!doc.sentences.empty()) docs.push_back(std::move(doc));
        }
        size_t kept = 0;
        for (const auto& [split, list] : pairs)
            kept += list.size();
        // A translation that is mostly the English fallback teaches nothing and is left out.
        if (kept * 20 < units) {
            skipped[lang] = {{"pages", c.pages}, {"pairs", kept}, {"english_units", units}};
            continue;
        }
        for (auto& d : docs)
            out.documents.push_back(std::move(d));
        Json perSplit = Json::object();
        for (const auto& split : kSplits) {
            auto& list = pairs[split];
            perSplit[split] = list.size();
            out.pairs[s.name][split][lang + "-en"] = std::move(list);
        }
        languages[lang] = {{"pages", c.pages},
                           {"aligned_units", c.aligned},
                           {"unaligned_units", c.lost},
                           {"pairs", perSplit},
                           {"dropped", c.dropped}};
    }
    out.manifest[s.name] = {{"title", s.title},
                            {"package", s.package},
                            {"version", installedVersion(s.package)},
                            {"english_pages", b.english.size()},
                            {"english_units", units},
                            {"english_words", words},
                            {"pages_per_split", groups},
                            {"languages", languages},
                            {"languages_skipped_mostly_untranslated", skipped}};
}

}  // namespace

BookCorpus readBooks(const BookOptions& o, const ProgressFn& progress) {
    BookCorpus out;
    std::vector<std::pair<const BookSource*, BookFiles>> books;
    for (const auto& s : bookSources()) {
        if (!o.sources.empty() &&
            std::find(o.sources.begin(), o.sources.end(), s.name) == o.sources.end())
            continue;
        BookFiles b = locate(s, o);
        if (b.english.empty()) {
            out.warnings.push_back(missingMessage(s, b, o.root));
            out.manifest[s.name] = {
                {"title", s.title}, {"package", s.package}, {"installed", false}};
            continue;
        }
        books.emplace_back(&s, std::move(b));
    }
    size_t total = 0, done = 0;
    for (const auto& [s, b] : books) {
        total += b.english.size();
        for (const auto& [lang, files] : b.translated)
            total += files.size();
    }
    for (const auto& [s, b] : books)
        readBook(*s, b, out, done, total, progress);
    return out;
}

}  // namespace isomorph::data::demo

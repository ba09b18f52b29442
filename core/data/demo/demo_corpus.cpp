// `corpus build-demo`: installed man pages -> a multilingual corpus (docs/demo-corpus.md).

#include "core/data/demo/demo_corpus.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <stdlib.h>

#include <spdlog/spdlog.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/common/language.h"
#include "core/common/staging_dir.h"
#include "core/data/demo/demo_outputs.h"
#include "core/data/demo/doc_books.h"
#include "core/data/demo/man_render.h"
#include "core/data/demo/split_units.h"

namespace isomorph::data {
namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using namespace demo;

namespace {

using Clock = std::chrono::steady_clock;

// Forwards progress at most every 250 ms, plus every stage change and stage end.
class ThrottledProgress {
  public:
    explicit ThrottledProgress(const ProgressFn& callback) : callback_(callback) {}
    void operator()(const std::string& stage, size_t done, size_t total) {
        if (!callback_) return;
        const auto now = Clock::now();
        if (stage == stage_ && done < total && now - last_ < std::chrono::milliseconds(250)) return;
        stage_ = stage;
        last_ = now;
        if (!callback_(Progress{stage, static_cast<int64_t>(done), static_cast<int64_t>(total)}))
            throw Cancelled("the demo corpus build was cancelled");
    }

  private:
    const ProgressFn& callback_;
    std::string stage_;
    Clock::time_point last_{};
};

std::string noPagesMessage(const fs::path& root, const std::string& what) {
    return "no " + what + " man pages found under " + root.string() +
           ". Some container images tell dpkg not to install documentation: check "
           "/etc/dpkg/dpkg.cfg.d/ for a line 'path-exclude=/usr/share/man/*', remove it, then "
           "reinstall the pages with 'apt-get install --reinstall man-db manpages manpages-de "
           "manpages-fr manpages-es manpages-ru manpages-ja manpages-zh manpages-it manpages-pl'";
}

std::vector<ManLanguage> selectLanguages(const DemoCorpusOptions& o) {
    const std::vector<ManLanguage> installed = findManLanguages(o.manRoot);
    if (o.languages.empty()) return installed;
    std::vector<ManLanguage> out;
    for (const std::string& want : o.languages) {
        auto it = std::find_if(installed.begin(), installed.end(), [&](const ManLanguage& l) {
            return l.code == want || l.locale == want;
        });
        if (it == installed.end()) {
            std::string list;
            for (const auto& l : installed)
                list += (list.empty() ? "" : ", ") + l.code;
            throw ConfigError("--langs: no man pages installed for '" + want +
                              "'; installed: " + (list.empty() ? "none" : list));
        }
        if (std::none_of(out.begin(), out.end(), [&](auto& l) { return l.code == it->code; }))
            out.push_back(*it);
    }
    // The order of --langs must not change the output.
    std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.code < b.code; });
    return out;
}

// The pages to render: every page of the chosen languages, and the English pages of the same
// commands (English alone has ~18,000 pages; only those with a counterpart are useful here).
std::vector<ManPageFile> pagesToRender(const DemoCorpusOptions& o,
                                       const std::vector<ManLanguage>& langs) {
    std::vector<ManPageFile> pages;
    std::set<std::pair<std::string, std::string>> wanted;
    for (const auto& l : langs) {
        for (auto& p : listManPages(l, o.sections)) {
            wanted.emplace(p.command, p.section);
            pages.push_back(std::move(p));
        }
    }
    if (pages.empty()) throw DataError(noPagesMessage(o.manRoot, "translated"));
    size_t english = 0;
    for (auto& p : listManPages({"en", "", o.manRoot}, o.sections)) {
        ++english;
        if (wanted.count({p.command, p.section})) pages.push_back(std::move(p));
    }
    if (english == 0) throw DataError(noPagesMessage(o.manRoot, "English"));
    return pages;
}

Json packagesJson() {
    Json j = Json::object();
    const std::string text = commandOutput(
        "dpkg-query -W -f='${Package} ${Version}\\n' 'manpages*' man-db groff-base 2>/dev/null");
    size_t start = 0;
    while (start < text.size()) {
        const size_t end = std::min(text.find('\n', start), text.size());
        const std::string line = text.substr(start, end - start);
        const size_t sp = line.find(' ');
        if (sp != std::string::npos && sp + 1 < line.size())
            j[line.substr(0, sp)] = line.substr(sp + 1);
        start = end + 1;
    }
    return j;
}

}  // namespace

int demoCorpusSchemaVersion(const fs::path& dir) {
    std::ifstream in(dir / "manifest.json", std::ios::binary);
    if (!in) return 0;
    const Json m = Json::parse(in, nullptr, /*allow_exceptions=*/false);
    const auto it = m.is_object() ? m.find("schema_version") : m.end();
    return it != m.end() && it->is_number_integer() ? it->get<int>() : 0;
}

std::string_view splitOfCommand(std::string_view command) {
    const uint64_t bucket = fnv1a64(command) % 10;
    return bucket < 8 ? "train" : bucket == 8 ? "dev" : "test";
}

namespace {

struct Parsed {
    Corpus corpus;
    Json failed = Json::array();
    std::map<std::string, size_t> aliases;
    std::vector<std::pair<std::string, std::string>> aliasLinks;  ///< commands sharing a page
    SplitUnits units;
};

// Puts every document into the split of its unit (see groupSplitUnits).
void assignSplits(Parsed& parsed) {
    parsed.units = groupSplitUnits(parsed.corpus, parsed.aliasLinks);
    for (auto& [lang, docs] : parsed.corpus)
        for (auto& [key, d] : docs)
            d.split = std::string(splitOfCommand(parsed.units.unitOf.at(d.command)));
}

// "unit<TAB>command" for every command that shares its unit with another, sorted.
std::string unitsTable(const SplitUnits& units) {
    std::map<std::string, std::vector<std::string>> members;
    for (const auto& [command, unit] : units.unitOf)
        members[unit].push_back(command);
    std::string out;
    for (const auto& [unit, commands] : members)
        if (commands.size() > 1)
            for (const auto& c : commands)
                out += unit + "\t" + c + "\n";
    return out;
}

Parsed parsePages(const std::vector<ManPageFile>& pages, std::vector<RenderResult>& results,
                  ThrottledProgress& progress) {
    Parsed out;
    for (size_t i = 0; i < pages.size(); ++i) {
        progress("parse", i, pages.size());
        const ManPageFile& f = pages[i];
        RenderResult& r = results[i];
        for (const auto& alias : f.aliases)
            out.aliasLinks.emplace_back(f.command, alias);
        if (r.alias) {
            ++out.aliases[f.lang];
            if (!r.aliasOf.empty()) out.aliasLinks.emplace_back(f.command, r.aliasOf);
            continue;
        }
        Document d{f.lang, f.command, f.section, "",
                   r.error.empty() ? parseRenderedManPage(r.text, f.lang) : ParsedManPage{}};
        r.text.clear();
        if (r.error.empty() && d.page.sections.empty()) r.error = "rendered to no text";
        if (!r.error.empty()) {
            out.failed.push_back({{"path", f.path.string()}, {"lang", f.lang}, {"error", r.error}});
            continue;
        }
        out.corpus[f.lang].emplace(PageKey{f.command, f.section}, std::move(d));
    }
    progress("parse", pages.size(), pages.size());
    assignSplits(out);
    return out;
}

Json manifestHead(const DemoCorpusOptions& o, const std::vector<ManLanguage>& langs,
                  const Parsed& parsed) {
    Json languages = Json::array();
    languages.push_back({{"code", "en"}, {"man_dir", o.manRoot.string()}});
    for (const auto& l : langs)
        languages.push_back({{"code", l.code}, {"man_dir", l.dir.string()}});
    std::map<std::string, std::set<std::string>> commands;
    for (const auto& [lang, docs] : parsed.corpus)
        for (const auto& [key, d] : docs)
            commands[d.split].insert(d.command);
    Json perSplit = Json::object();
    for (const auto& split : kSplits)
        perSplit[split] = commands[split].size();
    const SplitUnits& u = parsed.units;
    return {{"schema_version", kDemoCorpusSchemaVersion},
            {"source",
             {{"kind", "man-pages"},
              {"description",
               "Man pages installed on the building machine, rendered with groff (troff -mandoc "
               "-Tutf8, 97 columns, no hyphenation or justification)"},
              {"packages", packagesJson()}}},
            {"languages", languages},
            {"man_sections", o.sections},
            {"splits",
             {{"method",
               "fnv1a64(unit) % 10: 0-7 train, 8 dev, 9 test; a unit is the commands linked by "
               "symbolic links, .so includes or near-duplicate pages, named by its smallest "
               "command; a documentation book's unit is its page, fnv1a64(\"BOOK:PAGE\"), and "
               "English text found on several pages of a book stays in train; dev and test pairs "
               "whose normalised text occurs in an earlier split of any family are dropped"},
              {"units", u.units},
              {"grouped_commands", u.groupedCommands},
              {"links", u.links}}},
            {"commands", perSplit},
            {"alias_pages_skipped", parsed.aliases},
            {"failed_pages", parsed.failed}};
}

void checkRenderer(const std::vector<RenderResult>& results) {
    const bool allFailed =
        std::all_of(results.begin(), results.end(), [](auto& r) { return !r.error.empty(); });
    if (!results.empty() && allFailed)
        throw DataError("no man page could be rendered (first error: " + results.front().error +
                        "); the demo corpus needs groff's troff, tbl and grotty: "
                        "apt-get install groff-base");
}

DemoCorpusSummary summarize(const DemoCorpusOptions& o, const Parsed& parsed, const Json& m) {
    DemoCorpusSummary s;
    s.outDir = o.outDir;
    s.failedPages = parsed.failed.size();
    for (const auto& [lang, splits] : m["documents"].items()) {
        if (lang == "en")
            s.languages.insert(s.languages.begin(), lang);
        else
            s.languages.push_back(lang);
        for (const auto& [split, c] : splits.items()) {
            s.documents[lang] += c["documents"].get<size_t>();
            s.sentences[lang] += c["sentences"].get<size_t>();
        }
    }
    for (const auto& [pair, kinds] : m["pairs"].items())
        for (const auto& [kind, splits] : kinds.items())
            for (const auto& [split, n] : splits.items())
                s.pairs[kind] += n.get<size_t>();
    for (const auto& [pair, splits] : m["section_pairs"].items())
        for (const auto& [split, n] : splits.items())
            s.sectionPairs += n.get<size_t>();
    return s;
}

void validate(const DemoCorpusOptions& o) {
    if (o.outDir.empty()) throw ConfigError("--out: give the folder to build the corpus in");
    if (fs::exists(o.outDir) && !o.force)
        throw ConfigError("--out: " + o.outDir.string() +
                          " already exists; pass --force to replace it or choose another folder");
    if (o.sections.empty()) throw ConfigError("--sections: give at least one man section");
    for (const auto& s : o.sections)
        if (s.empty() || s.find_first_of("/. ") != std::string::npos)
            throw ConfigError("--sections: '" + s + "' is not a man section (1, 8, ...)");
    for (const auto& b : o.books) {
        const auto& all = bookSources();
        if (b == "none" && o.books.size() == 1) continue;
        if (std::none_of(all.begin(), all.end(),
                         [&](const BookSource& s) { return s.name == b; })) {
            std::string names;
            for (const auto& s : all)
                names += (names.empty() ? "" : ", ") + s.name;
            throw ConfigError("--books: '" + b + "' is not a documentation book; choose from " +
                              names + ", or 'none' alone for man pages only");
        }
    }
    for (const auto& l : o.languages) {
        if (!isValidLanguageCode(l) && languageCodeForLocale(l).empty())
            throw ConfigError("--langs: '" + l +
                              "' is not a language code (ISO 639-1 such as de, zh, zh-Hant) or a "
                              "man page locale (zh_CN); see the installed ones in /usr/share/man");
    }
}

}  // namespace

DemoCorpusSummary buildDemoCorpus(const DemoCorpusOptions& options, Feedback* feedback) {
    const ProgressFn callback = progressOf(feedback);
    const auto started = Clock::now();
    validate(options);
    ThrottledProgress progress(callback);
    progress("scan", 0, 1);
    const std::vector<ManLanguage> langs = selectLanguages(options);
    if (langs.empty()) throw DataError(noPagesMessage(options.manRoot, "translated"));
    const std::vector<ManPageFile> pages = pagesToRender(options, langs);

    // Records its owner: a build killed midway leaves a folder the next workspace open removes.
    StagingDir tmp(fs::absolute(options.outDir).lexically_normal());
    fs::create_directories(tmp.path() / ".render");
    RenderOptions ro;
    ro.jobs = options.jobs;
    ro.timeout = options.pageTimeout;
    ro.scratchDir = tmp.path() / ".render";
    std::vector<RenderResult> results = renderManPages(pages, ro, [&](const Progress& p) {
        progress("render", static_cast<size_t>(p.done), static_cast<size_t>(p.total));
        return true;
    });
    checkRenderer(results);
    fs::remove_all(ro.scratchDir);
    Parsed parsed = parsePages(pages, results, progress);

    BookCorpus books;
    if (!(options.books.size() == 1 && options.books.front() == "none")) {
        BookOptions bo;
        bo.sources = options.books;
        bo.root = options.docRoot;
        for (const auto& [lang, docs] : parsed.corpus)
            if (lang != "en") bo.languages.insert(lang);
        books = readBooks(bo, [&](const Progress& p) {
            progress("books", static_cast<size_t>(p.done), static_cast<size_t>(p.total));
            return true;
        });
        for (const auto& w : books.warnings)
            spdlog::warn("{}", w);
    }

    Json manifest = manifestHead(options, langs, parsed);
    manifest["books"] = books.manifest;
    progress("write", 0, 3);
    writeDocuments(parsed.corpus, books.documents, tmp.path(), manifest);
    writeTextFile(tmp.path() / "split-units.tsv", unitsTable(parsed.units));
    progress("write", 1, 3);
    PairFamilies families = buildPairFamilies(parsed.corpus);
    for (auto& [book, splits] : books.pairs)
        for (auto& [split, byPair] : splits)
            families.splits[split].pairs[book] = std::move(byPair);
    const Json dropped = dropCrossSplitOverlap(families);
    widenTestRetrievalCorpora(families);
    progress("write", 2, 3);
    writePairFamilies(families, tmp.path(), manifest);
    manifest["overlap_dropped"] = dropped;
    progress("write", 3, 3);
    writeTextFile(tmp.path() / "manifest.json", manifest.dump(2) + "\n");

    DemoCorpusSummary summary = summarize(options, parsed, manifest);
    summary.warnings = books.warnings;
    summary.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    Json log = {
        {"seconds", summary.seconds}, {"pages_rendered", pages.size()}, {"jobs", options.jobs}};
    writeTextFile(tmp.path() / "build-log.json", log.dump(2) + "\n");
    tmp.moveTo(options.outDir);
    return summary;
}

}  // namespace isomorph::data

// `corpus stats` for a demo corpus: per-split sizes and the pair text shared between splits,
// measured from the files (issue 12, item 1.1).

#include "core/data/demo/split_overlap.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/data/demo/demo_corpus.h"
#include "core/data/demo/demo_layout.h"
#include "core/data/demo/split_units.h"

namespace isomorph::data {
namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

const char* const kFamilies[] = {"name",      "option",  "handbook", "install-guide",
                                 "reference", "section", "query",    "passage"};

// (source, target) texts of one family in one split; target is empty for queries and passages.
using Texts = std::vector<std::pair<std::string, std::string>>;

std::vector<fs::path> filesIn(const fs::path& dir, const std::string& name, bool recursive) {
    std::vector<fs::path> out;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return out;
    auto take = [&](const fs::directory_entry& e) {
        const std::string file = e.path().filename().string();
        if (e.is_regular_file() &&
            (file == name || (name.front() == '.' && e.path().extension() == name)))
            out.push_back(e.path());
    };
    if (recursive)
        for (const auto& e : fs::recursive_directory_iterator(dir))
            take(e);
    else
        for (const auto& e : fs::directory_iterator(dir))
            take(e);
    std::sort(out.begin(), out.end());
    return out;
}

template <typename Line>
void forEachLine(const fs::path& file, Line line) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw DataError("cannot read " + file.string());
    std::string text;
    for (size_t n = 1; std::getline(in, text); ++n)
        if (!text.empty()) line(text, n);
}

Json parseLine(const std::string& text, const fs::path& file, size_t n) {
    Json j = Json::parse(text, nullptr, false);
    if (!j.is_object())
        throw DataError(
            fmt::format("{}:{}: not a JSON object; rebuild the corpus with "
                        "'corpus build-demo --force'",
                        file.string(), n));
    return j;
}

std::string field(const Json& j, const char* name) {
    const auto it = j.find(name);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

Texts tsvPairs(const fs::path& dir) {
    Texts out;
    for (const auto& f : filesIn(dir, ".tsv", false))
        forEachLine(f, [&](const std::string& line, size_t) {
            const size_t tab = line.find('\t');
            out.emplace_back(line.substr(0, tab),
                             tab == std::string::npos ? std::string() : line.substr(tab + 1));
        });
    return out;
}

Texts sectionPairs(const fs::path& dir) {
    Texts out;
    for (const auto& f : filesIn(dir, ".jsonl", false))
        forEachLine(f, [&](const std::string& line, size_t n) {
            const Json j = parseLine(line, f, n);
            out.emplace_back(field(j, "src_text"), field(j, "tgt_text"));
        });
    return out;
}

// Texts of the distinct ids of every `name` file (queries.jsonl, corpus.jsonl) below `dir`,
// except the ids in `earlier` (passages of earlier splits that a test corpus holds as
// distractors, schema 3); the ids read are added to `earlier` when it is given.
Texts beirTexts(const fs::path& dir, const std::string& name,
                std::set<std::string>* earlier = nullptr) {
    std::map<std::string, std::string> byId;
    for (const auto& f : filesIn(dir, name, true))
        forEachLine(f, [&](const std::string& line, size_t n) {
            const Json j = parseLine(line, f, n);
            byId.emplace(field(j, "_id"), field(j, "text"));
        });
    Texts out;
    std::vector<std::string> ids;
    for (auto& [id, text] : byId) {
        if (earlier && earlier->count(id)) continue;
        ids.push_back(id);
        out.emplace_back(std::move(text), std::string());
    }
    if (earlier) earlier->insert(ids.begin(), ids.end());
    return out;
}

size_t lineCount(const fs::path& dir) {
    size_t n = 0;
    for (const auto& f : filesIn(dir, ".jsonl", false))
        forEachLine(f, [&](const std::string&, size_t) { ++n; });
    return n;
}

}  // namespace

bool isDemoCorpus(const fs::path& dir) {
    std::error_code ec;
    const demo::DemoCorpusLayout layout{dir};
    return fs::is_regular_file(layout.manifest(), ec) && fs::is_directory(layout.docs(), ec);
}

DemoSplitStats measureDemoSplits(const fs::path& dir) {
    if (!isDemoCorpus(dir))
        throw DataError(dir.string() +
                        " is not a demo corpus (no manifest.json and docs/); build one with "
                        "'isomorph-cli corpus build-demo --out " +
                        dir.string() + "'");
    DemoSplitStats s;
    s.schemaVersion = demoCorpusSchemaVersion(dir);
    demo::SplitTextIndex seen;         // the texts of the splits before the current one
    std::set<std::string> passageIds;  // passages of the splits so far
    for (const auto& split : demo::kSplits) {
        const demo::DemoCorpusLayout layout{dir};
        s.documents[split] = lineCount(layout.docs(split));
        std::map<std::string, Texts> texts = {
            {"section", sectionPairs(layout.sections(split))},
            {"query", beirTexts(layout.retrieval(split), "queries.jsonl")},
            {"passage", beirTexts(layout.retrieval(split), "corpus.jsonl", &passageIds)}};
        for (const char* kind : demo::kPairKinds)
            texts[kind] = tsvPairs(layout.pairs(split, kind));
        for (const auto& [family, list] : texts) {
            s.pairs[family][split] = list.size();
            if (split == "train") continue;
            size_t& leaking = s.overlap[family][split];
            for (const auto& [a, b] : list)
                leaking += seen.leaks(a, b);
        }
        for (const auto& [family, list] : texts)
            for (const auto& [a, b] : list) {
                seen.add(a);
                seen.add(b);
            }
    }
    return s;
}

std::string toText(const DemoSplitStats& s) {
    std::string out = fmt::format("demo corpus, schema version {}{}\n", s.schemaVersion,
                                  s.schemaVersion < kDemoCorpusSchemaVersion
                                      ? " (old: its splits share text; rebuild it)"
                                      : "");
    out += fmt::format("{:<14} {:>9} {:>9} {:>9}\n", "", "train", "dev", "test");
    out += fmt::format("{:<14} {:>9} {:>9} {:>9}\n", "documents", s.documents.at("train"),
                       s.documents.at("dev"), s.documents.at("test"));
    for (const char* f : kFamilies)
        out += fmt::format("{:<14} {:>9} {:>9} {:>9}\n", f, s.pairs.at(f).at("train"),
                           s.pairs.at(f).at("dev"), s.pairs.at(f).at("test"));
    out +=
        "\ncross-split overlap (pairs whose normalised source or target text occurs in an "
        "earlier split; must be 0)\n";
    out += fmt::format("{:<14} {:>14} {:>16}\n", "", "dev vs train", "test vs train+dev");
    for (const char* f : kFamilies)
        out += fmt::format("{:<14} {:>14} {:>16}\n", f, s.overlap.at(f).at("dev"),
                           s.overlap.at(f).at("test"));
    return out;
}

Json toJson(const DemoSplitStats& s) {
    Json pairs = Json::object(), overlap = Json::object();
    for (const char* f : kFamilies) {
        for (const auto& split : demo::kSplits)
            pairs[f][split] = s.pairs.at(f).at(split);
        overlap[f] = {{"dev", s.overlap.at(f).at("dev")}, {"test", s.overlap.at(f).at("test")}};
    }
    Json docs = Json::object();
    for (const auto& split : demo::kSplits)
        docs[split] = s.documents.at(split);
    return {{"kind", "demo-corpus"},
            {"schema_version", s.schemaVersion},
            {"documents", docs},
            {"pairs", pairs},
            {"overlap", overlap}};
}

}  // namespace isomorph::data

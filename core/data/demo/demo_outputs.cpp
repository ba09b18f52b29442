// The output families of the demo corpus. Every file is built in memory from sorted containers
// and written once, so two builds on the same machine give identical bytes.

#include "core/data/demo/demo_outputs.h"

#include <cstring>
#include <fstream>

#include "core/common/errors.h"
#include "core/data/demo/sentence_splitter.h"

namespace isomorph::data::demo {
namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

std::string dumpLine(const Json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string oneLine(std::string s) {
    for (char& c : s)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return s;
}

std::string joinSentences(const std::vector<std::string>& sentences, size_t begin, size_t end) {
    std::string out;
    for (size_t i = begin; i < end; ++i)
        out = joinWrapped(out, sentences[i]);
    return out;
}

const ManSection* uniqueSection(const ParsedManPage& page, const std::string& key) {
    const ManSection* found = nullptr;
    for (const auto& s : page.sections) {
        if (s.key != key) continue;
        if (found) return nullptr;
        found = &s;
    }
    return found;
}

// A UTF-8 prefix of at most `maxChars` code points, cut at the last space when there is one.
std::string cutAt(const std::string& s, size_t maxChars) {
    size_t bytes = 0, chars = 0;
    while (bytes < s.size() && chars < maxChars) {
        size_t len = 0;
        decodeUtf8(s, bytes, len);
        bytes += len;
        ++chars;
    }
    if (bytes >= s.size()) return s;
    const size_t space = s.rfind(' ', bytes);
    return s.substr(0, space != std::string::npos && space > bytes / 2 ? space : bytes);
}

std::string nameText(const Document& d) {
    return oneLine(nameDescription(d.page.nameLine));
}

std::string passage(const Document& d) {
    const ManSection* s = uniqueSection(d.page, "description");
    if (!s) return {};
    std::string out;
    for (const auto& sentence : s->sentences) {
        std::string next = joinWrapped(out, sentence);
        if (!out.empty() && utf8Length(next) > kPassageMaxChars) break;
        out = std::move(next);
    }
    return cutAt(oneLine(out), kPassageMaxChars);
}

Json documentJson(const Document& d) {
    Json sentences = Json::array(), sections = Json::array();
    for (const auto& s : d.page.sections) {
        // A heading without text (e.g. an empty SEE ALSO) has no sentence range to point at.
        if (s.sentences.empty()) continue;
        const size_t start = sentences.size();
        for (const auto& sentence : s.sentences)
            sentences.push_back(sentence);
        sections.push_back(
            {{"title", s.title}, {"key", s.key}, {"start", start}, {"end", sentences.size()}});
    }
    return {{"id", d.id()},         {"lang", d.lang},         {"command", d.command},
            {"section", d.section}, {"sentences", sentences}, {"sections", sections}};
}

// The English page of the same command and section, if rendered.
const Document* englishOf(const Corpus& corpus, const Document& d) {
    auto en = corpus.find("en");
    if (en == corpus.end()) return nullptr;
    auto it = en->second.find({d.command, d.section});
    return it == en->second.end() ? nullptr : &it->second;
}

}  // namespace

void writeTextFile(const fs::path& path, const std::string& content) {
    // Readers treat an empty data file as an error, so a language/split/kind with nothing to say
    // has no file at all (the manifest still lists its zero counts).
    if (content.empty()) return;
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    std::ofstream out(path, std::ios::binary);
    out << content;
    out.close();
    if (!out)
        throw DataError("cannot write " + path.string() + ": " + std::strerror(errno) +
                        "; check free space and permissions of the output folder");
}

std::string capText(const std::string& text, const std::string& lang, size_t maxSentences,
                    size_t maxChars) {
    std::string out;
    size_t n = 0;
    for (const auto& s : splitSentences(text, lang)) {
        std::string next = joinWrapped(out, s);
        if (n == maxSentences || (!out.empty() && utf8Length(next) > maxChars)) break;
        out = std::move(next);
        ++n;
    }
    return cutAt(oneLine(out), maxChars);
}

std::vector<std::pair<std::string, std::string>> alignOptions(const ParsedManPage& xx,
                                                              const std::string& xxLang,
                                                              const ParsedManPage& en) {
    std::map<std::string, std::vector<const OptionEntry*>> left, right;
    for (const auto& o : xx.options)
        left[o.flagSet].push_back(&o);
    for (const auto& o : en.options)
        right[o.flagSet].push_back(&o);
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [flags, entries] : left) {
        auto it = right.find(flags);
        if (entries.size() != 1 || it == right.end() || it->second.size() != 1) continue;
        std::string a = capText(entries[0]->description, xxLang, kPairMaxSentences, kPairMaxChars);
        std::string b = capText(it->second[0]->description, "en", kPairMaxSentences, kPairMaxChars);
        if (!a.empty() && !b.empty() && a != b) out.emplace_back(std::move(a), std::move(b));
    }
    return out;
}

void writeDocuments(const Corpus& corpus, const fs::path& dir, Json& manifest) {
    Json counts = Json::object();
    for (const auto& [lang, docs] : corpus) {
        std::map<std::string, std::string> files;
        std::map<std::string, std::array<size_t, 3>> stats;  // documents, sentences, characters
        for (const auto& [key, d] : docs) {
            files[d.split] += dumpLine(documentJson(d));
            auto& st = stats[d.split];
            ++st[0];
            for (const auto& s : d.page.sections) {
                st[1] += s.sentences.size();
                for (const auto& sentence : s.sentences)
                    st[2] += utf8Length(sentence);
            }
        }
        for (const auto& split : kSplits) {
            writeTextFile(dir / "docs" / split / (lang + ".jsonl"), files[split]);
            const auto& st = stats[split];
            counts[lang][split] = {
                {"documents", st[0]}, {"sentences", st[1]}, {"characters", st[2]}};
        }
    }
    manifest["documents"] = counts;
}

void writeParallel(const Corpus& corpus, const fs::path& dir, Json& manifest) {
    Json counts = Json::object();
    for (const auto& [lang, docs] : corpus) {
        if (lang == "en") continue;
        std::map<std::string, std::set<std::pair<std::string, std::string>>> names, options;
        for (const auto& [key, d] : docs) {
            const Document* en = englishOf(corpus, d);
            if (!en) continue;
            const std::string a = capText(nameText(d), lang, kPairMaxSentences, kPairMaxChars);
            const std::string b = capText(nameText(*en), "en", kPairMaxSentences, kPairMaxChars);
            if (!a.empty() && !b.empty() && a != b) names[d.split].emplace(a, b);
            for (auto& p : alignOptions(d.page, lang, en->page))
                options[d.split].insert(std::move(p));
        }
        for (const auto& split : kSplits) {
            for (auto* kind : {&names, &options}) {
                const std::string kindName = kind == &names ? "name" : "option";
                std::string text;
                for (const auto& [a, b] : (*kind)[split])
                    text += a + "\t" + b + "\n";
                writeTextFile(dir / "parallel" / split / kindName / (lang + "-en.tsv"), text);
                counts[lang + "-en"][kindName][split] = (*kind)[split].size();
            }
        }
    }
    manifest["pairs"] = counts;
}

namespace {

struct BeirSet {
    std::string corpus, queries, qrels = "query-id\tcorpus-id\tscore\n";
    size_t corpusCount = 0, queryCount = 0;
};

// Passages of `docs` in `split`, keyed by (command, section).
std::map<PageKey, std::string> passagesOf(const LanguageDocs& docs, const std::string& split,
                                          BeirSet& set) {
    std::map<PageKey, std::string> ids;
    for (const auto& [key, d] : docs) {
        if (d.split != split) continue;
        const std::string text = passage(d);
        if (text.empty()) continue;
        ids[key] = d.id();
        set.corpus += dumpLine({{"_id", d.id()}, {"title", d.command}, {"text", text}});
        ++set.corpusCount;
    }
    return ids;
}

void addQueries(const LanguageDocs& docs, const std::string& split,
                const std::map<PageKey, std::string>& passageIds, BeirSet& set) {
    for (const auto& [key, d] : docs) {
        auto target = passageIds.find(key);
        const std::string text = nameText(d);
        if (d.split != split || target == passageIds.end() || text.empty()) continue;
        set.queries += dumpLine({{"_id", d.id()}, {"text", text}});
        set.qrels += d.id() + "\t" + target->second + "\t1\n";
        ++set.queryCount;
    }
}

void writeBeir(const fs::path& dir, const BeirSet& set) {
    writeTextFile(dir / "corpus.jsonl", set.corpus);
    writeTextFile(dir / "queries.jsonl", set.queries);
    writeTextFile(dir / "qrels" / "test.tsv", set.qrels);
}

}  // namespace

void writeRetrieval(const Corpus& corpus, const fs::path& dir, Json& manifest) {
    Json counts = Json::object();
    const auto en = corpus.find("en");
    for (const auto& split : kSplits) {
        for (const auto& [lang, docs] : corpus) {
            std::vector<std::pair<std::string, const LanguageDocs*>> targets{{lang, &docs}};
            if (lang != "en" && en != corpus.end()) targets.push_back({"en", &en->second});
            for (const auto& [target, targetDocs] : targets) {
                BeirSet set;
                const auto ids = passagesOf(*targetDocs, split, set);
                addQueries(docs, split, ids, set);
                const std::string pair = lang + "-" + target;
                writeBeir(dir / "retrieval" / split / pair, set);
                counts[pair][split] = {{"queries", set.queryCount}, {"corpus", set.corpusCount}};
            }
        }
    }
    manifest["retrieval"] = counts;
}

void writeSectionPairs(const Corpus& corpus, const fs::path& dir, Json& manifest) {
    Json counts = Json::object();
    for (const auto& [lang, docs] : corpus) {
        if (lang == "en") continue;
        std::map<std::string, std::string> files;
        std::map<std::string, size_t> n;
        for (const auto& [key, d] : docs) {
            const Document* en = englishOf(corpus, d);
            if (!en) continue;
            for (const auto& s : d.page.sections) {
                if (s.key.rfind("other:", 0) == 0 || uniqueSection(d.page, s.key) != &s) continue;
                const ManSection* t = uniqueSection(en->page, s.key);
                if (!t || s.sentences.empty() || t->sentences.empty()) continue;
                files[d.split] +=
                    dumpLine({{"id", d.command + "." + d.section + "." + s.key + "." + lang},
                              {"command", d.command},
                              {"key", s.key},
                              {"src_lang", lang},
                              {"src_title", s.title},
                              {"src_text", joinSentences(s.sentences, 0, s.sentences.size())},
                              {"tgt_lang", "en"},
                              {"tgt_title", t->title},
                              {"tgt_text", joinSentences(t->sentences, 0, t->sentences.size())}});
                ++n[d.split];
            }
        }
        for (const auto& split : kSplits) {
            writeTextFile(dir / "sections" / split / (lang + "-en.jsonl"), files[split]);
            counts[lang + "-en"][split] = n[split];
        }
    }
    manifest["section_pairs"] = counts;
}

}  // namespace isomorph::data::demo

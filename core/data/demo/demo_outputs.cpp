// The output families of the demo corpus. Every file is built in memory from sorted containers
// and written once, so two builds on the same machine give identical bytes.

#include "core/data/demo/demo_outputs.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>

#include "core/common/errors.h"
#include "core/data/demo/demo_layout.h"
#include "core/data/demo/sentence_splitter.h"
#include "core/data/demo/split_units.h"

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

void writeDocuments(const Corpus& corpus, const std::vector<BookDocument>& books,
                    const fs::path& dir, Json& manifest) {
    // lang -> split -> file text and (documents, sentences, characters)
    std::map<std::string, std::map<std::string, std::string>> files;
    std::map<std::string, std::map<std::string, std::array<size_t, 3>>> stats;
    auto count = [&](const std::string& lang, const std::string& split,
                     const std::vector<std::string>& sentences) {
        auto& st = stats[lang][split];
        ++st[0];
        st[1] += sentences.size();
        for (const auto& sentence : sentences)
            st[2] += utf8Length(sentence);
    };
    for (const auto& [lang, docs] : corpus)
        for (const auto& [key, d] : docs) {
            files[lang][d.split] += dumpLine(documentJson(d));
            std::vector<std::string> sentences;
            for (const auto& s : d.page.sections)
                sentences.insert(sentences.end(), s.sentences.begin(), s.sentences.end());
            count(lang, d.split, sentences);
        }
    for (const auto& b : books) {
        // "command" keeps the man-page readers working: the book and its page, never a command.
        const std::string page = b.source + ":" + b.group;
        files[b.lang][b.split] += dumpLine({{"id", page + "." + b.lang},
                                            {"lang", b.lang},
                                            {"command", page},
                                            {"section", "book"},
                                            {"source", b.source},
                                            {"sentences", b.sentences},
                                            {"sections", Json::array()}});
        count(b.lang, b.split, b.sentences);
    }
    Json counts = Json::object();
    for (auto& [lang, perSplit] : files)
        for (const auto& split : kSplits) {
            writeTextFile(DemoCorpusLayout{dir}.docsFile(split, lang), perSplit[split]);
            const auto& st = stats[lang][split];
            counts[lang][split] = {
                {"documents", st[0]}, {"sentences", st[1]}, {"characters", st[2]}};
        }
    manifest["documents"] = counts;
}

namespace {

void addParallel(const Corpus& corpus, const std::string& lang, const LanguageDocs& docs,
                 PairFamilies& out) {
    for (const auto& [key, d] : docs) {
        const Document* en = englishOf(corpus, d);
        if (!en) continue;
        SplitPairs& split = out.splits[d.split];
        const std::string a = capText(nameText(d), lang, kPairMaxSentences, kPairMaxChars);
        const std::string b = capText(nameText(*en), "en", kPairMaxSentences, kPairMaxChars);
        if (!a.empty() && !b.empty() && a != b) split.pairs["name"][lang + "-en"].emplace(a, b);
        for (auto& p : alignOptions(d.page, lang, en->page))
            split.pairs["option"][lang + "-en"].insert(std::move(p));
    }
}

void addSectionPairs(const Corpus& corpus, const std::string& lang, const LanguageDocs& docs,
                     PairFamilies& out) {
    for (const auto& [key, d] : docs) {
        const Document* en = englishOf(corpus, d);
        if (!en) continue;
        for (const auto& s : d.page.sections) {
            if (s.key.rfind("other:", 0) == 0 || uniqueSection(d.page, s.key) != &s) continue;
            const ManSection* t = uniqueSection(en->page, s.key);
            if (!t || s.sentences.empty() || t->sentences.empty()) continue;
            out.splits[d.split].sections[lang + "-en"].push_back(
                {{"id", d.command + "." + d.section + "." + s.key + "." + lang},
                 {"command", d.command},
                 {"key", s.key},
                 {"src_lang", lang},
                 {"src_title", s.title},
                 {"src_text", joinSentences(s.sentences, 0, s.sentences.size())},
                 {"tgt_lang", "en"},
                 {"tgt_title", t->title},
                 {"tgt_text", joinSentences(t->sentences, 0, t->sentences.size())}});
        }
    }
}

// Passages of `docs` in `split`; returns their ids keyed by (command, section).
std::map<PageKey, std::string> addPassages(const LanguageDocs& docs, const std::string& split,
                                           BeirSet& set) {
    std::map<PageKey, std::string> ids;
    for (const auto& [key, d] : docs) {
        if (d.split != split) continue;
        std::string text = passage(d);
        if (text.empty()) continue;
        ids[key] = d.id();
        set.passages.push_back({d.id(), d.command, std::move(text)});
    }
    return ids;
}

void addQueries(const LanguageDocs& docs, const std::string& split,
                const std::map<PageKey, std::string>& passageIds, BeirSet& set) {
    for (const auto& [key, d] : docs) {
        auto target = passageIds.find(key);
        std::string text = nameText(d);
        if (d.split != split || target == passageIds.end() || text.empty()) continue;
        set.queries.push_back({d.id(), std::move(text), target->second});
    }
}

void addRetrieval(const Corpus& corpus, PairFamilies& out) {
    const auto en = corpus.find("en");
    for (const auto& split : kSplits) {
        for (const auto& [lang, docs] : corpus) {
            std::vector<std::pair<std::string, const LanguageDocs*>> targets{{lang, &docs}};
            if (lang != "en" && en != corpus.end()) targets.push_back({"en", &en->second});
            for (const auto& [target, targetDocs] : targets) {
                BeirSet& set = out.splits[split].retrieval[lang + "-" + target];
                const auto ids = addPassages(*targetDocs, split, set);
                addQueries(docs, split, ids, set);
            }
        }
    }
}

// Removes the elements of `items` that `leaks` says leak; returns how many.
template <typename Container, typename Leaks>
size_t dropLeaking(Container& items, Leaks leaks) {
    size_t dropped = 0;
    for (auto it = items.begin(); it != items.end();) {
        if (leaks(*it)) {
            it = items.erase(it);
            ++dropped;
        } else {
            ++it;
        }
    }
    return dropped;
}

std::map<std::string, size_t> dropFromSplit(SplitPairs& split, const SplitTextIndex& seen) {
    std::map<std::string, size_t> n;
    auto pairLeaks = [&](const TextPair& p) { return seen.leaks(p.first, p.second); };
    for (auto& [kind, byPair] : split.pairs)
        for (auto& [pair, pairs] : byPair)
            n[kind] += dropLeaking(pairs, pairLeaks);
    for (auto& [pair, records] : split.sections)
        n["section"] += dropLeaking(records, [&](const Json& r) {
            return seen.leaks(r["src_text"].get<std::string>(), r["tgt_text"].get<std::string>());
        });
    for (auto& [pair, set] : split.retrieval) {
        n["passage"] +=
            dropLeaking(set.passages, [&](const BeirPassage& p) { return seen.contains(p.text); });
        std::set<std::string> kept;
        for (const auto& p : set.passages)
            kept.insert(p.id);
        n["query"] += dropLeaking(set.queries, [&](const BeirQuery& q) {
            return seen.contains(q.text) || !kept.count(q.target);
        });
    }
    return n;
}

void addToIndex(const SplitPairs& split, SplitTextIndex& seen) {
    for (const auto& [kind, byPair] : split.pairs)
        for (const auto& [pair, pairs] : byPair)
            for (const auto& [a, b] : pairs) {
                seen.add(a);
                seen.add(b);
            }
    for (const auto& [pair, records] : split.sections)
        for (const auto& r : records) {
            seen.add(r["src_text"].get<std::string>());
            seen.add(r["tgt_text"].get<std::string>());
        }
    for (const auto& [pair, set] : split.retrieval) {
        for (const auto& p : set.passages)
            seen.add(p.text);
        for (const auto& q : set.queries)
            seen.add(q.text);
    }
}

void writeBeir(const fs::path& dir, const BeirSet& set) {
    std::string corpus, queries, qrels = "query-id\tcorpus-id\tscore\n";
    for (const auto& p : set.passages)
        corpus += dumpLine({{"_id", p.id}, {"title", p.title}, {"text", p.text}});
    for (const auto& q : set.queries) {
        queries += dumpLine({{"_id", q.id}, {"text", q.text}});
        qrels += q.id + "\t" + q.target + "\t1\n";
    }
    writeTextFile(dir / "corpus.jsonl", corpus);
    writeTextFile(dir / "queries.jsonl", queries);
    writeTextFile(dir / "qrels" / "test.tsv", qrels);
}

}  // namespace

PairFamilies buildPairFamilies(const Corpus& corpus) {
    PairFamilies out;
    for (const auto& split : kSplits)
        out.splits[split];
    for (const auto& [lang, docs] : corpus) {
        out.languages.push_back(lang);
        if (lang == "en") continue;
        addParallel(corpus, lang, docs, out);
        addSectionPairs(corpus, lang, docs, out);
    }
    addRetrieval(corpus, out);
    return out;
}

Json dropCrossSplitOverlap(PairFamilies& families) {
    Json dropped = Json::object();
    std::vector<std::string> names = {"name", "option", "section", "query", "passage"};
    for (const auto& [kind, byPair] : families.splits["train"].pairs)
        if (std::find(names.begin(), names.end(), kind) == names.end()) names.push_back(kind);
    for (const auto& family : names)
        for (const auto& split : kSplits)
            dropped[family][split] = 0;
    SplitTextIndex seen;  // texts of the splits before the current one
    for (const auto& split : kSplits) {
        SplitPairs& pairs = families.splits[split];
        if (split != "train")
            for (const auto& [family, n] : dropFromSplit(pairs, seen))
                dropped[family][split] = n;
        addToIndex(pairs, seen);
    }
    return dropped;
}

void widenTestRetrievalCorpora(PairFamilies& families) {
    const auto englishOf = [&](const std::string& split) -> const std::vector<BeirPassage>* {
        const auto& sets = families.splits.at(split).retrieval;
        const auto it = sets.find("en-en");
        return it == sets.end() ? nullptr : &it->second.passages;
    };
    for (auto& [pair, set] : families.splits.at("test").retrieval) {
        if (pair.size() < 3 || pair.compare(pair.size() - 3, 3, "-en") != 0) continue;
        std::set<std::string> ids;
        for (const auto& p : set.passages)
            ids.insert(p.id);
        for (const char* split : {"train", "dev"})
            if (const auto* english = englishOf(split))
                for (const auto& p : *english)
                    if (ids.insert(p.id).second) set.passages.push_back(p);
        std::sort(set.passages.begin(), set.passages.end(),
                  [](const BeirPassage& a, const BeirPassage& b) { return a.id < b.id; });
    }
}

namespace {

const std::set<TextPair>* pairsOf(const SplitPairs& split, const std::string& kind,
                                  const std::string& pair) {
    const auto k = split.pairs.find(kind);
    if (k == split.pairs.end()) return nullptr;
    const auto it = k->second.find(pair);
    return it == k->second.end() ? nullptr : &it->second;
}

}  // namespace

void writePairFamilies(const PairFamilies& families, const fs::path& dir, Json& manifest) {
    Json pairs = Json::object(), retrieval = Json::object(), sections = Json::object();
    static const std::set<TextPair> kNoPairs;
    static const std::vector<Json> kNoRecords;
    for (const auto& lang : families.languages) {
        if (lang == "en") continue;
        const std::string pair = lang + "-en";
        for (const auto& split : kSplits) {
            const SplitPairs& sp = families.splits.at(split);
            for (size_t k = 0; k < kPairKinds.size(); ++k) {
                const char* kind = kPairKinds[k];
                // Man-page kinds (first in kPairKinds) count every language, 0 included; a book
                // only the languages it has.
                const std::set<TextPair>* found = pairsOf(sp, kind, pair);
                if (!found && k >= kManPairKinds.size()) continue;
                const auto& list = found ? *found : kNoPairs;
                std::string text;
                for (const auto& [a, b] : list)
                    text += oneLine(a) + "\t" + oneLine(b) + "\n";
                writeTextFile(DemoCorpusLayout{dir}.pairFile(split, kind, pair), text);
                pairs[pair][kind][split] = list.size();
            }
        }
    }
    for (const auto& split : kSplits)
        for (const auto& [pair, set] : families.splits.at(split).retrieval) {
            writeBeir(DemoCorpusLayout{dir}.retrievalSet(split, pair), set);
            retrieval[pair][split] = {{"queries", set.queries.size()},
                                      {"corpus", set.passages.size()}};
        }
    for (const auto& lang : families.languages) {
        if (lang == "en") continue;
        const std::string pair = lang + "-en";
        for (const auto& split : kSplits) {
            const auto& all = families.splits.at(split).sections;
            const auto it = all.find(pair);
            const auto& records = it == all.end() ? kNoRecords : it->second;
            std::string text;
            for (const auto& r : records)
                text += dumpLine(r);
            writeTextFile(DemoCorpusLayout{dir}.sectionsFile(split, pair), text);
            sections[pair][split] = records.size();
        }
    }
    manifest["pairs"] = pairs;
    manifest["retrieval"] = retrieval;
    manifest["section_pairs"] = sections;
}

}  // namespace isomorph::data::demo

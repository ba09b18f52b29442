#include "core/eval/eval_tasks.h"

#include <algorithm>
#include <regex>
#include <set>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/align/knn.h"
#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/common/language.h"
#include "core/data/demo/demo_layout.h"
#include "core/data/readers/tatoeba_pair_reader.h"
#include "core/data/readers/text_input.h"
#include "core/data/readers/tsv_pair_reader.h"
#include "core/index/index_builder.h"
#include "core/index/top_k.h"
#include "core/search/bm25_index.h"
#include "core/search/fusion.h"
#include "core/search/rerank_top.h"

namespace isomorph::eval {
namespace fs = std::filesystem;

namespace {

/// "de-en" from "de-en.tsv" (language codes may carry a script/region: "zh-Hant-en").
bool languagesFromName(const std::string& stem, std::string& src, std::string& tgt) {
    for (size_t dash = stem.find('-'); dash != std::string::npos; dash = stem.find('-', dash + 1)) {
        const std::string a = stem.substr(0, dash), b = stem.substr(dash + 1);
        if (isValidLanguageCode(a) && isValidLanguageCode(b)) {
            src = a;
            tgt = b;
            return true;
        }
    }
    return false;
}

BitextSet readPairs(data::SentencePairReader& reader, const std::string& file, int64_t maxPairs) {
    BitextSet set;
    set.srcLang = reader.srcLang();
    set.tgtLang = reader.tgtLang();
    set.name = set.srcLang + "-" + set.tgtLang;
    set.file = file;
    data::SentencePair pair;
    while ((maxPairs <= 0 || static_cast<int64_t>(set.src.size()) < maxPairs) &&
           reader.next(pair)) {
        set.src.push_back(std::move(pair.src));
        set.tgt.push_back(std::move(pair.tgt));
    }
    if (set.src.empty()) throw DataError(fmt::format("{}: no sentence pairs", file));
    return set;
}

BitextSet readTsv(const fs::path& file, std::string src, std::string tgt, int64_t maxPairs) {
    if (src.empty() || tgt.empty()) {
        if (!languagesFromName(file.stem().string(), src, tgt))
            throw ConfigError(fmt::format(
                "{}: cannot tell the languages from the file name; name it like de-en.tsv or "
                "set the languages (setting 'src_lang' and setting 'tgt_lang')",
                file.string()));
    }
    data::TsvPairReader reader(file, src, tgt);
    return readPairs(reader, file.string(), maxPairs);
}

/// Sentences of documents in a docs/<split>/<lang>.jsonl file whose command passes `keep`.
std::vector<std::string> documentSentences(const fs::path& file,
                                           const std::function<bool(const std::string&)>& keep) {
    std::vector<std::string> out;
    if (!fs::exists(file)) return out;
    data::LineReader lines(file);
    std::string_view line;
    while (lines.next(line)) {
        try {
            const auto j = nlohmann::json::parse(line);
            if (!keep(j.at("command").get<std::string>())) continue;
            for (const auto& s : j.at("sentences"))
                out.push_back(s.get<std::string>());
        } catch (const nlohmann::json::exception& e) {
            throw DataError(fmt::format("{}:{}: {}", file.string(), lines.lineNumber(), e.what()));
        }
    }
    return out;
}

/// `count` sentences spread evenly over `pool`, skipping any in `exclude` and duplicates.
std::vector<std::string> spread(const std::vector<std::string>& pool, size_t count,
                                const std::set<std::string>& exclude) {
    std::vector<std::string> out;
    std::set<std::string> taken;
    if (pool.empty()) return out;
    const size_t stride = std::max<size_t>(1, pool.size() / std::max<size_t>(1, count));
    for (size_t i = 0; i < pool.size() && out.size() < count; i += stride)
        if (!exclude.count(pool[i]) && taken.insert(pool[i]).second) out.push_back(pool[i]);
    return out;
}

/// Rows of `m` calibrated as `language` when a calibration is given.
FloatMatrix calibrated(FloatMatrix m, const align::Calibration* cal, const std::string& language) {
    if (cal) align::apply(*cal, language, m);
    return m;
}

/// The language of a query id ("q1.de" -> de); DataError when a calibration needs it and it is
/// missing.
std::string queryLanguage(const std::string& id) {
    const std::string suffix = languageSuffix(id);
    if (suffix.empty())
        throw DataError(
            fmt::format("setting 'calibration': query id '{}' does not end in a language code "
                        "('.de'), so it cannot be calibrated",
                        id));
    return suffix;
}

Run denseRun(model::EncodingService& encoder, const RetrievalSet& set, int depth,
             const align::Calibration* cal) {
    std::vector<std::string> passages, queries;
    for (const auto& p : set.passages)
        passages.push_back(p.text);
    for (const auto& q : set.queries)
        queries.push_back(q.text);
    auto docs = encodeTexts(encoder, passages, model::TextRole::Passage);
    auto qs = encodeTexts(encoder, queries, model::TextRole::Query);
    if (cal) {
        std::vector<std::string> docLangs, queryLangs;
        for (const auto& p : set.passages) {
            if (p.language.empty())
                throw DataError(
                    fmt::format("setting 'calibration': passage '{}' has no language suffix "
                                "('.en'), so it cannot be calibrated",
                                p.id));
            docLangs.push_back(p.language);
        }
        for (const auto& q : set.queries)
            queryLangs.push_back(queryLanguage(q.id));
        align::applyByLanguage(*cal, docLangs, docs);
        align::applyByLanguage(*cal, queryLangs, qs);
    }
    docs = align::normalizeRows(docs);
    qs = align::normalizeRows(qs);
    const auto hits =
        index::exactTopK(qs.data.data(), qs.rows, docs.data.data(), docs.rows, docs.cols, depth);
    Run run;
    for (size_t i = 0; i < hits.size(); ++i) {
        auto& ranking = run[set.queries[i].id];
        for (const auto& h : hits[i])
            ranking.push_back({set.passages[static_cast<size_t>(h.row)].id, h.score});
    }
    return run;
}

/// BM25 runs of every query from one index of the set's passages.
struct Bm25Runs {
    Run raw;    ///< BM25 scores
    Run share;  ///< shares of each query's attainable score (Bm25SearchOptions::share)
};

/// The language a query is written in: its id's suffix ("ls.1.de"), else the set's source
/// language ("de" of "de-en", as corpus query-list names its sets); "" when neither tells.
std::string languageOfQuery(const std::string& id, const std::string& setName) {
    if (std::string suffix = languageSuffix(id); !suffix.empty()) return suffix;
    std::string src, tgt;
    return languagesFromName(setName, src, tgt) ? src : "";
}

Bm25Runs bm25Runs(const RetrievalSet& set, int depth, bool raw, bool share,
                  const search::TranslationLexicon* lexicon) {
    const fs::path dir =
        fs::temp_directory_path() / fmt::format("isomorph-bm25-{}-{}", ::getpid(), set.name);
    std::vector<search::IndexDocument> docs;
    for (const auto& p : set.passages)
        docs.push_back({p.id, "", p.text, p.language});
    search::Bm25BuildOptions build;
    build.overwrite = true;
    auto index = search::Bm25Index::build(dir, docs, build);
    // Each passage is scored under its own language's analysis (a German query meets English
    // passages stemmed as English), as a multilingual BM25 baseline must.
    Bm25Runs out;
    for (const auto& q : set.queries)
        for (const bool shares : {false, true}) {
            if (!(shares ? share : raw)) continue;
            Run& run = shares ? out.share : out.raw;
            try {
                run[q.id] = lexicon ? search::searchTranslated(
                                          index, *lexicon, q.text, languageOfQuery(q.id, set.name),
                                          static_cast<size_t>(depth), "", shares)
                                    : search::searchEachLanguage(
                                          index, q.text, static_cast<size_t>(depth), "", shares);
            } catch (const DataError&) {
                run[q.id] = {};  // a query without any searchable term retrieves nothing
            }
        }
    std::error_code ec;
    fs::remove_all(dir, ec);
    return out;
}

/// R@2kt / R@5kt of a run: answers found in the first N word tokens of the ranked passages.
void answerRecall(SystemResult& result, const RetrievalSet& set, const data::Answers& answers,
                  AnswerMatch match) {
    std::map<std::string, const std::string*> text;
    for (const auto& p : set.passages)
        text[p.id] = &p.text;
    std::vector<std::vector<std::string>> ranked, wanted;
    for (const auto& q : set.queries) {
        const auto a = answers.find(q.id);
        if (a == answers.end()) {
            ++result.queriesWithoutAnswers;
            continue;
        }
        std::vector<std::string> texts;
        const auto it = result.run.find(q.id);
        if (it != result.run.end())
            for (const auto& d : rankDocuments(it->second))
                texts.push_back(*text.at(d.docId));
        ranked.push_back(std::move(texts));
        wanted.push_back(a->second);
    }
    result.hasAnswerRecall = true;
    const auto recall = eval::answerRecall(ranked, wanted, {2000, 5000}, match);
    result.r2kt = recall[0];
    result.r5kt = recall[1];
}

/// The best `depth` documents of each query's ranking.
Run cut(Run run, size_t depth) {
    for (auto& [qid, ranking] : run) {
        ranking = rankDocuments(std::move(ranking));
        if (ranking.size() > depth) ranking.resize(depth);
    }
    return run;
}

}  // namespace

std::vector<BitextSet> loadBitextSets(const fs::path& path, const std::string& srcLang,
                                      const std::string& tgtLang, int64_t maxPairs) {
    std::vector<BitextSet> sets;
    if (fs::is_directory(path)) {
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(path))
            if (e.path().extension() == ".tsv") files.push_back(e.path());
        std::sort(files.begin(), files.end());
        if (files.empty())
            throw DataError(fmt::format("{}: no *.tsv pair files in this folder", path.string()));
        for (const auto& f : files) {
            if (fs::file_size(f) == 0) continue;  // the demo writes empty files for empty splits
            sets.push_back(readTsv(f, "", "", maxPairs));
        }
        if (sets.empty())
            throw DataError(fmt::format("{}: every *.tsv file is empty", path.string()));
        return sets;
    }
    if (fs::is_regular_file(path)) {
        sets.push_back(readTsv(path, srcLang, tgtLang, maxPairs));
        return sets;
    }
    // A Tatoeba prefix: DIR/tatoeba.deu-eng -> .deu / .eng files.
    const std::string name = path.filename().string();
    static const std::regex tatoeba(R"(tatoeba\.([a-z]{3})-([a-z]{3}))");
    std::smatch m;
    if (std::regex_match(name, m, tatoeba) && fs::exists(path.string() + "." + m[1].str())) {
        data::TatoebaPairReader reader(path);
        sets.push_back(readPairs(reader, path.string(), maxPairs));
        return sets;
    }
    throw DataError(
        fmt::format("{}: no such pair file, folder of xx-yy.tsv files, or Tatoeba "
                    "prefix (DIR/tatoeba.deu-eng with .deu and .eng files)",
                    path.string()));
}

FloatMatrix encodeTexts(model::EncodingService& encoder, const std::vector<std::string>& texts,
                        model::TextRole role) {
    FloatMatrix m(static_cast<int64_t>(texts.size()), encoder.dimension());
    if (texts.empty()) return m;
    m.data = role == model::TextRole::Query     ? encoder.encodeQueries(texts)
             : role == model::TextRole::Passage ? encoder.encodePassages(texts)
                                                : encoder.encode(texts);
    return m;
}

MiningSet loadBuccSet(const std::string& prefix, const std::string& srcLang,
                      const std::string& tgtLang) {
    MiningSet set;
    set.name = srcLang + "-" + tgtLang;
    set.source = readBuccSentences(fs::path(prefix + "." + srcLang));
    set.target = readBuccSentences(fs::path(prefix + "." + tgtLang));
    set.gold = readBuccGold(fs::path(prefix + ".gold"));
    return set;
}

/// The demo corpus's man-page pair files: parallel/<split>/<kind>/<lang>-en.tsv, NAME and option
/// pairs (the books' pairs are training data; dev and test stay comparable across corpus versions).

BitextSet demoPairs(const fs::path& corpus, const std::string& lang, const std::string& split) {
    requireLanguageCode(lang, "setting 'lang'");
    BitextSet set;
    set.name = lang + "-en";
    set.srcLang = lang;
    set.tgtLang = "en";
    const data::demo::DemoCorpusLayout layout{corpus};
    set.file = layout.parallel(split).string();
    std::set<std::string> srcSeen, tgtSeen;
    for (const char* kind : data::demo::kManPairKinds) {
        const fs::path file = layout.pairFile(split, kind, lang + "-en");
        if (!fs::exists(file) || fs::file_size(file) == 0) continue;
        data::TsvPairReader reader(file, lang, "en");
        data::SentencePair p;
        while (reader.next(p))
            if (!srcSeen.count(p.src) && !tgtSeen.count(p.tgt)) {
                srcSeen.insert(p.src);
                tgtSeen.insert(p.tgt);
                set.src.push_back(p.src);
                set.tgt.push_back(p.tgt);
            }
    }
    return set;
}

bool demoHasPairs(const fs::path& corpus, const std::string& split) {
    std::error_code ec;
    for (const char* kind : data::demo::kPairKinds) {
        const fs::path dir = data::demo::DemoCorpusLayout{corpus}.pairs(split, kind);
        if (!fs::is_directory(dir, ec)) continue;
        for (const auto& entry : fs::directory_iterator(dir, ec)) {
            const std::string name = entry.path().filename().string();
            if (name.size() > 7 && name.compare(name.size() - 7, 7, "-en.tsv") == 0 &&
                entry.is_regular_file(ec) && entry.file_size(ec) > 0)
                return true;
        }
    }
    return false;
}

std::vector<std::string> demoSentences(const fs::path& corpus, const std::string& lang,
                                       const std::string& split, size_t count) {
    return spread(documentSentences(data::demo::DemoCorpusLayout{corpus}.docsFile(split, lang),
                                    [](const std::string&) { return true; }),
                  count, {});
}

std::vector<std::string> demoLanguages(const fs::path& corpus, const std::string& split) {
    std::vector<std::string> out;
    const fs::path dir = corpus / "docs" / split;
    if (fs::is_directory(dir))
        for (const auto& e : fs::directory_iterator(dir))
            if (e.path().extension() == ".jsonl" && fs::file_size(e.path()) > 0)
                out.push_back(e.path().stem().string());
    std::sort(out.begin(), out.end());
    return out;
}

MiningSet demoMiningSet(const fs::path& corpus, const std::string& lang, const std::string& split,
                        int distractorsPerPair) {
    const BitextSet pairs = demoPairs(corpus, lang, split);
    const std::vector<std::string>& src = pairs.src;
    const std::vector<std::string>& tgt = pairs.tgt;
    const std::set<std::string> srcSeen(src.begin(), src.end()), tgtSeen(tgt.begin(), tgt.end());
    if (src.empty())
        throw DataError(
            fmt::format("{}: no {}-en translation pairs in the {} split; pick another "
                        "language (setting 'lang'; see manifest.json 'pairs')",
                        corpus.string(), lang, split));
    // Distractors from the other splits' pages (different commands, so never translations of the
    // gold sentences), source and target sides from disjoint command sets so that they are not
    // translations of each other either.
    const std::string other = split == "train" ? "dev" : "train";
    auto half = [](int parity) {
        return [parity](const std::string& command) {
            return static_cast<int>(fnv1a64(command) % 2) == parity;
        };
    };
    const size_t want = src.size() * static_cast<size_t>(std::max(0, distractorsPerPair));
    const auto srcExtra = spread(
        documentSentences(corpus / "docs" / other / (lang + ".jsonl"), half(0)), want, srcSeen);
    const auto tgtExtra =
        spread(documentSentences(corpus / "docs" / other / "en.jsonl", half(1)), want, tgtSeen);

    MiningSet set;
    set.name = lang + "-en";
    auto add = [](std::vector<BuccSentence>& side, const std::string& prefix,
                  const std::string& text) {
        side.push_back({fmt::format("{}-{:06d}", prefix, side.size() + 1), text, 0});
    };
    // Interleave gold and distractor sentences so row order reveals nothing.
    for (size_t i = 0, j = 0; i < src.size() || j < srcExtra.size();) {
        if (i < src.size()) {
            set.gold.push_back({fmt::format("{}-{:06d}", lang, set.source.size() + 1), ""});
            add(set.source, lang, src[i++]);
        }
        for (int d = 0; d < distractorsPerPair && j < srcExtra.size(); ++d)
            add(set.source, lang, srcExtra[j++]);
    }
    // Targets in reverse order so that gold pairs do not sit at matching positions.
    std::vector<size_t> goldTarget(tgt.size());
    for (size_t j = 0, t = tgt.size(); t > 0 || j < tgtExtra.size();) {
        if (t > 0) {
            goldTarget[--t] = set.target.size();
            add(set.target, "en", tgt[t]);
        }
        for (int d = 0; d < distractorsPerPair && j < tgtExtra.size(); ++d)
            add(set.target, "en", tgtExtra[j++]);
    }
    for (size_t i = 0; i < set.gold.size(); ++i)
        set.gold[i].targetId = set.target[goldTarget[i]].id;
    return set;
}

RetrievalSet loadBeirSet(const fs::path& dir, const std::string& qrelsSplit) {
    RetrievalSet set;
    set.folder = dir;
    set.name = dir.filename().string();
    index::CorpusOptions corpus;
    set.passages = index::readCorpusDocuments({dir / "corpus.jsonl"}, corpus);
    set.queries = data::readBeirQueries(dir / "queries.jsonl");
    const fs::path qrels = dir / "qrels" / (qrelsSplit + ".tsv");
    set.qrels = data::readBeirQrels(qrels);
    std::set<std::string> docs, queries;
    for (const auto& p : set.passages)
        docs.insert(p.id);
    for (const auto& q : set.queries)
        queries.insert(q.id);
    for (const auto& [qid, judged] : set.qrels) {
        if (!queries.count(qid)) ++set.qrelsUnknownQueries;
        for (const auto& [doc, grade] : judged)
            if (!docs.count(doc)) ++set.qrelsUnknownDocuments;
    }
    return set;
}

std::vector<MinedPair> mineSet(model::EncodingService& encoder, const MiningSet& set, int k,
                               const align::Calibration* cal, const std::string& srcLang,
                               const std::string& tgtLang) {
    std::vector<std::string> srcIds, tgtIds, srcTexts, tgtTexts;
    for (const auto& s : set.source) {
        srcIds.push_back(s.id);
        srcTexts.push_back(s.text);
    }
    for (const auto& s : set.target) {
        tgtIds.push_back(s.id);
        tgtTexts.push_back(s.text);
    }
    MiningOptions options;
    options.k = k;
    return mineParallel(srcIds, calibrated(encodeTexts(encoder, srcTexts), cal, srcLang), tgtIds,
                        calibrated(encodeTexts(encoder, tgtTexts), cal, tgtLang), options);
}

void checkRetrievalOptions(const RetrievalOptions& options, bool haveEncoder) {
    for (const auto& s : options.systems)
        if (s != "dense" && s != "bm25" && s != "hybrid")
            throw ConfigError(fmt::format(
                "setting 'systems': unknown retrieval system '{}' (dense, bm25, hybrid)", s));
    if (options.systems.empty())
        throw ConfigError("setting 'systems' is empty; name dense, bm25 and/or hybrid");
    if (options.depth < 1)
        throw ConfigError(
            fmt::format("setting 'depth' must be at least 1 (got {})", options.depth));
    const bool dense = std::any_of(options.systems.begin(), options.systems.end(),
                                   [](const std::string& s) { return s != "bm25"; });
    if (dense && !haveEncoder)
        throw ConfigError("dense and hybrid retrieval need an encoder (setting 'model')");
    if (options.rerankDepth < 0)
        throw ConfigError(fmt::format("setting 'rerank_depth' must be 0 (all) or positive (got {})",
                                      options.rerankDepth));
}

std::vector<std::string> reportedSystems(const RetrievalOptions& options) {
    std::vector<std::string> out = options.systems;
    if (options.reranker)
        for (const auto& s : options.systems)
            out.push_back(s + kRerankSuffix);
    return out;
}

bool readsTranslated(const RetrievalSet& set, const search::TranslationLexicon& lexicon) {
    std::string src, tgt;
    if (languagesFromName(set.name, src, tgt)) return tgt == lexicon.targetLanguage();
    return std::all_of(set.passages.begin(), set.passages.end(), [&](const auto& p) {
        return p.language.empty() || p.language == lexicon.targetLanguage();
    });
}

namespace {

/// `q` as a translate-test re-ranker reads it (translateQueries).
std::string translatedQuery(const data::Query& q, const RetrievalSet& set,
                            const search::TranslationLexicon& lexicon) {
    return lexicon.translateText(q.text, languageOfQuery(q.id, set.name));
}

}  // namespace

void translateQueries(RetrievalSet& set, const search::TranslationLexicon& lexicon) {
    if (!readsTranslated(set, lexicon)) return;
    for (auto& q : set.queries)
        q.text = translatedQuery(q, set, lexicon);
}

Run rerankRun(model::CrossEncoder& reranker, const RetrievalSet& set, const Run& run,
              std::size_t depth, model::CrossEncoderStats* stats, const ProgressFn& progress,
              double firstStageWeight, const search::TranslationLexicon* queryLexicon) {
    // A translate-test re-ranker reads the lexicon's target language alone: a set whose
    // passages are in another language keeps its first-stage order.
    if (queryLexicon && !readsTranslated(set, *queryLexicon)) return run;
    std::map<std::string, const std::string*> passageText, queryText;
    std::map<std::string, std::string> translated;
    for (const auto& p : set.passages)
        passageText[p.id] = &p.text;
    for (const auto& q : set.queries) {
        queryText[q.id] = &q.text;
        if (queryLexicon)
            queryText[q.id] = &(translated[q.id] = translatedQuery(q, set, *queryLexicon));
    }
    auto lookup = [&](const auto& texts, const std::string& id, const char* what) {
        const auto it = texts.find(id);
        if (it == texts.end())
            throw DataError(fmt::format("{}: the run names {} '{}' that the collection lacks",
                                        set.folder.string(), what, id));
        return it->second;
    };
    std::vector<model::TextPair> pairs;
    std::vector<std::pair<std::string, std::size_t>> candidateCounts;  // query -> pairs
    for (const auto& [qid, ranking] : run) {
        const auto ids = search::rerankCandidates(ranking, depth);
        const std::string* query = lookup(queryText, qid, "query");
        for (const auto& doc : ids)
            pairs.push_back({query, lookup(passageText, doc, "passage")});
        candidateCounts.emplace_back(qid, ids.size());
    }
    const std::vector<double> scores = reranker.score(pairs, stats, progress);
    Run out;
    std::size_t next = 0;
    for (const auto& [qid, n] : candidateCounts) {
        const auto begin = scores.begin() + static_cast<std::ptrdiff_t>(next);
        out[qid] = search::rerankTop(
            run.at(qid), depth, std::vector<double>(begin, begin + static_cast<std::ptrdiff_t>(n)),
            firstStageWeight);
        next += n;
    }
    return out;
}

std::map<std::string, SystemResult> evaluateRetrievalSet(model::EncodingService* encoder,
                                                         const RetrievalSet& set,
                                                         const RetrievalOptions& options) {
    checkRetrievalOptions(options, encoder != nullptr);
    auto wants = [&](const char* system) {
        return std::count(options.systems.begin(), options.systems.end(), system) > 0;
    };
    // Hybrid fuses deeper candidate lists than it returns (search::hybridCandidateDepth), as
    // SearchService does; the dense and bm25 systems report the best `depth` of them.
    const auto depth = static_cast<size_t>(options.depth);
    const size_t candidates = wants("hybrid") ? search::hybridCandidateDepth(depth) : depth;
    std::map<std::string, Run> runs;
    if (wants("dense") || wants("hybrid"))
        runs["dense"] = denseRun(*encoder, set, static_cast<int>(candidates), options.calibration);
    // The share fusion takes BM25 as shares of each query's attainable score (the same order
    // as the bm25 system's, other scores); both come from one index.
    const bool share = wants("hybrid") && options.hybridFusion == search::HybridFusion::Share;
    if (wants("bm25") || wants("hybrid")) {
        Bm25Runs bm25 = bm25Runs(set, static_cast<int>(candidates), wants("bm25") || !share, share,
                                 options.lexicon);
        runs["bm25"] = std::move(bm25.raw);
        if (share) runs["bm25-share"] = std::move(bm25.share);
    }
    if (wants("hybrid")) {
        const Run& lexical = runs[share ? "bm25-share" : "bm25"];
        const search::HybridOptions fusion{options.hybridWeight, depth, options.hybridFusion,
                                           options.hybridShareFloor};
        for (const auto& q : set.queries) {
            const auto it = lexical.find(q.id);
            runs["hybrid"][q.id] = search::fuseHybrid(
                runs["dense"][q.id], it == lexical.end() ? search::Ranking{} : it->second, fusion);
        }
    }
    // First-stage and re-ranked systems are scored alike: recall@1 and @5 are the top-1 / top-5
    // hit rates of query lists.
    const auto score = [&](SystemResult& r) {
        r.report = evaluateRun(r.run, set.qrels, {1, 5, 10, 100});
        if (options.answers) answerRecall(r, set, *options.answers, options.answerMatch);
    };
    std::map<std::string, SystemResult> out;
    for (const auto& system : options.systems) {
        SystemResult& r = out[system];
        r.run = cut(runs.at(system), depth);
        score(r);
    }
    if (options.reranker)
        for (const auto& system : options.systems) {
            SystemResult& r = out[system + kRerankSuffix];
            r.rerank.emplace();
            r.run = rerankRun(*options.reranker, set, out.at(system).run,
                              static_cast<size_t>(options.rerankDepth), &*r.rerank, {},
                              options.rerankFirstStageWeight, options.rerankLexicon);
            score(r);
        }
    return out;
}

}  // namespace isomorph::eval

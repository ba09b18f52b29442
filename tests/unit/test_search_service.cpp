// SearchService (core/index/search_service.h) on a tiny random model: dense, lexical and hybrid
// results, the same hybrid ranking as `eval retrieval` (evaluateRetrievalSet), errors that name
// settings rather than CLI flags, cancellation, concurrent searches, and index builds that
// refuse an existing folder before encoding.

#include <algorithm>
#include <fstream>
#include <future>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/eval/eval_tasks.h"
#include "core/index/index_builder.h"
#include "core/index/rerank_rows.h"
#include "core/index/search_service.h"
#include "core/model/cross_encoder.h"
#include "core/model/encoding_service.h"
#include "core/search/bm25_index.h"
#include "core/search/translation_lexicon.h"
#include "core/text/script.h"
#include "tests/support/error_message.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_cross_encoder.h"
#include "tests/support/tiny_model.h"
#include "tests/support/tiny_training.h"

using namespace isomorph;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> ids(const std::vector<index::ResultRow>& rows) {
    std::vector<std::string> out;
    for (const auto& r : rows)
        out.push_back(r.id);
    return out;
}

}  // namespace

class TestSearchService : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    fs::path model_, index_, denseOnly_;
    std::vector<index::IndexedDocument> docs_;
    std::vector<std::string> deTexts_;
    model::EncodeOptions encode_;

    fs::path path(const char* name) const { return fs::path(dir_.filePath(name).toStdString()); }

    void build(const fs::path& out, bool bm25) {
        index::BuildOptions options;
        if (bm25) options.writeMore = index::bm25Writer(docs_);
        index::buildIndexFromCorpus(out, docs_, model_, encode_, options, "test");
    }

    /// The German sentences as queries for their English passages.
    eval::RetrievalSet deEnSet() const {
        eval::RetrievalSet set;
        set.name = "de-en";
        set.passages = docs_;
        for (size_t i = 0; i < deTexts_.size(); ++i) {
            set.queries.push_back({"q" + std::to_string(i) + ".de", deTexts_[i], 0});
            set.qrels[set.queries.back().id]["p" + std::to_string(i) + ".en"] = 1;
        }
        return set;
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        model_ = testing::tinyModel(path(""));
        const auto en = testing::syntheticSentences(testing::englishWords(), 20, 41);
        const auto de = testing::syntheticSentences(testing::germanWords(), 20, 42);
        for (size_t i = 0; i < en.size(); ++i) {
            docs_.push_back({"p" + std::to_string(i) + ".en", "en", en[i]});
            docs_.push_back({"p" + std::to_string(i) + ".de", "de", de[i]});
            deTexts_.push_back(de[i]);
        }
        encode_.pooling = model::Pooling::parse("mean", "pooling");
        encode_.threads = 1;
        index_ = path("index");
        denseOnly_ = path("dense-only");
        build(index_, true);
        build(denseOnly_, false);
    }

    void denseFindsTheQueryPassageFirst() {
        auto service = index::SearchService::open(index_, {});
        index::QueryOptions q;
        q.k = 5;
        const auto rows = service->search(docs_[6].text, q);
        QCOMPARE(rows.size(), size_t(5));
        QCOMPARE(rows.front().id, docs_[6].id);
        QCOMPARE(rows.front().rank, 1);
        for (size_t i = 1; i < rows.size(); ++i)
            QVERIFY(rows[i - 1].score >= rows[i].score);
        q.language = "de";
        for (const auto& r : service->search(docs_[6].text, q))
            QCOMPARE(r.language, std::string("de"));
        q.mode = index::SearchMode::Lexical;
        q.language.clear();
        QCOMPARE(service->search(docs_[6].text, q).front().id, docs_[6].id);
        // A set of languages is their union: both of the index's languages rank as no filter
        // (dense, and BM25 whose per-language rankings are merged), one of them as that one.
        for (auto mode : {index::SearchMode::Dense, index::SearchMode::Lexical}) {
            q.mode = mode;
            q.languages.clear();
            const auto all = service->search(docs_[6].text, q);
            q.languages = {"en", "de"};
            const auto both = service->search(docs_[6].text, q);
            QCOMPARE(both.size(), all.size());
            for (size_t i = 0; i < all.size(); ++i)
                QCOMPARE(both[i].id, all[i].id);
            q.languages = {"de", "xx"};  // a language the index lacks matches nothing
            const auto de = service->search(docs_[7].text, q);  // a German passage
            QVERIFY(!de.empty());
            for (const auto& r : de)
                QCOMPARE(r.language, std::string("de"));
        }
    }

    void rerankedSystemsReportTopOneAndTopFiveToo() {
        // `eval retrieval --rerank` reports the same cutoffs for SYSTEM+rerank as for SYSTEM:
        // recall@1 and @5 are the top-1 / top-5 hit rates of query lists (everyday queries).
        const eval::RetrievalSet set = deEnSet();
        auto encoder = model::EncodingService::open(model_, encode_);
        const auto reranker = model::CrossEncoder::open(testing::tinyCrossEncoder(path("")), {});
        eval::RetrievalOptions options;
        options.systems = {"bm25"};
        options.depth = 10;
        options.reranker = reranker.get();
        options.rerankDepth = 5;
        const auto evaluated = eval::evaluateRetrievalSet(encoder.get(), set, options);
        const auto& report = evaluated.at(std::string("bm25") + eval::kRerankSuffix).report;
        for (int k : {1, 5, 10, 100})
            QVERIFY2(report.recall.count(k), qPrintable(QString::number(k)));
        // recall@1 is the share of queries whose first re-ranked document is relevant.
        const eval::Run& run = evaluated.at(std::string("bm25") + eval::kRerankSuffix).run;
        double hits = 0;
        for (const auto& q : set.queries) {
            const auto ranked = eval::rankDocuments(run.at(q.id));
            hits += !ranked.empty() && set.qrels.at(q.id).count(ranked.front().docId) > 0;
        }
        QCOMPARE(report.recall.at(1), hits / static_cast<double>(set.queries.size()));
    }

    void hybridRanksLikeEvalRetrieval() {
        // The same passages, queries and encoder through `search` (SearchService) and
        // `eval retrieval` (evaluateRetrievalSet): one fusion rule, so the same ranking. With
        // k = 10 the old rules differed (eval fused the top 10 of each system, search the top
        // 100), and so did the rankings.
        const eval::RetrievalSet set = deEnSet();
        auto encoder = model::EncodingService::open(model_, encode_);
        eval::RetrievalOptions options;
        options.systems = {"hybrid"};
        options.depth = 10;
        options.hybridWeight = 0.3;
        const auto evaluated = eval::evaluateRetrievalSet(encoder.get(), set, options);
        const eval::Run& run = evaluated.at("hybrid").run;

        auto service = index::SearchService::open(index_, {});
        index::QueryOptions q;
        q.k = 10;
        q.mode = index::SearchMode::Hybrid;
        q.hybridWeight = 0.3;
        const auto results = service->searchMany(deTexts_, q);
        QCOMPARE(results.size(), set.queries.size());
        for (size_t i = 0; i < results.size(); ++i) {
            const auto ranked = eval::rankDocuments(run.at(set.queries[i].id));
            std::vector<std::string> evalIds;
            for (const auto& d : ranked)
                evalIds.push_back(d.docId);
            QCOMPARE(ids(results[i]), evalIds);
            // Same vectors and BM25 scores; only the order of float operations in the row
            // normalisation may differ (a few float32 ulps of a cosine in [0, 1]), scaled by at
            // most 1 / (max - min) of the min-max normalisation.
            for (size_t j = 0; j < ranked.size(); ++j)
                ISOMORPH_COMPARE_NEAR(results[i][j].score, ranked[j].score, 1e-4);
        }
    }

    void hybridWithoutASearchableWordRanksByDenseAlone() {
        // "?!" has no word BM25 can search for (in any language's analysis); hybrid then ranks by
        // the dense scores alone, as `eval retrieval` does (BM25 retrieves nothing), instead of
        // failing the whole query. Lexical mode still says why it found nothing.
        auto service = index::SearchService::open(index_, {});
        index::QueryOptions q;
        q.k = 3;
        q.queryLanguage = "de";
        q.mode = index::SearchMode::Dense;
        const auto dense = service->search("?!", q);
        q.mode = index::SearchMode::Hybrid;
        const auto hybrid = service->search("?!", q);
        QCOMPARE(ids(hybrid), ids(dense));
        q.mode = index::SearchMode::Lexical;
        const QString lexical = testing::messageOf<DataError>([&] { service->search("?!", q); });
        QVERIFY2(lexical.contains("no searchable word"), qPrintable(lexical));
    }

    void aQueryTheModelCannotReadGetsNoDenseResults() {
        // The tiny model's vocabulary has German and English letters only: a Thai query's
        // vector would say nothing about it, so dense search returns nothing and says why
        // rather than arbitrary neighbours.
        auto service = index::SearchService::open(index_, {});
        const std::string thai = "ภาษาไทยง่ายมาก ภาษาไทยง่ายมาก";
        const auto c = service->coverage(thai);
        QVERIFY(!c.covered());
        QVERIFY(c.letters >= 20);
        QCOMPARE(c.unknown, c.letters);
        QCOMPARE(c.script, std::string("Thai"));
        QCOMPARE(service->coverage(docs_[6].text).unknown, int64_t(0));
        QCOMPARE(text::mainScript("удалить каталог"), std::string("Cyrillic"));
        QCOMPARE(text::mainScript("42 ?!"), std::string());
        index::QueryOptions q;
        q.k = 3;
        QVERIFY(service->search(thai, q).empty());
        const auto report = index::runQuery(*service, {thai, q});
        QVERIFY(report.rows.empty());
        const std::string why = index::noResultsInThisLanguage(report.coverage);
        QVERIFY2(why.find("no results in this language") == 0, why.c_str());
        QVERIFY2(why.find("(Thai script)") != std::string::npos, why.c_str());
        // Mostly Thai with one indexed word: hybrid ranks by BM25 alone (its dense half would
        // be noise); the word alone is readable and searched densely.
        const std::string word = docs_[6].text.substr(0, docs_[6].text.find(' '));
        QVERIFY(service->coverage(word).covered());
        QVERIFY(index::noResultsInThisLanguage(service->coverage(word)).empty());
        q.mode = index::SearchMode::Hybrid;
        const auto hybrid = service->search(thai + " " + word, q);
        q.mode = index::SearchMode::Lexical;
        const auto lexical = service->search(thai + " " + word, q);
        QVERIFY(!lexical.empty());
        QCOMPARE(ids(hybrid), ids(lexical));
    }

    void errorsNameSettingsNotFlags() {
        auto service = index::SearchService::open(denseOnly_, {});
        index::QueryOptions q;
        QVERIFY(
            testing::messageOf<ConfigError>([&] { service->search("  \n", q); }).contains("empty"));
        q.k = 0;
        const QString k = testing::messageOf<ConfigError>([&] { service->search("files", q); });
        QVERIFY2(k.contains("setting 'k'") && !k.contains("--"), qPrintable(k));
        q.k = 3;
        q.mode = index::SearchMode::Hybrid;
        const QString bm25 = testing::messageOf<ConfigError>([&] { service->search("files", q); });
        QVERIFY2(bm25.contains("no BM25 index") && bm25.contains("setting 'bm25'") &&
                     !bm25.contains("--"),
                 qPrintable(bm25));
        const QString mode =
            testing::messageOf<ConfigError>([] { index::parseSearchMode("fuzzy"); });
        QVERIFY2(mode.contains("setting 'mode'"), qPrintable(mode));
    }

    void searchManyCancelsAndConcurrentSearchesAgree() {
        auto service = index::SearchService::open(index_, {});
        index::QueryOptions q;
        q.k = 3;
        QVERIFY_THROWS_EXCEPTION(
            Cancelled, service->searchMany(deTexts_, q, [](const Progress&) { return false; }));
        // One query per encoding call on both sides, so the vectors are bitwise the same.
        std::vector<std::vector<index::ResultRow>> serial;
        for (const auto& text : deTexts_)
            serial.push_back(service->search(text, q));
        auto half = [&](size_t from, size_t to) {
            std::vector<std::vector<std::string>> out;
            for (size_t i = from; i < to; ++i)
                out.push_back(ids(service->search(deTexts_[i], q)));
            return out;
        };
        auto a = std::async(std::launch::async, half, 0, 10);
        auto b = std::async(std::launch::async, half, 10, 20);
        auto first = a.get(), second = b.get();
        first.insert(first.end(), second.begin(), second.end());
        for (size_t i = 0; i < serial.size(); ++i)
            QCOMPARE(first[i], ids(serial[i]));
    }

    void buildRefusesAnExistingFolderBeforeEncoding() {
        std::vector<std::string> stages;
        index::BuildOptions options;
        const QString msg = testing::messageOf<DataError>([&] {
            Feedback feedback([&](const Progress& p) {
                stages.push_back(p.stage);
                return true;
            });
            index::buildIndexFromCorpus(index_, docs_, model_, encode_, options, "test", &feedback);
        });
        QVERIFY2(msg.contains("already exists") && msg.contains("setting 'overwrite'"),
                 qPrintable(msg));
        QVERIFY(stages.empty());  // failed before the first encoded chunk
    }

    // One query as `search --rerank` and the Search view run it (index::runQuery): the first
    // stage retrieves max(k, depth), the first depth rows are re-scored by the cross-encoder
    // (the same order rerankRows gives), k are shown, and each keeps its first-stage rank.
    void runQueryRetrievesDepthReranksAndShowsK() {
        auto service = index::SearchService::open(index_, {});
        const auto reranker = model::CrossEncoder::open(testing::tinyCrossEncoder(path("")), {});
        index::QueryOptions q;
        q.k = 3;
        const std::string query = deTexts_[2];
        const index::QueryReport plain = index::runQuery(*service, {query, q, nullptr, 100});
        QCOMPARE(plain.rows.size(), size_t(3));
        QVERIFY(!plain.reranked);
        QCOMPARE(ids(plain.rows), ids(service->search(query, q)));

        const index::QueryReport report = index::runQuery(*service, {query, q, reranker.get(), 8});
        QVERIFY(report.reranked);
        QCOMPARE(report.rows.size(), size_t(3));
        QCOMPARE(report.rescored, size_t(8));
        QCOMPARE(report.firstStageRank.size(), size_t(8));
        index::QueryOptions eight = q;
        eight.k = 8;
        const auto first = service->search(query, eight);
        auto expected = index::rerankRows(first, query, 8, *reranker);
        expected.resize(3);
        QCOMPARE(ids(report.rows), ids(expected));
        for (const auto& r : report.rows) {
            const auto it = std::find_if(first.begin(), first.end(),
                                         [&](const index::ResultRow& f) { return f.id == r.id; });
            QCOMPARE(report.firstStageRank.at(r.id), it->rank);
        }
        QVERIFY_THROWS_EXCEPTION(ConfigError, index::runQuery(*service, {" \n", q, nullptr, 0}));
    }

    // index build and the Search view's Build index run index::buildIndex: passages repeated
    // across corpus files with the same text are indexed once (the demo's retrieval sets share
    // passages), the same id with another text is refused before anything is written.
    void buildIndexSkipsRepeatedPassagesAndRefusesConflicts() {
        const fs::path a = path("a.jsonl"), b = path("b.jsonl"), c = path("c.jsonl");
        std::ofstream(a) << R"({"_id":"p1.en","text":"list the files"})"
                            "\n"
                         << R"({"_id":"p2.en","text":"copy the files"})"
                            "\n";
        std::ofstream(b) << R"({"_id":"p2.en","text":"copy the files"})"
                            "\n"
                         << R"({"_id":"p3.en","text":"remove all files"})"
                            "\n";
        std::ofstream(c) << R"({"_id":"p1.en","text":"something else"})"
                            "\n";
        index::IndexBuildRequest request;
        request.out = path("built");
        request.corpus = {a, b};
        request.model = model_;
        request.encode = encode_;
        std::vector<std::string> stages;
        Feedback feedback([&](const Progress& p) {
            if (stages.empty() || stages.back() != p.stage) stages.push_back(p.stage);
            return true;
        });
        const auto report = index::buildIndex(request, &feedback);
        QCOMPARE(report.files, size_t(2));
        QCOMPARE(report.documents, size_t(3));
        QCOMPARE(report.repeated, size_t(1));
        QCOMPARE(report.metadata.rows, int64_t(3));
        QVERIFY(!stages.empty() && stages.front() == "encode");
        QVERIFY(fs::exists(request.out / "bm25"));

        request.out = path("conflict");
        request.corpus = {a, c};
        QVERIFY(testing::messageOf<DataError>([&] {
                    index::buildIndex(request);
                }).contains("occurs twice with different texts"));
        QVERIFY(!fs::exists(request.out));
    }

    void aLexiconTranslatesQueriesForBm25() {
        // A lexicon learned from word-by-word German of English sentences (tinyGerman), and
        // English passages searched with their German translations: plain BM25 stems the
        // German words as English ones and shares almost nothing with the passages; translated,
        // the queries find their passages.
        std::vector<search::LexiconPair> pairs;
        for (const auto& en : testing::syntheticSentences(testing::englishWords(), 300, 5))
            pairs.push_back({testing::tinyGerman(en), en});
        search::TranslationLexicon lexicon("en");
        lexicon.train("de", pairs);
        lexicon.save(path("lexicon.json"));
        eval::RetrievalSet set;
        set.name = "de-en";
        for (const auto& d : docs_) {
            if (d.language != "en") continue;
            set.passages.push_back(d);
            set.queries.push_back({"q" + d.id + ".de", testing::tinyGerman(d.text), 0});
            set.qrels[set.queries.back().id][d.id] = 1;
        }
        eval::RetrievalOptions options;
        options.systems = {"bm25"};
        options.depth = 10;
        const double plain =
            eval::evaluateRetrievalSet(nullptr, set, options).at("bm25").report.mrr.at(100);
        options.lexicon = &lexicon;
        const double translated =
            eval::evaluateRetrievalSet(nullptr, set, options).at("bm25").report.mrr.at(100);
        QVERIFY2(translated > plain + 0.3 && translated > 0.5,
                 qPrintable(QString("MRR plain %1, translated %2").arg(plain).arg(translated)));

        // An index built with the lexicon: lexical search translates a query whose language it
        // is not told (guessed from the lexicon), as eval retrieval does when told.
        const fs::path corpus = path("lexicon-corpus.jsonl");
        {
            std::ofstream out(corpus);
            for (const auto& p : set.passages)
                out << nlohmann::json{{"_id", p.id}, {"text", p.text}}.dump() << "\n";
        }
        index::IndexBuildRequest request;
        request.out = path("with-lexicon");
        request.corpus = {corpus};
        request.model = model_;
        request.encode = encode_;
        request.lexiconFile = path("lexicon.json");
        index::buildIndex(request);
        QVERIFY(fs::exists(request.out / index::kLexiconFile));
        auto service = index::SearchService::open(request.out, {});
        index::QueryOptions q;
        q.mode = index::SearchMode::Lexical;
        q.k = 10;
        const auto& query = set.queries.front();
        const auto rows = service->search(query.text, q);
        const auto fromEval = eval::rankDocuments(
            eval::evaluateRetrievalSet(nullptr, set, options).at("bm25").run.at(query.id));
        QVERIFY(!rows.empty());
        QCOMPARE(rows.size(), std::min<size_t>(10, fromEval.size()));
        for (size_t i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].id, fromEval[i].docId);
            // The same Xapian formula over the same passages' statistics.
            ISOMORPH_COMPARE_NEAR(rows[i].score, fromEval[i].score, 1e-9);
        }
        // Snippets mark the English words of the query's translation.
        q.snippets = true;
        const auto shown = service->search(query.text, q);
        QVERIFY(!shown.front().matches.empty());
        const auto terms = lexicon.translate(query.text, "de");
        for (const auto& m : shown.front().matches) {
            const std::string word = shown.front().text.substr(m.begin, m.end - m.begin);
            const auto analysed = search::analyzeTerms(word, "en");
            QCOMPARE(analysed.size(), size_t(1));
            QVERIFY2(std::any_of(terms.begin(), terms.end(),
                                 [&](const search::WeightedTerm& t) {
                                     return t.term == analysed.front().first;
                                 }),
                     word.c_str());
        }
        // ... except the words that more than half of the passages hold, which BM25 weighs at
        // almost nothing (a translated function word would mark every sentence); the others of
        // the translation stay marked wherever they occur.
        std::map<std::string, size_t> held;
        for (const auto& p : set.passages)
            for (const auto& [term, count] : search::analyzeTerms(p.text, "en"))
                ++held[term];
        size_t common = 0, rare = 0;
        for (size_t r = 0; r < shown.size(); ++r) {
            std::set<std::string> marked;
            for (const auto& m : shown[r].matches)
                marked.insert(
                    search::analyzeTerms(shown[r].text.substr(m.begin, m.end - m.begin), "en")
                        .front()
                        .first);
            for (const auto& [term, count] : search::analyzeTerms(shown[r].text, "en")) {
                const bool inTranslation =
                    std::any_of(terms.begin(), terms.end(), [&](const search::WeightedTerm& t) {
                        return t.term == term && t.weight >= 0.1;
                    });
                if (!inTranslation) continue;
                const bool isCommon = 2 * held[term] > set.passages.size();
                QVERIFY2(marked.count(term) == (isCommon ? 0u : 1u), term.c_str());
                ++(isCommon ? common : rare);
            }
        }
        QVERIFY2(common > 0 && rare > 0, "not vacuous: both kinds occur in the results");
        // A lexicon needs the BM25 index; a damaged one is refused before anything is encoded.
        request.out = path("no-bm25");
        request.bm25 = false;
        QVERIFY(testing::messageOf<ConfigError>([&] {
                    index::buildIndex(request);
                }).contains("--lexicon"));
        request.bm25 = true;
        std::ofstream(path("bad-lexicon.json")) << "{}";
        request.lexiconFile = path("bad-lexicon.json");
        QVERIFY(testing::messageOf<DataError>([&] {
                    index::buildIndex(request);
                }).contains("not a translation lexicon"));
        QVERIFY(!fs::exists(request.out));
    }

    void indistinctScoresAreDetected() {
        auto rows = [](std::vector<double> scores) {
            std::vector<index::ResultRow> out;
            for (double s : scores)
                out.push_back({static_cast<int>(out.size()) + 1, s, 0, "", "", "", {}, {}});
            return out;
        };
        QVERIFY(index::scoresIndistinct(rows({0.991, 0.985, 0.979})));
        QVERIFY(!index::scoresIndistinct(rows({0.991, 0.95})));
        QVERIFY(!index::scoresIndistinct(rows({0.5})));  // one result: nothing to tell apart
        QVERIFY(!index::scoresIndistinct({}));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestSearchService)
#include "test_search_service.moc"

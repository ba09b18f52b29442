// CrossEncoder (core/model/cross_encoder.h) on tiny random cross-encoders: its batched, padded,
// length-sorted scores equal a direct float64 forward pass of each pair alone and an independent
// python3-torch reference (tests/reference/cross_encoder_reference.py); re-ranking a run orders
// it by those scores; long queries are truncated and counted; bi-encoders are refused with a
// message that names the folder and what to do.

#include <fstream>
#include <set>
#include <sstream>

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/eval/eval_tasks.h"
#include "core/index/rerank_rows.h"
#include "core/model/cross_encoder.h"
#include "core/model/cross_encoder_model.h"
#include "core/model/hf_checkpoint.h"
#include "core/search/rerank_top.h"
#include "core/search/translation_lexicon.h"
#include "core/text/tokenizer.h"
#include "tests/support/error_message.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_cross_encoder.h"
#include "tests/support/tiny_model.h"

using namespace isomorph;
namespace fs = std::filesystem;

namespace {

// Our float32 scores against float64 computations of the same float32 weights. The unit
// roundoff of float32 is 6e-8; each hidden value is a sum of at most 64 products of values of
// magnitude <= ~4 (post-LayerNorm states and 0.02-scale weights), and every LayerNorm renormalises
// the error instead of compounding it, so each of the 4 layers adds at most ~64 * 4 * 6e-8 ~ 2e-5
// relative error; the head (norms < 3) keeps the total below 1e-4.
constexpr double kFloat32Tolerance = 1e-4;

/// Score of one pair computed directly: packed by hand, unpadded, batch of one, float64.
double directScore(const fs::path& dir, const std::vector<int32_t>& q,
                   const std::vector<int32_t>& d) {
    torch::NoGradGuard noGrad;
    model::Encoder encoder = model::loadHuggingFaceEncoder(dir, nullptr, torch::kFloat64);
    encoder->eval();
    const auto heads = model::loadHeadTensors(dir);
    std::vector<int64_t> ids = {text::Tokenizer::kBos};
    ids.insert(ids.end(), q.begin(), q.end());
    ids.push_back(text::Tokenizer::kEos);
    const auto queryPart = static_cast<int64_t>(ids.size());
    ids.insert(ids.end(), d.begin(), d.end());
    ids.push_back(text::Tokenizer::kEos);
    const auto n = static_cast<int64_t>(ids.size());
    auto idsT = torch::tensor(ids, torch::kLong).unsqueeze(0);
    auto types = torch::zeros({1, n}, torch::kLong);
    types.narrow(1, queryPart, n - queryPart).fill_(1);
    const auto cls =
        encoder->forward(idsT, torch::ones({1, n}, torch::kLong), types).lastHidden[0][0];
    auto h = [&](const char* name) {
        return heads.at(std::string("xlp.rr.") + name).to(torch::kFloat64);
    };
    const auto inner = torch::tanh(torch::mv(h("dense.weight"), cls) + h("dense.bias"));
    return (torch::mv(h("out_proj.weight"), inner) + h("out_proj.bias")).item<double>();
}

bool pythonTorchAvailable() {
    QProcess p;
    p.start("/usr/bin/python3", {"-c", "import torch"});
    return p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

QString joinIds(const std::vector<int32_t>& ids) {
    QStringList parts;
    for (int32_t id : ids)
        parts << QString::number(id);
    return parts.join(',');
}

}  // namespace

class TestCrossEncoder : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    fs::path model_;
    std::unique_ptr<text::Tokenizer> tok_;
    std::vector<std::string> queries_, docs_;

    fs::path path(const char* name) const { return fs::path(dir_.filePath(name).toStdString()); }

    /// Every (query, document) pair of the fixture's texts.
    std::vector<model::TextPair> allPairs() const {
        std::vector<model::TextPair> pairs;
        for (const auto& q : queries_)
            for (const auto& d : docs_)
                pairs.push_back({&q, &d});
        return pairs;
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        model_ = testing::tinyCrossEncoder(path(""));
        tok_ = std::make_unique<text::Tokenizer>(text::Tokenizer::load(path("tok.model")));
        queries_ = testing::syntheticSentences(testing::englishWords(), 3, 5);
        docs_ = testing::syntheticSentences(testing::germanWords(), 4, 6);
        auto more = testing::syntheticSentences(testing::englishWords(), 3, 7);
        docs_.insert(docs_.end(), more.begin(), more.end());
    }

    void scoresEqualDirectComputation() {
        model::CrossEncoderOptions o;
        o.batchSize = 3;  // several batches, each padded (lengths differ)
        auto ce = model::CrossEncoder::open(model_, o);
        const std::vector<model::TextPair> pairs = allPairs();
        model::CrossEncoderStats stats;
        const auto scores = ce->score(pairs, &stats);
        QCOMPARE(stats.pairs, static_cast<int64_t>(pairs.size()));
        QCOMPARE(stats.queriesTruncated, int64_t{0});
        double spread = 0;
        for (size_t i = 0; i < pairs.size(); ++i) {
            const double direct = directScore(model_, tok_->encode(*pairs[i].query),
                                              tok_->encode(*pairs[i].document));
            ISOMORPH_COMPARE_NEAR(scores[i], direct, kFloat32Tolerance);
            spread = std::max(spread, std::abs(scores[i] - scores[0]));
        }
        QVERIFY2(spread > 1e-3,
                 "the tiny model must tell documents apart for the test to mean anything");
    }

    void scoreMatchesPythonReference() {
        if (!pythonTorchAvailable())
            QSKIP("python3-torch is not installed: apt-get install python3-torch");
        auto ce = model::CrossEncoder::open(model_, {});
        const std::string& q = queries_[1];
        const std::string& d = docs_[2];
        const double ours = ce->score({{&q, &d}})[0];
        QProcess p;
        p.start("/usr/bin/python3",
                {ISOMORPH_SOURCE_DIR "/tests/reference/cross_encoder_reference.py",
                 QString::fromStdString(model_.string()), QString::number(text::Tokenizer::kBos),
                 QString::number(text::Tokenizer::kEos), joinIds(tok_->encode(q)),
                 joinIds(tok_->encode(d))});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        bool ok = false;
        const double reference =
            QString::fromUtf8(p.readAllStandardOutput()).trimmed().toDouble(&ok);
        QVERIFY(ok);
        qInfo("cross-encoder score: ours %.9f, reference %.9f", ours, reference);
        ISOMORPH_COMPARE_NEAR(ours, reference, kFloat32Tolerance);
    }

    void rerankRunOrdersByModelScores() {
        auto ce = model::CrossEncoder::open(model_, {});
        eval::RetrievalSet set;
        set.folder = path("set");
        for (size_t i = 0; i < docs_.size(); ++i)
            set.passages.push_back({"d" + std::to_string(i), "", docs_[i]});
        set.queries.push_back({"q0", queries_[0], 1});
        search::Run run;
        for (size_t i = 0; i < docs_.size(); ++i)  // first stage: d0 best, d6 worst
            run["q0"].push_back({"d" + std::to_string(i), 10.0 - static_cast<double>(i)});
        const size_t depth = 5;
        const auto reranked = eval::rerankRun(*ce, set, run, depth);
        const auto& r = reranked.at("q0");
        QCOMPARE(r.size(), docs_.size());
        // Top 5: ordered by the directly computed scores.
        std::vector<std::pair<double, std::string>> expected;
        for (size_t i = 0; i < depth; ++i)
            expected.push_back(
                {directScore(model_, tok_->encode(queries_[0]), tok_->encode(docs_[i])),
                 "d" + std::to_string(i)});
        std::sort(expected.begin(), expected.end(), std::greater<>());
        for (size_t i = 0; i + 1 < depth; ++i)
            QVERIFY2(expected[i].first - expected[i + 1].first > 2 * kFloat32Tolerance,
                     "scores too close to order unambiguously");
        for (size_t i = 0; i < depth; ++i) {
            QCOMPARE(r[i].docId, expected[i].second);
            ISOMORPH_COMPARE_NEAR(r[i].score, expected[i].first, kFloat32Tolerance);
        }
        // Below the depth: first-stage order, below every re-ranked score.
        QCOMPARE(r[5].docId, std::string("d5"));
        QCOMPARE(r[6].docId, std::string("d6"));
        QVERIFY(r[5].score < r[4].score);
        QVERIFY(r[6].score < r[5].score);
        // The reordering is not the identity (else the test would prove nothing).
        bool moved = false;
        for (size_t i = 0; i < depth; ++i)
            moved = moved || r[i].docId != "d" + std::to_string(i);
        QVERIFY(moved);
    }

    void rerankRunReadsTranslatedQueries() {
        // Translate-test: with a lexicon the cross-encoder scores the query's translation. A
        // Polish query whose words the lexicon maps onto the fixture's first query's words must
        // score every candidate exactly as that English text does.
        const std::string english = queries_[0];
        std::vector<search::LexiconPair> pairs;
        std::string polish;
        std::istringstream words(english);
        int n = 0;
        for (std::string w; words >> w; ++n) {
            const std::string pl = "slowo" + std::string(1, static_cast<char>('a' + n));
            pairs.push_back({pl, w});
            pairs.push_back({pl, w});  // each source word in two pairs (minSourceCount)
            polish += pl + " ";
        }
        search::TranslationLexicon lexicon("en");
        lexicon.train("pl", pairs);
        const std::string translated = lexicon.translateText(polish, "pl");
        QVERIFY2(translated != polish, translated.c_str());

        auto ce = model::CrossEncoder::open(model_, {});
        eval::RetrievalSet set;
        set.folder = path("set");
        set.name = "pl-en";
        for (size_t i = 0; i < docs_.size(); ++i)
            set.passages.push_back({"d" + std::to_string(i), "", docs_[i]});
        set.queries.push_back({"q0", polish, 1});
        search::Run run;
        for (size_t i = 0; i < docs_.size(); ++i)
            run["q0"].push_back({"d" + std::to_string(i), 10.0 - static_cast<double>(i)});
        const auto reranked = eval::rerankRun(*ce, set, run, 3, nullptr, {}, 0.0, &lexicon);
        const auto plain = eval::rerankRun(*ce, set, run, 3);
        bool differs = false;
        for (size_t i = 0; i < 3; ++i) {
            const auto& row = reranked.at("q0")[i];
            const int doc = std::stoi(row.docId.substr(1));
            ISOMORPH_COMPARE_NEAR(row.score,
                                  directScore(model_, tok_->encode(translated),
                                              tok_->encode(docs_[static_cast<size_t>(doc)])),
                                  kFloat32Tolerance);
            const auto& other = plain.at("q0")[i];
            differs = differs || other.docId != row.docId ||
                      std::abs(other.score - row.score) > 2 * kFloat32Tolerance;
        }
        QVERIFY2(differs, "the translated query scores as the untranslated one");
        // Passages in another language than the lexicon's target: not read, the first stage's
        // order kept.
        set.name = "pl-pl";
        QVERIFY(!eval::readsTranslated(set, lexicon));
        const auto kept = eval::rerankRun(*ce, set, run, 3, nullptr, {}, 0.0, &lexicon);
        QCOMPARE(kept.at("q0").size(), run.at("q0").size());
        for (size_t i = 0; i < run.at("q0").size(); ++i) {
            QCOMPARE(kept.at("q0")[i].docId, run.at("q0")[i].docId);
            QCOMPARE(kept.at("q0")[i].score, run.at("q0")[i].score);
        }
    }

    void rerankRowsKeepsRowsBelowDepth() {
        auto ce = model::CrossEncoder::open(model_, {});
        std::vector<index::ResultRow> rows;
        for (size_t i = 0; i < docs_.size(); ++i)  // equal first-stage scores: order is the rows'
            rows.push_back({static_cast<int>(i) + 1,
                            0.5,
                            static_cast<int64_t>(i),
                            "z" + std::to_string(i),
                            "de",
                            docs_[i],
                            {},
                            {}});
        const auto out = index::rerankRows(rows, queries_[2], 3, *ce);
        QCOMPARE(out.size(), rows.size());
        std::set<std::string> top;
        for (size_t i = 0; i < 3; ++i) {
            top.insert(out[i].id);
            QCOMPARE(out[i].rank, static_cast<int>(i) + 1);
            if (i > 0) QVERIFY(out[i].score <= out[i - 1].score);
        }
        QCOMPARE(top, (std::set<std::string>{"z0", "z1", "z2"}));
        for (size_t i = 3; i < rows.size(); ++i) {
            QCOMPARE(out[i].id, rows[i].id);
            QCOMPARE(out[i].score, 0.5);
            QCOMPARE(out[i].rank, static_cast<int>(i) + 1);
        }
    }

    // Score interpolation: the re-scored rows are ordered by w x minmax(first stage) + (1 - w) x
    // minmax(cross-encoder), computed here from the raw scores.
    void rerankRowsInterpolatesWithTheFirstStage() {
        auto ce = model::CrossEncoder::open(model_, {});
        std::vector<index::ResultRow> rows;
        std::vector<model::TextPair> pairs;
        for (size_t i = 0; i < docs_.size(); ++i) {
            rows.push_back({static_cast<int>(i) + 1,
                            1.0 - 0.1 * double(i),
                            static_cast<int64_t>(i),
                            "z" + std::to_string(i),
                            "de",
                            docs_[i],
                            {},
                            {}});
            pairs.push_back({&queries_[1], &docs_[i]});
        }
        const auto ceScores = ce->score(pairs);
        const double w = 0.6;
        const auto lo = *std::min_element(ceScores.begin(), ceScores.end());
        const auto hi = *std::max_element(ceScores.begin(), ceScores.end());
        std::vector<std::pair<double, std::string>> expected;
        for (size_t i = 0; i < rows.size(); ++i) {
            const double first =
                (rows[i].score - rows.back().score) / (rows[0].score - rows.back().score);
            expected.push_back({w * first + (1 - w) * (ceScores[i] - lo) / (hi - lo), rows[i].id});
        }
        std::sort(expected.begin(), expected.end(), std::greater<>());
        const auto out = index::rerankRows(rows, queries_[1], 0, *ce, nullptr, w);
        for (size_t i = 0; i < out.size(); ++i) {
            QCOMPARE(out[i].id, expected[i].second);
            QVERIFY(std::abs(out[i].score - expected[i].first) < 1e-9);
        }
        // w = 1 keeps the first stage's order and its min-max scaled scores, without running
        // the cross-encoder (its scores would count for nothing).
        model::CrossEncoderStats stats;
        const auto kept = index::rerankRows(rows, queries_[1], 0, *ce, &stats, 1.0);
        for (size_t i = 0; i < rows.size(); ++i) {
            QCOMPARE(kept[i].id, rows[i].id);
            const double first =
                (rows[i].score - rows.back().score) / (rows[0].score - rows.back().score);
            QVERIFY(std::abs(kept[i].score - first) < 1e-9);
        }
        QCOMPARE(stats.pairs, int64_t{0});
    }

    // A re-ranker with another tokenizer than the index's encoder is refused, naming both.
    void rerankerWithAnotherTokenizerIsRefused() {
        const fs::path other = path("other-tokenizer");
        fs::copy(model_, other);
        std::ofstream(other / "sentencepiece.bpe.model", std::ios::app) << "x";  // other bytes
        index::checkRerankerTokenizer(model_, model_);  // the same: accepted
        const QString m =
            testing::messageOf<ConfigError>([&] { index::checkRerankerTokenizer(model_, other); });
        QVERIFY2(m.contains(QString::fromStdString(other.string())) &&
                     m.contains(QString::fromStdString(model_.string())) && m.contains("tokenizer"),
                 qPrintable(m));
    }

    void longQueriesAreTruncatedAndCounted() {
        model::CrossEncoderOptions o;
        o.maxQueryTokens = 3;
        auto ce = model::CrossEncoder::open(model_, o);
        QCOMPARE(ce->maxQueryTokens(), int64_t{3});
        std::string longQuery;
        for (int i = 0; i < 40; ++i)
            longQuery += "directory contents ";
        const std::string shortQuery = "copy";
        std::string longDoc;
        for (int i = 0; i < 60; ++i)
            longDoc += "Verzeichnis ";
        model::CrossEncoderStats stats;
        const auto scores = ce->score(
            {{&longQuery, &docs_[0]}, {&longQuery, &longDoc}, {&shortQuery, &docs_[1]}}, &stats);
        QCOMPARE(stats.queriesTruncated, int64_t{1});  // one distinct long query
        QCOMPARE(stats.documentsTruncated, int64_t{1});
        for (double s : scores)
            QVERIFY(std::isfinite(s));
    }

    void windowedModelScoresFinite() {
        // Global + sliding window (radius 2): documents longer and shorter than the window.
        testing::TinyCrossEncoderSpec spec;
        spec.attentionRadius = 2;
        spec.name = "windowed";
        auto ce = model::CrossEncoder::open(testing::tinyCrossEncoder(path(""), spec), {});
        std::string longDoc;
        for (int i = 0; i < 30; ++i)
            longDoc += "Dateien löschen ";
        const std::string shortDoc = "alle";
        const auto scores = ce->score({{&queries_[0], &longDoc}, {&queries_[0], &shortDoc}});
        for (double s : scores)
            QVERIFY(std::isfinite(s));
    }

    void windowedScoresDoNotDependOnTheBatch() {
        // Padding and batch neighbours must not leak into a pair's score under the global +
        // sliding-window attention either: batches of 3 (padded, documents longer and shorter
        // than the window) against one pair at a time.
        testing::TinyCrossEncoderSpec spec;
        spec.attentionRadius = 2;
        spec.name = "windowed-batch";
        const fs::path model = testing::tinyCrossEncoder(path(""), spec);
        model::CrossEncoderOptions batched;
        batched.batchSize = 3;
        model::CrossEncoderOptions single;
        single.batchSize = 1;
        auto a = model::CrossEncoder::open(model, batched);
        auto b = model::CrossEncoder::open(model, single);
        const std::vector<model::TextPair> pairs = allPairs();
        const auto together = a->score(pairs);
        const auto alone = b->score(pairs);
        double spread = 0;
        for (size_t i = 0; i < pairs.size(); ++i) {
            ISOMORPH_COMPARE_NEAR(together[i], alone[i], kFloat32Tolerance);
            spread = std::max(spread, std::abs(alone[i] - alone[0]));
        }
        QVERIFY2(spread > 1e-3, "the tiny model must tell documents apart");
    }

    void biEncoderIsRefused() {
        const fs::path bi = testing::tinyModel(path(""));
        const QString m =
            testing::messageOf<CheckpointError>([&] { model::CrossEncoder::open(bi, {}); });
        QVERIFY2(m.contains(QString::fromStdString(bi.string())), qPrintable(m));
        QVERIFY2(m.contains("not a cross-encoder"), qPrintable(m));
        QVERIFY2(m.contains("xlp.rr."), qPrintable(m));
        QVERIFY2(m.contains("--rerank"), qPrintable(m));
    }

    void oneTokenTypeIsRefused() {
        testing::TinyCrossEncoderSpec spec;
        spec.typeVocabSize = 1;
        spec.name = "onetype";
        const QString m = testing::messageOf<CheckpointError>(
            [&] { model::CrossEncoder::open(testing::tinyCrossEncoder(path(""), spec), {}); });
        QVERIFY2(m.contains("type_vocab_size is 1"), qPrintable(m));
    }

    void partialHeadIsRefused() {
        testing::TinyCrossEncoderSpec spec;
        spec.name = "partial";
        const fs::path dir = testing::tinyCrossEncoder(path(""), spec);
        auto heads = model::loadTensorFile(dir / "heads.safetensors");
        heads.erase("xlp.rr.out_proj.bias");
        model::saveTensorFile(heads, dir / "heads.safetensors");
        const QString m =
            testing::messageOf<CheckpointError>([&] { model::CrossEncoder::open(dir, {}); });
        QVERIFY2(m.contains("lacks xlp.rr.out_proj.bias"), qPrintable(m));
    }

    void badOptionsNameTheSetting() {
        model::CrossEncoderOptions o;
        o.maxQueryTokens = 0;
        QVERIFY(testing::messageOf<ConfigError>([&] {
                    model::CrossEncoder::open(model_, o);
                }).contains("setting 'max_query_tokens'"));
        o = {};
        o.maxTokens = 4;
        QVERIFY(testing::messageOf<ConfigError>([&] {
                    model::CrossEncoder::open(model_, o);
                }).contains("setting 'max_tokens'"));
    }

    void cancelStopsScoring() {
        model::CrossEncoderOptions o;
        o.batchSize = 1;
        auto ce = model::CrossEncoder::open(model_, o);
        std::vector<model::TextPair> pairs;
        for (const auto& d : docs_)
            pairs.push_back({&queries_[0], &d});
        int calls = 0;
        QVERIFY_THROWS_EXCEPTION(
            Cancelled, ce->score(pairs, nullptr, [&](const Progress&) { return ++calls < 2; }));
        QCOMPARE(calls, 2);
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestCrossEncoder)
#include "test_cross_encoder.moc"

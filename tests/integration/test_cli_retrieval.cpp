// `index build`, `search`, `eval bitext|bucc|retrieval|rerank` and `calibrate fit|apply` end to
// end on a tiny model and hand-made files: outputs parse, numbers are in range and consistent
// between commands, and every bad input of the issue gets one clear message (exit 1 or 2, no
// crash).

#include <algorithm>
#include <limits>
#include <set>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/model_io/safetensors.h"
#include "core/text/tokenizer_trainer.h"
#include "tests/support/cli_runner.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_corpus.h"

using isomorph::testing::CliResult;
using isomorph::testing::runCli;

namespace {

void writeFile(const QString& path, const QByteArray& content) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
}

QJsonObject parseJson(const CliResult& r) {
    QJsonParseError error;
    const auto doc = QJsonDocument::fromJson(r.out, &error);
    if (error.error != QJsonParseError::NoError) qWarning() << "bad JSON:" << r.out << r.err;
    return doc.object();
}

/// The first `n` synthetic sentences of each language, distinct within the language.
std::pair<std::vector<std::string>, std::vector<std::string>> sentencePairs(int n) {
    const auto en =
        isomorph::testing::syntheticSentences(isomorph::testing::englishWords(), 400, 31);
    const auto de =
        isomorph::testing::syntheticSentences(isomorph::testing::germanWords(), 400, 32);
    std::vector<std::string> a, b;
    std::set<std::string> seenA, seenB;
    for (size_t i = 0; i < en.size() && static_cast<int>(a.size()) < n; ++i)
        if (seenA.insert(de[i]).second && seenB.insert(en[i]).second) {
            a.push_back(de[i]);
            b.push_back(en[i]);
        }
    return {a, b};
}

}  // namespace

class TestCliRetrieval : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    QString model_, other_, beir_, index_;

    QString path(const QString& name) const { return dir_.filePath(name); }

  private Q_SLOTS:
    void initTestCase() {
        isomorph::testing::tinyTokenizer(path("tok").toStdString());
        for (const auto& [out, seed] : {std::pair{QString("model"), "1"}, {"other", "2"}}) {
            CliResult r = runCli({"model", "init", "--tokenizer", path("tok.model"), "--out",
                                  path(out), "--layers", "2", "--hidden", "32", "--heads", "4",
                                  "--ffn", "64", "--max-positions", "34", "--seed", seed});
            QVERIFY2(r.exitCode == 0, r.err.constData());
        }
        model_ = path("model");
        other_ = path("other");
        // A BEIR collection: passages in en and de, queries in de, one relevant passage each,
        // plus one judgement naming a passage the corpus does not have.
        const auto [de, en] = sentencePairs(30);
        QByteArray corpus, queries, qrels = "query-id\tcorpus-id\tscore\n";
        for (size_t i = 0; i < en.size(); ++i) {
            corpus += QJsonDocument(QJsonObject{{"_id", QString("p%1.en").arg(i)},
                                                {"title", ""},
                                                {"text", QString::fromStdString(en[i])}})
                          .toJson(QJsonDocument::Compact) +
                      "\n";
            corpus += QJsonDocument(QJsonObject{{"_id", QString("p%1.de").arg(i)},
                                                {"text", QString::fromStdString(de[i])}})
                          .toJson(QJsonDocument::Compact) +
                      "\n";
            if (i < 10) {
                queries += QJsonDocument(QJsonObject{{"_id", QString("q%1.de").arg(i)},
                                                     {"text", QString::fromStdString(de[i])}})
                               .toJson(QJsonDocument::Compact) +
                           "\n";
                qrels += QByteArray("q") + QByteArray::number(int(i)) + ".de\tp" +
                         QByteArray::number(int(i)) + ".en\t1\n";
            }
        }
        qrels += "q0.de\tmissing.en\t1\n";
        beir_ = path("beir/de-en");
        writeFile(beir_ + "/corpus.jsonl", corpus);
        writeFile(beir_ + "/queries.jsonl", queries);
        writeFile(beir_ + "/qrels/test.tsv", qrels);
        QByteArray tsv;
        for (size_t i = 0; i < de.size(); ++i)
            tsv += QByteArray::fromStdString(de[i] + "\t" + en[i] + "\n");
        writeFile(path("pairs/de-en.tsv"), tsv);
        index_ = path("index");
        CliResult r = runCli({"index", "build", "--out", index_, "--corpus",
                              beir_ + "/corpus.jsonl", "--model", model_});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("rows 60"));
        QVERIFY(r.out.contains("de:30 en:30"));
    }

    void searchFindsTheIdenticalPassageInEveryMode() {
        const auto [de, en] = sentencePairs(30);
        for (const char* mode : {"dense", "bm25", "hybrid"}) {
            CliResult r =
                runCli({"search", "--index", index_, "--query", QString::fromStdString(de[3]),
                        "--k", "5", "--mode", mode, "--lang", "de", "--json"});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            const auto results = parseJson(r)["results"].toArray();
            QVERIFY(!results.isEmpty());
            QVERIFY(results.size() <= 5);
            for (const auto& v : results)
                QCOMPARE(v.toObject()["lang"].toString(), QString("de"));
            // The query is a passage's own text: that passage scores highest (cosine 1).
            bool found = false;
            for (const auto& v : results)
                if (v.toObject()["text"].toString() == QString::fromStdString(de[3])) found = true;
            QVERIFY2(found, mode);
        }
        CliResult all =
            runCli({"search", "--index", index_, "--query", "list files", "--k", "1000", "--json"});
        QVERIFY2(all.exitCode == 0, all.err.constData());
        QCOMPARE(parseJson(all)["results"].toArray().size(), 60);  // k > rows: every row
        QVERIFY(all.err.contains("larger than the index"));
    }

    void searchRefusesAnotherEncoderAndEmptyQueries() {
        CliResult r = runCli({"search", "--index", index_, "--query", "list", "--model", other_});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("is not the encoder that built the index"), r.err.constData());
        QVERIFY(r.err.contains("fingerprint"));
        for (const char* empty : {"", "   "}) {  // a usage error, before the model loads
            r = runCli({"search", "--index", index_, "--query", empty});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("--query is empty"), r.err.constData());
        }
        r = runCli({"search", "--index", path("nope"), "--query", "x"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("is not a folder"), r.err.constData());
        r = runCli({"index", "build", "--out", index_, "--corpus", beir_ + "/corpus.jsonl",
                    "--model", model_});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("already exists") && r.err.contains("--overwrite"),
                 r.err.constData());
        QVERIFY2(!r.err.contains("encode"), r.err.constData());  // refused before encoding
    }

    // A cross-encoder of another model family (its own tokenizer, e.g. a Hugging Face BERT
    // fine-tuned with rerank finetune): refused by default, naming the flag that accepts it,
    // and used with that flag by search and eval retrieval.
    void rerankerWithItsOwnTokenizerNeedsTheFlag() {
        const auto en =
            isomorph::testing::syntheticSentences(isomorph::testing::englishWords(), 400, 21);
        std::vector<isomorph::text::LanguageCorpus> corpora = {
            {"en",
             [&en] { return std::make_unique<isomorph::testing::VectorSentenceStream>(&en); }}};
        isomorph::text::TokenizerTrainOptions o;
        o.vocabSize = 60;  // another vocabulary than tok.model's 80
        o.characterCoverage = 1.0;
        o.numThreads = 1;
        isomorph::text::trainTokenizer(corpora, o, path("tok60").toStdString());
        const QString ce = path("cross-other");
        CliResult r = runCli({"model", "init", "--tokenizer", path("tok60.model"), "--out", ce,
                              "--layers", "1", "--hidden", "32", "--heads", "4", "--ffn", "64",
                              "--max-positions", "66", "--type-vocab-size", "2"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // Its relevance head (what makes a checkpoint a cross-encoder).
        std::vector<float> dense(32 * 32, 0.01f), bias(32, 0.0f), out(32, 0.1f), outBias(1, 0.0f);
        isomorph::model_io::SafetensorsWriter heads;
        const auto add = [&heads](const char* name, std::vector<int64_t> shape,
                                  const std::vector<float>& v) {
            heads.add(std::string("xlp.rr.") + name, isomorph::model_io::DType::F32,
                      std::move(shape), v.data(), v.size() * sizeof(float));
        };
        add("dense.weight", {32, 32}, dense);
        add("dense.bias", {32}, bias);
        add("out_proj.weight", {1, 32}, out);
        add("out_proj.bias", {1}, outBias);
        heads.write((ce + "/heads.safetensors").toStdString());

        const QStringList search = {"search",   "--index", index_,    "--query", "list files",
                                    "--rerank", ce,        "--depth", "5",       "--json"};
        const QStringList eval = {"eval",     "retrieval", "--beir",         beir_,
                                  "--model",  model_,      "--systems",      "dense",
                                  "--rerank", ce,          "--rerank-depth", "5"};
        for (const QStringList& args : {search, eval}) {
            r = runCli(args);
            QVERIFY2(r.exitCode == 2, r.err.constData());  // a setting to change, not a failure
            QVERIFY2(r.err.contains("does not speak the tokenizer") &&
                         r.err.contains(ce.toUtf8()) && r.err.contains("--rerank-any-tokenizer"),
                     r.err.constData());
            r = runCli(args + QStringList{"--rerank-any-tokenizer"});
            QVERIFY2(r.exitCode == 0, r.err.constData());
        }
        QVERIFY2(r.out.contains("dense+rerank"), r.out.constData());
    }

    void approximateIndexesAndEmbeddingsInput() {
        // Encode the corpus texts, then index the .npy (with the sidecar naming the model).
        QByteArray texts;
        QFile corpus(beir_ + "/corpus.jsonl");
        QVERIFY(corpus.open(QIODevice::ReadOnly));
        while (!corpus.atEnd())
            texts +=
                QJsonDocument::fromJson(corpus.readLine()).object()["text"].toString().toUtf8() +
                "\n";
        writeFile(path("texts.txt"), texts);
        CliResult r = runCli({"encode", "--model", model_, "--input", path("texts.txt"), "--output",
                              path("texts.npy")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        for (const char* kind : {"hnsw", "ivf"}) {
            const QString out = path(QString("ix-") + kind);
            r = runCli({"index", "build", "--out", out, "--corpus", beir_ + "/corpus.jsonl",
                        "--embeddings", path("texts.npy"), "--kind", kind, "--ivf-lists", "2",
                        "--probe", "2"});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            r = runCli({"search", "--index", out, "--query", "list files", "--k", "3", "--json"});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QCOMPARE(parseJson(r)["results"].toArray().size(), 3);
        }
        // Row count mismatch between the .npy and the corpus.
        writeFile(path("short.jsonl"), "{\"_id\":\"a.en\",\"text\":\"list\"}\n");
        r = runCli({"index", "build", "--out", path("ix-bad"), "--corpus", path("short.jsonl"),
                    "--embeddings", path("texts.npy")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("60 rows but the corpus has 1"), r.err.constData());
        QVERIFY(!QFileInfo::exists(path("ix-bad")));
    }

    void nanEmbeddingsAreRefusedWithTheRow() {
        // A [2, 3] float32 .npy with a NaN in row 1.
        QByteArray npy("\x93NUMPY\x01\x00", 8);
        QByteArray header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
        while ((10 + header.size() + 1) % 64 != 0)
            header += ' ';
        header += '\n';
        npy += char(header.size() & 0xff);
        npy += char(header.size() >> 8);
        npy += header;
        const float values[6] = {1, 2, 3, 4, std::numeric_limits<float>::quiet_NaN(), 6};
        npy += QByteArray(reinterpret_cast<const char*>(values), sizeof values);
        writeFile(path("nan.npy"), npy);
        writeFile(path("two.txt"), "a\nb\n");
        CliResult r = runCli({"index", "build", "--out", path("ix-nan"), "--corpus",
                              path("two.txt"), "--embeddings", path("nan.npy"), "--model", model_});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("row 1 (0-based), column 1 is NaN"), r.err.constData());
    }

    // A run folder as --model means its best (else latest) checkpoint: the JSON names the
    // checkpoint step that was evaluated, and the folder as given beside it.
    void bitextReportsTheCheckpointItEvaluated() {
        const QString runDir = path("run-for-eval");
        const QString step = runDir + "/checkpoints/step-00000007";
        QVERIFY(QDir().mkpath(step));
        for (const QString& f : QDir(model_).entryList(QDir::Files))
            QVERIFY(QFile::copy(model_ + "/" + f, step + "/" + f));
        writeFile(runDir + "/checkpoints/latest", "step-00000007\n");
        CliResult r =
            runCli({"eval", "bitext", "--model", runDir, "--pairs", path("pairs"), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto j = parseJson(r);
        QCOMPARE(QDir(j["model"].toString()).canonicalPath(), QDir(step).canonicalPath());
        QCOMPARE(j["model_given"].toString(), runDir);
    }

    void bitextReportsBothDirectionsAndRejectsEmptySides() {
        CliResult r =
            runCli({"eval", "bitext", "--model", model_, "--pairs", path("pairs"), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto set = parseJson(r)["sets"].toArray().at(0).toObject();
        QCOMPARE(set["name"].toString(), QString("de-en"));
        QCOMPARE(set["pairs"].toInt(), 30);
        for (const char* score : {"cosine", "csls"}) {
            const auto a = set[score].toObject();
            QVERIFY(a["mean"].toDouble() >= 0 && a["mean"].toDouble() <= 1);
            QCOMPARE(a["mean"].toDouble(),
                     (a["src_to_tgt"].toDouble() + a["tgt_to_src"].toDouble()) / 2);
        }
        // Identical sides: every sentence finds itself.
        const auto [de, en] = sentencePairs(20);
        QByteArray same;
        for (const auto& s : en)
            same += QByteArray::fromStdString(s + "\t" + s + "\n");
        writeFile(path("same.tsv"), same);
        r = runCli({"eval", "bitext", "--model", model_, "--pairs", path("same.tsv"), "--src-lang",
                    "en", "--tgt-lang", "de", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(
            parseJson(r)["sets"].toArray().at(0).toObject()["cosine"].toObject()["mean"].toDouble(),
            1.0);
        writeFile(path("empty-side.tsv"), "eins\tone\nzwei\t\n");
        r = runCli({"eval", "bitext", "--model", model_, "--pairs", path("empty-side.tsv"),
                    "--src-lang", "de", "--tgt-lang", "en"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("empty-side.tsv:2") && r.err.contains("empty target"),
                 r.err.constData());
    }

    void retrievalWritesRunsThatRerankReads() {
        CliResult r = runCli({"eval", "retrieval", "--model", model_, "--beir", path("beir"),
                              "--run-out", path("runs"), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("1 judgement(s) name documents"), r.err.constData());
        const auto set = parseJson(r)["sets"].toArray().at(0).toObject();
        QCOMPARE(set["qrels_unknown_documents"].toInt(), 1);
        const auto systems = set["systems"].toObject();
        for (const char* s : {"dense", "bm25", "hybrid"}) {
            const auto m = systems[s].toObject();
            QCOMPARE(m["queries"].toInt(), 10);
            for (const char* key : {"mrr@100", "recall@100", "ndcg@10", "map"})
                QVERIFY(m[key].toDouble() >= 0 && m[key].toDouble() <= 1);
        }
        // Dense and hybrid retrieve all 60 passages (depth 100), so every relevant passage in
        // the corpus is found: q1..q9 score 1, q0 finds p0.en but not missing.en (1/2).
        for (const char* s : {"dense", "hybrid"})
            QCOMPARE(systems[s].toObject()["recall@100"].toDouble(), (9 + 0.5) / 10);
        for (const char* f : {"dense.trec", "bm25.trec", "hybrid.trec", "qrels.tsv"})
            QVERIFY2(QFile::exists(path("runs/") + f), f);
        // BM25 retrieves only passages sharing a term with the query: its reported recall is the
        // one recomputed from the run file it wrote.
        QFile trec(path("runs/bm25.trec"));
        QVERIFY(trec.open(QIODevice::ReadOnly));
        std::set<QString> retrieved;
        while (!trec.atEnd()) {
            const auto f = QString::fromUtf8(trec.readLine()).split(' ');
            if (f.size() == 6 && f[3].toInt() <= 100) retrieved.insert(f[0] + " " + f[2]);
        }
        double recall = 0;
        for (int i = 0; i < 10; ++i)
            if (retrieved.count(QString("q%1.de p%1.en").arg(i))) recall += i == 0 ? 0.5 : 1.0;
        QCOMPARE(systems["bm25"].toObject()["recall@100"].toDouble(), recall / 10);
        r = runCli({"eval", "rerank", "--qrels", path("runs/qrels.tsv"), "--run",
                    path("runs/dense.trec"), "--run", path("runs/bm25.trec"), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto rerank = parseJson(r);
        const auto pairs = rerank["pairs"].toArray();
        QCOMPARE(pairs.size(), 1);
        QCOMPARE(pairs.at(0).toObject()["query_lang"].toString(), QString("de"));
        QCOMPARE(pairs.at(0).toObject()["doc_lang"].toString(), QString("en"));
        QVERIFY(rerank["overall"].toObject().contains("t_test"));
        r = runCli({"eval", "rerank", "--qrels", path("runs/qrels.tsv")});
        QCOMPARE(r.exitCode, 2);  // --run is required
    }

    void retrievalBm25NeedsNoModelAndAnswerRecallDropsYesNo() {
        // Answers: the text of each query's own German passage (found by BM25 at rank 1), a
        // yes/no answer for q1 (dropped with its query), q2 absent from the file.
        const auto [de, en] = sentencePairs(30);
        QByteArray answers;
        for (int i = 0; i < 10; ++i) {
            if (i == 2) continue;
            const QString answer = i == 1 ? QString("yes") : QString::fromStdString(de[size_t(i)]);
            answers += QJsonDocument(QJsonObject{{"id", QString("q%1.de").arg(i)},
                                                 {"answers", QJsonArray{answer}}})
                           .toJson(QJsonDocument::Compact) +
                       "\n";
        }
        writeFile(path("answers.jsonl"), answers);
        CliResult r = runCli({"eval", "retrieval", "--systems", "bm25", "--beir", beir_,
                              "--answers", path("answers.jsonl"), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto bm25 = parseJson(r)["sets"]
                              .toArray()
                              .at(0)
                              .toObject()["systems"]
                              .toObject()["bm25"]
                              .toObject();
        QCOMPARE(bm25["queries_without_answers"].toInt(), 1);
        QCOMPARE(bm25["queries_without_span_answers"].toInt(), 1);
        QCOMPARE(bm25["answer_queries"].toInt(), 8);
        QCOMPARE(bm25["r@2kt"].toDouble(), 1.0);
        r = runCli({"eval", "retrieval", "--systems", "bm25,dense", "--beir", beir_});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--model") && !r.err.contains("setting '"), r.err.constData());
        r = runCli({"eval", "retrieval", "--systems", "bm25", "--beir", beir_, "--answers",
                    path("answers.jsonl"), "--answer-match", "exact"});
        QCOMPARE(r.exitCode, 2);
    }

    void searchWarnsWhenScoresAreIndistinct() {
        // The random model's [CLS] vectors are nearly identical: every cosine is close to 1.
        CliResult r = runCli({"index", "build", "--out", path("ix-cls"), "--corpus",
                              beir_ + "/corpus.jsonl", "--model", model_, "--pooling", "cls"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = runCli({"search", "--index", path("ix-cls"), "--query", "xyzzy", "--k", "5", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto results = parseJson(r)["results"].toArray();
        double lo = 2, hi = -2;
        for (const auto& v : results) {
            lo = std::min(lo, v.toObject()["score"].toDouble());
            hi = std::max(hi, v.toObject()["score"].toDouble());
        }
        QCOMPARE(r.err.contains("within 0.02"), hi - lo <= 0.02);
        QVERIFY2(hi - lo <= 0.02, "the random model's [CLS] cosines were expected to be close");
    }

    void buccMinesHiddenPairs() {
        const auto [de, en] = sentencePairs(40);
        // Dev and test: 10 gold pairs each, 10 unpaired sentences per side.
        for (const auto& [name, offset] : {std::pair{QString("dev"), 0}, {"test", 20}}) {
            QByteArray src, tgt, gold;
            for (int i = 0; i < 10; ++i) {
                const auto k = static_cast<size_t>(offset + i);
                src += QByteArray("de-") + QByteArray::number(i) + "\t" +
                       QByteArray::fromStdString(de[k]) + "\n";
                tgt += QByteArray("en-") + QByteArray::number(9 - i) + "\t" +
                       QByteArray::fromStdString(en[k]) + "\n";
                gold += QByteArray("de-") + QByteArray::number(i) + "\ten-" +
                        QByteArray::number(9 - i) + "\n";
                src += QByteArray("de-x") + QByteArray::number(i) + "\t" +
                       QByteArray::fromStdString(de[k + 10]) + "\n";
                tgt += QByteArray("en-x") + QByteArray::number(i) + "\t" +
                       QByteArray::fromStdString(en[(k + 15) % en.size()]) + " files\n";
            }
            writeFile(path("bucc/" + name + ".de"), src);
            writeFile(path("bucc/" + name + ".en"), tgt);
            writeFile(path("bucc/" + name + ".gold"), gold);
        }
        CliResult r = runCli({"eval", "bucc", "--model", model_, "--dev", path("bucc/dev"),
                              "--test", path("bucc/test"), "--src-lang", "de", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto set = parseJson(r)["sets"].toArray().at(0).toObject();
        QCOMPARE(set["gold"].toInt(), 10);
        for (const char* key : {"precision", "recall", "f1"})
            QVERIFY(set[key].toDouble() >= 0 && set[key].toDouble() <= 1);
        writeFile(path("bucc/bad.de"), "de-1 no tab here\n");
        writeFile(path("bucc/bad.en"), "en-1\tx\n");
        writeFile(path("bucc/bad.gold"), "de-1\ten-1\n");
        r = runCli({"eval", "bucc", "--model", model_, "--dev", path("bucc/bad"), "--test",
                    path("bucc/test"), "--src-lang", "de"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("bad.de:1"), r.err.constData());
    }

    void pcaProjectsAndChecksDimensions() {
        CliResult r = runCli({"encode", "--model", model_, "--input", path("texts.txt"), "--output",
                              path("pca-in.npy")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = runCli({"pca", "--input", path("pca-in.npy"), "--output", path("pca-out.npy"),
                    "--components", "3", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto j = parseJson(r);
        QCOMPARE(j["rows"].toInt(), 60);
        QCOMPARE(j["components"].toInt(), 3);
        const auto ratios = j["explained_variance_ratio"].toArray();
        QVERIFY(ratios.at(0).toDouble() >= ratios.at(1).toDouble());
        r = runCli({"pca", "--input", path("pca-in.npy"), "--output", path("pca-x.npy"), "--fit-on",
                    path("pca-out.npy")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("dimension 32") && r.err.contains("dimension 3"),
                 r.err.constData());
        r = runCli({"pca", "--input", path("pca-in.npy"), "--output", path("pca-x.npy"),
                    "--components", "33"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("33 components"), r.err.constData());
    }

    void calibrationFitsAppliesAndReports() {
        const auto [de, en] = sentencePairs(60);
        QByteArray deText, enText;
        for (size_t i = 0; i < de.size(); ++i) {
            deText += QByteArray::fromStdString(de[i]) + "\n";
            enText += QByteArray::fromStdString(en[i]) + "\n";
        }
        writeFile(path("mono/de.txt"), deText);
        writeFile(path("mono/en.txt"), enText);
        const QStringList mono = {"--model",  model_,
                                  "--mono",   "de=" + path("mono/de.txt"),
                                  "--mono",   "en=" + path("mono/en.txt"),
                                  "--report", path("pairs")};
        // The default rotation is the paper's unsupervised one (no pairs needed), and every
        // output says which method was used.
        CliResult r = runCli(QStringList{"calibrate", "fit", "--out", path("cal-u.st")} + mono);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(
            r.out.contains("rotation onto en:") && r.out.contains("unsupervised  CSLS refinement"),
            r.out.constData());
        QVERIFY2(r.out.contains("+rotation (unsupervised)"), r.out.constData());
        QVERIFY2(r.err.contains("rotation unsupervised"), r.err.constData());
        // Progress (stderr is not a terminal here): each phase of each language starts a line.
        for (const char* line :
             {"calibrate: encode sample de 0/60", "calibrate: encode sample en 0/60",
              "calibrate: rotation de 0/10", "calibrate: encode held-out de-en 0/30",
              "calibrate: report de-en 0/1"})
            QVERIFY2(r.err.contains(line), qPrintable(QString(line) + " missing in:\n" + r.err));
        r = runCli(QStringList{"calibrate", "fit", "--out", path("cal-u.st"), "--json"} + mono);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        auto fit = parseJson(r);
        QCOMPARE(fit["method"].toString(), QString("unsupervised"));
        QCOMPARE(fit["languages"].toObject()["de"].toObject()["method"].toString(),
                 QString("unsupervised"));
        QCOMPARE(fit["report"].toArray().at(3).toObject()["rotation"].toString(),
                 QString("unsupervised"));
        // Supervised on the 30 pairs: below the 50-pair minimum the rotation is refused with a
        // note naming the setting and the flag, and stays the identity ...
        const QStringList supervised = {"--method", "supervised", "--pairs",
                                        "de=" + path("pairs/de-en.tsv"), "--json"};
        r = runCli(QStringList{"calibrate", "fit", "--out", path("cal.st")} + mono + supervised);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("30 parallel pairs, fewer than minRotationPairs = 50") &&
                     r.err.contains("--min-rotation-pairs"),
                 r.err.constData());
        QCOMPARE(parseJson(r)["languages"].toObject()["de"].toObject()["method"].toString(),
                 QString("identity"));
        // ... unless the minimum is lowered.
        r = runCli(
            QStringList{"calibrate", "fit", "--out", path("cal.st"), "--min-rotation-pairs", "20"} +
            mono + supervised);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        fit = parseJson(r);
        QCOMPARE(fit["mean"].toArray().size(), 4);  // none, shift, scale, rotation
        QCOMPARE(fit["languages"].toObject()["de"].toObject()["method"].toString(),
                 QString("supervised"));
        r = runCli({"eval", "bitext", "--model", model_, "--pairs", path("pairs/de-en.tsv"),
                    "--calibration", path("cal.st"), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(parseJson(r)["sets"].toArray().at(0).toObject()["steps"].toArray().size(), 4);
        // The rotation is fitted on these pairs, so after it the training pairs match better
        // than raw (a sanity check of the direction of every step, not a claim about held-out
        // data).
        const auto steps = parseJson(r)["sets"].toArray().at(0).toObject()["steps"].toArray();
        QVERIFY(steps.at(3).toObject()["cosine"].toDouble() >=
                steps.at(0).toObject()["cosine"].toDouble());
        // apply: unknown language named, with the known ones.
        r = runCli({"encode", "--model", model_, "--input", path("mono/de.txt"), "--output",
                    path("de.npy")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = runCli({"calibrate", "apply", "--calibration", path("cal.st"), "--input",
                    path("de.npy"), "--lang", "de", "--output", path("de-cal.npy")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(QFile::exists(path("de-cal.npy")));
        r = runCli({"calibrate", "apply", "--calibration", path("cal.st"), "--input",
                    path("de.npy"), "--lang", "fr", "--output", path("fr-cal.npy")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("fr") && r.err.contains("de"), r.err.constData());
        // A calibrated index needs the query's language.
        r = runCli({"index", "build", "--out", path("ix-cal"), "--corpus", beir_ + "/corpus.jsonl",
                    "--model", model_, "--calibration", path("cal.st")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = runCli({"search", "--index", path("ix-cal"), "--query", "list files"});
        QCOMPARE(r.exitCode, 2);
        // Core names the setting, the CLI its flag: no "setting '...'" reaches the user.
        QVERIFY2(r.err.contains("--query-lang") && !r.err.contains("setting '"), r.err.constData());
        r = runCli({"search", "--index", path("ix-cal"), "--query", "list files", "--query-lang",
                    "en", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestCliRetrieval)
#include "test_cli_retrieval.moc"

// SentencePiece through the dlopen'ed shim, in the same process as LibTorch (platform-notes
// section 1: linked normally, the two protobuf copies crash or abort the process).

#include <fstream>
#include <numeric>
#include <random>

#include <torch/torch.h>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/text/sentencepiece_model.h"
#include "tests/support/test_main.h"

using isomorph::DataError;
using isomorph::text::SentencePieceModel;
using isomorph::text::SentencePieceTrainOptions;

namespace {

// A small multilingual corpus: deterministic sentences over English, German and French words.
std::vector<std::string> syntheticSentences(int count) {
    const std::vector<std::string> words = {
        "list",        "directory",  "contents",  "file",    "copy",     "remove",    "print",
        "Verzeichnis", "Inhalte",    "auflisten", "Datei",   "kopieren", "löschen",   "ausgeben",
        "lister",      "répertoire", "contenu",   "fichier", "copier",   "supprimer", "afficher",
        "the",         "der",        "le",        "option",  "all",      "alle",      "tous"};
    std::mt19937 rng(7);
    std::vector<std::string> out;
    for (int i = 0; i < count; ++i) {
        std::string s;
        const int n = 4 + static_cast<int>(rng() % 8);
        for (int w = 0; w < n; ++w)
            s += (w ? " " : "") + words[rng() % words.size()];
        out.push_back(s + ".");
    }
    return out;
}

SentencePieceTrainOptions tinyOptions() {
    SentencePieceTrainOptions o;
    o.vocabSize = 120;
    o.characterCoverage = 1.0;
    o.userDefinedSymbols = {"<mask>"};
    o.extraFlags = {{"hard_vocab_limit", "false"}};
    return o;
}

}  // namespace

class TestSentencePieceModel : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    std::string corpusPath_;

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        corpusPath_ = dir_.filePath("corpus.txt").toStdString();
        std::ofstream out(corpusPath_);
        for (const auto& s : syntheticSentences(2000))
            out << s << "\n";
    }

    void trainEncodeDecodeThenUseTorch() {
        // A torch op before SentencePiece is first touched, one after: both must work.
        auto before = torch::ones({3, 3}).matmul(torch::ones({3, 3}));
        QCOMPARE(before.sum().item<float>(), 27.0f);

        SentencePieceTrainOptions options = tinyOptions();
        options.inputs = {corpusPath_};
        options.modelPrefix = dir_.filePath("tiny").toStdString();
        SentencePieceModel model = SentencePieceModel::train(options);
        QVERIFY(QFile::exists(dir_.filePath("tiny.model")));
        QVERIFY(QFile::exists(dir_.filePath("tiny.vocab")));
        QVERIFY(model.vocabSize() > 20 && model.vocabSize() <= 120);

        const std::string text =
            "Datei kopieren copy the file.";  // only characters seen in training
        std::vector<int32_t> ids = model.encodeIds(text);
        QVERIFY(!ids.empty());
        QCOMPARE(model.decode(ids), text);
        std::vector<std::string> pieces = model.encodePieces(text);
        QCOMPARE(pieces.size(), ids.size());
        for (size_t i = 0; i < ids.size(); ++i) {
            QCOMPARE(model.idToPiece(ids[i]), pieces[i]);
            QCOMPARE(model.pieceToId(pieces[i]), ids[i]);
        }
        QVERIFY(model.pieceToId("<mask>") >= 0);
        QCOMPARE(model.pieceToId("definitely-not-a-piece"), -1);
        QCOMPARE(model.kind(model.unkId()), SentencePieceModel::PieceKind::Unknown);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, model.idToPiece(model.vocabSize()));

        // Torch after SentencePiece: the ids go through a tensor and a BLAS-backed matmul.
        auto t = torch::tensor(std::vector<int64_t>(ids.begin(), ids.end()));
        QCOMPARE(t.sum().item<int64_t>(), std::accumulate(ids.begin(), ids.end(), int64_t{0}));
        auto x = torch::ones({64, 32});
        auto gram = x.t().matmul(x);  // every entry is exactly 64
        QVERIFY(torch::equal(gram, torch::full({32, 32}, 64.0f)));

        // The file on disk and the serialized bytes load to the same model.
        SentencePieceModel fromFile =
            SentencePieceModel::load(dir_.filePath("tiny.model").toStdString());
        QCOMPARE(fromFile.encodeIds(text), ids);
        SentencePieceModel fromBytes =
            SentencePieceModel::fromSerialized(model.serialize(), "memory");
        QCOMPARE(fromBytes.encodeIds(text), ids);
    }

    void trainFromSentenceSourceIsDeterministic() {
        auto trainOnce = [] {
            auto sentences = syntheticSentences(1500);
            size_t next = 0;
            return SentencePieceModel::train(tinyOptions(), [&](std::string& s) {
                if (next == sentences.size()) return false;
                s = sentences[next++];
                return true;
            });
        };
        SentencePieceModel a = trainOnce();
        SentencePieceModel b = trainOnce();
        QCOMPARE(a.serialize(), b.serialize());
    }

    void missingModelFileNamesThePath() {
        const std::string path = dir_.filePath("nope.model").toStdString();
        try {
            SentencePieceModel::load(path);
            QFAIL("expected DataError");
        } catch (const DataError& e) {
            QVERIFY2(std::string(e.what()).find(path) != std::string::npos, e.what());
        }
    }

    void corruptModelFileNamesThePath() {
        const QString path = dir_.filePath("corrupt.model");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("this is not a protobuf model\n\x01\x02\xff");
        f.close();
        try {
            SentencePieceModel::load(path.toStdString());
            QFAIL("expected DataError");
        } catch (const DataError& e) {
            QVERIFY2(std::string(e.what()).find(path.toStdString()) != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("SentencePiece") != std::string::npos, e.what());
        }
    }

    void decodeRejectsOutOfRangeIds() {
        SentencePieceTrainOptions options = tinyOptions();
        options.inputs = {corpusPath_};
        SentencePieceModel model = SentencePieceModel::train(options);
        QVERIFY_THROWS_EXCEPTION(DataError, model.decode({0, model.vocabSize() + 5}));
        QVERIFY_THROWS_EXCEPTION(DataError, model.decode({-1}));
    }

    void trainingErrorsAreReported() {
        SentencePieceTrainOptions options = tinyOptions();
        options.inputs = {dir_.filePath("missing.txt").toStdString()};
        QVERIFY_THROWS_EXCEPTION(DataError, SentencePieceModel::train(options));
        options.inputs = {corpusPath_};
        options.modelType = "no-such-type";
        try {
            SentencePieceModel::train(options);
            QFAIL("expected DataError");
        } catch (const DataError& e) {
            QVERIFY2(std::string(e.what()).find("no-such-type") != std::string::npos, e.what());
        }
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestSentencePieceModel)
#include "test_sentencepiece_model.moc"

// Tokenizer: fairseq/XLM-R id layout over SentencePiece, and training with alpha sampling.

#include <cmath>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/text/tokenizer.h"
#include "core/text/tokenizer_trainer.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_corpus.h"

using namespace isomorph::text;

namespace {

using isomorph::testing::syntheticSentences;
using VectorStream = isomorph::testing::VectorSentenceStream;

struct Corpora {
    std::vector<std::string> en = syntheticSentences(
        {"list", "directory", "contents", "copy", "files", "the", "all", "print", "size"}, 900, 1);
    std::vector<std::string> de = syntheticSentences(
        {"Verzeichnis", "Inhalte", "auflisten", "kopieren", "Dateien", "alle", "Größe"}, 100, 2);
    std::vector<LanguageCorpus> list() const {
        return {{"en", [this] { return std::make_unique<VectorStream>(&en); }},
                {"de", [this] { return std::make_unique<VectorStream>(&de); }}};
    }
};

TokenizerTrainOptions tinyOptions() {
    TokenizerTrainOptions o;
    o.vocabSize = 80;
    o.characterCoverage = 1.0;
    o.alpha = 0.5;
    o.numThreads = 1;
    o.userDefinedSymbols = {"<lang:de>"};
    return o;
}

}  // namespace

class TestTokenizer : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void samplingPlanMatchesHandComputation() {
        // p = (0.9, 0.1); alpha 0.5: p^a = (0.948683, 0.316228), q = (0.75, 0.25).
        auto plan = planLanguageSampling({{"en", 900}, {"de", 100}}, 0.5, 1000);
        QCOMPARE(plan.size(), size_t(2));
        // A few double operations (two powers, a sum, a division) of 0.5 ulp each: the error is
        // below 1e-15; 1e-12 leaves room for another libm, while a wrong formula (alpha ignored:
        // 0.9) misses by 0.15.
        ISOMORPH_COMPARE_NEAR(plan[0].weight, 0.75, 1e-12);
        ISOMORPH_COMPARE_NEAR(plan[1].weight, 0.25, 1e-12);
        QCOMPARE(plan[0].planned, int64_t(750));
        QCOMPARE(plan[1].planned, int64_t(250));
        auto flat = planLanguageSampling({{"en", 900}, {"de", 100}}, 1.0, 0);
        QCOMPARE(flat[0].planned, int64_t(900));  // alpha 1 keeps the natural distribution
        QCOMPARE(flat[1].planned, int64_t(100));
    }

    void trainsWithXlmrLayoutAndUpsamplesSmallLanguages() {
        QTemporaryDir dir;
        Corpora c;
        std::vector<LanguageSample> report;
        const std::string prefix = dir.filePath("tok").toStdString();
        Tokenizer tok = trainTokenizer(c.list(), tinyOptions(), prefix, &report);
        QVERIFY(QFile::exists(dir.filePath("tok.model")));
        QCOMPARE(report.size(), size_t(2));
        // Each sentence is drawn floor(rate) times plus once with probability frac(rate).
        // de: 100 sentences at rate 2.5 -> 200 + Binomial(100, 0.5) = 250 +- 5 (sd);
        // en: 900 at rate 5/6 -> Binomial(900, 5/6) = 750 +- 11.2. The seed is fixed, so this is
        // deterministic; the bounds (6 and 4.5 sd) would hold for almost any seed, and no
        // upsampling (de drawn 100 times) or no downsampling (en 900) misses them by far.
        ISOMORPH_COMPARE_NEAR(report[1].drawn, 250, 30);
        ISOMORPH_COMPARE_NEAR(report[0].drawn, 750, 50);

        QCOMPARE(tok.idToPiece(0), std::string("<s>"));
        QCOMPARE(tok.idToPiece(1), std::string("<pad>"));
        QCOMPARE(tok.idToPiece(2), std::string("</s>"));
        QCOMPARE(tok.idToPiece(3), std::string("<unk>"));
        QCOMPARE(tok.maskId(), tok.vocabSize() - 1);
        QCOMPARE(tok.vocabSize(), tok.sentencePiece().vocabSize() + 2);
        QCOMPARE(tok.pieceToId("<mask>"), tok.maskId());
        // Ordinary pieces are SentencePiece ids shifted by one, as fairseq/transformers do.
        const std::string text = "Verzeichnis Inhalte auflisten";
        const auto spm = tok.sentencePiece().encodeIds(text);
        const auto ids = tok.encode(text);
        QCOMPARE(ids.size(), spm.size());
        for (size_t i = 0; i < ids.size(); ++i) {
            QVERIFY(ids[i] != Tokenizer::kPad && ids[i] != tok.maskId());
            QCOMPARE(ids[i], spm[i] >= 3 ? spm[i] + 1 : ids[i]);
        }
        QCOMPARE(tok.decode(ids), text);
        auto withSpecials = ids;
        withSpecials.insert(withSpecials.begin(), Tokenizer::kBos);
        withSpecials.push_back(Tokenizer::kEos);
        withSpecials.push_back(Tokenizer::kPad);
        QCOMPARE(tok.decode(withSpecials), text);
        const auto unseen = tok.encode("\u4e2d");  // a character never seen in training
        QVERIFY(std::find(unseen.begin(), unseen.end(), Tokenizer::kUnk) != unseen.end());
        QVERIFY(tok.pieceToId("<lang:de>") > Tokenizer::kUnk);
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, tok.decode({tok.vocabSize()}));

        // Reloading the file gives the same vocabulary and hash.
        Tokenizer again = Tokenizer::load(prefix + ".model");
        QCOMPARE(again.hash(), tok.hash());
        QCOMPARE(again.encode(text), ids);
    }

    void trainingIsDeterministicAndHashesDiffer() {
        QTemporaryDir dir;
        Corpora c;
        Tokenizer a = trainTokenizer(c.list(), tinyOptions(), dir.filePath("a").toStdString());
        Tokenizer b = trainTokenizer(c.list(), tinyOptions(), dir.filePath("b").toStdString());
        QCOMPARE(a.hash(), b.hash());
        TokenizerTrainOptions other = tinyOptions();
        other.modelType = "bpe";
        Tokenizer d = trainTokenizer(c.list(), other, dir.filePath("d").toStdString());
        QVERIFY(d.hash() != a.hash());
        QCOMPARE(a.hash().size(), size_t(16));
    }

    void refusesModelsWithAnotherSpecialLayout() {
        QTemporaryDir dir;
        Corpora c;
        SentencePieceTrainOptions spm;
        spm.vocabSize = 60;
        spm.characterCoverage = 1.0;
        spm.extraFlags = {{"pad_id", "3"}, {"hard_vocab_limit", "false"}};
        size_t i = 0;
        SentencePieceModel m = SentencePieceModel::train(spm, [&](std::string& s) {
            if (i == c.en.size()) return false;
            s = c.en[i++];
            return true;
        });
        try {
            Tokenizer t(std::move(m));
            QFAIL("expected DataError");
        } catch (const isomorph::DataError& e) {
            QVERIFY2(std::string(e.what()).find("pad=3") != std::string::npos, e.what());
        }
    }

    void badOptionsAreConfigErrors() {
        QTemporaryDir dir;
        Corpora c;
        TokenizerTrainOptions o = tinyOptions();
        o.alpha = 0.0;
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError,
                                 trainTokenizer(c.list(), o, dir.filePath("x").toStdString()));
        o = tinyOptions();
        o.modelType = "wordpiece";
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError,
                                 trainTokenizer(c.list(), o, dir.filePath("x").toStdString()));
        std::vector<LanguageCorpus> bad = {
            {"xx", [&c] { return std::make_unique<VectorStream>(&c.en); }}};
        QVERIFY_THROWS_EXCEPTION(
            isomorph::DataError,
            trainTokenizer(bad, tinyOptions(), dir.filePath("x").toStdString()));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestTokenizer)
#include "test_tokenizer.moc"

// Held-out MLM loss (core/train/mlm_probe.h), what the retrieval demo's position repair measures:
// a fresh head over BERT-initialised weights predicts at chance (ln V, bounded below), the
// measurement is deterministic, extending the position table by copying leaves the loss of
// short rows unchanged (their positions and attention are the same), a table too short for the
// rows and a checkpoint without an MLM head are refused by name.

#include <cmath>

#include <torch/torch.h>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/model/heads.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/model_init.h"
#include "core/model/tensor_file.h"
#include "core/train/mlm_probe.h"
#include "tests/support/error_message.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_model.h"
#include "tests/support/tiny_training.h"

using namespace isomorph;
namespace fs = std::filesystem;

class TestMlmProbe : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    testing::TinyTraining tiny_;
    fs::path plain_, withHead_;

    fs::path path(const char* name) const { return fs::path(dir_.filePath(name).toStdString()); }

    train::MlmProbeResult probe(const fs::path& model, uint32_t tokens) const {
        train::MlmProbeOptions o;
        o.maxTokens = tokens;
        o.rows = 48;
        o.batchSize = 16;
        o.threads = 1;
        return train::probeMlmLoss(model, tiny_.docs.toStdString(), o);
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QString error;
        QVERIFY(QDir().mkpath(dir_.filePath("tiny")) && QDir().mkpath(dir_.filePath("models")));
        tiny_ = testing::makeTinyTraining(dir_.filePath("tiny"), &error);
        QVERIFY2(!tiny_.docs.isEmpty(), qPrintable(error));
        plain_ = testing::tinyModel(path("models"));  // 34 positions, no MLM head
        withHead_ = path("with-head");
        fs::copy(plain_, withHead_);
        // A fresh MLM head as heads.safetensors ("mlm.*", as a training checkpoint has it).
        torch::manual_seed(3);
        model::MlmHead head(model::loadHuggingFaceEncoder(plain_));
        model::TensorMap t = {{"mlm.dense.weight", head->dense->weight},
                              {"mlm.dense.bias", head->dense->bias},
                              {"mlm.layer_norm.weight", head->layer_norm->weight},
                              {"mlm.layer_norm.bias", head->layer_norm->bias},
                              {"mlm.bias", head->bias}};
        model::saveTensorFile(t, withHead_ / "heads.safetensors");
    }

    void freshHeadPredictsAtChance() {
        // Decoder rows are word embeddings with std 0.02 against a LayerNorm'd hidden state of
        // width 32: logits have std ~0.02 x sqrt(32) = 0.11, so the loss is ln V + ~0.006 plus
        // the mean of the targets' logits, whose spread over the ~100 masked tokens (few
        // distinct ids in the tiny vocabulary, so few independent draws) stays well inside 0.1.
        const auto r = probe(withHead_, 24);
        const double chance =
            std::log(double(model::loadHuggingFaceEncoder(plain_)->config.vocabSize));
        qInfo("loss %.4f, ln V %.4f, %lld masked tokens, %.1f tokens a row", r.loss, chance,
              static_cast<long long>(r.masked), r.meanRowTokens);
        QCOMPARE(r.rows, int64_t{48});
        QVERIFY(r.masked > 0);
        QVERIFY2(std::abs(r.loss - chance) < 0.1, qPrintable(QString::number(r.loss)));
        QVERIFY(r.meanRowTokens > 3 && r.meanRowTokens <= 24);
    }

    void measurementIsDeterministic() {
        const auto a = probe(withHead_, 24), b = probe(withHead_, 24);
        QCOMPARE(a.loss, b.loss);
        QCOMPARE(a.masked, b.masked);
    }

    void extendingPositionsKeepsShortRowsAndAllowsLongOnes() {
        model::ExtendOptions o;
        o.maxTokens = 64;
        const fs::path extended = path("extended");
        model::extendCheckpoint(withHead_, extended, o);
        const auto before = probe(withHead_, 24), after = probe(extended, 24);
        QCOMPARE(after.masked, before.masked);
        QVERIFY2(std::abs(after.loss - before.loss) < 1e-5,
                 qPrintable(QString("%1 vs %2").arg(after.loss).arg(before.loss)));
        const auto longRows = probe(extended, 60);
        QVERIFY(longRows.meanRowTokens > before.meanRowTokens);
        const QString m = testing::messageOf<CheckpointError>([&] { probe(withHead_, 60); });
        QVERIFY2(m.contains("34 position embeddings") && m.contains("model extend"), qPrintable(m));
    }

    void checkpointWithoutHeadIsRefused() {
        const QString m = testing::messageOf<CheckpointError>([&] { probe(plain_, 24); });
        QVERIFY2(m.contains("no MLM head") && m.contains(QString::fromStdString(plain_.string())),
                 qPrintable(m));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestMlmProbe)
#include "test_mlm_probe.moc"

// The encoder against the real Hugging Face `transformers` (PyPI torch 2.x, from the virtual
// environment of packaging/setup-venv.sh): checkpoints that transformers itself initialised and
// saved with save_pretrained, for XLM-R, BERT, a LaBSE-style BERT with a large vocabulary and a
// multilingual-MiniLM-style BERT with XLM-R's id layout
// (tests/reference/transformers_reference.py). Every hidden state and the mean and [CLS] sentence
// vectors are compared.
//
// Tolerance: both sides compute in float32 with the same operation order up to BLAS blocking;
// with transformers' initialisation (std 0.02) hidden states are O(1) after each LayerNorm, and a
// float32 GEMM of width <= 96 differs by at most a few ulp per layer, ~1e-6 after 3 layers. 1e-4
// leaves two orders of magnitude for other BLAS kernels while still failing on any real mismatch
// (a wrong position offset or a missed LayerNorm moves values by 1e-2 or more).

#include <cstring>

#include <torch/torch.h>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/model/hf_checkpoint.h"
#include "core/model/pooling.h"
#include "core/model_io/safetensors.h"
#include "tests/support/reference_tensors.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::model;

namespace {

constexpr double kTolerance = 1e-4;

}  // namespace

class TestTransformersParity : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void initTestCase() {
        const QString python = qEnvironmentVariable("ISOMORPH_VENV_PYTHON");
        if (python.isEmpty() || !QFile::exists(python))
            QSKIP(
                "no Python environment with transformers: run packaging/setup-venv.sh before "
                "configuring (packaging/bootstrap.sh does)");
        QVERIFY(dir_.isValid());
        QProcess p;
        p.start(python,
                {ISOMORPH_SOURCE_DIR "/tests/reference/transformers_reference.py", dir_.path()});
        QVERIFY(p.waitForFinished(600000));
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 p.readAllStandardError().right(3000).constData());
    }

    void matchesTransformers_data() {
        QTest::addColumn<QString>("name");
        for (const char* name : {"xlm-roberta", "bert", "labse-style", "multilingual-minilm"})
            QTest::newRow(name) << QString(name);
    }

    void matchesTransformers() {
        QFETCH(QString, name);
        ImportReport report;
        Encoder encoder =
            loadHuggingFaceEncoder(dir_.filePath(name + "/model").toStdString(), &report);
        // save_pretrained of a bare *Model writes unprefixed names; its pooler is not ours.
        QCOMPARE(QString::fromStdString(report.prefix), QString());
        QCOMPARE(report.skipped.size(), size_t{2});
        for (const auto& skipped : report.skipped)
            QVERIFY2(skipped.rfind("pooler.", 0) == 0, skipped.c_str());
        encoder->eval();
        const auto ref = model_io::SafetensorsFile::open(
            dir_.filePath(name + "/reference.safetensors").toStdString());
        torch::NoGradGuard noGrad;
        const auto mask = testing::loadReferenceTensor(ref, "attention_mask");
        EncoderOutput out = encoder->forward(testing::loadReferenceTensor(ref, "input_ids"), mask,
                                             testing::loadReferenceTensor(ref, "token_type_ids"),
                                             /*keepHidden=*/true);

        // Padding rows are compared too: transformers computes them the same way.
        const double last = testing::maxAbsDiff(
            out.lastHidden, testing::loadReferenceTensor(ref, "last_hidden_state"));
        const auto states = testing::loadReferenceTensor(ref, "hidden_states");
        QCOMPARE(int64_t(out.hiddenStates.size()), states.size(0));
        double worst = 0;
        for (size_t i = 0; i < out.hiddenStates.size(); ++i)
            worst = std::max(worst, testing::maxAbsDiff(out.hiddenStates[i], states[int64_t(i)]));
        Pooling mean;
        mean.kind = Pooling::Kind::Mean;
        const double meanDiff = testing::maxAbsDiff(
            poolSentences(out, mask, mean), testing::loadReferenceTensor(ref, "mean_pooled"));
        const double clsDiff = testing::maxAbsDiff(poolSentences(out, mask, Pooling{}),
                                                   testing::loadReferenceTensor(ref, "cls_pooled"));
        qInfo(
            "%s (%lld layers, vocab %lld): max |ours - transformers| last %.3g, any layer %.3g, "
            "mean-pooled %.3g, [CLS] %.3g",
            qPrintable(name), static_cast<long long>(encoder->config.numLayers),
            static_cast<long long>(encoder->config.vocabSize), last, worst, meanDiff, clsDiff);
        QVERIFY2(last < kTolerance, qPrintable(QString::number(last)));
        QVERIFY2(worst < kTolerance, qPrintable(QString::number(worst)));
        QVERIFY2(meanDiff < kTolerance, qPrintable(QString::number(meanDiff)));
        QVERIFY2(clsDiff < kTolerance, qPrintable(QString::number(clsDiff)));
    }

  private:
    QTemporaryDir dir_;
};

ISOMORPH_TEST_GUILESS_MAIN(TestTransformersParity)
#include "test_transformers_parity.moc"

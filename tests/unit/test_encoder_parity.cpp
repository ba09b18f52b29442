// The encoder against an independent python3-torch implementation (tests/reference/
// encoder_reference.py) on tiny random checkpoints in the Hugging Face layout, for XLM-R and BERT;
// checkpoint round trips; and the importer's errors.

#include <cstring>
#include <fstream>

#include <torch/torch.h>

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/model/hf_checkpoint.h"
#include "core/model_io/safetensors.h"
#include "core/train/objectives/mlm_objective.h"
#include "tests/support/reference_tensors.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::model;

namespace {

bool pythonTorchAvailable() {
    QProcess p;
    p.start("/usr/bin/python3", {"-c", "import torch"});
    return p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

void runReference(const QString& dir, const QString& kind) {
    QProcess p;
    p.start("/usr/bin/python3",
            {ISOMORPH_SOURCE_DIR "/tests/reference/encoder_reference.py", dir, kind});
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
}

}  // namespace

class TestEncoderParity : public QObject {
    Q_OBJECT

  private:
    void checkParity(const QString& kind, const std::string& prefix, const std::string& head) {
        const bool xlmr = kind == "xlm-roberta";
        if (!pythonTorchAvailable())
            QSKIP("python3-torch is not installed: apt-get install python3-torch");
        QTemporaryDir dir;
        runReference(dir.path(), kind);
        ImportReport report;
        Encoder encoder = loadHuggingFaceEncoder(dir.filePath("model").toStdString(), &report);
        QCOMPARE(report.prefix, prefix);
        // The MLM head is not the encoder's: skipped by the import, 5 tensors under `head`.
        QCOMPARE(report.skipped.size(), size_t{5});
        for (const auto& name : report.skipped)
            QVERIFY2(name.rfind(head, 0) == 0, name.c_str());
        encoder->eval();
        const auto ref =
            model_io::SafetensorsFile::open(dir.filePath("reference.safetensors").toStdString());
        torch::NoGradGuard noGrad;
        EncoderOutput out = encoder->forward(testing::loadReferenceTensor(ref, "input_ids"),
                                             testing::loadReferenceTensor(ref, "attention_mask"),
                                             testing::loadReferenceTensor(ref, "token_type_ids"),
                                             /*keepHidden=*/true);
        const auto expected = testing::loadReferenceTensor(ref, "last_hidden_state");
        const double diff = testing::maxAbsDiff(out.lastHidden, expected);
        qInfo("%s: max |ours - reference| = %.3g", qPrintable(kind), diff);
        QVERIFY2(diff < 1e-5, qPrintable(QString::number(diff)));
        const auto states = testing::loadReferenceTensor(ref, "hidden_states");
        QCOMPARE(int64_t(out.hiddenStates.size()), states.size(0));
        for (size_t i = 0; i < out.hiddenStates.size(); ++i) {
            QVERIFY(testing::maxAbsDiff(out.hiddenStates[i], states[static_cast<int64_t>(i)]) <
                    1e-5);
        }

        // The MLM head continued from the checkpoint (XLM-R lm_head.*, BERT cls.predictions.*)
        // gives the reference's masked-LM logits.
        MlmHead mlm(encoder);
        const auto heads = loadHeadTensors(dir.filePath("model").toStdString());
        QCOMPARE(QString::fromStdString(isomorph::train::loadPretrainedMlmHead(*mlm, heads)),
                 QString(xlmr ? "lm_head.*" : "cls.predictions.*"));
        const double logitDiff = testing::maxAbsDiff(
            mlm->forward(out.lastHidden), testing::loadReferenceTensor(ref, "mlm_logits"));
        qInfo("%s MLM head: max |ours - reference| = %.3g", qPrintable(kind), logitDiff);
        QVERIFY2(logitDiff < 1e-5, qPrintable(QString::number(logitDiff)));

        // Save in the same layout, load again: identical outputs, bit for bit.
        QTemporaryDir again;
        saveHuggingFaceEncoder(encoder, again.path().toStdString());
        Encoder reloaded = loadHuggingFaceEncoder(again.path().toStdString());
        reloaded->eval();
        auto out2 = reloaded->forward(testing::loadReferenceTensor(ref, "input_ids"),
                                      testing::loadReferenceTensor(ref, "attention_mask"),
                                      testing::loadReferenceTensor(ref, "token_type_ids"));
        QVERIFY(torch::equal(out.lastHidden, out2.lastHidden));
    }

  private Q_SLOTS:
    void xlmRobertaMatchesReference() { checkParity("xlm-roberta", "roberta.", "lm_head."); }
    void bertMatchesReference() { checkParity("bert", "bert.", "cls.predictions."); }

    void positionsFollowXlmrPaddingOffset() {
        EncoderConfig c;
        c.vocabSize = 20;
        c.hiddenSize = 8;
        c.numLayers = 1;
        c.numHeads = 2;
        c.intermediateSize = 16;
        c.maxPositions = 16;
        Encoder e(c);
        auto ids = torch::tensor({{0, 5, 6, 2, 1, 1}}, torch::kLong);
        auto pos = e->embeddings->positionIds(ids);
        QVERIFY(torch::equal(pos, torch::tensor({{2, 3, 4, 5, 1, 1}}, torch::kLong)));
        QCOMPARE(c.maxTokens(), int64_t(14));
    }

    void mismatchedCheckpointListsEveryProblem() {
        if (!pythonTorchAvailable())
            QSKIP("python3-torch is not installed: apt-get install python3-torch");
        QTemporaryDir dir;
        runReference(dir.path(), "xlm-roberta");
        // A config that disagrees with the tensors: wider hidden size and one more layer.
        const QString config = dir.filePath("model/config.json");
        QFile f(config);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        text.replace("\"hidden_size\": 32", "\"hidden_size\": 64")
            .replace("\"num_hidden_layers\": 2", "\"num_hidden_layers\": 3");
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(text);
        f.close();
        try {
            loadHuggingFaceEncoder(dir.filePath("model").toStdString());
            QFAIL("expected CheckpointError");
        } catch (const CheckpointError& e) {
            const std::string msg = e.what();
            QVERIFY2(msg.find("model.safetensors") != std::string::npos, e.what());
            QVERIFY2(msg.find("has shape [97, 32], the config needs [97, 64]") != std::string::npos,
                     e.what());
            QVERIFY2(msg.find("missing tensor 'roberta.encoder.layer.2.output.dense.weight'") !=
                         std::string::npos,
                     e.what());
        }
        QVERIFY_THROWS_EXCEPTION(CheckpointError,
                                 loadHuggingFaceEncoder(dir.filePath("nowhere").toStdString()));
    }

    void savingReplacesWholeFolderAndNewerVersionsAreRefused() {
        EncoderConfig c;
        c.vocabSize = 30;
        c.hiddenSize = 8;
        c.numLayers = 1;
        c.numHeads = 2;
        c.intermediateSize = 16;
        c.maxPositions = 12;
        Encoder e(c);
        QTemporaryDir dir;
        const std::string path = dir.filePath("ckpt").toStdString();
        saveHuggingFaceEncoder(e, path, {{"note.txt", "first"}});
        saveHuggingFaceEncoder(e, path);  // replaces the folder: the old extra file is gone
        QVERIFY(!QFile::exists(dir.filePath("ckpt/note.txt")));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{"ckpt"});  // no temporary folders left behind
        // A file written by a newer Isomorph is refused with a clear message.
        auto file = model_io::SafetensorsFile::open(path + "/model.safetensors");
        model_io::SafetensorsWriter writer;
        for (const auto& t : file.tensors())
            writer.add(t.name, t.dtype, t.shape, file.data(t), t.bytes);
        writer.setMetadata({{"format", "pt"}, {"isomorph_format_version", "99"}});
        writer.write(path + "/newer.safetensors");
        QFile::remove(QString::fromStdString(path + "/model.safetensors"));
        QFile::rename(QString::fromStdString(path + "/newer.safetensors"),
                      QString::fromStdString(path + "/model.safetensors"));
        try {
            loadHuggingFaceEncoder(path);
            QFAIL("expected CheckpointError");
        } catch (const CheckpointError& err) {
            QVERIFY2(std::string(err.what()).find("Update Isomorph") != std::string::npos,
                     err.what());
        }
    }

    void invalidConfigNamesTheField() {
        QTemporaryDir dir;
        std::ofstream(dir.filePath("config.json").toStdString())
            << R"({"model_type": "xlm-roberta", "vocab_size": 10, "hidden_size": 30, "num_hidden_layers": 1,
                  "num_attention_heads": 4, "intermediate_size": 8, "max_position_embeddings": 10})";
        try {
            loadHuggingFaceEncoder(dir.path().toStdString());
            QFAIL("expected ConfigError");
        } catch (const ConfigError& e) {
            QVERIFY2(std::string(e.what()).find("not divisible by num_attention_heads") !=
                         std::string::npos,
                     e.what());
            QVERIFY2(std::string(e.what()).find("config.json") != std::string::npos, e.what());
        }
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestEncoderParity)
#include "test_encoder_parity.moc"

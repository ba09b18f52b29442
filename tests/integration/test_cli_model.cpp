// `model init` and `encode` end to end: shapes, input order restored after length sorting, batch
// independence (padding never leaks), truncation and empty-line warnings, clear errors.

#include <cmath>
#include <cstring>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/cli_runner.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_corpus.h"

namespace {

using isomorph::testing::CliResult;
using isomorph::testing::runCli;

// Rows and values of a float32 .npy written by NpyWriter.
std::vector<float> readNpy(const QString& path, int& rows, int& cols) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = f.readAll();
    const int headerLen =
        static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    const QByteArray header = bytes.mid(10, headerLen);
    QRegularExpression shape("'shape': \\((\\d+), (\\d+)\\)");
    auto m = shape.match(QString::fromLatin1(header));
    rows = m.captured(1).toInt();
    cols = m.captured(2).toInt();
    std::vector<float> out(static_cast<size_t>(rows) * cols);
    std::memcpy(out.data(), bytes.constData() + 10 + headerLen, out.size() * sizeof(float));
    return out;
}

}  // namespace

class TestCliModel : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    QString model_;

  private Q_SLOTS:
    void initTestCase() {
        isomorph::testing::tinyTokenizer(dir_.filePath("tok").toStdString());
        model_ = dir_.filePath("model");
        CliResult r = runCli({"model", "init", "--tokenizer", dir_.filePath("tok.model"), "--out",
                              model_, "--layers", "2", "--hidden", "32", "--heads", "4", "--ffn",
                              "64", "--max-positions", "34"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(QFile::exists(model_ + "/model.safetensors"));
        QVERIFY(QFile::exists(model_ + "/sentencepiece.bpe.model"));
        QFile input(dir_.filePath("in.txt"));
        QVERIFY(input.open(QIODevice::WriteOnly));
        input.write(
            "copy all files\nlist the directory contents\n\nremove files\ncopy all files\n");
        input.write(QByteArray("list files ").repeated(20) + "\n");
        input.close();
    }

    void encodesInInputOrderIndependentOfBatching() {
        const QString a = dir_.filePath("a.npy"), b = dir_.filePath("b.npy");
        CliResult r =
            runCli({"encode", "--model", model_, "--input", dir_.filePath("in.txt"), "--output", a,
                    "--pooling", "mean", "--normalize", "--batch-size", "1", "--lang", "en"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("1 sentences were longer than the maximum"), r.err.constData());
        QVERIFY2(r.err.contains("1 empty lines"), r.err.constData());
        CliResult r2 =
            runCli({"encode", "--model", model_, "--input", dir_.filePath("in.txt"), "--output", b,
                    "--pooling", "mean", "--normalize", "--batch-size", "64"});
        QCOMPARE(r2.exitCode, 0);
        int rows = 0, cols = 0, rows2 = 0, cols2 = 0;
        auto va = readNpy(a, rows, cols);
        auto vb = readNpy(b, rows2, cols2);
        QCOMPARE(rows, 6);
        QCOMPARE(cols, 32);
        QCOMPARE(rows2, rows);
        double maxDiff = 0, norm0 = 0;
        for (size_t i = 0; i < va.size(); ++i)
            maxDiff = std::max(maxDiff, double(std::abs(va[i] - vb[i])));
        for (int c = 0; c < cols; ++c)
            norm0 += va[c] * va[c];
        QVERIFY2(maxDiff < 1e-5, qPrintable(QString::number(maxDiff)));  // padding does not leak
        // --normalize divides by the float32 norm of 32 values: the norm's relative error is at
        // most 32 float32 roundings (32 * 6e-8 = 2e-6), so |norm^2 - 1| <= ~4e-6 < 1e-5; a vector
        // left unnormalised is off by far more.
        ISOMORPH_COMPARE_NEAR(norm0, 1.0, 1e-5);
        // Rows 0 and 4 hold the same sentence; row 1 another one.
        double same = 0, other = 0;
        for (int c = 0; c < cols; ++c) {
            same = std::max(same, double(std::abs(va[c] - va[4 * cols + c])));
            other = std::max(other, double(std::abs(va[c] - va[cols + c])));
        }
        QVERIFY2(same < 1e-6, qPrintable(QString("same sentence differs by %1").arg(same)));
        QVERIFY2(other > 1e-4, qPrintable(QString("other sentence differs by %1").arg(other)));
        QFile sidecar(a + ".json");
        QVERIFY(sidecar.open(QIODevice::ReadOnly));
        const QJsonObject meta = QJsonDocument::fromJson(sidecar.readAll()).object();
        QCOMPARE(meta["rows"].toInt(), 6);
        QCOMPARE(meta["lang"].toString(), QString("en"));
        QCOMPARE(meta["pooling"].toString(), QString("mean"));
    }

    void badFlagsAndInputsAreClear() {
        CliResult pooling = runCli({"encode", "--model", model_, "--input", dir_.filePath("in.txt"),
                                    "--output", dir_.filePath("x.npy"), "--pooling", "layer:7"});
        QCOMPARE(pooling.exitCode, 2);
        QVERIFY2(pooling.err.contains("layer:7") && pooling.err.contains("2 layers"),
                 pooling.err.constData());
        CliResult column = runCli({"encode", "--model", model_, "--input", dir_.filePath("in.txt"),
                                   "--output", dir_.filePath("x.npy"), "--column", "2"});
        QCOMPARE(column.exitCode, 1);
        QVERIFY2(column.err.contains("in.txt:1: no column 2"), column.err.constData());
        QVERIFY(!QFile::exists(dir_.filePath("x.npy")));  // nothing half-written
        CliResult noModel = runCli({"encode", "--model", dir_.filePath("none"), "--input",
                                    dir_.filePath("in.txt"), "--output", dir_.filePath("x.npy")});
        QCOMPARE(noModel.exitCode, 1);
        QVERIFY2(noModel.err.contains("is not a checkpoint: pass a checkpoint folder"),
                 noModel.err.constData());
        CliResult lang = runCli({"encode", "--model", model_, "--input", dir_.filePath("in.txt"),
                                 "--output", dir_.filePath("x.npy"), "--lang", "german"});
        QCOMPARE(lang.exitCode, 1);
        QVERIFY2(lang.err.contains("'german'"), lang.err.constData());
    }

    void foreignHuggingFaceFoldersNameTheField() {
        // A copy of the checkpoint with another architecture in config.json, and one whose only
        // tokenizer is a fast tokenizer.json: one message each, naming the file and field.
        auto copyModel = [&](const QString& name) {
            const QString to = dir_.filePath(name);
            QDir().mkpath(to);
            for (const QString& f : QDir(model_).entryList(QDir::Files))
                QFile::copy(QDir(model_).filePath(f), QDir(to).filePath(f));
            return to;
        };
        const QString gpt2 = copyModel("gpt2");
        QFile config(QDir(gpt2).filePath("config.json"));
        QVERIFY(config.open(QIODevice::ReadOnly));
        QJsonObject c = QJsonDocument::fromJson(config.readAll()).object();
        config.close();
        c["model_type"] = "gpt2";
        QVERIFY(config.open(QIODevice::WriteOnly | QIODevice::Truncate));
        config.write(QJsonDocument(c).toJson());
        config.close();
        CliResult arch = runCli({"encode", "--model", gpt2, "--input", dir_.filePath("in.txt"),
                                 "--output", dir_.filePath("x.npy")});
        QCOMPARE(arch.exitCode, 2);  // a ConfigError, as every config.json problem
        QVERIFY2(arch.err.contains("config.json") && arch.err.contains("model_type 'gpt2'"),
                 arch.err.constData());

        const QString fast = copyModel("fast-tokenizer");
        QVERIFY(QFile::remove(QDir(fast).filePath("sentencepiece.bpe.model")));
        QFile tok(QDir(fast).filePath("tokenizer.json"));
        QVERIFY(tok.open(QIODevice::WriteOnly));
        tok.write(R"({"version": "1.0", "model": {"type": "WordLevel", "vocab": {}}})");
        tok.close();
        CliResult kind = runCli({"encode", "--model", fast, "--input", dir_.filePath("in.txt"),
                                 "--output", dir_.filePath("x.npy")});
        QCOMPARE(kind.exitCode, 1);
        QVERIFY2(kind.err.contains("tokenizer.json: model.type \"WordLevel\" is not supported "
                                   "(supported: Unigram, WordPiece, BPE)"),
                 kind.err.constData());
        QVERIFY(!QFile::exists(dir_.filePath("x.npy")));
    }

    // A bi-encoder passed where a cross-encoder belongs is refused by every re-ranking command
    // before anything is read or encoded, naming the folder and what to pass instead.
    void rerankingRefusesABiEncoder() {
        const QString none = dir_.filePath("none");
        const std::vector<QStringList> commands = {
            {"search", "--index", none, "--query", "x", "--rerank", model_},
            {"eval", "retrieval", "--beir", none, "--systems", "bm25", "--rerank", model_},
            {"rerank", "finetune", "--model", model_, "--beir", none, "--run", none, "--out",
             dir_.filePath("ft")}};
        for (const auto& args : commands) {
            const CliResult r = runCli(args);
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains("is not a cross-encoder") && r.err.contains(model_.toUtf8()) &&
                         r.err.contains("--rerank"),
                     r.err.constData());
        }
        QVERIFY(!QFile::exists(dir_.filePath("ft")));
    }

    void rerankFinetuneListsEveryBadOption() {
        const QString none = dir_.filePath("none");
        const CliResult r =
            runCli({"rerank", "finetune", "--model", model_, "--beir", none, "--run", none, "--out",
                    dir_.filePath("ft"), "--folds", "0", "--negatives", "0"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--folds must be at least 1") &&
                     r.err.contains("--negatives must be at least 1"),
                 r.err.constData());
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestCliModel)
#include "test_cli_model.moc"

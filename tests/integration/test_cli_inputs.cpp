// One model resolver and one text-input policy for every command (issue 12, section 6): every
// form of --model (checkpoint folder, run folder, checkpoints/, checkpoints/best|latest) gives
// the same vectors in `encode` and is accepted by `index build`; `encode`, `tokenizer encode`,
// `index build` and `corpus binarize` refuse invalid UTF-8, a .npy and JSON Lines given as plain
// text with the same message, naming the file and line.

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/test_main.h"
#include "tests/support/tiny_training.h"

using isomorph::testing::CliResult;
using isomorph::testing::readAll;
using isomorph::testing::runCli;

namespace {

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

/// The message after "isomorph-cli: error: ".
QByteArray errorMessage(const CliResult& r) {
    const int at = r.err.indexOf("error: ");
    return at < 0 ? r.err : r.err.mid(at + 7).trimmed();
}

}  // namespace

class TestCliInputs : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    isomorph::testing::TinyTraining tiny_;
    QString run_, input_;

  private Q_SLOTS:
    void initTestCase() {
        QString error;
        QVERIFY(QDir().mkpath(dir_.filePath("tiny")));
        tiny_ = isomorph::testing::makeTinyTraining(dir_.filePath("tiny"), &error);
        QVERIFY2(!tiny_.config.isEmpty(), qPrintable(error));
        run_ = dir_.filePath("run");
        // Evaluated at step 10 (the best checkpoint), stopped at step 15 (the latest).
        CliResult r =
            runCli({"train", "--config", tiny_.config, "--run-dir", run_, "--set",
                    "schedule.max_steps=20", "--set", "checkpoint.every=5", "--max-steps", "15"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        input_ = dir_.filePath("in.txt");
        writeFile(input_, "list all files\nkopieren Dateien\ncopy the directory contents\n");
    }

    void everyModelFormEncodesTheSameVectors_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("expected");
        QTest::newRow("run folder") << run_ << "step-00000010";
        QTest::newRow("checkpoints folder") << run_ + "/checkpoints"
                                            << "step-00000010";
        QTest::newRow("checkpoints/best") << run_ + "/checkpoints/best"
                                          << "step-00000010";
        QTest::newRow("checkpoints/latest") << run_ + "/checkpoints/latest"
                                            << "step-00000015";
        QTest::newRow("checkpoint folder") << run_ + "/checkpoints/step-00000015"
                                           << "step-00000015";
    }

    void everyModelFormEncodesTheSameVectors() {
        QFETCH(QString, model);
        QFETCH(QString, expected);
        const QString checkpoint = run_ + "/checkpoints/" + expected;
        const QString reference = dir_.filePath(expected + ".npy");
        if (!QFile::exists(reference)) {
            CliResult r =
                runCli({"encode", "--model", checkpoint, "--input", input_, "--output", reference});
            QVERIFY2(r.exitCode == 0, r.err.constData());
        }
        const QString out = dir_.filePath("form.npy");
        QFile::remove(out);
        CliResult r = runCli({"encode", "--model", model, "--input", input_, "--output", out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(readAll(out), readAll(reference));
        QVERIFY2(readAll(out + ".json").contains(checkpoint.toUtf8()), readAll(out + ".json"));

        const QString index = dir_.filePath(
            "index-" + QString(QTest::currentDataTag()).replace(' ', '-').replace('/', '-'));
        CliResult built = runCli({"index", "build", "--corpus", input_, "--model", model, "--out",
                                  index, "--lang", "none"});
        QVERIFY2(built.exitCode == 0, built.err.constData());
        QVERIFY2(readAll(index + "/index.json").contains(expected.toUtf8()),
                 readAll(index + "/index.json"));
    }

    void refusedInputs_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("invalid UTF-8")
            << QByteArray("list all files\ncopy \xFF files\n") << "latin1.txt"
            << QByteArray(":2: invalid UTF-8 (byte 0xFF) at byte offset 20 (column 6)");
        QTest::newRow(".npy") << QByteArray("\x93NUMPY\x01\x00v\x00{'descr': '<f4'}\n", 27)
                              << "vectors.npy" << QByteArray(":1: the file is a NumPy array");
        QTest::newRow("JSON Lines")
            << QByteArray("{\"id\": \"1\", \"text\": \"list files\"}\n") << "docs.jsonl"
            << QByteArray(":1: the line is a JSON object (JSON Lines?)");
    }

    void refusedInputs() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, name);
        QFETCH(QByteArray, message);
        const QString file = dir_.filePath(name);
        writeFile(file, bytes);
        const QByteArray expected = file.toUtf8() + message;

        const QString out = dir_.filePath("refused.npy");
        CliResult encode = runCli({"encode", "--model", run_, "--input", file, "--output", out});
        CliResult tokens =
            runCli({"tokenizer", "encode", "--model", tiny_.tokenizer, "--input", file});
        CliResult stdinTokens = runCli({"tokenizer", "encode", "--model", tiny_.tokenizer}, bytes);
        // index build reads .jsonl as a BEIR corpus: the plain-text policy applies to its
        // other files, so the JSON Lines case is given a .txt name there.
        QString indexInput = file;
        if (name.endsWith(".jsonl")) {
            indexInput = dir_.filePath("docs-as-text.txt");
            writeFile(indexInput, bytes);
        }
        CliResult index = runCli({"index", "build", "--corpus", indexInput, "--model", run_,
                                  "--out", dir_.filePath("refused-index"), "--lang", "none"});
        // corpus binarize reads *.txt as plain-text documents (a .npy is refused by its name).
        std::vector<CliResult> binarized;
        if (indexInput.endsWith(".txt")) {
            binarized.push_back(
                runCli({"corpus", "binarize", "--tokenizer", tiny_.tokenizer, "--input", indexInput,
                        "--lang", "en", "--out", dir_.filePath("refused-shards")}));
        }

        // A bad input file is a failed command (exit 1, docs/cli.md), the same for all of them.
        for (const CliResult* r : {&encode, &tokens, &stdinTokens, &index})
            QVERIFY2(r->exitCode == 1, r->err.constData());
        for (const CliResult& b : binarized) {
            QCOMPARE(b.exitCode, 1);
            QVERIFY2(errorMessage(b).startsWith(indexInput.toUtf8() + message), b.err.constData());
        }
        QCOMPARE(errorMessage(encode), errorMessage(tokens));
        QVERIFY2(errorMessage(encode).startsWith(expected), encode.err.constData());
        QVERIFY2(errorMessage(stdinTokens).startsWith("/dev/stdin" + message),
                 stdinTokens.err.constData());
        QVERIFY2(errorMessage(index).startsWith(indexInput.toUtf8() + message),
                 index.err.constData());
        QVERIFY(!QFile::exists(out));
        QVERIFY(!QFileInfo::exists(dir_.filePath("refused-index")));
        QVERIFY2(!encode.err.contains("leniently"), encode.err.constData());
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestCliInputs)
#include "test_cli_inputs.moc"

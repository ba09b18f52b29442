// The data commands end to end: tokenizer train/encode/decode, corpus binarize and stats.

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/cli_runner.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_corpus.h"

namespace {

using isomorph::testing::CliResult;
using isomorph::testing::runCli;

void writeLines(const QString& path, const std::vector<std::string>& lines, int docEvery) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    for (size_t i = 0; i < lines.size(); ++i) {
        f.write(QByteArray::fromStdString(lines[i]) + "\n");
        if ((i + 1) % docEvery == 0) f.write("\n");
    }
}

}  // namespace

class TestCliData : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(QDir(dir_.path()).mkdir("docs"));
        writeLines(dir_.filePath("docs/en.txt"),
                   isomorph::testing::syntheticSentences(isomorph::testing::englishWords(), 400, 1),
                   5);
        writeLines(dir_.filePath("docs/de.txt"),
                   isomorph::testing::syntheticSentences(isomorph::testing::germanWords(), 100, 2),
                   4);
        // One sentence over SentencePiece's 4192-byte limit: the trainer skips it and logs a
        // warning through std::cerr, which once crashed isomorph-cli (copy-relocated std::cerr
        // seen through the RTLD_DEEPBIND shim; see the top-level CMakeLists.txt).
        QFile notes(dir_.filePath("docs/en.txt"));
        QVERIFY(notes.open(QIODevice::Append));
        notes.write(QByteArray(5000, 'a') + "\n");
    }

    void trainEncodeDecode() {
        CliResult r = runCli({"tokenizer", "train", "--input", dir_.filePath("docs"), "--out",
                              dir_.filePath("tok"), "--vocab-size", "70", "--character-coverage",
                              "1.0", "--alpha", "0.5", "--threads", "1"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("too long line"), r.err.constData());
        QVERIFY(r.out.contains("de") && r.out.contains("en"));
        QVERIFY(QFile::exists(dir_.filePath("tok.model")));
        CliResult enc = runCli({"tokenizer", "encode", "--model", dir_.filePath("tok.model")},
                               "Verzeichnis Inhalte auflisten\n");
        QCOMPARE(enc.exitCode, 0);
        const QByteArray ids = enc.out.trimmed();
        QVERIFY(!ids.isEmpty());
        CliResult dec = runCli(
            {"tokenizer", "decode", "--model", dir_.filePath("tok.model"), QString::fromUtf8(ids)});
        QCOMPARE(dec.exitCode, 0);
        QCOMPARE(dec.out, QByteArray("Verzeichnis Inhalte auflisten\n"));
        CliResult bad =
            runCli({"tokenizer", "decode", "--model", dir_.filePath("tok.model"), "4 five"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("'five'"), bad.err.constData());
        CliResult missing =
            runCli({"tokenizer", "encode", "--model", dir_.filePath("none.model"), "x"});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains("none.model"), missing.err.constData());
    }

    void binarizeAndStats() {
        const QString out = dir_.filePath("shards");
        CliResult r = runCli({"corpus", "binarize", "--tokenizer", dir_.filePath("tok.model"),
                              "--input", dir_.filePath("docs"), "--out", out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        CliResult again = runCli({"corpus", "binarize", "--tokenizer", dir_.filePath("tok.model"),
                                  "--input", dir_.filePath("docs"), "--out", out});
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains("--force"), again.err.constData());

        CliResult s = runCli({"corpus", "stats", out, "--json"});
        QCOMPARE(s.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(s.out).object();
        QCOMPARE(o["sentences"].toInt(), 501);
        QCOMPARE(o["documents"].toInt(), 80 + 25 + 1);
        const QJsonObject de = o["languages"].toObject()["de"].toObject();
        QCOMPARE(de["sentences"].toInt(), 100);
        QCOMPARE(de["documents"].toInt(), 25);
        QVERIFY(de["tokens_per_sentence"].isArray());
        CliResult text = runCli({"corpus", "stats", out});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("tokens per sentence"));
        CliResult notShards = runCli({"corpus", "stats", dir_.filePath("docs")});
        QCOMPARE(notShards.exitCode, 1);
        QVERIFY2(notShards.err.contains("corpus binarize"), notShards.err.constData());
    }

    void demoCorpusWithoutManPagesSaysWhy() {
        QVERIFY(QDir(dir_.path()).mkpath("empty-man/man1"));
        CliResult r = runCli({"corpus", "build-demo", "--out", dir_.filePath("demo"), "--man-root",
                              dir_.filePath("empty-man")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("path-exclude"), r.err.constData());
        QVERIFY(!QFile::exists(dir_.filePath("demo")));
    }

    void plainTextOfUnknownLanguageIsExplained() {
        writeLines(dir_.filePath("notes.txt"), {"a b c"}, 1);
        CliResult r = runCli({"corpus", "binarize", "--tokenizer", dir_.filePath("tok.model"),
                              "--input", dir_.filePath("notes.txt"), "--out", dir_.filePath("x")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("notes.txt") && r.err.contains("--lang"), r.err.constData());
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestCliData)
#include "test_cli_data.moc"

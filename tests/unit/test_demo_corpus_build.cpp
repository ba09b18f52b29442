// Builds the demo corpus from the real man pages through isomorph-cli (German and Japanese only,
// to keep it under a minute) and checks the layout, the manifest and byte-identical rebuilds.

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/cli_runner.h"
#include "tests/support/test_main.h"

namespace {

using isomorph::testing::CliResult;
using isomorph::testing::runCli;

// Relative path -> SHA-256 of every file except the timing log.
QMap<QString, QByteArray> hashes(const QString& root) {
    QMap<QString, QByteArray> out;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (path.endsWith("build-log.json")) continue;
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        out[QDir(root).relativeFilePath(path)] =
            QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
    }
    return out;
}

QSet<QString> commandsIn(const QString& file) {
    QSet<QString> out;
    QFile f(file);
    f.open(QIODevice::ReadOnly);
    while (!f.atEnd()) {
        const QByteArray line = f.readLine();
        if (!line.trimmed().isEmpty())
            out.insert(QJsonDocument::fromJson(line).object()["command"].toString());
    }
    return out;
}

qint64 sum(const QJsonObject& perSplit) {
    qint64 n = 0;
    for (const auto& v : perSplit)
        n += v.toInt();
    return n;
}

}  // namespace

class TestDemoCorpusBuild : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void initTestCase() {
        if (QDir("/usr/share/man/de/man1").isEmpty() || QDir("/usr/share/man/ja/man1").isEmpty())
            QSKIP("manpages-de and manpages-ja are not installed");
        QVERIFY(tmp_.isValid());
    }

    void buildsPlausibleCorpus() {
        const QString out = tmp_.filePath("demo");
        CliResult r = runCli({"corpus", "build-demo", "--out", out, "--langs", "de,ja"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(!QFileInfo::exists(out + ".tmp"));
        QFile mf(out + "/manifest.json");
        QVERIFY(mf.open(QIODevice::ReadOnly));
        const QJsonObject m = QJsonDocument::fromJson(mf.readAll()).object();
        // 2: split units, no cross-split pairs; 3: test xx-en sets search every split's English;
        // 4: the documentation books
        QCOMPARE(m["schema_version"].toInt(), 4);
        if (QFileInfo::exists("/usr/share/doc/debian-handbook/html/de-DE/index.html")) {
            const QJsonObject de = m["books"]["handbook"]["languages"]["de"].toObject();
            QVERIFY2(de["pairs"].toObject()["train"].toInt() > 2000,
                     qPrintable(QJsonDocument(de).toJson()));
            // the untranslated fallback
            QVERIFY(de["dropped"].toObject()["identical"].toInt() > 0);
            QVERIFY(QFile::exists(out + "/parallel/train/handbook/de-en.tsv"));
            CliResult stats = runCli({"corpus", "stats", out, "--json"});
            QVERIFY2(stats.exitCode == 0, stats.err.constData());
            const QJsonObject overlap = QJsonDocument::fromJson(stats.out)
                                            .object()["overlap"]
                                            .toObject()["handbook"]
                                            .toObject();
            QCOMPARE(overlap["dev"].toInt(), 0);
            QCOMPARE(overlap["test"].toInt(), 0);
        }
        for (const QString lang : {"en", "de", "ja"})
            QVERIFY2(sum(docCounts(m, lang)) > 300, qPrintable(lang));
        for (const QString pair : {"de-en", "ja-en"}) {
            QVERIFY(sum(m["pairs"][pair]["name"].toObject()) > 100);
            QVERIFY(sum(m["pairs"][pair]["option"].toObject()) > 1000);
            QVERIFY(sum(m["section_pairs"][pair].toObject()) > 500);
            QVERIFY(QFile::exists(out + "/parallel/test/option/" + pair + ".tsv"));
            QVERIFY(QFile::exists(out + "/retrieval/dev/" + pair + "/qrels/test.tsv"));
        }
        QVERIFY(QFile::exists(out + "/retrieval/train/en-en/corpus.jsonl"));
        QVERIFY(QFile::exists(out + "/retrieval/train/ja-ja/queries.jsonl"));
        QSet<QString> seen;
        for (const QString split : {"train", "dev", "test"}) {
            QSet<QString> here;
            for (const QString lang : {"en", "de", "ja"})
                here.unite(commandsIn(out + "/docs/" + split + "/" + lang + ".jsonl"));
            QVERIFY2(!here.intersects(seen), qPrintable(split));
            seen.unite(here);
        }
    }

    void rebuildIsByteIdentical() {
        const QString a = tmp_.filePath("demo"), b = tmp_.filePath("again");
        CliResult r =
            runCli({"corpus", "build-demo", "--out", b, "--langs", "ja,de", "--jobs", "3"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto ha = hashes(a), hb = hashes(b);
        QVERIFY(ha.size() > 40);
        QCOMPARE(ha.keys(), hb.keys());
        for (const auto& k : ha.keys())
            QVERIFY2(ha[k] == hb[k], qPrintable(k));
    }

    void refusesExistingFolderWithoutForce() {
        const QString out = tmp_.filePath("demo");
        CliResult r = runCli({"corpus", "build-demo", "--out", out, "--langs", "de"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--force"), r.err.constData());
        r = runCli({"corpus", "build-demo", "--out", out, "--langs", "xx"});
        QCOMPARE(r.exitCode, 2);
        r = runCli({"corpus", "build-demo", "--out", tmp_.filePath("k"), "--langs", "tlh"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("installed"), r.err.constData());
        QVERIFY(!QFileInfo::exists(tmp_.filePath("k")));
    }

  private:
    static QJsonObject docCounts(const QJsonObject& m, const QString& lang) {
        QJsonObject out;
        const QJsonObject perSplit = m["documents"][lang].toObject();
        for (auto it = perSplit.begin(); it != perSplit.end(); ++it)
            out[it.key()] = it.value().toObject()["documents"].toInt();
        return out;
    }

    QTemporaryDir tmp_;
};

ISOMORPH_TEST_GUILESS_MAIN(TestDemoCorpusBuild)
#include "test_demo_corpus_build.moc"

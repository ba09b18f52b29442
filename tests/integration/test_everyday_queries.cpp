// The hand-written everyday queries of tests/fixtures/everyday_queries.tsv (20 queries in de,
// fr, es, ja and zh, each with the English man page it should find) against the demo corpus's
// English passages, through the commands a user runs: `corpus query-list` turns the list into
// BEIR sets, `eval retrieval --json` scores them. It asserts only what holds by construction:
// every target is a passage of the demo index's corpus (test/en-en, all English pages of every
// split since schema 3) and the report covers every query; it prints top-1 / top-5 hits (recall@1
// / @5) per language and system. BM25 always; dense and hybrid with the checkpoint named by
// ISOMORPH_DEMO_MODEL (a demo run folder or checkpoint); each again with the queries translated
// by the lexicon of the corpus's train pairs (`lexicon train`, `eval retrieval --lexicon`:
// SYSTEM+lex). ISOMORPH_DEMO_CORPUS names an existing
// demo corpus; without it one is built (de, fr, es, ja, zh and en man pages; a few minutes).

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/cli_runner.h"
#include "tests/support/test_main.h"

using isomorph::testing::CliResult;
using isomorph::testing::runCli;

class TestEverydayQueries : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void everydayQueriesAreScored() {
        const auto env = QProcessEnvironment::systemEnvironment();
        QString corpus = env.value("ISOMORPH_DEMO_CORPUS");
        if (corpus.isEmpty()) {
            for (const char* lang : {"de", "fr", "es", "ja", "zh_CN"})
                if (QDir(QString("/usr/share/man/%1/man1").arg(lang)).isEmpty())
                    QSKIP(qPrintable(QString("the %1 man pages are not installed").arg(lang)));
            corpus = tmp_.filePath("demo");
            CliResult built =
                runCli({"corpus", "build-demo", "--out", corpus, "--langs", "de,fr,es,ja,zh_CN"});
            QVERIFY2(built.exitCode == 0, built.err.constData());
        }
        const QString passages = corpus + "/retrieval/test/en-en/corpus.jsonl";
        QVERIFY2(QFile::exists(passages), qPrintable(passages));
        const QString beir = tmp_.filePath("everyday");
        // Fails, naming the line, unless every target is a passage of the corpus.
        CliResult made = runCli({"corpus", "query-list", "--queries",
                                 ISOMORPH_SOURCE_DIR "/tests/fixtures/everyday_queries.tsv",
                                 "--corpus", passages, "--out", beir});
        QVERIFY2(made.exitCode == 0, made.err.constData());
        // The translation lexicon of the corpus's train pairs, as the retrieval demo learns it.
        const QString lexicon = tmp_.filePath("lexicon.json");
        CliResult learned =
            runCli({"lexicon", "train", "--pairs", corpus + "/parallel/train", "--out", lexicon});
        QVERIFY2(learned.exitCode == 0, learned.err.constData());
        QMap<QString, QPair<double, double>> hits;  // system -> (top-1, top-5) hits
        for (const bool translated : {false, true}) {
            QStringList args = {"eval", "retrieval", "--beir", beir, "--json"};
            const QString model = env.value("ISOMORPH_DEMO_MODEL");
            args << "--systems" << (model.isEmpty() ? "bm25" : "dense,bm25,hybrid");
            if (!model.isEmpty())
                args << "--model" << model << "--pooling"
                     << "mean";
            if (translated) args << "--lexicon" << lexicon;
            CliResult eval = runCli(args);
            QVERIFY2(eval.exitCode == 0, eval.err.constData());
            const QJsonObject report = QJsonDocument::fromJson(eval.out).object();
            int queries = 0;
            for (const auto& s : report.value("sets").toArray()) {
                const QJsonObject set = s.toObject();
                const QJsonObject systems = set.value("systems").toObject();
                int n = 0;
                for (auto it = systems.begin(); it != systems.end(); ++it) {
                    if (translated && it.key() == "dense") continue;  // the same as without
                    const QString system = it.key() + (translated ? "+lex" : "");
                    const QJsonObject m = it.value().toObject();
                    n = m.value("queries").toInt();
                    const double top1 = m.value("recall@1").toDouble() * n,
                                 top5 = m.value("recall@5").toDouble() * n;
                    hits[system].first += top1;
                    hits[system].second += top5;
                    qInfo("%s %-10s %d queries: top-1 %.0f, top-5 %.0f",
                          qPrintable(set.value("name").toString()), qPrintable(system), n, top1,
                          top5);
                }
                queries += n;
            }
            QCOMPARE(queries, 20);
        }
        for (auto it = hits.begin(); it != hits.end(); ++it)
            qInfo("all    %-10s 20 queries: top-1 %.0f, top-5 %.0f", qPrintable(it.key()),
                  it.value().first, it.value().second);
    }

  private:
    QTemporaryDir tmp_;
};

ISOMORPH_TEST_GUILESS_MAIN(TestEverydayQueries)
#include "test_everyday_queries.moc"

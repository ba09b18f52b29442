// What a new user hits with the demo workspace (issue 12, section 6): `train --preset ccp-demo`
// outside a workspace resolves the preset's paths against the demo workspace (--workspace
// overrides), a missing corpus names --workspace, a run that fails before its first step leaves
// nothing behind, and `demo run --minutes N` keeps to N minutes of wall time, evaluation
// included. Runs on a stand-in demo workspace made of the tiny training data.

#include <cmath>

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/perf_budget.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_training.h"

using isomorph::testing::CliResult;
using isomorph::testing::runCli;

namespace {

// The ccp-demo preset on the tiny data: a small model so steps take milliseconds.
const QStringList kTinyModel = {"--set", "model.layers=2",
                                "--set", "model.hidden=32",
                                "--set", "model.heads=4",
                                "--set", "model.ffn=64",
                                "--set", "objectives.ccp.bank_size=64",
                                "--set", "objectives.ccp.projection_size=16",
                                "--set", "data.max_tokens=24",
                                "--set", "model.max_positions=34"};

QProcessEnvironment withWorkspace(const QString& ws) {
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert("ISOMORPH_WORKSPACE", ws);
    return env;
}

}  // namespace

class TestCliDemoWorkspace : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    isomorph::testing::TinyTraining tiny_;
    QString ws_;

  private Q_SLOTS:
    void initTestCase() {
        QString error;
        QVERIFY(QDir().mkpath(dir_.filePath("tiny")));
        tiny_ = isomorph::testing::makeTinyTraining(dir_.filePath("tiny"), &error);
        QVERIFY2(!tiny_.config.isEmpty(), qPrintable(error));
        ws_ = dir_.filePath("demo-ws");
        QVERIFY2(isomorph::testing::makeTinyDemoWorkspace(tiny_, ws_, 1200, &error),
                 qPrintable(error));
    }

    void presetPathsResolveAgainstTheDemoWorkspace() {
        // No --workspace and a run folder outside any workspace: the demo workspace
        // ($ISOMORPH_WORKSPACE here) is where the preset's files are, not the current folder.
        const QString runDir = dir_.filePath("elsewhere/run-a");
        CliResult printed =
            runCli({"train", "--preset", "ccp-demo", "--print-config"}, {}, withWorkspace(ws_));
        QVERIFY2(printed.exitCode == 0, printed.err.constData());
        const QByteArray docs = QDir(ws_).filePath("corpora/man-demo-shards/docs-train").toUtf8();
        QVERIFY2(printed.out.contains("docs = '" + docs + "'"), printed.out.constData());
        QVERIFY2(printed.out.contains(QDir(ws_).filePath("tokenizers/man-demo.model").toUtf8()),
                 printed.out.constData());

        CliResult r = runCli(
            QStringList{"train", "--preset", "ccp-demo", "--run-dir", runDir, "--max-steps", "2"} +
                kTinyModel,
            {}, withWorkspace(ws_));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(QFile::exists(runDir + "/checkpoints/latest"));

        // --workspace overrides the default.
        CliResult other = runCli({"train", "--preset", "ccp-demo", "--print-config", "--workspace",
                                  dir_.filePath("other-ws")},
                                 {}, withWorkspace(ws_));
        QVERIFY2(other.exitCode == 0, other.err.constData());
        QVERIFY2(other.out.contains(
                     dir_.filePath("other-ws/corpora/man-demo-shards/docs-train").toUtf8()),
                 other.out.constData());
    }

    void evalBitextOnARunCheckpointIsTheRunsDevFigure() {
        // One definition (issue 28): `eval bitext --model RUN/checkpoints/...` without --pairs
        // measures the run's dev pairs as its trainer does, so it prints the bitext_acc the
        // Runs view charts for that step; the run's schema says how it is measured.
        const QString runDir = dir_.filePath("dev-figure/run");
        CliResult r = runCli(QStringList{"train", "--preset", "ccp-demo", "--run-dir", runDir,
                                         "--max-steps", "3", "--set", "eval.every=1"} +
                                 kTinyModel,
                             {}, withWorkspace(ws_));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        double logged = -1;
        QString definition;
        QFile metrics(runDir + "/metrics.jsonl");
        QVERIFY(metrics.open(QIODevice::ReadOnly));
        for (const QByteArray& line : metrics.readAll().split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o.value("kind").toString() == "eval" && o.value("step").toInt() == 3 &&
                o.contains("bitext_acc"))
                logged = o.value("bitext_acc").toDouble();
            if (o.value("kind").toString() == "schema")
                for (const auto& m : o.value("metrics").toArray())
                    if (m.toObject().value("key").toString() == "bitext_acc")
                        definition = m.toObject().value("definition").toString();
        }
        QVERIFY2(logged >= 0, metrics.fileName().toUtf8() +
                                  " has no dev evaluation at step 3: " + r.err.right(2000));
        QVERIFY2(definition.contains("both directions") && definition.contains("pairs-dev"),
                 qPrintable(definition));

        CliResult e =
            runCli({"eval", "bitext", "--model", runDir + "/checkpoints/latest", "--json"}, {},
                   withWorkspace(ws_));
        QVERIFY2(e.exitCode == 0, e.err.constData());
        const QJsonObject out = QJsonDocument::fromJson(e.out).object();
        QCOMPARE(out.value("definition").toString(), definition);
        const QJsonArray sets = out.value("sets").toArray();
        QVERIFY(!sets.isEmpty());
        // Same pairs, code and weights; only the encoder's thread count may differ between the
        // two processes, which reorders float sums (~1e-6 relative) and can flip a top-1 only
        // at a near tie. Allow one flipped row per direction of each language pair.
        double allowed = 0;
        for (const auto& set : sets)
            allowed += 1.0 / set.toObject().value("pairs").toDouble();
        allowed /= sets.size();
        const double measured = out.value("mean").toObject().value("cosine").toDouble();
        QVERIFY2(std::abs(measured - logged) <= allowed + 1e-12,
                 qPrintable(QString("eval bitext %1, metrics.jsonl %2, allowed %3")
                                .arg(measured)
                                .arg(logged)
                                .arg(allowed)));

        // A typed --pooling replaces the run's eval.pooling (it was silently ignored) and the
        // report says so; a pooling that does not parse is refused naming the flag.
        CliResult layer = runCli({"eval", "bitext", "--model", runDir + "/checkpoints/latest",
                                  "--pooling", "layer:1", "--json"},
                                 {}, withWorkspace(ws_));
        QVERIFY2(layer.exitCode == 0, layer.err.constData());
        const QJsonObject layerOut = QJsonDocument::fromJson(layer.out).object();
        QVERIFY2(layerOut.value("definition").toString().contains("layer:1 pooling"),
                 qPrintable(layerOut.value("definition").toString()));
        QVERIFY2(layerOut.value("metric").toString().contains("--pooling layer:1 instead of"),
                 qPrintable(layerOut.value("metric").toString()));
        CliResult badPooling = runCli(
            {"eval", "bitext", "--model", runDir + "/checkpoints/latest", "--pooling", "nope"}, {},
            withWorkspace(ws_));
        QCOMPARE(badPooling.exitCode, 2);
        QVERIFY2(badPooling.err.contains("--pooling"), badPooling.err.constData());

        // Without --pairs, a checkpoint outside a run is refused with what to give instead.
        CliResult loose = runCli({"eval", "bitext", "--model", tiny_.root + "/no-such-run"}, {},
                                 withWorkspace(ws_));
        QCOMPARE(loose.exitCode, 1);
    }

    void missingCorpusNamesWorkspaceAndLeavesNothing() {
        const QString empty = dir_.filePath("no-demo-yet");
        const QString runDir = dir_.filePath("elsewhere/run-b");
        CliResult r = runCli({"train", "--preset", "ccp-demo", "--run-dir", runDir}, {},
                             withWorkspace(empty));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(
            r.err.contains("data.docs = " +
                           QDir(empty).filePath("corpora/man-demo-shards/docs-train").toUtf8() +
                           " does not exist"),
            r.err.constData());
        QVERIFY2(r.err.contains("--workspace WS"), r.err.constData());
        QVERIFY2(r.err.contains("the demo workspace"), r.err.constData());
        QVERIFY(!QFileInfo::exists(runDir));

        // The retry with --workspace is not blocked by anything the failure left.
        CliResult retry = runCli(QStringList{"train", "--preset", "ccp-demo", "--run-dir", runDir,
                                             "--workspace", ws_, "--max-steps", "1"} +
                                     kTinyModel,
                                 {}, withWorkspace(empty));
        QVERIFY2(retry.exitCode == 0, retry.err.constData());
    }

    void runFailingBeforeItsFirstStepLeavesNothing() {
        // Every path exists, but model.tokenizer is not a SentencePiece model: the trainer fails
        // building the model, after making the run folder and before the first step.
        const QString runDir = dir_.filePath("elsewhere/run-c");
        const QString notATokenizer = QDir(ws_).filePath("corpora/man-demo/manifest.json");
        CliResult r = runCli(
            QStringList{"train", "--preset", "ccp-demo", "--run-dir", runDir, "--max-steps", "1"} +
                kTinyModel + QStringList{"--set", "model.tokenizer=" + notATokenizer},
            {}, withWorkspace(ws_));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("manifest.json"), r.err.constData());
        QVERIFY(!QFileInfo::exists(runDir));
    }

    // The base recipe end to end at toy size: pretrain-base trains, evaluates and exports a base
    // whose provenance records its hashes; the same command resumes the finished run; demo run
    // continues from the exported base (same tokenizer: the workspace's).
    void pretrainBaseExportsAResumableBaseTheDemoStartsFrom() {
        const QString out = dir_.filePath("exported-base");
        const QStringList args =
            QStringList{"demo", "pretrain-base", "--workspace", ws_, "--steps", "3", "--export",
                        out} +
            kTinyModel;
        CliResult r = runCli(args);
        QVERIFY2(r.exitCode == 0,
                 (QByteArray::number(r.exitCode) + "\n" + r.err + r.out).constData());
        QVERIFY2(r.out.contains("(started)"), r.out.constData());
        QVERIFY2(r.out.contains("random initialisation"), r.out.constData());
        QVERIFY2(r.out.contains("base after 3 steps"), r.out.constData());
        QVERIFY2(r.out.contains("exported the base to " + out.toUtf8()), r.out.constData());
        QFile f(out + "/provenance.json");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject p = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(p["steps"].toInt(), 3);
        QCOMPARE(p["preset"].toString(), QString("base-demo"));
        QVERIFY2(p["command"].toString().contains("--steps 3"),
                 qPrintable(p["command"].toString()));
        QCOMPARE(p["corpus"].toObject()["hash_sha256"].toString().size(), 64);
        QVERIFY(p["metrics"].toObject()["base"].toObject()["dev"].toObject().contains("raw"));
        for (const char* name : {"config.json", "model.safetensors", "sentencepiece.bpe.model"}) {
            QFile file(out + "/" + name);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(
                p["files"].toObject()[name].toObject()["sha256"].toString(),
                QString(
                    QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex()));
        }

        // Again: the run is complete, so it resumes, trains nothing and reports the same step.
        CliResult again = runCli(QStringList{"demo", "pretrain-base", "--workspace", ws_});
        QVERIFY2(again.exitCode == 0, again.err.constData());
        QVERIFY2(again.out.contains("(resumed)"), again.out.constData());
        QVERIFY2(again.out.contains("base after 3 steps"), again.out.constData());
        // A different schedule for the existing run is refused, naming the run folder.
        CliResult other =
            runCli(QStringList{"demo", "pretrain-base", "--workspace", ws_, "--steps", "5"});
        QCOMPARE(other.exitCode, 2);
        QVERIFY2(other.err.contains("--steps 5: the base run in"), other.err.constData());

        auto env = withWorkspace(ws_);
        env.insert("ISOMORPH_BASE_MODEL", out);
        CliResult demo = runCli(QStringList{"demo", "run", "--workspace", ws_, "--steps", "1",
                                            "--preset", "hictl-demo", "--name", "from-base"} +
                                    kTinyModel,
                                {}, env);
        QVERIFY2(demo.exitCode == 0, demo.err.constData());
        QVERIFY2(demo.out.contains("starting from the shipped base model " + out.toUtf8()),
                 demo.out.constData());
        QVERIFY2(demo.out.contains("shipped base model"), demo.out.constData());
        const QStringList runs = QDir(ws_ + "/runs").entryList({"from-base-*"}, QDir::Dirs);
        QCOMPARE(runs.size(), 1);
        const QByteArray frozen =
            isomorph::testing::readAll(ws_ + "/runs/" + runs[0] + "/config.toml");
        QVERIFY2(frozen.contains("init = '" + out.toUtf8() + "'"), frozen.constData());
        // The base ships its MLM head (XLM-R's lm_head.*), so MLM continues rather than restarts.
        const QByteArray log = isomorph::testing::readAll(ws_ + "/runs/" + runs[0] + "/log.txt");
        QVERIFY2(log.contains("MLM head: continued from lm_head.*"), log.constData());
    }

    // A shipped base (ISOMORPH_BASE_MODEL) whose tokenizer is not the workspace's: demo prepare
    // and demo run refuse, naming both tokenizers and both ways out; a base whose files do not
    // match provenance.json is refused before anything else, naming the file and the rebuild.
    void baseWithAnotherTokenizerOrChangedFilesIsRefused() {
        const QString base = dir_.filePath("fake-base");
        QVERIFY(QDir().mkpath(base));
        CliResult tok = runCli({"tokenizer", "train", "--input", tiny_.root + "/docs",
                                "--vocab-size", "80", "--out", base + "/sentencepiece.bpe"});
        QVERIFY2(tok.exitCode == 0, tok.err.constData());
        QFile::remove(base + "/sentencepiece.bpe.vocab");
        for (const char* name : {"config.json", "model.safetensors"}) {
            QFile f(base + "/" + name);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("stand-in");
        }
        // provenance.json with the files' real hashes (sha256sum agrees with sha256File).
        QJsonObject files;
        for (const char* name : {"config.json", "model.safetensors", "sentencepiece.bpe.model"}) {
            QFile f(base + "/" + name);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            files[name] = QJsonObject{
                {"bytes", bytes.size()},
                {"sha256",
                 QString(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex())}};
        }
        {
            QFile f(base + "/provenance.json");
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(QJsonObject{{"schema_version", 1}, {"files", files}}).toJson());
        }
        auto env = withWorkspace(ws_);
        env.insert("ISOMORPH_BASE_MODEL", base);
        CliResult prepare = runCli({"demo", "prepare", "--workspace", ws_}, {}, env);
        QCOMPARE(prepare.exitCode, 2);
        const QByteArray wsTokenizer = QDir(ws_).filePath("tokenizers/man-demo.model").toUtf8();
        QVERIFY2(prepare.err.contains("the workspace tokenizer " + wsTokenizer),
                 prepare.err.constData());
        QVERIFY2(prepare.err.contains("is not the base model's " + base.toUtf8() +
                                      "/sentencepiece.bpe.model"),
                 prepare.err.constData());
        QVERIFY2(prepare.err.contains("demo prepare --force"), prepare.err.constData());
        QVERIFY2(prepare.err.contains("--init random"), prepare.err.constData());
        CliResult run = runCli(
            QStringList{"demo", "run", "--workspace", ws_, "--steps", "1"} + kTinyModel, {}, env);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("is not the base model's"), run.err.constData());

        {
            QFile f(base + "/model.safetensors");
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("changed!");
        }
        run = runCli(QStringList{"demo", "run", "--workspace", ws_, "--steps", "1"} + kTinyModel,
                     {}, env);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(base.toUtf8() + "/model.safetensors does not match its "
                                                  "recorded hash"),
                 run.err.constData());
        QVERIFY2(run.err.contains("demo pretrain-base --export"), run.err.constData());
        // --own-tokenizer does not look at the base at all: nothing of the above stops it.
        CliResult plain =
            runCli(QStringList{"demo", "prepare", "--workspace", ws_, "--own-tokenizer"}, {}, env);
        QVERIFY2(plain.exitCode == 0, plain.err.constData());
    }

    // The retrieval pipeline refuses a budget too small for its stages before anything runs,
    // naming the minimum, and a start that is not a checkpoint, naming it.
    void retrievalDemoRefusesBadBudgetAndStart() {
        const QString dir = dir_.filePath("retrieval-refused");
        CliResult small = runCli({"demo", "run", "--retrieval", "--minutes", "5", "--workspace",
                                  ws_, "--dir", dir, "--start", tiny_.root});
        QCOMPARE(small.exitCode, 2);
        QVERIFY2(small.err.contains("--minutes 5") && small.err.contains("at least 12 minutes"),
                 small.err.constData());
        QVERIFY(!QFileInfo::exists(dir));
        CliResult start = runCli({"demo", "run", "--retrieval", "--steps", "1", "--workspace", ws_,
                                  "--dir", dir, "--start", dir_.filePath("no-such-model")});
        QVERIFY(start.exitCode != 0);
        QVERIFY2(start.err.contains("no-such-model"), start.err.constData());
        QVERIFY(!QFileInfo::exists(dir + "/stages.json"));
        CliResult base =
            runCli({"demo", "run", "--retrieval", "--steps", "1", "--workspace", ws_, "--dir", dir,
                    "--start", tiny_.root, "--reranker-base", dir_.filePath("no-such-model")});
        QCOMPARE(base.exitCode, 2);
        QVERIFY2(base.err.contains("--reranker-base") && base.err.contains("no-such-model") &&
                     base.err.contains("'auto' or 'xlp'"),
                 base.err.constData());
        QVERIFY(!QFileInfo::exists(dir + "/stages.json"));
    }

    void demoRunKeepsItsWallTimeBudget() {
        // One minute for everything: preparing (skipped), evaluating the initialisation,
        // training and the final evaluation.
        const double budget = 60.0;
        QElapsedTimer wall;
        wall.start();
        CliResult r = runCli(
            QStringList{"demo", "run", "--workspace", ws_, "--minutes", "1", "--init", "random"} +
            kTinyModel);
        const double seconds = wall.elapsed() / 1000.0;
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("dev bitext accuracy"), r.out.constData());
        // and the out-of-domain table (the stand-in's set is its dev pairs: the same numbers)
        QVERIFY2(r.out.contains("out-of-domain bitext accuracy (UI strings, never trained or "
                                "fitted on), mean over 1 language pairs"),
                 r.out.constData());
        // The result is the stage checkpoint with the highest dev accuracy.
        QVERIFY2(QRegularExpression("\nresult: .*/checkpoints/step-\\d+ \\((hictl|ccp)-demo, the "
                                    "highest dev accuracy\\)\n")
                     .match(QString::fromUtf8(r.out))
                     .hasMatch(),
                 r.out.constData());
        auto m = QRegularExpression(
                     "time: (\\d+) s preparing, (\\d+) s evaluating the "
                     "initialisation, (\\d+) s training, (\\d+) s evaluating the "
                     "trained models?; (\\d+) s in all of a 60 s budget")
                     .match(QString::fromUtf8(r.out));
        QVERIFY2(m.hasMatch(), r.out.constData());
        qInfo(
            "wall %.1f s of %.0f s; initial evaluation %s s, training %s s, final evaluation "
            "%s s",
            seconds, budget, qPrintable(m.captured(2)), qPrintable(m.captured(3)),
            qPrintable(m.captured(4)));
        // Wall time depends on what else the machine runs, so every time figure is a budget
        // (asserted under the perf label, perf_budget.h); this run checks the behaviour: the
        // demo accounts for its time in the report above, and both stages ran.
        // The budget is used, not just respected: training stops early by at most the longest
        // gap between two steps (the first includes the trainer's set-up).
        ISOMORPH_CHECK_BUDGET(
            seconds >= 0.6 * budget,
            QString("wall %1 s uses at least 60% of a %2 s budget").arg(seconds).arg(budget));
        // The demo's own account of its time fits the budget: it planned the stages within it.
        ISOMORPH_CHECK_BUDGET(m.captured(5).toDouble() <= budget + 3.0, m.captured(0));
        // Margin 3 s: process start and exit (LibTorch loading, about 1 s) and the final
        // evaluation running longer than the measured one beyond its reserve (10% + 1 s).
        // Training that stopped only on the trainer's own time budget (the old behaviour)
        // overran by the trainer's set-up plus both evaluations.
        ISOMORPH_CHECK_BUDGET(seconds <= budget + 3.0,
                              QString("wall %1 s of a %2 s budget").arg(seconds).arg(budget));
        // The recipe's two stages: hictl-demo, then ccp-demo starting from hictl-demo's best
        // checkpoint (its frozen config names it as model.init), each reported.
        QVERIFY2(r.out.contains("hictl-demo best (step-") && r.out.contains("steps of ccp-demo"),
                 r.out.constData());
        // CCP trains [CLS] (its paper's sentence vector), dev measures the mean: the report also
        // gives the CCP stage's change on the vector it trains; HICTL trains what dev measures.
        QVERIFY2(QRegularExpression("ccp-demo trains the cls vector \\(model.pooling; dev measures "
                                    "mean\\): its dev accuracy [0-9.]+% -> [0-9.]+% raw, by [-+]")
                     .match(QString::fromUtf8(r.out))
                     .hasMatch(),
                 r.out.constData());
        QVERIFY2(!r.out.contains("hictl-demo trains the"), r.out.constData());
        const QStringList runs = QDir(ws_ + "/runs").entryList({"demo-*"}, QDir::Dirs);
        QCOMPARE(runs.size(), 2);
        const QString hictl = runs.filter("-hictl-demo").value(0);
        const QString ccp = runs.filter("-ccp-demo").value(0);
        QVERIFY2(!hictl.isEmpty() && !ccp.isEmpty(), qPrintable(runs.join(',')));
        const QByteArray frozen = isomorph::testing::readAll(ws_ + "/runs/" + ccp + "/config.toml");
        const QByteArray best =
            isomorph::testing::readAll(ws_ + "/runs/" + hictl + "/checkpoints/best");
        QVERIFY2(!best.isEmpty(), "stage 1 recorded no best checkpoint");
        const QString bestDir = QDir(ws_ + "/runs/" + hictl + "/checkpoints/" +
                                     QString::fromUtf8(best.split('\n').front()))
                                    .absolutePath();
        QByteArray initLine;
        for (const QByteArray& line : frozen.split('\n'))
            if (line.startsWith("init = ")) initLine = line;
        QVERIFY2(initLine.contains(bestDir.toUtf8()), initLine.constData());
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestCliDemoWorkspace)
#include "test_cli_demo_workspace.moc"

// Ablation sweeps (core/workflows/sweep.h) on the tiny corpus: the grid's cells and names, a bad
// grid refused before any run starts, the tables, and a resumed sweep redoing only what is missing;
// the out-of-domain columns; `isomorph-cli sweep --jobs 2` (cells in child processes) against one
// process, and stopped with Ctrl-C then resumed.

#include <algorithm>
#include <signal.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/train/trainer.h"
#include "core/workflows/sweep.h"
#include "tests/support/error_message.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_training.h"

using namespace isomorph;
using namespace isomorph::train;
using namespace isomorph::workflows;
using isomorph::testing::CliResult;
using isomorph::testing::readAll;
using isomorph::testing::runCli;
using isomorph::testing::trainLosses;

namespace {

QJsonObject readJson(const QString& path) {
    return QJsonDocument::fromJson(readAll(path)).object();
}

}  // namespace

class TestSweep : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    isomorph::testing::TinyTraining tiny_;

    SweepOptions options(const QString& name) const {
        SweepOptions o;
        o.base = loadRunConfig(tiny_.config.toStdString());
        o.base.eval.every = 0;
        o.base.monitor.every = 0;
        o.base.checkpoint.every = 0;
        o.grid = {parseSweepAxis("objectives.ccp.temperature=0.1, 0.2")};
        o.seeds = 2;
        o.budgetSteps = 2;
        o.dir = dir_.filePath(name).toStdString();
        o.fitPairs = tiny_.devPairs.toStdString();  // the tiny corpus has one pair set
        o.report.maxPairs = 20;
        o.report.maxFitPairs = 20;
        o.report.maxTokens = 24;
        return o;
    }

    /// `isomorph-cli sweep` over the tiny corpus: a 2 x 1 grid of `steps` steps per run.
    QStringList cliSweep(const QString& name, int steps) const {
        return {"sweep",
                "--config",
                tiny_.config,
                "--dir",
                dir_.filePath(name),
                "--grid",
                "objectives.ccp.temperature=0.1,0.2",
                "--budget",
                QString::number(steps),
                "--fit-pairs",
                tiny_.devPairs,
                "--set",
                "eval.every=0",
                "--set",
                "monitor.every=0",
                "--set",
                "checkpoint.every=0"};
    }

    /// The run folders of cliSweep's cells, in grid order.
    QStringList cellDirs(const QString& name) const {
        SweepOptions o = options(name);
        o.grid = {parseSweepAxis("objectives.ccp.temperature=0.1,0.2")};
        o.seeds = 1;
        QStringList out;
        for (const auto& c : sweepCells(o))
            out << dir_.filePath(name + "/" + QString::fromStdString(c.name));
        return out;
    }

  private Q_SLOTS:
    void initTestCase() {
        QString error;
        tiny_ = isomorph::testing::makeTinyTraining(dir_.path(), &error);
        QVERIFY2(!tiny_.config.isEmpty(), qPrintable(error));
    }

    void gridAxesAndCells() {
        const auto axis = parseSweepAxis(" objectives.msm.mu = 0.3,0.5 ,0.7");
        QCOMPARE(QString::fromStdString(axis.key), QString("objectives.msm.mu"));
        QCOMPARE(axis.values, (std::vector<std::string>{"0.3", "0.5", "0.7"}));
        for (const char* bad : {"objectives.msm.mu", "=1,2", "objectives.msm.mu="})
            QVERIFY(
                !isomorph::testing::messageOf<ConfigError>([&] { parseSweepAxis(bad); }).isEmpty());
        SweepOptions o = options("cells");
        o.grid.push_back(parseSweepAxis("optimizer.lr=1e-3,5e-4,1e-4"));
        const auto cells = sweepCells(o);
        QCOMPARE(cells.size(), size_t{2 * 3 * 2});
        QCOMPARE(QString::fromStdString(cells.front().name),
                 QString("ccp.temperature=0.1,optimizer.lr=1e-3,seed=%1").arg(o.base.runtime.seed));
        QCOMPARE(cells[1].seed, o.base.runtime.seed + 1);
    }

    void aBadGridIsRefusedBeforeAnyRun() {
        SweepOptions o = options("bad");
        o.grid.push_back(parseSweepAxis("objectives.ccp.radius=2,0"));
        o.grid.push_back(parseSweepAxis("objectives.nosuch.weight=1"));
        const QString message = isomorph::testing::messageOf<ConfigError>([&] { runSweep(o, {}); });
        QVERIFY2(message.contains("objectives.ccp.radius=0") &&
                     message.contains("objectives.nosuch.weight=1"),
                 qPrintable(message));
        QVERIFY(!QDir(dir_.filePath("bad")).exists());
    }

    void sweepWritesTablesAndResumes() {
        SweepOptions o = options("sweep");
        std::vector<std::string> lines;
        const auto first = runSweep(o, [&](const std::string& l) { lines.push_back(l); });
        QCOMPARE(first.trained, int64_t{4});
        QCOMPARE(first.skipped, int64_t{0});
        for (const auto& c : first.cells) {
            QVERIFY(c.done);
            QCOMPARE(c.steps, int64_t{2});
            QVERIFY(c.finalLosses.count("loss/mlm") + c.finalLosses.count("loss/ccp") >= 1);
            QVERIFY(c.report.mean.pairs > 0);
        }
        // Tables: two settings, two seeds each; one CSV row per run and language pair + mean.
        QFile md(dir_.filePath("sweep/sweep.md"));
        QVERIFY(md.open(QIODevice::ReadOnly));
        const QByteArray text = md.readAll();
        QVERIFY2(text.contains("| ccp.temperature=0.1 | 2 |") &&
                     text.contains("| ccp.temperature=0.2 | 2 |"),
                 text.constData());
        QVERIFY2(!text.contains("ood"), text.constData());  // no out-of-domain set, no columns
        for (const auto& c : first.cells)
            QVERIFY(!c.hasOutOfDomain());
        QFile csv(dir_.filePath("sweep/sweep.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const auto rows = csv.readAll().trimmed().split('\n');
        const size_t pairs = first.cells.front().report.perPair.size();
        QCOMPARE(static_cast<size_t>(rows.size()), 1 + 4 * (1 + pairs));
        QVERIFY(rows.front().startsWith("objectives.ccp.temperature,seed,run,steps,pair,raw"));
        QVERIFY(!rows.front().contains("ood_"));
        QFile json(dir_.filePath("sweep/sweep.json"));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const auto summary = QJsonDocument::fromJson(json.readAll()).object()["summary"].toArray();
        QCOMPARE(summary.size(), 2);
        QCOMPARE(summary[0].toObject()["seeds"].toInt(), 2);

        // Resume: nothing is redone; a missing result is redone alone.
        const auto second = runSweep(o, {});
        QCOMPARE(second.trained, int64_t{0});
        QCOMPARE(second.skipped, int64_t{4});
        QVERIFY(QFile::remove(dir_.filePath("sweep/" + QString::fromStdString(first.cells[3].name) +
                                            "/sweep-cell.json")));
        const auto third = runSweep(o, {});
        QCOMPARE(third.trained, int64_t{1});
        QCOMPARE(third.skipped, int64_t{3});
        // Its run had finished: resuming it trains nothing, and the same checkpoint evaluates the
        // same.
        QCOMPARE(third.cells[3].steps, int64_t{2});
        QCOMPARE(third.cells[3].report.mean.raw, first.cells[3].report.mean.raw);

        // Another grid in the same folder is refused rather than mixed in.
        o.grid = {parseSweepAxis("objectives.ccp.temperature=0.3")};
        const QString other = isomorph::testing::messageOf<ConfigError>([&] { runSweep(o, {}); });
        QVERIFY2(other.contains("another grid"), qPrintable(other));
    }

    // A cell is evaluated once at the end (by the sweep: raw, shift, rotation), not by the
    // trainer as well; cells starting from one checkpoint share one step-0 evaluation.
    void cellsShareTheInitialEvaluationAndSkipTheTrainersFinalOne() {
        SweepOptions o = options("shared-start");
        o.base.eval.every = 1;  // step 0 and step 1 evaluated by the trainer; step 2 is the end
        const std::string start = dir_.filePath("shared-start-init").toStdString();
        writeScratchInit(o.base, start);  // writes START/init
        o.base.model.init = start + "/init";
        std::vector<std::string> lines;
        const auto result = runSweep(o, [&](const std::string& l) { lines.push_back(l); });
        QCOMPARE(result.trained, int64_t{4});
        const QDir cache(dir_.filePath("shared-start/initial-evaluations"));
        QCOMPARE(cache.entryList({"*.json"}, QDir::Files).size(), 1);
        double first = -1;
        for (const auto& c : result.cells) {
            const QString metrics =
                dir_.filePath("shared-start/" + QString::fromStdString(c.name) + "/metrics.jsonl");
            QList<int> evaluatedSteps;
            double atStart = -1;
            for (const QByteArray& line : readAll(metrics).split('\n')) {
                const QJsonObject r = QJsonDocument::fromJson(line).object();
                if (r["kind"].toString() != "eval" || !r.contains("bitext_acc")) continue;
                evaluatedSteps << r["step"].toInt();
                if (r["step"].toInt() == 0) atStart = r["bitext_acc"].toDouble();
            }
            QCOMPARE(evaluatedSteps, (QList<int>{0, 1}));  // no trainer evaluation at step 2
            QVERIFY(atStart >= 0);
            if (first < 0) first = atStart;
            QCOMPARE(atStart, first);  // the same start, the same value
        }
        // Cells 2-4 said they reused it; every cell said what it evaluates at the end.
        int shared = 0;
        for (const auto& c : result.cells) {
            const QByteArray log = readAll(
                dir_.filePath("shared-start/" + QString::fromStdString(c.name) + "/log.txt"));
            shared +=
                log.contains("shared with the runs starting from the same checkpoint") ? 1 : 0;
        }
        QCOMPARE(shared, 3);
        const auto said = [&](const char* text) {
            return std::count_if(lines.begin(), lines.end(), [&](const std::string& l) {
                return l.find(text) != std::string::npos;
            });
        };
        QCOMPARE(said("encoding the train pairs"), 4L);
        QCOMPARE(said("evaluating dev pairs, from"), 4L);
    }

    void outOfDomainColumnsAndOlderResults() {
        // The tiny corpus has one pair set: it stands in for the out-of-domain set too, so each
        // cell's out-of-domain report must equal its dev report (same checkpoint, same pairs,
        // same fits).
        SweepOptions o = options("ood");
        o.grid = {parseSweepAxis("objectives.ccp.temperature=0.1")};
        o.outOfDomainPairs = tiny_.devPairs.toStdString();
        std::vector<std::string> lines;
        const auto first = runSweep(o, [&](const std::string& l) { lines.push_back(l); });
        QCOMPARE(first.trained, int64_t{2});
        for (const auto& c : first.cells) {
            QVERIFY(c.hasOutOfDomain());
            QCOMPARE(c.outOfDomain.mean.raw, c.report.mean.raw);
            QCOMPARE(c.outOfDomain.mean.shifted, c.report.mean.shifted);
            QCOMPARE(c.outOfDomain.mean.pairs, c.report.mean.pairs);
        }
        QVERIFY(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
            return l.find("; out-of-domain raw ") != std::string::npos;
        }));
        const QString sweep = dir_.filePath("ood/");
        const QByteArray md = readAll(sweep + "sweep.md");
        QVERIFY2(md.contains("| setting | seeds | steps | raw | +shift | +rotation | ood raw | "
                             "ood +shift |") &&
                     md.contains("## Out-of-domain per language pair"),
                 md.constData());
        const auto rows = readAll(sweep + "sweep.csv").trimmed().split('\n');
        QVERIFY2(rows.front().contains(",raw,shifted,rotated,pairs,ood_raw,ood_shifted,ood_rotated,"
                                       "ood_pairs"),
                 rows.front().constData());
        const size_t pairs = first.cells.front().report.perPair.size();
        QCOMPARE(static_cast<size_t>(rows.size()), 1 + 2 * (1 + pairs));
        const QJsonObject json = readJson(sweep + "sweep.json");
        const QJsonObject setting = json["summary"].toArray()[0].toObject();
        QCOMPARE(setting["out_of_domain"].toObject()["seeds"].toInt(), 2);
        QCOMPARE(setting["out_of_domain"].toObject()["raw"].toObject()["mean"].toDouble(),
                 setting["raw"].toObject()["mean"].toDouble());
        QVERIFY(json["runs"].toArray()[0].toObject().contains("out_of_domain"));
        const QString cellFile =
            sweep + QString::fromStdString(first.cells[1].name) + "/sweep-cell.json";
        QJsonObject cell = readJson(cellFile);
        QVERIFY(cell["out_of_domain"].toObject()["per_pair"].toObject().size() > 0);

        // A result written before sweeps had an out-of-domain set still counts as done; its
        // columns are empty and the setting's mean is over the seed that has them.
        cell.remove("out_of_domain");
        QFile f(cellFile);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(cell).toJson());
        f.close();
        const auto second = runSweep(o, {});
        QCOMPARE(second.trained, int64_t{0});
        QCOMPARE(second.skipped, int64_t{2});
        QVERIFY(second.cells[0].hasOutOfDomain());
        QVERIFY(second.cells[1].done && !second.cells[1].hasOutOfDomain());
        QCOMPARE(second.cells[1].report.mean.raw, first.cells[1].report.mean.raw);
        QVERIFY2(readAll(sweep + "sweep.md").contains("(n=1)"),
                 readAll(sweep + "sweep.md").constData());
        QCOMPARE(readJson(sweep + "sweep.json")["summary"]
                     .toArray()[0]
                     .toObject()["out_of_domain"]
                     .toObject()["seeds"]
                     .toInt(),
                 1);
        QCOMPARE(static_cast<size_t>(readAll(sweep + "sweep.csv").trimmed().split('\n').size()),
                 1 + 2 * (1 + pairs));
    }

    void jobsMatchOneProcess() {
        // The same two cells trained one after the other in one process and by two child
        // processes at once. float64 and no dropout as in test_train_cli: the tiny config's
        // runtime.threads = 1 split over 2 jobs stays 1 thread per run, so the arithmetic is the
        // same and only the process boundary differs; 1e-9 relative on every step's loss still
        // leaves room for another thread split on another machine (float64 rounding, 1e-16, grows
        // far less than that over 3 Adam steps) while a cell trained with another seed, setting
        // or data order would differ at the first step. Accuracies are counts of top-1 hits:
        // equal unless two candidates' cosines tie within that rounding.
        const QStringList exact = {"--set",       "runtime.precision=fp64",
                                   "--set",       "model.dropout=0",
                                   "--ood-pairs", tiny_.devPairs};
        CliResult one = runCli(cliSweep("jobs-1", 3) + exact);
        QVERIFY2(one.exitCode == 0, one.err.constData());
        CliResult two = runCli(cliSweep("jobs-2", 3) + exact + QStringList{"--jobs", "2"});
        QVERIFY2(two.exitCode == 0, two.err.constData());
        QVERIFY2(two.err.contains("2 at once in processes of their own with 1 thread each"),
                 two.err.constData());
        QVERIFY2(two.out.contains("2 runs trained now, 0 found done"), two.out.constData());
        const QStringList a = cellDirs("jobs-1"), b = cellDirs("jobs-2");
        for (int i = 0; i < a.size(); ++i) {
            const QJsonObject ca = readJson(a[i] + "/sweep-cell.json"),
                              cb = readJson(b[i] + "/sweep-cell.json");
            QVERIFY2(!cb.isEmpty(), qPrintable(b[i]));
            QCOMPARE(cb["steps"].toInt(), 3);
            QCOMPARE(cb["steps"].toInt(), ca["steps"].toInt());
            QCOMPARE(cb["mean"].toObject()["raw"].toDouble(),
                     ca["mean"].toObject()["raw"].toDouble());
            QCOMPARE(cb["out_of_domain"].toObject()["mean"].toObject()["raw"].toDouble(),
                     ca["out_of_domain"].toObject()["mean"].toObject()["raw"].toDouble());
            QCOMPARE(trainLosses(b[i]).size(), size_t{3});
            const QString difference = isomorph::testing::firstLossDifference(a[i], b[i], 1e-9);
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
        }
        // The parent wrote the tables from the children's results.
        const QJsonArray summary =
            readJson(dir_.filePath("jobs-2/sweep.json"))["summary"].toArray();
        QCOMPARE(summary.size(), 2);
        QVERIFY(summary[0].toObject().contains("out_of_domain"));
        QVERIFY(QFile::exists(dir_.filePath("jobs-2/logs")));
    }

    void jobsStopOnCtrlCAndResume() {
        // Ctrl-C reaches the parent only; it forwards a stop to both children, which save a
        // checkpoint; the same command again resumes both runs and finishes the sweep. 600 steps
        // of the tiny model take seconds, the stop comes within a few steps.
        const QStringList args = cliSweep("stopped", 600) + QStringList{"--no-ood", "--jobs", "2"};
        const QStringList cells = cellDirs("stopped");
        QProcess p;
        p.start(ISOMORPH_BIN_DIR "/isomorph-cli", args);
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(
            trainLosses(cells[0]).size() >= 3 && trainLosses(cells[1]).size() >= 3, 60000);
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(60000));
        const QByteArray out = p.readAllStandardOutput(), err = p.readAllStandardError();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, err.constData());
        QVERIFY2(out.contains("0 runs trained now") &&
                     out.contains("stopped: run the same command again to continue"),
                 out.constData());
        for (const auto& cell : cells) {
            QVERIFY2(!QFile::exists(cell + "/sweep-cell.json"),
                     qPrintable(cell + " finished before the stop"));
            QVERIFY(readAll(cell + "/status.json").contains("\"stopped\""));
            QVERIFY(!readAll(cell + "/checkpoints/latest").trimmed().isEmpty());
        }

        CliResult again = runCli(args);
        QVERIFY2(again.exitCode == 0, again.err.constData());
        QVERIFY2(again.out.contains("2 runs trained now, 0 found done"), again.out.constData());
        QVERIFY2(again.err.count(": resuming (pid") == 2, again.err.constData());
        bool consistent = true;
        for (const auto& cell : cells) {
            QCOMPARE(readJson(cell + "/sweep-cell.json")["steps"].toInt(), 600);
            QCOMPARE(trainLosses(cell, &consistent).size(), size_t{600});
            QVERIFY(consistent);
        }
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestSweep)
#include "test_sweep.moc"

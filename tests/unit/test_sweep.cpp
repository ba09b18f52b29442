// Ablation sweeps (core/train/sweep.h) on the tiny corpus: the grid's cells and names, a bad grid
// refused before any run starts, the tables, and a resumed sweep redoing only what is missing.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/train/sweep.h"
#include "core/train/trainer.h"
#include "tests/support/error_message.h"
#include "tests/support/tiny_training.h"

using namespace isomorph;
using namespace isomorph::train;

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
        QFile csv(dir_.filePath("sweep/sweep.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const auto rows = csv.readAll().trimmed().split('\n');
        const size_t pairs = first.cells.front().report.perPair.size();
        QCOMPARE(static_cast<size_t>(rows.size()), 1 + 4 * (1 + pairs));
        QVERIFY(rows.front().startsWith("objectives.ccp.temperature,seed,run,steps,pair,raw"));
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
};

QTEST_GUILESS_MAIN(TestSweep)
#include "test_sweep.moc"

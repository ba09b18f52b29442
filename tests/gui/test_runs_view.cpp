// The Runs view end to end (offscreen): the item model under QAbstractItemModelTester, run
// folders in every bad state, following a metrics file that grows with a torn last line,
// launching a tiny real run and seeing its status and charts update, stop/resume through the
// controller, and the New run form's validation, diff and Save as preset.

#include <signal.h>
#include <tuple>
#include <unistd.h>

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "app/gui/new_run_dialog.h"
#include "app/gui/run_scanner.h"
#include "app/gui/runs_controller.h"
#include "core/train/objectives/ccp_options.h"
#include "core/train/run_config.h"
#include "tests/support/machine_pace.h"
#include "tests/support/perf_budget.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_training.h"
#include "views/charts/metric_chart.h"
#include "views/runs/runs_model.h"
#include "views/runs/runs_view.h"
#include "views/runs/seed_groups.h"

using namespace isomorph;

namespace {

void writeFile(const QString& path, const QByteArray& bytes, bool append = false) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(append ? QIODevice::Append : QIODevice::WriteOnly));
    f.write(bytes);
}

QByteArray trainLine(int step, double loss) {
    return QJsonDocument(QJsonObject{{"kind", "train"},
                                     {"step", step},
                                     {"time", 1000.0 + step},
                                     {"loss", loss},
                                     {"loss/mlm", loss}})
               .toJson(QJsonDocument::Compact) +
           "\n";
}

QByteArray record(const QJsonObject& fields) {
    return QJsonDocument(fields).toJson(QJsonDocument::Compact) + "\n";
}

// A metrics.jsonl line declaring metrics, as the trainer writes at the start of each process.
QByteArray schemaLine(int step, const QJsonArray& metrics) {
    return record({{"kind", "schema"}, {"step", step}, {"time", 1000.0}, {"metrics", metrics}});
}

QJsonObject metric(const QString& key, const QString& title, const QString& group,
                   const QString& kind = "train") {
    return {{"key", key},      {"title", title},    {"unit", ""},  {"group", group},
            {"objective", ""}, {"better", "lower"}, {"kind", kind}};
}

QStringList sorted(QStringList list) {
    list.sort();
    return list;
}

int pointsOf(views::RunsView& view, const QString& key, const QString& dir) {
    const auto* chart = view.chart(key);
    const auto* s = chart ? chart->series(dir) : nullptr;
    return s ? static_cast<int>(s->values.size()) : 0;
}

}  // namespace

class TestRunsView : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    QString ws_;

  private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("isomorph-test"));
        ws_ = dir_.filePath("ws");
        QDir().mkpath(ws_ + "/runs");
        writeFile(ws_ + "/isomorph-workspace.json", "{\"schema_version\":1,\"name\":\"t\"}\n");
    }

    void modelPassesTheTester() {
        views::RunsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        views::RunRow a, b;
        a.dir = "/a";
        a.status = "running";
        b.dir = "/b";
        model.setRuns({a, b});
        QCOMPARE(model.rowCount(), 2);
        a.step = 5;
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        model.setRuns({a});  // b gone, a updated in place
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(changed.count(), 1);
        model.setRuns({a});  // nothing changed: no signal
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.data(model.index(0, views::RunsModel::Status)).toString(),
                 QString("running"));
    }

    void headerClicksSortNumbersAsNumbers() {
        // Steps 9, 10 and 200 and metrics 0.5 %, 20 % and 100 %: as text they would sort
        // "10" < "200" < "9" and "0.50 %" < "100.00 %" < "20.00 %".
        views::RunsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        views::RunsView view(&model);
        const QDateTime t0 = QDateTime::fromSecsSinceEpoch(1700000000);
        QVector<views::RunRow> rows;
        for (auto [name, step, best, age] :
             {std::tuple{"b-run", 10, 0.2, 3}, std::tuple{"a-run", 200, qQNaN(), 1},
              std::tuple{"c-run", 9, 1.0, 2}, std::tuple{"d-run", 30, 0.005, 4}}) {
            views::RunRow r;
            r.dir = QStringLiteral("/runs/") + name;
            r.name = name;
            r.step = step;
            r.maxSteps = 1000;
            r.bestMetric = best;
            r.started = t0.addSecs(-age);
            rows << r;
        }
        model.setRuns(rows);
        auto names = [&model] {
            QStringList out;
            for (int row = 0; row < model.rowCount(); ++row)
                out << model.at(row).name;
            return out.join(' ');
        };
        // Newest first by default, and the header shows it.
        QCOMPARE(names(), QString("a-run c-run b-run d-run"));
        QHeaderView* header = view.table()->horizontalHeader();
        QCOMPARE(header->sortIndicatorSection(), int(views::RunsModel::Started));
        view.selectRun("/runs/b-run");
        // A click on a numeric header sorts largest first (as on "Started"), a second click
        // the other way; text columns start ascending.
        auto click = [&](int section) {
            // In the middle: near an edge a press grabs the resize handle instead.
            const QPoint at(
                header->sectionViewportPosition(section) + header->sectionSize(section) / 2,
                header->height() / 2);
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
        };
        view.resize(1600, 800);  // every header in sight
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        click(views::RunsModel::Step);
        QCOMPARE(model.sortColumn(), int(views::RunsModel::Step));
        QCOMPARE(names(), QString("a-run d-run b-run c-run"));
        click(views::RunsModel::Step);
        QCOMPARE(names(), QString("c-run b-run d-run a-run"));
        click(views::RunsModel::Objectives);
        QCOMPARE(model.sortOrder(), Qt::AscendingOrder);
        // Best dev: by value, runs without one last in both orders.
        model.sort(views::RunsModel::BestMetric, Qt::AscendingOrder);
        QCOMPARE(names(), QString("d-run b-run c-run a-run"));
        model.sort(views::RunsModel::BestMetric, Qt::DescendingOrder);
        QCOMPARE(names(), QString("c-run b-run d-run a-run"));
        model.sort(views::RunsModel::Name, Qt::AscendingOrder);
        QCOMPARE(names(), QString("a-run b-run c-run d-run"));
        // The selection follows its run, and a rescan keeps the chosen order.
        QCOMPARE(view.selectedRuns(), QStringList{"/runs/b-run"});
        rows[0].step = 11;  // b-run
        views::RunRow e = rows[0];
        e.dir = "/runs/0-run";
        e.name = "0-run";
        rows << e;
        model.setRuns(rows);
        QCOMPARE(names(), QString("0-run a-run b-run c-run d-run"));
        QCOMPARE(view.selectedRuns(), QStringList{"/runs/b-run"});
    }

    void startDatesAreTheSameInEveryLocale() {
        // The system locale neither decides the date's order nor its digits (Arabic locales
        // write Arabic-Indic digits, en_US month first): the Runs view shows ISO 8601.
        views::RunsModel model;
        views::RunRow r;
        r.dir = QStringLiteral("/runs/a");
        r.name = QStringLiteral("a");
        r.started = QDateTime(QDate(2026, 3, 4), QTime(9, 5, 7));
        model.setRuns({r});
        const QLocale saved;
        for (const char* name : {"en_US", "de_DE", "ja_JP", "ar_EG", "zh_CN"}) {
            QLocale::setDefault(QLocale(QString::fromLatin1(name)));
            QCOMPARE(model.index(0, views::RunsModel::Started).data().toString(),
                     QStringLiteral("2026-03-04 09:05"));
        }
        QLocale::setDefault(saved);
    }

    void tableScrollsSidewaysInsteadOfCuttingColumns() {
        views::RunsModel model;
        views::RunsView view(&model);
        views::RunRow r;
        r.dir = "/runs/rep-plain-bank-20261122-065028";
        r.name = QFileInfo(r.dir).fileName();
        r.objectives = "mlm 1 + ccp 1 + hictl 1";
        r.status = "stopped";
        r.step = 3000;
        r.maxSteps = 30000;
        r.bestMetric = 0.0821;
        r.started = QDateTime::currentDateTime();
        r.machine = "workstation-with-a-long-name";
        model.setRuns({r});
        // The Runs view's default split gives the table about 500 px of a 1300 px window.
        view.resize(1300, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTableView* table = view.table();
        const QAbstractItemView* items = table;  // sizeHintForColumn is public there
        QVERIFY2(table->viewport()->width() < 700, qPrintable(QString::number(table->width())));
        for (int c = 0; c < views::RunsModel::ColumnCount - 1; ++c)
            QVERIFY2(table->columnWidth(c) >= items->sizeHintForColumn(c),
                     qPrintable(QString("column %1: %2 < %3")
                                    .arg(c)
                                    .arg(table->columnWidth(c))
                                    .arg(items->sizeHintForColumn(c))));
        QTRY_VERIFY(table->horizontalScrollBar()->isVisible());
        QVERIFY(table->horizontalScrollBar()->maximum() > 0);
    }

    void badRunFoldersGetAClearState() {
        // Deleted folder.
        QCOMPARE(gui::scanRunDirectory(dir_.filePath("nowhere")).status, QString("missing"));
        // Torn last line and a non-JSON line: the step comes from the last complete train line.
        const QString torn = ws_ + "/runs/torn";
        writeFile(torn + "/metrics.jsonl", trainLine(1, 9.0) + "not json\n" + trainLine(2, 8.5) +
                                               "{\"kind\":\"train\",\"step\":3,\"lo");
        QCOMPARE(gui::lastLoggedStep(torn + "/metrics.jsonl"), qint64(2));
        views::RunRow r = gui::scanRunDirectory(torn);
        QCOMPARE(r.step, qint64(2));
        QVERIFY(!r.message.isEmpty());  // no status.json: says so
        // A config from a newer Isomorph (unknown key) is reported, the rest still shown.
        const QString newer = ws_ + "/runs/newer";
        writeFile(newer + "/config.toml", "schema_version = 1\n[optimizer]\nlion_beta = 0.9\n");
        writeFile(newer + "/metrics.jsonl", trainLine(1, 9.0));
        r = gui::scanRunDirectory(newer);
        QVERIFY2(r.message.contains("optimizer.lion_beta"), qPrintable(r.message));
        // "running" on this machine, but the process is gone.
        const QString dead = ws_ + "/runs/dead";
        char host[256] = {};
        ::gethostname(host, sizeof(host) - 1);
        writeFile(dead + "/status.json",
                  QJsonDocument(QJsonObject{{"state", "running"},
                                            {"step", 7},
                                            {"pid", 999999},
                                            {"host", QString::fromLocal8Bit(host)}})
                      .toJson());
        r = gui::scanRunDirectory(dead);
        QCOMPARE(r.status, QString("interrupted"));
        // A folder with neither config.toml nor metrics.jsonl is not listed as a run.
        QCOMPARE(gui::discoverRuns(ws_).size(), 2);
    }

    void followsAGrowingFileThroughATornLine() {
        views::RunsModel model;
        views::RunsView view(&model);
        gui::RunsController controller(&view, &model);
        controller.setWorkspace(ws_);
        const QString run = ws_ + "/runs/torn";
        QTRY_VERIFY(model.run(run) != nullptr);
        view.selectRun(run);  // the selection is what the controller follows
        QTRY_COMPARE(pointsOf(view, "loss/mlm", run), 2);
        // The run completes its torn line and writes more: exactly the new points arrive.
        writeFile(run + "/metrics.jsonl", "ss\":7.5,\"loss/mlm\":7.5,\"time\":1003}\n", true);
        for (int s = 4; s <= 50; ++s)
            writeFile(run + "/metrics.jsonl", trainLine(s, 9.0 - s * 0.01), true);
        QTRY_COMPARE(pointsOf(view, "loss/mlm", run), 2 + 1 + 47);
        QCOMPARE(view.chart("loss/mlm")->series(run)->values.at(2), 7.5);
        view.table()->clearSelection();
        QCOMPARE(pointsOf(view, "loss/mlm", run), 0);
    }

    void chartsComeFromTheRunsSchema() {
        // A run of a toy objective declares its metrics: its charts are those, in group order,
        // with the file's titles (translated titles for keys the GUI knows) and scales.
        const QString toy = ws_ + "/runs/toy-objective-run";
        QJsonObject acc = metric("bitext_acc", "Dev bitext accuracy", "dev", "eval");
        acc["unit"] = "%";
        acc["scale"] = 100;
        acc["better"] = "higher";
        QJsonObject toyLoss = metric("loss/toy", "Toy loss", "losses");
        toyLoss["objective"] = "toy";
        QByteArray lines = schemaLine(
            0, {metric("lr", "Learning rate", "optimisation"), toyLoss,
                metric("bitext_acc/*", "Dev bitext accuracy", "dev"), acc,
                metric("mystery", "", ""), metric("quiet", "Declared, never written", "health")});
        lines += record({{"kind", "eval"},
                         {"step", 0},
                         {"time", 1000.0},
                         {"bitext_acc", 0.25},
                         {"bitext_acc/de-en", 0.5}});
        for (int s = 1; s <= 5; ++s)
            lines += record({{"kind", "train"},
                             {"step", s},
                             {"time", 1000.0 + s},
                             {"loss", 3.0},
                             {"loss/toy", 3.0},
                             {"lr", 1e-4},
                             {"mystery", 1.0}});
        lines += record({{"kind", "future-kind"}, {"step", 5}, {"loss/toy", 99.0}});
        writeFile(toy + "/metrics.jsonl", lines);
        // A run from before schemas: charted from the keys it carries.
        const QString old = ws_ + "/runs/run-from-before-schemas";
        QByteArray oldLines;
        for (int s = 1; s <= 3; ++s)
            oldLines += trainLine(s, 9.0 - s);
        oldLines += record({{"kind", "eval"}, {"step", 3}, {"time", 1003.0}, {"bitext_acc", 0.1}});
        writeFile(old + "/metrics.jsonl", oldLines);
        for (const QString& run : {toy, old})
            writeFile(run + "/status.json",
                      R"({"state":"stopped","step":5,"max_steps":10,"host":"elsewhere"})");

        views::RunsModel model;
        views::RunsView view(&model);
        view.resize(1200, 700);
        view.show();  // shown before the rows arrive, as in the window
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        gui::RunsController controller(&view, &model);
        controller.setWorkspace(ws_);
        QTRY_VERIFY(model.run(toy) != nullptr && model.run(old) != nullptr);
        // Run names are not cut to the width of the column's heading.
        const int nameWidth = view.table()->fontMetrics().horizontalAdvance(model.run(toy)->name);
        QTRY_VERIFY2(view.table()->columnWidth(views::RunsModel::Name) > nameWidth,
                     qPrintable(QString("column %1 px, name %2 px")
                                    .arg(view.table()->columnWidth(views::RunsModel::Name))
                                    .arg(nameWidth)));
        view.selectRun(toy);
        QTRY_COMPARE(pointsOf(view, "loss/toy", toy), 5);
        // Dev accuracy first, then the losses; "quiet" has no data, so no chart.
        QCOMPARE(view.chartKeys(), (QStringList{"bitext_acc", "loss/toy", "lr", "mystery"}));
        QVERIFY(view.chart("quiet") == nullptr);
        QCOMPARE(view.chart("loss/toy")->title(), QString("Toy loss"));
        QCOMPARE(view.chart("bitext_acc")->title(), QString("Dev bitext accuracy (%)"));
        QCOMPARE(view.chart("mystery")->title(), QString("mystery"));  // no title: the key
        QVERIFY(view.chart("loss/ccp") == nullptr);
        QVERIFY(view.chart("loss/mlm") == nullptr);
        QVERIFY(view.chart("loss") == nullptr);  // carried, but not declared
        QCOMPARE(view.chart("bitext_acc")->series(toy)->values, QList<double>{25.0});
        QCOMPARE(view.chart("lr")->smoothing(), 0.6);
        QCOMPARE(view.chart("bitext_acc")->smoothing(), 0.0);  // evaluations: not smoothed

        view.selectRun(old);
        QTRY_COMPARE(pointsOf(view, "loss/mlm", old), 3);
        QCOMPARE(view.chartKeys(), (QStringList{"bitext_acc", "loss/mlm"}));  // not "loss"
        // Described by the one metric table (the objective registry's), as a run with a schema
        // would declare it.
        QCOMPARE(view.chart("loss/mlm")->title(), QString("MLM loss (nats)"));
        QCOMPARE(view.chart("bitext_acc")->series(old)->values, QList<double>{10.0});

        // Both: the union; "loss" is charted by neither.
        view.selectRun(toy, true);
        QTRY_COMPARE(pointsOf(view, "loss/toy", toy), 5);
        // Dev first, then losses (in the selection's order), optimisation, ungrouped.
        QCOMPARE(view.chartKeys().first(), QString("bitext_acc"));
        QCOMPARE(view.chartKeys().mid(3), (QStringList{"lr", "mystery"}));
        QCOMPARE(sorted(view.chartKeys().mid(1, 2)), (QStringList{"loss/mlm", "loss/toy"}));
        QCOMPARE(pointsOf(view, "loss/mlm", old), 3);
        QCOMPARE(pointsOf(view, "bitext_acc", old), 1);

        // The toy run resumes with a schema that also declares the total loss: the old run's
        // points of it, read already but not charted, are read again.
        writeFile(toy + "/metrics.jsonl",
                  schemaLine(5, {toyLoss, metric("loss", "Weighted total loss", "losses")}), true);
        writeFile(toy + "/metrics.jsonl",
                  record({{"kind", "train"}, {"step", 6}, {"loss", 2.0}, {"loss/toy", 2.0}}), true);
        controller.poll();
        QTRY_COMPARE(pointsOf(view, "loss", toy), 6);
        QTRY_COMPARE(pointsOf(view, "loss", old), 3);
        QCOMPARE(pointsOf(view, "loss/mlm", old), 3);  // no duplicates from the re-read
        QCOMPARE(view.chartKeys().first(), QString("bitext_acc"));
        QCOMPARE(sorted(view.chartKeys()),
                 (QStringList{"bitext_acc", "loss", "loss/mlm", "loss/toy"}));
        view.table()->clearSelection();
        QTRY_VERIFY(view.chartKeys().isEmpty());
    }

    void aSweepFolderOpensAsAComparison() {
        // `isomorph-cli sweep` leaves a folder of runs with sweep-plan.json: attaching it lists
        // every run of it and selects them together, so the charts compare them.
        const QString sweep = dir_.filePath("sweep-elsewhere");
        writeFile(sweep + "/sweep-plan.json", "{}\n");
        QStringList runs;
        for (const char* name : {"msm.mu=0.3,seed=1", "msm.mu=0.5,seed=1", "msm.mu=0.7,seed=1"}) {
            const QString run = sweep + "/" + name;
            writeFile(run + "/metrics.jsonl", trainLine(1, 9.0) + trainLine(2, 8.0));
            runs << run;
        }
        QDir().mkpath(sweep + "/not-a-run");
        // A workspace of its own: attached runs are remembered per workspace.
        const QString ws = dir_.filePath("ws-sweep");
        writeFile(ws + "/isomorph-workspace.json", "{\"schema_version\":1,\"name\":\"s\"}\n");
        views::RunsModel model;
        views::RunsView view(&model);
        gui::RunsController controller(&view, &model);
        controller.setWorkspace(ws);
        QSignalSpy messages(&controller, &gui::RunsController::message);
        controller.attach(sweep);
        QTRY_COMPARE(sorted(view.selectedRuns()), sorted(runs));
        QTRY_COMPARE(pointsOf(view, "loss/mlm", runs[1]), 2);
        QCOMPARE(messages.count(), 0);
        QVERIFY(model.run(sweep + "/not-a-run") == nullptr);
        // A folder that is neither says so.
        controller.attach(sweep + "/not-a-run");
        QCOMPARE(messages.count(), 1);
        QVERIFY(messages.at(0).at(0).toString().contains("sweep"));
    }

    void sweepSeedsShowAsTheirMeanAndSpread() {
        // Two seeds of one setting and one of another: "Mean ± sd over seeds" draws the first
        // setting as one curve (its seeds hidden), follows new points, and turns back off.
        const QString sweep = dir_.filePath("seeds-sweep");
        writeFile(sweep + "/sweep-plan.json", "{}\n");
        const QString a1 = sweep + "/mu=0.3,seed=1", a2 = sweep + "/mu=0.3,seed=2",
                      b1 = sweep + "/mu=0.5,seed=1";
        writeFile(a1 + "/metrics.jsonl", trainLine(1, 9.0) + trainLine(2, 8.0));
        writeFile(a2 + "/metrics.jsonl", trainLine(1, 7.0) + trainLine(2, 6.0));
        writeFile(b1 + "/metrics.jsonl", trainLine(1, 5.0) + trainLine(2, 4.0));
        const QString ws = dir_.filePath("ws-seeds");
        writeFile(ws + "/isomorph-workspace.json", "{\"schema_version\":1,\"name\":\"s\"}\n");
        views::RunsModel model;
        views::RunsView view(&model);
        gui::RunsController controller(&view, &model);
        controller.setWorkspace(ws);
        controller.attach(sweep);
        QTRY_COMPARE(sorted(view.selectedRuns()), sorted({a1, a2, b1}));
        QTRY_COMPARE(pointsOf(view, "loss/mlm", a2), 2);
        QTRY_COMPARE(pointsOf(view, "loss/mlm", b1), 2);
        auto* toggle = view.findChild<QCheckBox*>("meanOverSeeds");
        QVERIFY(toggle && !toggle->isHidden());  // two runs share a setting
        QCOMPARE(model.run(a1)->name, QString("seeds-sweep/mu=0.3,seed=1"));

        view.setMeanOverSeeds(true);
        const views::MetricChart* chart = view.chart("loss/mlm");
        const QString mean = views::RunsView::seedGroupRunId("seeds-sweep/mu=0.3");
        QVERIFY(chart->series(mean));
        QCOMPARE(chart->series(mean)->steps, (QList<double>{1, 2}));
        QCOMPARE(chart->series(mean)->values, (QList<double>{8.0, 7.0}));
        QVERIFY(chart->runHidden(a1) && chart->runHidden(a2));
        QVERIFY(!chart->runHidden(b1));  // one seed: its own curve
        QVERIFY(!chart->series(views::RunsView::seedGroupRunId("seeds-sweep/mu=0.5")));

        // A step both seeds have reached joins the mean; one only one has does not (yet).
        writeFile(a1 + "/metrics.jsonl", trainLine(3, 7.0) + trainLine(4, 1.0), true);
        writeFile(a2 + "/metrics.jsonl", trainLine(3, 5.0), true);
        QTRY_COMPARE(pointsOf(view, "loss/mlm", a1), 4);
        QTRY_COMPARE(pointsOf(view, "loss/mlm", a2), 3);
        QTRY_COMPARE(chart->series(mean)->values, (QList<double>{8.0, 7.0, 6.0}));

        view.setMeanOverSeeds(false);
        QVERIFY(!chart->series(mean));
        QVERIFY(!chart->runHidden(a1) && !chart->runHidden(a2));
    }

    void aContinuedRunIsChainedAfterTheCheckpointItStartedFrom() {
        // The demo recipe's second stage continues the first stage's step-250 checkpoint
        // (model.init): "Chained steps" draws it from step 250 on; "Step" from 0.
        const QString ws = dir_.filePath("ws-chained");
        writeFile(ws + "/isomorph-workspace.json", "{\"schema_version\":1,\"name\":\"c\"}\n");
        const QString s1 = ws + "/runs/s1-hictl-demo", s2 = ws + "/runs/s2-ccp-demo",
                      s3 = ws + "/runs/s3-from-scratch";
        writeFile(s1 + "/config.toml", "schema_version = 1\n");
        writeFile(s1 + "/checkpoints/step-00000250/config.json", "{}\n");
        writeFile(s1 + "/metrics.jsonl", trainLine(100, 3.0) + trainLine(250, 2.0));
        writeFile(s2 + "/config.toml",
                  "schema_version = 1\n[model]\ninit = 'runs/s1-hictl-demo/checkpoints/"
                  "step-00000250'\n");
        writeFile(s2 + "/metrics.jsonl", trainLine(1, 1.5) + trainLine(2, 1.4));
        writeFile(s3 + "/config.toml", "schema_version = 1\n");
        writeFile(s3 + "/metrics.jsonl", trainLine(1, 9.0));
        views::RunsModel model;
        views::RunsView view(&model);
        gui::RunsController controller(&view, &model);
        controller.setWorkspace(ws);
        QTRY_VERIFY(model.run(s2) && model.run(s3));
        QCOMPARE(model.run(s2)->continues, s1);  // a relative model.init is the workspace's
        QCOMPARE(model.run(s2)->continuesStep, 250);
        QCOMPARE(model.run(s1)->continuesStep, -1);
        const QString tip =
            model.data(model.index(model.indexOf(s2), 0), Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains("continues s1-hictl-demo from its step 250"), qPrintable(tip));
        view.selectRun(s1);
        view.selectRun(s2, true);
        view.selectRun(s3, true);
        QTRY_COMPARE(pointsOf(view, "loss/mlm", s2), 2);
        QTRY_COMPARE(pointsOf(view, "loss/mlm", s3), 1);
        const views::MetricChart* chart = view.chart("loss/mlm");
        QCOMPARE(chart->series(s2)->steps, (QList<double>{1, 2}));

        view.setStagesChained(true);
        QCOMPARE(chart->series(s2)->steps, (QList<double>{251, 252}));
        QCOMPARE(chart->series(s1)->steps, (QList<double>{100, 250}));
        QCOMPARE(chart->series(s3)->steps, (QList<double>{1}));
        QCOMPARE(view.stepOffset(s2), 250.0);
        // Points that arrive later are chained too.
        writeFile(s2 + "/metrics.jsonl", trainLine(3, 1.3), true);
        QTRY_COMPARE(pointsOf(view, "loss/mlm", s2), 3);
        QCOMPARE(chart->series(s2)->steps.last(), 253.0);

        view.setStagesChained(false);
        QCOMPARE(chart->series(s2)->steps, (QList<double>{1, 2, 3}));
        QCOMPARE(view.stepOffset(s2), 0.0);
    }

    void seedAggregateIsTheMeanAndSampleSd() {
        QCOMPARE(views::seedGroupOf("s/mu=0.3,bias=false,seed=12"), QString("s/mu=0.3,bias=false"));
        QCOMPARE(views::seedGroupOf("hictl-demo-20261128"), QString());
        views::MetricSeries x, y, z;
        x.append({1, 2, 3}, {10, 20, 30}, {1.0, 2.0, 5.0});
        y.append({1, 2}, {12, 22}, {3.0, qQNaN()});
        z.append({1, 2, 2}, {14, 24, 25}, {5.0, 9.0, 4.0});  // resumed: step 2 again
        const views::SeedAggregate a = views::aggregateOverSeeds({&x, &y, &z});
        QCOMPARE(a.runs, 3);
        QCOMPARE(a.steps, (QList<double>{1}));  // step 2: y's value is NaN; step 3: x alone
        QCOMPARE(a.mean, (QList<double>{3.0}));
        QCOMPARE(a.times, (QList<double>{12.0}));
        // values 1, 3, 5: sample sd 2
        QCOMPARE(a.lower, (QList<double>{1.0}));
        QCOMPARE(a.upper, (QList<double>{5.0}));
        const views::SeedAggregate b = views::aggregateOverSeeds({&x, &z});
        QCOMPARE(b.steps, (QList<double>{1, 2}));
        QCOMPARE(b.mean, (QList<double>{3.0, 3.0}));  // z's step 2 counts its last value, 4
    }

    void launchesStopsAndResumesATinyRealRun() {
        QString error;
        QDir().mkpath(dir_.filePath("tiny"));
        const auto tiny = testing::makeTinyTraining(dir_.filePath("tiny"), &error);
        QVERIFY2(!tiny.config.isEmpty(), qPrintable(error));
        views::RunsModel model;
        views::RunsView view(&model);
        gui::RunsController controller(&view, &model);
        controller.setWorkspace(ws_);
        const QString run = ws_ + "/runs/tiny-gui";
        QVERIFY2(controller.launch(run,
                                   {"--config", tiny.config, "--set", "schedule.max_steps=100000",
                                    "--set", "eval.every=0", "--set", "checkpoint.every=0"},
                                   &error),
                 qPrintable(error));
        QCOMPARE(controller.runningChildren(), QStringList{run});
        QTRY_VERIFY_WITH_TIMEOUT(
            model.run(run) && model.run(run)->status == "running" && model.run(run)->step >= 3,
            60000);
        view.selectRun(run);  // follows it: charts fill
        QTRY_VERIFY_WITH_TIMEOUT(
            pointsOf(view, "loss/mlm", run) + pointsOf(view, "loss/ccp", run) >= 3, 30000);
        QVERIFY(pointsOf(view, "lr", run) >= 3);

        controller.stop({run});  // SIGINT: checkpoint and exit
        QTRY_VERIFY_WITH_TIMEOUT(controller.runningChildren().isEmpty(), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(model.run(run)->status == "stopped", 10000);
        const qint64 stoppedAt = model.run(run)->step;
        QVERIFY(QFile::exists(run + "/checkpoints/latest"));

        controller.resume({run});
        QTRY_VERIFY_WITH_TIMEOUT(
            model.run(run)->status == "running" && model.run(run)->step > stoppedAt, 60000);
        controller.stop({run});
        QTRY_VERIFY_WITH_TIMEOUT(controller.runningChildren().isEmpty(), 60000);
        // The resumed event reached the charts' markers and the log.
        QVERIFY(testing::readAll(run + "/log.txt").contains("resumed from"));
    }

    // A tiny real HICTL run (word level off, as hictl-demo): its L_S chart fills.
    void hictlRunChartsItsSentenceLoss() {
        QString error;
        QDir().mkpath(dir_.filePath("tiny-hictl"));
        const auto tiny = testing::makeTinyTraining(dir_.filePath("tiny-hictl"), &error);
        QVERIFY2(!tiny.config.isEmpty(), qPrintable(error));
        views::RunsModel model;
        views::RunsView view(&model);
        gui::RunsController controller(&view, &model);
        controller.setWorkspace(ws_);
        const QString run = ws_ + "/runs/tiny-hictl";
        const QStringList args = {
            "--config", tiny.config,
            // 4 steps of HICTL alone, word level off (as hictl-demo)
            "--set", "schedule.max_steps=4", "--set", "schedule.warmup_steps=1", "--set",
            "objectives.mlm.weight=0", "--set", "objectives.ccp.weight=0", "--set",
            "objectives.hictl.weight=1", "--set", "objectives.hictl.batch_size=8", "--set",
            "objectives.hictl.word_weight=0", "--set", "data.pairs=" + tiny.devPairs, "--set",
            "eval.every=0", "--set", "checkpoint.every=0"};
        QVERIFY2(controller.launch(run, args, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(controller.runningChildren().isEmpty(), 120000);
        QTRY_VERIFY_WITH_TIMEOUT(model.run(run) && (model.run(run)->status == "finished" ||
                                                    model.run(run)->status == "failed"),
                                 30000);
        QVERIFY2(model.run(run)->status == "finished",
                 qPrintable(model.run(run)->status + ": " + model.run(run)->message));
        view.selectRun(run);
        QTRY_COMPARE_WITH_TIMEOUT(pointsOf(view, "hictl/sentence_loss", run), 4, 30000);
        QCOMPARE(view.chart("hictl/sentence_loss")->series(run)->values,
                 view.chart("loss/hictl")->series(run)->values);  // L_S is the whole loss here
    }

    void childThatFailsAtStartIsShownWithItsReason() {
        views::RunsModel model;
        views::RunsView view(&model);
        gui::RunsController controller(&view, &model);
        controller.setWorkspace(ws_);
        const QString run = ws_ + "/runs/broken";
        writeFile(dir_.filePath("broken.toml"), "[optimizer]\nlr = -1\n");
        QString error;
        QVERIFY(controller.launch(run, {"--config", dir_.filePath("broken.toml")}, &error));
        QTRY_VERIFY_WITH_TIMEOUT(model.run(run) && model.run(run)->status == "failed", 30000);
        QVERIFY2(model.run(run)->message.contains("exited with status 2"),
                 qPrintable(model.run(run)->message));
    }

    void eventLoopStaysResponsiveWhileFollowing() {
        // A run appending 50 metric lines per second, followed live with all charts, until 200
        // lines are written: every line reaches the chart. A 5 ms timer measures the longest
        // stall of the GUI event loop (a budget: asserted under the perf label).
        views::RunsModel model;
        views::RunsView view(&model);
        view.resize(1400, 900);
        view.show();
        gui::RunsController controller(&view, &model);
        controller.setWorkspace(ws_);
        const QString run = ws_ + "/runs/live";
        writeFile(run + "/metrics.jsonl", trainLine(1, 9.0));
        controller.rescan();
        QTRY_VERIFY(model.run(run) != nullptr);
        view.selectRun(run);
        int step = 2;
        QTimer writer;
        writer.setInterval(20);  // 50 lines/s
        connect(&writer, &QTimer::timeout, this, [&] {
            writeFile(run + "/metrics.jsonl", trainLine(step, 9.0 - step * 1e-3), true);
            ++step;
        });
        QElapsedTimer clock;
        qint64 last = 0, worst = 0;
        QTimer watchdog;
        watchdog.setInterval(5);
        connect(&watchdog, &QTimer::timeout, this, [&] {
            const qint64 now = clock.elapsed();
            worst = std::max(worst, now - last);
            last = now;
        });
        clock.start();
        writer.start();
        watchdog.start();
        QTRY_VERIFY_WITH_TIMEOUT(step > 200, 120000);
        writer.stop();
        watchdog.stop();
        QTRY_COMPARE(pointsOf(view, "loss/mlm", run), step - 1);
        qInfo("followed %d lines at 50/s: longest event-loop stall %lld ms (timer interval 5 ms)",
              step - 1, worst);
        ISOMORPH_CHECK_BUDGET(worst < testing::scaledBudgetMs(200),
                              QString("stall of %1 ms; %2").arg(worst).arg(testing::paceSummary()));
    }

    void newRunFormValidatesDiffsAndSavesPresets() {
        // It opens on the demo's preset, not on the base model's recipe of hours.
        QVERIFY2(gui::NewRunDialog(ws_).runName().startsWith(QStringLiteral("hictl-demo-")),
                 qPrintable(gui::NewRunDialog(ws_).runName()));
        gui::NewRunDialog dialog(ws_);
        dialog.selectPreset("ccp-demo");
        QVERIFY2(dialog.problems().isEmpty(), qPrintable(dialog.problems().join('\n')));
        QVERIFY(dialog.diffText().isEmpty());
        QVERIFY(dialog.setField("optimizer.lr", "-1"));
        QVERIFY(dialog.setField("objectives.ccp.radius", "0"));
        QVERIFY(dialog.problems().join('\n').contains("optimizer.lr"));
        QVERIFY(dialog.problems().join('\n').contains("objectives.ccp.radius"));
        QVERIFY(dialog.setField("optimizer.lr", "abc"));
        QVERIFY(dialog.problems().join('\n').contains("optimizer.lr must be a number"));
        QVERIFY(dialog.setField("optimizer.lr", "0.001"));
        QVERIFY(dialog.setField("objectives.ccp.radius", "3"));
        QVERIFY(dialog.problems().isEmpty());
        QVERIFY(dialog.diffText().contains("objectives.ccp.radius: 2 -> 3"));
        QString error;
        QVERIFY2(dialog.saveAsPreset("my-ccp", &error), qPrintable(error));
        const auto saved = train::loadRunConfig((ws_ + "/presets/my-ccp.toml").toStdString());
        QCOMPARE(saved.objectiveOptions<train::CcpOptions>("ccp").radius, int64_t{3});
        QCOMPARE(saved.optimizer.lr, 0.001);
        // A fresh dialog offers it.
        gui::NewRunDialog again(ws_);
        again.selectPreset("my-ccp (workspace)");
        QCOMPARE(again.config().objectiveOptions<train::CcpOptions>("ccp").radius, int64_t{3});
    }
};

ISOMORPH_TEST_MAIN(TestRunsView)
#include "test_runs_view.moc"

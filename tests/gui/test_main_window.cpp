// The workbench window, offscreen: opens and closes, creates and reopens workspaces, remembers
// them, reports bad folders in the log panel, and fills the About dialog from doctor's code.

#include <signal.h>
#include <unistd.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QProgressDialog>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest>

#include "app/gui/about_controller.h"
#include "app/gui/embeddings_controller.h"
#include "app/gui/guided_demo.h"
#include "app/gui/main_window.h"
#include "app/gui/runs_controller.h"
#include "tests/support/test_main.h"
#include "views/about_dialog.h"
#include "views/demo_guide.h"
#include "views/embeddings/embeddings_view.h"
#include "views/log_model.h"
#include "views/log_panel.h"
#include "views/new_workspace_dialog.h"
#include "views/runs/runs_view.h"
#include "views/search/search_view.h"
#include "views/workspace_overview.h"

using isomorph::gui::MainWindow;
using isomorph::views::LogModel;

class TestMainWindow : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir config_;
    QTemporaryDir data_;

    static bool logContains(const LogModel& log, LogModel::Level level, const QString& text) {
        for (int i = 0; i < log.rowCount(); ++i) {
            if (log.entry(i).level == level && log.entry(i).message.contains(text)) return true;
        }
        return false;
    }

    /// Writes an executable shell script `body` to DIR/isomorph-cli and points ISOMORPH_CLI at it.
    static bool useStandInCli(const QTemporaryDir& dir, const QString& body) {
        const QString cli = dir.filePath("isomorph-cli");
        QFile script(cli);
        if (!script.open(QIODevice::WriteOnly)) return false;
        script.write(("#!/bin/sh\n" + body).toUtf8());
        script.close();
        qputenv("ISOMORPH_CLI", cli.toUtf8());
        return script.setPermissions(script.permissions() | QFile::ExeOwner);
    }

    static QWidget* currentTab(const MainWindow& window) {
        auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("WorkspaceTabs"));
        return tabs ? tabs->currentWidget() : nullptr;
    }

  private Q_SLOTS:
    void initTestCase() {
        // Keep QSettings and the demo workspace away from the user's real ones.
        qputenv("XDG_CONFIG_HOME", config_.path().toUtf8());
        qputenv("XDG_DATA_HOME", data_.path().toUtf8());
        qunsetenv("ISOMORPH_WORKSPACE");
        QApplication::setOrganizationName(QStringLiteral("IsomorphTest"));
        QApplication::setApplicationName(QStringLiteral("isomorph-test"));
    }

    void init() { QSettings().clear(); }

    void opensWithMenusAndClosesCleanly() {
        LogModel log;
        auto* window = new MainWindow(&log);
        window->setAttribute(Qt::WA_DeleteOnClose);
        QSignalSpy destroyed(window, &QObject::destroyed);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QCOMPARE(window->windowTitle(), QStringLiteral("Isomorph"));
        QStringList menus;
        for (QAction* a : window->menuBar()->actions())
            menus << a->text();
        QCOMPARE(menus, (QStringList{"&File", "&View", "&Help"}));
        QVERIFY(window->workspacePath().isEmpty());
        QVERIFY(window->close());
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCOMPARE(destroyed.count(), 1);
    }

    void opensMaximisedFirstThenWhereItWasLeft() {
        LogModel log;
        QRect screen, left;
        {
            // First start (no saved geometry): maximised, filling the screen.
            MainWindow window(&log);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.isMaximized());
            screen = window.screen()->availableGeometry();
            QTRY_COMPARE(window.frameGeometry().size(), screen.size());
            // Un-maximised and moved by the user, then closed: that geometry is saved.
            window.showNormal();
            QTRY_VERIFY(!window.isMaximized());
            // (Offscreen screens are 800 x 600; a size the window allows, below the screen.)
            const QSize normal = window.minimumSizeHint().expandedTo(QSize(760, 520));
            QVERIFY2(normal.width() < screen.width() && normal.height() < screen.height() - 30,
                     "the window's minimum size no longer fits an 800 x 600 screen");
            window.setGeometry(QRect(screen.topLeft() + QPoint(20, 30), normal));
            QTRY_COMPARE(window.size(), normal);
            left = window.geometry();
            QVERIFY(window.close());
        }
        MainWindow again(&log);
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QVERIFY(!again.isMaximized());
        QCOMPARE(again.geometry(), left);
        // Closed while maximised: the next start is maximised again.
        again.showMaximized();
        QTRY_VERIFY(again.isMaximized());
        QVERIFY(again.close());
        MainWindow third(&log);
        third.show();
        QVERIFY(QTest::qWaitForWindowExposed(&third));
        QVERIFY(third.isMaximized());
    }

    void createsOpensAndRemembersWorkspaces() {
        QTemporaryDir tmp;
        LogModel log;
        MainWindow window(&log);
        window.show();
        QSignalSpy opened(&window, &MainWindow::workspaceOpened);
        const QString path = tmp.filePath("study");
        QString error;
        QVERIFY2(window.createWorkspace(path, QStringLiteral("My study"), &error),
                 qPrintable(error));
        QCOMPARE(opened.count(), 1);
        QCOMPARE(window.workspacePath(), path);
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("My study")));
        QVERIFY(QFile::exists(path + "/isomorph-workspace.json"));
        QCOMPARE(window.recentWorkspaces().value(0), path);

        // The overview follows the folder: a new run directory appears without user action.
        auto* overview = window.findChild<isomorph::views::WorkspaceOverview*>();
        QVERIFY(overview);
        QVERIFY(QDir(path).mkpath(QStringLiteral("runs/ccp-demo")));
        QTRY_VERIFY_WITH_TIMEOUT(overview->summary().runs == QStringList{"ccp-demo"}, 5000);

        // Each entry has a line of details, read from its own files, and a run activated there
        // is shown in the Runs view.
        {
            QFile status(path + "/runs/ccp-demo/status.json");
            QVERIFY(status.open(QIODevice::WriteOnly));
            status.write(R"({"state": "finished", "stop_reason": "step limit", "step": 1200,
                             "max_steps": 1200, "best_metric": 0.4513, "metric": "bitext_acc"})");
            QFile metrics(path + "/runs/ccp-demo/metrics.jsonl");  // what makes it a run
            QVERIFY(metrics.open(QIODevice::WriteOnly));
            metrics.write(R"({"kind": "train", "step": 1200, "time": 60.0, "loss": 2.5})"
                          "\n");
        }
        Q_EMIT overview->refreshRequested();
        const QString want = QStringLiteral(
            "finished (step limit) · step 1,200 / 1,200 · best dev bitext "
            "accuracy 45.13%");
        QTRY_COMPARE_WITH_TIMEOUT(overview->summary().details.value("runs/ccp-demo"), want, 5000);
        QTreeWidgetItem* runs = nullptr;
        for (int i = 0; i < overview->contentsTree()->topLevelItemCount(); ++i)
            if (overview->contentsTree()->topLevelItem(i)->text(0).startsWith("Runs"))
                runs = overview->contentsTree()->topLevelItem(i);
        QVERIFY(runs && runs->childCount() == 1);
        QCOMPARE(runs->child(0)->text(1), want);
        // A refresh (a folder changed) keeps the row the user selected.
        overview->contentsTree()->setCurrentItem(runs->child(0));
        QVERIFY(QDir(path).mkpath(QStringLiteral("runs/another")));
        QTRY_VERIFY_WITH_TIMEOUT(overview->summary().runs.size() == 2, 5000);
        QVERIFY(overview->contentsTree()->currentItem());
        QCOMPARE(overview->contentsTree()->currentItem()->text(0), QStringLiteral("ccp-demo"));
        Q_EMIT overview->contentsTree()->itemActivated(overview->contentsTree()->currentItem(), 0);
        QVERIFY(window.runsView()->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(window.runsView()->selectedRuns(),
                                  QStringList{path + "/runs/ccp-demo"}, 5000);

        QSignalSpy closed(&window, &MainWindow::workspaceClosed);
        window.closeWorkspace();
        QCOMPARE(closed.count(), 1);
        QVERIFY(window.workspacePath().isEmpty());
        QCOMPARE(window.windowTitle(), QStringLiteral("Isomorph"));

        // A second window (a restarted GUI) sees the remembered workspace and reopens it.
        MainWindow again(&log);
        QCOMPARE(again.recentWorkspaces(), QStringList{path});
        QVERIFY(again.openWorkspace(path, &error));
        QCOMPARE(again.workspacePath(), path);
    }

    // The GUI killed during a corpus rebuild left corpora/man-demo.tmp-XXXXXX (its owner, a
    // process that no longer runs): opening the workspace removes it, off the GUI thread, with
    // a line in the log panel; a live process's staging folder stays.
    void openingAWorkspaceRemovesStagingFoldersOfKilledBuilds() {
        QTemporaryDir tmp;
        LogModel log;
        MainWindow window(&log);
        const QString path = tmp.filePath("ws");
        QString error;
        QSignalSpy removed(&window, &MainWindow::staleStagingRemoved);
        QVERIFY2(window.createWorkspace(path, QStringLiteral("ws"), &error), qPrintable(error));
        QTRY_COMPARE(removed.count(), 1);  // the new workspace was checked too: nothing there
        QCOMPARE(removed.at(0).at(0).toInt(), 0);
        window.closeWorkspace();
        QProcess done;  // a process that has exited: its pid runs no more
        done.start(QStringLiteral("true"), {});
        QVERIFY(done.waitForStarted(10000));
        const qint64 deadPid = done.processId();
        QVERIFY(done.waitForFinished(10000));
        QVERIFY(deadPid > 0);
        char host[256] = {};
        QCOMPARE(::gethostname(host, sizeof host - 1), 0);
        const auto staging = [&](const QString& name, qint64 pid) {
            const QString dir = path + "/corpora/" + name;
            QVERIFY(QDir().mkpath(dir));
            QFile owner(dir + "/.isomorph-staging-owner");
            QVERIFY(owner.open(QIODevice::WriteOnly));
            owner.write(QStringLiteral("{\"pid\": %1, \"host\": \"%2\"}")
                            .arg(pid)
                            .arg(QString::fromLocal8Bit(host))
                            .toUtf8());
        };
        staging(QStringLiteral("man-demo.tmp-AbCdEf"), deadPid);
        staging(QStringLiteral("man-demo.tmp-GhIjKl"), QCoreApplication::applicationPid());
        QVERIFY(window.openWorkspace(path, &error));
        QTRY_COMPARE_WITH_TIMEOUT(removed.count(), 2, 10000);
        QCOMPARE(removed.at(1).at(0).toInt(), 1);
        QVERIFY(!QFileInfo::exists(path + "/corpora/man-demo.tmp-AbCdEf"));
        QVERIFY(QFileInfo::exists(path + "/corpora/man-demo.tmp-GhIjKl"));
        QVERIFY(logContains(
            log, LogModel::Level::Info,
            QStringLiteral("Removed the staging folder %1/corpora/man-demo.tmp-AbCdEf").arg(path)));
    }

    void badFoldersAreReportedNotFatal() {
        QTemporaryDir tmp;
        LogModel log;
        MainWindow window(&log);
        QString error;
        QVERIFY(!window.openWorkspace(tmp.path(), &error));
        QVERIFY2(error.contains(QStringLiteral("not an Isomorph workspace")), qPrintable(error));
        QVERIFY(
            logContains(log, LogModel::Level::Error, QStringLiteral("not an Isomorph workspace")));

        QFile file(tmp.filePath("plain-file"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QVERIFY(
            !window.createWorkspace(tmp.filePath("plain-file/ws"), QStringLiteral("x"), &error));
        QVERIFY2(error.contains(tmp.filePath("plain-file/ws")), qPrintable(error));
        QVERIFY(window.workspacePath().isEmpty());
        QVERIFY(window.recentWorkspaces().isEmpty());
    }

    void demoWorkspaceIsCreatedOnceUnderXdgData() {
        LogModel log;
        MainWindow window(&log);
        QString error;
        QVERIFY2(window.openDemoWorkspace(&error), qPrintable(error));
        const QString expected = data_.filePath(QStringLiteral("isomorph/demo-workspace"));
        QCOMPARE(window.workspacePath(), expected);
        window.closeWorkspace();
        QVERIFY2(window.openDemoWorkspace(&error), qPrintable(error));  // idempotent
        QCOMPARE(window.workspacePath(), expected);
    }

    void liveDemoContinuesFromSignals() {
        // A stand-in CLI: `demo prepare` runs until the test lets it finish, `train` records
        // its arguments. startLiveDemo() must return while preparation runs (no nested event
        // loop) and continue to the demo run when the process finishes. The arguments are written
        // to a part file and renamed, so the test never reads a file the shell has only created.
        QTemporaryDir tmp;
        const QString go = tmp.filePath("go"), args = tmp.filePath("train-args");
        QVERIFY(useStandInCli(
            tmp, QStringLiteral("case \"$1\" in\n"
                                "demo) echo 'rendering man pages: 10 of 30'\n"
                                "  for i in $(seq 600); do [ -e '%1' ] && exit 0; sleep 0.05; "
                                "done; exit 3 ;;\n"
                                "train) echo \"$@\" > '%2.part' && mv '%2.part' '%2' ;;\n"
                                "esac\n")
                     .arg(go, args)));

        LogModel log;
        MainWindow window(&log);
        QSignalSpy started(&window, &MainWindow::liveDemoStarted);
        QSignalSpy failed(&window, &MainWindow::liveDemoFailed);
        QVERIFY(window.startLiveDemo());
        QVERIFY(!QFile::exists(go));  // returned while `demo prepare` still waits
        auto* progress = window.findChild<QProgressDialog*>();
        QVERIFY(progress);
        QTRY_COMPARE(progress->labelText(), QStringLiteral("rendering man pages: 10 of 30"));
        QVERIFY(!window.startLiveDemo());  // one at a time
        QVERIFY(QFile(go).open(QIODevice::WriteOnly));
        QVERIFY(started.wait(10000));
        QCOMPARE(failed.count(), 0);
        const QString run = started.at(0).at(0).toString();
        QVERIFY2(run.startsWith(window.workspacePath() + "/runs/hictl-demo-"), qPrintable(run));
        QTRY_VERIFY(QFile::exists(args));
        QFile recorded(args);
        QVERIFY(recorded.open(QIODevice::ReadOnly));
        QVERIFY2(recorded.readAll().contains("--preset hictl-demo"), qPrintable(args));
        QTRY_VERIFY(window.findChild<QProgressDialog*>() == nullptr);

        // Cancelled: the preparation is killed, nothing starts and no error is shown.
        QFile::remove(go);
        QFile::remove(args);
        QVERIFY(window.startLiveDemo());
        progress = window.findChild<QProgressDialog*>();
        QVERIFY(progress);
        // The user's Cancel button (QProgressDialog::cancel() alone does not emit canceled()).
        auto* cancel = progress->findChild<QPushButton*>();
        QVERIFY(cancel);
        cancel->click();
        QVERIFY(failed.wait(10000));
        QCOMPARE(failed.at(0).at(0).toString(), QString());
        QCOMPARE(started.count(), 1);
        QVERIFY(window.findChild<QMessageBox*>() == nullptr);
        QVERIFY(!QFile::exists(args));

        // With the imported multilingual encoder there (its folder and shards), the live run is
        // the demo recipe's first stage from it, on the shard sets in its tokenizer.
        const QString ws = window.workspacePath();
        const QString e5 = ws + "/models/multilingual-e5-small";
        for (const QString& file :
             {e5 + "/config.json", ws + "/corpora/man-demo-e5-shards/pairs-dev/shards.json"}) {
            QVERIFY(QDir().mkpath(QFileInfo(file).path()));
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{}");
        }
        QVERIFY(window.startLiveDemo());
        QVERIFY(QFile(go).open(QIODevice::WriteOnly));
        QTRY_VERIFY(QFile::exists(args));
        QFile fromE5(args);
        QVERIFY(fromE5.open(QIODevice::ReadOnly));
        const QByteArray e5Args = fromE5.readAll();
        QVERIFY2(e5Args.contains("--set model.init=" + e5.toUtf8()) &&
                     e5Args.contains("--set data.pairs=" + ws.toUtf8() +
                                     "/corpora/man-demo-e5-shards/pairs-train") &&
                     e5Args.contains("--set optimizer.lr=2e-5"),
                 e5Args.constData());
        QVERIFY(QDir(e5).removeRecursively());
        QVERIFY(QDir(ws + "/corpora/man-demo-e5-shards").removeRecursively());
        QFile::remove(go);
        QFile::remove(args);

        // A window closed while the demo is prepared stops the preparation quietly.
        auto* closing = new MainWindow(&log);
        QVERIFY(closing->startLiveDemo());
        QProcess* prepare = closing->findChild<QProcess*>();
        QVERIFY(prepare);
        QTRY_COMPARE(prepare->state(), QProcess::Running);
        const qint64 pid = prepare->processId();
        delete closing;
        QVERIFY2(::kill(static_cast<pid_t>(pid), 0) != 0, "demo prepare still running");
        qunsetenv("ISOMORPH_CLI");
    }

    void retrievalDemoRunsTheCliAndOpensItsResultInSearch() {
        // A stand-in CLI: `demo run --retrieval ... --dir DIR` records its arguments and writes
        // DIR/retrieval-demo.json (made-up paths: Search then says it cannot open the index),
        // unless the test asked it to wait until killed.
        QTemporaryDir tmp;
        const QString args = tmp.filePath("args"), hang = tmp.filePath("hang");
        QVERIFY(useStandInCli(
            tmp, QStringLiteral("echo \"$@\" > '%1.part' && mv '%1.part' '%1'\n"
                                "echo 'ir: step 3  loss 1.2 (ir)  9 s'\n"
                                "[ -e '%2' ] && exec sleep 60\n"
                                "while [ $# -gt 0 ]; do [ \"$1\" = --dir ] && dir=\"$2\"; "
                                "shift; done\n"
                                "mkdir -p \"$dir\"\n"
                                "echo '{\"index\": \"/nowhere/index\", \"bi_encoder\": "
                                "\"/nowhere/ir\", \"reranker\": \"/nowhere/rerank\", "
                                "\"rerank_depth\": 20, \"rerank_weight\": 0.7}' > "
                                "\"$dir/retrieval-demo.json\"\n")
                     .arg(args, hang)));

        LogModel log;
        MainWindow window(&log);
        QSignalSpy finished(&window, &MainWindow::retrievalDemoFinished);
        QSignalSpy failed(&window, &MainWindow::retrievalDemoFailed);
        // Stopped: the CLI is terminated (it keeps its finished stages), no error is shown.
        QVERIFY(QFile(hang).open(QIODevice::WriteOnly));
        QVERIFY(window.startRetrievalDemo());
        auto* progress = window.findChild<QProgressDialog*>();
        QVERIFY(progress);
        QTRY_COMPARE(progress->labelText(), QStringLiteral("ir: step 3  loss 1.2 (ir)  9 s"));
        QVERIFY(!window.startRetrievalDemo());  // one at a time
        progress->findChild<QPushButton*>()->click();
        QVERIFY(failed.wait(10000));
        QCOMPARE(failed.at(0).at(0).toString(), QString());
        QVERIFY(window.findChild<QMessageBox*>() == nullptr);

        // Finished: Search shows the run's stack.
        QFile::remove(hang);
        QFile::remove(args);
        QVERIFY(window.startRetrievalDemo());
        QVERIFY2(finished.wait(10000),
                 qPrintable(failed.count() > 1 ? failed.at(1).at(0).toString() : QString()));
        const QString dir = window.workspacePath() + "/runs/retrieval-demo";
        QCOMPARE(finished.at(0).at(0).toString(), dir + "/retrieval-demo.json");
        QFile recorded(args);
        QVERIFY(recorded.open(QIODevice::ReadOnly));
        const QByteArray line = recorded.readAll();
        QVERIFY2(line.contains("demo run --retrieval") && line.contains("--dir " + dir.toUtf8()),
                 line.constData());
        auto* search = window.findChild<isomorph::views::SearchView*>();
        QVERIFY(search);
        bool shown = false;  // the Search tab is the current one
        for (auto* tabs : window.findChildren<QTabWidget*>())
            shown |= tabs->currentWidget() == search;
        QVERIFY(shown);
        QVERIFY(search->rerankBox()->isChecked());
        QCOMPARE(search->rerankCheckpoint(), QStringLiteral("/nowhere/rerank"));
        QCOMPARE(search->rerankWeightBox()->value(), 0.7);
        // ... and the log says what Search now uses.
        QVERIFY(logContains(log, LogModel::Level::Info,
                            QStringLiteral("Search uses the retrieval demo of %1").arg(dir)));

        // Finished earlier: shown again without running the CLI.
        QFile::remove(args);
        QVERIFY(window.startRetrievalDemo());
        QVERIFY(finished.wait(10000));
        QVERIFY(!QFile::exists(args));
        qunsetenv("ISOMORPH_CLI");
    }

    // The guided demo follows the live run through the three views; each step can be entered
    // again from its button, Back and Next move between them, and the guide can be closed.
    void guidedDemoWalksThroughTheViews() {
        QTemporaryDir tmp;
        LogModel log;
        MainWindow window(&log);
        QString error;
        QVERIFY2(window.createWorkspace(tmp.filePath("ws"), QStringLiteral("ws"), &error),
                 qPrintable(error));
        const QString run = window.workspacePath() + "/runs/hictl-demo-1";
        QVERIFY(QDir().mkpath(run));
        auto* guide = window.findChild<isomorph::views::DemoGuide*>();
        QVERIFY(guide);
        QVERIFY(guide->isHidden());
        QSignalSpy shown(window.guidedDemo(), &isomorph::gui::GuidedDemo::stepShown);
        Q_EMIT window.liveDemoStarted(run);  // what startLiveDemo() emits once its run is up
        QVERIFY(!guide->isHidden());
        QCOMPARE(shown.count(), 1);
        QCOMPARE(guide->currentStep(), 0);
        QCOMPARE(currentTab(window), static_cast<QWidget*>(window.runsView()));
        QVERIFY(!guide->backButton()->isEnabled());
        // Step 2: the run has no checkpoint yet, and says so.
        guide->nextButton()->click();
        QCOMPARE(guide->currentStep(), 1);
        QCOMPARE(currentTab(window), static_cast<QWidget*>(window.embeddingsView()));
        QVERIFY2(guide->explanation().contains(QStringLiteral("not saved a checkpoint")),
                 qPrintable(guide->explanation()));
        // Step 3 from its button: A/B search with one-click examples in several languages.
        guide->stepButton(2)->click();
        QCOMPARE(guide->currentStep(), 2);
        auto* search = window.findChild<isomorph::views::SearchView*>();
        QCOMPARE(currentTab(window), static_cast<QWidget*>(search));
        QVERIFY(search->abMode());
        QVERIFY(!guide->nextButton()->isEnabled());
        const auto examples = search->exampleButtons();
        QVERIFY(examples.size() >= 5);
        examples.at(0)->click();  // puts its query in the box (and searches: no index, says so)
        QVERIFY(!search->queryEdit()->text().isEmpty());
        QVERIFY(examples.at(0)->text().contains(search->queryEdit()->text()));
        // With a retrieval demo in the workspace, step 3 searches its stack and says whether
        // the cross-encoder changes the order (made-up paths: Search says it cannot open them).
        const QString retrieval = window.workspacePath() + "/runs/retrieval-demo";
        QVERIFY(QDir().mkpath(retrieval));
        for (const double weight : {1.0, 0.7}) {
            QFile manifest(retrieval + "/retrieval-demo.json");
            QVERIFY(manifest.open(QIODevice::WriteOnly));
            manifest.write(QStringLiteral("{\"index\": \"/nowhere/index\", \"bi_encoder\": "
                                          "\"/nowhere/ir\", \"reranker\": \"/nowhere/rerank\", "
                                          "\"rerank_depth\": 20, \"rerank_weight\": %1}")
                               .arg(weight)
                               .toUtf8());
            manifest.close();
            guide->stepButton(2)->click();
            QCOMPARE(search->rerankWeightBox()->value(), weight);
            const QString said = guide->explanation();
            QVERIFY2(said.contains(QStringLiteral("fused with BM25")), qPrintable(said));
            QVERIFY2(
                said.contains(QStringLiteral("did not beat this first stage")) == (weight >= 1.0),
                qPrintable(said));
            QVERIFY2(
                said.contains(QStringLiteral("re-ranked by its cross-encoder")) == (weight < 1.0),
                qPrintable(said));
        }
        QVERIFY(QDir(retrieval).removeRecursively());
        // Back, and closed.
        guide->backButton()->click();
        QCOMPARE(guide->currentStep(), 1);
        QCOMPARE(shown.count(), 6);
        window.guidedDemo()->close();
        QVERIFY(guide->isHidden());
        window.guidedDemo()->goTo(0);  // re-entered
        QVERIFY(!guide->isHidden());
        QCOMPARE(currentTab(window), static_cast<QWidget*>(window.runsView()));

        // The run ends: the calibration of the checkpoint step 2 shows is fitted and kept in
        // the background (this workspace has no demo corpus to fit it on: reported, with why).
        QSignalSpy kept(window.embeddingsController(),
                        &isomorph::gui::EmbeddingsController::fitKept);
        const QString step = run + "/checkpoints/step-00000005";
        QVERIFY(QDir().mkpath(step));
        for (const auto& [file, text] :
             {std::pair<QString, QByteArray>{step + "/config.json", "{}"},
              {run + "/checkpoints/latest", "step-00000005\n"},
              {run + "/metrics.jsonl", ""},
              {run + "/status.json", R"({"state":"finished","step":5,"max_steps":5})"}}) {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        window.runsController()->rescan();
        QTRY_VERIFY_WITH_TIMEOUT(kept.count() >= 1, 30000);
        QCOMPARE(kept.first().at(0).toString(), window.guidedDemo()->trainedCheckpoint());
        QCOMPARE(QDir(kept.first().at(0).toString()).canonicalPath(), QDir(step).canonicalPath());
        QVERIFY(!kept.first().at(1).toBool());
        QVERIFY2(kept.first().at(2).toString().contains(QStringLiteral("demo corpus")),
                 qPrintable(kept.first().at(2).toString()));
    }

    // isomorph --query "..." --compare CKPT: the Search view, the query typed, A/B on, and the
    // comparison side saying why a path that is no checkpoint cannot open.
    void searchForOpensTheSearchViewOnAQuery() {
        QTemporaryDir tmp;
        LogModel log;
        MainWindow window(&log);
        QString error;
        QVERIFY2(window.createWorkspace(tmp.filePath("ws"), QStringLiteral("ws"), &error),
                 qPrintable(error));
        window.searchFor(QStringLiteral("supprimer un répertoire"), tmp.filePath("nowhere"));
        auto* search = window.findChild<isomorph::views::SearchView*>();
        QCOMPARE(currentTab(window), static_cast<QWidget*>(search));
        QCOMPARE(search->queryEdit()->text(), QStringLiteral("supprimer un répertoire"));
        QVERIFY(search->abMode());
        QCOMPARE(search->checkpoint(1), tmp.filePath("nowhere"));
        QTRY_VERIFY(search->sideMessageLabel(1)->text().contains(QStringLiteral("nowhere")));
    }

    void newWorkspaceDialogValidates() {
        QTemporaryDir tmp;
        isomorph::views::NewWorkspaceDialog dialog(tmp.path());
        QVERIFY(!dialog.problem().isEmpty());  // no name yet
        dialog.setName(QStringLiteral("a/b"));
        QVERIFY(dialog.problem().contains('/'));
        dialog.setName(QStringLiteral("thesis"));
        QVERIFY(dialog.problem().isEmpty());
        QCOMPARE(dialog.workspacePath(), tmp.filePath("thesis"));
        QVERIFY(QDir(tmp.path()).mkdir(QStringLiteral("thesis")));
        QVERIFY(dialog.problem().contains(QStringLiteral("already exists")));
    }

    void aboutDialogListsDoctorComponents() {
        LogModel log;
        MainWindow window(&log);
        isomorph::views::AboutDialog* about = isomorph::gui::showAboutDialog(&window);
        auto* tree = about->findChild<QTreeWidget*>();
        QVERIFY(tree);
        QTRY_VERIFY_WITH_TIMEOUT(tree->topLevelItemCount() > 0, 30000);
        const QString report = about->reportText();
        for (const char* name :
             {"LibTorch", "FAISS", "SentencePiece", "Eigen", "Xapian", "Qt", "GEMM"}) {
            QVERIFY2(report.contains(QLatin1String(name)), qPrintable(report));
        }
        QVERIFY2(report.contains(QStringLiteral("Qt: ") + qVersion()), qPrintable(report));
        about->close();
    }
};

ISOMORPH_TEST_MAIN(TestMainWindow)
#include "test_main_window.moc"

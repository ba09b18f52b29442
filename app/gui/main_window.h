#pragma once

#include <functional>
#include <memory>

#include <QMainWindow>
#include <QPointer>
#include <QStringList>

class QAction;
class QDockWidget;
class QFileSystemWatcher;
class QMenu;
class QProcess;
class QProgressDialog;
class QStackedWidget;
class QTabWidget;
class QTimer;

namespace isomorph::workspace {
class Workspace;
}
namespace isomorph::views {
class DemoGuide;
class EmbeddingsView;
class LogModel;
class LogPanel;
class RunsModel;
class RunsView;
class WelcomePage;
class WorkspaceOverview;
}  // namespace isomorph::views

namespace isomorph::gui {

class EmbeddingsController;
class GuidedDemo;
class SearchController;
class RunsController;

/// The workbench window: a workspace (or the welcome page when none is open) in the centre, the
/// log/notifications panel docked below, and the views of later features as tabs.
class MainWindow : public QMainWindow {
    Q_OBJECT

  public:
    static constexpr int kMaxRecent = 10;

    explicit MainWindow(views::LogModel* log, QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens the workspace at `path`. On failure returns false, logs the reason and, when
    /// `error` is given, stores it there (interactive callers show it in a message box).
    bool openWorkspace(const QString& path, QString* error = nullptr);
    /// Creates a workspace at `path` and opens it.
    bool createWorkspace(const QString& path, const QString& name, QString* error = nullptr);
    /// Opens the built-in demo workspace, creating its folder when needed.
    bool openDemoWorkspace(QString* error = nullptr);
    void closeWorkspace();

    /// Adds a view as a tab of the workspace area (Runs, Embeddings and Search use this).
    void addView(QWidget* view, const QString& title);

    QString workspacePath() const;
    QStringList recentWorkspaces() const;
    views::LogModel* logModel() const { return log_; }
    views::RunsView* runsView() const { return runsView_; }
    RunsController* runsController() const { return runsController_; }
    views::EmbeddingsView* embeddingsView() const { return embeddingsView_; }
    EmbeddingsController* embeddingsController() const { return embeddingsController_; }
    /// The live demo: opens the demo workspace, builds its corpus and tokenizer with a
    /// cancellable progress dialog (quick when built), then follows the running hictl-demo run or
    /// starts one, and shows it in the Runs view with an explanation. Returns at once: false if
    /// the workspace cannot be opened or a demo is being prepared already; else
    /// liveDemoStarted() or liveDemoFailed() follows.
    bool startLiveDemo();
    /// The retrieval demo: opens the demo workspace and runs `isomorph-cli demo run --retrieval
    /// --dir WS/runs/retrieval-demo` (30 minutes: IR, position repair, XLP, re-ranker
    /// fine-tuning, index, test table) with a progress dialog showing its stage; Cancel stops it
    /// (finished stages are kept, the next start continues). When it has finished (now or
    /// earlier), the Search view opens its index and re-ranker. Returns at once: false if the
    /// workspace cannot be opened or a demo is under way; else retrievalDemoFinished() or
    /// retrievalDemoFailed() follows.
    bool startRetrievalDemo();
    /// Selects runs of the open workspace by folder name in the Runs view (once listed).
    void selectRuns(const QStringList& names);
    /// Switches to a workspace view by name ("overview", "runs", "embeddings", "search"); false if
    /// unknown.
    bool showView(const QString& name);
    /// The Search view on `query`: with `compare`, that checkpoint on side B (A/B); the query
    /// runs once the index of side A (and in A/B mode of side B) is open (or has been built),
    /// or the side says why it is not.
    void searchFor(const QString& query, const QString& compare = QString());
    SearchController* searchController() const { return searchController_; }
    GuidedDemo* guidedDemo() const { return guidedDemo_; }
    /// Opens the New run dialog; on Launch starts the run. Returns its folder ("" if cancelled).
    QString promptNewRun();
    views::LogPanel* logPanel() const { return logPanel_; }

  Q_SIGNALS:
    void workspaceOpened(const QString& path);
    void workspaceClosed();
    /// The live demo follows `runDir` in the Runs view.
    void liveDemoStarted(const QString& runDir);
    /// The live demo stopped before its run: `why` is empty when the user cancelled.
    void liveDemoFailed(const QString& why);
    /// The retrieval demo finished; `manifest` (its retrieval-demo.json) is open in Search.
    void retrievalDemoFinished(const QString& manifest);
    /// The retrieval demo stopped before finishing: `why` is empty when the user cancelled.
    void retrievalDemoFailed(const QString& why);
    /// The opened workspace was checked for staging folders of killed builds; `count` were
    /// removed (each with a log line).
    void staleStagingRemoved(int count);

  protected:
    void closeEvent(QCloseEvent* event) override;

  private:
    void createActions();
    void finishRetrievalDemo(const QString& ws, const QString& manifest, bool ok);
    struct DemoProcessEnd {
        bool canceled = false;  ///< the user pressed Cancel/Stop
        QString why;            ///< the process's last line, or why it did not start
    };
    /// Forgets the demo process (if any) and closes its progress dialog.
    DemoProcessEnd endDemoProcess();
    /// Opens the demo workspace WS and runs `isomorph-cli arguments(WS) --workspace WS` with a
    /// progress dialog (its last output line; Cancel kills it, or with `terminate` sends
    /// SIGTERM); `done(WS, ok)` when it ends, or at once when arguments(WS) is empty. False when
    /// a demo is on its way or the workspace cannot be opened.
    bool startDemoProcess(const std::function<QStringList(const QString& ws)>& arguments,
                          const QString& label, const QString& title, const QString& cancel,
                          bool terminate,
                          const std::function<void(const QString& ws, bool ok)>& done);
    void createMenus();
    void rememberRecent(const QString& path);
    void refreshRecentMenu();
    void refreshOverview();
    /// An overview entry activated: a run in the Runs view (a retrieval demo in Search), an
    /// index in the Search view.
    void showOverviewEntry(const QString& folder, const QString& path);
    void updateTitle();
    void removeStaleStaging();
    void showError(const QString& title, const QString& message);
    void promptNewWorkspace();
    void promptOpenWorkspace();
    void openWorkspaceInteractively(const QString& path);
    /// Logs a failed workspace operation and hands its message to the caller; returns false.
    bool reportFailure(const std::exception& e, QString* error);
    void showAbout();
    void showSettings();
    void finishDemoPreparation(const QString& ws, bool ok);
    void followDemoRun();

    views::LogModel* log_;
    std::unique_ptr<workspace::Workspace> workspace_;
    QStackedWidget* stack_ = nullptr;
    views::WelcomePage* welcome_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    QWidget* workspaceArea_ = nullptr;  ///< the guided demo's bar above the tabs
    views::DemoGuide* guide_ = nullptr;
    GuidedDemo* guidedDemo_ = nullptr;
    views::WorkspaceOverview* overview_ = nullptr;
    QDockWidget* logDock_ = nullptr;
    views::LogPanel* logPanel_ = nullptr;
    QFileSystemWatcher* watcher_ = nullptr;
    views::RunsModel* runsModel_ = nullptr;
    views::RunsView* runsView_ = nullptr;
    RunsController* runsController_ = nullptr;
    SearchController* searchController_ = nullptr;
    views::EmbeddingsView* embeddingsView_ = nullptr;
    EmbeddingsController* embeddingsController_ = nullptr;
    QTimer* refreshTimer_ = nullptr;
    QPointer<QProcess> demoPrepare_;  ///< `isomorph-cli demo prepare` while it runs
    QPointer<QProgressDialog> demoProgress_;

    QAction* newAction_ = nullptr;
    QAction* openAction_ = nullptr;
    QAction* closeAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* settingsAction_ = nullptr;
    QAction* demoAction_ = nullptr;
    QAction* retrievalDemoAction_ = nullptr;
    QAction* aboutAction_ = nullptr;
    QAction* aboutQtAction_ = nullptr;
    QAction* fullScreenAction_ = nullptr;
    QMenu* recentMenu_ = nullptr;
};

}  // namespace isomorph::gui

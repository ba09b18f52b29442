// isomorph: the Qt workbench. Training never runs in this process (it launches isomorph-cli);
// interactive analysis runs in worker threads.

#include <iostream>
#include <string_view>

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QMessageBox>
#include <QTimer>

#include "app/gui/embeddings_controller.h"
#include "app/gui/guided_demo.h"
#include "app/gui/log_bridge.h"
#include "app/gui/main_window.h"
#include "app/gui/ui_language.h"
#include "core/common/version.h"
#include "views/embeddings/embeddings_view.h"
#include "views/embeddings/scatter_view.h"
#include "views/log_model.h"
#include "views/runs/runs_view.h"

namespace {

/// The command line, for QApplication and for the display-free --help / --version path.
struct GuiOptions {
    QCommandLineOption workspace{
        {QStringLiteral("w"), QStringLiteral("workspace")},
        QCoreApplication::translate("main", "Open the workspace in <folder>."),
        QCoreApplication::translate("main", "folder")};
    QCommandLineOption demo{QStringLiteral("demo"),
                            QCoreApplication::translate(
                                "main", "Open the built-in demo workspace (created if missing).")};
    QCommandLineOption demoStep{
        QStringLiteral("demo-step"),
        QCoreApplication::translate("main",
                                    "With --demo: open this step of the guided demo (1 training, "
                                    "2 embedding space, 3 search) once the demo run is up."),
        QStringLiteral("step")};
    QCommandLineOption view{
        QStringLiteral("view"),
        QCoreApplication::translate(
            "main", "Show this view of the workspace: overview, runs, embeddings or search."),
        QStringLiteral("view")};
    QCommandLineOption select{
        QStringLiteral("select"),
        QCoreApplication::translate("main",
                                    "Select these runs (folder names, comma-separated; a "
                                    "sweep's folder selects all its runs) in the Runs view, e.g. "
                                    "to compare them."),
        QStringLiteral("runs")};
    QCommandLineOption seedMeans{
        QStringLiteral("mean-over-seeds"),
        QCoreApplication::translate("main",
                                    "In the Runs view, draw the runs of each sweep setting as "
                                    "the mean over their seeds with a band of +- one standard "
                                    "deviation.")};
    QCommandLineOption chainStages{
        QStringLiteral("chain-stages"),
        QCoreApplication::translate("main",
                                    "In the Runs view, draw a run that continues another run's "
                                    "checkpoint (a recipe's next stage) from that checkpoint's "
                                    "step on.")};
    QCommandLineOption query{
        QStringLiteral("query"),
        QCoreApplication::translate("main",
                                    "Show the Search view and run this query once its index is "
                                    "open (the workspace's newest checkpoint and its index)."),
        QStringLiteral("text")};
    QCommandLineOption compare{
        QStringLiteral("compare"),
        QCoreApplication::translate("main",
                                    "With --query: also search with this checkpoint, side by side "
                                    "(A/B), e.g. the initial model against the trained one. With "
                                    "--embeddings: show this checkpoint's points beside them."),
        QStringLiteral("checkpoint")};
    QCommandLineOption embeddings{
        QStringLiteral("embeddings"),
        QCoreApplication::translate("main",
                                    "Open the Embeddings view on this checkpoint and encode the "
                                    "workspace's first sample."),
        QStringLiteral("checkpoint")};
    QCommandLineOption step{
        QStringLiteral("calibration-step"),
        QCoreApplication::translate("main",
                                    "With --embeddings: then show this calibration step (0 none, "
                                    "1 shift, 2 scale, 3 rotation) and highlight 5 pairs."),
        QStringLiteral("step")};

    void addTo(QCommandLineParser& parser) const {
        parser.setApplicationDescription(QCoreApplication::translate(
            "main",
            "Research workbench for cross-lingual sentence representations and retrieval."));
        parser.addHelpOption();
        parser.addVersionOption();
        for (const auto* o : {&workspace, &demo, &demoStep, &view, &select, &seedMeans,
                              &chainStages, &query, &compare, &embeddings, &step})
            parser.addOption(*o);
    }
};

void setIdentityAndLanguage() {
    QCoreApplication::setOrganizationName(QStringLiteral("Isomorph"));
    QCoreApplication::setApplicationName(QStringLiteral("isomorph"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(isomorph::kVersion));
    // Before any widget exists: ISOMORPH_LANGUAGE for this session (screenshots, a quick look),
    // else the language chosen in File -> Settings, else the system's.
    const QString language = qEnvironmentVariableIsSet("ISOMORPH_LANGUAGE")
                                 ? qEnvironmentVariable("ISOMORPH_LANGUAGE")
                                 : isomorph::gui::savedUiLanguage();
    isomorph::gui::installTranslators(language);
}

/// --help and --version print and exit without a display (over SSH, in scripts): they are
/// answered by a QCoreApplication before QApplication, which needs one, exists.
bool printsAndExits(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "-h" || a == "-?" || a == "--help" || a == "--help-all" || a == "-v" ||
            a == "--version")
            return true;
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    if (printsAndExits(argc, argv)) {
        QCoreApplication app(argc, argv);
        setIdentityAndLanguage();
        QCommandLineParser parser;
        const GuiOptions options;
        options.addTo(parser);
        parser.process(app);  // prints the help or the version and exits
        return 0;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QStringLiteral("Isomorph"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.isomorph_workbench.Isomorph"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/isomorph.svg")));
    setIdentityAndLanguage();

    QCommandLineParser parser;
    const GuiOptions options;
    options.addTo(parser);
    parser.process(app);  // exits with a message on unknown options

    auto* log = new isomorph::views::LogModel(&app);
    isomorph::gui::installLogBridge(log);

    isomorph::gui::MainWindow window(log);
    window.show();

    QString error;
    if (parser.isSet(options.workspace)) {
        if (!window.openWorkspace(QDir(parser.value(options.workspace)).absolutePath(), &error)) {
            QMessageBox::warning(&window, QApplication::translate("main", "Cannot open workspace"),
                                 error);
        }
    } else if (parser.isSet(options.demo)) {
        // After the event loop starts, so the window is up behind the progress dialog.
        QTimer::singleShot(0, &window, [&window] { window.startLiveDemo(); });
        if (parser.isSet(options.demoStep) || parser.isSet(options.query))
            QObject::connect(
                &window, &isomorph::gui::MainWindow::liveDemoStarted, &window,
                [&window, step = parser.value(options.demoStep).toInt(),
                 query = parser.value(options.query)] {
                    if (step > 0) window.guidedDemo()->goTo(step - 1);
                    if (!query.isEmpty()) window.searchFor(query);
                },
                Qt::SingleShotConnection);
    }
    if (parser.isSet(options.view)) window.showView(parser.value(options.view));
    if (parser.isSet(options.select)) window.selectRuns(parser.value(options.select).split(','));
    if (parser.isSet(options.seedMeans)) window.runsView()->setMeanOverSeeds(true);
    if (parser.isSet(options.chainStages)) window.runsView()->setStagesChained(true);
    if (!parser.isSet(options.demo) && !parser.isSet(options.embeddings) &&
        (parser.isSet(options.query) || parser.isSet(options.compare)))
        window.searchFor(parser.value(options.query),
                         parser.isSet(options.compare)
                             ? QDir(parser.value(options.compare)).absolutePath()
                             : QString());
    if (parser.isSet(options.embeddings)) {
        auto* embeddings = window.embeddingsController();
        if (parser.isSet(options.compare))
            QObject::connect(
                embeddings, &isomorph::gui::EmbeddingsController::encoded, embeddings,
                [embeddings, other = QDir(parser.value(options.compare)).absolutePath()] {
                    embeddings->compareWith(other);
                },
                Qt::SingleShotConnection);
        if (parser.isSet(options.step))
            QObject::connect(
                embeddings,
                // After the comparison when there is one: a step request would supersede it.
                parser.isSet(options.compare)
                    ? &isomorph::gui::EmbeddingsController::comparisonShown
                    : &isomorph::gui::EmbeddingsController::encoded,
                embeddings,
                [&window, embeddings, step = parser.value(options.step).toInt()] {
                    // The view's rotation method: supervised where the corpus has train pairs.
                    embeddings->showStep(step, window.embeddingsView()->supervised());
                },
                Qt::SingleShotConnection);
        QObject::connect(
            embeddings, &isomorph::gui::EmbeddingsController::stepShown, embeddings,
            [&window] { window.embeddingsView()->scatter()->highlightRandomPairs(5, 1); },
            Qt::SingleShotConnection);
        window.showView(QStringLiteral("embeddings"));
        embeddings->openCheckpoint(QDir(parser.value(options.embeddings)).absolutePath());
    }
    return app.exec();
}

// isomorph: the Qt workbench. Training never runs in this process (it launches isomorph-cli);
// interactive analysis runs in worker threads.

#include <iostream>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QMessageBox>
#include <QTimer>

#include "app/gui/embeddings_controller.h"
#include "app/gui/log_bridge.h"
#include "app/gui/main_window.h"
#include "app/gui/ui_language.h"
#include "core/common/version.h"
#include "views/embeddings/embeddings_view.h"
#include "views/embeddings/scatter_view.h"
#include "views/log_model.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Isomorph"));
    QApplication::setApplicationName(QStringLiteral("isomorph"));
    QApplication::setApplicationDisplayName(QStringLiteral("Isomorph"));
    QApplication::setApplicationVersion(QString::fromLatin1(isomorph::kVersion));
    QApplication::setDesktopFileName(QStringLiteral("io.github.isomorph_workbench.Isomorph"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/isomorph.svg")));
    // Before any widget exists: ISOMORPH_LANGUAGE for this session (screenshots, a quick look),
    // else the language chosen in File -> Settings, else the system's.
    const QString language = qEnvironmentVariableIsSet("ISOMORPH_LANGUAGE")
                                 ? qEnvironmentVariable("ISOMORPH_LANGUAGE")
                                 : isomorph::gui::savedUiLanguage();
    isomorph::gui::installTranslators(language);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Research workbench for cross-lingual sentence representations and retrieval."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption workspaceOption(
        {QStringLiteral("w"), QStringLiteral("workspace")},
        QApplication::translate("main", "Open the workspace in <folder>."),
        QApplication::translate("main", "folder"));
    QCommandLineOption demoOption(
        QStringLiteral("demo"),
        QApplication::translate("main", "Open the built-in demo workspace (created if missing)."));
    QCommandLineOption viewOption(
        QStringLiteral("view"),
        QApplication::translate(
            "main", "Show this view of the workspace: overview, runs, embeddings or search."),
        QStringLiteral("view"));
    parser.addOption(workspaceOption);
    parser.addOption(demoOption);
    QCommandLineOption selectOption(
        QStringLiteral("select"),
        QApplication::translate("main",
                                "Select these runs (folder names, comma-separated) in the "
                                "Runs view, e.g. to compare them."),
        QStringLiteral("runs"));
    QCommandLineOption embeddingsOption(
        QStringLiteral("embeddings"),
        QApplication::translate("main",
                                "Open the Embeddings view on this checkpoint and encode the "
                                "workspace's first sample."),
        QStringLiteral("checkpoint"));
    QCommandLineOption stepOption(
        QStringLiteral("calibration-step"),
        QApplication::translate("main",
                                "With --embeddings: then show this calibration step (0 none, "
                                "1 shift, 2 scale, 3 rotation) and highlight 5 pairs."),
        QStringLiteral("step"));
    parser.addOption(viewOption);
    parser.addOption(selectOption);
    parser.addOption(embeddingsOption);
    parser.addOption(stepOption);
    parser.process(app);  // exits with a message on unknown options

    auto* log = new isomorph::views::LogModel(&app);
    isomorph::gui::installLogBridge(log);

    isomorph::gui::MainWindow window(log);
    window.show();

    QString error;
    if (parser.isSet(workspaceOption)) {
        if (!window.openWorkspace(QDir(parser.value(workspaceOption)).absolutePath(), &error)) {
            QMessageBox::warning(&window, QApplication::translate("main", "Cannot open workspace"),
                                 error);
        }
    } else if (parser.isSet(demoOption)) {
        // After the event loop starts, so the window is up behind the progress dialog.
        QTimer::singleShot(0, &window, [&window] { window.startLiveDemo(); });
    }
    if (parser.isSet(viewOption)) window.showView(parser.value(viewOption));
    if (parser.isSet(selectOption)) window.selectRuns(parser.value(selectOption).split(','));
    if (parser.isSet(embeddingsOption)) {
        auto* embeddings = window.embeddingsController();
        if (parser.isSet(stepOption))
            QObject::connect(
                embeddings, &isomorph::gui::EmbeddingsController::encoded, embeddings,
                [&window, embeddings, step = parser.value(stepOption).toInt()] {
                    // The view's rotation method: supervised where the corpus has train pairs.
                    embeddings->showStep(step, window.embeddingsView()->supervised());
                },
                Qt::SingleShotConnection);
        QObject::connect(
            embeddings, &isomorph::gui::EmbeddingsController::stepShown, embeddings,
            [&window] { window.embeddingsView()->scatter()->highlightRandomPairs(5, 1); },
            Qt::SingleShotConnection);
        window.showView(QStringLiteral("embeddings"));
        embeddings->openCheckpoint(QDir(parser.value(embeddingsOption)).absolutePath());
    }
    return app.exec();
}

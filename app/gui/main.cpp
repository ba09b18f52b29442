// isomorph: the Qt workbench. Training never runs in this process (it launches isomorph-cli);
// interactive analysis runs in worker threads.

#include <iostream>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QMessageBox>
#include <QTimer>

#include "app/gui/log_bridge.h"
#include "app/gui/main_window.h"
#include "app/gui/ui_language.h"
#include "core/common/version.h"
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
        QApplication::translate("main",
                                "Show this view of the workspace: overview, runs or search."),
        QStringLiteral("view"));
    parser.addOption(workspaceOption);
    parser.addOption(demoOption);
    QCommandLineOption selectOption(
        QStringLiteral("select"),
        QApplication::translate("main",
                                "Select these runs (folder names, comma-separated) in the "
                                "Runs view, e.g. to compare them."),
        QStringLiteral("runs"));
    parser.addOption(viewOption);
    parser.addOption(selectOption);
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
    return app.exec();
}

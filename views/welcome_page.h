#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QLabel;

namespace isomorph::views {

/// What the main window shows while no workspace is open: create, open, the demo workspace,
/// and the recently used workspaces.
class WelcomePage : public QWidget {
    Q_OBJECT

  public:
    explicit WelcomePage(QWidget* parent = nullptr);
    void setRecentWorkspaces(const QStringList& paths);

  Q_SIGNALS:
    void newWorkspaceRequested();
    void openWorkspaceRequested();
    void demoWorkspaceRequested();
    void recentWorkspaceRequested(const QString& path);

  private:
    QListWidget* recent_;
    QLabel* recentEmpty_;
};

}  // namespace isomorph::views

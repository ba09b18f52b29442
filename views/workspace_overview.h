#pragma once

#include <QStringList>
#include <QWidget>

class QLabel;
class QTreeWidget;

namespace isomorph::views {

/// Plain description of an open workspace, filled by the app from core's Workspace.
struct WorkspaceSummary {
    QString name;
    QString path;
    QString created;  ///< ISO-8601 UTC
    bool writable = true;
    QStringList corpora, tokenizers, runs, indexes;
};

/// The workspace's first tab: where it lives and what its folders hold right now.
class WorkspaceOverview : public QWidget {
    Q_OBJECT

  public:
    explicit WorkspaceOverview(QWidget* parent = nullptr);
    void setSummary(const WorkspaceSummary& summary);
    const WorkspaceSummary& summary() const { return summary_; }

  Q_SIGNALS:
    void refreshRequested();

  private:
    WorkspaceSummary summary_;
    QLabel* header_;
    QTreeWidget* contents_;
};

}  // namespace isomorph::views

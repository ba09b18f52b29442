#pragma once

#include <QHash>
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
    QStringList corpora, tokenizers, runs, indexes, models;
    /// What training, the views and the demo start from, and why not a better one ("" when it
    /// is the imported multilingual encoder).
    QString start, startWhy;
    /// One line per entry, keyed "FOLDER/NAME" (e.g. "runs/demo-...-hictl-demo": "finished
    /// (step limit) · step 1,000 / 1,000 · best dev bitext accuracy 45.40%").
    QHash<QString, QString> details;
};

/// The workspace's first tab: where it lives and what its folders hold right now, a line of
/// details each. Activating a run or an index asks the app to show it (entryActivated); other
/// entries open in the file manager.
class WorkspaceOverview : public QWidget {
    Q_OBJECT

  public:
    explicit WorkspaceOverview(QWidget* parent = nullptr);
    void setSummary(const WorkspaceSummary& summary);
    const WorkspaceSummary& summary() const { return summary_; }

    QTreeWidget* contentsTree() const { return contents_; }

  Q_SIGNALS:
    void refreshRequested();
    /// A run ("runs") or index ("indexes") was double-clicked or Enter was pressed on it.
    void entryActivated(const QString& folder, const QString& path);

  private:
    WorkspaceSummary summary_;
    QLabel* header_;
    QTreeWidget* contents_;
};

}  // namespace isomorph::views

#pragma once

// Feeds the Runs view: discovers run directories (the workspace's and attached ones), follows
// the selected runs' metrics.jsonl incrementally on worker threads, starts `isomorph-cli train`
// as child processes, stops (SIGINT) and resumes them. The GUI never trains in its own process.

#include <memory>

#include <QFutureWatcher>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QStringList>

class QFileSystemWatcher;
class QTimer;

namespace isomorph::views {
class RunsModel;
class RunsView;
struct RunRow;
}  // namespace isomorph::views

namespace isomorph::gui {

struct FollowBatch;
struct FollowState;

class RunsController : public QObject {
    Q_OBJECT
  public:
    RunsController(views::RunsView* view, views::RunsModel* model, QObject* parent = nullptr);
    ~RunsController() override;

    /// The workspace whose runs/ folder is listed (empty: none). Attached folders are
    /// remembered per workspace (QSettings) and listed too.
    void setWorkspace(const QString& root);
    QString workspace() const { return workspace_; }
    /// The runs listed (rows update after each rescan, see rescanned()).
    const views::RunsModel* model() const { return model_; }

    /// Starts `isomorph-cli train ARGS --run-dir DIR` (output appended to DIR/console.log).
    /// Returns false with *error when the CLI cannot be found or started.
    bool launch(const QString& runDir, const QStringList& trainArgs, QString* error = nullptr);
    /// SIGINT to each running run started on this machine: it checkpoints and exits.
    void stop(const QStringList& dirs);
    /// `isomorph-cli train --run-dir DIR --resume` for each.
    void resume(const QStringList& dirs);
    void attach(const QString& dir);

    /// Run directories of child processes still running.
    QStringList runningChildren() const;
    /// Lets child processes run on after the GUI exits (their output goes to console.log).
    void detachChildren();

    /// Scans every run now (on a worker thread); `rescanned` follows.
    void rescan();
    /// Follows these runs (the view's selection): their charts are refilled and kept current.
    void follow(const QStringList& dirs);
    /// Polls the followed runs now (normally a timer does it every 250 ms).
    void poll();

    /// Selects these runs in the view as soon as a scan lists them.
    void selectWhenListed(const QStringList& dirs);

    /// Path of the CLI the GUI launches (next to the GUI executable, or $ISOMORPH_CLI).
    static QString cliPath();

  Q_SIGNALS:
    void message(const QString& text);
    void rescanned();
    void polled();  ///< a poll's points reached the charts

  private:
    void applyBatches(const QVector<FollowBatch>& batches);
    /// The view's charts from what the followed runs declare (RunsView::setCharts); new charts
    /// get every followed run and its events so far.
    void updateCharts();
    /// Re-reads a followed run from the start (a chart appeared for points already read).
    void refill(const QString& dir);
    QString runName(const QString& dir) const;
    void updateDetails();
    QStringList attachedRuns() const;

    views::RunsView* view_;
    views::RunsModel* model_;
    QString workspace_;
    QTimer* scanTimer_;
    QTimer* pollTimer_;
    QFileSystemWatcher* watcher_;  ///< followed metrics files: poll at once when they grow
    QFutureWatcher<QVector<views::RunRow>>* scanWatcher_;
    QFutureWatcher<QVector<FollowBatch>>* pollWatcher_;
    QMap<QString, std::shared_ptr<FollowState>> followed_;
    QStringList followOrder_;  ///< the followed runs in selection order (first one's specs win)
    int nextColor_ = 0;        ///< palette index of the next followed run
    QMap<QString, QPointer<QProcess>> children_;
    QMap<QString, QString> launchErrors_;  ///< dir -> why a child failed at start
    bool rescanAgain_ = false;
    bool scanning_ = false;        ///< a scan's result is not applied yet
    bool polling_ = false;         ///< a poll's result is not applied yet
    int workspaceGeneration_ = 0;  ///< bumped by setWorkspace: stale scan results are dropped
    int scanGeneration_ = 0;       ///< generation of the scan in flight
    bool selectNewest_ = false;
    QStringList selectPending_;  ///< selectWhenListed()  ///< select the newest run after the
                                 ///< workspace's first scan
    int detailsTick_ = 0;
};

}  // namespace isomorph::gui

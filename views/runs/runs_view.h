#pragma once

// The Runs view: the workspace's runs (table), live charts of the selected runs overlaid, and the
// details of the current run (summary, config, log tail, checkpoints). Qt only: the app's
// RunsController fills it and acts on its signals.

#include <QHash>
#include <QMap>
#include <QStringList>
#include <QWidget>

#include "views/runs/metric_catalog.h"

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSlider;
class QTableView;
class QTabWidget;

namespace isomorph::views {

class MetricChart;
class RunsModel;

/// The details pane of one run, as plain text the controller reads from the run directory.
struct RunDetails {
    QString dir;
    QString summary;          ///< elapsed, ETA, last and best metrics (rich text allowed)
    QString config;           ///< config.toml
    QString logTail;          ///< the end of log.txt
    QStringList checkpoints;  ///< names, newest first ("step-00000200 (latest, best)")
};

class RunsView : public QWidget {
    Q_OBJECT
  public:
    explicit RunsView(RunsModel* model, QWidget* parent = nullptr);

    /// The charts, by metrics.jsonl key, in display order.
    QStringList chartKeys() const { return keys_; }
    /// The chart of `key`, or nullptr when no selected run charts it.
    MetricChart* chart(const QString& key) const { return charts_.value(key); }
    /// Shows one chart per entry, in this order (chartList() of the selected runs): charts of
    /// keys no longer listed are deleted, kept ones keep their runs and points, new ones start
    /// empty with the view's smoothing, axis and scale. Returns the keys of the new charts.
    QStringList setCharts(const QVector<MetricSpec>& specs);
    /// The entry a chart was made from (a default entry for unknown keys).
    MetricSpec chartSpec(const QString& key) const { return specs_.value(key); }
    QStringList selectedRuns() const;
    /// Selects the run's row (added to the selection with `add`).
    void selectRun(const QString& dir, bool add = false);
    void setDetails(const RunDetails& details);
    /// A short rich-text explanation above the charts (the live demo); empty hides it.
    void setExplanation(const QString& html);
    QTableView* table() const { return table_; }
    /// Draws runs that differ only in their seed (a sweep's settings, seedGroupOf) as one curve
    /// per setting: the mean over its seeds with a band of +- one standard deviation; their own
    /// curves are hidden. The checkbox above the charts turns it on; it is shown when two
    /// selected runs share a setting.
    void setMeanOverSeeds(bool on);
    bool meanOverSeeds() const;
    /// Recomputes the means over seeds from the charts' points (the controller calls it after
    /// feeding new points or changing the runs on the charts). Cheap when it is off.
    void refreshSeedGroups();
    /// The x axis "Chained steps": a run whose model.init is another listed run's
    /// checkpoint (RunRow::continues) is drawn from that checkpoint's step, chained through
    /// earlier stages. Off: every run from its own step 0.
    bool stagesChained() const;
    void setStagesChained(bool on);
    /// Steps `dir` is drawn shifted by (0 unless chained).
    double stepOffset(const QString& dir) const;
    /// Sets every chart's offsets from the rows (the controller calls it after adding runs to
    /// charts; the view after axis changes and rescans); recomputes the means over seeds only
    /// when an offset changed.
    void applyStepOffsets();
    /// Chart run id of a setting's mean curve.
    static QString seedGroupRunId(const QString& group) { return QStringLiteral("seeds:") + group; }

  Q_SIGNALS:
    void newRunRequested();
    void attachRequested(const QString& dir);
    void stopRequested(const QStringList& dirs);
    void resumeRequested(const QStringList& dirs);
    void selectionChanged(const QStringList& dirs);
    void openInEmbeddingsRequested(const QString& checkpoint);
    void openInSearchRequested(const QString& checkpoint);

  private:
    void updateButtons();
    void exportChart(MetricChart* chart);
    MetricChart* makeChart(const MetricSpec& spec);
    void layOutCharts();

    RunsModel* model_;
    QTableView* table_;
    QCheckBox* seedMean_ = nullptr;
    /// Points of a setting's seeds when its mean was last computed, by chart key and run ids.
    QHash<QString, qsizetype> seedGroupPoints_;
    QStringList keys_;
    QMap<QString, MetricChart*> charts_;
    QMap<QString, MetricSpec> specs_;
    QGridLayout* grid_;
    QLabel* noCharts_;
    QSlider* smoothing_;
    QComboBox* xAxis_;
    QCheckBox* logY_;
    QTabWidget* details_;
    QLabel* summary_;
    QLabel* explanation_;
    QPlainTextEdit* config_;
    QPlainTextEdit* log_;
    QListWidget* checkpoints_;
    QString detailsDir_;
    QPushButton* stop_;
    QPushButton* resume_;
};

}  // namespace isomorph::views

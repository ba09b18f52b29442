#pragma once

#include <memory>
#include <vector>

#include <QColor>
#include <QList>
#include <QString>
#include <QWidget>

#include "views/charts/chart_events.h"
#include "views/charts/metric_series.h"

class QPainter;

namespace isomorph::views {

struct ChartDecimation;
struct ChartDecimationParams;
struct ChartYScale;

/// A live line chart of one metric for one or more runs (the Runs view has one per metric).
///
/// Usage: addRun() for each selected run, then appendPoints() as RUN/metrics.jsonl grows and
/// addEvent() for its `event` lines. Each run is drawn as an EMA-smoothed curve with the raw
/// curve faint behind it, over a step or wall-time x-axis, optionally log-scaled y. The mouse
/// shows a crosshair with each run's nearest value; the wheel zooms x, a double click returns
/// to the automatic range.
///
/// Painting never touches the full data: every run keeps a min/max decimated polyline (one
/// column per device pixel) for the current x range, smoothing, scale and width. Appends extend
/// it in O(new points); anything that invalidates it (resize, zoom, axis, smoothing, the x range
/// growing past its headroom) recomputes it on a worker thread (QtConcurrent) while the stale
/// polyline stays on screen. Small series are recomputed in place (cheaper than a thread hop).
class MetricChart : public QWidget {
    Q_OBJECT

  public:
    /// One run's value at the crosshair: the point nearest to the cursor's x.
    struct CrosshairValue {
        QString runId;
        QString runName;
        QColor color;
        double step = 0.0;
        double time = 0.0;
        double value = 0.0;     // raw
        double smoothed = 0.0;  // equals value when smoothing is 0
    };

    explicit MetricChart(QWidget* parent = nullptr);
    ~MetricChart() override;

    /// The metric shown (metrics.jsonl key, e.g. "loss/mlm"); changing it clears every run's
    /// points and events, since they belong to the previous metric. `title` defaults to key.
    void setMetric(const QString& key, const QString& title = QString());
    QString metricKey() const { return key_; }
    QString title() const { return title_; }
    /// The title as drawn at the current width: elided when it does not fit, and then shown in
    /// full by the title's tooltip.
    QString visibleTitle() const;
    /// Rich text for the title's tooltip (what the metric is, which way is better); empty: the
    /// tooltip shows the title, and only when it is elided.
    void setDescription(const QString& richText);

    /// Color `i` of the ten-color palette runs are drawn in (cycles), so that several charts
    /// can give a run the same color.
    static QColor paletteColor(int i);
    /// Adds a run (or renames/recolors an existing one). An invalid color picks the next one
    /// of the palette.
    void addRun(const QString& runId, const QString& displayName, const QColor& color = QColor());
    void removeRun(const QString& runId);
    QStringList runIds() const;
    /// Appends points to a run added before. Times are seconds since the run started. Unknown
    /// ids and columns of different length are ignored with a warning.
    void appendPoints(const QString& runId, const QList<double>& steps, const QList<double>& times,
                      const QList<double>& values);
    void appendPoint(const QString& runId, double step, double time, double value);
    void addEvent(const QString& runId, const ChartEvent& event);
    /// Keeps a run's data (series(), exports) but draws nothing of it: no curve, legend entry,
    /// events or crosshair value. The Runs view hides the seeds of a sweep setting it draws as
    /// their mean.
    void setRunHidden(const QString& runId, bool hidden);
    /// Draws a run `offset` steps to the right on the step axis: a run that continues another
    /// run's checkpoint starts where that checkpoint was taken (the Runs view's chained axis).
    /// Applies to its points, events and band, given before or after; series() and the CSV
    /// export hold the shifted steps. 0 (the default) draws the run's own steps.
    void setStepOffset(const QString& runId, double offset);
    double stepOffset(const QString& runId) const;
    /// The colour a run is drawn in (invalid for an unknown run).
    QColor runColor(const QString& runId) const;
    bool runHidden(const QString& runId) const;
    /// A translucent band in the run's colour between `lower` and `upper` at `steps` (at `times`
    /// on the wall-time axis): the spread around a mean curve. Empty lists remove it. The y
    /// range includes the band.
    void setBand(const QString& runId, const QList<double>& steps, const QList<double>& times,
                 const QList<double>& lower, const QList<double>& upper);
    /// Removes all runs and events.
    void clear();
    /// The raw data of a run, or nullptr.
    const MetricSeries* series(const QString& runId) const;

    /// EMA weight in [0, 0.999] (TensorBoard's slider); 0 draws the raw curve only.
    void setSmoothing(double weight);
    double smoothing() const { return smoothing_; }
    void setXAxis(XAxis axis);
    XAxis xAxis() const { return axis_; }
    void setLogY(bool logY);
    bool logY() const { return logY_; }
    /// The legend lists the runs that have points. Hide it when several charts share one
    /// legend outside them.
    void setLegendVisible(bool visible);
    /// Fixed x range (zoom); resetXRange() returns to the automatic one that follows the data.
    void setXRange(double xmin, double xmax);
    void resetXRange();
    /// The x range in data units (steps or seconds) currently shown.
    std::pair<double, double> xRange() const;

    /// Export what is shown, at the widget's size. All three are written atomically
    /// (writePngExport and friends, views/export_file.h). Return false and set *error on failure.
    bool exportPng(const QString& path, QString* error = nullptr);
    bool exportSvg(const QString& path, QString* error = nullptr);
    /// All raw points of all runs (NaN included): run,step,time,value with CRLF line ends and
    /// RFC 4180 quoting; `run` is the run id.
    bool exportCsv(const QString& path, QString* error = nullptr) const;

    /// Values under the crosshair; empty when the mouse is not over the plot.
    QList<CrosshairValue> crosshairValues() const { return crosshair_; }
    /// Whether any run waits for a decimation job; the stale polyline is drawn meanwhile.
    bool decimationPending() const;
    /// Blocks until pending jobs finish and installs their results (exports call it).
    void finishDecimation();
    /// Points fed to decimators since construction (raw and smoothed curves counted
    /// separately): shows that appends cost O(new points) and repaints cost nothing.
    qint64 pointsDecimated() const { return pointsDecimated_; }

    QSize sizeHint() const override { return {560, 320}; }
    QSize minimumSizeHint() const override { return {240, 160}; }

  Q_SIGNALS:
    /// The crosshair moved to data x (steps or seconds); values via crosshairValues().
    void crosshairMoved(double x);
    void crosshairHidden();

  protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

  private:
    struct Run;
    struct Layout;

    Run* findRun(const QString& runId) const;
    /// The events drawn for `run`: none while it has no point on this chart.
    static const QList<ChartEvent>& eventsShown(const Run& run);
    Layout layoutFor(const QRectF& rect, const QFontMetricsF& metrics,
                     const QFontMetricsF& titleMetrics) const;
    Layout widgetLayout() const;
    QFont titleFont() const;
    ChartDecimationParams wantedParams() const;
    void refreshAll();
    void refresh(Run& run, const ChartDecimationParams& want);
    void startJob(Run& run, const ChartDecimationParams& want);
    void install(Run& run, ChartDecimation&& result);
    void catchUp(Run& run);
    void updateAutoRange();
    ChartYScale yScale(double xmin, double xmax) const;
    void updateCrosshair(const QPointF& pos);

    void paintChart(QPainter& painter, const QRectF& rect, bool interactive) const;
    void paintHeader(QPainter& painter, const Layout& layout) const;
    void paintAxes(QPainter& painter, const Layout& layout, const ChartYScale& y) const;
    void paintCurves(QPainter& painter, const Layout& layout, const ChartYScale& y) const;
    void paintEvents(QPainter& painter, const Layout& layout) const;
    void paintCrosshair(QPainter& painter, const Layout& layout, const ChartYScale& y) const;

    QString key_;
    QString title_;
    QString description_;
    std::vector<std::unique_ptr<Run>> runs_;
    double smoothing_ = 0.6;
    XAxis axis_ = XAxis::Step;
    bool logY_ = false;
    bool legendVisible_ = true;
    bool manualRange_ = false;
    double viewMin_ = 0.0;  // the x range shown (manual, or automatic with headroom)
    double viewMax_ = 1.0;
    bool hasAutoRange_ = false;
    int nextColor_ = 0;
    qint64 pointsDecimated_ = 0;
    bool hover_ = false;
    QPointF mouse_;
    QList<CrosshairValue> crosshair_;
};

}  // namespace isomorph::views

#include "views/charts/metric_chart.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <QFutureWatcher>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QPointer>
#include <QToolTip>
#include <QWheelEvent>
#include <QtConcurrent/QtConcurrentRun>

#include "views/charts/chart_axes.h"
#include "views/charts/chart_decimation.h"
#include "views/csv_field.h"
#include "views/export_file.h"

namespace isomorph::views {

namespace {

// Below this many points a run is decimated in place: a thread hop costs more than the work.
constexpr qsizetype kSyncPoints = 20000;
// Automatic x range: room left after the newest point, as a fraction of the data span, so a
// growing run re-decimates from scratch only every few percent of growth.
constexpr double kHeadroom = 0.03;
constexpr double kPadding = 8.0;  // around the header and plot, in pixels
constexpr double kInf = std::numeric_limits<double>::infinity();

const QColor kPalette[] = {QColor(0x4e79a7), QColor(0xf28e2b), QColor(0xe15759), QColor(0x59a14f),
                           QColor(0x76b7b2), QColor(0xedc948), QColor(0xb07aa1), QColor(0xff9da7),
                           QColor(0x9c755f), QColor(0xbab0ac)};

// CSV numbers: integral values as integers (steps), others in the shortest exact form.
QString csvNumber(double v) {
    if (std::isfinite(v) && v == std::floor(v) && std::abs(v) < 1e15)
        return QString::number(static_cast<qint64>(v));
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

// A curve drawn strong (about 1.7 px). A wide pen makes QPainter stroke the polyline into an
// outline and fill it, ~5 ms per noisy 1000-column curve (4 runs: under 20 fps); antialiased
// hairlines take the raster engine's fast path, so on raster devices three of them offset by
// 0.7 px (thick in every direction) look the same at a third of the cost. Vector output (SVG)
// gets the real pen.
// A curve of one point (a metric logged once so far, as early in a run) is a dot: a polyline
// of one point draws nothing.
void drawStrongLine(QPainter& painter, const QPolygonF& line, const QColor& color) {
    if (line.size() == 1) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawEllipse(line.first(), 2.5, 2.5);
        painter.setBrush(Qt::NoBrush);
        return;
    }
    const QPaintEngine* engine = painter.paintEngine();
    if (engine && engine->type() != QPaintEngine::Raster) {
        painter.setPen(QPen(color, 1.7, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter.drawPolyline(line);
        return;
    }
    QPen pen(color, 1.0);
    pen.setCosmetic(true);
    painter.setPen(pen);
    painter.drawPolyline(line);
    painter.drawPolyline(line.translated(0.7, 0.0));
    painter.drawPolyline(line.translated(0.0, 0.7));
}

qsizetype nearestIndex(const QList<double>& x, bool sorted, double target) {
    if (x.isEmpty()) return -1;
    if (sorted) {
        const qsizetype i = std::lower_bound(x.begin(), x.end(), target) - x.begin();
        if (i == 0) return 0;
        if (i == x.size()) return i - 1;
        return target - x[i - 1] <= x[i] - target ? i - 1 : i;
    }
    qsizetype best = -1;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (qsizetype i = 0; i < x.size(); ++i) {
        const double d = std::abs(x[i] - target);
        if (d < bestDistance) bestDistance = d, best = i;
    }
    return best;
}

}  // namespace

struct MetricChart::Run {
    QString id;
    QString name;
    QColor color;
    bool hidden = false;      ///< setRunHidden: data kept, nothing drawn
    double stepOffset = 0.0;  ///< setStepOffset: added to every step this run is given
    struct Band {
        QList<double> steps, times, lower, upper;
    } band;  ///< setBand; empty: none
    MetricSeries series;
    QList<ChartEvent> events;
    double xLo[2] = {kInf, kInf};  // finite x extent per axis (Step, WallTime)
    double xHi[2] = {-kInf, -kInf};
    std::optional<ChartDecimation> cache;
    // The pending decimation. The chart owns its watchers as Qt children; a run only points at
    // its job and retires it with deleteLater (it may be inside the watcher's finished signal),
    // so the chart's destructor deletes any watcher still alive.
    QPointer<QFutureWatcher<ChartDecimation>> job;
    ChartDecimationParams jobParams;

    ~Run() { dropJob(); }
    void dropJob() {
        if (!job) return;
        job->disconnect();
        job->deleteLater();
        job = nullptr;
    }
    void extendRange(qsizetype from) {
        for (int a = 0; a < 2; ++a) {
            const QList<double>& x = a == 0 ? series.steps : series.times;
            for (qsizetype i = from; i < x.size(); ++i) {
                if (!std::isfinite(x[i])) continue;
                xLo[a] = std::min(xLo[a], x[i]);
                xHi[a] = std::max(xHi[a], x[i]);
            }
        }
    }
    void resetData() {
        series.clear();
        events.clear();
        xLo[0] = xLo[1] = kInf;
        xHi[0] = xHi[1] = -kInf;
        cache.reset();
        dropJob();
    }
};

struct MetricChart::Layout {
    QRectF rect;
    QRectF title;
    QString titleText;  // elided to the width
    struct LegendItem {
        QRectF rect;
        const Run* run;
    };
    QList<LegendItem> legend;
    QRectF plot;
};

MetricChart::MetricChart(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

MetricChart::~MetricChart() = default;

// -- data ---------------------------------------------------------------------------------------

void MetricChart::setMetric(const QString& key, const QString& title) {
    if (key != key_)
        for (auto& run : runs_)
            run->resetData();
    key_ = key;
    title_ = title.isEmpty() ? key : title;
    for (auto& run : runs_)
        run->series.key = key;
    hasAutoRange_ = false;
    refreshAll();
    update();
}

QColor MetricChart::paletteColor(int i) {
    const int n = static_cast<int>(std::size(kPalette));
    return kPalette[((i % n) + n) % n];
}

QString MetricChart::visibleTitle() const {
    return widgetLayout().titleText;
}

void MetricChart::setDescription(const QString& richText) {
    description_ = richText;
}

void MetricChart::addRun(const QString& runId, const QString& displayName, const QColor& color) {
    Run* run = findRun(runId);
    if (!run) {
        runs_.push_back(std::make_unique<Run>());
        run = runs_.back().get();
        run->id = runId;
        run->series.runId = runId;
        run->series.key = key_;
        run->color = kPalette[nextColor_++ % std::size(kPalette)];
    }
    run->name = displayName.isEmpty() ? runId : displayName;
    run->series.runName = run->name;
    if (color.isValid()) run->color = color;
    update();
}

void MetricChart::removeRun(const QString& runId) {
    runs_.erase(std::remove_if(runs_.begin(), runs_.end(),
                               [&](const auto& run) { return run->id == runId; }),
                runs_.end());
    hasAutoRange_ = false;
    refreshAll();
    update();
}

QStringList MetricChart::runIds() const {
    QStringList ids;
    for (const auto& run : runs_)
        ids.append(run->id);
    return ids;
}

void MetricChart::appendPoints(const QString& runId, const QList<double>& steps,
                               const QList<double>& times, const QList<double>& values) {
    Run* run = findRun(runId);
    if (!run) {
        qWarning("MetricChart::appendPoints: unknown run '%s' (call addRun first)",
                 qUtf8Printable(runId));
        return;
    }
    if (steps.size() != values.size() || times.size() != values.size()) {
        // A caller bug, but an exception must not unwind through Qt's event loop.
        qWarning("MetricChart::appendPoints: run '%s': columns of different length ignored",
                 qUtf8Printable(runId));
        return;
    }
    const qsizetype from = run->series.size();
    if (run->stepOffset != 0.0) {
        QList<double> shifted = steps;
        for (double& x : shifted)
            x += run->stepOffset;
        run->series.append(shifted, times, values);
    } else {
        run->series.append(steps, times, values);
    }
    run->extendRange(from);
    refreshAll();
    if (hover_) updateCrosshair(mouse_);
    update();
}

void MetricChart::appendPoint(const QString& runId, double step, double time, double value) {
    appendPoints(runId, {step}, {time}, {value});
}

void MetricChart::addEvent(const QString& runId, const ChartEvent& event) {
    Run* run = findRun(runId);
    if (!run) {
        qWarning("MetricChart::addEvent: unknown run '%s'", qUtf8Printable(runId));
        return;
    }
    run->events.append(event);
    run->events.back().step += run->stepOffset;
    update();
}

void MetricChart::clear() {
    runs_.clear();
    nextColor_ = 0;
    hasAutoRange_ = false;
    crosshair_.clear();
    update();
}

void MetricChart::setRunHidden(const QString& runId, bool hidden) {
    Run* run = findRun(runId);
    if (!run || run->hidden == hidden) return;
    run->hidden = hidden;
    crosshair_.clear();
    if (hover_) updateCrosshair(mouse_);
    update();
}

QColor MetricChart::runColor(const QString& runId) const {
    const Run* run = findRun(runId);
    return run ? run->color : QColor();
}

bool MetricChart::runHidden(const QString& runId) const {
    const Run* run = findRun(runId);
    return run && run->hidden;
}

void MetricChart::setBand(const QString& runId, const QList<double>& steps,
                          const QList<double>& times, const QList<double>& lower,
                          const QList<double>& upper) {
    Run* run = findRun(runId);
    if (!run) return;
    if (times.size() != steps.size() || lower.size() != steps.size() ||
        upper.size() != steps.size()) {
        qWarning("MetricChart::setBand: run '%s': columns of different length ignored",
                 qUtf8Printable(runId));
        return;
    }
    run->band = {steps, times, lower, upper};
    for (double& x : run->band.steps)
        x += run->stepOffset;
    update();
}

void MetricChart::setStepOffset(const QString& runId, double offset) {
    Run* run = findRun(runId);
    if (!run || run->stepOffset == offset) return;
    const double delta = offset - run->stepOffset;
    run->stepOffset = offset;
    for (double& x : run->series.steps)
        x += delta;
    for (ChartEvent& e : run->events)
        e.step += delta;
    for (double& x : run->band.steps)
        x += delta;
    // The step extent and any polyline drawn from the old steps are stale.
    run->xLo[0] = kInf;
    run->xHi[0] = -kInf;
    run->extendRange(0);
    run->dropJob();
    run->cache.reset();
    hasAutoRange_ = false;
    refreshAll();
    crosshair_.clear();
    if (hover_) updateCrosshair(mouse_);
    update();
}

double MetricChart::stepOffset(const QString& runId) const {
    const Run* run = findRun(runId);
    return run ? run->stepOffset : 0.0;
}

const MetricSeries* MetricChart::series(const QString& runId) const {
    const Run* run = findRun(runId);
    return run ? &run->series : nullptr;
}

MetricChart::Run* MetricChart::findRun(const QString& runId) const {
    for (const auto& run : runs_)
        if (run->id == runId) return run.get();
    return nullptr;
}

// -- view settings ------------------------------------------------------------------------------

void MetricChart::setSmoothing(double weight) {
    smoothing_ = std::clamp(weight, 0.0, kMaxSmoothingWeight);
    refreshAll();
    if (hover_) updateCrosshair(mouse_);
    update();
}

void MetricChart::setXAxis(XAxis axis) {
    if (axis == axis_) return;
    axis_ = axis;
    manualRange_ = false;  // a step range means nothing in seconds
    hasAutoRange_ = false;
    refreshAll();
    update();
}

void MetricChart::setLogY(bool logY) {
    logY_ = logY;
    refreshAll();
    update();
}

void MetricChart::setLegendVisible(bool visible) {
    legendVisible_ = visible;
    refreshAll();  // the plot height changes, its width does not; cheap either way
    update();
}

void MetricChart::setXRange(double xmin, double xmax) {
    if (!(xmax > xmin) || !std::isfinite(xmin) || !std::isfinite(xmax)) return;
    manualRange_ = true;
    viewMin_ = xmin;
    viewMax_ = xmax;
    refreshAll();
    if (hover_) updateCrosshair(mouse_);
    update();
}

void MetricChart::resetXRange() {
    manualRange_ = false;
    hasAutoRange_ = false;
    refreshAll();
    update();
}

std::pair<double, double> MetricChart::xRange() const {
    return {viewMin_, viewMax_};
}

// -- decimation ---------------------------------------------------------------------------------

const QList<ChartEvent>& MetricChart::eventsShown(const Run& run) {
    // A compared run that never logged this metric (another objective's loss) has no curve
    // here: its starts, checkpoints and ends would mark a chart it is not on.
    static const QList<ChartEvent> none;
    return run.series.isEmpty() || run.hidden ? none : run.events;
}

void MetricChart::updateAutoRange() {
    if (manualRange_) return;
    const int a = axis_ == XAxis::Step ? 0 : 1;
    double lo = kInf, hi = -kInf;
    for (const auto& run : runs_)
        lo = std::min(lo, run->xLo[a]), hi = std::max(hi, run->xHi[a]);
    if (!(lo <= hi)) {
        hasAutoRange_ = false;
        return;
    }
    const double span = hi - lo;
    // Keep the range while the data fits and the empty part stays small, so appends only
    // extend the decimation instead of restarting it.
    const bool fits = hasAutoRange_ && viewMin_ == lo && hi <= viewMax_ &&
                      (span <= 0.0 || viewMax_ - lo <= span * (1.0 + 3.0 * kHeadroom));
    if (fits) return;
    if (span <= 0.0) {
        // One x value (a run's first evaluation, at step 0): the range starts there rather
        // than centring on it, so a fresh run's charts do not show negative steps or seconds.
        // A twentieth of the width before it keeps its dot off the frame; ticks start at it.
        const double width = std::max(axis_ == XAxis::Step ? 10.0 : 1.0, std::abs(lo) * 0.1);
        viewMin_ = lo - 0.05 * width;
        viewMax_ = lo + width;
    } else {
        const double tick = niceNumber(span / 20.0, true);
        viewMin_ = lo;
        viewMax_ = std::ceil((hi + span * kHeadroom) / tick) * tick;
    }
    hasAutoRange_ = true;
}

ChartDecimationParams MetricChart::wantedParams() const {
    const Layout layout = widgetLayout();
    ChartDecimationParams p;
    p.axis = axis_;
    p.logY = logY_;
    p.weight = smoothing_;
    p.xmin = viewMin_;
    p.xmax = viewMax_;
    p.buckets = std::max(1, static_cast<int>(std::ceil(layout.plot.width() * devicePixelRatioF())));
    return p;
}

void MetricChart::refreshAll() {
    updateAutoRange();
    const ChartDecimationParams want = wantedParams();
    for (auto& run : runs_)
        refresh(*run, want);
}

void MetricChart::refresh(Run& run, const ChartDecimationParams& want) {
    if (run.cache && run.cache->params == want) {
        catchUp(run);
        return;
    }
    if (run.job && run.jobParams == want) return;  // already on its way
    if (run.series.size() <= kSyncPoints) {
        run.dropJob();
        const MetricSeries& s = run.series;
        install(run,
                ChartDecimation::compute(s.xs(want.axis), s.values, s.xSorted(want.axis), want));
        return;
    }
    startJob(run, want);
}

void MetricChart::startJob(Run& run, const ChartDecimationParams& want) {
    run.dropJob();  // its result would be outdated; the future runs out and is discarded
    run.jobParams = want;
    run.job = new QFutureWatcher<ChartDecimation>(this);
    QFutureWatcher<ChartDecimation>* watcher = run.job;
    Run* target = &run;  // stable: runs live in unique_ptrs, and the watcher dies with the run
    connect(watcher, &QFutureWatcherBase::finished, this, [this, target, watcher] {
        if (target->job != watcher) return;
        ChartDecimation result = watcher->result();
        target->dropJob();
        install(*target, std::move(result));
        refresh(*target, wantedParams());  // the view may have moved on meanwhile
        update();
    });
    // The worker gets implicitly shared copies of the columns: appends meanwhile detach.
    const MetricSeries& s = run.series;
    watcher->setFuture(QtConcurrent::run(&ChartDecimation::compute, s.xs(want.axis), s.values,
                                         s.xSorted(want.axis), want));
}

void MetricChart::install(Run& run, ChartDecimation&& result) {
    pointsDecimated_ += result.fed;
    run.cache = std::move(result);
    catchUp(run);
}

void MetricChart::catchUp(Run& run) {
    if (!run.cache) return;
    pointsDecimated_ += run.cache->extend(run.series.xs(run.cache->params.axis), run.series.values);
}

bool MetricChart::decimationPending() const {
    return std::any_of(runs_.begin(), runs_.end(),
                       [](const auto& run) { return !run->job.isNull(); });
}

void MetricChart::finishDecimation() {
    refreshAll();
    for (auto& run : runs_) {
        if (!run->job) continue;
        run->job->waitForFinished();
        ChartDecimation result = run->job->result();
        run->dropJob();
        install(*run, std::move(result));
    }
    // Results computed for params that changed while waiting: redo them here, synchronously.
    const ChartDecimationParams want = wantedParams();
    for (auto& run : runs_)
        if (!run->cache || !(run->cache->params == want)) {
            const MetricSeries& s = run->series;
            install(*run, ChartDecimation::compute(s.xs(want.axis), s.values, s.xSorted(want.axis),
                                                   want));
        }
}

// -- layout and scales --------------------------------------------------------------------------

QFont MetricChart::titleFont() const {
    QFont bold = font();
    bold.setBold(true);
    return bold;
}

MetricChart::Layout MetricChart::widgetLayout() const {
    return layoutFor(QRectF(rect()), QFontMetricsF(font()), QFontMetricsF(titleFont()));
}

MetricChart::Layout MetricChart::layoutFor(const QRectF& rect, const QFontMetricsF& fm,
                                           const QFontMetricsF& titleFm) const {
    Layout layout;
    layout.rect = rect;
    const double line = std::max(fm.height(), titleFm.height());
    // Measured in the bold font it is drawn in; elided (tooltip in full) rather than clipped.
    const double room = std::max(0.0, rect.width() - 2 * kPadding);
    layout.titleText = titleFm.horizontalAdvance(title_) <= room
                           ? title_
                           : titleFm.elidedText(title_, Qt::ElideRight, room);
    // A little slack: drawText clips to the rectangle, and rounding must not cut a pixel.
    const double titleWidth =
        std::min(room, std::ceil(titleFm.horizontalAdvance(layout.titleText)) + 2.0);
    layout.title = QRectF(rect.left() + kPadding, rect.top() + kPadding, titleWidth, line);
    double x = layout.title.right() + (title_.isEmpty() ? 0.0 : 18.0);
    double y = layout.title.top();
    const double right = rect.right() - kPadding;
    if (legendVisible_) {
        for (const auto& run : runs_) {
            // Runs without this metric (another objective, an older version) are not listed.
            if (run->series.size() == 0 || run->hidden) continue;
            const double width = 22.0 + fm.horizontalAdvance(run->name);
            if (x + width > right && x > rect.left() + kPadding + 1.0) {
                x = rect.left() + kPadding;
                y += line + 2.0;
            }
            layout.legend.append({QRectF(x, y, width, line), run.get()});
            x += width + 14.0;
        }
    }
    const double headerBottom = y + line + 8.0;
    const double yLabels = fm.horizontalAdvance(QStringLiteral("-0.00000"));
    const double left = rect.left() + kPadding + yLabels + 6.0;
    const double bottom = rect.bottom() - kPadding - 2.0 * line - 6.0;
    // The last x tick label is centred on the plot's right edge.
    const double plotRight =
        rect.right() - kPadding - fm.horizontalAdvance(QStringLiteral("00000")) / 2;
    layout.plot = QRectF(left, headerBottom, std::max(10.0, plotRight - left),
                         std::max(10.0, bottom - headerBottom));
    return layout;
}

ChartYScale MetricChart::yScale(double xmin, double xmax) const {
    double lo = kInf, hi = -kInf;
    const ChartDecimationParams want = wantedParams();
    for (const auto& run : runs_) {
        if (run->hidden || !run->cache || !run->cache->params.drawableFor(want)) continue;
        for (const QPolygonF* line : {&run->cache->rawLine, &run->cache->smoothLine})
            for (const QPointF& p : *line)
                if (p.x() >= xmin && p.x() <= xmax)
                    lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
        const auto& b = run->band;
        const QList<double>& bx = axis_ == XAxis::Step ? b.steps : b.times;
        for (qsizetype i = 0; i < bx.size(); ++i)
            if (bx[i] >= xmin && bx[i] <= xmax)
                for (double v : {b.lower[i], b.upper[i]})
                    if (std::isfinite(v) && (!logY_ || v > 0.0))
                        lo = std::min(lo, v), hi = std::max(hi, v);
    }
    return chartYScale(lo, hi, logY_);
}

// -- painting -----------------------------------------------------------------------------------

void MetricChart::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    paintChart(painter, QRectF(rect()), true);
}

void MetricChart::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    refreshAll();
}

void MetricChart::paintChart(QPainter& painter, const QRectF& rect, bool interactive) const {
    painter.fillRect(rect, palette().base());
    painter.setFont(font());
    const Layout layout =
        layoutFor(rect, painter.fontMetrics(), QFontMetricsF(titleFont(), painter.device()));
    paintHeader(painter, layout);
    const ChartYScale y = yScale(viewMin_, viewMax_);
    if (!y.valid) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(layout.plot, Qt::AlignCenter,
                         decimationPending() ? tr("Loading…") : tr("No data yet"));
        return;
    }
    paintAxes(painter, layout, y);
    paintEvents(painter, layout);
    paintCurves(painter, layout, y);
    if (interactive && hover_ && !crosshair_.isEmpty()) paintCrosshair(painter, layout, y);
}

void MetricChart::paintHeader(QPainter& painter, const Layout& layout) const {
    painter.setFont(titleFont());
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(layout.title, Qt::AlignLeft | Qt::AlignVCenter, layout.titleText);
    painter.setFont(font());
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (const auto& item : layout.legend) {
        const double mid = item.rect.center().y();
        painter.setPen(QPen(item.run->color, 3.0, Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(QPointF(item.rect.left() + 2, mid), QPointF(item.rect.left() + 16, mid));
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(item.rect.adjusted(22, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                         item.run->name);
    }
}

void MetricChart::paintAxes(QPainter& painter, const Layout& layout, const ChartYScale& y) const {
    const QRectF& plot = layout.plot;
    const QColor grid(0, 0, 0, 22);
    const QColor label = palette().color(QPalette::PlaceholderText).darker(130);
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setFont(font());
    const QFontMetricsF fm = painter.fontMetrics();

    for (double t : y.ticks) {
        const double py = y.toPixel(t, plot);
        painter.setPen(grid);
        painter.drawLine(QPointF(plot.left(), py), QPointF(plot.right(), py));
        painter.setPen(label);
        const QString text = y.log && y.step == 0.0 ? tickLabel(t, t) : tickLabel(t, y.step);
        painter.drawText(QRectF(layout.rect.left(), py - fm.height() / 2,
                                plot.left() - 6 - layout.rect.left(), fm.height()),
                         Qt::AlignRight | Qt::AlignVCenter, text);
    }

    // Wall time reads better in the largest unit that still gives a few ticks.
    double unit = 1.0;
    QString axisName = tr("step");
    if (axis_ == XAxis::WallTime) {
        unit = wallTimeUnit(viewMax_ - viewMin_);
        axisName = unit == 3600 ? tr("wall time (h)")
                   : unit == 60 ? tr("wall time (min)")
                                : tr("wall time (s)");
    }
    const double lo = viewMin_ / unit, hi = viewMax_ / unit;
    const int maxTicks = std::max(2, static_cast<int>(plot.width() / 80.0));
    const ChartXTicks x = chartXTicks(lo, hi, maxTicks);
    const double step = x.step;
    for (double t : x.ticks) {
        const double px = plot.left() + (t - lo) / (hi - lo) * plot.width();
        painter.setPen(grid);
        painter.drawLine(QPointF(px, plot.top()), QPointF(px, plot.bottom()));
        painter.setPen(label);
        painter.drawText(QRectF(px - 50, plot.bottom() + 4, 100, fm.height()), Qt::AlignCenter,
                         tickLabel(std::abs(t) < step * 1e-9 ? 0.0 : t, step));
    }
    painter.drawText(
        QRectF(plot.left(), plot.bottom() + 4 + fm.height(), plot.width(), fm.height() + 2),
        Qt::AlignRight | Qt::AlignVCenter, axisName);
    painter.setPen(QColor(0, 0, 0, 70));
    painter.drawRect(plot);
}

void MetricChart::paintCurves(QPainter& painter, const Layout& layout, const ChartYScale& y) const {
    const QRectF& plot = layout.plot;
    const ChartDecimationParams want = wantedParams();
    const double scale = plot.width() / (viewMax_ - viewMin_);
    auto toPixels = [&](const QPolygonF& line) {
        QPolygonF out(line.size());
        for (qsizetype i = 0; i < line.size(); ++i)
            out[i] = QPointF(std::clamp(plot.left() + (line[i].x() - viewMin_) * scale, -1e5, 1e5),
                             y.toPixel(line[i].y(), plot));
        return out;
    };
    painter.save();
    painter.setClipRect(plot.adjusted(0, -1, 1, 1));
    painter.setRenderHint(QPainter::Antialiasing, true);
    // Bands (spread over seeds) under every curve.
    for (const auto& run : runs_) {
        const auto& b = run->band;
        if (run->hidden || b.steps.isEmpty()) continue;
        const QList<double>& bx = axis_ == XAxis::Step ? b.steps : b.times;
        QPolygonF area;
        for (int side = 0; side < 2; ++side)
            for (qsizetype k = 0; k < bx.size(); ++k) {
                const qsizetype i = side == 0 ? k : bx.size() - 1 - k;
                const double v = side == 0 ? b.upper[i] : b.lower[i];
                if (!std::isfinite(bx[i]) || !std::isfinite(v) || (logY_ && v <= 0.0)) continue;
                area.append(QPointF(plot.left() + (bx[i] - viewMin_) * scale, y.toPixel(v, plot)));
            }
        QColor fill = run->color;
        fill.setAlphaF(0.18);
        painter.setPen(Qt::NoPen);
        painter.setBrush(fill);
        painter.drawPolygon(area);
    }
    // All faint raw curves first, so no run's raw curve covers another run's smoothed one.
    for (const auto& run : runs_) {
        if (run->hidden || !run->cache || !run->cache->params.drawableFor(want)) continue;
        const bool smoothed = !run->cache->smoothLine.isEmpty();
        if (!smoothed) {
            drawStrongLine(painter, toPixels(run->cache->rawLine), run->color);
            continue;
        }
        QColor faint = run->color;
        faint.setAlphaF(0.22);
        QPen pen(faint, 1.0);
        pen.setCosmetic(true);  // the raster engine's fast path for hairlines
        painter.setPen(pen);
        painter.drawPolyline(toPixels(run->cache->rawLine));
    }
    for (const auto& run : runs_) {
        if (run->hidden || !run->cache || !run->cache->params.drawableFor(want)) continue;
        if (run->cache->smoothLine.isEmpty()) continue;
        drawStrongLine(painter, toPixels(run->cache->smoothLine), run->color);
    }
    painter.restore();
}

void MetricChart::paintEvents(QPainter& painter, const Layout& layout) const {
    const QRectF& plot = layout.plot;
    struct Marker {
        double x;
        ChartEventStyle style;
        QColor runColor;
    };
    QList<Marker> markers;
    for (const auto& run : runs_)
        for (const ChartEvent& e : eventsShown(*run)) {
            const double v = axis_ == XAxis::Step ? e.step : e.time;
            if (!(v >= viewMin_ && v <= viewMax_)) continue;
            const double px = plot.left() + (v - viewMin_) / (viewMax_ - viewMin_) * plot.width();
            markers.append({std::round(px) + 0.5, chartEventStyle(e.kind), run->color});
        }
    if (markers.isEmpty()) return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    for (const Marker& m : markers) {
        QColor c = m.style.color;
        c.setAlpha(m.style.minor ? 70 : 150);
        painter.setPen(QPen(c, 1.0, m.style.minor ? Qt::DotLine : Qt::DashLine));
        painter.drawLine(QPointF(m.x, plot.top()), QPointF(m.x, plot.bottom()));
        painter.fillRect(QRectF(m.x - 2, plot.bottom() - 4, 5, 4), m.runColor);  // whose event
    }
    // Tags at the top; important kinds first, then minor ones only where they do not collide.
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    painter.setFont(small);
    const QFontMetricsF fm(small);
    QList<QRectF> taken;
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (bool minor : {false, true})
        for (const Marker& m : markers) {
            if (m.style.minor != minor) continue;
            const double w = fm.horizontalAdvance(m.style.tag) + 6;
            QRectF tag(m.x + 2, plot.top() + 2, w, fm.height() + 1);
            if (tag.right() > plot.right()) tag.moveRight(m.x - 2);
            const bool collides = std::any_of(taken.begin(), taken.end(), [&](const QRectF& r) {
                return r.adjusted(-3, 0, 3, 0).intersects(tag);
            });
            if (collides) continue;
            taken.append(tag);
            painter.setPen(Qt::NoPen);
            painter.setBrush(QColor(255, 255, 255, 220));
            painter.drawRoundedRect(tag, 3, 3);
            painter.setPen(m.style.color.darker(115));
            painter.drawText(tag, Qt::AlignCenter, m.style.tag);
        }
    painter.restore();
}

void MetricChart::paintCrosshair(QPainter& painter, const Layout& layout,
                                 const ChartYScale& y) const {
    const QRectF& plot = layout.plot;
    if (!plot.contains(mouse_)) return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(QPen(QColor(0, 0, 0, 110), 1.0, Qt::DashLine));
    painter.drawLine(QPointF(mouse_.x(), plot.top()), QPointF(mouse_.x(), plot.bottom()));
    painter.setRenderHint(QPainter::Antialiasing, true);

    const QFontMetricsF fm = painter.fontMetrics();
    const bool smoothing = smoothing_ > 0.0;
    const double scale = plot.width() / (viewMax_ - viewMin_);
    QStringList lines;
    const double x0 = (mouse_.x() - plot.left()) / scale + viewMin_;
    lines.append(axis_ == XAxis::Step ? tr("step %1").arg(std::llround(x0))
                                      : tr("time %1").arg(durationLabel(x0)));
    for (const CrosshairValue& v : crosshair_) {
        const double shown = smoothing ? v.smoothed : v.value;
        const double px =
            plot.left() + ((axis_ == XAxis::Step ? v.step : v.time) - viewMin_) * scale;
        if (std::isfinite(shown) && (!logY_ || shown > 0)) {
            painter.setPen(QPen(Qt::white, 1.5));
            painter.setBrush(v.color);
            painter.drawEllipse(QPointF(px, y.toPixel(shown, plot)), 3.5, 3.5);
        }
        QString text = QStringLiteral("%1  %2").arg(v.runName, valueLabel(shown));
        if (smoothing) text += QStringLiteral("  (%1)").arg(valueLabel(v.value));
        if (axis_ == XAxis::Step && std::llround(v.step) != std::llround(x0))
            text += QStringLiteral("  @%1").arg(std::llround(v.step));
        lines.append(text);
    }
    // Events under the cursor explain the markers' short tags.
    for (const auto& run : runs_)
        for (const ChartEvent& e : eventsShown(*run)) {
            const double v = axis_ == XAxis::Step ? e.step : e.time;
            if (std::abs(plot.left() + (v - viewMin_) * scale - mouse_.x()) > 4.0) continue;
            lines.append(QStringLiteral("%1 · %2%3")
                             .arg(chartEventStyle(e.kind).tag, run->name,
                                  e.text.isEmpty() ? QString() : ": " + e.text));
        }

    double width = 0.0;
    for (const QString& l : lines)
        width = std::max(width, fm.horizontalAdvance(l));
    QRectF box(0, 0, width + 26, lines.size() * fm.height() + 10);
    box.moveTopLeft(mouse_ + QPointF(14, 14));
    if (box.right() > layout.rect.right() - 2) box.moveRight(mouse_.x() - 14);
    if (box.bottom() > layout.rect.bottom() - 2) box.moveBottom(mouse_.y() - 14);
    // A box wider than either side of the cursor stays inside the widget.
    if (box.left() < layout.rect.left() + 2) box.moveLeft(layout.rect.left() + 2);
    if (box.top() < layout.rect.top() + 2) box.moveTop(layout.rect.top() + 2);
    painter.setPen(QColor(0, 0, 0, 60));
    painter.setBrush(QColor(255, 255, 255, 235));
    painter.drawRoundedRect(box, 4, 4);
    for (int i = 0; i < lines.size(); ++i) {
        const QRectF row(box.left() + 8, box.top() + 5 + i * fm.height(), box.width() - 12,
                         fm.height());
        QRectF textRow = row;
        if (i >= 1 && i <= crosshair_.size()) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(crosshair_[i - 1].color);
            painter.drawEllipse(QPointF(row.left() + 4, row.center().y()), 3.5, 3.5);
        }
        textRow.setLeft(row.left() + (i >= 1 ? 12 : 0));
        painter.setPen(i == 0 ? palette().color(QPalette::Text) : QColor(0x30, 0x30, 0x30));
        painter.drawText(textRow, Qt::AlignLeft | Qt::AlignVCenter, lines[i]);
    }
    painter.restore();
}

// -- mouse --------------------------------------------------------------------------------------

bool MetricChart::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    // Only the title has a tooltip: over the plot the crosshair box tells the values.
    const auto* help = static_cast<QHelpEvent*>(event);
    const Layout layout = widgetLayout();
    const bool elided = layout.titleText != title_;
    if (layout.title.contains(help->pos()) && (elided || !description_.isEmpty())) {
        QToolTip::showText(help->globalPos(), description_.isEmpty() ? title_ : description_, this,
                           layout.title.toAlignedRect());
    } else {
        QToolTip::hideText();
        event->ignore();
    }
    return true;
}

void MetricChart::updateCrosshair(const QPointF& pos) {
    const Layout layout = widgetLayout();
    crosshair_.clear();
    if (!layout.plot.contains(pos)) return;
    const double x =
        viewMin_ + (pos.x() - layout.plot.left()) / layout.plot.width() * (viewMax_ - viewMin_);
    for (const auto& run : runs_) {
        if (run->hidden) continue;
        const MetricSeries& s = run->series;
        const qsizetype i = nearestIndex(s.xs(axis_), s.xSorted(axis_), x);
        if (i < 0) continue;
        CrosshairValue v{run->id,    run->name,   run->color, s.steps[i],
                         s.times[i], s.values[i], s.values[i]};
        if (run->cache && i < run->cache->smoothed.size()) v.smoothed = run->cache->smoothed[i];
        crosshair_.append(v);
    }
}

void MetricChart::mouseMoveEvent(QMouseEvent* event) {
    hover_ = true;
    mouse_ = event->position();
    updateCrosshair(mouse_);
    update();
    if (crosshair_.isEmpty()) {
        Q_EMIT crosshairHidden();
        return;
    }
    const Layout layout = widgetLayout();
    Q_EMIT crosshairMoved(viewMin_ + (mouse_.x() - layout.plot.left()) / layout.plot.width() *
                                         (viewMax_ - viewMin_));
}

void MetricChart::leaveEvent(QEvent*) {
    hover_ = false;
    crosshair_.clear();
    update();
    Q_EMIT crosshairHidden();
}

void MetricChart::wheelEvent(QWheelEvent* event) {
    const Layout layout = widgetLayout();
    if (!layout.plot.contains(event->position()) || event->angleDelta().y() == 0) return;
    const double factor = std::pow(0.85, event->angleDelta().y() / 120.0);
    const double center = viewMin_ + (event->position().x() - layout.plot.left()) /
                                         layout.plot.width() * (viewMax_ - viewMin_);
    const double lo = center - (center - viewMin_) * factor;
    const double hi = center + (viewMax_ - center) * factor;
    if (hi - lo > 1e-9 * std::max(1.0, std::abs(center))) setXRange(lo, hi);
    event->accept();
}

void MetricChart::mouseDoubleClickEvent(QMouseEvent*) {
    resetXRange();
}

// -- export -------------------------------------------------------------------------------------

bool MetricChart::exportPng(const QString& path, QString* error) {
    finishDecimation();
    const auto paint = [this](QPainter& painter) { paintChart(painter, QRectF(rect()), false); };
    if (writePngExport(path, {size(), devicePixelRatioF()}, paint)) return true;
    if (error) *error = tr("Cannot write the PNG file %1").arg(path);
    return false;
}

bool MetricChart::exportSvg(const QString& path, QString* error) {
    finishDecimation();
    SvgExportOptions options;
    options.size = size();
    options.viewBox = rect();
    options.resolution = logicalDpiX();
    options.title = title_;
    options.description = tr("Isomorph metric chart: %1").arg(key_);
    const auto paint = [this](QPainter& painter) { paintChart(painter, QRectF(rect()), false); };
    if (writeSvgExport(path, options, paint)) return true;
    if (error) *error = tr("Cannot write the SVG file %1").arg(path);
    return false;
}

bool MetricChart::exportCsv(const QString& path, QString* error) const {
    const auto rows = [this](CsvExportSink& out) {
        out << "run,step,time,value\r\n";
        for (const auto& run : runs_) {
            const QByteArray id = csvField(run->id).toUtf8();
            const MetricSeries& s = run->series;
            for (qsizetype i = 0; i < s.size(); ++i)
                out << id + ',' + csvNumber(s.steps[i]).toLatin1() + ',' +
                           csvNumber(s.times[i]).toLatin1() + ',' +
                           csvNumber(s.values[i]).toLatin1() + "\r\n";
        }
    };
    QString reason;
    if (writeCsvExport(path, rows, &reason)) return true;
    if (error) *error = tr("Cannot write %1: %2").arg(path, reason);
    return false;
}

}  // namespace isomorph::views

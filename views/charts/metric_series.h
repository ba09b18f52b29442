#pragma once

#include <QList>
#include <QPolygonF>
#include <QString>

namespace isomorph::views {

/// What a chart's x-axis shows.
enum class XAxis { Step, WallTime };

/// One metric of one run as plain columns. Points are only ever appended (a follower reads
/// RUN/metrics.jsonl in increments) and nothing is dropped: NaN/Inf values are kept for export
/// and skipped only when drawing.
///
/// The columns are QLists rather than std::vectors on purpose: a decimation job on a worker
/// thread holds an implicitly shared snapshot while the GUI thread keeps appending (the append
/// detaches), so no lock is needed and the worker never sees a reallocation.
struct MetricSeries {
    QString runId;
    QString runName;
    QString key;           // metrics.jsonl field, e.g. "loss/mlm"
    QList<double> steps;   // optimizer step
    QList<double> times;   // seconds since the run started (metrics.jsonl `elapsed`)
    QList<double> values;  // may hold NaN/Inf

    /// Whether steps/times are non-decreasing, so lookups can binary search. A run resumed
    /// from an earlier checkpoint repeats steps and clears stepsSorted (wall time stays sorted).
    bool stepsSorted = true;
    bool timesSorted = true;

    qsizetype size() const { return values.size(); }
    bool isEmpty() const { return values.isEmpty(); }
    const QList<double>& xs(XAxis axis) const { return axis == XAxis::Step ? steps : times; }
    bool xSorted(XAxis axis) const { return axis == XAxis::Step ? stepsSorted : timesSorted; }

    void append(double step, double time, double value);
    /// Appends columns of equal length; throws std::invalid_argument (naming the run and key)
    /// when they differ, since that is a bug in the caller, not bad data.
    void append(const QList<double>& newSteps, const QList<double>& newTimes,
                const QList<double>& newValues);
    void clear();
};

/// Running state of emaSmooth, so a series that grows can be smoothed in increments.
struct EmaState {
    double last = 0.0;         // biased running average
    double weightPower = 1.0;  // w^n, n = finite values seen; the debiasing divides by 1 - w^n
};

/// Largest smoothing weight accepted; at 1 the average would never move.
inline constexpr double kMaxSmoothingWeight = 0.999;

/// TensorBoard's debiased exponential moving average: last = last*w + (1-w)*v, reported as
/// last / (1 - w^n) with n the number of finite values so far, so the curve starts at the
/// first value instead of creeping up from zero. Non-finite values pass through unchanged and
/// do not update the average. weight 0 returns the values; weights are clamped to
/// [0, kMaxSmoothingWeight]. Output has the input's length.
QList<double> emaSmooth(const QList<double>& values, double weight);

/// Smooths values[from, to) continuing from state, appending to out (the increment of
/// emaSmooth: smoothing a whole series in pieces gives the same numbers).
void emaSmoothAppend(const QList<double>& values, qsizetype from, qsizetype to, double weight,
                     EmaState& state, QList<double>& out);

/// Incremental min/max ("M4") decimation for drawing: x in [xmin, xmax] is split into
/// `buckets` equal columns (one per device pixel); each run of consecutive points in one column
/// is reduced to its first, min, max and last point, in data order. Drawn as a polyline this is
/// pixel-identical to the full data: every extreme survives, and the segments between columns
/// are the original ones. Points left of xmin / right of xmax collapse to their first and last
/// point, which keeps the lines that enter and leave the view.
///
/// Points with non-finite x or y are skipped, as are y <= 0 on a log scale. Works in O(1) per
/// point for any x order; sorted input only makes the polyline short (<= 4 points per column).
class MinMaxDecimator {
  public:
    MinMaxDecimator() = default;
    MinMaxDecimator(double xmin, double xmax, int buckets, bool logY);

    void add(double x, double y);
    void add(const QList<double>& x, const QList<double>& y, qsizetype from, qsizetype to);

    /// The reduced points in data coordinates, including the still open column.
    QPolygonF polyline() const;
    /// Points fed so far (skipped ones included).
    qint64 pointsSeen() const { return seen_; }

  private:
    struct Bucket {
        int index = 0;
        QPointF first, min, max, last;
        qint64 firstSeq = 0, minSeq = 0, maxSeq = 0, lastSeq = 0;
    };
    int bucketOf(double x) const;
    void appendBucket(const Bucket& bucket, QPolygonF& out) const;

    double xmin_ = 0.0;
    double xmax_ = 1.0;
    double scale_ = 1.0;  // buckets per x unit
    int buckets_ = 1;
    bool logY_ = false;
    QPolygonF closed_;
    Bucket open_;
    bool hasOpen_ = false;
    qint64 seq_ = 0;
    qint64 seen_ = 0;
};

/// Options of decimateMinMax.
struct DecimateOptions {
    bool logY = false;     // skip y <= 0
    bool xSorted = false;  // x is non-decreasing: binary search the view range, O(view + log n)
};

/// Reduces (x, y) to the points needed to draw x in [xmin, xmax] at `buckets` columns (see
/// MinMaxDecimator); x and y have equal length. With xSorted only the points in the view plus
/// the nearest drawable neighbour on each side are visited.
QPolygonF decimateMinMax(const QList<double>& x, const QList<double>& y, double xmin, double xmax,
                         int buckets, DecimateOptions options = {});

/// The range [from, to) of a sorted x that decimateMinMax visits for [xmin, xmax]: the points
/// inside plus one drawable neighbour on each side so lines reach the plot's edges.
std::pair<qsizetype, qsizetype> sortedViewRange(const QList<double>& x, const QList<double>& y,
                                                double xmin, double xmax, bool logY);

}  // namespace isomorph::views

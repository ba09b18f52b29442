#include "views/charts/metric_series.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace isomorph::views {

namespace {

bool nonDecreasingFrom(const QList<double>& x, qsizetype from) {
    for (qsizetype i = std::max<qsizetype>(from, 1); i < x.size(); ++i)
        if (!(x[i] >= x[i - 1])) return false;  // NaN compares false: no binary search then
    return true;
}

bool drawable(double x, double y, bool logY) {
    return std::isfinite(x) && std::isfinite(y) && (!logY || y > 0.0);
}

}  // namespace

void MetricSeries::append(double step, double time, double value) {
    append(QList<double>{step}, QList<double>{time}, QList<double>{value});
}

void MetricSeries::append(const QList<double>& newSteps, const QList<double>& newTimes,
                          const QList<double>& newValues) {
    if (newSteps.size() != newValues.size() || newTimes.size() != newValues.size())
        throw std::invalid_argument(
            QStringLiteral("MetricSeries::append: run '%1', metric '%2': %3 steps, %4 times and "
                           "%5 values (columns must have equal length)")
                .arg(runId, key)
                .arg(newSteps.size())
                .arg(newTimes.size())
                .arg(newValues.size())
                .toStdString());
    const qsizetype from = size();
    steps.append(newSteps);
    times.append(newTimes);
    values.append(newValues);
    stepsSorted = stepsSorted && nonDecreasingFrom(steps, from);
    timesSorted = timesSorted && nonDecreasingFrom(times, from);
}

void MetricSeries::clear() {
    steps.clear();
    times.clear();
    values.clear();
    stepsSorted = timesSorted = true;
}

QList<double> emaSmooth(const QList<double>& values, double weight) {
    QList<double> out;
    EmaState state;
    emaSmoothAppend(values, 0, values.size(), weight, state, out);
    return out;
}

void emaSmoothAppend(const QList<double>& values, qsizetype from, qsizetype to, double weight,
                     EmaState& state, QList<double>& out) {
    const double w = std::clamp(weight, 0.0, kMaxSmoothingWeight);
    out.reserve(out.size() + (to - from));
    for (qsizetype i = from; i < to; ++i) {
        const double v = values[i];
        if (!std::isfinite(v) || w == 0.0) {
            out.append(v);
            continue;
        }
        state.last = state.last * w + (1.0 - w) * v;
        state.weightPower *= w;
        out.append(state.last / (1.0 - state.weightPower));
    }
}

MinMaxDecimator::MinMaxDecimator(double xmin, double xmax, int buckets, bool logY)
    : xmin_(xmin), xmax_(xmax), buckets_(std::max(1, buckets)), logY_(logY) {
    scale_ = xmax > xmin ? buckets_ / (xmax - xmin) : 0.0;
}

int MinMaxDecimator::bucketOf(double x) const {
    if (x < xmin_) return -1;
    if (x > xmax_) return buckets_;
    // x == xmax belongs to the last column, not to the "right of the view" one.
    return std::min(buckets_ - 1, static_cast<int>((x - xmin_) * scale_));
}

void MinMaxDecimator::add(double x, double y) {
    ++seen_;
    if (!drawable(x, y, logY_)) return;
    const QPointF p(x, y);
    const qint64 seq = seq_++;
    const int index = bucketOf(x);
    if (!hasOpen_ || index != open_.index) {
        if (hasOpen_) appendBucket(open_, closed_);
        open_ = Bucket{index, p, p, p, p, seq, seq, seq, seq};
        hasOpen_ = true;
        return;
    }
    if (y < open_.min.y()) open_.min = p, open_.minSeq = seq;
    if (y > open_.max.y()) open_.max = p, open_.maxSeq = seq;
    open_.last = p;
    open_.lastSeq = seq;
}

void MinMaxDecimator::add(const QList<double>& x, const QList<double>& y, qsizetype from,
                          qsizetype to) {
    for (qsizetype i = from; i < to; ++i)
        add(x[i], y[i]);
}

void MinMaxDecimator::appendBucket(const Bucket& b, QPolygonF& out) const {
    out.append(b.first);
    const bool outside = b.index < 0 || b.index >= buckets_;
    if (!outside) {
        // min and max in data order, so the vertical stroke is drawn the way the data went.
        const bool minFirst = b.minSeq <= b.maxSeq;
        const qint64 seqs[2] = {minFirst ? b.minSeq : b.maxSeq, minFirst ? b.maxSeq : b.minSeq};
        const QPointF pts[2] = {minFirst ? b.min : b.max, minFirst ? b.max : b.min};
        qint64 previous = b.firstSeq;
        for (int k = 0; k < 2; ++k) {
            if (seqs[k] == previous || seqs[k] == b.lastSeq) continue;
            out.append(pts[k]);
            previous = seqs[k];
        }
    }
    // Outside the view, first and last are enough: the segment between them is invisible.
    if (b.lastSeq != b.firstSeq) out.append(b.last);
}

QPolygonF MinMaxDecimator::polyline() const {
    QPolygonF out = closed_;
    if (hasOpen_) appendBucket(open_, out);
    return out;
}

std::pair<qsizetype, qsizetype> sortedViewRange(const QList<double>& x, const QList<double>& y,
                                                double xmin, double xmax, bool logY) {
    qsizetype from = std::lower_bound(x.begin(), x.end(), xmin) - x.begin();
    qsizetype to = std::upper_bound(x.begin(), x.end(), xmax) - x.begin();
    // One drawable neighbour on each side; skipped values (NaN, <= 0 on log) are rare, so these
    // loops are short.
    while (from > 0 && !drawable(x[from - 1], y[from - 1], logY))
        --from;
    if (from > 0) --from;
    while (to < x.size() && !drawable(x[to], y[to], logY))
        ++to;
    if (to < x.size()) ++to;
    return {from, to};
}

QPolygonF decimateMinMax(const QList<double>& x, const QList<double>& y, double xmin, double xmax,
                         int buckets, DecimateOptions options) {
    const qsizetype n = std::min(x.size(), y.size());
    qsizetype from = 0;
    qsizetype to = n;
    if (options.xSorted && x.size() == y.size())
        std::tie(from, to) = sortedViewRange(x, y, xmin, xmax, options.logY);
    MinMaxDecimator decimator(xmin, xmax, buckets, options.logY);
    decimator.add(x, y, from, to);
    return decimator.polyline();
}

}  // namespace isomorph::views

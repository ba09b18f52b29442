#include "views/charts/chart_decimation.h"

#include <utility>

namespace isomorph::views {

ChartDecimation ChartDecimation::compute(const QList<double>& x, const QList<double>& y,
                                         bool sorted, const ChartDecimationParams& p) {
    ChartDecimation d;
    d.params = p;
    d.count = y.size();
    d.raw = MinMaxDecimator(p.xmin, p.xmax, p.buckets, p.logY);
    d.smooth = d.raw;
    d.feedRange(d.raw, x, y, sorted);
    if (p.weight > 0.0) {
        emaSmoothAppend(y, 0, y.size(), p.weight, d.ema, d.smoothed);
        d.feedRange(d.smooth, x, d.smoothed, sorted);
    }
    d.refreshLines();
    return d;
}

// Sorted x: only the view and its two neighbours; appends continue after them, which is right
// because whatever lies between is outside the view and invisible.
void ChartDecimation::feedRange(MinMaxDecimator& decimator, const QList<double>& x,
                                const QList<double>& y, bool sorted) {
    auto [from, to] = sorted ? sortedViewRange(x, y, params.xmin, params.xmax, params.logY)
                             : std::pair<qsizetype, qsizetype>(0, y.size());
    decimator.add(x, y, from, to);
    fed += to - from;
}

qint64 ChartDecimation::extend(const QList<double>& x, const QList<double>& y) {
    const qsizetype n = y.size();
    if (n <= count) return 0;
    raw.add(x, y, count, n);
    qint64 work = n - count;
    if (params.weight > 0.0) {
        emaSmoothAppend(y, count, n, params.weight, ema, smoothed);
        smooth.add(x, smoothed, count, n);
        work += n - count;
    }
    count = n;
    refreshLines();
    return work;
}

void ChartDecimation::refreshLines() {
    rawLine = raw.polyline();
    smoothLine = params.weight > 0.0 ? smooth.polyline() : QPolygonF();
}

}  // namespace isomorph::views

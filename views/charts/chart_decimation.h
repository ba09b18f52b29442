#pragma once

#include <QList>
#include <QPolygonF>

#include "views/charts/metric_series.h"

namespace isomorph::views {

/// What a run's decimated polyline was computed for; any difference means recomputing.
struct ChartDecimationParams {
    XAxis axis = XAxis::Step;
    bool logY = false;
    double weight = 0.0;  // EMA smoothing weight; 0: no smoothed curve
    double xmin = 0.0;    // the x range shown, data units
    double xmax = 1.0;
    int buckets = 1;  // columns: the plot's width in device pixels

    bool operator==(const ChartDecimationParams& o) const {
        return axis == o.axis && logY == o.logY && weight == o.weight && xmin == o.xmin &&
               xmax == o.xmax && buckets == o.buckets;
    }
    /// A stale polyline may stand in while a new one is computed only in the same coordinates.
    bool drawableFor(const ChartDecimationParams& o) const {
        return axis == o.axis && logY == o.logY;
    }
};

/// A run's decimated curves (raw and EMA-smoothed, min/max per column): computed in full from
/// a series' columns (maybe on a worker thread, so it holds no pointers into the series), then
/// extended by appends in O(new points).
struct ChartDecimation {
    ChartDecimationParams params;
    qsizetype count = 0;     // series points consumed
    QList<double> smoothed;  // EMA of every value; empty when weight is 0
    EmaState ema;
    MinMaxDecimator raw;
    MinMaxDecimator smooth;
    QPolygonF rawLine;  // data coordinates, refreshed whenever points are fed
    QPolygonF smoothLine;
    qint64 fed = 0;  // points fed by the full pass

    /// From scratch: x and values of one series (equal lengths), `sorted` when x ascends.
    static ChartDecimation compute(const QList<double>& x, const QList<double>& y, bool sorted,
                                   const ChartDecimationParams& p);
    /// Feeds the points after `count` (the series grew); returns the points fed (raw and
    /// smoothed counted separately).
    qint64 extend(const QList<double>& x, const QList<double>& y);

  private:
    void feedRange(MinMaxDecimator& decimator, const QList<double>& x, const QList<double>& y,
                   bool sorted);
    void refreshLines();
};

}  // namespace isomorph::views

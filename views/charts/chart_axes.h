#pragma once

#include <algorithm>
#include <cmath>

#include <QList>
#include <QRectF>
#include <QString>

namespace isomorph::views {

/// Axis maths of MetricChart: "nice" tick steps, tick and value labels, the y range and its
/// ticks (linear or log10). Plain functions of numbers, no widget state.

/// The nice number (1, 2 or 5 times a power of ten) nearest to `range` (round) or at least
/// `range` (not round); Heckbert's "Nice numbers for graph labels".
double niceNumber(double range, bool round);

/// A tick label: as few decimals as the tick step needs; k/M suffixes for large step counts,
/// exponent form for very large or small values ("1e-5").
QString tickLabel(double value, double step);
/// A crosshair value: four significant digits.
QString valueLabel(double value);
/// Seconds as h:mm:ss.
QString durationLabel(double seconds);

/// The y-axis: range and ticks in value units; on a log scale lo/hi are log10 of the range.
struct ChartYScale {
    bool log = false;
    double lo = 0.0;
    double hi = 1.0;
    double step = 0.1;  // linear tick step (log: the decade step for labels; 0: label each tick
                        // in its own precision)
    QList<double> ticks;
    bool valid = false;  // false: no finite data to scale

    double toPixel(double v, const QRectF& plot) const {
        const double t = ((log ? std::log10(v) : v) - lo) / (hi - lo);
        return std::clamp(plot.bottom() - t * plot.height(), -1e5, 1e5);
    }
};

/// The y scale that shows values from `lo` to `hi` (the smallest and largest drawn value; a
/// log scale needs both positive) with a little padding; invalid unless lo <= hi.
ChartYScale chartYScale(double lo, double hi, bool log);

/// Ticks of the x-axis from lo to hi (data units), at most about `maxTicks`: the step and the
/// tick values (rounding may leave a tick meant to be 0 a billionth of a step off; labels
/// snap it).
struct ChartXTicks {
    double step = 1.0;
    QList<double> ticks;
};
ChartXTicks chartXTicks(double lo, double hi, int maxTicks);

/// The wall-time unit the x-axis reads best in for a span of seconds: the largest that still
/// gives a few ticks (3600, 60 or 1).
double wallTimeUnit(double spanSeconds);

}  // namespace isomorph::views

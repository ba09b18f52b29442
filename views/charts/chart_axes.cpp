#include "views/charts/chart_axes.h"

#include <QLatin1String>

namespace isomorph::views {

namespace {

// "1e-05" -> "1e-5": Qt's exponent format is wider than axis labels need.
QString compactExponent(QString text) {
    text.replace(QLatin1String("e+0"), QLatin1String("e")).replace(QLatin1String("e+"), "e");
    text.replace(QLatin1String("e-0"), QLatin1String("e-"));
    return text;
}

// Less than a decade shown: plain nice ticks in value space.
void shortLogTicks(ChartYScale& s) {
    const double a = std::pow(10.0, s.lo), b = std::pow(10.0, s.hi);
    s.step = niceNumber((b - a) / 4.0, true);
    for (double t = std::ceil(a / s.step) * s.step; t <= b; t += s.step)
        s.ticks.append(t);
}

ChartYScale logScale(double lo, double hi) {
    ChartYScale s;
    s.log = true;
    s.valid = true;
    lo = std::log10(lo), hi = std::log10(hi);
    if (hi - lo < 1e-9) lo -= 0.5, hi += 0.5;
    const double pad = (hi - lo) * 0.03;
    s.lo = lo - pad, s.hi = hi + pad;
    const double decades = s.hi - s.lo;
    if (decades < 1.0) {
        shortLogTicks(s);
        return s;
    }
    const int every = std::max(1, static_cast<int>(std::ceil(decades / 8.0)));
    for (int e = static_cast<int>(std::floor(s.lo)); e <= std::ceil(s.hi); e += every)
        for (double m : decades < 2.5 ? QList<double>{1, 2, 5} : QList<double>{1}) {
            const double t = m * std::pow(10.0, e);
            if (std::log10(t) >= s.lo && std::log10(t) <= s.hi) s.ticks.append(t);
        }
    s.step = 0.0;  // labels in exponent form where needed
    return s;
}

ChartYScale linearScale(double lo, double hi) {
    ChartYScale s;
    s.valid = true;
    if (hi - lo < 1e-12 * std::max(1.0, std::abs(hi))) {
        const double half = std::max(std::abs(hi) * 0.1, 1e-9);
        lo -= half, hi += half;
    }
    const double pad = (hi - lo) * 0.03;
    s.step = niceNumber((hi - lo + 2 * pad) / 5.0, true);
    s.lo = std::floor((lo - pad) / s.step) * s.step;
    s.hi = std::ceil((hi + pad) / s.step) * s.step;
    // Padding never carries an axis across zero: losses from 0.1 start at 0, not at -2.
    if (lo >= 0.0 && s.lo < 0.0) s.lo = 0.0;
    if (hi <= 0.0 && s.hi > 0.0) s.hi = 0.0;
    for (double t = s.lo; t <= s.hi + s.step * 1e-6; t += s.step)
        s.ticks.append(std::abs(t) < s.step * 1e-9 ? 0.0 : t);
    return s;
}

}  // namespace

double niceNumber(double range, bool round) {
    const double exponent = std::floor(std::log10(range));
    const double fraction = range / std::pow(10.0, exponent);
    double nice;
    if (round)
        nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;
    else
        nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
    return nice * std::pow(10.0, exponent);
}

QString tickLabel(double v, double step) {
    if (std::abs(v) < step * 1e-6) return QStringLiteral("0");
    const double a = std::abs(v);
    if (a >= 1e6 && step >= 1e5) return tickLabel(v / 1e6, step / 1e6) + QLatin1Char('M');
    if (a >= 1e4 && step >= 1e3) return tickLabel(v / 1e3, step / 1e3) + QLatin1Char('k');
    if (a >= 1e6 || a < 1e-3) return compactExponent(QString::number(v, 'g', 3));
    const int decimals = std::max(0, static_cast<int>(std::ceil(-std::log10(step) - 1e-9)));
    const double leading = step / std::pow(10.0, std::floor(std::log10(step)));
    return QString::number(v, 'f', decimals + (std::abs(leading - 2.5) < 1e-6 ? 1 : 0));
}

QString valueLabel(double v) {
    if (!std::isfinite(v)) return QString::number(v);
    return compactExponent(QString::number(v, 'g', 4));
}

QString durationLabel(double seconds) {
    if (!std::isfinite(seconds)) return QString::number(seconds);
    const qint64 s = std::llround(seconds);
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600)
        .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'));
}

ChartYScale chartYScale(double lo, double hi, bool log) {
    if (!(lo <= hi)) {
        ChartYScale invalid;
        invalid.log = log;
        return invalid;
    }
    return log ? logScale(lo, hi) : linearScale(lo, hi);
}

ChartXTicks chartXTicks(double lo, double hi, int maxTicks) {
    ChartXTicks x;
    x.step = niceNumber((hi - lo) / maxTicks, true);
    for (double t = std::ceil(lo / x.step) * x.step; t <= hi + x.step * 1e-6; t += x.step)
        x.ticks.append(t);
    return x;
}

double wallTimeUnit(double spanSeconds) {
    return spanSeconds > 3 * 3600 ? 3600 : spanSeconds > 180 ? 60 : 1;
}

}  // namespace isomorph::views

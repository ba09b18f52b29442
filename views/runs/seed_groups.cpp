#include "views/runs/seed_groups.h"

#include <cmath>
#include <map>
#include <utility>

#include <QRegularExpression>

#include "views/charts/metric_series.h"

namespace isomorph::views {

QString seedGroupOf(const QString& runName) {
    static const QRegularExpression seed(QStringLiteral(",seed=\\d+$"));
    const QRegularExpressionMatch m = seed.match(runName);
    return m.hasMatch() ? runName.left(m.capturedStart()) : QString();
}

SeedAggregate aggregateOverSeeds(const QVector<const MetricSeries*>& series) {
    SeedAggregate out;
    out.runs = static_cast<int>(series.size());
    if (series.isEmpty()) return out;
    // step -> (value, time) of each run; a resumed run's repeated step keeps its last value.
    std::vector<std::map<double, std::pair<double, double>>> byStep(series.size());
    for (qsizetype r = 0; r < series.size(); ++r)
        for (qsizetype i = 0; i < series[r]->size(); ++i)
            if (std::isfinite(series[r]->steps[i]) && std::isfinite(series[r]->values[i]))
                byStep[size_t(r)][series[r]->steps[i]] = {series[r]->values[i],
                                                          series[r]->times[i]};
    for (const auto& [step, first] : byStep.front()) {
        double sum = 0.0, time = 0.0;
        std::vector<double> values;
        for (const auto& run : byStep) {
            const auto it = run.find(step);
            if (it == run.end()) break;
            values.push_back(it->second.first);
            sum += it->second.first;
            time += it->second.second;
        }
        if (values.size() != byStep.size()) continue;  // not every seed is there yet
        const double n = static_cast<double>(values.size());
        const double mean = sum / n;
        double squares = 0.0;
        for (double v : values)
            squares += (v - mean) * (v - mean);
        const double sd = values.size() > 1 ? std::sqrt(squares / (n - 1.0)) : 0.0;
        out.steps.append(step);
        out.times.append(time / n);
        out.mean.append(mean);
        out.lower.append(mean - sd);
        out.upper.append(mean + sd);
    }
    return out;
}

}  // namespace isomorph::views

#include "app/gui/registered_metrics.h"

#include "core/train/objective_registry.h"

namespace isomorph::gui {

namespace {

QString betterName(train::Better better) {
    switch (better) {
        case train::Better::Lower:
            return QStringLiteral("lower");
        case train::Better::Higher:
            return QStringLiteral("higher");
        case train::Better::Neither:
            break;
    }
    return {};
}

views::MetricSpec viewSpec(const train::MetricSpec& m, const std::string& objective) {
    views::MetricSpec s;
    s.key = QString::fromStdString(m.key);
    s.title = QString::fromStdString(m.title);
    s.unit = QString::fromStdString(m.unit);
    s.group = QString::fromStdString(train::metricGroupName(m.group));
    s.objective = QString::fromStdString(objective);
    s.better = betterName(m.better);
    s.kind = m.kind == train::MetricKind::Eval ? QStringLiteral("eval") : QStringLiteral("train");
    s.scale = m.scale;
    s.charted = m.charted;
    return s;
}

}  // namespace

QVector<views::MetricSpec> registeredMetrics() {
    QVector<views::MetricSpec> out;
    for (const train::MetricSpec& m : train::trainerMetrics())
        out.push_back(viewSpec(m, ""));
    for (const train::ObjectiveSpec& spec : train::objectiveSpecs()) {
        const std::string loss = "loss/" + spec.name;
        bool declaresLoss = false;
        for (const train::MetricSpec& m : spec.metrics) {
            out.push_back(viewSpec(m, spec.name));
            declaresLoss = declaresLoss || m.key == loss;
        }
        if (!declaresLoss)
            out.push_back(viewSpec({loss, spec.name + " loss", "", train::MetricGroup::Losses,
                                    train::MetricKind::Train, train::Better::Lower},
                                   spec.name));
    }
    return out;
}

void installMetricCatalog() {
    static const bool installed = [] {
        views::setMetricCatalog(registeredMetrics());
        return true;
    }();
    (void)installed;
}

views::MetricSpec registeredMetric(const QString& key) {
    for (const views::MetricSpec& s : registeredMetrics())
        if (s.key == key) return s;
    views::MetricSpec s;
    s.key = key;
    return s;
}

}  // namespace isomorph::gui

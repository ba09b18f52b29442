#pragma once

// The objective registry's metrics (core/train/objective_registry.h) as the Runs view takes
// them: what a run's schema record carries for each, so the app can name a metric the way its
// chart does (the best dev metric in the details) and tests can check every title.

#include <QString>
#include <QVector>

#include "views/runs/metric_catalog.h"

namespace isomorph::gui {

/// Every metric the trainer and the registered objectives can log, with the registry's English
/// titles and units: the trainer's first (families included), then each objective's in
/// registration order, with "loss/NAME" added where an objective does not declare it (as the
/// trainer's schema record does).
QVector<views::MetricSpec> registeredMetrics();

/// Gives the Runs view's catalog (views::setMetricCatalog) the registered metrics; once, however
/// often it is called (every RunsController calls it).
void installMetricCatalog();

/// The registered metric `key` ("bitext_acc"), or a spec with that key and no title.
views::MetricSpec registeredMetric(const QString& key);

}  // namespace isomorph::gui

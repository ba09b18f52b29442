#pragma once

// Which charts the Runs view shows. A run declares its metrics in metrics.jsonl with a "schema"
// record at the start of every training process (fresh start and each resume); runs written
// before schemas existed are charted from the keys their records actually carry, described by the
// catalog the app installs (the objective registry's one table, app/gui/registered_metrics.h).
// Plain data and pure functions: the app parses the file, views decide.

#include <QString>
#include <QStringList>
#include <QVector>

namespace isomorph::views {

/// One entry of a schema record's "metrics" array (or of the catalog).
struct MetricSpec {
    QString key;          ///< metrics.jsonl field, e.g. "loss/ccp"; "bitext_acc/*" is a family
    QString title;        ///< English title from the file (translated on display)
    QString unit;         ///< "%", "s", "MB", "nats", ... or empty (translated on display)
    QString group;        ///< losses, dev, health, objectives, optimisation, throughput
    QString objective;    ///< the objective it belongs to; empty for the trainer's own metrics
    QString better;       ///< "lower", "higher" or empty
    QString kind;         ///< record kind carrying it: "train" or "eval" (sparse: not smoothed)
    double scale = 1.0;   ///< shown value = stored value * scale (100 for fractions shown in %)
    QString definition;   ///< how the run measures it (one line, from its schema), or empty
    bool charted = true;  ///< catalog only; false: bookkeeping that no chart shows

    /// A pattern entry ("bitext_acc/*": one value per language pair). Not charted.
    bool isFamily() const { return key.contains(QLatin1Char('*')); }
    bool isEval() const { return kind == QLatin1String("eval"); }
    bool operator==(const MetricSpec& o) const;
};

/// What one followed run says about its metrics.
struct RunMetrics {
    bool hasSchema = false;
    QVector<MetricSpec> schema;  ///< its latest schema record (an older one is replaced)
    QStringList seenKeys;        ///< numeric fields of its train/eval records, first-seen order
};

/// The display order of groups; unknown or missing groups come after them.
const QStringList& metricGroups();

/// Installs the catalog: every metric the trainer and the objectives log (the app passes the
/// objective registry's table once, before the Runs view reads any run).
void setMetricCatalog(QVector<MetricSpec> metrics);

/// The catalog's description of a metric, or nullptr.
const MetricSpec* knownMetric(const QString& key);

/// What one run charts: its schema's entries that it has written values for (families skipped;
/// a declared metric without data gets no chart) or, without a schema, the keys
/// it carries (bookkeeping fields and per-language-pair families skipped), described by the
/// catalog or, for unknown keys, by the key itself.
QVector<MetricSpec> chartedMetrics(const RunMetrics& run);

/// The charts for several runs: the union of their charted metrics, ordered by group
/// (metricGroups()) and then by first appearance; for a key several runs declare, the first
/// run's entry describes the chart.
QVector<MetricSpec> chartList(const QVector<RunMetrics>& runs);

/// A metric's title in the user's language, without its unit. Titles come from the objective
/// registry (through the run's schema) in English and are translated in the context
/// "MetricCatalog", where lupdate finds them (core/train/objective_registry.h,
/// ISOMORPH_TR_NOOP). A title without a translation falls back to the built-in title of a known
/// key in the catalog, if that one is translated, else shows as written; no title at all shows
/// the key.
QString metricTitle(const MetricSpec& spec);

/// A chart's title: metricTitle() and the unit (translated) in parentheses.
QString displayTitle(const MetricSpec& spec);

/// Tooltip text for a chart title: the full title, key, objective and which way is better.
QString describeMetric(const MetricSpec& spec);

}  // namespace isomorph::views

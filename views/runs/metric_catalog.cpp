#include "views/runs/metric_catalog.h"

#include <algorithm>

#include <QCoreApplication>
#include <QSet>

namespace isomorph::views {

namespace {

constexpr const char* kContext = "MetricCatalog";

QVector<MetricSpec>& catalog() {
    static QVector<MetricSpec> metrics;
    return metrics;
}

// Titles and units are English where they are declared (the objective registry, this file's
// table) and marked for lupdate in kContext; text that is not (a plug-in's) stays as written.
QString translated(const QString& english) {
    return english.isEmpty() ? english
                             : QCoreApplication::translate(kContext, english.toUtf8().constData());
}

const MetricSpec* findKnown(const QString& key) {
    for (const MetricSpec& m : catalog())
        if (m.key == key) return &m;
    return nullptr;
}

// Per-language-pair values ("bitext_acc/de-en") of a metric: one chart each would be noise.
bool isFamilyMember(const QString& key) {
    const int slash = key.indexOf(QLatin1Char('/'));
    return slash > 0 && findKnown(key.left(slash)) != nullptr;
}

int groupRank(const QString& group) {
    const int i = static_cast<int>(metricGroups().indexOf(group));
    return i < 0 ? static_cast<int>(metricGroups().size()) : i;
}

}  // namespace

bool MetricSpec::operator==(const MetricSpec& o) const {
    return key == o.key && title == o.title && unit == o.unit && group == o.group &&
           objective == o.objective && better == o.better && kind == o.kind && scale == o.scale &&
           definition == o.definition;
}

const QStringList& metricGroups() {
    // The dev metric first: the chart that shows whether a run works (then the losses).
    static const QStringList groups = {
        QStringLiteral("dev"),        QStringLiteral("losses"),       QStringLiteral("health"),
        QStringLiteral("objectives"), QStringLiteral("optimisation"), QStringLiteral("throughput")};
    return groups;
}

void setMetricCatalog(QVector<MetricSpec> metrics) {
    catalog() = std::move(metrics);
}

const MetricSpec* knownMetric(const QString& key) {
    return findKnown(key);
}

QVector<MetricSpec> chartedMetrics(const RunMetrics& run) {
    QVector<MetricSpec> out;
    if (run.hasSchema) {
        // Declared metrics the run has written: a chart without data says nothing.
        for (const MetricSpec& s : run.schema)
            if (!s.isFamily() && !s.key.isEmpty() && run.seenKeys.contains(s.key)) out.push_back(s);
        return out;
    }
    // Records list their fields alphabetically: known metrics go in the catalog's order (the
    // trainer's, then each objective's), unknown ones after them as seen.
    // The weighted total beside the losses it sums is not charted for them (as before schemas
    // existed: their runs declare nothing, so the view keeps to the per-objective losses).
    const bool perObjectiveLosses =
        std::any_of(run.seenKeys.begin(), run.seenKeys.end(),
                    [](const QString& key) { return key.startsWith(QLatin1String("loss/")); });
    for (const MetricSpec& k : catalog()) {
        if (!k.charted || k.isFamily() || !run.seenKeys.contains(k.key)) continue;
        if (perObjectiveLosses && k.key == QLatin1String("loss")) continue;
        out.push_back(k);
    }
    for (const QString& key : run.seenKeys) {
        if (findKnown(key) || isFamilyMember(key)) continue;
        MetricSpec s;
        s.key = key;
        s.title = key;
        out.push_back(s);
    }
    return out;
}

QVector<MetricSpec> chartList(const QVector<RunMetrics>& runs) {
    QVector<MetricSpec> out;
    QSet<QString> keys;
    for (const RunMetrics& run : runs)
        for (const MetricSpec& s : chartedMetrics(run))
            if (!keys.contains(s.key)) {
                keys.insert(s.key);
                out.push_back(s);
            }
    std::stable_sort(out.begin(), out.end(), [](const MetricSpec& a, const MetricSpec& b) {
        return groupRank(a.group) < groupRank(b.group);
    });
    return out;
}

QString metricTitle(const MetricSpec& spec) {
    const QString title = spec.title.trimmed();
    const QString shown = translated(title);
    if (shown != title) return shown;
    // Not in the translations: a title reworded since the run's schema was written, or this is
    // English. A known key's built-in title is then better than English; in English it is the
    // file's title that shows.
    if (const MetricSpec* k = findKnown(spec.key)) {
        const QString builtin = translated(k->title);
        if (title.isEmpty() || builtin != k->title) return builtin;
    }
    return title.isEmpty() ? spec.key : title;
}

QString displayTitle(const MetricSpec& spec) {
    QString title = metricTitle(spec);
    const QString unit = spec.unit.trimmed();
    if (!unit.isEmpty()) title += QStringLiteral(" (%1)").arg(translated(unit));
    return title;
}

QString describeMetric(const MetricSpec& spec) {
    QStringList lines{QStringLiteral("<b>%1</b>").arg(displayTitle(spec).toHtmlEscaped())};
    lines << QCoreApplication::translate("MetricCatalog", "metrics.jsonl key: %1")
                 .arg(spec.key.toHtmlEscaped());
    if (!spec.objective.isEmpty())
        lines << QCoreApplication::translate("MetricCatalog", "objective: %1")
                     .arg(spec.objective.toHtmlEscaped());
    if (spec.better == QLatin1String("lower"))
        lines << QCoreApplication::translate("MetricCatalog", "lower is better");
    else if (spec.better == QLatin1String("higher"))
        lines << QCoreApplication::translate("MetricCatalog", "higher is better");
    if (spec.isEval())
        lines << QCoreApplication::translate("MetricCatalog",
                                             "measured at evaluations (not smoothed)");
    if (!spec.definition.isEmpty())
        lines << QCoreApplication::translate("MetricCatalog", "definition: %1")
                     .arg(spec.definition.toHtmlEscaped());
    return lines.join(QStringLiteral("<br>"));
}

}  // namespace isomorph::views

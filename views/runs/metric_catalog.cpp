#include "views/runs/metric_catalog.h"

#include <QCoreApplication>
#include <QSet>

namespace isomorph::views {

namespace {

constexpr const char* kContext = "MetricCatalog";

struct KnownMetric {
    MetricSpec spec;
    const char* title;          ///< the untranslated source text of spec.title
    bool chartedWithoutSchema;  ///< false: bookkeeping or redundant (runs with a schema decide)
};

struct Row {
    const char* key;
    const char* title;
    const char* group;
    const char* kind;
    const char* better;
    const char* unit;
    double scale;
    const char* objective;
    bool charted;
};

// What the trainer wrote before schema records existed. Titles are English here and translated
// on display (metricTitle); runs with a schema show their own (the registry's) titles.
const Row kRows[] = {
    {"loss/mlm", QT_TRANSLATE_NOOP("MetricCatalog", "MLM loss"), "losses", "train", "lower", "", 1,
     "mlm", true},
    {"loss/ccp", QT_TRANSLATE_NOOP("MetricCatalog", "CCP loss"), "losses", "train", "lower", "", 1,
     "ccp", true},
    {"loss", QT_TRANSLATE_NOOP("MetricCatalog", "Weighted total loss"), "losses", "train", "lower",
     "", 1, "", false},
    {"bitext_acc", QT_TRANSLATE_NOOP("MetricCatalog", "Dev bitext accuracy"), "dev", "eval",
     "higher", "%", 100, "", true},
    {"bitext_acc_shifted", QT_TRANSLATE_NOOP("MetricCatalog", "Dev bitext accuracy, mean-shifted"),
     "dev", "eval", "higher", "%", 100, "", true},
    {"bitext_pairs", QT_TRANSLATE_NOOP("MetricCatalog", "Dev bitext pairs"), "dev", "eval", "", "",
     1, "", false},
    {"collapse_ratio", QT_TRANSLATE_NOOP("MetricCatalog", "Embedding spread (1 = as at start)"),
     "health", "eval", "higher", "", 1, "", true},
    {"uniformity", QT_TRANSLATE_NOOP("MetricCatalog", "Uniformity (lower = more uniform)"),
     "health", "eval", "lower", "", 1, "", true},
    {"collapse", QT_TRANSLATE_NOOP("MetricCatalog", "Embedding spread"), "health", "eval", "higher",
     "", 1, "", false},
    {"alignment", QT_TRANSLATE_NOOP("MetricCatalog", "Alignment of translations"), "health", "eval",
     "lower", "", 1, "", false},
    {"ccp/acc", QT_TRANSLATE_NOOP("MetricCatalog", "CCP in-batch accuracy (leakage when ~1)"),
     "objectives", "train", "", "", 1, "ccp", true},
    {"mlm/acc", QT_TRANSLATE_NOOP("MetricCatalog", "MLM accuracy on masked tokens"), "objectives",
     "train", "higher", "", 1, "mlm", true},
    {"lr", QT_TRANSLATE_NOOP("MetricCatalog", "Learning rate"), "optimisation", "train", "", "", 1,
     "", true},
    {"grad_norm", QT_TRANSLATE_NOOP("MetricCatalog", "Gradient norm"), "optimisation", "train", "",
     "", 1, "", true},
    {"loss_scale", QT_TRANSLATE_NOOP("MetricCatalog", "FP16 loss scale"), "optimisation", "train",
     "", "", 1, "", false},
    {"skipped", QT_TRANSLATE_NOOP("MetricCatalog", "Skipped steps"), "optimisation", "train",
     "lower", "", 1, "", false},
    {"tokens_per_s", QT_TRANSLATE_NOOP("MetricCatalog", "Tokens / s"), "throughput", "train",
     "higher", "", 1, "", true},
    {"samples_per_s", QT_TRANSLATE_NOOP("MetricCatalog", "Samples / s"), "throughput", "train",
     "higher", "", 1, "", false},
    {"step_time", QT_TRANSLATE_NOOP("MetricCatalog", "Step time"), "throughput", "train", "lower",
     "s", 1, "", true},
    {"rss_peak_mb", QT_TRANSLATE_NOOP("MetricCatalog", "Peak memory"), "throughput", "train",
     "lower", "MB", 1, "", true},
    {"device_mem_mb", QT_TRANSLATE_NOOP("MetricCatalog", "Peak device memory"), "throughput",
     "train", "lower", "MB", 1, "", false},
    {"elapsed", QT_TRANSLATE_NOOP("MetricCatalog", "Training time"), "throughput", "train", "", "s",
     1, "", false},
};

const QVector<KnownMetric>& knownMetrics() {
    static const QVector<KnownMetric> table = [] {
        QVector<KnownMetric> out;
        for (const Row& r : kRows) {
            MetricSpec s;
            s.key = QString::fromLatin1(r.key);
            s.title = QString::fromLatin1(r.title);
            s.unit = QString::fromLatin1(r.unit);
            s.group = QString::fromLatin1(r.group);
            s.objective = QString::fromLatin1(r.objective);
            s.better = QString::fromLatin1(r.better);
            s.kind = QString::fromLatin1(r.kind);
            s.scale = r.scale;
            out.push_back({s, r.title, r.charted});
        }
        return out;
    }();
    return table;
}

// Titles and units are English where they are declared (the objective registry, this file's
// table) and marked for lupdate in kContext; text that is not (a plug-in's) stays as written.
QString translated(const QString& english) {
    return english.isEmpty() ? english
                             : QCoreApplication::translate(kContext, english.toUtf8().constData());
}

const KnownMetric* findKnown(const QString& key) {
    for (const KnownMetric& k : knownMetrics())
        if (k.spec.key == key) return &k;
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

const MetricSpec* knownMetric(const QString& key) {
    const KnownMetric* k = findKnown(key);
    return k ? &k->spec : nullptr;
}

QVector<MetricSpec> chartedMetrics(const RunMetrics& run) {
    QVector<MetricSpec> out;
    if (run.hasSchema) {
        // Declared metrics the run has written: a chart without data says nothing.
        for (const MetricSpec& s : run.schema)
            if (!s.isFamily() && !s.key.isEmpty() && run.seenKeys.contains(s.key)) out.push_back(s);
        return out;
    }
    // Records list their fields alphabetically: known metrics go in the table's order (MLM
    // before CCP), unknown ones after them as seen.
    for (const KnownMetric& k : knownMetrics())
        if (k.chartedWithoutSchema && run.seenKeys.contains(k.spec.key)) out.push_back(k.spec);
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
    if (const KnownMetric* k = findKnown(spec.key)) {
        const QString builtin = QCoreApplication::translate(kContext, k->title);
        if (title.isEmpty() || builtin != QLatin1String(k->title)) return builtin;
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

#include "views/charts/chart_events.h"

#include <QCoreApplication>

namespace isomorph::views {

namespace {

// Marker tags: short, since they label a dashed line at the top of a small plot.
QString markerTag(const char* text) {
    return QCoreApplication::translate("isomorph::views::MetricChart", text);
}

}  // namespace

ChartEventStyle chartEventStyle(ChartEventKind kind) {
    switch (kind) {
        case ChartEventKind::Started:
            //: Chart marker: the run started here (a few letters)
            return {QColor(0x59a14f),
                    markerTag(QT_TRANSLATE_NOOP("isomorph::views::MetricChart", "start")), true};
        case ChartEventKind::Resumed:
            //: Chart marker: the run was resumed from a checkpoint here
            return {QColor(0x2f6fb0),
                    markerTag(QT_TRANSLATE_NOOP("isomorph::views::MetricChart", "resumed")), false};
        case ChartEventKind::Checkpoint:
            //: Chart marker: a checkpoint was saved here (abbreviation)
            return {QColor(0x8a8a8a),
                    markerTag(QT_TRANSLATE_NOOP("isomorph::views::MetricChart", "ckpt")), true};
        case ChartEventKind::Collapse:
            //: Chart marker: the embeddings collapsed (all sentences became similar)
            return {QColor(0xe07b00),
                    markerTag(QT_TRANSLATE_NOOP("isomorph::views::MetricChart", "collapse")),
                    false};
        case ChartEventKind::Warning:
            //: Chart marker: a warning was logged here (abbreviation)
            return {QColor(0xc9a000),
                    markerTag(QT_TRANSLATE_NOOP("isomorph::views::MetricChart", "warn")), false};
        case ChartEventKind::NanStop:
            return {QColor(0xd62728), QStringLiteral("NaN"), false};
        case ChartEventKind::Stopped:
            //: Chart marker: the run was stopped here
            return {QColor(0x8c564b),
                    markerTag(QT_TRANSLATE_NOOP("isomorph::views::MetricChart", "stop")), false};
        case ChartEventKind::Finished:
            //: Chart marker: the run finished here
            return {QColor(0x59a14f),
                    markerTag(QT_TRANSLATE_NOOP("isomorph::views::MetricChart", "done")), true};
        case ChartEventKind::Other:
            break;
    }
    //: Chart marker: another event of the run
    return {QColor(0x8a8a8a), markerTag(QT_TRANSLATE_NOOP("isomorph::views::MetricChart", "event")),
            true};
}

ChartEventKind chartEventKindFromName(const QString& name) {
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("started")) return ChartEventKind::Started;
    if (n == QLatin1String("resumed")) return ChartEventKind::Resumed;
    if (n == QLatin1String("checkpoint")) return ChartEventKind::Checkpoint;
    if (n == QLatin1String("collapse")) return ChartEventKind::Collapse;
    if (n == QLatin1String("warning")) return ChartEventKind::Warning;
    if (n == QLatin1String("nan") || n == QLatin1String("diverged")) return ChartEventKind::NanStop;
    if (n == QLatin1String("stopped")) return ChartEventKind::Stopped;
    if (n == QLatin1String("finished")) return ChartEventKind::Finished;
    return ChartEventKind::Other;
}

}  // namespace isomorph::views

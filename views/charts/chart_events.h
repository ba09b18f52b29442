#pragma once

#include <QColor>
#include <QString>

namespace isomorph::views {

/// Run events shown as markers; names follow metrics.jsonl's `event` field.
enum class ChartEventKind {
    Started,
    Resumed,
    Checkpoint,
    Collapse,
    Warning,
    NanStop,
    Stopped,
    Finished,
    Other
};

/// Maps a metrics.jsonl `event` name ("checkpoint", "collapse", "resumed", ...) to its kind;
/// "nan" and "diverged" map to NanStop, anything unknown to Other.
ChartEventKind chartEventKindFromName(const QString& name);

struct ChartEvent {
    double step = 0.0;
    double time = 0.0;  // seconds since the run started, like MetricSeries::times
    ChartEventKind kind = ChartEventKind::Other;
    QString text;  // shown in the crosshair box when the cursor is on the marker
};

/// How a marker of an event kind is drawn.
struct ChartEventStyle {
    QColor color;
    QString tag;  // a few letters at the top of the marker line, translated
    bool minor;   // drawn fainter, and its tag only where there is room
};

ChartEventStyle chartEventStyle(ChartEventKind kind);

}  // namespace isomorph::views

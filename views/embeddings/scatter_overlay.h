#pragma once

#include <array>
#include <functional>
#include <vector>

#include <QColor>
#include <QFont>
#include <QList>
#include <QPolygonF>
#include <QRectF>
#include <QStringList>

#include "views/embeddings/scatter_data.h"
#include "views/embeddings/translation_groups.h"

class QFontMetricsF;
class QPainter;

namespace isomorph::views {

/// What ScatterView draws over its rendered points each frame: translation lines, text
/// labels, the hover ring, the lasso and the legend. Plain functions of the view's state,
/// handed over in ScatterOverlayScene.

constexpr int kScatterPadding = 8;  // around the plot and the legend, pixels

/// The points as the overlays see them, for one frame.
struct ScatterOverlayScene {
    const ScatterData* data = nullptr;
    const std::array<bool, 256>* visible = nullptr;  // per language
    std::function<QPointF(int)> screenPosition;      // point i in widget pixels (animated)
    double pointRadius = 1.6;                        // pixels
    QRectF rect;                                     // the widget's
    bool shows(int i) const { return (*visible)[data->language[i]]; }
};

/// The text on one line (whitespace simplified), elided to `width` pixels.
QString elidedLine(const QString& text, const QFontMetricsF& fm, double width);

/// Lines from each group's pivot to its other visible sides (thin for the selection's groups,
/// at most 20,000 of them; strong for the highlighted ones), then the ends outlined.
void paintPairLines(QPainter& painter, const ScatterOverlayScene& scene,
                    const TranslationGroups& groups, const std::vector<int>& selectedGroups,
                    const QList<int>& highlightedGroups);

/// The points to label, in the order they claim room: round-robin over the highlighted groups
/// (only when there are at most 12) and `selectionGroup`, so that when labels collide every
/// group keeps at least one.
std::vector<int> labelOrder(const TranslationGroups& groups, const QList<int>& highlightedGroups,
                            const QList<int>& selectionGroup);
/// "language: text" boxes next to the points, each in the first free place around its point;
/// none over the legend (legendWidth pixels at the top right, 0: none) or another label.
void paintLabels(QPainter& painter, const ScatterOverlayScene& scene,
                 const std::vector<int>& labelled, const std::function<QString(int)>& text,
                 const QFont& font, int legendWidth);

void paintHoverRing(QPainter& painter, QPointF at, double pointRadius);
void paintLasso(QPainter& painter, const QPolygonF& lasso);

/// The legend: one row per language with its colour (hollow when hidden) and point count.
struct ScatterLegend {
    QStringList languages;
    std::vector<int> counts;                         // per language
    const std::array<bool, 256>* visible = nullptr;  // per language
    QFont font;
    QColor textColor;
};
struct ScatterLegendRow {
    int language;
    QRectF rect;  // widget pixels; a click there toggles the language
};
/// The legend's width for a widget `widgetWidth` wide: 0 without languages, at most 40 %.
int scatterLegendWidth(const ScatterLegend& legend, int widgetWidth);
/// Draws the legend at the top right of `rect`, `width` wide; returns where each row went.
std::vector<ScatterLegendRow> paintLegend(QPainter& painter, const ScatterLegend& legend,
                                          const QRectF& rect, int width);

}  // namespace isomorph::views

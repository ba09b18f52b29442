#include "views/embeddings/scatter_overlay.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include <QFontMetricsF>
#include <QLineF>
#include <QLocale>
#include <QPainter>

namespace isomorph::views {

namespace {

constexpr int kMaxPairLines = 20000;
constexpr int kMaxLabelledGroups = 12;

// Appends the lines of one group (a star from its first visible side, the pivot, to the
// others: one line per translation, where all pairs would tangle in a multi-way group) and
// its visible ends with their languages.
void appendGroupLines(const ScatterOverlayScene& scene, TranslationGroups::Members members,
                      QVector<QLineF>& lines, QVector<QPair<QPointF, int>>& ends) {
    QVector<QPointF> sides;
    for (int i : members) {
        if (!scene.shows(i)) continue;
        const QPointF p = scene.screenPosition(i);
        if (!std::isfinite(p.x()) || !std::isfinite(p.y())) continue;
        sides.append(p);
        ends.append({p, scene.data->language[i]});
    }
    for (int a = 1; a < sides.size(); ++a)
        lines.append(QLineF(sides[0], sides[a]));
}

// Right above, left above, right below, left below the point: the first place inside `bounds`
// that collides with nothing taken.
std::optional<QRectF> freePlace(QPointF p, QSizeF size, const QRectF& bounds,
                                const std::vector<QRectF>& taken) {
    for (const QPointF& corner :
         {p + QPointF(7, -size.height() - 1), p + QPointF(-7 - size.width(), -size.height() - 1),
          p + QPointF(7, 1), p + QPointF(-7 - size.width(), 1)}) {
        const QRectF candidate(corner, size);
        if (!bounds.contains(candidate)) continue;
        if (std::none_of(taken.begin(), taken.end(),
                         [&](const QRectF& t) { return t.intersects(candidate); }))
            return candidate;
    }
    return std::nullopt;
}

}  // namespace

QString elidedLine(const QString& text, const QFontMetricsF& fm, double width) {
    return fm.elidedText(text.simplified(), Qt::ElideRight, width);
}

void paintPairLines(QPainter& painter, const ScatterOverlayScene& scene,
                    const TranslationGroups& groups, const std::vector<int>& selectedGroups,
                    const QList<int>& highlightedGroups) {
    if (groups.empty()) return;
    // Ends are drawn again over the lines (outlined, like emphasised points).
    QVector<QPair<QPointF, int>> ends;
    QVector<QLineF> selected;
    for (int g : selectedGroups) {
        if (selected.size() >= kMaxPairLines) break;
        appendGroupLines(scene, groups.members(g), selected, ends);
    }
    painter.setPen(QPen(QColor(40, 40, 40, 120), 1.0));
    painter.drawLines(selected);
    QVector<QLineF> highlighted;
    for (int g : highlightedGroups)
        appendGroupLines(scene, groups.members(g), highlighted, ends);
    painter.setPen(QPen(QColor(20, 20, 20, 220), 1.6));
    painter.drawLines(highlighted);
    painter.setPen(QPen(QColor(0x20, 0x20, 0x20), 1.0));
    const double r = scene.pointRadius + 1.2;
    for (const auto& [p, language] : ends) {
        painter.setBrush(scatterLanguageColor(language));
        painter.drawEllipse(p, r, r);
    }
}

std::vector<int> labelOrder(const TranslationGroups& groups, const QList<int>& highlightedGroups,
                            const QList<int>& selectionGroup) {
    std::vector<std::vector<int>> lists;
    if (highlightedGroups.size() <= kMaxLabelledGroups)
        for (int g : highlightedGroups) {
            const TranslationGroups::Members m = groups.members(g);
            lists.emplace_back(m.begin(), m.end());
        }
    if (!selectionGroup.isEmpty()) lists.emplace_back(selectionGroup.begin(), selectionGroup.end());
    std::vector<int> labelled;
    for (std::size_t k = 0, more = 1; more; ++k) {
        more = 0;
        for (const auto& g : lists)
            if (k < g.size()) labelled.push_back(g[k]), more = 1;
    }
    return labelled;
}

void paintLabels(QPainter& painter, const ScatterOverlayScene& scene,
                 const std::vector<int>& labelled, const std::function<QString(int)>& text,
                 const QFont& font, int legendWidth) {
    QFont small = font;
    small.setPointSizeF(font.pointSizeF() * 0.9);
    painter.setFont(small);
    const QFontMetricsF fm(small);
    const ScatterData& data = *scene.data;
    std::vector<QRectF> taken;
    if (legendWidth > 0)
        taken.emplace_back(scene.rect.width() - legendWidth - kScatterPadding, 0,
                           legendWidth + kScatterPadding,
                           (fm.height() + 4) * data.languages.size() + 16);
    for (int i : labelled) {
        if (!scene.shows(i)) continue;
        const QPointF p = scene.screenPosition(i);
        if (!std::isfinite(p.x()) || !scene.rect.toRect().contains(p.toPoint())) continue;
        const QString language =
            data.language[i] < data.languages.size() ? data.languages[data.language[i]] : QString();
        const QString line = elidedLine(QStringLiteral("%1: %2").arg(language, text(i)), fm, 260);
        const QSizeF size(fm.horizontalAdvance(line) + 8, fm.height() + 2);
        const std::optional<QRectF> box = freePlace(p, size, scene.rect, taken);
        if (!box) continue;
        taken.push_back(*box);
        painter.setPen(Qt::NoPen);
        painter.setBrush(QColor(255, 255, 255, 225));
        painter.drawRoundedRect(*box, 3, 3);
        painter.setPen(scatterLanguageColor(data.language[i]).darker(140));
        painter.drawText(box->adjusted(4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft, line);
    }
    painter.setFont(font);
}

void paintHoverRing(QPainter& painter, QPointF at, double pointRadius) {
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(QColor(20, 20, 20), 1.5));
    painter.drawEllipse(at, pointRadius + 4, pointRadius + 4);
}

void paintLasso(QPainter& painter, const QPolygonF& lasso) {
    painter.setPen(QPen(QColor(0, 90, 160), 1.2, Qt::DashLine));
    painter.setBrush(QColor(0, 114, 178, 30));
    painter.drawPolygon(lasso);
}

int scatterLegendWidth(const ScatterLegend& legend, int widgetWidth) {
    if (legend.languages.isEmpty()) return 0;
    const QFontMetricsF fm(legend.font);
    double w = 0;
    for (int l = 0; l < std::min<int>(legend.languages.size(), 256); ++l)
        w = std::max(w, fm.horizontalAdvance(legend.languages[l]) +
                            fm.horizontalAdvance(QLocale().toString(legend.counts[l])));
    return static_cast<int>(std::min(w + 44.0, widgetWidth * 0.4));
}

std::vector<ScatterLegendRow> paintLegend(QPainter& painter, const ScatterLegend& legend,
                                          const QRectF& rect, int width) {
    std::vector<ScatterLegendRow> rows;
    const QFontMetricsF fm(legend.font);
    const double rowH = fm.height() + 4;
    const int n = std::min<int>(legend.languages.size(), 256);
    QRectF box(rect.width() - width - kScatterPadding, kScatterPadding, width, n * rowH + 8);
    painter.setPen(QColor(210, 210, 210));
    painter.setBrush(QColor(255, 255, 255, 230));
    painter.drawRoundedRect(box, 4, 4);
    const QLocale locale;
    for (int l = 0; l < n; ++l) {
        const QRectF row(box.left() + 4, box.top() + 4 + l * rowH, box.width() - 8, rowH);
        rows.push_back({l, row});
        const bool shown = (*legend.visible)[l];
        const QRectF swatch(row.left() + 4, row.center().y() - 5, 10, 10);
        const QColor color = scatterLanguageColor(l);
        painter.setPen(shown ? QPen(color.darker(130), 1) : QPen(QColor(150, 150, 150), 1.2));
        painter.setBrush(shown ? QBrush(color) : Qt::NoBrush);
        painter.drawEllipse(swatch);
        painter.setPen(shown ? legend.textColor : QColor(150, 150, 150));
        const QRectF textRect = row.adjusted(20, 0, -4, 0);
        painter.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft, legend.languages[l]);
        painter.setPen(QColor(130, 130, 130));
        painter.drawText(textRect, Qt::AlignVCenter | Qt::AlignRight,
                         locale.toString(legend.counts[l]));
    }
    return rows;
}

}  // namespace isomorph::views

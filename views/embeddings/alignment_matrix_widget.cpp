#include "views/embeddings/alignment_matrix_widget.h"

#include <algorithm>
#include <cmath>

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace isomorph::views {

AlignmentMatrixWidget::AlignmentMatrixWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
}

void AlignmentMatrixWidget::setMatrix(const AlignmentMatrix& matrix) {
    matrix_ = matrix;
    update();
}

void AlignmentMatrixWidget::setBaseline(const AlignmentMatrix& baseline, const QString& label) {
    baseline_ = baseline;
    baselineLabel_ = label;
    update();
}

double AlignmentMatrixWidget::cellValue(int a, int b) const {
    const double v = matrix_.cosineAt(a, b);
    if (!showsDifference()) return v;
    const int ba = static_cast<int>(baseline_.languages.indexOf(matrix_.languages[a]));
    const int bb = static_cast<int>(baseline_.languages.indexOf(matrix_.languages[b]));
    if (ba < 0 || bb < 0) return std::numeric_limits<double>::quiet_NaN();
    return v - baseline_.cosineAt(ba, bb);
}

QColor AlignmentMatrixWidget::cellColor(double value) const {
    if (!std::isfinite(value)) return QColor(225, 225, 225);
    if (showsDifference()) {
        // Differences of 20 points or more get the full colour.
        const double t = std::clamp(std::abs(value) / 0.2, 0.0, 1.0);
        const QColor full = value >= 0 ? QColor(26, 152, 80) : QColor(215, 48, 39);
        auto mix = [t](int from, int to) { return static_cast<int>(from + (to - from) * t); };
        return QColor(mix(255, full.red()), mix(255, full.green()), mix(255, full.blue()));
    }
    // Sequential white -> blue for accuracy in [0, 1].
    const double t = std::clamp(value, 0.0, 1.0);
    return QColor(static_cast<int>(247 - 239 * t), static_cast<int>(251 - 170 * t),
                  static_cast<int>(255 - 100 * t));
}

int AlignmentMatrixWidget::widestLanguage() const {
    int w = 0;
    for (const QString& l : matrix_.languages)
        w = std::max(w, fontMetrics().horizontalAdvance(l));
    return w;
}

int AlignmentMatrixWidget::labelWidth() const {
    return widestLanguage() + 8;
}

int AlignmentMatrixWidget::cellSize() const {
    const int n = std::max(1, matrix_.size());
    const int avail =
        std::min(width(), height() - fontMetrics().height() * (1 + kLabelLines)) - labelWidth();
    return std::max(4, avail / n);
}

int AlignmentMatrixWidget::columnLabelLines() const {
    const int s = cellSize();
    return std::clamp((widestLanguage() + 2 + s - 1) / s, 1, kLabelLines);
}

QRect AlignmentMatrixWidget::columnLabelRect(int b) const {
    return columnLabelRect(b, columnLabelLines());
}

QRect AlignmentMatrixWidget::columnLabelRect(int b, int lines) const {
    const int w = lines * cellSize(), h = fontMetrics().height();
    const int top = cellRect(matrix_.size() - 1, 0).bottom() + 2 + (b % lines) * h;
    // Centred under its column; at the edges only the part inside the widget.
    return QRect(cellRect(0, b).center().x() - w / 2, top, w, h).intersected(rect());
}

QRect AlignmentMatrixWidget::cellRect(int a, int b) const {
    const int s = cellSize();
    const int top = fontMetrics().height() + 4;
    return {labelWidth() + b * s, top + a * s, s, s};
}

void AlignmentMatrixWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const int n = matrix_.size();
    if (n == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Encode a sample with translation pairs to see how well each language "
                      "finds its translations in the others."));
        return;
    }
    p.setPen(palette().color(QPalette::Text));
    const QString title = showsDifference()
                              ? tr("Top-1 difference to %1 (green: better)").arg(baselineLabel_)
                              : tr("Bitext top-1, row language → column language");
    p.drawText(QRect(0, 0, width(), fontMetrics().height()), Qt::AlignLeft | Qt::AlignVCenter,
               fontMetrics().elidedText(title, Qt::ElideRight, width()));
    const int s = cellSize();
    const bool numbers = s >= fontMetrics().horizontalAdvance(QStringLiteral("-00")) + 4;
    for (int a = 0; a < n; ++a) {
        const QRect row = cellRect(a, 0);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRect(0, row.top(), labelWidth() - 4, s), Qt::AlignRight | Qt::AlignVCenter,
                   matrix_.languages[a]);
        for (int b = 0; b < n; ++b) {
            const QRect cell = cellRect(a, b);
            const double v = cellValue(a, b);
            p.fillRect(cell.adjusted(0, 0, -1, -1),
                       a == b ? palette().window().color() : cellColor(v));
            if (numbers && a != b && std::isfinite(v)) {
                const double shown = std::round(v * 100);
                p.setPen(!showsDifference() && v > 0.6 ? Qt::white : Qt::black);
                p.drawText(cell, Qt::AlignCenter,
                           showsDifference() && shown > 0 ? QStringLiteral("+%1").arg(shown)
                                                          : QString::number(shown));
            }
        }
    }
    // Column labels under the grid (rotated text would be cut in narrow docks).
    p.setPen(palette().color(QPalette::Text));
    const int lines = columnLabelLines();
    for (int b = 0; b < n; ++b) {
        const QRect label = columnLabelRect(b, lines);
        p.drawText(label, Qt::AlignCenter,
                   fontMetrics().elidedText(matrix_.languages[b], Qt::ElideRight, label.width()));
    }
}

bool AlignmentMatrixWidget::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    for (int a = 0; a < matrix_.size(); ++a)
        for (int b = 0; b < matrix_.size(); ++b)
            if (a != b && cellRect(a, b).contains(help->pos())) {
                const double v = matrix_.cosineAt(a, b);
                QString text = std::isfinite(v)
                                   ? tr("%1 → %2: cosine top-1 %3%, CSLS %4% (%5 pairs)")
                                         .arg(matrix_.languages[a], matrix_.languages[b])
                                         .arg(v * 100, 0, 'f', 1)
                                         .arg(matrix_.cslsAt(a, b) * 100, 0, 'f', 1)
                                         .arg(matrix_.pairsAt(a, b))
                                   : tr("%1 → %2: no translation pairs in the sample")
                                         .arg(matrix_.languages[a], matrix_.languages[b]);
                if (showsDifference() && std::isfinite(cellValue(a, b)))
                    text += tr("\n%1 points against %2")
                                .arg(cellValue(a, b) * 100, 0, 'f', 1)
                                .arg(baselineLabel_);
                QToolTip::showText(help->globalPos(), text, this);
                return true;
            }
    QToolTip::hideText();
    event->ignore();
    return true;
}

}  // namespace isomorph::views

#pragma once

#include <QWidget>

#include "views/embeddings/embeddings_view.h"

namespace isomorph::views {

/// A language x language heatmap of bitext top-1 accuracy (row language -> column language).
/// With a baseline it shows the difference instead: green where the matrix is better than the
/// baseline, red where it is worse, white where equal; grey cells have no pairs.
class AlignmentMatrixWidget : public QWidget {
    Q_OBJECT
  public:
    explicit AlignmentMatrixWidget(QWidget* parent = nullptr);

    void setMatrix(const AlignmentMatrix& matrix);
    /// The matrix the difference is taken against (empty languages: plain heatmap).
    void setBaseline(const AlignmentMatrix& baseline, const QString& label);
    const AlignmentMatrix& matrix() const { return matrix_; }
    bool showsDifference() const { return baseline_.size() > 0; }
    /// The value drawn in cell (a, b): the accuracy, or the difference to the baseline (NaN
    /// where undefined). Languages of the baseline are matched by name.
    double cellValue(int a, int b) const;
    /// The colour of a cell's value (also used by tests).
    QColor cellColor(double value) const;
    QRect cellRect(int a, int b) const;
    /// Where column b's language is written under the grid. Where names are wider than a cell
    /// the labels alternate over up to kLabelLines lines, each as wide as that many cells (the
    /// part inside the widget), so neighbours do not cut each other to dots.
    QRect columnLabelRect(int b) const;
    static constexpr int kLabelLines = 4;

    QSize sizeHint() const override { return {320, 320}; }
    QSize minimumSizeHint() const override { return {160, 160}; }

  protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;  // tooltips

  private:
    int widestLanguage() const;  ///< pixels of the widest language name
    int labelWidth() const;
    int cellSize() const;
    int columnLabelLines() const;
    QRect columnLabelRect(int b, int lines) const;

    AlignmentMatrix matrix_;
    AlignmentMatrix baseline_;
    QString baselineLabel_;
};

}  // namespace isomorph::views

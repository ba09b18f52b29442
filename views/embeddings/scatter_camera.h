#pragma once

#include <optional>

#include <QPointF>
#include <QRectF>
#include <QSizeF>

namespace isomorph::views {

/// Where a scatter's data plane appears in a viewport: the data point at the viewport's centre
/// and the zoom (pixels per data unit). Data y grows upwards, screen y downwards. A value type:
/// moves return a new camera, and the viewport's size is given to each mapping (a hidden
/// widget's size changes without a resize event).
class ScatterCamera {
  public:
    ScatterCamera() = default;
    ScatterCamera(QPointF center, double scale) : center_(center), scale_(scale) {}

    QPointF center() const { return center_; }
    double scale() const { return scale_; }
    /// Whether a camera may look there: a finite centre and a positive, finite scale.
    static bool acceptable(QPointF center, double scale);

    QPointF toScreen(QPointF data, QSizeF viewport) const {
        return {viewport.width() / 2.0 + (data.x() - center_.x()) * scale_,
                viewport.height() / 2.0 - (data.y() - center_.y()) * scale_};
    }
    QPointF toData(QPointF pixel, QSizeF viewport) const {
        return {center_.x() + (pixel.x() - viewport.width() / 2.0) / scale_,
                center_.y() - (pixel.y() - viewport.height() / 2.0) / scale_};
    }

    /// Moved with a drag of `pixels`: the data under the cursor follows it.
    ScatterCamera panned(QPointF pixels) const;
    /// Zoomed by `factor` (> 0) about `anchor` (pixels), whose data point stays in place; the
    /// scale stays within 1e-12 to 1e12.
    ScatterCamera zoomed(double factor, QPointF anchor, QSizeF viewport) const;
    /// Shows `bounds` (data) inside `plot` (pixels), filling `margin` of it in the tighter
    /// direction. Without bounds or room: centred on the bounds (or the origin) at half the
    /// viewport's smaller side per unit.
    static ScatterCamera fitting(const std::optional<QRectF>& bounds, const QRectF& plot,
                                 QSizeF viewport, double margin);

  private:
    QPointF center_;
    double scale_ = 1.0;
};

}  // namespace isomorph::views

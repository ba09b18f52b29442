#include "views/embeddings/scatter_camera.h"

#include <algorithm>
#include <cmath>

namespace isomorph::views {

bool ScatterCamera::acceptable(QPointF center, double scale) {
    return scale > 0.0 && std::isfinite(scale) && std::isfinite(center.x()) &&
           std::isfinite(center.y());
}

ScatterCamera ScatterCamera::panned(QPointF pixels) const {
    return {QPointF(center_.x() - pixels.x() / scale_, center_.y() + pixels.y() / scale_), scale_};
}

ScatterCamera ScatterCamera::zoomed(double factor, QPointF anchor, QSizeF viewport) const {
    const QPointF a = toData(anchor, viewport);
    const double s = std::clamp(scale_ * factor, 1e-12, 1e12);
    return {QPointF(a.x() - (anchor.x() - viewport.width() / 2.0) / s,
                    a.y() + (anchor.y() - viewport.height() / 2.0) / s),
            s};
}

ScatterCamera ScatterCamera::fitting(const std::optional<QRectF>& bounds, const QRectF& plot,
                                     QSizeF viewport, double margin) {
    if (!bounds || plot.width() <= 0 || plot.height() <= 0) {
        return {bounds ? bounds->center() : QPointF(),
                std::max(1.0, std::min(viewport.width(), viewport.height()) * 0.5)};
    }
    const double sx = bounds->width() > 0 ? plot.width() * margin / bounds->width() : HUGE_VAL;
    const double sy = bounds->height() > 0 ? plot.height() * margin / bounds->height() : HUGE_VAL;
    double scale = std::min(sx, sy);
    if (!std::isfinite(scale)) scale = std::min(plot.width(), plot.height()) * margin;
    const QPointF c = bounds->center();
    return {QPointF(c.x() - (plot.center().x() - viewport.width() / 2.0) / scale,
                    c.y() + (plot.center().y() - viewport.height() / 2.0) / scale),
            scale};
}

}  // namespace isomorph::views

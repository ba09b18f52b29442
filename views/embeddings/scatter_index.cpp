#include "views/embeddings/scatter_index.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace isomorph::views {

namespace {

constexpr int kMaxCells = 2048;  // per axis
constexpr double kPointsPerCell = 2.0;

bool finite(float x, float y) {
    return std::isfinite(x) && std::isfinite(y);
}

// Crossing-number test (even-odd rule), the same rule QPainter fills a lasso with.
bool insidePolygon(const QPolygonF& poly, double x, double y) {
    bool inside = false;
    const int n = static_cast<int>(poly.size());
    for (int i = 0, j = n - 1; i < n; j = i++) {
        const QPointF& a = poly[i];
        const QPointF& b = poly[j];
        if ((a.y() > y) != (b.y() > y) &&
            x < (b.x() - a.x()) * (y - a.y()) / (b.y() - a.y()) + a.x())
            inside = !inside;
    }
    return inside;
}

}  // namespace

void ScatterIndex::clear() {
    x_ = y_ = nullptr;
    points_ = 0;
    bounds_ = QRectF();
    gx_ = gy_ = 0;
    cellStart_.clear();
    items_.clear();
}

void ScatterIndex::build(const std::vector<float>& x, const std::vector<float>& y) {
    clear();
    const int n = static_cast<int>(std::min(x.size(), y.size()));
    points_ = n;
    x_ = x.data();
    y_ = y.data();
    double minX = std::numeric_limits<double>::infinity(), minY = minX;
    double maxX = -minX, maxY = -minX;
    int finiteCount = 0;
    for (int i = 0; i < n; ++i) {
        if (!finite(x[i], y[i])) continue;
        minX = std::min<double>(minX, x[i]), maxX = std::max<double>(maxX, x[i]);
        minY = std::min<double>(minY, y[i]), maxY = std::max<double>(maxY, y[i]);
        ++finiteCount;
    }
    if (finiteCount == 0) return;
    bounds_ = QRectF(QPointF(minX, minY), QPointF(maxX, maxY));
    const double w = std::max(maxX - minX, 1e-12);
    const double h = std::max(maxY - minY, 1e-12);
    const double cells = std::max(1.0, finiteCount / kPointsPerCell);
    const double aspect = std::clamp(w / h, 1e-3, 1e3);
    gx_ = std::clamp(static_cast<int>(std::ceil(std::sqrt(cells * aspect))), 1, kMaxCells);
    gy_ = std::clamp(static_cast<int>(std::ceil(cells / gx_)), 1, kMaxCells);
    cellW_ = w / gx_;
    cellH_ = h / gy_;

    std::vector<int> cellOf(n, -1);
    cellStart_.assign(std::size_t(gx_) * gy_ + 1, 0);
    for (int i = 0; i < n; ++i) {
        if (!finite(x[i], y[i])) continue;
        cellOf[i] = cellY(y[i]) * gx_ + cellX(x[i]);
        ++cellStart_[cellOf[i] + 1];
    }
    for (std::size_t c = 1; c < cellStart_.size(); ++c)
        cellStart_[c] += cellStart_[c - 1];
    items_.resize(finiteCount);
    std::vector<int> fill(cellStart_.begin(), cellStart_.end() - 1);
    for (int i = 0; i < n; ++i)
        if (cellOf[i] >= 0) items_[fill[cellOf[i]]++] = i;
}

// Clamped before the cast: far-away query coordinates (or a degenerate grid's tiny cells)
// would overflow int.
int ScatterIndex::cellX(double x) const {
    return static_cast<int>(std::clamp((x - bounds_.left()) / cellW_, 0.0, gx_ - 1.0));
}

int ScatterIndex::cellY(double y) const {
    return static_cast<int>(std::clamp((y - bounds_.top()) / cellH_, 0.0, gy_ - 1.0));
}

int ScatterIndex::nearest(double qx, double qy, double radius, const Filter& filter) const {
    if (items_.empty() || !(radius >= 0.0) || !std::isfinite(qx) || !std::isfinite(qy)) return -1;
    if (qx + radius < bounds_.left() || qx - radius > bounds_.right() ||
        qy + radius < bounds_.top() || qy - radius > bounds_.bottom())
        return -1;
    const int x0 = cellX(qx - radius), x1 = cellX(qx + radius);
    const int y0 = cellY(qy - radius), y1 = cellY(qy + radius);
    double best = radius * radius;
    int bestIndex = -1;
    for (int cy = y0; cy <= y1; ++cy)
        for (int cx = x0; cx <= x1; ++cx) {
            const int c = cy * gx_ + cx;
            for (int k = cellStart_[c]; k < cellStart_[c + 1]; ++k) {
                const int i = items_[k];
                const double dx = x_[i] - qx;
                const double dy = y_[i] - qy;
                const double d = dx * dx + dy * dy;
                if ((d < best || (d == best && (bestIndex < 0 || i < bestIndex))) &&
                    filter.accepts(i))
                    best = d, bestIndex = i;
            }
        }
    return bestIndex;
}

std::vector<int> ScatterIndex::inPolygon(const QPolygonF& polygon, const Filter& filter) const {
    std::vector<int> out;
    if (items_.empty() || polygon.size() < 3) return out;
    const QRectF box = polygon.boundingRect();
    if (!box.intersects(bounds_.adjusted(-1e-9, -1e-9, 1e-9, 1e-9))) return out;
    const int x0 = cellX(box.left()), x1 = cellX(box.right());
    const int y0 = cellY(box.top()), y1 = cellY(box.bottom());
    const int cols = x1 - x0 + 1;

    // Cells an edge may touch (sampled every half cell, each sample marking its 3 x 3
    // neighbourhood, so none is missed) have their points tested one by one; every other
    // cell lies wholly inside or outside, decided once at its centre. A lasso over most of a
    // million points costs one test per cell, not per point and edge.
    std::vector<std::uint8_t> boundary(std::size_t(cols) * (y1 - y0 + 1), 0);
    const int n = static_cast<int>(polygon.size());
    for (int e = 0; e < n; ++e) {
        const QPointF a = polygon[e];
        const QPointF b = polygon[(e + 1) % n];
        const double span =
            std::max(std::abs(b.x() - a.x()) / cellW_, std::abs(b.y() - a.y()) / cellH_);
        const int steps = static_cast<int>(std::min(std::ceil(span * 2.0), 1e7)) + 1;
        for (int k = 0; k <= steps; ++k) {
            const QPointF p = a + (b - a) * (double(k) / steps);
            const int cx = cellX(p.x()), cy = cellY(p.y());
            for (int yy = std::max(cy - 1, y0); yy <= std::min(cy + 1, y1); ++yy)
                for (int xx = std::max(cx - 1, x0); xx <= std::min(cx + 1, x1); ++xx)
                    boundary[std::size_t(yy - y0) * cols + (xx - x0)] = 1;
        }
    }
    std::vector<std::uint8_t> hit;  // per point index, so the answer comes out ascending
    hit.assign(points_, 0);
    std::vector<double> crossings;
    for (int cy = y0; cy <= y1; ++cy) {
        const double yc = bounds_.top() + (cy + 0.5) * cellH_;
        crossings.clear();
        for (int i = 0, j = n - 1; i < n; j = i++) {
            const QPointF& a = polygon[i];
            const QPointF& b = polygon[j];
            if ((a.y() > yc) != (b.y() > yc))
                crossings.push_back((b.x() - a.x()) * (yc - a.y()) / (b.y() - a.y()) + a.x());
        }
        std::sort(crossings.begin(), crossings.end());
        std::size_t passed = 0;
        for (int cx = x0; cx <= x1; ++cx) {
            const int c = cy * gx_ + cx;
            if (boundary[std::size_t(cy - y0) * cols + (cx - x0)]) {
                for (int k = cellStart_[c]; k < cellStart_[c + 1]; ++k) {
                    const int i = items_[k];
                    if (filter.accepts(i) && insidePolygon(polygon, x_[i], y_[i])) hit[i] = 1;
                }
                continue;
            }
            const double xc = bounds_.left() + (cx + 0.5) * cellW_;
            while (passed < crossings.size() && crossings[passed] < xc)
                ++passed;
            if (passed % 2 == 0) continue;
            for (int k = cellStart_[c]; k < cellStart_[c + 1]; ++k)
                if (filter.accepts(items_[k])) hit[items_[k]] = 1;
        }
    }
    for (std::size_t i = 0; i < hit.size(); ++i)
        if (hit[i]) out.push_back(static_cast<int>(i));
    return out;
}

}  // namespace isomorph::views

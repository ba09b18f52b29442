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
    bounds_ = QRectF();
    gx_ = gy_ = 0;
    cellStart_.clear();
    items_.clear();
}

void ScatterIndex::build(const std::vector<float>& x, const std::vector<float>& y) {
    clear();
    const int n = static_cast<int>(std::min(x.size(), y.size()));
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
    for (int cy = y0; cy <= y1; ++cy)
        for (int cx = x0; cx <= x1; ++cx) {
            const int c = cy * gx_ + cx;
            for (int k = cellStart_[c]; k < cellStart_[c + 1]; ++k) {
                const int i = items_[k];
                if (x_[i] < box.left() || x_[i] > box.right() || y_[i] < box.top() ||
                    y_[i] > box.bottom())
                    continue;
                if (filter.accepts(i) && insidePolygon(polygon, x_[i], y_[i])) out.push_back(i);
            }
        }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace isomorph::views

#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <QPolygonF>
#include <QRectF>

namespace isomorph::views {

/// A uniform grid over the finite points of a scatter (about two points per cell, at most
/// 2048 x 2048 cells), point indices sorted by cell (counting sort, O(n) to build). Answers
/// nearest-point and polygon queries in data coordinates by looking only at the cells that
/// can hold an answer; a polygon tests points one by one only in cells its edges touch.
/// Points with NaN or infinite coordinates are not in the index.
class ScatterIndex {
  public:
    /// Which points may be answered: `language[i]` must be visible (per-language flags).
    struct Filter {
        const std::uint8_t* language = nullptr;
        const std::array<bool, 256>* visible = nullptr;
        bool accepts(int i) const { return !language || !visible || (*visible)[language[i]]; }
    };

    /// Indexes x, y (equal lengths). The index keeps pointers: the arrays must outlive it
    /// unchanged (rebuild after they change).
    void build(const std::vector<float>& x, const std::vector<float>& y);
    void clear();

    /// The accepted point nearest to (qx, qy) within `radius` (data units), or -1. Ties go to
    /// the lower index.
    int nearest(double qx, double qy, double radius, const Filter& filter) const;
    /// Accepted points inside the polygon (even-odd rule, data coordinates), ascending.
    std::vector<int> inPolygon(const QPolygonF& polygon, const Filter& filter) const;
    /// Bounds of the indexed (finite) points; empty when there are none.
    QRectF bounds() const { return bounds_; }
    int indexedPoints() const { return static_cast<int>(items_.size()); }
    /// The indexed points' indices, cell by cell (row-major): nearby points are near in it.
    const std::vector<int>& cellOrder() const { return items_; }

  private:
    int cellX(double x) const;
    int cellY(double y) const;

    const float* x_ = nullptr;
    const float* y_ = nullptr;
    int points_ = 0;  // indexed or not
    QRectF bounds_;
    int gx_ = 0;
    int gy_ = 0;
    double cellW_ = 1.0;
    double cellH_ = 1.0;
    std::vector<int> cellStart_;  // gx * gy + 1 offsets into items_
    std::vector<int> items_;      // point indices, by cell
};

}  // namespace isomorph::views

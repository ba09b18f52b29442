#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace isomorph::align {

/// A dense float32 matrix in row-major order: `rows` samples of `cols` features, element (r, c) at
/// data[r * cols + c]. The align API speaks this type so that its headers stay free of Eigen;
/// computation happens in double precision inside.
struct Matrix {
    int64_t rows = 0;
    int64_t cols = 0;
    std::vector<float> data;

    Matrix() = default;
    Matrix(int64_t r, int64_t c) : rows(r), cols(c), data(static_cast<size_t>(r * c), 0.0f) {}
    Matrix(int64_t r, int64_t c, std::vector<float> values)
        : rows(r), cols(c), data(std::move(values)) {
        checkShape();
    }

    float& operator()(int64_t r, int64_t c) { return data[static_cast<size_t>(r * cols + c)]; }
    float operator()(int64_t r, int64_t c) const { return data[static_cast<size_t>(r * cols + c)]; }
    const float* row(int64_t r) const { return data.data() + r * cols; }
    float* row(int64_t r) { return data.data() + r * cols; }

    /// Programming error (not bad data) when data.size() != rows * cols.
    void checkShape() const {
        if (rows < 0 || cols < 0 || data.size() != static_cast<size_t>(rows * cols))
            throw std::invalid_argument("align::Matrix: data holds " + std::to_string(data.size()) +
                                        " values, shape is [" + std::to_string(rows) + ", " +
                                        std::to_string(cols) + "]");
    }
};

}  // namespace isomorph::align

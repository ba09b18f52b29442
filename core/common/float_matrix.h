#pragma once

// The one dense float32 matrix type of the engine: embeddings read from `.npy` files, encoder
// output, and the inputs and outputs of core/align (PCA, Procrustes, nearest neighbours,
// calibration) and core/eval. Header-only and free of Eigen, Qt and LibTorch, so every layer can
// pass it around; numeric code maps it (Eigen::Map, BLAS) without copying.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace isomorph {

/// `rows` samples of `cols` features in row-major order: element (r, c) at data[r * cols + c].
struct FloatMatrix {
    int64_t rows = 0;
    int64_t cols = 0;
    std::vector<float> data;

    FloatMatrix() = default;
    /// [r, c] filled with zeros.
    FloatMatrix(int64_t r, int64_t c) : rows(r), cols(c), data(size(r, c), 0.0f) {}
    /// [r, c] taking `values` (r * c of them, row-major); std::invalid_argument otherwise.
    FloatMatrix(int64_t r, int64_t c, std::vector<float> values)
        : rows(r), cols(c), data(std::move(values)) {
        checkShape();
    }

    float& operator()(int64_t r, int64_t c) { return data[index(r, c)]; }
    float operator()(int64_t r, int64_t c) const { return data[index(r, c)]; }
    /// Pointer to the `cols` values of row r.
    const float* row(int64_t r) const { return data.data() + r * cols; }
    float* row(int64_t r) { return data.data() + r * cols; }
    bool empty() const { return rows == 0; }

    /// Programming error (not bad data) when data.size() != rows * cols.
    void checkShape() const {
        if (rows < 0 || cols < 0 || data.size() != size(rows, cols))
            throw std::invalid_argument("FloatMatrix: data holds " + std::to_string(data.size()) +
                                        " values, shape is [" + std::to_string(rows) + ", " +
                                        std::to_string(cols) + "]");
    }

  private:
    static size_t size(int64_t r, int64_t c) { return static_cast<size_t>(r * c); }
    size_t index(int64_t r, int64_t c) const { return static_cast<size_t>(r * cols + c); }
};

}  // namespace isomorph

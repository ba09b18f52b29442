#pragma once

// Reading NumPy `.npy` float32 matrices (what `isomorph-cli encode` writes and what the evaluation
// and index commands take), without LibTorch.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace isomorph::model_io {

/// A row-major float32 matrix [rows, cols].
struct NpyMatrix {
    int64_t rows = 0;
    int64_t cols = 0;
    std::vector<float> data;
};

/// Reads a 2-D little-endian float32 C-order array (format 1.0, 2.0 or 3.0). Throws DataError
/// naming the file for anything else (other dtype, Fortran order, 1-D or 3-D shape, truncated
/// data) and, with `requireFinite`, for the first NaN/Inf value (0-based row and column).
NpyMatrix readNpyMatrix(const std::filesystem::path& path, bool requireFinite = true);

/// The first non-finite value of a [rows, cols] matrix as "row R (0-based), column C is NaN",
/// or an empty string when all are finite.
std::string findNonFinite(const float* data, int64_t rows, int64_t cols);

}  // namespace isomorph::model_io

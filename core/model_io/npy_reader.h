#pragma once

// Reading NumPy `.npy` float32 matrices (what `isomorph-cli encode` writes and what the evaluation
// and index commands take), without LibTorch.

#include <cstdint>
#include <filesystem>
#include <string>

#include "core/common/float_matrix.h"

namespace isomorph::model_io {

/// Reads a 2-D little-endian float32 C-order array (format 1.0, 2.0 or 3.0). Throws DataError
/// naming the file for anything else (other dtype, Fortran order, 1-D or 3-D shape, truncated
/// data) and, with `requireFinite`, for the first NaN/Inf value (0-based row and column).
FloatMatrix readNpyMatrix(const std::filesystem::path& path, bool requireFinite = true);

/// The first non-finite value of a [rows, cols] matrix as "row R (0-based), column C is NaN",
/// or an empty string when all are finite.
std::string findNonFinite(const float* data, int64_t rows, int64_t cols);

}  // namespace isomorph::model_io

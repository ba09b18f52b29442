#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

namespace isomorph::model {

/// Streams a float32 matrix [rows, cols] to a NumPy `.npy` file (format 1.0, little-endian '<f4',
/// C order) without knowing the row count up front: the header reserves room for any count and is
/// rewritten by finish(). Rows go to a temporary file that finish() renames over `path`, so an
/// interrupted run never leaves a truncated `.npy` behind. Throws DataError naming the path.
class NpyWriter {
  public:
    NpyWriter(std::filesystem::path path, int64_t cols);
    ~NpyWriter();
    NpyWriter(const NpyWriter&) = delete;
    NpyWriter& operator=(const NpyWriter&) = delete;

    /// Appends `rows` rows of `cols` floats each.
    void append(const float* data, int64_t rows);
    /// Writes the final header, flushes and renames into place.
    void finish();
    int64_t rows() const { return rows_; }

    /// The header for a [rows, cols] float32 array, padded to `totalBytes` (a multiple of 64).
    static std::string header(int64_t rows, int64_t cols, size_t totalBytes);

  private:
    std::filesystem::path path_, tmp_;
    int64_t cols_;
    int64_t rows_ = 0;
    std::FILE* file_ = nullptr;
};

}  // namespace isomorph::model

#pragma once

// The JSON sidecar `X.npy.json` that `isomorph-cli encode` writes next to an embeddings file: what
// the rows are (model, input, pooling, language), so that an index or evaluation built from the
// `.npy` can encode queries with the same encoder and check that the rows match.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace isomorph::model_io {

struct NpySidecar {
    std::string model;        ///< absolute path of the checkpoint that encoded the rows
    std::string input;        ///< absolute path of the text the rows encode
    int64_t rows = 0;         ///< rows of the .npy
    int64_t dim = 0;          ///< columns of the .npy
    std::string pooling;      ///< pooling name (model::Pooling::toString(), e.g. "cls")
    bool normalized = false;  ///< rows L2-normalised
    std::string language;     ///< language of every row; empty when not given (JSON null)
    int64_t truncated = 0;    ///< inputs cut to the maximum length
    int64_t empty = 0;        ///< empty inputs
};

/// X.npy -> X.npy.json.
std::filesystem::path npySidecarPath(const std::filesystem::path& npy);

/// Writes the sidecar of `npy` atomically. DataError naming the file when writing fails.
void writeNpySidecar(const std::filesystem::path& npy, const NpySidecar& sidecar);

/// The sidecar of `npy`, or nullopt when there is none. Fields a sidecar lacks keep their
/// defaults (files written by other tools may carry only some). DataError naming the file when it
/// is not a JSON object or a field has the wrong type.
std::optional<NpySidecar> readNpySidecar(const std::filesystem::path& npy);

}  // namespace isomorph::model_io

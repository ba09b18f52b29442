#pragma once

// Named tensors <-> a safetensors file (optimizer moments, heads, memory banks). float32, int64
// and uint8 tensors round-trip bit-exactly. Include only from LibTorch-using sources.

#include <filesystem>
#include <map>
#include <string>

#include <torch/torch.h>

namespace isomorph::model {

using TensorMap = std::map<std::string, torch::Tensor>;

/// Writes every tensor (moved to CPU, contiguous) atomically to `path`.
void saveTensorFile(const TensorMap& tensors, const std::filesystem::path& path);
/// Reads a file written by saveTensorFile (F32, I64, U8 tensors; copies out of the mapping).
/// Throws CheckpointError naming the file and tensor.
TensorMap loadTensorFile(const std::filesystem::path& path);

}  // namespace isomorph::model

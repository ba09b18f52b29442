#pragma once

// Tensors that a Python reference script wrote into a .safetensors file (F32 or I64), and the
// largest absolute difference to ours.

#include <cstring>
#include <string>

#include <torch/torch.h>

#include "core/model_io/safetensors.h"

namespace isomorph::testing {

inline torch::Tensor loadReferenceTensor(const model_io::SafetensorsFile& file,
                                         const std::string& name) {
    const auto& info = file.at(name);
    const auto dtype = info.dtype == model_io::DType::I64 ? torch::kLong : torch::kFloat32;
    auto t = torch::empty(info.shape, dtype);
    std::memcpy(t.data_ptr(), file.data(info), info.bytes);
    return t;
}

inline double maxAbsDiff(const torch::Tensor& a, const torch::Tensor& b) {
    return (a - b).abs().max().item<double>();
}

}  // namespace isomorph::testing

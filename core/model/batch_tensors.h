#pragma once

// Sampler batches (int32 row-major matrices) -> LibTorch tensors on a device.

#include <torch/torch.h>

#include "core/data/samplers/collate.h"
#include "core/runtime/host_to_device.h"

namespace isomorph::model {

struct BatchTensors {
    torch::Tensor ids;   ///< [rows, cols] int64
    torch::Tensor mask;  ///< [rows, cols] int64, 1 = token
};

inline BatchTensors toTensors(const data::samplers::TokenMatrix& m, torch::Device device) {
    const auto opts = torch::TensorOptions().dtype(torch::kInt32);
    auto ids = torch::from_blob(const_cast<int32_t*>(m.ids.data()), {m.rows, m.cols}, opts);
    auto mask = torch::from_blob(const_cast<int32_t*>(m.attention.data()), {m.rows, m.cols}, opts);
    return {runtime::toDevice(ids, device, torch::kInt64),
            runtime::toDevice(mask, device, torch::kInt64)};
}

}  // namespace isomorph::model

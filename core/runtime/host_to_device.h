#pragma once

// Host batches -> the training or encoding device. On CUDA the host tensor goes through pinned
// (page-locked) memory, so the copy is asynchronous and overlaps with the previous step's kernels;
// LibTorch's caching host allocator keeps the pinned block alive until the copy has finished.

#include <torch/torch.h>

namespace isomorph::runtime {

/// `host` (any CPU tensor) as `dtype` on `device`.
inline torch::Tensor toDevice(const torch::Tensor& host, torch::Device device,
                              torch::ScalarType dtype) {
    if (!device.is_cuda()) return host.to(device, dtype);
    return host.to(dtype).pin_memory().to(device, dtype, /*non_blocking=*/true);
}

}  // namespace isomorph::runtime

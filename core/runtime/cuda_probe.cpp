#include "core/runtime/cuda_probe.h"

#include <ATen/cuda/CUDAContext.h>
#include <torch/cuda.h>

namespace isomorph::runtime {

std::vector<std::string> cudaDeviceNames() {
    std::vector<std::string> names;
    const auto count = torch::cuda::device_count();
    for (size_t i = 0; i < count; ++i) {
        const cudaDeviceProp* prop = at::cuda::getDeviceProperties(static_cast<int64_t>(i));
        names.emplace_back(prop->name);
    }
    return names;
}

bool cudaNcclAvailable() {
#ifdef USE_C10D_NCCL
    return true;
#else
    return false;
#endif
}

std::string cudaNcclDescription() {
#ifdef USE_C10D_NCCL
    return "ProcessGroupNCCL compiled into LibTorch";
#else
    return "this CUDA LibTorch was built without NCCL (USE_C10D_NCCL)";
#endif
}

}  // namespace isomorph::runtime

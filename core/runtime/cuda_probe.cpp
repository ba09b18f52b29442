#include "core/runtime/cuda_probe.h"

#include <ATen/cuda/CUDAContext.h>
#include <fmt/format.h>
#include <torch/cuda.h>

namespace isomorph::runtime {

std::vector<std::string> cudaDeviceNames() {
    std::vector<std::string> names;
    // device_count() is size_t in LibTorch 1.13 and c10::DeviceIndex (int8_t) in 2.x.
    const int count = static_cast<int>(torch::cuda::device_count());
    for (int i = 0; i < count; ++i) {
        const cudaDeviceProp* prop = at::cuda::getDeviceProperties(static_cast<int64_t>(i));
        names.push_back(fmt::format("{} (sm_{}{}, {:.0f} GiB)", prop->name, prop->major,
                                    prop->minor,
                                    static_cast<double>(prop->totalGlobalMem) / (1 << 30)));
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

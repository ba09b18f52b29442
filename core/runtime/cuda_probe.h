#pragma once

// Compiled only when ISOMORPH_WITH_CUDA (a CUDA-enabled LibTorch): device and NCCL facts for
// doctor. Untested on our CPU-only machines; keep it as thin as the CPU path it mirrors.

#include <string>
#include <vector>

namespace isomorph::runtime {

std::vector<std::string> cudaDeviceNames();
bool cudaNcclAvailable();
std::string cudaNcclDescription();

}  // namespace isomorph::runtime

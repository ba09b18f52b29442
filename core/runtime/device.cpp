#include "core/runtime/device.h"

#include <cctype>

#include <torch/cuda.h>

#include "core/common/errors.h"

namespace isomorph::runtime {

std::string DeviceSpec::toString() const {
    if (kind == Kind::Cpu) return "cpu";
    return index < 0 ? "cuda" : "cuda:" + std::to_string(index);
}

DeviceSpec parseDevice(std::string_view text, std::string_view what) {
    auto invalid = [&] {
        return ConfigError(std::string(what) + ": '" + std::string(text) +
                           "' is not a device; use cpu, cuda or cuda:N (N = 0, 1, ...)");
    };
    if (text == "cpu") return DeviceSpec{DeviceSpec::Kind::Cpu, -1};
    if (text == "cuda") return DeviceSpec{DeviceSpec::Kind::Cuda, -1};
    constexpr std::string_view kPrefix = "cuda:";
    if (text.substr(0, kPrefix.size()) != kPrefix) throw invalid();
    std::string_view digits = text.substr(kPrefix.size());
    if (digits.empty() || digits.size() > 4) throw invalid();
    int index = 0;
    for (char c : digits) {
        if (!std::isdigit(static_cast<unsigned char>(c))) throw invalid();
        index = index * 10 + (c - '0');
    }
    return DeviceSpec{DeviceSpec::Kind::Cuda, index};
}

bool cudaCompiledIn() {
#if ISOMORPH_WITH_CUDA
    return true;
#else
    return false;
#endif
}

int cudaDeviceCount() {
    if (!cudaCompiledIn()) return 0;
    return static_cast<int>(torch::cuda::device_count());
}

void requireAvailable(const DeviceSpec& device, std::string_view what) {
    if (!device.isCuda()) return;
    const std::string prefix = std::string(what) + ": " + device.toString() + " requested, but ";
    if (!cudaCompiledIn()) {
        throw ConfigError(prefix +
                          "this build of Isomorph has no CUDA support (the LibTorch it was built "
                          "against is CPU-only). Use --device cpu, or rebuild against a CUDA "
                          "LibTorch (see README).");
    }
    const int count = cudaDeviceCount();
    if (count == 0) {
        throw ConfigError(prefix +
                          "no CUDA device is visible (check the driver, nvidia-smi and "
                          "CUDA_VISIBLE_DEVICES). Use --device cpu.");
    }
    if (device.index >= count) {
        throw ConfigError(
            prefix + "only " + std::to_string(count) +
            " CUDA device(s) are visible (cuda:0 .. cuda:" + std::to_string(count - 1) + ").");
    }
}

}  // namespace isomorph::runtime

#pragma once

#include <string>
#include <string_view>

namespace isomorph::runtime {

/// Where tensors live. A runtime choice ("cpu", "cuda", "cuda:N"); CUDA is available only when
/// Isomorph was built against a CUDA-enabled LibTorch (ISOMORPH_WITH_CUDA) and a GPU is present.
struct DeviceSpec {
    enum class Kind { Cpu, Cuda };
    Kind kind = Kind::Cpu;
    int index = -1;  ///< CUDA device ordinal; -1 = the current device

    bool isCuda() const { return kind == Kind::Cuda; }
    std::string toString() const;  ///< "cpu", "cuda" or "cuda:N"
    bool operator==(const DeviceSpec& other) const {
        return kind == other.kind && index == other.index;
    }
};

/// Parses "cpu", "cuda" or "cuda:N". Throws ConfigError naming `what` (the flag or config field)
/// on anything else.
DeviceSpec parseDevice(std::string_view text, std::string_view what = "device");

/// Throws ConfigError when `device` cannot be used in this process: CUDA asked for in a CPU-only
/// build, no GPU visible, or an ordinal beyond the devices present.
void requireAvailable(const DeviceSpec& device, std::string_view what = "device");

/// True when this build can use CUDA at all (compiled against a CUDA LibTorch).
bool cudaCompiledIn();

/// Number of visible CUDA devices (0 in CPU-only builds).
int cudaDeviceCount();

}  // namespace isomorph::runtime

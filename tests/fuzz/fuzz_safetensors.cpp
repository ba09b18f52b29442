// libFuzzer target: the safetensors header parser and validator (core/model_io). Any exception
// other than CheckpointError, and any sanitizer report, is a finding. Accepted files are read
// completely, so out-of-range offsets would show up as heap overflows.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/common/errors.h"
#include "core/model_io/safetensors.h"

using namespace isomorph::model_io;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    try {
        const SafetensorsFile file = SafetensorsFile::fromMemory(
            std::string(reinterpret_cast<const char*>(data), size), "fuzz.safetensors");
        volatile unsigned char sink = 0;
        for (const TensorInfo& info : file.tensors()) {
            const auto* bytes = static_cast<const unsigned char*>(file.data(info));
            for (uint64_t i = 0; i < info.bytes; ++i)
                sink = sink ^ bytes[i];
            if (info.dtype == DType::F32 || info.dtype == DType::F16 || info.dtype == DType::BF16) {
                (void)toFloat32(file, info);
            }
            if (file.find(info.name) != &info) __builtin_trap();
        }
    } catch (const isomorph::CheckpointError&) {
    }
    return 0;
}

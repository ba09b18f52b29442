#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace isomorph {

/// 64-bit FNV-1a: a stable, dependency-free fingerprint for file identity checks (tokenizer
/// hashes in shard headers, split assignment). Not a cryptographic hash.
constexpr uint64_t kFnvOffset = 14695981039346656037ull;

constexpr uint64_t fnv1a64(std::string_view bytes, uint64_t hash = kFnvOffset) {
    for (unsigned char c : bytes) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    return hash;
}

/// 16 lower-case hex digits.
inline std::string toHex64(uint64_t value) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, value >>= 4)
        out[i] = kDigits[value & 0xf];
    return out;
}

}  // namespace isomorph

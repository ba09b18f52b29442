#pragma once

// UTF-8 <-> code points for the tokenizers' Unicode work (ICU's macros; include only from
// core/text sources, which link ICU). Invalid bytes decode to U+FFFD.

#include <cstdint>
#include <string>
#include <string_view>
#include <unicode/utf8.h>

namespace isomorph::text::utf8 {

inline std::u32string decode(std::string_view text) {
    std::u32string out;
    out.reserve(text.size());
    const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
    const auto length = static_cast<int64_t>(text.size());
    for (int64_t i = 0; i < length;) {
        UChar32 c = 0;
        U8_NEXT_OR_FFFD(bytes, i, length, c);
        out.push_back(static_cast<char32_t>(c));
    }
    return out;
}

inline bool isValid(std::string_view text) {
    const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
    const auto length = static_cast<int64_t>(text.size());
    for (int64_t i = 0; i < length;) {
        UChar32 c = 0;
        U8_NEXT(bytes, i, length, c);
        if (c < 0) return false;
    }
    return true;
}

inline void append(std::string& out, char32_t c) {
    uint8_t buffer[U8_MAX_LENGTH];
    int32_t length = 0;
    U8_APPEND_UNSAFE(buffer, length, static_cast<UChar32>(c));
    out.append(reinterpret_cast<const char*>(buffer), static_cast<size_t>(length));
}

inline std::string encode(const std::u32string& text) {
    std::string out;
    out.reserve(text.size());
    for (char32_t c : text)
        append(out, c);
    return out;
}

}  // namespace isomorph::text::utf8

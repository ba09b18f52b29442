#pragma once

// Platform-independent randomness for the samplers. The standard library's distributions and
// std::shuffle are implementation-defined, so batches would differ between libstdc++ and libc++;
// everything here is specified bit for bit.

#include <array>
#include <cstddef>
#include <cstdint>

namespace isomorph {

/// One step of SplitMix64 (Steele et al.): advances `state` and returns a well-mixed value.
inline uint64_t splitMix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// Stateless 64-bit mixer (SplitMix64 finaliser of `x`).
inline uint64_t mix64(uint64_t x) {
    return splitMix64(x);
}

/// Hash of a seed and further integer parts; keys every random decision so it depends only on
/// what it is about (seed, epoch, item ...), never on the order in which decisions are made.
template <typename... Parts>
uint64_t deriveKey(uint64_t seed, Parts... parts) {
    uint64_t h = mix64(seed ^ 0x6A09E667F3BCC909ull);
    ((h = mix64(h ^ mix64(static_cast<uint64_t>(parts) + 0x632BE59BD9B4E019ull))), ...);
    return h;
}

/// Small deterministic generator (SplitMix64) with Lemire's unbiased bounded integers.
class Rng {
  public:
    explicit Rng(uint64_t seed) : state_(seed) {}
    uint64_t next() { return splitMix64(state_); }
    /// Uniform in [0, bound); bound > 0. Lemire, "Fast random integer generation in an interval".
    uint64_t below(uint64_t bound) {
        __uint128_t m = static_cast<__uint128_t>(next()) * bound;
        auto low = static_cast<uint64_t>(m);
        if (low < bound) {
            const uint64_t threshold = (0 - bound) % bound;
            while (low < threshold) {
                m = static_cast<__uint128_t>(next()) * bound;
                low = static_cast<uint64_t>(m);
            }
        }
        return static_cast<uint64_t>(m >> 64);
    }
    /// Uniform in [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    bool bernoulli(double p) { return uniform() < p; }

  private:
    uint64_t state_;
};

/// Keyed pseudo-random permutation of [0, n) in O(1) memory: a balanced Feistel network over the
/// smallest even-bit power-of-two domain >= n, with cycle-walking back into [0, n) (the domain is
/// < 4n, so fewer than 4 rounds of walking are expected). Lets corpora of billions of items be
/// shuffled without an index array.
class FeistelPermutation {
  public:
    FeistelPermutation(uint64_t n, uint64_t key) : n_(n) {
        while (halfBits_ < 32 && (uint64_t{1} << (2 * halfBits_)) < n)
            ++halfBits_;
        mask_ = (uint64_t{1} << halfBits_) - 1;
        for (size_t i = 0; i < keys_.size(); ++i)
            keys_[i] = deriveKey(key, i);
    }
    uint64_t size() const { return n_; }
    /// Image of i < size().
    uint64_t operator()(uint64_t i) const {
        if (n_ <= 1) return 0;
        uint64_t x = i;
        do {
            x = encrypt(x);
        } while (x >= n_);
        return x;
    }

  private:
    static constexpr int kRounds = 6;  // Luby-Rackoff needs 4 for a strong PRP; 6 is margin
    uint64_t encrypt(uint64_t x) const {
        uint64_t left = x >> halfBits_, right = x & mask_;
        for (uint64_t key : keys_) {
            const uint64_t f = mix64(key ^ right) & mask_;
            const uint64_t next = left ^ f;
            left = right;
            right = next;
        }
        return (left << halfBits_) | right;
    }

    uint64_t n_;
    int halfBits_ = 1;
    uint64_t mask_ = 1;
    std::array<uint64_t, kRounds> keys_{};
};

}  // namespace isomorph

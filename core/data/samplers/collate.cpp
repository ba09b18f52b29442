#include "core/data/samplers/collate.h"

#include <algorithm>
#include <stdexcept>

namespace isomorph::data::samplers {

int64_t TokenMatrix::tokens() const {
    int64_t n = 0;
    for (int32_t length : lengths)
        n += length;
    return n;
}

double TokenMatrix::paddingRatio() const {
    const int64_t cells = rows * cols;
    return cells == 0 ? 0.0 : static_cast<double>(cells - tokens()) / static_cast<double>(cells);
}

int64_t roundUp(int64_t n, int32_t multiple) {
    if (multiple <= 1) return n;
    return (n + multiple - 1) / multiple * multiple;
}

TokenMatrix collate(const std::vector<std::vector<int32_t>>& sequences, int32_t padMultiple,
                    int32_t pad) {
    TokenMatrix m;
    m.rows = static_cast<int64_t>(sequences.size());
    size_t longest = 0;
    for (const auto& s : sequences)
        longest = std::max(longest, s.size());
    m.cols = roundUp(static_cast<int64_t>(longest), padMultiple);
    m.ids.assign(static_cast<size_t>(m.rows * m.cols), pad);
    m.attention.assign(m.ids.size(), 0);
    m.lengths.reserve(sequences.size());
    for (int64_t r = 0; r < m.rows; ++r) {
        const auto& s = sequences[r];
        std::copy(s.begin(), s.end(), m.ids.begin() + r * m.cols);
        std::fill_n(m.attention.begin() + r * m.cols, s.size(), 1);
        m.lengths.push_back(static_cast<int32_t>(s.size()));
    }
    return m;
}

void wrapSentenceInto(shards::TokenSpan tokens, uint32_t maxTokens, std::vector<int32_t>& out) {
    if (maxTokens < 3) throw std::logic_error("wrapSentence: maxTokens must be >= 3");
    const uint64_t keep = std::min<uint64_t>(tokens.size, maxTokens - 2);
    out.clear();
    out.reserve(keep + 2);
    out.push_back(kBosId);
    out.insert(out.end(), tokens.data, tokens.data + keep);
    out.push_back(kEosId);
}

std::vector<int32_t> wrapSentence(shards::TokenSpan tokens, uint32_t maxTokens) {
    std::vector<int32_t> out;
    wrapSentenceInto(tokens, maxTokens, out);
    return out;
}

}  // namespace isomorph::data::samplers

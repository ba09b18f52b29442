#include "core/data/samplers/masking.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/common/random.h"

namespace isomorph::data::samplers {

namespace {

void checkOptions(const MaskOptions& o) {
    if (o.vocabSize <= kFirstRegularId + 1 || o.specials.maskIn(o.vocabSize) >= o.vocabSize) {
        throw std::logic_error("MaskOptions.vocabSize must leave regular ids between the specials");
    }
    if (o.probability < 0 || o.probability > 1 || o.maskShare < 0 || o.randomShare < 0 ||
        o.maskShare + o.randomShare > 1) {
        throw std::logic_error("MaskOptions: probabilities out of range");
    }
}

/// Masks the maskable tokens of row r in columns [begin, end).
void maskRow(TokenMatrix& m, int64_t r, int64_t begin, int64_t end, const MaskOptions& o,
             uint64_t rowKey, std::vector<int32_t>& labels) {
    const SpecialIds& s = o.specials;
    const int32_t maskId = s.maskIn(o.vocabSize);
    // XLM-R's specials are ids 0-3; other tokenizers scatter theirs ([PAD] 0, [CLS] 101).
    const bool xlmr = s.isXlmrLayout(o.vocabSize);
    const auto special = [&](int32_t id) {
        return xlmr ? id < kFirstRegularId || id == maskId
                    : id == s.bos || id == s.eos || id == s.pad || id == s.unk || id == maskId;
    };
    const int32_t randomFirst = xlmr ? kFirstRegularId : 0;
    const int32_t randomEnd = xlmr ? maskId : o.vocabSize;
    Rng rng(rowKey);
    end = std::min<int64_t>(end, m.lengths[r]);
    for (int64_t c = begin; c < end; ++c) {
        int32_t& id = m.ids[r * m.cols + c];
        if (special(id)) continue;  // specials are never targets
        if (!rng.bernoulli(o.probability)) continue;
        labels[r * m.cols + c] = id;
        const double u = rng.uniform();
        if (u < o.maskShare) {
            id = maskId;
        } else if (u < o.maskShare + o.randomShare) {
            id = randomFirst + static_cast<int32_t>(rng.below(randomEnd - randomFirst));
        }
    }
}

/// The generator key of row r: (seed, rowKeys[r]) when keys are given, else (seed, r).
uint64_t rowKey(uint64_t seed, const std::vector<uint64_t>* rowKeys, int64_t r) {
    return deriveKey(seed, rowKeys ? (*rowKeys)[static_cast<size_t>(r)] : static_cast<uint64_t>(r));
}

void checkRowKeys(const TokenMatrix& m, const std::vector<uint64_t>* rowKeys, const char* who) {
    if (rowKeys && static_cast<int64_t>(rowKeys->size()) != m.rows)
        throw std::logic_error(std::string(who) + ": one row key per row expected");
}

}  // namespace

MaskOptions qlmMaskOptions(int32_t vocabSize, const SpecialIds& specials) {
    MaskOptions o;
    o.probability = 0.30;
    o.vocabSize = vocabSize;
    o.specials = specials;
    return o;
}

std::vector<int32_t> maskTokens(TokenMatrix& m, const MaskOptions& options, uint64_t seed,
                                const std::vector<uint64_t>* rowKeys) {
    checkOptions(options);
    checkRowKeys(m, rowKeys, "maskTokens");
    std::vector<int32_t> labels(m.ids.size(), kIgnoreLabel);
    for (int64_t r = 0; r < m.rows; ++r)
        maskRow(m, r, 0, m.cols, options, rowKey(seed, rowKeys, r), labels);
    return labels;
}

std::vector<int32_t> maskQueryTokens(TokenMatrix& m, const std::vector<int32_t>& queryLengths,
                                     const MaskOptions& options, uint64_t seed,
                                     const std::vector<uint64_t>* rowKeys) {
    checkOptions(options);
    if (static_cast<int64_t>(queryLengths.size()) != m.rows) {
        throw std::logic_error("maskQueryTokens: one query length per row expected");
    }
    checkRowKeys(m, rowKeys, "maskQueryTokens");
    std::vector<int32_t> labels(m.ids.size(), kIgnoreLabel);
    for (int64_t r = 0; r < m.rows; ++r) {
        maskRow(m, r, 1, 1 + int64_t{queryLengths[r]}, options, rowKey(seed, rowKeys, r), labels);
    }
    return labels;
}

std::vector<int32_t> maskCrossEncoderTokens(TokenMatrix& m,
                                            const std::vector<int32_t>& queryLengths,
                                            QlmTarget target, const MaskOptions& options,
                                            uint64_t seed, const std::vector<uint64_t>* rowKeys) {
    if (target == QlmTarget::Query) return maskQueryTokens(m, queryLengths, options, seed, rowKeys);
    checkOptions(options);
    if (static_cast<int64_t>(queryLengths.size()) != m.rows) {
        throw std::logic_error("maskCrossEncoderTokens: one query length per row expected");
    }
    checkRowKeys(m, rowKeys, "maskCrossEncoderTokens");
    std::vector<int32_t> labels(m.ids.size(), kIgnoreLabel);
    for (int64_t r = 0; r < m.rows; ++r) {
        const int64_t begin = target == QlmTarget::Document ? 2 + int64_t{queryLengths[r]} : 1;
        maskRow(m, r, begin, m.cols, options, rowKey(seed, rowKeys, r), labels);
    }
    return labels;
}

}  // namespace isomorph::data::samplers

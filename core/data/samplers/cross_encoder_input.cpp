#include "core/data/samplers/cross_encoder_input.h"

#include <algorithm>
#include <string>

#include "core/common/errors.h"

namespace isomorph::data::samplers {

CrossEncoderInput packCrossEncoderInput(const std::vector<int32_t>& query,
                                        const std::vector<int32_t>& document,
                                        uint32_t maxQueryTokens, uint32_t maxLength,
                                        const SpecialIds& specials) {
    if (maxQueryTokens < 1 || maxLength < maxQueryTokens + 4) {
        throw ConfigError("cross-encoder input: the maximum length (" + std::to_string(maxLength) +
                          ") must exceed the query budget (" + std::to_string(maxQueryTokens) +
                          ") by at least 4 (<s>, two </s> and one document token), and the "
                          "query budget must be at least 1");
    }
    CrossEncoderInput in;
    const size_t q = std::min<size_t>(query.size(), maxQueryTokens);
    const size_t d = std::min<size_t>(document.size(), maxLength - q - 3);
    in.queryLength = static_cast<int32_t>(q);
    in.queryTruncated = q < query.size();
    in.documentTruncated = d < document.size();
    const size_t n = q + d + 3;
    in.ids.reserve(n);
    in.ids.push_back(specials.bos);
    in.ids.insert(in.ids.end(), query.begin(), query.begin() + static_cast<std::ptrdiff_t>(q));
    in.ids.push_back(specials.eos);
    in.ids.insert(in.ids.end(), document.begin(),
                  document.begin() + static_cast<std::ptrdiff_t>(d));
    in.ids.push_back(specials.eos);
    in.tokenTypes.assign(n, 1);
    std::fill_n(in.tokenTypes.begin(), q + 2, 0);
    in.global.assign(n, 0);
    std::fill_n(in.global.begin(), q + 2, 1);  // <s>, the query, the first </s>
    in.global.back() = 1;                      // the closing </s>
    return in;
}

CrossEncoderBatch collateCrossEncoderInputs(const std::vector<CrossEncoderInput>& inputs,
                                            int32_t padMultiple, int32_t pad) {
    CrossEncoderBatch b;
    std::vector<std::vector<int32_t>> rows;
    rows.reserve(inputs.size());
    for (const CrossEncoderInput& in : inputs) {
        rows.push_back(in.ids);
        b.queryLengths.push_back(in.queryLength);
        b.truncatedQueries += in.queryTruncated ? 1 : 0;
        b.truncatedDocuments += in.documentTruncated ? 1 : 0;
    }
    b.ids = collate(rows, padMultiple, pad);
    const auto cells = static_cast<size_t>(b.ids.rows * b.ids.cols);
    b.tokenTypes.assign(cells, 0);
    b.global.assign(cells, 0);
    for (size_t r = 0; r < inputs.size(); ++r) {
        const auto offset = static_cast<std::ptrdiff_t>(r * static_cast<size_t>(b.ids.cols));
        std::copy(inputs[r].tokenTypes.begin(), inputs[r].tokenTypes.end(),
                  b.tokenTypes.begin() + offset);
        std::copy(inputs[r].global.begin(), inputs[r].global.end(), b.global.begin() + offset);
    }
    return b;
}

}  // namespace isomorph::data::samplers

#pragma once

// The cross-encoder input of XLP (paper §3, Figure 2): one query and one document packed as
// `<s> query </s> document </s>`, segment (token type) 0 for `<s> query </s>` and 1 for
// `document </s>`, and global attention on <s>, every query token and both </s> separators when
// the encoder uses global + sliding-window attention. Pretraining (objectives.xlp) and re-ranking
// build their inputs with these two functions only, so what a re-ranker scores is laid out
// exactly as what it was trained on. Torch-free.

#include <cstdint>
#include <vector>

#include "core/data/samplers/collate.h"

namespace isomorph::data::samplers {

/// One packed query/document pair.
struct CrossEncoderInput {
    std::vector<int32_t> ids;         ///< [n] `<s> query </s> document </s>`
    std::vector<int32_t> tokenTypes;  ///< [n] 0 on `<s> query </s>`, 1 on `document </s>`
    std::vector<uint8_t> global;      ///< [n] 1 on <s>, query tokens and both </s>
    int32_t queryLength = 0;          ///< query tokens kept, at positions 1..queryLength
    bool queryTruncated = false;      ///< the query had more than maxQueryTokens ids
    bool documentTruncated = false;   ///< the document did not fit into maxLength
};

/// Packs token ids (without <s>/</s>) of a query and a document. The query keeps its first
/// `maxQueryTokens` ids (the global-attention budget: every query token is global, so a long
/// query would make attention quadratic again); the document keeps what fits into `maxLength`
/// tokens in all. Throws ConfigError unless maxQueryTokens >= 1 and
/// maxLength >= maxQueryTokens + 4 (room for the three specials and one document token). <s> and
/// </s> are `specials.bos` and `specials.eos` ([CLS] and [SEP] for a BERT tokenizer).
CrossEncoderInput packCrossEncoderInput(const std::vector<int32_t>& query,
                                        const std::vector<int32_t>& document,
                                        uint32_t maxQueryTokens, uint32_t maxLength,
                                        const SpecialIds& specials = {});

/// Packed pairs padded into one batch; all matrices are [rows, cols] row-major.
struct CrossEncoderBatch {
    TokenMatrix ids;                    ///< padded with <pad>; ids.attention marks tokens
    std::vector<int32_t> tokenTypes;    ///< [rows, cols] 0/1, 0 on padding
    std::vector<uint8_t> global;        ///< [rows, cols] 1 = global attention, 0 on padding
    std::vector<int32_t> queryLengths;  ///< [rows] query tokens at columns 1..len (QLM)
    int64_t truncatedQueries = 0;       ///< rows whose query was cut to maxQueryTokens
    int64_t truncatedDocuments = 0;     ///< rows whose document was cut to fit maxLength
};

/// Pads `inputs` with `pad` to the longest one, rounded up to a multiple of `padMultiple`
/// (<= 1: none).
CrossEncoderBatch collateCrossEncoderInputs(const std::vector<CrossEncoderInput>& inputs,
                                            int32_t padMultiple = 1, int32_t pad = kPadId);

}  // namespace isomorph::data::samplers

#pragma once

// Dynamic padding of token-id sequences into row-major int32 matrices that the training engine
// turns into tensors without copying ([rows, cols], padded with <pad>, 1 unless told otherwise).

#include <cstdint>
#include <vector>

#include "core/data/shards/shard_set.h"

namespace isomorph::data::samplers {

constexpr int32_t kBosId = 0;           ///< <s>, also [CLS] in packed query/document sequences
constexpr int32_t kPadId = 1;           ///< <pad>
constexpr int32_t kEosId = 2;           ///< </s>, also [SEP]
constexpr int32_t kUnkId = 3;           ///< <unk>
constexpr int32_t kFirstRegularId = 4;  ///< first id that is not special (except <mask>)
constexpr int32_t kIgnoreLabel = -100;  ///< PyTorch's CrossEntropyLoss ignore_index

/// The special-token ids of a sequence layout. The defaults are XLM-R's, which every shard set
/// uses (it is binarized with a SentencePiece model of that layout): <s> 0, <pad> 1, </s> 2,
/// <unk> 3, <mask> the vocabulary's last id. Text tokenized with a checkpoint's own tokenizer
/// (model::CheckpointTokenizer::specialIds) may number them otherwise, e.g. BERT's [CLS] 101,
/// [PAD] 0, [SEP] 102, [UNK] 100, [MASK] 103.
struct SpecialIds {
    int32_t bos = kBosId;  ///< <s> / [CLS]
    int32_t pad = kPadId;  ///< <pad> / [PAD]
    int32_t eos = kEosId;  ///< </s> / [SEP]
    int32_t unk = kUnkId;  ///< <unk> / [UNK]; -1 when the tokenizer names none
    int32_t mask = -1;     ///< <mask> / [MASK]; -1 = the vocabulary's last id (XLM-R)

    /// The <mask> id of a vocabulary of `vocabSize` ids.
    int32_t maskIn(int32_t vocabSize) const { return mask >= 0 ? mask : vocabSize - 1; }
    /// Whether this is XLM-R's layout for a vocabulary of `vocabSize` ids (<unk> aside).
    bool isXlmrLayout(int32_t vocabSize) const {
        return bos == kBosId && pad == kPadId && eos == kEosId &&
               maskIn(vocabSize) == vocabSize - 1;
    }
};

/// A padded batch of sequences.
struct TokenMatrix {
    int64_t rows = 0;
    int64_t cols = 0;
    std::vector<int32_t> ids;        ///< [rows, cols] int32; <pad> after each row's length
    std::vector<int32_t> attention;  ///< [rows, cols] int32; 1 on tokens, 0 on padding
    std::vector<int32_t> lengths;    ///< [rows] tokens per row (before padding)

    int32_t at(int64_t row, int64_t col) const { return ids[row * cols + col]; }
    int64_t tokens() const;
    /// Padding cells / all cells (0 for an empty matrix).
    double paddingRatio() const;
};

/// Pads `sequences` with `pad` to the longest one, rounded up to a multiple of `padMultiple` (8
/// suits tensor cores); `padMultiple` <= 1 means no rounding.
TokenMatrix collate(const std::vector<std::vector<int32_t>>& sequences, int32_t padMultiple = 1,
                    int32_t pad = kPadId);

/// `<s> ids </s>`, keeping the first maxTokens - 2 ids of a longer sentence; maxTokens >= 3.
std::vector<int32_t> wrapSentence(shards::TokenSpan tokens, uint32_t maxTokens);
void wrapSentenceInto(shards::TokenSpan tokens, uint32_t maxTokens, std::vector<int32_t>& out);

/// Rounds n up to a multiple of `multiple` (<= 1: unchanged).
int64_t roundUp(int64_t n, int32_t multiple);

}  // namespace isomorph::data::samplers

#pragma once

// The tokenizer stored next to a checkpoint's weights, behind one interface: XLM-R's
// SentencePiece (<s> ... </s>), any Hugging Face fast tokenizer (tokenizer.json) or BERT's
// WordPiece ([CLS] ... [SEP]). Torch-free.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/data/samplers/collate.h"

namespace isomorph::model {

struct CheckpointTokenizer {
    std::function<std::vector<int32_t>(const std::string&)> encode;  ///< text -> ids, no specials
    int64_t bos = 0;                                                 ///< <s> / [CLS]
    int64_t eos = 0;                                                 ///< </s> / [SEP]
    int64_t pad = 0;                                                 ///< <pad> / [PAD]
    int64_t unk = -1;   ///< <unk> / [UNK]; -1 when the tokenizer names none
    int64_t mask = -1;  ///< <mask> / [MASK]; -1 when the tokenizer names none
    int64_t vocabSize = 0;
    std::filesystem::path file;  ///< the tokenizer file, for messages

    /// The ids for the samplers' packing, padding and masking (data/samplers/collate.h).
    data::samplers::SpecialIds specialIds() const;
};

/// Loads CHECKPOINT/<the first of workspace::CheckpointLayout::kTokenizerFiles there>. Throws
/// DataError naming the folder when it has none, or the file when its special tokens are missing.
CheckpointTokenizer loadCheckpointTokenizer(const std::filesystem::path& checkpoint);

/// The same for a tokenizer file named directly (a `.model` SentencePiece file, a tokenizer.json,
/// or a vocab.txt with its folder's tokenizer_config.json).
CheckpointTokenizer loadTokenizerFile(const std::filesystem::path& file);

}  // namespace isomorph::model

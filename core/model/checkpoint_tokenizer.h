#pragma once

// The tokenizer stored next to a checkpoint's weights, behind one interface: XLM-R's
// SentencePiece (<s> ... </s>) or BERT's WordPiece ([CLS] ... [SEP]). Torch-free.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace isomorph::model {

struct CheckpointTokenizer {
    std::function<std::vector<int32_t>(const std::string&)> encode;  ///< text -> ids, no specials
    int64_t bos = 0;                                                 ///< <s> / [CLS]
    int64_t eos = 0;                                                 ///< </s> / [SEP]
    int64_t pad = 0;                                                 ///< <pad> / [PAD]
    int64_t vocabSize = 0;
    std::filesystem::path file;  ///< the tokenizer file, for messages
};

/// Loads CHECKPOINT/sentencepiece.bpe.model or CHECKPOINT/vocab.txt. Throws DataError naming the
/// folder when neither exists, or the vocabulary when BERT's special tokens are missing.
CheckpointTokenizer loadCheckpointTokenizer(const std::filesystem::path& checkpoint);

}  // namespace isomorph::model

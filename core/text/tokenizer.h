#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/text/sentencepiece_model.h"

namespace isomorph::text {

/// Isomorph's vocabulary over a SentencePiece model, with fairseq's id layout so that real XLM-R
/// checkpoints work unchanged:
///
///   0 <s>   1 <pad>   2 </s>   3 <unk>   4.. SentencePiece pieces 3.. (shifted by one)   last
///   <mask>
///
/// The SentencePiece model itself must define <unk>=0, <s>=1, </s>=2 and no <pad> (XLM-R's
/// sentencepiece.bpe.model does; trainTokenizer() makes ours the same way). vocabSize() is the
/// SentencePiece size + 2.
class Tokenizer {
  public:
    static constexpr int32_t kBos = 0;
    static constexpr int32_t kPad = 1;
    static constexpr int32_t kEos = 2;
    static constexpr int32_t kUnk = 3;
    /// Offset between SentencePiece ids (>= 3) and ours, as in fairseq/transformers.
    static constexpr int32_t kPieceOffset = 1;

    /// Loads a `.model` file; throws DataError when it lacks the required special-piece layout.
    static Tokenizer load(const std::filesystem::path& path);
    explicit Tokenizer(SentencePieceModel model);

    /// Ids of `text` without <s>/</s>; unknown pieces map to kUnk.
    std::vector<int32_t> encode(std::string_view text) const;
    /// Appends the ids of `text` to `out` (no allocation beyond growth of `out`).
    void encodeAppend(std::string_view text, std::vector<int32_t>& out) const;
    std::vector<std::string> encodePieces(std::string_view text) const;
    /// Text of `ids`; special tokens (<s>, <pad>, </s>, <mask>) are skipped, <unk> decodes to
    /// SentencePiece's unknown marker. Throws DataError for ids outside the vocabulary.
    std::string decode(const std::vector<int32_t>& ids) const;

    int32_t vocabSize() const { return maskId_ + 1; }
    int32_t maskId() const { return maskId_; }
    bool isSpecial(int32_t id) const { return id <= kUnk || id == maskId_; }
    /// "<s>", "<pad>", ..., the piece for ordinary ids. Throws std::out_of_range.
    std::string idToPiece(int32_t id) const;
    /// -1 when the piece is not in the vocabulary.
    int32_t pieceToId(std::string_view piece) const;

    /// Fingerprint of the vocabulary (serialized model + id layout), 16 hex digits. Shards carry it
    /// so data binarized with one tokenizer is never read with another.
    const std::string& hash() const { return hash_; }
    const SentencePieceModel& sentencePiece() const { return model_; }

  private:
    int32_t fromPiece(int32_t spmId) const;
    int32_t toPiece(int32_t id) const;

    SentencePieceModel model_;
    int32_t maskId_ = 0;
    std::string hash_;
};

}  // namespace isomorph::text

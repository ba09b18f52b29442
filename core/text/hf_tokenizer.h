#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace isomorph::text {

/// A Hugging Face fast tokenizer read from its `tokenizer.json`, giving the ids the `tokenizers`
/// library gives (Tokenizer.encode(text, add_special_tokens=False).ids), for the three model
/// kinds that library writes:
///
///   Unigram    (XLM-R, multilingual-e5, paraphrase-multilingual-*; any model converted from a
///              SentencePiece unigram model): SentencePiece normalizes with the file's
///              `Precompiled` character map, the segmentation is the library's Viterbi over
///              the file's vocabulary and scores; normalizer Precompiled / Replace,
///              pre-tokenizer Metaspace.
///   WordPiece  (BERT, mBERT, LaBSE, MiniLM): BertNormalizer + BertPreTokenizer + WordPiece,
///              through WordPieceTokenizer (the same algorithm as transformers' BertTokenizer).
///   BPE        (RoBERTa/GPT-2 byte-level, Metaspace or whitespace BPE): BpeTokenizer.
///
/// Added tokens (`added_tokens`: <s>, [CLS], <mask>, ...) are cut out of the text first, as the
/// library does, honouring their lstrip/rstrip flags. Anything else the file asks for that would
/// change ids (another normalizer, pre-tokenizer or model option) is refused with a DataError
/// naming the JSON field, never approximated silently. Thread-safe const methods.
class HfTokenizer {
  public:
    /// Reads `tokenizerJson`. Throws DataError naming the file and field.
    static HfTokenizer load(const std::filesystem::path& tokenizerJson);

    HfTokenizer(HfTokenizer&&) noexcept;
    HfTokenizer& operator=(HfTokenizer&&) noexcept;
    ~HfTokenizer();

    /// Ids of `text`, without the post-processor's special tokens.
    std::vector<int32_t> encode(std::string_view text) const;
    void encodeAppend(std::string_view text, std::vector<int32_t>& out) const;

    /// "Unigram", "WordPiece" or "BPE".
    const std::string& modelType() const;
    /// 1 + the largest id of the vocabulary and the added tokens.
    int32_t vocabSize() const;
    /// The post-processor's first and last special token (<s>/</s>, [CLS]/[SEP]); -1 without one.
    int32_t bosId() const;
    int32_t eosId() const;
    /// The padding id (`padding.pad_id`, else an added <pad>/[PAD] token); -1 without one.
    int32_t padId() const;
    /// An added <mask>/[MASK] token; -1 without one.
    int32_t maskId() const;
    /// The model's unknown token (Unigram's unk_id, WordPiece's [UNK]); -1 without one.
    int32_t unkId() const;
    /// Fingerprint of the file's bytes and Isomorph's reading of it, 16 hex digits.
    const std::string& hash() const;

  private:
    struct Impl;
    explicit HfTokenizer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace isomorph::text

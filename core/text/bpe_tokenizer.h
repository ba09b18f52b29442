#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace isomorph::text {

/// Byte-pair encoding of a Hugging Face `tokenizer.json` whose model.type is "BPE" (GPT-2,
/// RoBERTa, Llama, Mistral, Qwen and BLOOM-style vocabularies), reproducing the Rust `tokenizers`
/// library (0.2x): ids equal `Tokenizer.encode(text, add_special_tokens=False).ids` for text that
/// contains no added token. The pipeline is normalizer -> pre_tokenizer -> model:
///
///   - normalizer: null, NFC, NFD, NFKC, NFKD, Lowercase (per code point, as Rust's
///     char::to_lowercase: no final-sigma rule), Strip, StripAccents, Prepend, Replace with a
///     String pattern, and Sequence of these;
///   - pre_tokenizer: null, ByteLevel (add_prefix_space; use_regex: the GPT-2 split pattern; bytes
///     mapped to GPT-2's printable alphabet), Metaspace (replacement, prepend_scheme or the older
///     add_prefix_space, split), Whitespace (\w+|[^\w\s]+), WhitespaceSplit, and Sequence of these;
///   - model: vocab, merges as "a b" strings or ["a", "b"] pairs, unk_token, fuse_unk,
///     continuing_subword_prefix, end_of_word_suffix, byte_fallback (<0xNN> tokens),
///     ignore_merges; dropout must be null or 0.
///
/// Anything else is refused with a DataError that names the field. added_tokens, decoder,
/// post_processor, truncation and padding are not read: the caller cuts added tokens out of the
/// text and adds special tokens itself. Each call is one input sequence, so Metaspace's
/// prepend_scheme "first" prepends to the start of every text passed in (the library does not do
/// so for text that follows an added token). Unicode properties and normalization come from ICU;
/// invalid UTF-8 in the input reads as U+FFFD. Methods are const, keep no cache and are safe to
/// call from several threads.
class BpeTokenizer {
  public:
    /// Builds from a parsed tokenizer.json whose model.type is "BPE". `origin` (the file path) is
    /// named in errors. Throws isomorph::DataError with one message naming the JSON field and what
    /// is supported, e.g. "tokenizer.json: pre_tokenizer.type \"Split\" is not supported
    /// (supported: ByteLevel, Metaspace, Whitespace, WhitespaceSplit, Sequence of these)".
    static BpeTokenizer fromJson(const nlohmann::json& tokenizerJson, const std::string& origin);

    /// Appends the ids of `text` (no special tokens added; added_tokens are NOT handled here, the
    /// caller splits them out before calling). Throws DataError only when a character needs
    /// model.unk_token and that token is missing from model.vocab (the library fails there too).
    void encodeAppend(std::string_view text, std::vector<int32_t>& out) const;
    std::vector<int32_t> encode(std::string_view text) const;
    /// The tokens (strings of model.vocab) encode() returns the ids of.
    std::vector<std::string> tokenize(std::string_view text) const;
    /// 1 + largest id in model.vocab.
    int32_t vocabSize() const { return static_cast<int32_t>(tokens_.size()); }
    /// The unknown token's id; -1 without one (byte-level BPE has none).
    int32_t unkId() const { return unkId_; }
    /// -1 when absent.
    int32_t tokenToId(std::string_view token) const;

  private:
    struct Normalizer {
        /// The four forms come first, in the order the .cpp keeps its ICU normalizers.
        enum class Kind {
            kNfc,
            kNfd,
            kNfkc,
            kNfkd,
            kLowercase,
            kStrip,
            kStripAccents,
            kPrepend,
            kReplace
        };
        Kind kind = Kind::kNfc;
        bool stripLeft = false;
        bool stripRight = false;
        std::u32string pattern;  ///< Replace: the literal text searched for
        std::u32string content;  ///< Prepend, Replace: the text put in
    };
    struct PreTokenizer {
        enum class Kind { kByteLevel, kMetaspace, kWhitespace, kWhitespaceSplit };
        enum class Prepend { kAlways, kFirst, kNever };
        Kind kind = Kind::kWhitespace;
        bool addPrefixSpace = true;  ///< ByteLevel
        bool useRegex = true;        ///< ByteLevel
        char32_t replacement = U'\u2581';
        Prepend prepend = Prepend::kAlways;
        bool split = true;  ///< Metaspace
    };
    struct Piece;
    struct MergeRule {
        int32_t rank;
        int32_t id;
    };

    BpeTokenizer() = default;
    void parseNormalizer(const nlohmann::json& node, const std::string& field);
    void parsePreTokenizer(const nlohmann::json& node, const std::string& field);
    void parseModel(const nlohmann::json& model);
    void parseMerge(const nlohmann::json& entry, size_t index, int32_t& rank);

    std::u32string normalize(std::u32string text, bool& atOrigin) const;
    std::vector<Piece> preTokenize(std::u32string text, bool atOrigin) const;
    template <typename Emit>
    void run(std::string_view text, Emit&& emit) const;
    template <typename Emit>
    void encodeWord(const std::u32string& word, Emit&& emit) const;
    const MergeRule* findMerge(int32_t left, int32_t right) const;

    std::string origin_;
    std::vector<Normalizer> normalizers_;      ///< Sequences flattened
    std::vector<PreTokenizer> preTokenizers_;  ///< Sequences flattened
    std::unordered_map<std::string, int32_t> vocab_;
    std::vector<std::string> tokens_;  ///< by id; ids missing from the vocab are empty
    std::unordered_map<uint64_t, MergeRule> merges_;  ///< key: left id << 32 | right id
    std::string unkToken_;
    bool hasUnk_ = false;
    int32_t unkId_ = -1;
    std::string prefix_;  ///< continuing_subword_prefix
    std::string suffix_;  ///< end_of_word_suffix
    bool fuseUnk_ = false;
    bool byteFallback_ = false;
    bool ignoreMerges_ = false;
    std::array<int32_t, 256> byteIds_{};  ///< ids of <0x00>..<0xFF>, -1 where absent
};

}  // namespace isomorph::text

#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace isomorph::text {

/// BERT's WordPiece tokenizer over a Hugging Face `vocab.txt` (one token per line, id = line
/// index), reproducing transformers' slow `BertTokenizer.tokenize()` so mBERT checkpoints
/// (bert-base-multilingual-cased/uncased) get the ids they were trained with:
///
///   1. special tokens ([CLS] [SEP] [MASK] [PAD] [UNK]) are cut out of the text first, wherever
///      they occur, and never split or lower-cased;
///   2. with lowercasing, every other code point is lower-cased on its own (transformers does this
///      character by character, so a final capital sigma becomes σ, not ς);
///   3. BasicTokenizer: drop NUL, U+FFFD and control/format/unassigned characters, map whitespace
///      to spaces, put spaces around CJK ideographs, NFC, split on whitespace, strip accents (NFD
///      and drop Mn) when lowercasing (or as `stripAccents` says), split off every punctuation
///      character;
///   4. WordpieceTokenizer: greedy longest-match-first with "##" continuations; a word longer than
///      100 code points or without a full segmentation becomes [UNK].
///
/// Unicode properties come from ICU. Invalid UTF-8 in the input is read as U+FFFD and therefore
/// dropped. All methods are const and safe to call from several threads.
class WordPieceTokenizer {
  public:
    /// transformers' max_input_chars_per_word: longer words become [UNK] without being split.
    static constexpr int kMaxInputCharsPerWord = 100;

    /// The BertTokenizer options Isomorph honours (tokenizer_config.json keys in brackets).
    struct Options {
        bool lowercase = true;             ///< [do_lower_case]
        std::optional<bool> stripAccents;  ///< [strip_accents]; unset: follows `lowercase`
        bool tokenizeChineseChars = true;  ///< [tokenize_chinese_chars]
        /// NFC before splitting, as the slow BertTokenizer does; the fast tokenizer's
        /// BertNormalizer (tokenizer.json) does not, so "e" + U+0301 stays two characters there.
        bool nfc = true;
    };

    /// Reads `vocabTxt`. Throws DataError naming the file (and line) when it is missing,
    /// unreadable, empty, not UTF-8, has a duplicate token or lacks [UNK].
    static WordPieceTokenizer load(const std::filesystem::path& vocabTxt, bool lowercase);
    static WordPieceTokenizer load(const std::filesystem::path& vocabTxt, const Options& options);
    /// Reads `dir/vocab.txt` and the options from `dir/tokenizer_config.json`; without that file,
    /// or without a key, BertTokenizer's defaults apply (do_lower_case = true).
    static WordPieceTokenizer loadFromFolder(const std::filesystem::path& dir);
    /// A vocabulary given as tokens in id order (an empty string leaves an id unused), e.g. the
    /// `model.vocab` of a tokenizer.json; `origin` names it in errors. Same checks as load().
    static WordPieceTokenizer fromTokens(std::vector<std::string> tokens, const Options& options,
                                         const std::string& origin);

    /// Ids of `text`, without [CLS]/[SEP].
    std::vector<int32_t> encode(std::string_view text) const;
    /// Appends the ids of `text` to `out`.
    void encodeAppend(std::string_view text, std::vector<int32_t>& out) const;
    /// The tokens encode() returns the ids of ("un", "##aff", "##able").
    std::vector<std::string> tokenize(std::string_view text) const;
    /// transformers' convert_tokens_to_string: tokens joined by spaces, " ##" removed, outer
    /// whitespace stripped (special tokens are kept). Throws DataError for ids outside the vocab.
    std::string decode(const std::vector<int32_t>& ids) const;

    /// -1 when the vocabulary lacks the token (only [UNK] is required).
    int32_t clsId() const { return clsId_; }
    int32_t sepId() const { return sepId_; }
    int32_t padId() const { return padId_; }
    int32_t maskId() const { return maskId_; }
    int32_t unkId() const { return unkId_; }
    int32_t vocabSize() const { return static_cast<int32_t>(tokens_.size()); }
    bool isSpecial(int32_t id) const;

    /// Throws std::out_of_range.
    const std::string& idToToken(int32_t id) const;
    /// -1 when the token is not in the vocabulary.
    int32_t tokenToId(std::string_view token) const;

    const Options& options() const { return options_; }
    bool lowercase() const { return options_.lowercase; }
    bool stripsAccents() const { return options_.stripAccents.value_or(options_.lowercase); }
    /// Fingerprint of the vocabulary and options, 16 hex digits (as Tokenizer::hash()).
    const std::string& hash() const { return hash_; }

  private:
    WordPieceTokenizer() = default;
    void readVocab(const std::filesystem::path& path);
    void addToken(std::string token, const std::string& where, bool byLine);
    void findSpecialIds(const std::string& origin);
    void finish(const std::string& origin);

    template <typename Emit>
    void run(std::string_view text, Emit&& emit) const;
    template <typename Emit>
    void basicTokenize(std::string_view chunk, Emit&& emit) const;
    template <typename Emit>
    void wordPiece(const std::u32string& word, Emit&& emit) const;

    Options options_;
    std::vector<std::string> tokens_;
    std::unordered_map<std::string, int32_t> ids_;
    /// Specials present in the vocabulary, cut out of the text before basic tokenization.
    std::vector<std::pair<std::string, int32_t>> specials_;
    size_t maxTokenBytes_ = 0;
    int32_t clsId_ = -1;
    int32_t sepId_ = -1;
    int32_t padId_ = -1;
    int32_t maskId_ = -1;
    int32_t unkId_ = -1;
    std::string hash_;
};

}  // namespace isomorph::text

#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace isomorph::data::shards {

/// Token ids of one sentence, pointing into the memory-mapped shard (valid while it is open).
struct TokenSpan {
    const uint32_t* data = nullptr;
    uint64_t size = 0;
    const uint32_t* begin() const { return data; }
    const uint32_t* end() const { return data + size; }
};

/// One memory-mapped shard (a .tok and an .idx file). Reading is zero-copy.
class Shard {
  public:
    /// Maps DIR/NAME.tok and DIR/NAME.idx and checks magic, version, sizes and the tokenizer
    /// hash. Throws DataError naming the file (truncated, wrong format, other tokenizer).
    static std::unique_ptr<Shard> open(const std::filesystem::path& dir, const std::string& name,
                                       uint64_t expectedTokenizerHash);
    ~Shard();
    Shard(const Shard&) = delete;
    Shard& operator=(const Shard&) = delete;

    uint64_t sentenceCount() const { return sentences_; }
    uint64_t documentCount() const { return documents_; }
    uint64_t tokenCount() const { return tokens_; }

    TokenSpan sentence(uint64_t s) const {
        return {tokenBase_ + sentenceOffset_[s], sentenceOffset_[s + 1] - sentenceOffset_[s]};
    }
    uint64_t sentenceLength(uint64_t s) const {
        return sentenceOffset_[s + 1] - sentenceOffset_[s];
    }
    uint16_t sentenceLanguage(uint64_t s) const { return sentenceLanguage_[s]; }
    uint64_t sentenceLine(uint64_t s) const { return sentenceLine_[s]; }
    /// Sentences of document d: [first, last).
    uint64_t documentBegin(uint64_t d) const { return documentOffset_[d]; }
    uint64_t documentEnd(uint64_t d) const { return documentOffset_[d + 1]; }
    uint32_t documentSource(uint64_t d) const { return documentSource_[d]; }

  private:
    Shard() = default;
    struct Mapping {
        void* data = nullptr;
        size_t size = 0;
    };
    Mapping tok_, idx_;
    uint64_t sentences_ = 0, documents_ = 0, tokens_ = 0;
    const uint32_t* tokenBase_ = nullptr;
    const uint64_t* sentenceOffset_ = nullptr;
    const uint64_t* sentenceLine_ = nullptr;
    const uint64_t* documentOffset_ = nullptr;
    const uint32_t* documentSource_ = nullptr;
    const uint16_t* sentenceLanguage_ = nullptr;
};

/// A binarized corpus: DIR/shards.json and its shards, with global document numbering.
class ShardSet {
  public:
    struct Source {
        std::string path;
        std::string format;  ///< "jsonl" | "text"
    };
    /// Opens DIR. When `expectedTokenizerHash` is not empty it must equal the set's (16 hex
    /// digits, Tokenizer::hash()); otherwise DataError says which tokenizer made the shards.
    static ShardSet open(const std::filesystem::path& dir,
                         const std::string& expectedTokenizerHash = "");

    const std::filesystem::path& dir() const { return dir_; }
    const std::string& tokenizerHash() const { return tokenizerHash_; }
    int32_t vocabSize() const { return vocabSize_; }
    const std::vector<std::string>& languages() const { return languages_; }
    const std::vector<Source>& sources() const { return sources_; }
    const std::vector<std::unique_ptr<Shard>>& shards() const { return shards_; }

    uint64_t documentCount() const { return docStart_.back(); }
    uint64_t sentenceCount() const { return sentences_; }
    uint64_t tokenCount() const { return tokens_; }

    /// Shard index and local document number of global document `doc`.
    std::pair<size_t, uint64_t> locateDocument(uint64_t doc) const;

  private:
    std::filesystem::path dir_;
    std::string tokenizerHash_;
    int32_t vocabSize_ = 0;
    std::vector<std::string> languages_;
    std::vector<Source> sources_;
    std::vector<std::unique_ptr<Shard>> shards_;
    std::vector<uint64_t> docStart_{0};  // global number of each shard's first document, + total
    uint64_t sentences_ = 0, tokens_ = 0;
};

}  // namespace isomorph::data::shards

#pragma once

#include <cstdint>
#include <string>

namespace isomorph::data {

/// One aligned sentence pair (translation pair); `line` is its line in the input.
struct SentencePair {
    std::string src;
    std::string tgt;
    uint64_t line = 0;
};

/// Pull-style reader of sentence pairs. Languages are ISO 639-1 / BCP-47 codes.
class SentencePairReader {
  public:
    virtual ~SentencePairReader() = default;
    /// Fills `pair` with the next pair; false at the end. Throws DataError on bad input.
    virtual bool next(SentencePair& pair) = 0;
    /// Invalid UTF-8 sequences replaced by U+FFFD so far, over all input files (lenient mode).
    virtual uint64_t replacements() const = 0;
    const std::string& srcLang() const { return srcLang_; }
    const std::string& tgtLang() const { return tgtLang_; }

  protected:
    /// Validates both codes; `where` starts the error message.
    SentencePairReader(std::string srcLang, std::string tgtLang, const std::string& where);

  private:
    std::string srcLang_;
    std::string tgtLang_;
};

}  // namespace isomorph::data

#pragma once

#include <filesystem>

#include "core/data/readers/sentence_pair_reader.h"
#include "core/data/readers/text_input.h"

namespace isomorph::data {

/// Moses-style parallel text: two files, line i of one translates line i of the other. Files
/// of different length and empty lines on either side are errors.
class MosesPairReader : public SentencePairReader {
  public:
    MosesPairReader(const std::filesystem::path& srcFile, const std::filesystem::path& tgtFile,
                    std::string srcLang, std::string tgtLang, ReadOptions options = {});
    MosesPairReader(LineReader src, LineReader tgt, std::string srcLang, std::string tgtLang);

    bool next(SentencePair& pair) override;
    uint64_t replacements() const override { return src_.replacements() + tgt_.replacements(); }

  private:
    [[noreturn]] void failMismatch(const LineReader& ended, const LineReader& longer) const;

    LineReader src_;
    LineReader tgt_;
    bool done_ = false;
};

}  // namespace isomorph::data

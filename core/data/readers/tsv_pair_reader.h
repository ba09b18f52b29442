#pragma once

#include <filesystem>

#include "core/data/readers/sentence_pair_reader.h"
#include "core/data/readers/text_input.h"

namespace isomorph::data {

/// Tab-separated pairs, "source<TAB>target" per line: exactly two non-empty columns.
class TsvPairReader : public SentencePairReader {
  public:
    TsvPairReader(const std::filesystem::path& file, std::string srcLang, std::string tgtLang,
                  ReadOptions options = {});
    TsvPairReader(LineReader lines, std::string srcLang, std::string tgtLang);

    bool next(SentencePair& pair) override;
    uint64_t replacements() const override { return lines_.replacements(); }
    const LineReader& lines() const { return lines_; }

  private:
    LineReader lines_;
};

}  // namespace isomorph::data

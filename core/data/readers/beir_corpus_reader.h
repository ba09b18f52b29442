#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <unordered_map>

#include "core/data/readers/text_input.h"

namespace isomorph::data {

/// One retrieval passage (BEIR corpus entry).
struct Passage {
    std::string id;
    std::string title;  // empty when the corpus has none
    std::string text;
    uint64_t line = 0;
};

/// Streams a BEIR corpus.jsonl: {"_id": str, "title": str (optional), "text": str} per line,
/// extra fields ignored. Duplicate ids are errors naming both lines (the reader keeps every id
/// seen, about 50 bytes per passage).
class BeirCorpusReader {
  public:
    explicit BeirCorpusReader(const std::filesystem::path& file, ReadOptions options = {});
    explicit BeirCorpusReader(LineReader lines);

    /// Next passage; false at the end. Throws DataError on bad input or an empty file.
    bool next(Passage& passage);
    const LineReader& lines() const { return lines_; }

  private:
    LineReader lines_;
    std::unordered_map<std::string, uint64_t> seen_;  // id -> line
};

}  // namespace isomorph::data

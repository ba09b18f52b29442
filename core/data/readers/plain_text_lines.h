#pragma once

// The one policy of plain-text inputs (one sentence or passage per line): `encode`,
// `tokenizer encode`, `index build` text files and `corpus binarize` *.txt documents. LineReader
// already refuses invalid UTF-8 (unless lenient), NUL bytes and files that are not text (.npy,
// gzip, ZIP, PDF, UTF-16); plain text also refuses JSON Lines given where plain text is expected.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/data/readers/text_input.h"

namespace isomorph::data {

/// Throws DataError "NAME:LINE: ..." when `line`, the first line `lines` returned, holds a JSON
/// object: a JSON Lines file read as plain text.
void requirePlainTextLine(const LineReader& lines, std::string_view line);

/// The lines of a plain-text file ("-" or "" for standard input), checked as described above.
class PlainTextLines {
  public:
    explicit PlainTextLines(const std::filesystem::path& path, ReadOptions options = {});
    /// Next line without its terminator (valid until the next call); false at the end.
    bool next(std::string_view& line);
    const LineReader& lines() const { return lines_; }
    uint64_t lineNumber() const { return lines_.lineNumber(); }
    /// Throws DataError "NAME:LINE: what" for the line last returned.
    [[noreturn]] void fail(const std::string& what) const { lines_.fail(what); }

  private:
    LineReader lines_;
};

}  // namespace isomorph::data

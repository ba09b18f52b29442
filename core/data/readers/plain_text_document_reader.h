#pragma once

#include <string>
#include <string_view>

#include "core/data/readers/document_reader.h"

namespace isomorph::data {

/// Plain text: one sentence per line, documents separated by blank lines (spaces and tabs
/// count as blank). Document ids are "<file stem>:<first line>". A file without any sentence is
/// an error.
class PlainTextDocumentReader : public DocumentReader {
  public:
    /// Throws DataError unless `lang` is a valid language code.
    PlainTextDocumentReader(LineReader lines, std::string_view lang);

    bool next(Document& doc) override;
    const LineReader& lines() const override { return lines_; }

  private:
    LineReader lines_;
    std::string lang_;
    std::string stem_;
    bool sawSentence_ = false;
    bool done_ = false;
};

}  // namespace isomorph::data

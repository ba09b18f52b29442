#pragma once

#include "core/data/readers/document_reader.h"

namespace isomorph::data {

/// JSONL documents, one object per line: {"id": str|int, "lang": code, "sentences": [str, ...],
/// "sections": [{"title": str, "start": int, "end": int}, ...]}. "sections" is optional; extra
/// fields are ignored; blank lines are skipped. A file without any document is an error.
class JsonlDocumentReader : public DocumentReader {
  public:
    explicit JsonlDocumentReader(LineReader lines);

    bool next(Document& doc) override;
    const LineReader& lines() const override { return lines_; }

  private:
    LineReader lines_;
    bool sawDocument_ = false;
};

}  // namespace isomorph::data

#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/data/readers/text_input.h"

namespace isomorph::data {

/// A titled range of a document's sentences, [start, end).
struct Section {
    std::string title;
    uint64_t start = 0;
    uint64_t end = 0;
};

/// One monolingual document: its sentences in order.
struct Document {
    std::string id;
    std::string lang;
    std::vector<std::string> sentences;
    std::vector<Section> sections;
    uint64_t line = 0;  // line of the file where the document starts
};

/// Pull-style reader of documents; implementations stream, so files of any size work.
class DocumentReader {
  public:
    virtual ~DocumentReader() = default;
    /// Fills `doc` with the next document; false at the end. Throws DataError on bad input.
    virtual bool next(Document& doc) = 0;
    /// The underlying lines (name, replacement count).
    virtual const LineReader& lines() const = 0;
};

/// Picks the format from the extension: ".jsonl" is JSONL, anything else plain text with
/// `lang` as the language of every document (JSONL documents carry their own).
std::unique_ptr<DocumentReader> openDocumentReader(const std::filesystem::path& path,
                                                   std::string_view lang, ReadOptions options = {});

}  // namespace isomorph::data

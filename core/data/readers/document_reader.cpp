#include "core/data/readers/document_reader.h"

#include "core/data/readers/jsonl_document_reader.h"
#include "core/data/readers/plain_text_document_reader.h"

namespace isomorph::data {

std::unique_ptr<DocumentReader> openDocumentReader(const std::filesystem::path& path,
                                                   std::string_view lang, ReadOptions options) {
    if (path.extension() == ".jsonl")
        return std::make_unique<JsonlDocumentReader>(LineReader(path, options));
    return std::make_unique<PlainTextDocumentReader>(LineReader(path, plainTextOptions(options)),
                                                     lang);
}

}  // namespace isomorph::data

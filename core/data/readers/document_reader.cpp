#include "core/data/readers/document_reader.h"

#include "core/data/readers/jsonl_document_reader.h"
#include "core/data/readers/plain_text_document_reader.h"

namespace isomorph::data {

std::unique_ptr<DocumentReader> openDocumentReader(const std::filesystem::path& path,
                                                   std::string_view lang, ReadOptions options) {
    LineReader lines(path, options);
    if (path.extension() == ".jsonl")
        return std::make_unique<JsonlDocumentReader>(std::move(lines));
    return std::make_unique<PlainTextDocumentReader>(std::move(lines), lang);
}

}  // namespace isomorph::data

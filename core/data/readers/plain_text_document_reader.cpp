#include "core/data/readers/plain_text_document_reader.h"

#include "core/common/language.h"
#include "core/data/readers/plain_text_lines.h"

namespace isomorph::data {

PlainTextDocumentReader::PlainTextDocumentReader(LineReader lines, std::string_view lang)
    : lines_(std::move(lines)), lang_(lang) {
    requireLanguageCode(lang_, lines_.name() + ": language");
    stem_ = std::filesystem::path(lines_.name()).stem().string();
}

bool PlainTextDocumentReader::next(Document& doc) {
    if (done_) return false;
    doc.sections.clear();
    size_t count = 0;  // reuses the strings of the previous document: no allocation per line
    std::string_view line;
    while (lines_.next(line)) {
        if (isBlank(line)) {
            if (count > 0) break;
            continue;
        }
        if (lines_.lineNumber() == 1) requirePlainTextLine(lines_, line);
        if (count == 0) doc.line = lines_.lineNumber();
        if (count < doc.sentences.size()) {
            doc.sentences[count].assign(line.data(), line.size());
        } else {
            doc.sentences.emplace_back(line);
        }
        ++count;
    }
    doc.sentences.resize(count);
    if (count > 0) {
        sawSentence_ = true;
        doc.id = stem_ + ":" + std::to_string(doc.line);
        doc.lang = lang_;
        return true;
    }
    done_ = true;
    if (lines_.empty())
        lines_.failFile(
            "file is empty; expected one sentence per line, blank lines between documents");
    if (!sawSentence_)
        lines_.failFile("file has no sentences, only blank lines; expected one sentence per line");
    return false;
}

}  // namespace isomorph::data

#include "core/data/readers/jsonl_document_reader.h"

#include "core/common/language.h"
#include "core/data/readers/json_line.h"

namespace isomorph::data {
namespace {

void readSentences(const JsonLine& json, Document& doc) {
    const auto it = json.object().find("sentences");
    const char* kWhat = "must be a non-empty array of strings";
    if (it == json.object().end() || !it->is_array() || it->empty()) json.fail("sentences", kWhat);
    doc.sentences.clear();
    for (const auto& s : *it) {
        if (!s.is_string()) json.fail("sentences", kWhat);
        doc.sentences.push_back(s.get<std::string>());
    }
}

uint64_t sectionBound(const JsonLine& json, const nlohmann::json& section, const char* key,
                      size_t index) {
    const auto it = section.find(key);
    if (it == section.end() || !it->is_number_integer() || it->get<int64_t>() < 0) {
        json.fail("sections", "item " + std::to_string(index) + " needs '" + key +
                                  "' as a non-negative integer (a sentence index)");
    }
    return it->get<uint64_t>();
}

void readSections(const JsonLine& json, Document& doc) {
    doc.sections.clear();
    const auto it = json.object().find("sections");
    if (it == json.object().end() || it->is_null()) return;
    if (!it->is_array()) json.fail("sections", "must be an array of {title, start, end} objects");
    uint64_t previousEnd = 0;
    for (size_t i = 0; i < it->size(); ++i) {
        const auto& s = (*it)[i];
        const std::string item = "item " + std::to_string(i);
        if (!s.is_object()) json.fail("sections", item + " must be an object {title, start, end}");
        const auto title = s.find("title");
        if (title == s.end() || !title->is_string())
            json.fail("sections", item + " needs 'title' as a string");
        Section section{title->get<std::string>(), sectionBound(json, s, "start", i),
                        sectionBound(json, s, "end", i)};
        if (section.start >= section.end || section.end > doc.sentences.size()) {
            json.fail("sections", item + " has start " + std::to_string(section.start) +
                                      " and end " + std::to_string(section.end) +
                                      "; need start < end <= number of sentences (" +
                                      std::to_string(doc.sentences.size()) + "), end exclusive");
        }
        if (section.start < previousEnd)
            json.fail("sections", item + " overlaps the previous one; keep sections in order");
        previousEnd = section.end;
        doc.sections.push_back(std::move(section));
    }
}

}  // namespace

JsonlDocumentReader::JsonlDocumentReader(LineReader lines) : lines_(std::move(lines)) {}

bool JsonlDocumentReader::next(Document& doc) {
    std::string_view line;
    while (lines_.next(line)) {
        if (isBlank(line)) continue;
        const JsonLine json(line, lines_);
        doc.id = json.id("id");
        doc.lang = json.string("lang", true);
        requireLanguageCode(doc.lang, lines_.where() + ": field 'lang'");
        readSentences(json, doc);
        readSections(json, doc);
        doc.line = lines_.lineNumber();
        sawDocument_ = true;
        return true;
    }
    if (!sawDocument_) {
        if (lines_.empty()) lines_.failFile("file is empty; expected one JSON document per line");
        lines_.failFile(
            "file has no documents, only blank lines; expected one JSON object per line");
    }
    return false;
}

}  // namespace isomorph::data

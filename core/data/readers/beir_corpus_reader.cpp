#include "core/data/readers/beir_corpus_reader.h"

#include "core/data/readers/json_line.h"

namespace isomorph::data {

BeirCorpusReader::BeirCorpusReader(const std::filesystem::path& file, ReadOptions options)
    : BeirCorpusReader(LineReader(file, options)) {}

BeirCorpusReader::BeirCorpusReader(LineReader lines) : lines_(std::move(lines)) {}

bool BeirCorpusReader::next(Passage& passage) {
    std::string_view line;
    while (lines_.next(line)) {
        if (isBlank(line)) continue;
        const JsonLine json(line, lines_);
        passage.id = json.id("_id");
        passage.title = json.string("title", false);
        passage.text = json.string("text", true);
        passage.line = lines_.lineNumber();
        const auto [it, inserted] = seen_.emplace(passage.id, passage.line);
        if (!inserted) {
            lines_.fail("duplicate _id '" + passage.id + "' (first at line " +
                        std::to_string(it->second) + "); ids must be unique");
        }
        return true;
    }
    if (seen_.empty()) {
        if (lines_.empty()) lines_.failFile("file is empty; expected one JSON passage per line");
        lines_.failFile(
            "file has no passages, only blank lines; expected one JSON object per line");
    }
    return false;
}

}  // namespace isomorph::data

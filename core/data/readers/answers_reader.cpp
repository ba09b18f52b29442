#include "core/data/readers/answers_reader.h"

#include <algorithm>
#include <unordered_map>

#include "core/data/readers/json_line.h"

namespace isomorph::data {
namespace {

std::vector<std::string> answersOf(const JsonLine& json) {
    const auto it = json.object().find("answers");
    if (it == json.object().end() || it->is_null())
        json.fail("answers", "is missing; every line needs a list of answer strings");
    if (!it->is_array()) json.fail("answers", "must be a list of strings, such as [\"Paris\"]");
    std::vector<std::string> answers;
    for (const auto& a : *it) {
        if (!a.is_string())
            json.fail("answers", "must hold only strings; found " + a.dump().substr(0, 40));
        answers.push_back(a.get<std::string>());
    }
    if (std::all_of(answers.begin(), answers.end(), [](const auto& a) { return a.empty(); }))
        json.fail("answers", "has no non-empty answer; remove the query or add its answers");
    return answers;
}

}  // namespace

Answers readAnswersJsonl(LineReader lines) {
    Answers answers;
    std::unordered_map<std::string, uint64_t> firstLine;
    std::string_view line;
    while (lines.next(line)) {
        if (isBlank(line)) continue;
        const JsonLine json(line, lines);
        std::string id = json.id("id");
        const auto [it, inserted] = firstLine.emplace(id, lines.lineNumber());
        if (!inserted)
            lines.fail("duplicate id '" + id + "' (first at line " + std::to_string(it->second) +
                       "); ids must be unique");
        answers.emplace(std::move(id), answersOf(json));
    }
    if (answers.empty())
        lines.failFile(
            lines.empty() ? "file is empty; expected one JSON object {\"id\", \"answers\"} per line"
                          : "file has only blank lines; expected {\"id\", \"answers\"} per line");
    return answers;
}

Answers readAnswersJsonl(const std::filesystem::path& file, ReadOptions options) {
    return readAnswersJsonl(LineReader(file, options));
}

}  // namespace isomorph::data

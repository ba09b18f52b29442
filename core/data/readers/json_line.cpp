#include "core/data/readers/json_line.h"

namespace isomorph::data {

JsonLine::JsonLine(std::string_view line, const LineReader& lines) : lines_(lines) {
    try {
        object_ = nlohmann::json::parse(line.begin(), line.end());
    } catch (const nlohmann::json::exception& e) {
        std::string reason = e.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 5: ..." -> the tail
        if (const size_t colon = reason.find(": "); colon != std::string::npos)
            reason = reason.substr(colon + 2);
        if (reason.size() > 200) reason = reason.substr(0, 200) + "...";
        lines.fail("invalid JSON (" + reason + "); each line must hold one JSON object");
    }
    if (!object_.is_object()) lines.fail("expected a JSON object ({...}) on each line");
}

std::string JsonLine::string(const char* field, bool required) const {
    const auto it = object_.find(field);
    if (it == object_.end() || it->is_null()) {
        if (required) fail(field, "is missing; every line needs it");
        return {};
    }
    if (!it->is_string()) fail(field, "must be a string");
    return it->get<std::string>();
}

std::string JsonLine::id(const char* field) const {
    const auto it = object_.find(field);
    if (it == object_.end()) fail(field, "is missing; every line needs an id");
    if (it->is_number_integer()) return it->dump();
    if (!it->is_string() || it->get_ref<const std::string&>().empty())
        fail(field, "must be a non-empty string");
    return it->get<std::string>();
}

void JsonLine::fail(const char* field, const std::string& what) const {
    lines_.fail(std::string("field '") + field + "' " + what);
}

}  // namespace isomorph::data

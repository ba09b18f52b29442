#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/data/readers/text_input.h"

namespace isomorph::data {

/// One JSON object per line (JSONL), with field accessors whose errors name the file, line and
/// field: "docs.jsonl:12: field 'text' must be a string".
class JsonLine {
  public:
    /// Parses `line` (the line `lines` returned last); throws DataError unless it is an object.
    JsonLine(std::string_view line, const LineReader& lines);

    const nlohmann::json& object() const { return object_; }
    bool has(const char* field) const { return object_.contains(field); }
    /// A string field; `required` false gives "" when absent (null counts as absent).
    std::string string(const char* field, bool required) const;
    /// A non-empty string or an integer (written as decimal), as ids are in the wild.
    std::string id(const char* field) const;
    [[noreturn]] void fail(const char* field, const std::string& what) const;

  private:
    const LineReader& lines_;
    nlohmann::json object_;
};

}  // namespace isomorph::data

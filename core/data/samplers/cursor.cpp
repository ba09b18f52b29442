#include "core/data/samplers/cursor.h"

#include <string>

#include "core/common/errors.h"

namespace isomorph::data::samplers {

namespace {

uint64_t field(const nlohmann::json& j, const char* name) {
    if (!j.is_object() || !j.contains(name) || !j.at(name).is_number_unsigned()) {
        throw DataError(std::string("sampler cursor: field '") + name +
                        "' is missing or not a non-negative integer");
    }
    return j.at(name).get<uint64_t>();
}

}  // namespace

bool Cursor::operator==(const Cursor& o) const {
    return epoch == o.epoch && consumed == o.consumed && step == o.step &&
           poolOffset == o.poolOffset && languages == o.languages;
}

nlohmann::json Cursor::toJson() const {
    nlohmann::json streams = nlohmann::json::array();
    for (const StreamCursor& s : languages) {
        streams.push_back({{"epoch", s.epoch}, {"consumed", s.consumed}});
    }
    return {{"epoch", epoch},
            {"consumed", consumed},
            {"step", step},
            {"pool_offset", poolOffset},
            {"languages", streams}};
}

Cursor Cursor::fromJson(const nlohmann::json& j) {
    Cursor c;
    c.epoch = field(j, "epoch");
    c.consumed = field(j, "consumed");
    c.step = field(j, "step");
    c.poolOffset = field(j, "pool_offset");
    if (!j.contains("languages") || !j.at("languages").is_array()) {
        throw DataError("sampler cursor: field 'languages' is missing or not an array");
    }
    for (const auto& s : j.at("languages"))
        c.languages.push_back({field(s, "epoch"), field(s, "consumed")});
    return c;
}

}  // namespace isomorph::data::samplers

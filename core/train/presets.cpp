#include "core/train/presets.h"

#include "core/common/errors.h"
#include "core/train/presets_data.inc"  // generated

namespace isomorph::train {

const std::vector<Preset>& builtinPresets() {
    static const std::vector<Preset> presets = kPresetData;
    return presets;
}

const Preset& builtinPreset(const std::string& name) {
    std::string names;
    for (const auto& p : builtinPresets()) {
        if (p.name == name) return p;
        names += (names.empty() ? "" : ", ") + p.name;
    }
    throw ConfigError("no preset '" + name + "' (built-in presets: " + names + ")");
}

}  // namespace isomorph::train

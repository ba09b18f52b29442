#pragma once

// The run presets of resources/presets, compiled in so the CLI and the GUI find them wherever
// they are installed. Torch-free.

#include <string>
#include <vector>

namespace isomorph::train {

struct Preset {
    std::string name;  ///< file name without .toml, e.g. "ccp-demo"
    std::string toml;  ///< the file's text
};

const std::vector<Preset>& builtinPresets();
/// The preset called `name`; throws ConfigError listing the available ones.
const Preset& builtinPreset(const std::string& name);

}  // namespace isomorph::train

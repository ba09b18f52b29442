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

/// One stage of a multi-stage recipe: a preset trained for a share of the time budget. Every
/// stage after the first starts from the previous stage's best checkpoint (model.init is set to
/// it, after `overrides`; the previous run's latest checkpoint when it recorded no best).
struct RecipeStage {
    std::string preset;
    double share = 1;                    ///< of the training time (the shares sum to 1)
    std::vector<std::string> overrides;  ///< "section.key=value", applied over the preset
    /// Applied after `overrides` when the recipe continues from the shipped base model
    /// (workspace/base_model.h) instead of a random initialisation.
    std::vector<std::string> fromBase;
    /// Applied after `overrides` (instead of fromBase) when the recipe continues from the imported
    /// multilingual encoder (workflows/start_model.h).
    std::vector<std::string> fromImported;
};

/// What `isomorph-cli demo run` trains by default: HICTL + MLM on the parallel training pairs
/// (aligns languages within minutes), then CCP + MLM continued from that checkpoint at a lower
/// learning rate (the CCP paper's setting: unsupervised objectives on top of an aligned model).
const std::vector<RecipeStage>& demoRecipe();

}  // namespace isomorph::train

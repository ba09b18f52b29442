#pragma once

// The run config of `train` and `sweep` (command_train.cpp): --config FILE or --preset NAME, then
// --set overrides, relative paths resolved against --workspace, else the workspace holding
// `runDir`, else (presets) the demo workspace; validated, and missing paths refused with a hint.

#include <string>
#include <vector>

#include "core/train/run_config.h"

namespace isomorph::cli {

train::RunConfig loadTrainConfig(const std::string& config, const std::string& preset,
                                 const std::string& workspace, const std::string& runDir,
                                 const std::vector<std::string>& overrides);

}  // namespace isomorph::cli

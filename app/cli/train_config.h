#pragma once

// The run config flags of `train` and `sweep` (--config, --preset, --set, --workspace) go into
// workflows::RunConfigRequest (core/workflows/run_setup.h); these are the refusals that name the
// flags a user has to change.

#include <string>

#include "core/workflows/run_setup.h"

namespace isomorph::cli {

/// How the base folder was chosen, in flag words: "--workspace", "the workspace holding
/// --run-dir", "the demo workspace (default without --workspace)", ...
std::string flagWords(workflows::PathBaseOrigin origin);

/// --config and --preset together: ConfigError.
void refuseConfigAndPreset(const std::string& config, const std::string& preset);

/// Refuses setup.missing before a run folder is made, saying where relative paths were resolved
/// and how to point them elsewhere (--workspace WS, demo prepare, corpus binarize).
void requireConfigPaths(const workflows::RunConfigSetup& setup);

}  // namespace isomorph::cli

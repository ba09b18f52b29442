#include "app/cli/train_config.h"

#include <fmt/format.h>

#include "core/common/errors.h"

namespace isomorph::cli {

std::string flagWords(workflows::PathBaseOrigin origin) {
    using workflows::PathBaseOrigin;
    switch (origin) {
        case PathBaseOrigin::Workspace:
            return "--workspace";
        case PathBaseOrigin::RunDirWorkspace:
            return "the workspace holding --run-dir";
        case PathBaseOrigin::DemoWorkspace:
            return "the demo workspace (default without --workspace)";
        case PathBaseOrigin::ConfigFileFolder:
            return "the folder of --config";
        case PathBaseOrigin::CurrentFolder:
            break;
    }
    return "the current folder";
}

void refuseConfigAndPreset(const std::string& config, const std::string& preset) {
    if (!config.empty() && !preset.empty())
        throw ConfigError("--config and --preset: give one of them");
}

void requireConfigPaths(const workflows::RunConfigSetup& setup) {
    if (setup.missing.empty()) return;
    throw ConfigError(fmt::format(
        "{}. Relative paths were resolved against {} ({}): give --workspace WS for the workspace "
        "that holds the data (the demo's: 'isomorph-cli demo prepare'), or create the corpus "
        "with 'isomorph-cli corpus binarize'",
        workflows::listMissing(setup.missing), flagWords(setup.baseOrigin), setup.base.string()));
}

}  // namespace isomorph::cli

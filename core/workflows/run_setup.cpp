#include "core/workflows/run_setup.h"

#include <variant>

#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/train/presets.h"
#include "core/workflows/base_model.h"
#include "core/workspace/workspace.h"

namespace isomorph::workflows {
namespace fs = std::filesystem;

namespace {

struct Base {
    fs::path dir;
    PathBaseOrigin origin;
};

/// Relative paths are relative to the workspace given, else to the workspace holding the run
/// (runs live in WS/runs/NAME), else (presets name the demo workspace's files) to the default
/// demo workspace, else to the config file's folder.
Base chooseBase(const RunConfigRequest& r) {
    if (!r.workspace.empty()) return {fs::absolute(r.workspace), PathBaseOrigin::Workspace};
    if (fs::path ws = workspaceHolding(r.runDir); !ws.empty())
        return {ws, PathBaseOrigin::RunDirWorkspace};
    if (!r.preset.empty())
        return {fs::absolute(workspace::defaultDemoWorkspacePath()), PathBaseOrigin::DemoWorkspace};
    if (!r.configFile.empty())
        return {fs::absolute(r.configFile).parent_path(), PathBaseOrigin::ConfigFileFolder};
    return {fs::current_path(), PathBaseOrigin::CurrentFolder};
}

/// The config as written (file, preset or the resumed run's), before overrides.
train::RunConfig readConfig(const RunConfigRequest& r, std::string& origin) {
    if (!r.configFile.empty() && !r.preset.empty())
        throw ConfigError(fmt::format("run config file {} and preset {}: give one of them",
                                      r.configFile.string(), r.preset));
    if (!r.configFile.empty()) {
        origin = r.configFile.string();
        return train::loadRunConfig(r.configFile);
    }
    if (!r.preset.empty()) {
        origin = "preset " + r.preset;
        return train::parseRunConfig(train::builtinPreset(r.preset).toml, origin);
    }
    if (r.resume) {
        origin = workspace::RunLayout{r.runDir}.config().string();
        return train::loadRunConfig(origin);
    }
    if (!r.defaultsWhenNone)
        throw ConfigError(
            "no run config: give a config file (see resources/presets) or a preset, or resume "
            "an existing run folder");
    origin = "config";
    return train::RunConfig();
}

}  // namespace

std::string describe(PathBaseOrigin origin) {
    switch (origin) {
        case PathBaseOrigin::Workspace:
            return "the workspace given";
        case PathBaseOrigin::RunDirWorkspace:
            return "the workspace holding the run folder";
        case PathBaseOrigin::DemoWorkspace:
            return "the demo workspace (the default for a preset without a workspace)";
        case PathBaseOrigin::ConfigFileFolder:
            return "the folder of the config file";
        case PathBaseOrigin::CurrentFolder:
            break;
    }
    return "the current folder";
}

fs::path workspaceHolding(const fs::path& runDir) {
    if (runDir.empty()) return {};
    for (fs::path p = fs::absolute(runDir); !p.empty() && p != p.root_path(); p = p.parent_path())
        if (fs::exists(p / "isomorph-workspace.json")) return p;
    return {};
}

namespace {

/// Path fields set to "shipped-base" become the shipped base's folder, verified.
void resolveShippedBase(train::RunConfig& config, const std::string& origin) {
    for (const auto& f : train::runConfigFields()) {
        if (!f.isPath) continue;
        const train::ConfigValue value = train::parseConfigLiteral(f.get(config));
        const auto* p = std::get_if<std::string>(&value);
        if (!p || *p != kShippedBaseKeyword) continue;
        const fs::path base = findShippedBase();
        if (base.empty())
            throw ConfigError(fmt::format(
                "{}: {} = \"{}\", but no shipped base model is installed ($ISOMORPH_BASE_MODEL, "
                "share/isomorph/base-model beside the program, or the source tree's "
                "resources/base-model); set {} to a checkpoint folder instead",
                origin, f.key, kShippedBaseKeyword, f.key));
        try {
            verifyBase(base);
        } catch (const CheckpointError& e) {
            throw ConfigError(
                fmt::format("{}: {} = \"{}\": {}", origin, f.key, kShippedBaseKeyword, e.what()));
        }
        f.assign(config, train::ConfigValue(base.string()));
    }
}

}  // namespace

RunConfigSetup assembleRunConfig(const RunConfigRequest& request) {
    RunConfigSetup setup;
    setup.config = readConfig(request, setup.origin);
    for (const auto& s : request.overrides)
        train::applyOverride(setup.config, s);
    resolveShippedBase(setup.config, setup.origin);
    if (request.nproc > 0) setup.config.runtime.nproc = request.nproc;
    const Base base = chooseBase(request);
    setup.base = base.dir;
    setup.baseOrigin = base.origin;
    setup.config.resolvePaths(setup.base);
    if (request.validate) setup.config.validate(setup.origin);
    setup.missing = missingConfigPaths(setup.config);
    return setup;
}

std::vector<MissingPath> missingConfigPaths(const train::RunConfig& config) {
    std::vector<MissingPath> missing;
    for (const auto& f : train::runConfigFields()) {
        if (!f.isPath) continue;
        const train::ConfigValue value = train::parseConfigLiteral(f.get(config));
        const auto* p = std::get_if<std::string>(&value);
        if (!p || p->empty() || *p == "scratch" || fs::exists(*p)) continue;
        missing.push_back({f.key, *p});
    }
    return missing;
}

std::string listMissing(const std::vector<MissingPath>& missing) {
    std::string text;
    for (const auto& m : missing)
        text += fmt::format("{}{} = {} does not exist", text.empty() ? "" : "; ", m.key,
                            m.path.string());
    return text;
}

void requireExistingPaths(const RunConfigSetup& setup) {
    if (setup.missing.empty()) return;
    throw ConfigError(fmt::format(
        "{}: {}. Relative paths were resolved against {} ({}): choose the workspace that holds "
        "the data (the demo's is built by preparing the demo), or binarize the corpus first",
        setup.origin, listMissing(setup.missing), describe(setup.baseOrigin), setup.base.string()));
}

}  // namespace isomorph::workflows

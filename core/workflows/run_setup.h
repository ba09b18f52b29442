#pragma once

// The run config of a training run, assembled the one way every front end uses (`train`,
// `sweep`, `demo run`, later the GUI): a config file, a built-in preset or a resumed run's frozen
// config, then overrides, then relative paths resolved against a base folder chosen from the
// workspace, the run folder's workspace or the demo workspace, then validated. Lives in workspace
// because the base folder depends on workspaces (core/train may not include core/workspace).
// Messages name settings and files; front ends word their flags themselves. Torch-free.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/train/run_config.h"

namespace isomorph::workflows {

/// How the folder that relative config paths resolve against was chosen, first match wins.
enum class PathBaseOrigin {
    Workspace,         ///< RunConfigRequest::workspace
    RunDirWorkspace,   ///< the workspace holding RunConfigRequest::runDir
    DemoWorkspace,     ///< a preset without a workspace: defaultDemoWorkspacePath()
    ConfigFileFolder,  ///< the folder of RunConfigRequest::configFile
    CurrentFolder,     ///< none of the above
};

/// "the workspace given", "the demo workspace (...)": for messages.
std::string describe(PathBaseOrigin origin);

struct RunConfigRequest {
    std::filesystem::path configFile;    ///< a run config TOML ("" = none)
    std::string preset;                  ///< a built-in preset ("" = none); not with configFile
    std::filesystem::path runDir;        ///< the run folder ("" = none); its workspace is a base
    std::filesystem::path workspace;     ///< relative paths resolve here ("" = PathBaseOrigin)
    std::vector<std::string> overrides;  ///< "section.key=value", applied in order
    int64_t nproc = 0;                   ///< > 0: runtime.nproc (after the overrides)
    bool resume = false;  ///< without file or preset: RUN_DIR/config.toml, the frozen config
    bool defaultsWhenNone = false;  ///< without file, preset or resume: the defaults, not an error
    bool validate = true;           ///< ConfigError listing every problem (false: e.g. to print it)
};

/// A path field naming something that does not exist.
struct MissingPath {
    std::string key;             ///< "data.docs"
    std::filesystem::path path;  ///< as resolved
};

struct RunConfigSetup {
    train::RunConfig config;
    std::filesystem::path base;  ///< absolute; relative paths were resolved against it
    PathBaseOrigin baseOrigin = PathBaseOrigin::CurrentFolder;
    std::string origin;                ///< "FILE", "preset NAME" or "RUN/config.toml", for messages
    std::vector<MissingPath> missing;  ///< path fields naming nothing (not refused here)
};

/// Assembles the config: file, preset or resumed run, overrides, nproc, paths, validation.
/// Throws ConfigError for a file and a preset together, for neither (unless resume or
/// defaultsWhenNone), and for what parsing, overrides and validate() refuse.
RunConfigSetup assembleRunConfig(const RunConfigRequest& request);

/// The workspace holding `runDir` (a folder above it with isomorph-workspace.json), or "".
std::filesystem::path workspaceHolding(const std::filesystem::path& runDir);

/// Path fields (tokenizer, data, init, objectives' files) that name nothing; empty ones and
/// "scratch" are not paths.
std::vector<MissingPath> missingConfigPaths(const train::RunConfig& config);

/// "data.docs = /x does not exist; model.tokenizer = /y does not exist".
std::string listMissing(const std::vector<MissingPath>& missing);

/// Refuses setup.missing before a run folder is made: ConfigError naming each field, the base
/// and how it was chosen.
void requireExistingPaths(const RunConfigSetup& setup);

}  // namespace isomorph::workflows

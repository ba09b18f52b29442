// `isomorph-cli train`: one training run, or N local data-parallel workers (--nproc).

#include <atomic>
#include <filesystem>
#include <iostream>
#include <signal.h>
#include <unistd.h>

#include <fmt/format.h>

#include "app/cli/cli_context.h"
#include "app/cli/progress_line.h"
#include "app/cli/train_config.h"
#include "app/cli/worker_supervisor.h"
#include "core/common/errors.h"
#include "core/train/presets.h"
#include "core/train/run_config.h"
#include "core/train/trainer.h"
#include "core/workspace/workspace.h"

namespace isomorph::cli {
namespace fs = std::filesystem;

namespace {
std::atomic<bool> g_stop{false};
}  // namespace

const std::atomic<bool>& stopRequested() {
    return g_stop;
}

extern "C" void onStopSignal(int) {
    g_stop.store(true);
    static const char msg[] =
        "\nisomorph-cli: stopping after the current step (saving a checkpoint); signal again to "
        "abort\n";
    ssize_t ignored = ::write(STDERR_FILENO, msg, sizeof(msg) - 1);
    (void)ignored;
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
}

void installStopHandlers() {
    ::signal(SIGINT, onStopSignal);
    ::signal(SIGTERM, onStopSignal);
}

namespace {

struct TrainCliOptions {
    std::string config, preset, runDir, workspace;
    bool resume = false, printConfig = false;
    int64_t nproc = 0, maxSteps = 0;
    int masterPort = 0;
    std::vector<std::string> overrides;
};

fs::path findWorkspace(const fs::path& runDir) {
    if (runDir.empty()) return {};
    for (fs::path p = fs::absolute(runDir); !p.empty() && p != p.root_path(); p = p.parent_path())
        if (fs::exists(p / "isomorph-workspace.json")) return p;
    return {};
}

/// The folder relative config paths resolve against, and how it was chosen (for hints).
struct PathBase {
    fs::path dir;
    std::string origin;
};

/// Relative paths are relative to --workspace, else to the workspace holding the run (runs live
/// in WS/runs/NAME), else (presets name the demo workspace's files) to the default demo
/// workspace, else to the config file's folder.
PathBase pathBase(const TrainCliOptions& o, const fs::path& configDir) {
    if (!o.workspace.empty()) return {fs::absolute(o.workspace), "--workspace"};
    if (fs::path ws = findWorkspace(o.runDir); !ws.empty())
        return {ws, "the workspace holding --run-dir"};
    if (!o.preset.empty())
        return {fs::absolute(workspace::defaultDemoWorkspacePath()),
                "the demo workspace (default without --workspace)"};
    if (!configDir.empty()) return {configDir, "the folder of --config"};
    return {fs::current_path(), "the current folder"};
}

train::RunConfig loadConfig(const TrainCliOptions& o, PathBase* base = nullptr) {
    train::RunConfig config;
    fs::path configDir;
    if (!o.config.empty() && !o.preset.empty())
        throw ConfigError("--config and --preset: give one of them");
    if (!o.config.empty()) {
        config = train::loadRunConfig(o.config);
        configDir = fs::absolute(o.config).parent_path();
    } else if (!o.preset.empty()) {
        config = train::parseRunConfig(train::builtinPreset(o.preset).toml, "preset " + o.preset);
    } else if (o.resume) {
        config = train::loadRunConfig(fs::path(o.runDir) / "config.toml");
    } else if (!o.printConfig) {
        throw ConfigError(
            "--config: give a run config (see resources/presets), or --resume an "
            "existing --run-dir");
    }
    for (const auto& s : o.overrides)
        train::applyOverride(config, s);
    if (o.nproc > 0) config.runtime.nproc = o.nproc;
    const PathBase b = pathBase(o, configDir);
    config.resolvePaths(b.dir);
    if (base) *base = b;
    return config;
}

/// Refuses, before a run folder is made, config paths that do not exist, saying where relative
/// paths were resolved and how to point them elsewhere.
void requireConfigPaths(const train::RunConfig& config, const PathBase& base) {
    std::string missing;
    for (const auto& f : train::runConfigFields()) {
        if (!f.isPath) continue;
        std::string p;
        train::config_detail::assignScalar(p, train::parseConfigLiteral(f.get(config)));
        if (p.empty() || p == "scratch" || fs::exists(p)) continue;
        missing += fmt::format("{}{} = {} does not exist", missing.empty() ? "" : "; ", f.key, p);
    }
    if (missing.empty()) return;
    throw ConfigError(fmt::format(
        "{}. Relative paths were resolved against {} ({}): give --workspace WS for the workspace "
        "that holds the data (the demo's: 'isomorph-cli demo prepare'), or create the corpus "
        "with 'isomorph-cli corpus binarize'",
        missing, base.origin, base.dir.string()));
}

int runTrain(TrainCliOptions o) {
    PathBase base;
    train::RunConfig config = loadConfig(o, &base);
    if (o.printConfig) {
        std::cout << train::runConfigToToml(config);
        return kExitOk;
    }
    if (o.runDir.empty()) throw ConfigError("--run-dir: give the run directory");
    config.validate(!o.config.empty()   ? o.config
                    : !o.preset.empty() ? "preset " + o.preset
                                        : (fs::path(o.runDir) / "config.toml").string());
    requireConfigPaths(config, base);
    installStopHandlers();

    const char* world = std::getenv("WORLD_SIZE");
    const bool isWorker = world && std::string(world) != "1" && std::string(world) != "";
    if (config.runtime.nproc > 1 && !isWorker) {
        const int port = o.masterPort > 0 ? o.masterPort : freeLocalPort();
        return superviseWorkers(static_cast<int>(config.runtime.nproc), port, g_stop);
    }
    // Of N workers only rank 0 reports progress and the summary: the run is one run.
    const char* rank = std::getenv("RANK");
    const bool reports = !isWorker || rank == nullptr || std::string(rank) == "0";

    ProgressLine line;
    train::TrainRequest request;
    request.config = config;
    request.runDir = o.runDir;
    request.resume = o.resume;
    request.stopAfter = o.maxSteps;
    request.stop = &g_stop;
    request.progress = [&line, reports](const train::TrainProgress& p) {
        if (!reports) return;
        line.update(fmt::format("step {}/{}  loss {:.4f} ({})  lr {:.2e}  {:.0f} tok/s  {:.0f} s",
                                p.step, p.maxSteps, p.loss, p.objective, p.lr, p.tokensPerSecond,
                                p.elapsedSeconds));
    };
    train::TrainResult r = train::runTraining(request);
    if (reports)
        line.finish(
            fmt::format("{} at step {}; checkpoint {}",
                        r.status == train::TrainResult::Status::Finished ? "finished" : "stopped",
                        r.step, r.checkpoint.string()));
    return kExitOk;
}

}  // namespace

train::RunConfig loadTrainConfig(const std::string& config, const std::string& preset,
                                 const std::string& workspace, const std::string& runDir,
                                 const std::vector<std::string>& overrides) {
    TrainCliOptions o;
    o.config = config;
    o.preset = preset;
    o.workspace = workspace;
    o.runDir = runDir;
    o.overrides = overrides;
    if (config.empty() && preset.empty()) throw ConfigError("give --config FILE or --preset NAME");
    PathBase base;
    train::RunConfig c = loadConfig(o, &base);
    c.validate(!config.empty() ? config : "preset " + preset);
    requireConfigPaths(c, base);
    return c;
}

void registerTrain(CLI::App& app, Registry& registry) {
    auto o = std::make_shared<TrainCliOptions>();
    CLI::App* cmd = app.add_subcommand(
        "train", "Train (or resume) a run: MLM and CCP objectives, live metrics, checkpoints");
    cmd->add_option("--config", o->config, "Run config (TOML); see resources/presets");
    cmd->add_option("--preset", o->preset,
                    "Start from a built-in preset (ccp-demo, ccp-xlmr-base, ...)");
    cmd->add_option("--run-dir", o->runDir, "Run directory (config, metrics, checkpoints)");
    cmd->add_flag("--resume", o->resume,
                  "Continue the run in --run-dir from its latest checkpoint");
    cmd->add_option("--nproc", o->nproc, "Data-parallel worker processes (runtime.nproc)")
        ->check(CLI::Range(1, 256));
    cmd->add_option("--max-steps", o->maxSteps,
                    "Stop with a checkpoint after this many steps (the schedule is unchanged)")
        ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
    cmd->add_option("--set", o->overrides, "Override a config field: section.key=value")
        ->allow_extra_args(false);
    cmd->add_option("--workspace", o->workspace,
                    "Resolve relative config paths against this workspace (default: the one "
                    "holding --run-dir; for --preset the demo workspace)");
    cmd->add_option("--master-port", o->masterPort,
                    "Rendezvous port for --nproc > 1 (default: free)")
        ->check(CLI::Range(1, 65535));
    cmd->add_flag("--print-config", o->printConfig,
                  "Print the complete config (defaults, file and --set applied) and exit");
    cmd->callback([o, &registry, &app]() {
        (void)app;
        registry.run = [o]() { return runTrain(*o); };
    });
}

}  // namespace isomorph::cli

// `isomorph-cli train`: one training run, or N data-parallel workers on this node (--nproc), of
// one node of several (--nnodes, --node-rank, --master-addr), or one worker a launcher started
// (torchrun, srun).

#include <algorithm>
#include <atomic>
#include <iostream>
#include <signal.h>
#include <unistd.h>

#include <fmt/format.h>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "app/cli/progress_line.h"
#include "app/cli/train_config.h"
#include "app/cli/worker_supervisor.h"
#include "core/common/errors.h"
#include "core/train/launch_environment.h"
#include "core/train/run_config.h"
#include "core/train/trainer.h"
#include "core/workflows/run_setup.h"

namespace isomorph::cli {

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
    int masterPort = 0, nnodes = 1, nodeRank = 0;
    std::string masterAddr;
    std::vector<std::string> overrides;
};

/// --config, --preset or --resume, --set, --nproc and the workspace into the core's assembly;
/// refusals about the flags themselves come first, worded in flags.
workflows::RunConfigSetup loadConfig(const TrainCliOptions& o) {
    refuseConfigAndPreset(o.config, o.preset);
    if (o.config.empty() && o.preset.empty() && !o.resume && !o.printConfig)
        throw ConfigError(
            "--config: give a run config (see resources/presets), or --resume an "
            "existing --run-dir");
    if (!o.printConfig && o.runDir.empty()) throw ConfigError("--run-dir: give the run directory");
    workflows::RunConfigRequest request;
    request.configFile = o.config;
    request.preset = o.preset;
    request.runDir = o.runDir;
    request.workspace = o.workspace;
    request.overrides = o.overrides;
    request.nproc = o.nproc;
    request.resume = o.resume;
    request.defaultsWhenNone = o.printConfig;
    request.validate = !o.printConfig;
    return workflows::assembleRunConfig(request);
}

int runTrain(TrainCliOptions o) {
    const workflows::RunConfigSetup setup = loadConfig(o);
    if (o.printConfig) {
        std::cout << train::runConfigToToml(setup.config);
        return kExitOk;
    }
    requireConfigPaths(setup);
    const train::RunConfig& config = setup.config;
    installStopHandlers();

    // A worker when a launcher started it (torchrun's variables, which this command's own
    // supervisor sets too, or a Slurm step's); a launcher when --nproc/--nnodes ask for workers.
    // Inside a Slurm step the flags win: one task per node runs --nproc workers of its own.
    const train::WorkerEnvironment launched = train::readWorkerEnvironment();
    const bool flagsLaunch = o.nproc > 1 || o.nnodes > 1;
    const bool isWorker = launched.worldSize > 1 && !(launched.launcher == "slurm" && flagsLaunch);
    train::NodeLaunch node;
    node.nproc = static_cast<int>(std::max<int64_t>(1, config.runtime.nproc));
    node.nnodes = o.nnodes;
    node.nodeRank = o.nodeRank;
    node.masterAddr = o.masterAddr;
    node.masterPort = o.masterPort;
    if (!isWorker) train::validateNodeLaunch(node);
    if (!isWorker && (node.nproc > 1 || node.nnodes > 1)) {
        if (node.masterAddr.empty()) node.masterAddr = "127.0.0.1";
        if (node.masterPort <= 0) node.masterPort = node.nnodes > 1 ? 29500 : freeLocalPort();
        return superviseWorkers(node, g_stop);
    }
    // Of N workers only rank 0 reports progress and the summary: the run is one run.
    const bool reports = !isWorker || launched.rank == 0;

    ProgressLine line;
    train::TrainRequest request;
    request.config = config;
    request.runDir = o.runDir;
    request.resume = o.resume;
    request.deadline = isomorph::train::Deadline::afterSteps(o.maxSteps);
    Feedback feedback(
        [&line, reports](const Progress& p) {
            if (reports) line.update(fmt::format("step {}/{}  {}", p.done, p.total, p.detail));
            return true;
        },
        &g_stop);
    request.feedback = &feedback;
    train::TrainResult r = train::runTraining(request);
    if (reports)
        line.finish(
            fmt::format("{} at step {}; checkpoint {}",
                        r.status == train::TrainResult::Status::Finished ? "finished" : "stopped",
                        r.step, r.checkpoint.string()));
    return kExitOk;
}

}  // namespace

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
    addWorkspaceFlag(cmd, o->workspace,
                     "Resolve relative config paths against this workspace (default: the one "
                     "holding --run-dir; for --preset the demo workspace)");
    cmd->add_option("--master-port", o->masterPort,
                    "Rendezvous port (default: a free one on one node, 29500 on several)")
        ->check(CLI::Range(1, 65535));
    cmd->add_option("--nnodes", o->nnodes,
                    "Nodes of a multi-node run; start the same command on each with its "
                    "--node-rank (--nproc workers per node)")
        ->check(CLI::Range(1, 65536));
    cmd->add_option("--node-rank", o->nodeRank, "This node's index, 0 .. --nnodes - 1")
        ->check(CLI::Range(0, 65535));
    cmd->add_option("--master-addr", o->masterAddr,
                    "Address of node 0 as the other nodes reach it (needed with --nnodes > 1)");
    cmd->add_flag("--print-config", o->printConfig,
                  "Print the complete config (defaults, file and --set applied) and exit");
    cmd->callback([o, &registry, &app]() {
        (void)app;
        registry.run = [o]() { return runTrain(*o); };
    });
}

}  // namespace isomorph::cli

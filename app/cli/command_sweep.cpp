// `isomorph-cli sweep`: a grid of config values x seeds as sibling runs in one folder, then the
// comparison tables (core/workflows/sweep.h); with --jobs N, N cells at once in child processes
// (app/cli/sweep_jobs.h).

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <regex>
#include <thread>

#include <fmt/format.h>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "app/cli/progress_line.h"
#include "app/cli/sweep_jobs.h"
#include "app/cli/train_config.h"
#include "core/common/errors.h"
#include "core/train/trainer.h"
#include "core/workflows/run_setup.h"
#include "core/workflows/sweep.h"

namespace isomorph::cli {
namespace {
namespace fs = std::filesystem;

struct SweepCliOptions {
    std::string config, preset, workspace, dir, budget, fitPairs, oodPairs;
    std::vector<std::string> grid, overrides;
    int64_t seeds = 1;
    bool noOod = false;
    int jobs = 1;
    // Hidden: set by a --jobs parent on each child's command line.
    std::string onlyCell;
    int64_t runThreads = 0;
};

/// "300", "300 steps" -> steps; "10min", "10 m" -> minutes.
void parseBudget(const std::string& text, workflows::SweepOptions& o) {
    if (text.empty()) return;
    static const std::regex re(R"(^\s*([0-9]+(?:\.[0-9]+)?)\s*(steps?|min|m)?\s*$)");
    std::smatch m;
    if (!std::regex_match(text, m, re))
        throw ConfigError(fmt::format(
            "--budget '{}': give steps (300, 300steps) or minutes (10min) per run", text));
    const double value = std::stod(m[1].str());
    const std::string unit = m[2].str();
    if (value <= 0) throw ConfigError("--budget: must be positive");
    if (unit == "min" || unit == "m") {
        o.budgetMinutes = value;
    } else {
        if (value != static_cast<double>(static_cast<int64_t>(value)))
            throw ConfigError(fmt::format("--budget '{}': steps are a whole number", text));
        o.budgetSteps = static_cast<int64_t>(value);
    }
}

/// Every cell's config before its grid values: resolved against --workspace, else the workspace
/// holding the sweep folder, else (presets) the demo workspace; validated, missing paths refused.
train::RunConfig baseConfig(const SweepCliOptions& c, const fs::path& dir) {
    refuseConfigAndPreset(c.config, c.preset);
    if (c.config.empty() && c.preset.empty())
        throw ConfigError("give --config FILE or --preset NAME");
    workflows::RunConfigRequest request;
    request.configFile = c.config;
    request.preset = c.preset;
    request.workspace = c.workspace;
    request.runDir = dir / "x";  // a cell's run folder
    request.overrides = c.overrides;
    const workflows::RunConfigSetup setup = workflows::assembleRunConfig(request);
    requireConfigPaths(setup);
    return setup.config;
}

/// --ood-pairs, else the demo workspace's out-of-domain set beside the corpus of the dev pairs
/// (WS/corpora/ui-heldout-shards for WS/corpora/man-demo-shards/pairs-dev) when it exists.
fs::path outOfDomainPairs(const SweepCliOptions& c, const train::RunConfig& base) {
    if (c.noOod) return {};
    if (!c.oodPairs.empty()) {
        if (!fs::exists(c.oodPairs))
            throw ConfigError(
                fmt::format("--ood-pairs: {} does not exist (a pair shard set)", c.oodPairs));
        return fs::absolute(c.oodPairs);
    }
    const fs::path demo =
        fs::path(base.data.devPairs).parent_path().parent_path() / "ui-heldout-shards";
    return fs::exists(demo) ? demo : fs::path();
}

workflows::SweepOptions sweepOptions(const SweepCliOptions& c) {
    if (c.dir.empty()) throw ConfigError("--dir: give the sweep folder (one run folder per cell)");
    workflows::SweepOptions o;
    o.dir = fs::absolute(c.dir);
    o.base = baseConfig(c, o.dir);
    for (const auto& g : c.grid)
        o.grid.push_back(workflows::parseSweepAxis(g));
    o.seeds = c.seeds;
    parseBudget(c.budget, o);
    if (!c.fitPairs.empty()) {
        o.fitPairs = fs::absolute(c.fitPairs);
    } else {
        // The demo workspace's layout: pairs-train beside pairs-dev.
        o.fitPairs = fs::path(o.base.data.devPairs).parent_path() / "pairs-train";
        if (!fs::exists(o.fitPairs))
            throw ConfigError(fmt::format(
                "--fit-pairs: give the train split's pair shards (the +shift and +rotation "
                "columns are fitted on them); {} does not exist",
                o.fitPairs.string()));
    }
    o.outOfDomainPairs = outOfDomainPairs(c, o.base);
    o.report = train::devBitextOptions(o.base);  // raw = each run's bitext_acc
    o.report.maxFitPairs = 600;
    o.onlyCell = c.onlyCell;
    o.threadsPerRun = c.runThreads;
    return o;
}

/// A training step on the progress line.
ProgressFn stepLine(ProgressLine& line) {
    return [&line](const Progress& p) {
        line.update(fmt::format("  step {}/{}  {}", p.done, p.total, p.detail));
        return true;
    };
}

/// One cell in this process: what a --jobs parent starts (its output goes to the cell's log).
int runOneCell(const workflows::SweepOptions& o) {
    ProgressLine line;
    Feedback steps(stepLine(line), &stopRequested());
    const auto result = workflows::runSweep(
        o, [&](const std::string& message) { line.finish(message); }, &steps);
    line.finish(fmt::format("cell {}: {}", o.onlyCell,
                            result.stopped ? "stopped with a checkpoint" : "done"));
    return kExitOk;
}

/// Threads the --jobs children share: the config's runtime.threads, or (0 = automatic) the cores.
int64_t threadsToSplit(const train::RunConfig& base) {
    if (base.runtime.threads > 0) return base.runtime.threads;
    return std::max<int64_t>(1, static_cast<int64_t>(std::thread::hardware_concurrency()));
}

int runSweepCommand(const SweepCliOptions& c) {
    const workflows::SweepOptions o = sweepOptions(c);
    installStopHandlers();
    if (!o.onlyCell.empty()) return runOneCell(o);

    ProgressLine line;
    const auto cells = workflows::sweepCells(o);
    std::cout << fmt::format("sweep of {} runs in {}{}{}\n", cells.size(), o.dir.string(),
                             o.budgetSteps > 0 ? fmt::format(", {} steps each", o.budgetSteps)
                             : o.budgetMinutes > 0
                                 ? fmt::format(", {} minutes each", o.budgetMinutes)
                                 : std::string(),
                             o.outOfDomainPairs.empty()
                                 ? std::string()
                                 : ", out-of-domain pairs " + o.outOfDomainPairs.string())
              << std::flush;
    int64_t trained = 0, skipped = 0;
    bool stopped = false;
    std::vector<std::string> failed;
    auto say = [&](const std::string& message) { line.finish(message); };
    if (c.jobs > 1) {
        workflows::prepareSweepFolder(o);  // a bad grid or another sweep's folder: before any child
        SweepJobsOptions jobs;
        jobs.jobs = c.jobs;
        jobs.threads = threadsToSplit(o.base);
        const auto result = runSweepJobs(o, jobs, stopRequested(), say);
        trained = result.trained;
        skipped = result.skipped;
        stopped = result.stopped;
        failed = result.failed;
    } else {
        Feedback steps(stepLine(line), &stopRequested());
        const auto result = workflows::runSweep(o, say, &steps);
        trained = result.trained;
        skipped = result.skipped;
        stopped = result.stopped;
    }
    std::cout << fmt::format(
        "\n{} runs trained now, {} found done{}\n", trained, skipped,
        stopped && failed.empty() ? "; stopped: run the same command again to continue" : "");
    std::ifstream md(o.dir / "sweep.md");
    std::cout << md.rdbuf();
    std::cout << fmt::format("\ntables: {} (.csv, .json)\n", (o.dir / "sweep.md").string());
    if (failed.empty()) return kExitOk;
    std::cerr << "isomorph-cli: error: the run of a sweep cell failed:";
    for (const auto& f : failed)
        std::cerr << "\n  " << f;
    std::cerr << "\nSee its log; once fixed, the same command continues the sweep.\n";
    return kExitRuntime;
}

}  // namespace

void registerSweep(CLI::App& app, Registry& registry) {
    auto o = std::make_shared<SweepCliOptions>();
    CLI::App* cmd = app.add_subcommand(
        "sweep",
        "Train a grid of settings x seeds as sibling runs and tabulate dev bitext accuracy "
        "(raw, +shift, +rotation) and final losses; resumes where it stopped");
    cmd->add_option("--preset", o->preset, "Built-in run preset (e.g. msm-demo)");
    cmd->add_option("--config", o->config, "Run config file");
    addWorkspaceFlag(cmd, o->workspace,
                     "Workspace the config's relative paths refer to (default: the demo workspace "
                     "for presets)");
    cmd->add_option("--grid", o->grid,
                    "KEY=V1,V2,...: a config key and its values (repeat for more axes), e.g. "
                    "objectives.msm.mu=0.3,0.5,0.7");
    cmd->add_option("--seeds", o->seeds, "Seeds per setting (runtime.seed, +1, ...)")
        ->check(CLI::Range(int64_t{1}, int64_t{1000}))
        ->capture_default_str();
    cmd->add_option("--budget", o->budget,
                    "Per run: steps (300) set schedule.max_steps; minutes (10min) stop on wall "
                    "time with the config's schedule");
    cmd->add_option("--dir", o->dir, "Sweep folder (created; an interrupted sweep resumes)")
        ->required();
    cmd->add_option("--fit-pairs", o->fitPairs,
                    "Train-split pair shards for +shift/+rotation (default: pairs-train beside "
                    "data.dev_pairs)");
    auto* ood = cmd->add_option(
        "--ood-pairs", o->oodPairs,
        "Out-of-domain pair shards, evaluated like the dev pairs and never trained or fitted on "
        "(default: WS/corpora/ui-heldout-shards of the demo workspace when it exists)");
    cmd->add_flag("--no-ood", o->noOod, "Evaluate no out-of-domain set")->excludes(ood);
    cmd->add_option("--jobs", o->jobs,
                    "Cells trained at once, each in a process of its own with runtime.threads "
                    "split among them (1: one after the other in this process)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cmd->add_option("--set", o->overrides, "Override a field of every run: section.key=value");
    // Set by a --jobs parent on its children's command lines; not for users.
    cmd->add_option("--only-cell", o->onlyCell)->group("");
    cmd->add_option("--run-threads", o->runThreads)
        ->group("")
        ->check(CLI::Range(int64_t{1}, int64_t{4096}));
    cmd->callback([&registry, o] { registry.run = [o] { return runSweepCommand(*o); }; });
}

}  // namespace isomorph::cli

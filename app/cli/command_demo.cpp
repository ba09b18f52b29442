// `isomorph-cli demo prepare`: the built-in demo workspace, idempotently.
// `isomorph-cli demo run`: the headless demo: prepare, train the demo recipe (HICTL + MLM, then
// CCP + MLM continued from it) for N minutes, report.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

#include <fmt/format.h>

#include "app/cli/cli_context.h"
#include "app/cli/progress_line.h"
#include "core/model_io/checkpoint_path.h"
#include "core/train/bitext_report.h"
#include "core/train/presets.h"
#include "core/train/trainer.h"
#include "core/workspace/demo_prepare.h"
#include "core/workspace/workspace.h"

namespace isomorph::cli {
namespace {
namespace fs = std::filesystem;

struct PrepareOptions {
    std::string workspace;
    workspace::DemoPrepareOptions prepare;
};

workspace::DemoPaths prepareWithProgress(const workspace::DemoPrepareOptions& prepare) {
    ProgressLine progress(std::chrono::seconds(5));
    std::string last;
    auto paths = workspace::prepareDemo(prepare, [&](const std::string& message) {
        // Stage changes always show; counters within a stage are throttled by ProgressLine.
        const std::string stage = message.substr(0, message.find(':'));
        if (stage != last.substr(0, last.find(':')) && !last.empty()) progress.finish(last);
        last = message;
        progress.update(message);
        return true;
    });
    if (!last.empty()) progress.finish(last);
    return paths;
}

int runPrepare(const PrepareOptions& o) {
    workspace::DemoPrepareOptions prepare = o.prepare;
    prepare.workspace = o.workspace.empty() ? workspace::defaultDemoWorkspacePath()
                                            : std::filesystem::path(o.workspace);
    auto paths = prepareWithProgress(prepare);
    std::cout << "corpus:    " << paths.corpus.string() << "\n"
              << "tokenizer: " << paths.tokenizer.string() << "\n"
              << "shards:    " << paths.shards.string() << "\n";
    return kExitOk;
}

struct RunOptions {
    std::string workspace;
    double minutes = 10;
    int64_t steps = 0;
    std::string name = "demo";
    std::string preset;  ///< one preset instead of the demo recipe
    std::vector<std::string> overrides;
};

void printReportRow(const std::string& label, const train::BitextReport::Row& r) {
    std::cout << fmt::format("  {:<34} {:>7.2f}% {:>7.2f}% {:>9.2f}%\n", label, 100 * r.raw,
                             100 * r.shifted, 100 * r.rotated);
}

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

/// When a training on a wall-clock budget must stop so that what follows it still fits: after a
/// step, once now + the longest gap seen between two steps (a step plus an evaluation, probe or
/// checkpoint that may follow it; the first gap includes the set-up and the trainer's initial
/// evaluation, so the estimate errs on the safe side) reaches the deadline.
class WallClockStop {
  public:
    explicit WallClockStop(Clock::time_point deadline) : deadline_(deadline), last_(Clock::now()) {}
    bool afterStep() {
        const auto now = Clock::now();
        maxGap_ = std::max(maxGap_, now - last_);
        last_ = now;
        return now + maxGap_ >= deadline_;
    }

  private:
    Clock::time_point deadline_, last_;
    Clock::duration maxGap_{};
};

/// A bitext report with a progress line ("evaluating LABEL: encoding train pairs de-en 3/48").
train::BitextReport reportWithProgress(const std::string& label, const fs::path& checkpoint,
                                       const workspace::DemoPaths& paths,
                                       const train::BitextReportOptions& options) {
    ProgressLine line(std::chrono::seconds(5));
    const auto t0 = Clock::now();
    auto report = train::bitextReport(
        checkpoint, paths.shards / "pairs-dev", paths.shards / "pairs-train", options,
        [&](const std::string& stage, int64_t done, int64_t total) {
            line.update(fmt::format("evaluating {}: {} ({}/{}, {:.0f} s)", label, stage, done,
                                    total, secondsSince(t0)));
        });
    line.finish(fmt::format("evaluated {} in {:.1f} s", label, secondsSince(t0)));
    return report;
}

/// Seconds since this process started: loading LibTorch before main() is wall time the user
/// waits too. 0 when /proc cannot tell.
double processAgeSeconds() {
    std::ifstream statFile("/proc/self/stat"), uptimeFile("/proc/uptime");
    std::string stat;
    double uptime = 0;
    if (!std::getline(statFile, stat) || !(uptimeFile >> uptime)) return 0;
    const size_t close = stat.rfind(')');  // the command name may hold spaces
    if (close == std::string::npos) return 0;
    std::istringstream fields(stat.substr(close + 1));
    std::string field;
    for (int i = 3; i <= 22 && fields >> field; ++i) {
    }  // field 22: start time in clock ticks after boot
    const double start = std::atof(field.c_str()) / static_cast<double>(::sysconf(_SC_CLK_TCK));
    return std::max(0.0, uptime - start);
}

/// One stage of the demo as configured and, once trained, what it left.
struct DemoStage {
    train::RecipeStage recipe;
    train::RunConfig config;
    fs::path runDir;
    train::TrainResult result;
    fs::path reported;  ///< the checkpoint reported (and the next stage's model.init)
};

/// The stages `demo run` trains: the demo recipe, or one preset (--preset).
std::vector<DemoStage> configureStages(const RunOptions& o, const fs::path& ws,
                                       const std::string& stamp) {
    std::vector<train::RecipeStage> recipe =
        o.preset.empty() ? train::demoRecipe()
                         : std::vector<train::RecipeStage>{{o.preset, 1.0, {}}};
    std::vector<DemoStage> stages;
    for (const auto& r : recipe) {
        DemoStage s;
        s.recipe = r;
        const std::string origin = "preset " + r.preset;
        s.config = train::parseRunConfig(train::builtinPreset(r.preset).toml, origin);
        for (const auto& v : r.overrides)
            train::applyOverride(s.config, v);
        for (const auto& v : o.overrides)
            train::applyOverride(s.config, v);
        s.config.resolvePaths(ws);
        s.config.validate(origin);
        s.config.name = o.name + "-" + r.preset;
        s.runDir = workspace::WorkspaceLayout{ws}.runs() / (o.name + "-" + stamp + "-" + r.preset);
        stages.push_back(std::move(s));
    }
    return stages;
}

/// Trains one stage until its deadline (or `steps`), with a progress line.
train::TrainResult trainStage(DemoStage& stage, Clock::time_point deadline, int64_t steps) {
    ProgressLine line;
    std::atomic<bool> stop{false};
    WallClockStop wallClock(deadline);
    train::TrainRequest request;
    request.config = stage.config;
    request.runDir = stage.runDir;
    request.stop = &stop;
    if (steps > 0) request.stopAfter = steps;
    const bool timed = steps == 0;
    const std::string preset = stage.recipe.preset;
    request.progress = [&](const train::TrainProgress& p) {
        if (stopRequested().load() || (timed && wallClock.afterStep())) stop.store(true);
        line.update(fmt::format("{}: step {}  loss {:.3f} ({})  {:.0f} tok/s  {:.0f} s", preset,
                                p.step, p.loss, p.objective, p.tokensPerSecond, p.elapsedSeconds));
    };
    // The trainer's set-up (model, data, its own dev evaluation at step 0) precedes the first step.
    line.update(preset + ": setting up the model and data, evaluating step 0...");
    train::TrainResult result;
    try {
        result = train::runTraining(request);
    } catch (...) {
        std::error_code ec;
        fs::remove(stage.runDir, ec);  // empty when the run failed before its first step
        throw;
    }
    line.finish(fmt::format("{}: trained {} steps; checkpoint {}", preset, result.step,
                            result.checkpoint.string()));
    return result;
}

int runDemo(const RunOptions& o) {
    const auto started = Clock::now() - std::chrono::duration_cast<Clock::duration>(
                                            std::chrono::duration<double>(processAgeSeconds()));
    const double budget = o.steps > 0 ? 0.0 : o.minutes * 60.0;
    workspace::DemoPrepareOptions prepare;
    prepare.workspace = o.workspace.empty() ? workspace::defaultDemoWorkspacePath()
                                            : std::filesystem::path(o.workspace);
    const auto paths = prepareWithProgress(prepare);
    const double prepareSeconds = secondsSince(started);

    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", std::localtime(&now));
    std::vector<DemoStage> stages = configureStages(o, prepare.workspace, stamp);
    const train::RunConfig& first = stages.front().config;
    std::string plan;
    for (const auto& s : stages)
        plan += (plan.empty() ? "" : ", then ") + s.recipe.preset +
                (stages.size() > 1 ? fmt::format(" ({:.0f}%)", 100 * s.recipe.share) : "");
    std::cout << fmt::format(
                     "training {} for {} in {}\n(Ctrl-C stops early with a "
                     "checkpoint; the GUI shows runs live: isomorph --demo)\n",
                     plan,
                     o.steps > 0
                         ? fmt::format("{} steps each", o.steps)
                         : fmt::format("{} minutes wall time, evaluation included", o.minutes),
                     workspace::WorkspaceLayout{prepare.workspace}.runs().string())
              << std::flush;

    // Held-out commands' translation pairs; the rotation is fitted on the train split's pairs.
    train::BitextReportOptions options;
    options.pooling = first.eval.pooling.toString();
    options.maxPairs = first.eval.maxPairs;
    options.maxTokens = static_cast<uint32_t>(first.data.maxTokens);
    // Per language pair: more pairs than dimensions (256) for the rotation; each evaluation
    // encodes them, so 300 rather than more keeps three evaluations to about a minute each.
    options.maxFitPairs = 300;

    // The random initialisation is evaluated first: the time it takes is what each stage's final
    // evaluation (same model shape, same sentences) will take, so training can leave room for it.
    train::BitextReport before;
    const auto evalStarted = Clock::now();
    const fs::path firstRun = stages.front().runDir;
    try {
        const fs::path init = first.model.init == "scratch"
                                  ? train::writeScratchInit(first, firstRun)
                                  : fs::path(first.model.init);
        before = reportWithProgress("the initialisation", init, paths, options);
    } catch (...) {
        std::error_code ec;
        fs::remove_all(firstRun, ec);  // only init/ is there: leave nothing behind
        throw;
    }
    const double evalSeconds = secondsSince(evalStarted);
    // One evaluation per stage, 10% and 1 s for timing noise and the final checkpoint's save.
    const double reserve = static_cast<double>(stages.size()) * 1.1 * evalSeconds + 1.0;
    const double trainBudget = budget - secondsSince(started) - reserve;
    if (budget > 0) {
        std::cout << fmt::format(
            "time budget {:.0f} s: {:.0f} s used so far, {:.0f} s kept for the final "
            "evaluation{}, {:.0f} s for training\n",
            budget, secondsSince(started), reserve, stages.size() > 1 ? "s" : "",
            std::max(0.0, trainBudget));
    }
    if (budget > 0 && trainBudget <= 0) {
        // Training and a second evaluation would overrun the budget: report what was measured.
        std::error_code ec;
        fs::remove_all(firstRun, ec);
        std::cout << fmt::format(
            "the budget is spent before training ({:.0f} s preparing, {:.0f} s evaluating the "
            "initialisation); give more --minutes. Dev bitext accuracy of the initialisation:\n",
            prepareSeconds, evalSeconds);
        printReportRow("initialisation", before.mean);
        return kExitOk;
    }
    std::cout << std::flush;

    installStopHandlers();
    const auto trainStarted = Clock::now();
    double shareDone = 0;
    for (size_t k = 0; k < stages.size(); ++k) {
        DemoStage& stage = stages[k];
        if (k > 0) {
            // Stage k continues from stage k - 1's best checkpoint.
            stage.config.model.init = stages[k - 1].reported.string();
            stage.config.validate("preset " + stage.recipe.preset);
        }
        shareDone += stage.recipe.share;
        const auto deadline =
            trainStarted + std::chrono::duration_cast<Clock::duration>(
                               std::chrono::duration<double>(shareDone * trainBudget));
        stage.result = trainStage(stage, deadline, o.steps);
        stage.reported = k + 1 < stages.size() ? model_io::resolveCheckpoint(stage.runDir)
                                               : stage.result.checkpoint;
        if (stopRequested().load()) break;
    }
    const double trainSeconds = secondsSince(trainStarted);

    const auto afterStarted = Clock::now();
    std::vector<std::pair<std::string, train::BitextReport>> rows;
    for (size_t k = 0; k < stages.size(); ++k) {
        const DemoStage& stage = stages[k];
        if (stage.reported.empty()) continue;  // stopped before this stage
        // A stage with a successor reports the checkpoint the successor started from.
        const std::string label =
            k + 1 < stages.size()
                ? fmt::format("{} best ({})", stage.recipe.preset,
                              stage.reported.filename().string())
                : fmt::format("after {} steps of {}", stage.result.step, stage.recipe.preset);
        rows.emplace_back(label,
                          reportWithProgress(stage.recipe.preset, stage.reported, paths, options));
    }
    const double afterSeconds = secondsSince(afterStarted);
    std::cout << fmt::format("\ndev bitext accuracy, mean over {} language pairs ({} pairs):\n",
                             before.perPair.size(), before.mean.pairs)
              << fmt::format("  {:<34} {:>8} {:>8} {:>10}\n", "", "raw", "+shift", "+rotation");
    printReportRow(first.model.init == "scratch" ? "random initialisation" : "model.init",
                   before.mean);
    for (const auto& [label, report] : rows)
        printReportRow(label, report.mean);
    std::cout << "\n  raw: cosine nearest neighbour; +shift: each language's mean subtracted;\n"
                 "  +rotation: orthogonal map fitted on the TRAIN split's pairs (how isomorphic\n"
                 "  the spaces are). HICTL learns from the train split's translation pairs; the\n"
                 "  dev pairs are other commands' pages. From scratch on a few MB, unsupervised\n"
                 "  objectives alone (CCP, MLM) do not align languages in minutes.\n";
    std::cout << fmt::format(
        "\ntime: {:.0f} s preparing, {:.0f} s evaluating the initialisation, {:.0f} s training, "
        "{:.0f} s evaluating the trained model{}; {:.0f} s in all{}\n",
        prepareSeconds, evalSeconds, trainSeconds, afterSeconds, rows.size() > 1 ? "s" : "",
        secondsSince(started),
        budget > 0 ? fmt::format(" of a {:.0f} s budget", budget) : std::string());
    return kExitOk;
}

}  // namespace

void registerDemo(CLI::App& app, Registry& registry) {
    CLI::App* demo = app.add_subcommand("demo", "The built-in demo workspace");
    demo->require_subcommand(1);
    auto p = std::make_shared<PrepareOptions>();
    CLI::App* prepare = demo->add_subcommand(
        "prepare", "Build the demo corpus, its tokenizer and shards (skips what is already built)");
    prepare->add_option("--workspace", p->workspace,
                        "Workspace folder (default: $ISOMORPH_WORKSPACE or "
                        "$XDG_DATA_HOME/isomorph/demo-workspace)");
    prepare->add_flag("--force", p->prepare.force, "Rebuild everything");
    prepare
        ->add_option("--threads", p->prepare.threads,
                     "Threads and render processes (0 = all cores)")
        ->check(CLI::Range(0, 1024))
        ->capture_default_str();
    prepare->add_option("--vocab-size", p->prepare.vocabSize, "Tokenizer pieces")
        ->check(CLI::Range(100, 1000000))
        ->capture_default_str();
    prepare->callback([&registry, p] { registry.run = [p] { return runPrepare(*p); }; });

    auto r = std::make_shared<RunOptions>();
    CLI::App* run = demo->add_subcommand(
        "run",
        "Headless demo: prepare the workspace, train the demo recipe (hictl-demo, then ccp-demo "
        "continued from its best checkpoint) for N minutes, report dev bitext accuracy before "
        "and after each stage (raw, mean-shifted, rotated)");
    run->add_option("--workspace", r->workspace, "Workspace folder (default as for prepare)");
    run->add_option("--minutes", r->minutes, "Wall time of the whole command, evaluation included")
        ->check(CLI::Range(0.05, 10000.0))
        ->capture_default_str();
    run->add_option("--steps", r->steps, "Train this many steps instead of --minutes")
        ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
    run->add_option("--name", r->name, "Run name (folders WS/runs/NAME-TIME-PRESET)")
        ->capture_default_str();
    run->add_option("--preset", r->preset,
                    "Train this one preset instead of the recipe (e.g. ccp-demo, the demo of "
                    "earlier versions)");
    run->add_option("--set", r->overrides,
                    "Override a field of every stage's preset: section.key=value");
    run->callback([&registry, r] { registry.run = [r] { return runDemo(*r); }; });
}

}  // namespace isomorph::cli

#include "core/workflows/demo_run.h"

#include <system_error>

#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/train/presets.h"
#include "core/workflows/run_setup.h"
#include "core/workflows/train_stage.h"
#include "core/workspace/run_layout.h"
#include "core/workspace/workspace.h"

namespace isomorph::workflows {
namespace fs = std::filesystem;

namespace {

/// What one runDemo() call shares between its steps.
struct DemoContext {
    const DemoRunRequest& request;
    Feedback& feedback;
    ProgressFn progress;  ///< feedback's, for the operations that take a ProgressFn
    const DemoRunObserver& observer;
    WallClock::time_point started;
    eval::BitextReportOptions evaluation;
    DemoRunReport report;
};

void prepare(DemoContext& c, const fs::path& ws) {
    DemoPrepareOptions options;
    options.workspace = ws;
    const StartModel& start = c.request.start;
    if (start.kind == StartModel::Kind::ShippedBase)
        options.baseTokenizer = start.checkpoint / workspace::CheckpointLayout::kSentencePieceFile;
    c.report.paths = prepareDemo(options, &c.feedback);
    if (start.kind == StartModel::Kind::Imported) {
        if (!c.report.paths.imported)
            throw DataError(fmt::format(
                "the demo was asked to start from {}, but the workspace {} has no imported model "
                "and shards ({})",
                start.name, ws.string(), chooseStartModel(ws).why));
        c.report.paths = c.report.paths.speakingImported();
    }
    c.report.runsDir = workspace::WorkspaceLayout{ws}.runs();
    c.report.times.preparing = secondsSince(c.started);
}

/// The stages: the demo recipe, or one preset. Each stage's preset, its recipe overrides, then
/// the request's, with paths resolved against the workspace.
void configureStages(DemoContext& c, const fs::path& ws) {
    const DemoRunRequest& r = c.request;
    const std::vector<train::RecipeStage> recipe =
        r.preset.empty() ? train::demoRecipe()
                         : std::vector<train::RecipeStage>{{r.preset, 1.0, {}, {}, {}}};
    const std::string stamp = workspace::runFolderStamp();
    for (const auto& stage : recipe) {
        RunConfigRequest config;
        config.preset = stage.preset;
        config.workspace = ws;
        // Every stage reads the start's shard sets; the first also starts from it (model.init
        // of the later ones is set to their predecessor's checkpoint when they train).
        config.overrides = stageOverrides(stage, r.start, ws, r.overrides);
        DemoStageReport s;
        s.preset = stage.preset;
        s.share = stage.share;
        s.config = assembleRunConfig(config).config;
        s.config.name = r.name + "-" + stage.preset;
        s.runDir = c.report.runsDir / (r.name + "-" + stamp + "-" + stage.preset);
        c.report.stages.push_back(std::move(s));
    }
}

DemoEvaluation evaluate(DemoContext& c, const std::string& label, const fs::path& checkpoint,
                        double* seconds) {
    return evaluateDemoCheckpoint(c.report.paths, c.evaluation, label, checkpoint, &c.feedback,
                                  seconds);
}

/// The random initialisation (or model.init) is evaluated first: the time it takes is what each
/// stage's final evaluation (same model shape, same sentences) will take.
void evaluateInit(DemoContext& c) {
    const train::RunConfig& first = c.report.stages.front().config;
    const fs::path firstRun = c.report.stages.front().runDir;
    c.report.scratchInit = first.model.init == "scratch";
    c.report.fromBase = c.request.start.kind != StartModel::Kind::Random;
    c.report.fromImported = c.request.start.kind == StartModel::Kind::Imported;
    const auto started = WallClock::now();
    try {
        const fs::path init = c.report.scratchInit ? train::writeScratchInit(first, firstRun)
                                                   : fs::path(first.model.init);
        double seconds = 0;
        c.report.before = evaluate(c, "the initialisation", init, &seconds);
        c.report.times.evaluatingInit = secondsSince(started);  // with writing the scratch init
    } catch (...) {
        std::error_code ec;
        fs::remove_all(firstRun, ec);  // only init/ is there: leave nothing behind
        throw;
    }
}

void splitTime(DemoContext& c) {
    std::vector<double> shares;
    for (const auto& s : c.report.stages)
        shares.push_back(s.share);
    const double budget = c.request.steps > 0 ? 0.0 : c.request.minutes * 60.0;
    c.report.budget =
        splitBudget(budget, secondsSince(c.started), c.report.times.evaluatingInit, shares);
    if (budget > 0 && c.report.budget.training <= 0) {
        // Training and a second evaluation would overrun the budget: report what was measured.
        c.report.budgetSpent = true;
        std::error_code ec;
        fs::remove_all(c.report.stages.front().runDir, ec);
    }
}

/// Trains one stage until `deadline` (or request.steps).
train::TrainResult trainDemoStage(DemoContext& c, const DemoStageReport& stage,
                                  WallClock::time_point deadline, bool continued) {
    StageRequest request;
    request.label = stage.preset;
    request.config = stage.config;
    request.runDir = stage.runDir;
    // The next stage starts from this one's best checkpoint: the state where time ran out
    // competes too (the margin leaves it the time of the longest gap, an evaluation's).
    request.evaluateAtStop = continued;
    const train::Deadline until =
        c.request.steps > 0
            ? train::Deadline::afterSteps(c.request.steps)
            : train::Deadline::before(deadline, train::Deadline::Margin::LongestGap);
    // The trainer's set-up (model, data, its own dev evaluation at step 0) precedes the first step.
    reportProgress(c.progress,
                   stage.preset + ": setting up the model and data, evaluating step 0...", 0, 0);
    return trainStage(request, until, &c.feedback).result;
}

/// Trains the stages in turn, each continuing from its predecessor's best checkpoint.
void trainStages(DemoContext& c) {
    const auto trainStarted = WallClock::now();
    auto& stages = c.report.stages;
    for (size_t k = 0; k < stages.size(); ++k) {
        DemoStageReport& stage = stages[k];
        if (k > 0) {
            stage.config.model.init = stages[k - 1].reported.string();
            stage.config.validate("preset " + stage.preset);
        }
        stage.result =
            trainDemoStage(c, stage, addSeconds(trainStarted, c.report.budget.stageEnds[k]),
                           k + 1 < stages.size());
        stage.trained = true;
        stage.reported = k + 1 < stages.size() ? workspace::resolveCheckpoint(stage.runDir)
                                               : stage.result.checkpoint;
        if (c.observer.stageTrained) c.observer.stageTrained(stage);
        if (c.feedback.stopRequested()) break;
    }
    c.report.times.training = secondsSince(trainStarted);
}

/// Dev accuracy of the sentence vector a stage trains, when dev measures another (ownPooling):
/// raw only (no means or rotation), a few seconds a checkpoint.
void evaluateOwnVector(DemoContext& c, DemoStageReport& stage, const fs::path& before) {
    const std::string own = stage.config.model.pooling.toString();
    if (before.empty() || own == c.evaluation.pooling) return;
    eval::BitextReportOptions options = c.evaluation;
    options.pooling = own;
    auto dev = [&](const fs::path& checkpoint, const std::string& label) {
        Feedback feedback([&](const Progress& p) {
            return c.progress(Progress{fmt::format("evaluating {} with its {} vector: "
                                                   "{} ({}/{})",
                                                   label, own, p.stage, p.done, p.total),
                                       p.done, p.total});
        });
        return eval::bitextReport(checkpoint, c.report.paths.shards / "pairs-dev", {}, options,
                                  &feedback);
    };
    stage.ownPooling = own;
    stage.ownBefore = dev(before, "its start");
    stage.ownAfter = dev(stage.reported, stage.preset);
    stage.ownChange = eval::compareBitext(stage.ownBefore, stage.ownAfter);
}

void evaluateStages(DemoContext& c) {
    const auto started = WallClock::now();
    const DemoEvaluation* previous = &c.report.before;
    for (size_t k = 0; k < c.report.stages.size(); ++k) {
        DemoStageReport& stage = c.report.stages[k];
        if (!stage.trained) continue;  // stopped before this stage
        stage.after = evaluate(c, stage.preset, stage.reported, &stage.evaluationSeconds);
        stage.devChange = eval::compareBitext(previous->dev, stage.after.dev);
        stage.outOfDomainChange =
            eval::compareBitext(previous->outOfDomain, stage.after.outOfDomain);
        evaluateOwnVector(c, stage,
                          k > 0                  ? c.report.stages[k - 1].reported
                          : c.report.scratchInit ? fs::path()
                                                 : fs::path(stage.config.model.init));
        previous = &stage.after;
        if (c.observer.stageEvaluated) c.observer.stageEvaluated(stage);
    }
    c.report.times.evaluatingTrained = secondsSince(started);
    // From a pretrained start the start itself competes: a stage must beat it to be the result.
    double best = c.report.fromBase ? c.report.before.dev.mean.raw : -1.0;
    for (size_t k = 0; k < c.report.stages.size(); ++k) {
        const auto& stage = c.report.stages[k];
        if (stage.trained && stage.after.dev.mean.raw >= best) {
            c.report.result = static_cast<int>(k);
            best = stage.after.dev.mean.raw;
        }
    }
}

}  // namespace

/// Held-out commands' translation pairs; the rotation is fitted on the train split's pairs.
eval::BitextReportOptions demoEvaluationOptions(const train::RunConfig& first) {
    // The raw column is the run's own dev bitext accuracy (what its Runs view chart shows).
    eval::BitextReportOptions options = train::devBitextOptions(first);
    // Per language pair: more pairs than dimensions (256) for the rotation; each evaluation
    // encodes them, so 300 rather than more keeps three evaluations to about a minute each.
    options.maxFitPairs = 300;
    return options;
}

/// Dev and out-of-domain bitext reports with progress ("evaluating LABEL: encoding train pairs
/// de-en (3/48, 2 s)"); the train pairs (means, rotations) are encoded once for both.
DemoEvaluation evaluateDemoCheckpoint(const DemoPaths& paths,
                                      const eval::BitextReportOptions& options,
                                      const std::string& label, const fs::path& checkpoint,
                                      Feedback* feedback, double* seconds) {
    const ProgressFn progress = progressOf(feedback);
    const auto t0 = WallClock::now();
    std::vector<std::pair<std::string, fs::path>> sets = {{"dev", paths.shards / "pairs-dev"}};
    const bool outOfDomain = fs::exists(paths.outOfDomainShards / "shards.json");
    if (outOfDomain) sets.emplace_back("out-of-domain", paths.outOfDomainShards);
    Feedback stage([&](const Progress& p) {
        return !progress ||
               progress(Progress{fmt::format("evaluating {}: {} ({}/{}, {:.0f} s)", label, p.stage,
                                             p.done, p.total, secondsSince(t0)),
                                 p.done, p.total});
    });
    auto reports =
        eval::bitextReports(checkpoint, sets, paths.shards / "pairs-train", options, &stage);
    if (seconds) *seconds = secondsSince(t0);
    DemoEvaluation e;
    e.dev = std::move(reports[0]);
    if (outOfDomain) e.outOfDomain = std::move(reports[1]);
    return e;
}

DemoRunReport runDemo(const DemoRunRequest& request, Feedback& feedback,
                      const DemoRunObserver& observer) {
    DemoContext c{request,
                  feedback,
                  feedback.progressFn(),
                  observer,
                  addSeconds(WallClock::now(), -request.spentSeconds),
                  {},
                  {}};
    const fs::path ws =
        request.workspace.empty() ? workspace::defaultDemoWorkspacePath() : request.workspace;
    prepare(c, ws);
    configureStages(c, ws);
    c.evaluation = demoEvaluationOptions(c.report.stages.front().config);
    if (observer.configured) observer.configured(c.report);
    evaluateInit(c);
    splitTime(c);
    if (observer.initEvaluated) observer.initEvaluated(c.report);
    if (!c.report.budgetSpent) {
        trainStages(c);
        evaluateStages(c);
    }
    c.report.times.total = secondsSince(c.started);
    return std::move(c.report);
}

}  // namespace isomorph::workflows

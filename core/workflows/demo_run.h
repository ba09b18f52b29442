#pragma once

// The headless demo (`isomorph-cli demo run`, later the GUI's demo launch) as one core workflow:
// prepare the demo workspace, train the demo recipe (hictl-demo, then ccp-demo continued from its
// best checkpoint) or one preset in WS/runs/NAME-STAMP-PRESET, on a wall-clock budget that
// includes the evaluations or for a number of steps, and measure dev and out-of-domain bitext
// accuracy of the initialisation and of each stage's checkpoint (eval::bitextReports).
// Torch-free header.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/eval/bitext_report.h"
#include "core/train/run_config.h"
#include "core/train/trainer.h"
#include "core/workflows/demo_prepare.h"
#include "core/workflows/start_model.h"
#include "core/workflows/wall_clock_budget.h"

namespace isomorph::workflows {

struct DemoRunRequest {
    std::filesystem::path workspace;  ///< "" = defaultDemoWorkspacePath(); created when missing
    double minutes = 10;        ///< wall time of the whole run, evaluations included (steps == 0)
    int64_t steps = 0;          ///< > 0: train this many steps per stage instead of a time budget
    std::string name = "demo";  ///< run folders WS/runs/NAME-STAMP-PRESET, config name NAME-PRESET
    std::string preset;         ///< one preset instead of the demo recipe ("" = the recipe)
    std::vector<std::string> overrides;  ///< "section.key=value" over every stage's preset
    /// What the first stage continues from (start_model.h; a shipped base verified by the
    /// caller, whose tokenizer the workspace then takes). The imported multilingual encoder's
    /// stages train and are evaluated on the shard sets in its tokenizer.
    StartModel start;
    /// Seconds already spent that count against the budget (the CLI: since its process started).
    double spentSeconds = 0;
};

/// Bitext accuracy of one checkpoint on the dev split and on the held-out out-of-domain set (UI
/// strings of the installed gettext catalogs, docs/demo-corpus.md; empty when the workspace has
/// none), with means and rotations from the train split.
struct DemoEvaluation {
    eval::BitextReport dev;
    eval::BitextReport outOfDomain;
};

/// One stage as configured and, once trained, what it left.
struct DemoStageReport {
    std::string preset;
    double share = 1;                ///< of the training time
    train::RunConfig config;         ///< as trained (model.init: the previous stage's checkpoint)
    std::filesystem::path runDir;    ///< WS/runs/NAME-STAMP-PRESET
    bool trained = false;            ///< false: stopped before this stage
    train::TrainResult result;       ///< steps and the last checkpoint
    std::filesystem::path reported;  ///< checkpoint evaluated: a stage with a successor reports the
                                     ///< best one (the successor's model.init), the last its last
    DemoEvaluation after;            ///< bitext accuracy of `reported`
    /// Raw accuracy against the checkpoint this stage continued from (the previous stage's
    /// `reported`, or the initialisation): paired t-test over language pairs.
    eval::BitextChange devChange, outOfDomainChange;
    double evaluationSeconds = 0;  ///< of `after`
    /// A stage whose objectives train another sentence vector (model.pooling) than the one dev
    /// measures (eval.pooling; CCP trains [CLS], as its paper does): that vector's raw dev
    /// accuracy before (the checkpoint it continued from) and after, and the change. Empty
    /// `ownPooling` when the vectors are the same or the stage started from scratch.
    std::string ownPooling;
    eval::BitextReport ownBefore, ownAfter;
    eval::BitextChange ownChange;
};

/// Where the time went, in seconds.
struct DemoTimes {
    double preparing = 0;       ///< since the run started (spentSeconds included)
    double evaluatingInit = 0;  ///< the initialisation's evaluation
    double training = 0;
    double evaluatingTrained = 0;
    double total = 0;  ///< since the run started, spentSeconds included
};

struct DemoRunReport {
    DemoPaths paths;
    std::filesystem::path runsDir;  ///< WS/runs
    std::vector<DemoStageReport> stages;
    bool scratchInit = true;    ///< the first stage starts from a random initialisation
    bool fromBase = false;      ///< the first stage starts from a pretrained request.start
    bool fromImported = false;  ///< ... from the imported multilingual encoder
    DemoEvaluation before;      ///< bitext accuracy of the first stage's model.init
    BudgetSplit budget;         ///< budget.budget == 0: steps, no time budget
    bool budgetSpent = false;   ///< the budget ran out before training: only `before` was measured
    DemoTimes times;
    /// The demo's result: the trained stage whose checkpoint has the highest dev accuracy (raw),
    /// -1 when none was trained or, starting from the shipped base, none beat the base (the
    /// base is then the result). A later stage that lowered dev accuracy does not replace an
    /// earlier one. Chosen on dev only: the out-of-domain set is never used to select.
    int result = -1;
};

/// Milestones a front end may show as they happen (each optional; `report` is complete so far).
struct DemoRunObserver {
    /// The workspace is prepared and the stages are configured (run folders named, not made).
    std::function<void(const DemoRunReport& report)> configured;
    /// The initialisation is evaluated (times.evaluatingInit) and the budget split; training is
    /// next unless report.budgetSpent.
    std::function<void(const DemoRunReport& report)> initEvaluated;
    std::function<void(const DemoStageReport& stage)> stageTrained;
    std::function<void(const DemoStageReport& stage)> stageEvaluated;
};

/// Evaluation settings of the demo for a stage config (pooling, pairs, fit pairs).
eval::BitextReportOptions demoEvaluationOptions(const train::RunConfig& config);

/// Dev and out-of-domain bitext accuracy of `checkpoint` in the prepared workspace `paths`, with
/// progress "evaluating LABEL: ..."; `seconds` (optional) gets the time it took.
DemoEvaluation evaluateDemoCheckpoint(const DemoPaths& paths,
                                      const eval::BitextReportOptions& options,
                                      const std::string& label,
                                      const std::filesystem::path& checkpoint,
                                      Feedback* feedback = nullptr, double* seconds = nullptr);

/// Runs the demo. feedback: stage texts like "building the demo corpus: render 120/2400",
/// "evaluating the initialisation: encoding ... (3/48, 2 s)", "hictl-demo: step 40  loss ...".
/// Its stopRequested() (e.g. a signal's flag) stops the current stage with a checkpoint, skips
/// the later ones and evaluates and reports what was trained; cancel() (or its callback
/// returning false) throws Cancelled (a training stage first saves a checkpoint). Throws
/// ConfigError (presets, overrides), DataError, CheckpointError as the steps it runs; a run that
/// fails before its first step leaves no run folder behind.
DemoRunReport runDemo(const DemoRunRequest& request, Feedback& feedback,
                      const DemoRunObserver& observer = {});

}  // namespace isomorph::workflows

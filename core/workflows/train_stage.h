#pragma once

// One training stage of a recipe (demo run, retrieval demo, base model, sweep cell): the one way
// a workflow runs the trainer. It labels the trainer's step reports with the stage's name, runs
// until the schedule ends or the Deadline says, removes the run folder when the run fails before
// writing anything, and returns a typed record of what happened. Torch-free.

#include <filesystem>
#include <string>

#include "core/common/feedback.h"
#include "core/train/trainer.h"

namespace isomorph::workflows {

struct StageRequest {
    /// Names the stage in its reports: "LABEL: step N  DETAIL" ("LABEL: step N/M  DETAIL" with
    /// showTotal); "" passes the trainer's reports on unchanged.
    std::string label;
    bool showTotal = false;
    train::RunConfig config;
    std::filesystem::path runDir;
    bool resume = false;          ///< continue from runDir's checkpoints/latest
    bool evaluateAtStop = false;  ///< TrainRequest::evaluateAtStop (a stage that another continues)
    bool finalEvaluation = true;  ///< TrainRequest::finalEvaluation
    std::filesystem::path initialEvaluationCache;  ///< TrainRequest::initialEvaluationCache
};

/// What a stage did.
struct StageRecord {
    std::string label;
    std::filesystem::path runDir;
    train::TrainResult result;  ///< status, steps, the last checkpoint, the best dev value
    double seconds = 0;         ///< wall time, set-up included
    bool finished() const { return result.status == train::TrainResult::Status::Finished; }
};

/// Trains `request` until its schedule ends or `deadline`; `feedback` watches and stops it (a
/// child feedback carries the label, so a stage's requestStop() is the caller's own). Throws
/// what runTraining throws (Cancelled after a checkpoint is saved).
StageRecord trainStage(const StageRequest& request, const train::Deadline& deadline,
                       Feedback* feedback = nullptr);

}  // namespace isomorph::workflows

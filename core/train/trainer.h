#pragma once

// The training loop behind `isomorph-cli train` (and the GUI, which runs the CLI as a child
// process). Torch-free header.
//
// What it writes into a run directory, and where, is workspace::RunLayout's (frozen config,
// metrics, TensorBoard events, log, status, step checkpoints with the latest and best pointers;
// docs/run-directory.md).

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include "core/common/feedback.h"
#include "core/train/deadline.h"
#include "core/train/run_config.h"

namespace isomorph::train {

struct TrainRequest {
    RunConfig config;
    std::filesystem::path runDir;
    bool resume = false;  ///< continue from checkpoints/latest
    /// When this session stops before schedule.max_steps, with a checkpoint (steps, seconds
    /// of training, or an instant with what follows it in mind); none by default.
    Deadline deadline;
    /// Told after every step (rank 0): stage "step", done / total = step / schedule.max_steps,
    /// detail = trainStepDetail(). Asked before the next step: stopRequested() (a signal
    /// handler's flag, a parent's Stop) saves a checkpoint and returns Stopped on every rank;
    /// cancelled() saves it too, then runTraining throws Cancelled. nullptr: neither.
    Feedback* feedback = nullptr;
    /// Evaluate the final step (eval.every > 0). A sweep evaluates its cells' final checkpoints
    /// itself (raw, shift, rotation) and turns this off, so a cell is evaluated once at the end.
    bool finalEvaluation = true;
    /// Also evaluate dev when the run stops before max_steps (a step limit, a stop request, a
    /// time budget), unless that step was just evaluated: the last state then competes for the
    /// best checkpoint. A recipe stage that the next one continues from sets it.
    bool evaluateAtStop = false;
    /// A folder where the step-0 evaluation is kept and reused: runs starting from the same
    /// checkpoint with the same evaluation settings (a sweep's cells from one model.init) log
    /// the stored values instead of evaluating again. "" = evaluate every run. Runs from
    /// scratch never share (their init is their own); single-process runs only.
    std::filesystem::path initialEvaluationCache;
};

struct TrainResult {
    enum class Status { Finished, Stopped };
    Status status = Status::Finished;
    int64_t step = 0;
    std::filesystem::path checkpoint;  ///< the last checkpoint written
    double bestMetric = 0;             ///< best dev value of config.eval.metric (NaN if none)
};

/// A step's line for people: "loss 2.3145 (mlm+ccp)  lr 1.00e-04  5400 tok/s  12 s" (weighted
/// loss, the step's objectives, learning rate, throughput, training seconds over all sessions).
std::string trainStepDetail(double loss, const std::string& objectives, double lr,
                            double tokensPerSecond, double elapsedSeconds);

/// Runs (or resumes) a training run. Throws ConfigError (invalid config, run directory of another
/// config), DataError, CheckpointError, Diverged (NaN/Inf, after saving a checkpoint of the last
/// good state), Cancelled (request.feedback cancelled, after saving a checkpoint). Data-parallel
/// workers are recognised by the torchrun environment variables (WORLD_SIZE > 1).
TrainResult runTraining(const TrainRequest& request);

/// Writes the encoder a run with model.init = "scratch" starts from to RUN/init, as
/// runTraining() does (same seed, same weights), unless it is there already; returns the folder.
/// Lets a caller measure the starting point before training.
std::filesystem::path writeScratchInit(const RunConfig& config,
                                       const std::filesystem::path& runDir);

}  // namespace isomorph::train

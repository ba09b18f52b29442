#pragma once

// When the training loop evaluates, probes, saves and stops (after Marian's Scheduler): the loop
// asks, this class decides, so the rules live in one place and are tested without a model.
// Torch-free.

#include <cstdint>
#include <string>

namespace isomorph::train {

struct RunConfig;

class Scheduler {
  public:
    struct Options {
        int64_t maxSteps = 1;         ///< schedule.max_steps: the run is finished there
        int64_t evalEvery = 0;        ///< eval.every; 0 = only at the end
        int64_t monitorEvery = 0;     ///< monitor.every; 0 = never
        int64_t checkpointEvery = 0;  ///< checkpoint.every; 0 = only at the end and on stop
        int64_t stopAfterSteps = 0;   ///< pause (with a checkpoint) at this step; 0 = maxSteps
    };

    /// Why the loop ends (or Continue).
    enum class Stop { Continue, Finished, StepLimit, TimeBudget, Requested };

    explicit Scheduler(const Options& options);
    /// `stopAfterSteps`: the Deadline's steps (its clock rules are DeadlineWatch's).
    static Options optionsFrom(const RunConfig& config, int64_t stopAfterSteps);

    /// The step at which the loop ends without a stop request: min(stopAfterSteps, maxSteps).
    int64_t stopAt() const;

    /// Before any training step of a fresh run (step 0): measure the random-initialisation point.
    bool evaluateAtStart(int64_t step) const { return step == 0 && options_.evalEvery > 0; }
    bool monitorAtStart(int64_t step) const { return step == 0 && options_.monitorEvery > 0; }

    /// After optimizer step `step` (1-based count of steps done). The last step of the run is
    /// evaluated by the end of the run, not here.
    bool evaluateAfter(int64_t step) const;
    bool monitorAfter(int64_t step) const;
    /// Reason to save a checkpoint after `step` ("" = none): periodic saves, and a new best dev
    /// value between periodic saves. The end of the run and stops are saved by the loop's end.
    std::string checkpointAfter(int64_t step, bool improved) const;

    /// Whether to stop after `step`. Finished and StepLimit come from the step count; a stop
    /// request (SIGINT/SIGTERM) and the time budget (DeadlineWatch) stop earlier. With several
    /// processes the flags are those of any rank, so all stop at the same step.
    Stop stopAfter(int64_t step, bool requested, bool outOfTime) const;

    /// "finished", "step limit reached", "time budget reached", "stop requested".
    static std::string describe(Stop stop);

  private:
    Options options_;
};

}  // namespace isomorph::train

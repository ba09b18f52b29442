#pragma once

// When a training session stops before the end of its schedule. One type for the three ways a
// caller sets it: a step count (`train --max-steps`), seconds of training (a sweep cell's
// minutes, equal for every cell whatever its set-up took), and a wall-clock instant that what
// follows the training must still fit before (a recipe stage's share of `demo run --minutes`).
// The trainer checks it after every step and saves a checkpoint where it stops, with the reason
// "step limit" or "time budget" (a stop request is the feedback's, not a deadline). Torch-free.

#include <chrono>
#include <cstdint>
#include <optional>

namespace isomorph::train {

using SteadyClock = std::chrono::steady_clock;

struct Deadline {
    /// What a step before `by` may leave for later.
    enum class Margin {
        None,        ///< stop at the first step that ends at or after `by`
        LongestGap,  ///< stop once now + the longest gap between two steps seen so far reaches
                     ///< `by` (a step plus an evaluation, probe or checkpoint that may follow
                     ///< it; the first gap includes the set-up and the step-0 evaluation, so
                     ///< the estimate errs on the safe side): what follows the run still fits
    };

    int64_t steps = 0;           ///< stop once this many steps are done in all; 0 = none
    double trainingSeconds = 0;  ///< stop after this much training in this session (set-up and
                                 ///< the step-0 evaluation not counted); 0 = none
    std::optional<SteadyClock::time_point> by;  ///< stop in time for this instant
    Margin margin = Margin::None;               ///< of `by`

    static Deadline afterSteps(int64_t steps);
    static Deadline afterTrainingSeconds(double seconds);
    static Deadline before(SteadyClock::time_point instant, Margin margin);
    /// before(now + seconds, margin).
    static Deadline within(double seconds, Margin margin);

    /// Whether a clock rule is set (trainingSeconds or by).
    bool timed() const { return trainingSeconds > 0 || by.has_value(); }
};

/// The clock rules of a Deadline during one session: told when each step ends, says whether the
/// time is up. Created when the session starts (before its set-up).
class DeadlineWatch {
  public:
    DeadlineWatch(const Deadline& deadline, SteadyClock::time_point sessionStart);
    /// The training loop starts now: trainingSeconds counts from here.
    void loopStarted(SteadyClock::time_point now);
    /// A step ended at `now`: true once the session must stop.
    bool afterStep(SteadyClock::time_point now);

  private:
    Deadline deadline_;
    SteadyClock::time_point last_, loopStart_;
    SteadyClock::duration maxGap_{};
};

}  // namespace isomorph::train

#pragma once

// Training on a wall-clock budget that includes what comes after it (`demo run --minutes N`):
// the split of the budget between training stages and the final evaluations (each stage then
// trains until a train::Deadline before its end, with the margin of its longest gap). Torch-free.

#include <chrono>
#include <cstddef>
#include <vector>

namespace isomorph::workflows {

using WallClock = std::chrono::steady_clock;

/// How a budget is divided once the evaluation of the initial model has been timed. Seconds.
struct BudgetSplit {
    double budget = 0;    ///< the whole run's, preparation and evaluations included
    double spent = 0;     ///< used before training (preparing, the initial evaluation)
    double reserve = 0;   ///< kept for the final evaluations and the last checkpoint's save
    double training = 0;  ///< left for training; <= 0: nothing fits
    /// Per stage: when it must stop, counted from the start of training (cumulative shares).
    std::vector<double> stageEnds;
};

/// Each stage's final evaluation takes about what the initial one took (same model shape, same
/// sentences): it is reserved with 10% and 1 s in all for timing noise and the last save.
/// `shares` are the stages' parts of the training time (summing to 1).
BudgetSplit splitBudget(double budget, double spent, double evaluationSeconds,
                        const std::vector<double>& shares);

/// Seconds since this process started (loading LibTorch before main() is wall time the user
/// waits too); 0 when /proc cannot tell.
double processAgeSeconds();

/// Seconds since `t`.
double secondsSince(WallClock::time_point t);

/// `t` + `seconds`.
WallClock::time_point addSeconds(WallClock::time_point t, double seconds);

}  // namespace isomorph::workflows

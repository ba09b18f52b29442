#include "core/train/deadline.h"

#include <algorithm>

namespace isomorph::train {

Deadline Deadline::afterSteps(int64_t steps) {
    Deadline d;
    d.steps = steps;
    return d;
}

Deadline Deadline::afterTrainingSeconds(double seconds) {
    Deadline d;
    d.trainingSeconds = seconds;
    return d;
}

Deadline Deadline::before(SteadyClock::time_point instant, Margin margin) {
    Deadline d;
    d.by = instant;
    d.margin = margin;
    return d;
}

Deadline Deadline::within(double seconds, Margin margin) {
    return before(SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(
                                           std::chrono::duration<double>(seconds)),
                  margin);
}

DeadlineWatch::DeadlineWatch(const Deadline& deadline, SteadyClock::time_point sessionStart)
    : deadline_(deadline), last_(sessionStart), loopStart_(sessionStart) {}

void DeadlineWatch::loopStarted(SteadyClock::time_point now) {
    loopStart_ = now;
}

bool DeadlineWatch::afterStep(SteadyClock::time_point now) {
    maxGap_ = std::max(maxGap_, now - last_);
    last_ = now;
    if (deadline_.trainingSeconds > 0 &&
        std::chrono::duration<double>(now - loopStart_).count() >= deadline_.trainingSeconds)
        return true;
    if (!deadline_.by) return false;
    const auto margin =
        deadline_.margin == Deadline::Margin::LongestGap ? maxGap_ : SteadyClock::duration{};
    return now + margin >= *deadline_.by;
}

}  // namespace isomorph::train

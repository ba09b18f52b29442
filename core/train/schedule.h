#pragma once

// Learning-rate schedule: linear warm-up from 0, then linear decay to 0 at max_steps, cosine
// decay to 0, or constant. Torch-free so the GUI can draw the curve and estimate ETAs.

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/train/run_config.h"

namespace isomorph::train {

/// Learning rate for optimizer step `step` (0-based: the first update uses step 0).
inline double scheduledLearningRate(const ScheduleSection& s, double peak, int64_t step) {
    const double t = static_cast<double>(step) + 1.0;  // updates done after this one
    if (s.warmupSteps > 0 && t <= static_cast<double>(s.warmupSteps))
        return peak * t / static_cast<double>(s.warmupSteps);
    if (s.decay == Decay::Constant) return peak;
    const double span = static_cast<double>(std::max<int64_t>(1, s.maxSteps - s.warmupSteps));
    const double progress =
        std::clamp((t - 1.0 - static_cast<double>(s.warmupSteps)) / span, 0.0, 1.0);
    if (s.decay == Decay::Cosine) return peak * 0.5 * (1.0 + std::cos(M_PI * progress));
    return peak * (1.0 - progress);
}

}  // namespace isomorph::train

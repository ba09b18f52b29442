#pragma once

// The tiny corpus's run config (tests/support/tiny_training.h) for in-process training tests:
// `steps` steps, one warm-up step, no dev evaluation, probes or intermediate checkpoints.

#include <cstdint>

#include "core/train/run_config.h"
#include "tests/support/tiny_training.h"

namespace isomorph::testing {

inline train::RunConfig quietTinyConfig(const TinyTraining& tiny, int64_t steps) {
    train::RunConfig c = train::loadRunConfig(tiny.config.toStdString());
    c.schedule.maxSteps = steps;
    c.schedule.warmupSteps = 1;
    c.eval.every = 0;
    c.monitor.every = 0;
    c.checkpoint.every = 0;
    return c;
}

}  // namespace isomorph::testing

#include "core/train/scheduler.h"

#include <algorithm>

#include "core/train/run_config.h"

namespace isomorph::train {

Scheduler::Scheduler(const Options& options) : options_(options) {}

Scheduler::Options Scheduler::optionsFrom(const RunConfig& config, int64_t stopAfterSteps) {
    Options o;
    o.maxSteps = config.schedule.maxSteps;
    o.evalEvery = config.eval.every;
    o.monitorEvery = config.monitor.every;
    o.checkpointEvery = config.checkpoint.every;
    o.stopAfterSteps = stopAfterSteps;
    return o;
}

int64_t Scheduler::stopAt() const {
    return options_.stopAfterSteps > 0 ? std::min(options_.stopAfterSteps, options_.maxSteps)
                                       : options_.maxSteps;
}

bool Scheduler::evaluateAfter(int64_t step) const {
    return options_.evalEvery > 0 && step % options_.evalEvery == 0 && step < options_.maxSteps;
}

bool Scheduler::monitorAfter(int64_t step) const {
    return options_.monitorEvery > 0 && step % options_.monitorEvery == 0;
}

std::string Scheduler::checkpointAfter(int64_t step, bool improved) const {
    if (step >= stopAt()) return "";  // the end of the loop saves
    if (options_.checkpointEvery > 0 && step % options_.checkpointEvery == 0) return "periodic";
    return improved ? "best dev metric" : "";
}

Scheduler::Stop Scheduler::stopAfter(int64_t step, bool requested, bool outOfTime) const {
    if (step >= options_.maxSteps) return Stop::Finished;
    if (step >= stopAt()) return Stop::StepLimit;
    if (requested) return Stop::Requested;
    if (outOfTime) return Stop::TimeBudget;
    return Stop::Continue;
}

std::string Scheduler::describe(Stop stop) {
    switch (stop) {
        case Stop::Continue:
            return "running";
        case Stop::Finished:
            return "finished";
        case Stop::StepLimit:
            return "step limit reached";
        case Stop::TimeBudget:
            return "time budget reached";
        case Stop::Requested:
            return "stop requested";
    }
    return "stopped";
}

}  // namespace isomorph::train

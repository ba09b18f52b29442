#pragma once

// The one progress-and-cancel type of core workflows (a request struct in, a report struct out):
// a workflow calls report(stage, done, total) as it goes, a few times per second at most, and
// stops with Cancelled as soon as the callback returns false. Front ends adapt it: the CLI prints
// a line per stage, GUI controllers forward it to a progress bar and return their cancel flag.
// Workflows take the Feedback object (core/common/feedback.h) and hand the parts below them this
// ProgressFn (docs/architecture.md, "How to add an operation").

#include <cstdint>
#include <functional>
#include <string>

#include "core/common/errors.h"

namespace isomorph {

struct Progress {
    std::string stage;     ///< what is being done now, e.g. "encoding de-en" (for people)
    int64_t done = 0;      ///< units of this stage done
    int64_t total = 0;     ///< units of this stage in all (0 = unknown)
    std::string detail{};  ///< readable state within the stage ("dictionary 1834"), or ""
};

/// Returns false to cancel.
using ProgressFn = std::function<bool(const Progress&)>;

/// Calls `progress` (when set) and throws Cancelled when it asks to stop.
inline void reportProgress(const ProgressFn& progress, std::string stage, int64_t done,
                           int64_t total) {
    if (progress && !progress(Progress{std::move(stage), done, total}))
        throw Cancelled("cancelled");
}

}  // namespace isomorph

#pragma once

// RUN/status.json: where a run stands. The trainer (rank 0) rewrites it atomically when the run
// starts, at checkpoints and when it ends; the Runs view and tools read it while it runs.

#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>

#include "core/workspace/run_layout.h"

namespace isomorph::train {

struct RunStatus {
    /// The file name inside a run folder.
    static constexpr const char* kFileName = workspace::RunLayout::kStatusFile;

    std::string state;  ///< running, finished, stopped, failed, diverged (empty: not recorded)
    int64_t step = 0;   ///< optimizer steps done when written
    std::optional<int64_t> maxSteps;  ///< schedule.max_steps (absent in files of other tools)
    int64_t pid = 0;                  ///< the training process (rank 0); 0: not recorded
    std::string host;                 ///< the machine it runs on
    double started = 0;               ///< Unix seconds this process started (0: not recorded)
    double updated = 0;               ///< Unix seconds of this write
    /// The best value of `metric` so far (NaN: no evaluation yet, written as null).
    double bestMetric = std::numeric_limits<double>::quiet_NaN();
    std::string metric;     ///< eval.metric's name, e.g. "bitext_acc"
    int64_t worldSize = 1;  ///< processes training together
    /// Why a stopped run stopped: "time budget", "step limit" or "requested" ("" otherwise or
    /// not recorded). A run that used up its time budget ended as planned.
    std::string stopReason;
};

/// Writes `runDir`/status.json atomically (2-space indented JSON). Throws DataError on failure.
void writeRunStatus(const std::filesystem::path& runDir, const RunStatus& status);

/// Reads `runDir`/status.json, tolerantly: fields missing or of another type keep their
/// defaults. nullopt when the file is missing, unreadable or not a JSON object (a run that is
/// starting, or a folder written by another tool).
std::optional<RunStatus> readRunStatus(const std::filesystem::path& runDir);

/// Whether `status` says "running" on this host for a process that no longer runs: the run was
/// killed without a final checkpoint (front ends show it as interrupted).
bool runProcessEnded(const RunStatus& status);

}  // namespace isomorph::train

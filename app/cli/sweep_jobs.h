#pragma once

// `sweep --jobs N`: the cells of a sweep trained by up to N child processes at once, each this
// same command line restricted to one cell (`--only-cell NAME --run-threads K`), which trains,
// evaluates and writes its sweep-cell.json as an in-process sweep does. This process keeps the
// list, writes the tables from the cells' results after each child and at the end, forwards a
// stop request, and reports a failed child with its log.

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/workflows/sweep.h"

namespace isomorph::cli {

struct SweepJobsOptions {
    int jobs = 2;         ///< child processes at once
    int64_t threads = 1;  ///< threads to split: each child gets max(1, threads / children)
};

struct SweepJobsResult {
    int64_t trained = 0, skipped = 0;  ///< cells done now, cells found done
    bool stopped = false;              ///< a stop request (or a child stopped without a result)
    std::vector<std::string> failed;   ///< cells whose process failed ("NAME (log PATH)")
};

/// Runs the cells of `sweep` not done yet. The caller has called workflows::prepareSweepFolder().
/// Children log to DIR/logs/CELL.log (appended). When `stop` becomes true every running child
/// gets SIGINT once (it saves a checkpoint and exits) and no new one starts; when a child fails
/// the running ones finish, no new one starts, and its name, exit status, log and the log's last
/// lines are reported. `progress` hears one line per event (started, result, stopped, failed).
SweepJobsResult runSweepJobs(const workflows::SweepOptions& sweep, const SweepJobsOptions& options,
                             const std::atomic<bool>& stop,
                             const std::function<void(const std::string&)>& progress);

}  // namespace isomorph::cli

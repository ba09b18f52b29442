#pragma once

// Ablation sweeps: a grid of config values x seeds trained as sibling runs in one folder, each
// evaluated the same way (dev bitext accuracy raw / +shift / +rotation per language pair, final
// losses), then summarised over seeds (mean and standard deviation) in sweep.md, sweep.csv and
// sweep.json. An out-of-domain pair set (never trained or fitted on) can be evaluated beside the
// dev pairs. A sweep resumes: a cell whose run holds its result (sweep-cell.json) is not redone,
// a cell whose run was interrupted continues from its last checkpoint. Cells can train in separate
// processes at once (`isomorph-cli sweep --jobs N`): each trains one cell (`onlyCell`) in the same
// folder and the parent writes the tables from the cells' results. Torch-free header.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/eval/bitext_report.h"
#include "core/train/run_config.h"

namespace isomorph::workflows {

/// One grid axis: a config key (as for --set) and the values it takes.
struct SweepAxis {
    std::string key;
    std::vector<std::string> values;
};

/// "key=v1,v2,v3" -> axis. Throws ConfigError naming the text when it has no '=' or no value.
SweepAxis parseSweepAxis(const std::string& text);

struct SweepOptions {
    train::RunConfig base;           ///< paths resolved, overrides applied
    std::vector<SweepAxis> grid;     ///< empty = one cell per seed
    int64_t seeds = 1;               ///< runtime.seed = base seed, base seed + 1, ...
    int64_t budgetSteps = 0;         ///< schedule.max_steps of every run (0 = the config's)
    double budgetMinutes = 0;        ///< wall time per run (0 = none); the schedule is kept
    std::filesystem::path dir;       ///< the sweep folder: one run folder per cell
    std::filesystem::path fitPairs;  ///< train-split pairs for the +shift/+rotation fits
    /// Pair shard set evaluated like the dev pairs (same fits) but never trained or fitted on,
    /// e.g. the demo workspace's translated UI strings; empty = none. Not part of the plan: cells
    /// evaluated without it keep their results when a sweep resumes with it.
    std::filesystem::path outOfDomainPairs;
    eval::BitextReportOptions report;
    /// Train only the cell of this name (one `sweep --jobs N` child process); empty = every cell.
    /// Other cells are not read, and the tables are left to the caller, since other processes
    /// may be finishing cells at the same time.
    std::string onlyCell;
    /// runtime.threads of every run (0 = the config's). Not part of the plan: a run resumes with
    /// any thread count (the split of `--jobs` may differ between attempts).
    int64_t threadsPerRun = 0;
};

/// One run of the grid.
struct SweepCell {
    std::vector<std::pair<std::string, std::string>> settings;  ///< grid key -> value
    uint64_t seed = 0;
    std::string name;  ///< folder name: "mu=0.3,bias=false,seed=2"
    // Results (filled when trained and evaluated, or read back from sweep-cell.json):
    bool done = false;
    int64_t steps = 0;
    eval::BitextReport report;  ///< dev pairs
    eval::BitextReport
        outOfDomain;  ///< SweepOptions::outOfDomainPairs; empty (no perPair) when none
    std::map<std::string, double> finalLosses;  ///< "loss/msm" -> mean of the last 10 records

    bool hasOutOfDomain() const { return !outOfDomain.perPair.empty(); }
};

/// The settings of the grid (every combination, each with every seed), in a stable order.
std::vector<SweepCell> sweepCells(const SweepOptions& options);

/// What a sweep reports as it goes: a line of text (starting a cell, a finished evaluation, ...).
using SweepProgress = std::function<void(const std::string&)>;

struct SweepResult {
    std::vector<SweepCell> cells;
    int64_t trained = 0, skipped = 0;  ///< cells run now, cells found done
    bool stopped = false;              ///< a stop was requested: the rest is left for a resume
};

/// Checks every key of the grid against the config (unknown keys, invalid values), the options
/// (seeds, budget, data.dev_pairs, an out-of-domain set that does not exist, an unknown onlyCell)
/// and, when DIR holds a sweep already, that its plan (sweep-plan.json: grid, seeds, budget, base
/// config) is this one; throws ConfigError listing the problems before anything is written. Then
/// creates DIR and its plan. runSweep() starts with it; a caller running cells in processes of
/// its own calls it once before starting them.
void prepareSweepFolder(const SweepOptions& options);

/// sweepCells() with the results of the cells done (sweep-cell.json read back; an older file
/// without "out_of_domain" leaves that report empty). Throws DataError naming a result file that
/// cannot be read.
std::vector<SweepCell> loadSweepCells(const SweepOptions& options);

/// "dev bitext raw 41.25%, +shift 52.50%, +rotation 60.00%; out-of-domain raw 20.00%, +shift
/// 25.00%" (the second part when the cell has an out-of-domain report).
std::string cellResultLine(const SweepCell& cell);

/// prepareSweepFolder(), then trains and evaluates each cell not done yet (only `onlyCell` when
/// set), writing its result next to its run (sweep-cell.json), and the tables after every cell
/// (not with `onlyCell`). `feedback` (optional) gets each run's steps (TrainRequest::feedback);
/// its stopRequested() (e.g. a signal's flag) stops the cell under way with a checkpoint and
/// leaves the rest for a resume (SweepResult::stopped); cancel() throws Cancelled after that
/// checkpoint.
SweepResult runSweep(const SweepOptions& options, const SweepProgress& progress,
                     Feedback* feedback = nullptr);

/// The summary tables (sweep.md, sweep.csv, sweep.json) of `cells` in `dir`, written atomically.
void writeSweepTables(const std::vector<SweepCell>& cells, const std::vector<SweepAxis>& grid,
                      const std::filesystem::path& dir);

}  // namespace isomorph::workflows

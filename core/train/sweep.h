#pragma once

// Ablation sweeps: a grid of config values x seeds trained as sibling runs in one folder, each
// evaluated the same way (dev bitext accuracy raw / +shift / +rotation per language pair, final
// losses), then summarised over seeds (mean and standard deviation) in sweep.md, sweep.csv and
// sweep.json. A sweep resumes: a cell whose run holds its result (sweep-cell.json) is not redone,
// a cell whose run was interrupted continues from its last checkpoint. Torch-free header.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/train/bitext_report.h"
#include "core/train/run_config.h"

namespace isomorph::train {

struct TrainProgress;  // core/train/trainer.h

/// One grid axis: a config key (as for --set) and the values it takes.
struct SweepAxis {
    std::string key;
    std::vector<std::string> values;
};

/// "key=v1,v2,v3" -> axis. Throws ConfigError naming the text when it has no '=' or no value.
SweepAxis parseSweepAxis(const std::string& text);

struct SweepOptions {
    RunConfig base;                  ///< paths resolved, overrides applied
    std::vector<SweepAxis> grid;     ///< empty = one cell per seed
    int64_t seeds = 1;               ///< runtime.seed = base seed, base seed + 1, ...
    int64_t budgetSteps = 0;         ///< schedule.max_steps of every run (0 = the config's)
    double budgetMinutes = 0;        ///< wall time per run (0 = none); the schedule is kept
    std::filesystem::path dir;       ///< the sweep folder: one run folder per cell
    std::filesystem::path fitPairs;  ///< train-split pairs for the +shift/+rotation fits
    BitextReportOptions report;
};

/// One run of the grid.
struct SweepCell {
    std::vector<std::pair<std::string, std::string>> settings;  ///< grid key -> value
    uint64_t seed = 0;
    std::string name;  ///< folder name: "mu=0.3,bias=false,seed=2"
    // Results (filled when trained and evaluated, or read back from sweep-cell.json):
    bool done = false;
    int64_t steps = 0;
    BitextReport report;
    std::map<std::string, double> finalLosses;  ///< "loss/msm" -> mean of the last 10 records
};

/// The settings of the grid (every combination, each with every seed), in a stable order.
std::vector<SweepCell> sweepCells(const SweepOptions& options);

/// What a sweep reports as it goes: a line of text (starting a cell, a finished evaluation, ...).
using SweepProgress = std::function<void(const std::string&)>;

struct SweepResult {
    std::vector<SweepCell> cells;
    int64_t trained = 0, skipped = 0;  ///< cells run now, cells found done
    bool stopped = false;              ///< `stop` was set: the rest is left for a resume
};

/// Checks every key of the grid against the config (unknown keys, invalid values) before any run
/// starts; throws ConfigError listing all problems. Then trains and evaluates each cell not done
/// yet, writing its result next to its run (sweep-cell.json), and the tables after every cell.
/// `trainProgress` (optional) is passed to each run's TrainRequest.
SweepResult runSweep(const SweepOptions& options, const SweepProgress& progress,
                     const std::atomic<bool>* stop = nullptr,
                     const std::function<void(const TrainProgress&)>& trainProgress = {});

/// The summary tables (sweep.md, sweep.csv, sweep.json) of `cells` in `dir`, written atomically.
void writeSweepTables(const std::vector<SweepCell>& cells, const std::vector<SweepAxis>& grid,
                      const std::filesystem::path& dir);

}  // namespace isomorph::train

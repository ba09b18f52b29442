#include "core/workflows/sweep.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/train/run_log/metrics_log.h"
#include "core/train/run_log/run_records.h"
#include "core/train/trainer.h"
#include "core/workflows/train_stage.h"

namespace isomorph::workflows {
using namespace isomorph::train;

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kCellFile = "sweep-cell.json";
/// SWEEP/initial-evaluations/: step-0 evaluations shared by cells (TrainRequest).
constexpr const char* kInitialEvaluations = "initial-evaluations";

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    const auto e = s.find_last_not_of(" \t");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

/// "objectives.msm.mu" -> "msm.mu": the folder and table name of a setting.
std::string shortKey(const std::string& key) {
    const std::string prefix = "objectives.";
    return key.rfind(prefix, 0) == 0 ? key.substr(prefix.size()) : key;
}

std::string settingsLabel(const std::vector<std::pair<std::string, std::string>>& settings) {
    std::string out;
    for (const auto& [k, v] : settings)
        out += (out.empty() ? "" : ",") + shortKey(k) + "=" + v;
    return out.empty() ? "base" : out;
}

json rowJson(const eval::BitextReport::Row& r) {
    return {{"raw", r.raw},
            {"shifted", r.shifted},
            {"rotated", r.rotated},
            {"pairs", r.pairs},
            {"fit_pairs", r.fitPairs}};
}

eval::BitextReport::Row rowFrom(const json& j) {
    eval::BitextReport::Row r;
    r.raw = j.at("raw").get<double>();
    r.shifted = j.at("shifted").get<double>();
    r.rotated = j.at("rotated").get<double>();
    r.pairs = j.at("pairs").get<int64_t>();
    r.fitPairs = j.value("fit_pairs", int64_t{0});
    return r;
}

/// {"mean": ..., "per_pair": {...}}: a report as sweep-cell.json stores it.
json reportJson(const eval::BitextReport& report) {
    json perPair = json::object();
    for (const auto& [pair, row] : report.perPair)
        perPair[pair] = rowJson(row);
    return {{"mean", rowJson(report.mean)}, {"per_pair", perPair}};
}

eval::BitextReport reportFrom(const json& j) {
    eval::BitextReport report;
    report.mean = rowFrom(j.at("mean"));
    for (const auto& [pair, row] : j.at("per_pair").items())
        report.perPair[pair] = rowFrom(row);
    return report;
}

json cellJson(const SweepCell& c) {
    json settings = json::object();
    for (const auto& [k, v] : c.settings)
        settings[k] = v;
    // The dev report's fields stay at the top level, where files of earlier versions have them.
    json out = reportJson(c.report);
    out["name"] = c.name;
    out["settings"] = settings;
    out["seed"] = c.seed;
    out["steps"] = c.steps;
    out["final_losses"] = c.finalLosses;
    if (c.hasOutOfDomain()) out["out_of_domain"] = reportJson(c.outOfDomain);
    return out;
}

void readCell(const fs::path& file, SweepCell& c) {
    std::ifstream in(file);
    json j;
    try {
        in >> j;
        c.steps = j.at("steps").get<int64_t>();
        c.report = reportFrom(j);
        // Absent in results written before sweeps had an out-of-domain set, or without one.
        c.outOfDomain =
            j.contains("out_of_domain") ? reportFrom(j.at("out_of_domain")) : eval::BitextReport{};
        c.finalLosses = j.at("final_losses").get<std::map<std::string, double>>();
    } catch (const std::exception& e) {
        throw DataError(fmt::format("{}: not a sweep cell result ({}); delete it to redo the run",
                                    file.string(), e.what()));
    }
    c.done = true;
}

/// Mean of the last `n` values of every "loss/..." key among the run's train records.
std::map<std::string, double> finalLosses(const fs::path& runDir, size_t n = 10) {
    std::map<std::string, std::vector<double>> series;
    for (const auto& record : readRunRecords(runDir / MetricsLog::kFileName).records) {
        const auto* train = std::get_if<TrainRecord>(&record);
        if (!train) continue;
        for (const auto& [k, v] : train->values)
            if (k.rfind(record_keys::kLossPrefix, 0) == 0) series[k].push_back(v);
    }
    std::map<std::string, double> out;
    for (auto& [k, values] : series) {
        const size_t from = values.size() > n ? values.size() - n : 0;
        double sum = 0;
        for (size_t i = from; i < values.size(); ++i)
            sum += values[i];
        out[k] = sum / static_cast<double>(values.size() - from);
    }
    return out;
}

RunConfig cellConfig(const SweepOptions& o, const SweepCell& c) {
    RunConfig config = o.base;
    for (const auto& [k, v] : c.settings)
        applyOverride(config, k + "=" + v);
    config.runtime.seed = c.seed;
    if (o.threadsPerRun > 0) config.runtime.threads = o.threadsPerRun;
    if (o.budgetSteps > 0) {
        config.schedule.maxSteps = o.budgetSteps;
        if (config.schedule.warmupSteps >= o.budgetSteps)
            config.schedule.warmupSteps = std::max<int64_t>(1, o.budgetSteps / 10);
    }
    config.name = c.name;
    return config;
}

json planJson(const SweepOptions& o) {
    json grid = json::array();
    for (const auto& a : o.grid)
        grid.push_back({{"key", a.key}, {"values", a.values}});
    return {{"grid", grid},
            {"seeds", o.seeds},
            {"base_seed", o.base.runtime.seed},
            {"budget_steps", o.budgetSteps},
            {"budget_minutes", o.budgetMinutes},
            {"base_config", runConfigToToml(o.base)}};
}

struct Stat {
    double mean = 0, sd = 0;
    int64_t n = 0;
};

Stat stat(const std::vector<double>& v) {
    Stat s;
    s.n = static_cast<int64_t>(v.size());
    if (v.empty()) return s;
    for (double x : v)
        s.mean += x;
    s.mean /= static_cast<double>(v.size());
    if (v.size() > 1) {
        double ss = 0;
        for (double x : v)
            ss += (x - s.mean) * (x - s.mean);
        s.sd = std::sqrt(ss / static_cast<double>(v.size() - 1));
    }
    return s;
}

std::string pct(const Stat& s) {
    return s.n > 1 ? fmt::format("{:.2f} ± {:.2f}", 100 * s.mean, 100 * s.sd)
                   : fmt::format("{:.2f}", 100 * s.mean);
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char ch : s)
        out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
}

}  // namespace

SweepAxis parseSweepAxis(const std::string& text) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || trim(text.substr(0, eq)).empty())
        throw ConfigError(
            fmt::format("grid '{}': write KEY=VALUE1,VALUE2,... (a config key as "
                        "for --set, e.g. objectives.msm.mu=0.3,0.5,0.7)",
                        text));
    SweepAxis axis;
    axis.key = trim(text.substr(0, eq));
    std::stringstream values(text.substr(eq + 1));
    std::string v;
    while (std::getline(values, v, ','))
        if (!trim(v).empty()) axis.values.push_back(trim(v));
    if (axis.values.empty()) throw ConfigError(fmt::format("grid '{}': no values after '='", text));
    return axis;
}

std::vector<SweepCell> sweepCells(const SweepOptions& o) {
    std::vector<std::vector<std::pair<std::string, std::string>>> combos = {{}};
    for (const auto& axis : o.grid) {
        std::vector<std::vector<std::pair<std::string, std::string>>> next;
        for (const auto& c : combos)
            for (const auto& v : axis.values) {
                auto d = c;
                d.emplace_back(axis.key, v);
                next.push_back(std::move(d));
            }
        combos = std::move(next);
    }
    std::vector<SweepCell> cells;
    for (const auto& settings : combos)
        for (int64_t s = 0; s < o.seeds; ++s) {
            SweepCell c;
            c.settings = settings;
            c.seed = o.base.runtime.seed + static_cast<uint64_t>(s);
            std::string name = settingsLabel(settings) + ",seed=" + std::to_string(c.seed);
            for (char& ch : name)
                if (ch == '/' || ch == ' ') ch = '_';
            c.name = name;
            cells.push_back(std::move(c));
        }
    return cells;
}

void prepareSweepFolder(const SweepOptions& o) {
    if (o.seeds < 1) throw ConfigError("seeds must be at least 1");
    if (o.budgetSteps < 0 || o.budgetMinutes < 0)
        throw ConfigError("budget must be a positive number of steps or minutes");
    if (o.base.data.devPairs.empty())
        throw ConfigError("data.dev_pairs is empty: a sweep compares runs by dev bitext accuracy");
    // Every value of every axis, checked before the first run starts.
    std::vector<std::string> problems;
    for (const auto& axis : o.grid)
        for (const auto& v : axis.values) {
            RunConfig c = o.base;
            try {
                applyOverride(c, axis.key + "=" + v);
                for (const auto& p : c.problems())
                    problems.push_back(fmt::format("{}={}: {}", axis.key, v, p));
            } catch (const std::exception& e) {
                problems.push_back(fmt::format("{}={}: {}", axis.key, v, e.what()));
            }
        }
    if (!o.outOfDomainPairs.empty() && !fs::exists(o.outOfDomainPairs))
        problems.push_back(fmt::format("the out-of-domain pair set {} does not exist",
                                       o.outOfDomainPairs.string()));
    if (!o.onlyCell.empty()) {
        const auto cells = sweepCells(o);
        if (std::none_of(cells.begin(), cells.end(),
                         [&](const SweepCell& c) { return c.name == o.onlyCell; }))
            problems.push_back(fmt::format("the grid has no cell named '{}'", o.onlyCell));
    }
    if (!problems.empty()) {
        std::string all = "the sweep grid has invalid settings:";
        for (const auto& p : problems)
            all += "\n  " + p;
        throw ConfigError(all);
    }

    fs::create_directories(o.dir);
    const json plan = planJson(o);
    const fs::path planFile = workspace::SweepLayout{o.dir}.plan();
    if (fs::exists(planFile)) {
        json old;
        try {
            std::ifstream in(planFile);
            in >> old;
        } catch (const std::exception&) {
            throw DataError(planFile.string() + ": not a sweep plan; use another folder");
        }
        if (old != plan)
            throw ConfigError(fmt::format(
                "{} holds a sweep with another grid, seeds, budget or base config; resume it "
                "with the same settings or use another folder",
                o.dir.string()));
    } else {
        writeFileAtomically(planFile, plan.dump(2) + "\n");
    }
}

std::vector<SweepCell> loadSweepCells(const SweepOptions& o) {
    auto cells = sweepCells(o);
    for (auto& c : cells) {
        const fs::path file = o.dir / c.name / kCellFile;
        if (fs::exists(file)) readCell(file, c);
    }
    return cells;
}

std::string cellResultLine(const SweepCell& c) {
    std::string line = fmt::format("dev bitext raw {:.2f}%, +shift {:.2f}%, +rotation {:.2f}%",
                                   100 * c.report.mean.raw, 100 * c.report.mean.shifted,
                                   100 * c.report.mean.rotated);
    if (c.hasOutOfDomain())
        line += fmt::format("; out-of-domain raw {:.2f}%, +shift {:.2f}%",
                            100 * c.outOfDomain.mean.raw, 100 * c.outOfDomain.mean.shifted);
    return line;
}

namespace {

bool stopRequested(const Feedback* feedback) {
    return feedback && feedback->stopRequested();
}

/// Trains (or resumes) cell `c` (number `i` of `total`, for the messages), evaluates its final
/// checkpoint and writes its sweep-cell.json. False when a stop request ended the training first.
bool runCell(const SweepOptions& o, SweepCell& c, size_t i, size_t total,
             const SweepProgress& progress, Feedback* feedback) {
    const fs::path runDir = o.dir / c.name;
    StageRequest request;
    request.config = cellConfig(o, c);
    request.runDir = runDir;
    request.resume = workspace::RunLayout{runDir}.resumable();
    // Evaluated once at the end, below (raw, shift, rotation), not by the trainer as well; the
    // step-0 evaluation of a shared starting checkpoint is computed by the first cell only.
    request.finalEvaluation = false;
    request.initialEvaluationCache = o.dir / kInitialEvaluations;
    if (progress)
        progress(fmt::format("[{}/{}] {}: {} ({} step-0 evaluation, then training)", i + 1, total,
                             c.name, request.resume ? "resuming" : "training",
                             request.resume ? "no" : "a shared or new"));
    // Minutes of training, set-up not counted: equal for every cell, whichever computed the
    // shared step-0 evaluation.
    const TrainResult trained =
        trainStage(request, train::Deadline::afterTrainingSeconds(o.budgetMinutes * 60), feedback)
            .result;
    if (trained.status == TrainResult::Status::Stopped && stopRequested(feedback)) return false;
    if (progress)
        progress(
            fmt::format("[{}/{}] {}: evaluating step {}: encoding the train pairs (means and "
                        "rotations), then the dev pairs",
                        i + 1, total, c.name, trained.step));
    // One call for both sets: the train pairs (means, rotations) are encoded once. Its stages
    // are reported as they start, so the evaluation is never silent.
    std::vector<std::pair<std::string, fs::path>> evaluated = {
        {"dev", request.config.data.devPairs}};
    if (!o.outOfDomainPairs.empty()) evaluated.emplace_back("out-of-domain", o.outOfDomainPairs);
    std::string lastStage;  // "encoding train pairs", "evaluating dev pairs": one line each
    const ProgressFn evaluation = [&](const Progress& p) {
        const auto cut = p.stage.rfind(' ');  // the last word names the language pair
        const std::string stage = cut == std::string::npos ? p.stage : p.stage.substr(0, cut);
        const std::string pair = cut == std::string::npos ? "" : p.stage.substr(cut + 1);
        if (progress && stage != lastStage && p.done < p.total) {
            lastStage = stage;
            progress(fmt::format("[{}/{}] {}: {}, from {} ({} of {} steps)", i + 1, total, c.name,
                                 stage, pair, p.done + 1, p.total));
        }
        return !stopRequested(feedback);
    };
    std::vector<eval::BitextReport> reports;
    try {
        Feedback stage(evaluation);
        reports = eval::bitextReports(trained.checkpoint, evaluated, o.fitPairs, o.report, &stage);
    } catch (const Cancelled&) {
        return false;  // stopped while evaluating: the cell's checkpoint stays for a resume
    }
    c.report = std::move(reports.at(0));
    c.outOfDomain = reports.size() > 1 ? std::move(reports[1]) : eval::BitextReport{};
    c.steps = trained.step;
    c.finalLosses = finalLosses(runDir);
    c.done = true;
    writeFileAtomically(runDir / kCellFile, cellJson(c).dump(2) + "\n");
    if (progress) progress(fmt::format("[{}/{}] {}: {}", i + 1, total, c.name, cellResultLine(c)));
    return true;
}

}  // namespace

SweepResult runSweep(const SweepOptions& o, const SweepProgress& progress, Feedback* feedback) {
    prepareSweepFolder(o);
    const bool oneCell = !o.onlyCell.empty();
    SweepResult result;
    result.cells = sweepCells(o);
    const size_t total = result.cells.size();
    for (size_t i = 0; i < total; ++i) {
        SweepCell& c = result.cells[i];
        if (oneCell && c.name != o.onlyCell) continue;
        const fs::path cellFile = o.dir / c.name / kCellFile;
        if (fs::exists(cellFile)) {
            readCell(cellFile, c);
            ++result.skipped;
            if (progress)
                progress(fmt::format("[{}/{}] {}: done before, kept", i + 1, total, c.name));
            continue;
        }
        if (stopRequested(feedback) || !runCell(o, c, i, total, progress, feedback)) {
            result.stopped = true;
            break;
        }
        ++result.trained;
        if (!oneCell) writeSweepTables(result.cells, o.grid, o.dir);
    }
    if (!oneCell) writeSweepTables(result.cells, o.grid, o.dir);
    return result;
}

namespace {

json meanSd(const Stat& s) {
    return {{"mean", s.mean}, {"sd", s.sd}};
}

/// Accuracies of one evaluated set over the seeds of a setting (one report per seed).
struct AccuracyStats {
    Stat raw, shifted, rotated;     ///< of the reports' means over language pairs
    json perPair = json::object();  ///< pair -> {"raw"|"shifted"|"rotated": {mean, sd}}
};

/// `pairs`: every language pair of any cell; one a setting's reports lack gets zeros.
AccuracyStats accuracyStats(const std::vector<const eval::BitextReport*>& reports,
                            const std::set<std::string>& pairs) {
    std::vector<double> raw, shifted, rotated;
    for (const auto* r : reports) {
        raw.push_back(r->mean.raw);
        shifted.push_back(r->mean.shifted);
        rotated.push_back(r->mean.rotated);
    }
    AccuracyStats out{stat(raw), stat(shifted), stat(rotated)};
    for (const auto& p : pairs) {
        std::vector<double> pr, ps, pt;
        for (const auto* r : reports) {
            auto it = r->perPair.find(p);
            if (it == r->perPair.end()) continue;
            pr.push_back(it->second.raw);
            ps.push_back(it->second.shifted);
            pt.push_back(it->second.rotated);
        }
        out.perPair[p] = {{"raw", meanSd(stat(pr))},
                          {"shifted", meanSd(stat(ps))},
                          {"rotated", meanSd(stat(pt))}};
    }
    return out;
}

/// Markdown rows "| pair | raw / +shift / +rotation | ..." (means, %), one column per setting;
/// perPairs[i] is setting i's AccuracyStats::perPair (null: the setting has none).
std::string perPairTable(const std::string& title, const std::vector<std::string>& order,
                         const std::vector<json>& perPairs, const std::set<std::string>& pairs) {
    std::string md =
        "\n## " + title + " (raw / +shift / +rotation, %, mean over seeds)\n\n| pair |";
    for (const auto& label : order)
        md += " " + label + " |";
    md += "\n|---|";
    for (size_t i = 0; i < order.size(); ++i)
        md += "---|";
    md += "\n";
    for (const auto& p : pairs) {
        md += "| " + p + " |";
        for (size_t i = 0; i < order.size(); ++i) {
            const auto& pp = perPairs[i];
            if (!pp.contains(p)) {
                md += " |";
                continue;
            }
            md +=
                fmt::format(" {:.1f} / {:.1f} / {:.1f} |", 100 * pp[p]["raw"]["mean"].get<double>(),
                            100 * pp[p]["shifted"]["mean"].get<double>(),
                            100 * pp[p]["rotated"]["mean"].get<double>());
        }
        md += "\n";
    }
    return md;
}

/// ",raw,shifted,rotated,pairs" of a CSV row; empty fields without a row.
std::string csvRow(const eval::BitextReport::Row* row) {
    return row ? fmt::format(",{:.6f},{:.6f},{:.6f},{}", row->raw, row->shifted, row->rotated,
                             row->pairs)
               : std::string(",,,,");
}

const eval::BitextReport::Row* findRow(const eval::BitextReport& report, const std::string& pair) {
    auto it = report.perPair.find(pair);
    return it == report.perPair.end() ? nullptr : &it->second;
}

}  // namespace

void writeSweepTables(const std::vector<SweepCell>& cells, const std::vector<SweepAxis>& grid,
                      const fs::path& dir) {
    // Groups of cells with the same settings (seeds apart), in grid order.
    std::vector<std::string> order;
    std::map<std::string, std::vector<const SweepCell*>> groups;
    for (const auto& c : cells) {
        if (!c.done) continue;
        const std::string label = settingsLabel(c.settings);
        if (!groups.count(label)) order.push_back(label);
        groups[label].push_back(&c);
    }
    std::set<std::string> lossKeys, pairs, oodPairs;
    for (const auto& c : cells)
        if (c.done) {
            for (const auto& [k, v] : c.finalLosses)
                lossKeys.insert(k);
            for (const auto& [p, r] : c.report.perPair)
                pairs.insert(p);
            for (const auto& [p, r] : c.outOfDomain.perPair)
                oodPairs.insert(p);
        }
    // Out-of-domain columns only when some cell has that report.
    const bool ood = !oodPairs.empty();

    std::string md =
        "# Sweep\n\nDev bitext top-1 accuracy (%, mean of both directions, mean over "
        "language pairs) of each run's final checkpoint; +shift subtracts each "
        "language's mean, +rotation adds an orthogonal map, both fitted on the train "
        "split. Mean ± sample standard deviation over seeds.\n\n";
    if (ood)
        md +=
            "ood raw / ood +shift: the same on the out-of-domain pairs, which no run trains or "
            "fits on (n=K: only K of the setting's seeds were evaluated on them).\n\n";
    md += "| setting | seeds | steps | raw | +shift | +rotation |";
    if (ood) md += " ood raw | ood +shift |";
    for (const auto& k : lossKeys)
        md += " " + k + " |";
    md += "\n|---|---|---|---|---|---|";
    for (size_t i = 0; i < lossKeys.size() + (ood ? 2 : 0); ++i)
        md += "---|";
    md += "\n";
    json summary = json::array();
    std::vector<json> devPerPair, oodPerPair;
    for (const auto& label : order) {
        const auto& g = groups[label];
        std::vector<const eval::BitextReport*> devReports, oodReports;
        std::vector<double> steps;
        std::map<std::string, std::vector<double>> losses;
        for (const auto* c : g) {
            devReports.push_back(&c->report);
            if (c->hasOutOfDomain()) oodReports.push_back(&c->outOfDomain);
            steps.push_back(static_cast<double>(c->steps));
            for (const auto& [k, v] : c->finalLosses)
                losses[k].push_back(v);
        }
        const AccuracyStats dev = accuracyStats(devReports, pairs);
        md += fmt::format("| {} | {} | {:.0f} | {} | {} | {} |", label, g.size(), stat(steps).mean,
                          pct(dev.raw), pct(dev.shifted), pct(dev.rotated));
        json entry = {{"setting", label},
                      {"seeds", g.size()},
                      {"raw", meanSd(dev.raw)},
                      {"shifted", meanSd(dev.shifted)},
                      {"rotated", meanSd(dev.rotated)},
                      {"per_pair", dev.perPair}};
        devPerPair.push_back(dev.perPair);
        oodPerPair.emplace_back();
        if (ood && oodReports.empty()) md += " | |";
        if (!oodReports.empty()) {
            const AccuracyStats o = accuracyStats(oodReports, oodPairs);
            const std::string seeds =
                oodReports.size() < g.size() ? fmt::format(" (n={})", oodReports.size()) : "";
            md += fmt::format(" {}{} | {}{} |", pct(o.raw), seeds, pct(o.shifted), seeds);
            entry["out_of_domain"] = {{"seeds", oodReports.size()},
                                      {"raw", meanSd(o.raw)},
                                      {"shifted", meanSd(o.shifted)},
                                      {"rotated", meanSd(o.rotated)},
                                      {"per_pair", o.perPair}};
            oodPerPair.back() = o.perPair;
        }
        json lossJson = json::object();
        for (const auto& k : lossKeys) {
            const Stat l = stat(losses[k]);
            md += l.n == 0 ? " |"
                           : (l.n > 1 ? fmt::format(" {:.3f} ± {:.3f} |", l.mean, l.sd)
                                      : fmt::format(" {:.3f} |", l.mean));
            if (l.n > 0) lossJson[k] = meanSd(l);
        }
        entry["final_losses"] = lossJson;
        md += "\n";
        summary.push_back(std::move(entry));
    }
    md += perPairTable("Per language pair", order, devPerPair, pairs);
    if (ood) md += perPairTable("Out-of-domain per language pair", order, oodPerPair, oodPairs);

    // CSV: one row per run and language pair ("mean" = over language pairs); the out-of-domain
    // columns hold that set's row of the same pair.
    std::string csv;
    for (const auto& a : grid)
        csv += csvField(a.key) + ",";
    csv += "seed,run,steps,pair,raw,shifted,rotated,pairs";
    if (ood) csv += ",ood_raw,ood_shifted,ood_rotated,ood_pairs";
    for (const auto& k : lossKeys)
        csv += "," + k;
    csv += "\n";
    json runs = json::array();
    for (const auto& c : cells) {
        if (!c.done) continue;
        runs.push_back(cellJson(c));
        auto line = [&](const std::string& pair, const eval::BitextReport::Row* dev,
                        const eval::BitextReport::Row* outOfDomain) {
            for (const auto& [k, v] : c.settings)
                csv += csvField(v) + ",";
            csv += fmt::format("{},{},{},{}", c.seed, csvField(c.name), c.steps, pair);
            csv += csvRow(dev);
            if (ood) csv += csvRow(outOfDomain);
            for (const auto& k : lossKeys) {
                auto it = c.finalLosses.find(k);
                csv += it == c.finalLosses.end() ? "," : fmt::format(",{:.6f}", it->second);
            }
            csv += "\n";
        };
        line("mean", &c.report.mean, c.hasOutOfDomain() ? &c.outOfDomain.mean : nullptr);
        std::set<std::string> runPairs;
        for (const auto& [p, row] : c.report.perPair)
            runPairs.insert(p);
        for (const auto& [p, row] : c.outOfDomain.perPair)
            runPairs.insert(p);
        for (const auto& p : runPairs)
            line(p, findRow(c.report, p), findRow(c.outOfDomain, p));
    }
    json grids = json::array();
    for (const auto& a : grid)
        grids.push_back({{"key", a.key}, {"values", a.values}});
    writeFileAtomically(dir / "sweep.md", md);
    writeFileAtomically(dir / "sweep.csv", csv);
    writeFileAtomically(dir / "sweep.json",
                        json{{"grid", grids}, {"summary", summary}, {"runs", runs}}.dump(2) + "\n");
}

}  // namespace isomorph::workflows

#include "core/train/sweep.h"

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

namespace isomorph::train {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kCellFile = "sweep-cell.json";
constexpr const char* kPlanFile = "sweep-plan.json";

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

json rowJson(const BitextReport::Row& r) {
    return {{"raw", r.raw},
            {"shifted", r.shifted},
            {"rotated", r.rotated},
            {"pairs", r.pairs},
            {"fit_pairs", r.fitPairs}};
}

BitextReport::Row rowFrom(const json& j) {
    BitextReport::Row r;
    r.raw = j.at("raw").get<double>();
    r.shifted = j.at("shifted").get<double>();
    r.rotated = j.at("rotated").get<double>();
    r.pairs = j.at("pairs").get<int64_t>();
    r.fitPairs = j.value("fit_pairs", int64_t{0});
    return r;
}

json cellJson(const SweepCell& c) {
    json settings = json::object();
    for (const auto& [k, v] : c.settings)
        settings[k] = v;
    json perPair = json::object();
    for (const auto& [pair, row] : c.report.perPair)
        perPair[pair] = rowJson(row);
    return {{"name", c.name},
            {"settings", settings},
            {"seed", c.seed},
            {"steps", c.steps},
            {"mean", rowJson(c.report.mean)},
            {"per_pair", perPair},
            {"final_losses", c.finalLosses}};
}

void readCell(const fs::path& file, SweepCell& c) {
    std::ifstream in(file);
    json j;
    try {
        in >> j;
        c.steps = j.at("steps").get<int64_t>();
        c.report.mean = rowFrom(j.at("mean"));
        for (const auto& [pair, row] : j.at("per_pair").items())
            c.report.perPair[pair] = rowFrom(row);
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

SweepResult runSweep(const SweepOptions& o, const SweepProgress& progress,
                     const std::atomic<bool>* stop,
                     const std::function<void(const TrainProgress&)>& trainProgress) {
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
    if (!problems.empty()) {
        std::string all = "the sweep grid has invalid settings:";
        for (const auto& p : problems)
            all += "\n  " + p;
        throw ConfigError(all);
    }

    fs::create_directories(o.dir);
    const json plan = planJson(o);
    const fs::path planFile = o.dir / kPlanFile;
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

    SweepResult result;
    result.cells = sweepCells(o);
    const size_t total = result.cells.size();
    for (size_t i = 0; i < total; ++i) {
        SweepCell& c = result.cells[i];
        const fs::path runDir = o.dir / c.name;
        if (fs::exists(runDir / kCellFile)) {
            readCell(runDir / kCellFile, c);
            ++result.skipped;
            if (progress)
                progress(fmt::format("[{}/{}] {}: done before, kept", i + 1, total, c.name));
            continue;
        }
        if (stop && stop->load()) {
            result.stopped = true;
            break;
        }
        TrainRequest request;
        request.config = cellConfig(o, c);
        request.runDir = runDir;
        request.resume = fs::exists(runDir / "checkpoints" / "latest");
        request.stopAfterSeconds = o.budgetMinutes * 60;
        request.stop = stop;
        request.progress = trainProgress;
        if (progress)
            progress(fmt::format("[{}/{}] {}: {}", i + 1, total, c.name,
                                 request.resume ? "resuming" : "training"));
        const TrainResult trained = runTraining(request);
        if (trained.status == TrainResult::Status::Stopped && stop && stop->load()) {
            result.stopped = true;
            break;
        }
        if (progress)
            progress(
                fmt::format("[{}/{}] {}: evaluating step {}", i + 1, total, c.name, trained.step));
        c.report =
            bitextReport(trained.checkpoint, request.config.data.devPairs, o.fitPairs, o.report);
        c.steps = trained.step;
        c.finalLosses = finalLosses(runDir);
        c.done = true;
        writeFileAtomically(runDir / kCellFile, cellJson(c).dump(2) + "\n");
        ++result.trained;
        if (progress)
            progress(
                fmt::format("[{}/{}] {}: dev bitext raw {:.2f}%, +shift {:.2f}%, +rotation "
                            "{:.2f}%",
                            i + 1, total, c.name, 100 * c.report.mean.raw,
                            100 * c.report.mean.shifted, 100 * c.report.mean.rotated));
        writeSweepTables(result.cells, o.grid, o.dir);
    }
    writeSweepTables(result.cells, o.grid, o.dir);
    return result;
}

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
    std::set<std::string> lossKeys, pairs;
    for (const auto& c : cells)
        if (c.done) {
            for (const auto& [k, v] : c.finalLosses)
                lossKeys.insert(k);
            for (const auto& [p, r] : c.report.perPair)
                pairs.insert(p);
        }

    std::string md =
        "# Sweep\n\nDev bitext top-1 accuracy (%, mean of both directions, mean over "
        "language pairs) of each run's final checkpoint; +shift subtracts each "
        "language's mean, +rotation adds an orthogonal map, both fitted on the train "
        "split. Mean ± sample standard deviation over seeds.\n\n";
    md += "| setting | seeds | steps | raw | +shift | +rotation |";
    for (const auto& k : lossKeys)
        md += " " + k + " |";
    md += "\n|---|---|---|---|---|---|";
    for (size_t i = 0; i < lossKeys.size(); ++i)
        md += "---|";
    md += "\n";
    json summary = json::array();
    for (const auto& label : order) {
        const auto& g = groups[label];
        std::vector<double> raw, shifted, rotated, steps;
        std::map<std::string, std::vector<double>> losses;
        for (const auto* c : g) {
            raw.push_back(c->report.mean.raw);
            shifted.push_back(c->report.mean.shifted);
            rotated.push_back(c->report.mean.rotated);
            steps.push_back(static_cast<double>(c->steps));
            for (const auto& [k, v] : c->finalLosses)
                losses[k].push_back(v);
        }
        const Stat r = stat(raw), s = stat(shifted), t = stat(rotated);
        md += fmt::format("| {} | {} | {:.0f} | {} | {} | {} |", label, g.size(), stat(steps).mean,
                          pct(r), pct(s), pct(t));
        json lossJson = json::object();
        for (const auto& k : lossKeys) {
            const Stat l = stat(losses[k]);
            md += l.n == 0 ? " |"
                           : (l.n > 1 ? fmt::format(" {:.3f} ± {:.3f} |", l.mean, l.sd)
                                      : fmt::format(" {:.3f} |", l.mean));
            if (l.n > 0) lossJson[k] = {{"mean", l.mean}, {"sd", l.sd}};
        }
        md += "\n";
        json perPair = json::object();
        for (const auto& p : pairs) {
            std::vector<double> pr, ps, pt;
            for (const auto* c : g) {
                auto it = c->report.perPair.find(p);
                if (it == c->report.perPair.end()) continue;
                pr.push_back(it->second.raw);
                ps.push_back(it->second.shifted);
                pt.push_back(it->second.rotated);
            }
            const Stat a = stat(pr), b = stat(ps), d = stat(pt);
            perPair[p] = {{"raw", {{"mean", a.mean}, {"sd", a.sd}}},
                          {"shifted", {{"mean", b.mean}, {"sd", b.sd}}},
                          {"rotated", {{"mean", d.mean}, {"sd", d.sd}}}};
        }
        summary.push_back({{"setting", label},
                           {"seeds", g.size()},
                           {"raw", {{"mean", r.mean}, {"sd", r.sd}}},
                           {"shifted", {{"mean", s.mean}, {"sd", s.sd}}},
                           {"rotated", {{"mean", t.mean}, {"sd", t.sd}}},
                           {"final_losses", lossJson},
                           {"per_pair", perPair}});
    }
    // Per language pair, mean over seeds.
    md += "\n## Per language pair (raw / +shift / +rotation, %, mean over seeds)\n\n| pair |";
    for (const auto& label : order)
        md += " " + label + " |";
    md += "\n|---|";
    for (size_t i = 0; i < order.size(); ++i)
        md += "---|";
    md += "\n";
    for (const auto& p : pairs) {
        md += "| " + p + " |";
        for (size_t i = 0; i < order.size(); ++i) {
            const auto& pp = summary[i]["per_pair"];
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

    // CSV: one row per run and language pair ("mean" = over language pairs).
    std::string csv;
    for (const auto& a : grid)
        csv += csvField(a.key) + ",";
    csv += "seed,run,steps,pair,raw,shifted,rotated,pairs";
    for (const auto& k : lossKeys)
        csv += "," + k;
    csv += "\n";
    json runs = json::array();
    for (const auto& c : cells) {
        if (!c.done) continue;
        runs.push_back(cellJson(c));
        auto line = [&](const std::string& pair, const BitextReport::Row& row) {
            for (const auto& [k, v] : c.settings)
                csv += csvField(v) + ",";
            csv += fmt::format("{},{},{},{},{:.6f},{:.6f},{:.6f},{}", c.seed, csvField(c.name),
                               c.steps, pair, row.raw, row.shifted, row.rotated, row.pairs);
            for (const auto& k : lossKeys) {
                auto it = c.finalLosses.find(k);
                csv += it == c.finalLosses.end() ? "," : fmt::format(",{:.6f}", it->second);
            }
            csv += "\n";
        };
        line("mean", c.report.mean);
        for (const auto& [p, row] : c.report.perPair)
            line(p, row);
    }
    json grids = json::array();
    for (const auto& a : grid)
        grids.push_back({{"key", a.key}, {"values", a.values}});
    writeFileAtomically(dir / "sweep.md", md);
    writeFileAtomically(dir / "sweep.csv", csv);
    writeFileAtomically(dir / "sweep.json",
                        json{{"grid", grids}, {"summary", summary}, {"runs", runs}}.dump(2) + "\n");
}

}  // namespace isomorph::train

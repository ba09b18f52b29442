#include "core/train/run_log/run_status.h"

#include <cmath>
#include <fstream>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/process.h"

namespace isomorph::train {

using json = nlohmann::json;

namespace {

template <typename T>
void readField(const json& o, const char* name, T& out) {
    const auto it = o.find(name);
    if (it == o.end()) return;
    if constexpr (std::is_same_v<T, std::string>) {
        if (it->is_string()) out = it->get<std::string>();
    } else if constexpr (std::is_integral_v<T>) {
        if (it->is_number_integer()) out = it->template get<T>();
    } else {
        if (it->is_number()) out = it->template get<T>();
    }
}

}  // namespace

void writeRunStatus(const std::filesystem::path& runDir, const RunStatus& s) {
    json j = {{"state", s.state},
              {"step", s.step},
              {"pid", s.pid},
              {"host", s.host},
              {"started", s.started},
              {"updated", s.updated},
              {"best_metric", std::isnan(s.bestMetric) ? json(nullptr) : json(s.bestMetric)},
              {"metric", s.metric},
              {"world_size", s.worldSize}};
    if (s.maxSteps) j["max_steps"] = *s.maxSteps;
    if (!s.stopReason.empty()) j["stop_reason"] = s.stopReason;
    writeFileAtomically(runDir / RunStatus::kFileName, j.dump(2) + "\n");
}

std::optional<RunStatus> readRunStatus(const std::filesystem::path& runDir) {
    std::ifstream in(runDir / RunStatus::kFileName, std::ios::binary);
    if (!in) return std::nullopt;
    const json j = json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return std::nullopt;
    RunStatus s;
    readField(j, "state", s.state);
    readField(j, "step", s.step);
    if (const auto it = j.find("max_steps"); it != j.end() && it->is_number_integer())
        s.maxSteps = it->get<int64_t>();
    readField(j, "pid", s.pid);
    readField(j, "host", s.host);
    readField(j, "started", s.started);
    readField(j, "updated", s.updated);
    readField(j, "best_metric", s.bestMetric);
    readField(j, "metric", s.metric);
    readField(j, "world_size", s.worldSize);
    readField(j, "stop_reason", s.stopReason);
    return s;
}

bool runProcessEnded(const RunStatus& status) {
    return status.state == "running" && status.pid > 0 && status.host == thisHost() &&
           !processRuns(static_cast<long>(status.pid));
}

}  // namespace isomorph::train

#include "core/workspace/run_layout.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <system_error>

#include "core/common/errors.h"
#include "core/workspace/workspace.h"

namespace isomorph::workspace {
namespace fs = std::filesystem;

namespace {

/// The first line of a pointer file, trailing blanks removed ("" when it is missing or empty).
std::string firstLine(const fs::path& file) {
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\n'))
        line.pop_back();
    return line;
}

bool isFile(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

/// The folder a pointer file names, relative to the file's folder; empty when it names none.
fs::path followPointer(const fs::path& file) {
    const std::string name = firstLine(file);
    return name.empty() ? fs::path() : file.parent_path() / name;
}

/// RUN/checkpoints: the best checkpoint when recorded, else the latest; empty when neither.
fs::path fromCheckpointsFolder(const fs::path& dir) {
    for (const char* pointer : {RunLayout::kBestPointer, RunLayout::kLatestPointer}) {
        if (!isFile(dir / pointer)) continue;
        const fs::path target = followPointer(dir / pointer);
        if (!target.empty() && CheckpointLayout{target}.exists()) return target;
    }
    return {};
}

}  // namespace

fs::path CheckpointLayout::tokenizer() const {
    for (const char* name : kTokenizerFiles)
        if (isFile(dir / name)) return dir / name;
    return {};
}

bool CheckpointLayout::exists() const {
    return isFile(config());
}

std::string CheckpointLayout::nameOfStep(int64_t step) {
    char digits[32];
    std::snprintf(digits, sizeof digits, "%08lld", static_cast<long long>(step));
    return std::string(kStepPrefix) + digits;
}

std::optional<int64_t> CheckpointLayout::stepOfName(std::string_view name) {
    if (name.substr(0, kStepPrefix.size()) != kStepPrefix) return std::nullopt;
    const std::string_view digits = name.substr(kStepPrefix.size());
    if (digits.empty() || digits.size() > 18) return std::nullopt;
    int64_t step = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return std::nullopt;
        step = step * 10 + (c - '0');
    }
    return step;
}

std::string RunLayout::latestName() const {
    return firstLine(latestPointer());
}

std::string RunLayout::bestName() const {
    return firstLine(bestPointer());
}

bool RunLayout::exists() const {
    return isFile(config());
}

bool RunLayout::listed() const {
    return exists() || isFile(metrics());
}

bool RunLayout::resumable() const {
    std::error_code ec;
    return fs::exists(latestPointer(), ec);
}

std::vector<std::string> RunLayout::ownEntries() {
    return {kConfigFile, kMetricsFile, kLogFile, kStatusFile, kCheckpointsDir, kInitDir};
}

std::optional<RunLayout> RunLayout::ofCheckpoint(const fs::path& checkpoint) {
    const fs::path checkpoints = checkpoint.parent_path();
    if (checkpoints.filename() != kCheckpointsDir) return std::nullopt;
    RunLayout run{checkpoints.parent_path()};
    if (!run.exists()) return std::nullopt;
    return run;
}

std::vector<CheckpointEntry> listCheckpoints(const RunLayout& run) {
    std::vector<CheckpointEntry> out;
    const std::string latest = run.latestName();
    const std::string best = run.bestName();
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(run.checkpoints(), ec)) {
        if (!e.is_directory(ec)) continue;
        const std::string name = e.path().filename().string();
        const std::optional<int64_t> step = CheckpointLayout::stepOfName(name);
        if (!step) continue;
        out.push_back({name, *step, e.path(), name == latest, name == best});
    }
    std::sort(out.begin(), out.end(), [](const CheckpointEntry& a, const CheckpointEntry& b) {
        return a.step != b.step ? a.step > b.step : a.name > b.name;
    });
    return out;
}

std::vector<WorkspaceCheckpoint> listWorkspaceCheckpoints(const fs::path& root) {
    using Kind = WorkspaceCheckpoint::Kind;
    std::vector<WorkspaceCheckpoint> out;
    const WorkspaceLayout ws{root};
    auto subfolders = [](const fs::path& dir) {
        std::vector<fs::path> names;
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(dir, ec))
            if (e.is_directory(ec)) names.push_back(e.path());
        std::sort(names.begin(), names.end());
        return names;
    };
    std::vector<fs::path> runs = subfolders(ws.runs());
    std::reverse(runs.begin(), runs.end());
    for (const fs::path& dir : runs) {
        const RunLayout run{dir};
        const std::string runName = dir.filename().string();
        if (isFile(run.bestPointer()))
            out.push_back({Kind::Best, runName, RunLayout::kBestPointer, run.bestPointer()});
        if (isFile(run.latestPointer()))
            out.push_back({Kind::Latest, runName, RunLayout::kLatestPointer, run.latestPointer()});
        std::vector<CheckpointEntry> steps = listCheckpoints(run);
        std::reverse(steps.begin(), steps.end());
        for (const CheckpointEntry& c : steps)
            if (CheckpointLayout{c.dir}.exists())
                out.push_back({Kind::Step, runName, c.name, c.dir});
    }
    for (const fs::path& dir : subfolders(ws.models()))
        if (CheckpointLayout{dir}.exists())
            out.push_back({Kind::Imported, "", dir.filename().string(), dir});
    return out;
}

fs::path resolveCheckpoint(const fs::path& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec) && CheckpointLayout{path}.exists()) return path;
    fs::path found;
    if (isFile(path)) {
        found = followPointer(path);
        if (!found.empty() && CheckpointLayout{found}.exists()) return found;
    } else if (fs::is_directory(path, ec)) {
        found = fromCheckpointsFolder(path);
        if (found.empty()) found = fromCheckpointsFolder(RunLayout{path}.checkpoints());
        if (!found.empty()) return found;
    }
    throw DataError(path.string() + " is not a checkpoint: pass a checkpoint folder (with " +
                    CheckpointLayout::kConfigFile + " and " + CheckpointLayout::kWeightsFile +
                    "), a run folder, or a run's " + RunLayout::kCheckpointsDir + "/" +
                    RunLayout::kBestPointer + " or " + RunLayout::kCheckpointsDir + "/" +
                    RunLayout::kLatestPointer + " file");
}

fs::path runConfigOf(const fs::path& checkpointFolder) {
    const std::optional<RunLayout> run = RunLayout::ofCheckpoint(checkpointFolder);
    return run ? run->config() : fs::path();
}

}  // namespace isomorph::workspace

#include "core/train/checkpoint_store.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <zlib.h>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

using workspace::CheckpointLayout;
using workspace::RunLayout;
constexpr const char* kChecksumFile = CheckpointLayout::kChecksumFile;

/// CRC-32 (zlib) of a file, streamed.
uint32_t fileCrc(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw CheckpointError("cannot read " + path.string());
    std::vector<char> buf(1 << 20);
    uLong crc = crc32(0L, Z_NULL, 0);
    while (in) {
        in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
        const auto got = in.gcount();
        if (got > 0)
            crc = crc32(crc, reinterpret_cast<const Bytef*>(buf.data()), static_cast<uInt>(got));
    }
    return static_cast<uint32_t>(crc);
}

std::string readText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    return std::string(std::istreambuf_iterator<char>(in), {});
}

json stateToJson(const TrainingState& s) {
    json objectives = json::object();
    for (const auto& [k, v] : s.objectives)
        objectives[k] = v;
    return {{"format", "isomorph-trainer-state"},
            {"version", 1},
            {"step", s.step},
            {"elapsed", s.elapsed},
            {"best", std::isnan(s.best) ? json(nullptr) : json(s.best)},
            {"best_checkpoint", s.bestCheckpoint},
            {"loss_scale", s.lossScale},
            {"good_steps", s.goodSteps},
            {"world_size", s.worldSize},
            {"collapse_reference",
             std::isnan(s.collapseReference) ? json(nullptr) : json(s.collapseReference)},
            {"objectives", objectives}};
}

TrainingState stateFromJson(const json& j, const std::string& origin) {
    try {
        if (j.value("format", "") != "isomorph-trainer-state" || j.value("version", 0) != 1)
            throw CheckpointError(origin + ": not an Isomorph trainer state (format/version)");
        TrainingState s;
        s.step = j.at("step").get<int64_t>();
        s.elapsed = j.at("elapsed").get<double>();
        s.best = j.at("best").is_null() ? std::nan("") : j.at("best").get<double>();
        s.bestCheckpoint = j.at("best_checkpoint").get<std::string>();
        s.lossScale = j.value("loss_scale", 1.0);
        s.goodSteps = j.value("good_steps", int64_t{0});
        s.worldSize = j.value("world_size", int64_t{0});
        const json& c = j.value("collapse_reference", json(nullptr));
        s.collapseReference = c.is_null() ? std::nan("") : c.get<double>();
        for (const auto& [k, v] : j.at("objectives").items())
            s.objectives[k] = v;
        return s;
    } catch (const json::exception& e) {
        throw CheckpointError(origin + ": " + e.what());
    }
}

}  // namespace

CheckpointStore::CheckpointStore(fs::path dir, int64_t keepLast)
    : dir_(std::move(dir)), run_{dir_.parent_path()}, keepLast_(keepLast) {
    if (dir_.filename() != RunLayout::kCheckpointsDir)
        throw std::invalid_argument("CheckpointStore: " + dir_.string() + " is not a RUN/" +
                                    RunLayout::kCheckpointsDir + " folder");
    fs::create_directories(dir_);
}

fs::path CheckpointStore::save(model::Encoder& encoder, const model::ExtraFile& tokenizer,
                               const model::TensorMap& heads, const model::TensorMap& optimizer,
                               const TrainingState& state, const std::string& name,
                               const std::vector<model::ExtraFile>& carried) {
    const fs::path target = dir_ / name;
    std::vector<model::ExtraFile> files = {tokenizer};
    files.insert(files.end(), carried.begin(), carried.end());
    model::saveHuggingFaceEncoder(encoder, target, files, [&](const fs::path& tmp) {
        const CheckpointLayout staged{tmp};
        model::saveTensorFile(heads, staged.heads());
        model::saveTensorFile(optimizer, staged.optimizer());
        writeFileAtomically(staged.trainerState(), stateToJson(state).dump(2) + "\n");
        json sums = json::object();
        for (const auto& e : fs::directory_iterator(tmp)) {
            if (!e.is_regular_file()) continue;
            sums[e.path().filename().string()] = {
                {"crc32", fmt::format("{:08x}", fileCrc(e.path()))},
                {"bytes", static_cast<int64_t>(e.file_size())}};
        }
        writeFileAtomically(staged.checksums(), json{{"files", sums}}.dump(2) + "\n");
    });
    // Only now is the checkpoint complete: point `latest` at it.
    writeFileAtomically(run_.latestPointer(), name + "\n");
    prune();
    return target;
}

std::string CheckpointStore::verify(const fs::path& checkpoint) {
    const std::string text = readText(checkpoint / kChecksumFile);
    if (text.empty()) return fmt::format("no {} (the checkpoint was not completed)", kChecksumFile);
    json sums;
    try {
        sums = json::parse(text).at("files");
    } catch (const json::exception& e) {
        return fmt::format("{} is unreadable: {}", kChecksumFile, e.what());
    }
    for (const auto& [file, info] : sums.items()) {
        const fs::path path = checkpoint / file;
        std::error_code ec;
        const auto size = fs::file_size(path, ec);
        if (ec) return file + " is missing";
        if (static_cast<int64_t>(size) != info.value("bytes", int64_t{-1}))
            return fmt::format("{} has {} bytes, {} says {}", file, size, kChecksumFile,
                               info.value("bytes", int64_t{-1}));
        if (fmt::format("{:08x}", fileCrc(path)) != info.value("crc32", std::string()))
            return fmt::format("{} does not match its CRC-32 in {} (corrupt)", file, kChecksumFile);
    }
    return "";
}

std::optional<LoadedCheckpoint> CheckpointStore::loadLatest() const {
    std::vector<fs::path> candidates;
    const std::string latest = run_.latestName();
    if (!latest.empty()) candidates.push_back(run_.checkpoint(latest).dir);
    for (const auto& c : workspace::listCheckpoints(run_))
        if (c.name != latest) candidates.push_back(c.dir);
    for (const auto& c : candidates) {
        std::string problem = fs::exists(c) ? verify(c) : "the folder is missing";
        if (problem.empty()) {
            try {
                LoadedCheckpoint out;
                out.dir = c;
                const CheckpointLayout files{c};
                out.state = stateFromJson(json::parse(readText(files.trainerState())),
                                          files.trainerState().string());
                out.heads = model::loadTensorFile(files.heads());
                out.optimizer = model::loadTensorFile(files.optimizer());
                return out;
            } catch (const std::exception& e) {
                problem = e.what();
            }
        }
        spdlog::warn("skipping checkpoint {}: {}; trying an older one", c.string(), problem);
    }
    return std::nullopt;
}

std::string CheckpointStore::latestName() const {
    return run_.latestName();
}

void CheckpointStore::markBest(const std::string& name, double value) {
    writeFileAtomically(run_.bestPointer(), fmt::format("{}\n{}\n", name, value));
}

void CheckpointStore::prune() {
    const auto all = workspace::listCheckpoints(run_);  // newest first
    for (size_t i = 0; i < all.size(); ++i) {
        if (static_cast<int64_t>(i) < keepLast_ || all[i].best || all[i].latest) continue;
        const fs::path& c = all[i].dir;
        std::error_code ec;
        fs::remove_all(c, ec);
        if (ec) spdlog::warn("could not delete old checkpoint {}: {}", c.string(), ec.message());
    }
}

}  // namespace isomorph::train

#include "core/train/checkpoint_store.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <zlib.h>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"

namespace isomorph::train {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

constexpr const char* kChecksumFile = "checksum.json";

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
        const json& c = j.value("collapse_reference", json(nullptr));
        s.collapseReference = c.is_null() ? std::nan("") : c.get<double>();
        for (const auto& [k, v] : j.at("objectives").items())
            s.objectives[k] = v;
        return s;
    } catch (const json::exception& e) {
        throw CheckpointError(origin + ": " + e.what());
    }
}

/// Checkpoint folders step-N, newest first.
std::vector<fs::path> listCheckpoints(const fs::path& dir) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.is_directory() && e.path().filename().string().rfind("step-", 0) == 0)
            out.push_back(e.path());
    std::sort(out.begin(), out.end(), [](const fs::path& a, const fs::path& b) {
        return a.filename().string() > b.filename().string();
    });
    return out;
}

std::string trim(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\r'))
        s.pop_back();
    return s;
}

}  // namespace

CheckpointStore::CheckpointStore(fs::path dir, int64_t keepLast)
    : dir_(std::move(dir)), keepLast_(keepLast) {
    fs::create_directories(dir_);
}

fs::path CheckpointStore::save(model::Encoder& encoder, const model::ExtraFile& tokenizer,
                               const model::TensorMap& heads, const model::TensorMap& optimizer,
                               const TrainingState& state, const std::string& name) {
    const fs::path target = dir_ / name;
    model::saveHuggingFaceEncoder(encoder, target, {tokenizer}, [&](const fs::path& tmp) {
        model::saveTensorFile(heads, tmp / "heads.safetensors");
        model::saveTensorFile(optimizer, tmp / "optimizer.safetensors");
        writeFileAtomically(tmp / "trainer_state.json", stateToJson(state).dump(2) + "\n");
        json sums = json::object();
        for (const auto& e : fs::directory_iterator(tmp)) {
            if (!e.is_regular_file()) continue;
            sums[e.path().filename().string()] = {
                {"crc32", fmt::format("{:08x}", fileCrc(e.path()))},
                {"bytes", static_cast<int64_t>(e.file_size())}};
        }
        writeFileAtomically(tmp / kChecksumFile, json{{"files", sums}}.dump(2) + "\n");
    });
    // Only now is the checkpoint complete: point `latest` at it.
    writeFileAtomically(dir_ / "latest", name + "\n");
    prune();
    return target;
}

std::string CheckpointStore::verify(const fs::path& checkpoint) {
    const std::string text = readText(checkpoint / kChecksumFile);
    if (text.empty()) return "no checksum.json (the checkpoint was not completed)";
    json sums;
    try {
        sums = json::parse(text).at("files");
    } catch (const json::exception& e) {
        return std::string("checksum.json is unreadable: ") + e.what();
    }
    for (const auto& [file, info] : sums.items()) {
        const fs::path path = checkpoint / file;
        std::error_code ec;
        const auto size = fs::file_size(path, ec);
        if (ec) return file + " is missing";
        if (static_cast<int64_t>(size) != info.value("bytes", int64_t{-1}))
            return fmt::format("{} has {} bytes, checksum.json says {}", file, size,
                               info.value("bytes", int64_t{-1}));
        if (fmt::format("{:08x}", fileCrc(path)) != info.value("crc32", std::string()))
            return file + " does not match its CRC-32 in checksum.json (corrupt)";
    }
    return "";
}

std::optional<LoadedCheckpoint> CheckpointStore::loadLatest() const {
    std::vector<fs::path> candidates;
    const std::string latest = trim(readText(dir_ / "latest"));
    if (!latest.empty()) candidates.push_back(dir_ / latest);
    for (const auto& c : listCheckpoints(dir_))
        if (c.filename() != latest) candidates.push_back(c);
    for (const auto& c : candidates) {
        std::string problem = fs::exists(c) ? verify(c) : "the folder is missing";
        if (problem.empty()) {
            try {
                LoadedCheckpoint out;
                out.dir = c;
                out.state = stateFromJson(json::parse(readText(c / "trainer_state.json")),
                                          (c / "trainer_state.json").string());
                out.heads = model::loadTensorFile(c / "heads.safetensors");
                out.optimizer = model::loadTensorFile(c / "optimizer.safetensors");
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
    return trim(readText(dir_ / "latest"));
}

void CheckpointStore::markBest(const std::string& name, double value) {
    writeFileAtomically(dir_ / "best", fmt::format("{}\n{}\n", name, value));
}

void CheckpointStore::prune() {
    const std::string best = [&] {
        std::string t = readText(dir_ / "best");
        return t.substr(0, t.find('\n'));
    }();
    const std::string latest = trim(readText(dir_ / "latest"));
    const auto all = listCheckpoints(dir_);  // newest first
    for (size_t i = 0; i < all.size(); ++i) {
        const std::string n = all[i].filename().string();
        if (static_cast<int64_t>(i) < keepLast_ || n == best || n == latest) continue;
        const auto& c = all[i];
        std::error_code ec;
        fs::remove_all(c, ec);
        if (ec) spdlog::warn("could not delete old checkpoint {}: {}", c.string(), ec.message());
    }
}

}  // namespace isomorph::train

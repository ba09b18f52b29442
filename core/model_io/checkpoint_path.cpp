#include "core/model_io/checkpoint_path.h"

#include <fstream>
#include <string>
#include <system_error>

#include "core/common/errors.h"

namespace isomorph::model_io {
namespace fs = std::filesystem;

namespace {

/// The folder named on the first line of a pointer file, relative to the file's folder.
fs::path followPointer(const fs::path& file) {
    std::ifstream in(file);
    std::string name;
    std::getline(in, name);
    while (!name.empty() && (name.back() == '\r' || name.back() == ' '))
        name.pop_back();
    if (name.empty()) return {};
    return file.parent_path() / name;
}

fs::path fromCheckpointsFolder(const fs::path& dir) {
    for (const char* pointer : {"best", "latest"}) {
        if (!fs::is_regular_file(dir / pointer)) continue;
        const fs::path target = followPointer(dir / pointer);
        if (!target.empty() && fs::exists(target / "config.json")) return target;
    }
    return {};
}

}  // namespace

fs::path resolveCheckpoint(const fs::path& path) {
    if (fs::is_directory(path) && fs::exists(path / "config.json")) return path;
    fs::path found;
    if (fs::is_regular_file(path)) {
        found = followPointer(path);
        if (!found.empty() && fs::exists(found / "config.json")) return found;
    } else if (fs::is_directory(path)) {
        found = fromCheckpointsFolder(path);
        if (found.empty()) found = fromCheckpointsFolder(path / "checkpoints");
        if (!found.empty()) return found;
    }
    throw DataError(path.string() +
                    " is not a checkpoint: pass a checkpoint folder (with config.json and "
                    "model.safetensors), a run folder, or a run's checkpoints/best or "
                    "checkpoints/latest file");
}

fs::path checkpointTokenizerFile(const fs::path& checkpoint) {
    std::error_code ec;
    for (const char* name : kTokenizerFiles)
        if (fs::is_regular_file(checkpoint / name, ec)) return checkpoint / name;
    return {};
}

fs::path runConfigOf(const fs::path& checkpointFolder) {
    const fs::path checkpoints = checkpointFolder.parent_path();
    const fs::path config = checkpoints.parent_path() / "config.toml";
    std::error_code ec;
    if (checkpoints.filename() != "checkpoints" || !fs::is_regular_file(config, ec)) return {};
    return config;
}

}  // namespace isomorph::model_io

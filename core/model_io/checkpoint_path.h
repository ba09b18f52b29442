#pragma once

#include <filesystem>

namespace isomorph::model_io {

/// The checkpoint folder (with config.json) a user means by `path`: the folder itself; a run's
/// `checkpoints/latest` or `checkpoints/best` pointer file; a run's `checkpoints/` folder or the
/// run folder (its best checkpoint when one is recorded, else the latest). Throws DataError naming
/// `path` and what was looked for otherwise.
std::filesystem::path resolveCheckpoint(const std::filesystem::path& path);

}  // namespace isomorph::model_io

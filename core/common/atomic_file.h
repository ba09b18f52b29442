#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace isomorph {

/// Writes `content` to `path` so that readers see either the old file or the complete new one:
/// the bytes go to a temporary file in the same directory, which is flushed (fsync), renamed over
/// `path`, and the directory entry is flushed too. Throws DataError naming the path and the
/// system's reason (permission denied, disk full, ...). The temporary file never outlives a
/// failure.
void writeFileAtomically(const std::filesystem::path& path, std::string_view content);

/// The whole content of `path`. Throws DataError naming the path when it cannot be read.
std::string readWholeFile(const std::filesystem::path& path);

/// Flushes a directory's entries to disk (after a rename into it). Throws DataError on failure.
void syncDirectory(const std::filesystem::path& dir);

}  // namespace isomorph

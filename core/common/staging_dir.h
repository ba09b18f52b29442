#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace isomorph {

/// File inside a staging folder naming the process that writes it (JSON: pid, host), so that a
/// folder a killed process left behind can be told from one still being written. Removed before
/// the folder is renamed into place.
inline constexpr const char* kStagingOwnerFile = ".isomorph-staging-owner";

/// A `TARGET.tmp-XXXXXX` sibling folder for building a multi-file output (an index) that readers
/// must see complete or not at all: write into path(), then moveTo(target). Removed with its
/// contents unless moved, so a failure or cancellation leaves nothing behind.
class StagingDir {
  public:
    /// Creates the folder (readable by others, like any output). DataError naming the target.
    explicit StagingDir(const std::filesystem::path& target);
    StagingDir(const StagingDir&) = delete;
    StagingDir& operator=(const StagingDir&) = delete;
    ~StagingDir();

    const std::filesystem::path& path() const { return path_; }

    /// Renames the folder to `target`. An existing target is moved aside first and deleted only
    /// after the rename succeeded (put back otherwise). Callers decide whether replacing is
    /// allowed. DataError naming the target when a rename fails.
    void moveTo(const std::filesystem::path& target);

  private:
    std::filesystem::path path_;
};

/// A staging folder whose writer is gone, as removeStaleStagingDirs found it.
struct StaleStagingDir {
    std::filesystem::path path;
    std::string reason;  ///< "left by process 123 on host, which no longer runs"
};

/// Removes the staging folders (`NAME.tmp-XXXXXX`, also `.NAME.tmp-XXXXXX`) directly inside
/// `folder` whose writer is gone: the owner file names this host and a process that no longer
/// runs, or, for folders without an owner file (written before owner files existed), nothing in
/// them changed for `ownerlessAge`. A live process's folder, another host's (its processes
/// cannot be checked from here) and a recently changed one without owner are kept. Returns the
/// folders removed; one that cannot be removed is left and not returned. Never throws.
std::vector<StaleStagingDir> removeStaleStagingDirs(
    const std::filesystem::path& folder,
    std::chrono::seconds ownerlessAge = std::chrono::hours(24));

}  // namespace isomorph

#pragma once

#include <filesystem>

namespace isomorph {

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

}  // namespace isomorph

#pragma once

// A run's metrics as JSON Lines (RUN/metrics.jsonl): one JSON object per line, appended while
// training, read by the GUI, the CLI and tests while the run is still writing.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/workspace/run_layout.h"

namespace isomorph::train {

/// Appends JSON objects, one per line, to RUN/metrics.jsonl. Each line goes to the kernel in a
/// single write(2) on a file opened with O_APPEND, so a reader sees whole lines only (a torn line
/// can only be left by a crash or a full disk). Existing content is kept: a resumed run appends.
/// Failures throw DataError naming the file. Not thread-safe: one log per thread.
class MetricsLog {
  public:
    /// The file name inside a run folder.
    static constexpr const char* kFileName = workspace::RunLayout::kMetricsFile;

    /// Opens (creates) `runDir`/metrics.jsonl; creates `runDir` if needed.
    explicit MetricsLog(const std::filesystem::path& runDir);
    ~MetricsLog();

    MetricsLog(const MetricsLog&) = delete;
    MetricsLog& operator=(const MetricsLog&) = delete;

    const std::filesystem::path& path() const { return path_; }

    /// Appends `record` as one line. Throws std::invalid_argument unless it is a JSON object.
    /// Strings that are not valid UTF-8 are written with U+FFFD replacements.
    void append(const nlohmann::json& record);

    /// Flushes appended lines to disk (fdatasync). Lines are visible to readers without it.
    void flush();

  private:
    void writeLine(const std::string& line);

    std::filesystem::path path_;
    int fd_ = -1;
    /// The file does not end with '\n' (a torn line from a crash or a failed write): the next
    /// line starts with one, so the fragment stays a bad line of its own.
    bool needsNewline_ = false;
};

/// A line of a metrics file that is not a JSON object.
struct BadMetricsLine {
    int64_t lineNumber = 0;  ///< from 1
    std::string message;     ///< the parser's reason
};

/// What a metrics file holds.
struct MetricsLines {
    std::vector<nlohmann::json> records;  ///< the JSON objects of the complete lines, in order
    std::vector<int64_t> recordLines;     ///< the line number (from 1) of each of `records`
    std::vector<BadMetricsLine>
        badLines;  ///< lines that are not JSON objects (blank lines skipped)
    /// The file ends with a line without '\n' (being written, or torn by a crash); it is neither
    /// returned nor counted as bad.
    bool incompleteTail = false;
    uint64_t completeBytes = 0;  ///< bytes up to and including the last '\n'
    int64_t completeLines = 0;   ///< lines up to and including the last '\n'
};

/// Reads a metrics file. Throws DataError if it cannot be read.
MetricsLines readMetricsLines(const std::filesystem::path& path);

/// Reads a metrics file as it grows: each poll() returns the complete lines added since the last
/// one, with line numbers counted from the start of the file. A missing file reads as empty
/// (the run has not started writing).
class MetricsFollower {
  public:
    explicit MetricsFollower(std::filesystem::path path) : path_(std::move(path)) {}

    MetricsLines poll();

  private:
    std::filesystem::path path_;
    uint64_t offset_ = 0;
    int64_t lines_ = 0;
};

}  // namespace isomorph::train

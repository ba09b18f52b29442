#pragma once

// The records of RUN/metrics.jsonl as types: the one schema the trainer writes and the Runs
// view, the sweep and tools read. Each line is a JSON object whose "kind" says which record it
// is (docs/training.md, "Run directory"):
//   train   numbers of one optimizer step        -> TrainRecord
//   eval    dev evaluation or health probe       -> EvalRecord
//   event   started, resumed, checkpoint, ...    -> EventRecord
//   schema  the metrics the process logs          -> SchemaRecord
// Reading is tolerant of older and newer writers: kinds this version does not know come back as
// UnknownRecord, unknown fields are skipped (train, eval, schema) or kept (event details), and
// missing "step"/"time" read as 0. Only a line that is not a JSON object, or a known kind whose
// fields have the wrong type, is malformed.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/train/run_log/metrics_log.h"

namespace isomorph::train {

/// Keys of the numbers the trainer itself writes; objectives add "loss/NAME" and their own
/// ("ccp/acc"), dev evaluation "bitext_acc/LANGPAIR" and "bitext_acc_shifted/LANGPAIR".
namespace record_keys {
// train
inline constexpr const char* kLoss = "loss";                       ///< weighted sum of losses
inline constexpr const char* kLearningRate = "lr";                 ///< learning rate used
inline constexpr const char* kGradNorm = "grad_norm";              ///< before clipping
inline constexpr const char* kTokensPerSecond = "tokens_per_s";    ///< all ranks
inline constexpr const char* kSamplesPerSecond = "samples_per_s";  ///< all ranks
inline constexpr const char* kStepTime = "step_time";              ///< seconds of this step
inline constexpr const char* kElapsed = "elapsed";                 ///< training seconds so far
inline constexpr const char* kRssPeakMb = "rss_peak_mb";           ///< process peak RSS, MiB
inline constexpr const char* kDeviceMemMb = "device_mem_mb";       ///< CUDA peak, MiB (0: CPU)
inline constexpr const char* kLossScale = "loss_scale";            ///< fp16 only
inline constexpr const char* kSkipped = "skipped";                 ///< fp16 only: 1 = overflow
inline constexpr const char* kLossPrefix = "loss/";                ///< "loss/NAME" per objective
// eval: dev bitext accuracy
inline constexpr const char* kBitextAcc = "bitext_acc";  ///< mean over pairs, fraction
inline constexpr const char* kBitextAccShifted = "bitext_acc_shifted";  ///< after mean shift
inline constexpr const char* kBitextPairs = "bitext_pairs";             ///< dev pairs scored
// eval: health probe
inline constexpr const char* kCollapse = "collapse";
inline constexpr const char* kCollapseRatio = "collapse_ratio";  ///< to the first probe
inline constexpr const char* kAlignment = "alignment";
inline constexpr const char* kUniformity = "uniformity";
}  // namespace record_keys

/// Whether `key` is a count, written as a JSON integer (every other number is a double).
bool isCountKey(std::string_view key);

/// The numbers of a train or eval record.
struct ScalarRecord {
    int64_t step = 0;  ///< optimizer steps done when written (0: before the first)
    double time = 0;   ///< Unix time when written, seconds (0: not recorded)
    /// Every number of the record besides step and time, by key as written ("loss",
    /// "loss/mlm", "bitext_acc/de-en"), in key order. NaN and Inf are written as null (JSON has
    /// neither), and null reads back as absent (so does NaN in an object never written).
    std::map<std::string, double, std::less<>> values;

    /// values[key], or `fallback` when the record does not carry it.
    double value(std::string_view key,
                 double fallback = std::numeric_limits<double>::quiet_NaN()) const;
};

/// kind "train": one optimizer step (means over its micro-batches and ranks).
/// A record without a "kind" (other tools) reads as one.
struct TrainRecord : ScalarRecord {};

/// kind "eval": a dev evaluation (bitext_*) or a health probe (collapse, ...).
struct EvalRecord : ScalarRecord {};

/// kind "event": something that happened to the run.
struct EventRecord {
    int64_t step = 0;
    double time = 0;      ///< Unix seconds
    std::string event;    ///< started, resumed, checkpoint, collapse, warning, stopped, finished,
                          ///< failed, diverged (views map unknown names to a plain marker)
    std::string message;  ///< one line for people
    /// The event's other fields, kept as written: "checkpoint", "reason" (checkpoint),
    /// "world_size", "threads", "host" (started), "collapse", "collapse_ratio" (collapse).
    nlohmann::json details = nlohmann::json::object();
};

/// One metric of a schema record. Text fields are kept as written (empty when missing), so a
/// later writer's groups or kinds reach the reader unchanged.
struct MetricDeclaration {
    std::string key;        ///< field of train/eval records; "bitext_acc/*" names a family
    std::string title;      ///< English chart title
    std::string unit;       ///< "", "%", "s", "MB", ...
    std::string group;      ///< losses, dev, health, objectives, optimisation, throughput
    std::string objective;  ///< the objective declaring it; empty: the trainer
    std::string better;     ///< "lower", "higher" or "" (neither)
    std::string kind;       ///< "train" or "eval": the records that carry it
    double scale = 1;       ///< display multiplier, finite and not 0 (written only when not 1)
    /// How this run measures it, in one line (written only when set): the dev bitext sample,
    /// directions, pooling and averaging (eval::describeBitextAccuracy).
    std::string definition;

    bool operator==(const MetricDeclaration& o) const;
};

/// kind "schema": what a training process logs, written when it starts (again on resume).
/// Declarations without a key, or that are not objects, are skipped on reading.
struct SchemaRecord {
    int64_t step = 0;
    double time = 0;  ///< Unix seconds
    std::vector<MetricDeclaration> metrics;
};

/// A kind this version does not know (a later writer's): readers skip it.
struct UnknownRecord {
    std::string kind;
    int64_t step = 0;  ///< 0 when missing or not a number
    double time = 0;   ///< 0 when missing or not a number
};

using RunRecord = std::variant<TrainRecord, EvalRecord, EventRecord, SchemaRecord, UnknownRecord>;

/// The JSON object a record is written as (keys in the order nlohmann-json keeps: sorted).
/// Throws std::invalid_argument for an UnknownRecord (this version writes none).
nlohmann::json encodeRunRecord(const RunRecord& record);

/// Decodes one JSON object. Throws DataError saying what is wrong ("step" not a number, a
/// schema without a "metrics" array, not an object); the message names no file.
RunRecord decodeRunRecord(const nlohmann::json& object);

/// Decodes one line of `file` (line `lineNumber`, from 1). Throws DataError
/// "FILE:LINE: reason" when the line is not a JSON object or is a malformed record.
RunRecord parseRunRecord(std::string_view line, const std::filesystem::path& file,
                         int64_t lineNumber);

/// Appends `record` to a run's metrics file as one line (MetricsLog::append).
void appendRunRecord(MetricsLog& log, const RunRecord& record);

/// Records read from a metrics file, tolerantly: a bad line is reported and skipped.
struct RunRecords {
    std::vector<RunRecord> records;        ///< in file order, unknown kinds included
    std::vector<BadMetricsLine> badLines;  ///< not JSON objects, or malformed records
};

/// Decodes the lines a readMetricsLines() or MetricsFollower::poll() returned.
RunRecords decodeRunRecords(const MetricsLines& lines);

/// Every record of a metrics file, tolerantly. Throws DataError only if it cannot be read.
RunRecords readRunRecords(const std::filesystem::path& path);

/// MetricsFollower with records decoded: each poll() returns those completed since the last.
class RunRecordFollower {
  public:
    explicit RunRecordFollower(std::filesystem::path path) : lines_(std::move(path)) {}

    /// Throws DataError if the file exists but cannot be read.
    RunRecords poll() { return decodeRunRecords(lines_.poll()); }

  private:
    MetricsFollower lines_;
};

/// The last complete train record within the last `tailBytes` bytes of a metrics file (a cheap
/// look at a long run's progress); nullopt when there is none or the file cannot be read.
std::optional<TrainRecord> lastTrainRecord(const std::filesystem::path& path,
                                           uint64_t tailBytes = 65536);

}  // namespace isomorph::train

#pragma once

// TensorBoard event files without TensorFlow or protobuf: CRC-32C, a writer of scalar summaries
// and a validating reader (for tests, `isomorph-cli` tools and resumed runs).
//
// File layout (TensorFlow's TFRecord format): a sequence of records, each
//   uint64 length (little-endian) | uint32 masked CRC-32C of those 8 bytes |
//   `length` bytes of data       | uint32 masked CRC-32C of the data
// where every record's data is a serialized tensorflow.Event protobuf. Only the Event fields
// below are written and decoded; other fields are skipped by wire type when reading.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace isomorph::train {

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), as used by TFRecord, iSCSI and ext4.
/// crc32c("123456789", 9) == 0xE3069283.
uint32_t crc32c(const void* data, size_t n);

/// Continues a CRC-32C: crc32cExtend(crc32c(a), b) == crc32c(a + b). crc32cExtend(0, ...) is
/// crc32c(...).
uint32_t crc32cExtend(uint32_t crc, const void* data, size_t n);

/// TFRecord's masking of a CRC, ((crc >> 15) | (crc << 17)) + 0xa282ead8: stored CRCs are
/// masked so that a CRC of data that itself contains CRCs is not degenerate.
uint32_t maskCrc32c(uint32_t crc);

/// The masked CRC-32C of `n` bytes, the value a TFRecord stores.
uint32_t maskedCrc32c(const void* data, size_t n);

/// One decoded Event. Fields missing from the record keep their proto3 defaults (0, "").
struct TfEvent {
    double wallTime = 0;      ///< seconds since the Unix epoch
    int64_t step = 0;         ///< global step
    std::string fileVersion;  ///< "brain.Event:2" in a file's first event, "" otherwise
    /// (tag, simple_value) of each summary value that has a simple_value, in file order. Values
    /// of other kinds (images, histograms, tensors) are skipped.
    std::vector<std::pair<std::string, float>> scalars;
};

/// Options of TfEventsWriter.
struct TfEventsWriterOptions {
    /// Also fsync(2) the file on every flush(), so scalars survive a power loss (costs a disk
    /// round trip, a few ms on spinning disks).
    bool fsyncOnFlush = false;
};

/// Appends scalar summaries to a new event file that TensorBoard reads while it grows.
/// The file is `DIR/events.out.tfevents.<unix seconds>.<hostname>.<pid>.<n>` (TensorBoard's
/// naming; n counts the writers of this process, from 0). The first record is an Event with the
/// wall time and file_version "brain.Event:2". Records are buffered; flush() makes them visible.
/// Failures throw DataError naming the file. Not thread-safe: one writer per thread.
class TfEventsWriter {
  public:
    /// Creates DIR if needed and the event file in it. `wallTime` (seconds since the epoch) goes
    /// into the file name (truncated) and into the first event.
    explicit TfEventsWriter(const std::filesystem::path& dir, TfEventsWriterOptions options = {},
                            double wallTime = unixTimeNow());
    /// Flushes and closes; errors at this point are swallowed (call close() to see them).
    ~TfEventsWriter();

    TfEventsWriter(const TfEventsWriter&) = delete;
    TfEventsWriter& operator=(const TfEventsWriter&) = delete;

    /// The event file's path.
    const std::filesystem::path& path() const { return path_; }

    /// One Event with one scalar: `tag` (e.g. "train/loss"), global `step`, `wallTime` in
    /// seconds since the epoch.
    void addScalar(const std::string& tag, int64_t step, double wallTime, float value);
    /// One Event holding several scalars of the same step (smaller than one event each).
    void addScalars(const std::vector<std::pair<std::string, float>>& scalars, int64_t step,
                    double wallTime);

    /// Hands buffered records to the kernel (fflush), and fsyncs when the options ask for it.
    void flush();
    /// Flushes and closes the file; later calls do nothing, later additions throw.
    void close();

    /// Seconds since the Unix epoch, with sub-second resolution.
    static double unixTimeNow();

  private:
    void writeRecord(const std::string& data);

    std::filesystem::path path_;
    TfEventsWriterOptions options_;
    std::FILE* file_ = nullptr;
};

/// The serialized Event protobuf (fields wall_time = 1, step = 2, file_version = 3, summary = 5
/// with Summary.value = 1 and Value.tag = 1, Value.simple_value = 2). Zero and empty fields are
/// omitted, as protobuf's own proto3 serializer does.
std::string encodeTfEvent(const TfEvent& event);

/// One record's bytes in TFRecord framing (length, masked CRCs).
std::string frameTfRecord(const std::string& data);

/// Everything a reader found in an event file.
struct TfEventsContent {
    std::vector<TfEvent> events;
    /// The file ends inside a record (header, data or CRC cut short), as when a run is still
    /// writing or was killed mid-write. That partial record is not in `events`.
    bool truncatedTail = false;
    /// Bytes of complete, verified records: where a follower resumes reading.
    uint64_t completeBytes = 0;
    /// Size of the file as read.
    uint64_t fileBytes = 0;
};

/// Reads an event file, verifying both CRCs of every record. A file that ends inside its last
/// record is accepted and flagged (`truncatedTail`); a CRC mismatch, or an Event that is not
/// valid protobuf, throws DataError naming the file, the record index (from 0) and its byte
/// offset.
TfEventsContent readTfEventsFile(const std::filesystem::path& path);

/// Strict version of readTfEventsFile: a truncated last record throws DataError too (its
/// message starts "FILE: truncated last record" and names the record and its offset).
std::vector<TfEvent> readTfEvents(const std::filesystem::path& path);

}  // namespace isomorph::train

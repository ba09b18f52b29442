#include "core/train/run_log/tfevents.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <string_view>
#include <system_error>
#include <unistd.h>

#include "core/common/errors.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train {
namespace {

// ---------------------------------------------------------------------------------------------
// CRC-32C, slicing by 8: table[k][b] is the CRC of byte b followed by k zero bytes.

using CrcTables = std::array<std::array<uint32_t, 256>, 8>;

constexpr CrcTables makeCrcTables() {
    CrcTables t{};
    for (uint32_t b = 0; b < 256; ++b) {
        uint32_t c = b;
        for (int i = 0; i < 8; ++i)
            c = (c >> 1) ^ (0x82F63B78u & (0u - (c & 1u)));
        t[0][b] = c;
    }
    for (size_t k = 1; k < 8; ++k) {
        for (size_t b = 0; b < 256; ++b)
            t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xFF];
    }
    return t;
}

constexpr CrcTables kCrcTables = makeCrcTables();

uint32_t loadLe32(const unsigned char* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

uint64_t loadLe64(const unsigned char* p) {
    return uint64_t(loadLe32(p)) | uint64_t(loadLe32(p + 4)) << 32;
}

void appendLe32(std::string& out, uint32_t v) {
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

void appendLe64(std::string& out, uint64_t v) {
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

// ---------------------------------------------------------------------------------------------
// Protobuf wire format, the few parts the Event message needs.

enum WireType : uint32_t { kVarint = 0, kFixed64 = 1, kLengthDelimited = 2, kFixed32 = 5 };

void appendVarint(std::string& out, uint64_t v) {
    while (v >= 0x80) {
        out.push_back(static_cast<char>((v & 0x7F) | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<char>(v));
}

void appendKey(std::string& out, uint32_t field, WireType type) {
    appendVarint(out, uint64_t(field) << 3 | type);
}

void appendBytesField(std::string& out, uint32_t field, std::string_view bytes) {
    appendKey(out, field, kLengthDelimited);
    appendVarint(out, bytes.size());
    out.append(bytes.data(), bytes.size());
}

std::string encodeSummaryValue(const std::string& tag, float value) {
    std::string v;
    if (!tag.empty()) appendBytesField(v, 1, tag);
    uint32_t bits;
    std::memcpy(&bits, &value, 4);
    appendKey(v, 2, kFixed32);  // always written: 0.0 is a value, and TensorBoard needs the oneof
    appendLe32(v, bits);
    return v;
}

/// Reads protobuf fields from a byte range; malformed input throws std::runtime_error with a
/// short reason, which the caller turns into a DataError naming the file and record.
class WireReader {
  public:
    explicit WireReader(std::string_view bytes)
        : p_(reinterpret_cast<const unsigned char*>(bytes.data())), end_(p_ + bytes.size()) {}

    bool atEnd() const { return p_ == end_; }

    uint64_t varint() {
        uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (p_ == end_) throw std::runtime_error("varint runs past the end");
            const unsigned char b = *p_++;
            v |= uint64_t(b & 0x7F) << shift;
            if (!(b & 0x80)) return v;
        }
        throw std::runtime_error("varint longer than 10 bytes");
    }

    /// Reads a key; returns the field number and sets `type`.
    uint32_t key(uint32_t& type) {
        const uint64_t k = varint();
        type = static_cast<uint32_t>(k & 7);
        if ((k >> 3) == 0 || (k >> 3) > 0x1FFFFFFF)
            throw std::runtime_error("invalid field number");
        return static_cast<uint32_t>(k >> 3);
    }

    std::string_view bytes(size_t n) {
        if (n > size_t(end_ - p_)) throw std::runtime_error("field runs past the end");
        std::string_view s(reinterpret_cast<const char*>(p_), n);
        p_ += n;
        return s;
    }

    std::string_view lengthDelimited() { return bytes(varint()); }
    uint32_t fixed32() { return loadLe32(reinterpret_cast<const unsigned char*>(bytes(4).data())); }
    uint64_t fixed64() { return loadLe64(reinterpret_cast<const unsigned char*>(bytes(8).data())); }

    /// Skips the value of a field of wire type `type` (groups are not supported: proto3 has none).
    void skip(uint32_t type, uint32_t field) {
        switch (type) {
            case kVarint:
                varint();
                return;
            case kFixed64:
                bytes(8);
                return;
            case kLengthDelimited:
                lengthDelimited();
                return;
            case kFixed32:
                bytes(4);
                return;
            default:
                throw std::runtime_error("field " + std::to_string(field) +
                                         " has unsupported wire type " + std::to_string(type));
        }
    }

    /// Throws unless a field has the wire type its declaration implies.
    static void expect(uint32_t type, WireType wanted, const char* name) {
        if (type != wanted) {
            throw std::runtime_error(std::string(name) + " has wire type " + std::to_string(type) +
                                     ", expected " + std::to_string(int(wanted)));
        }
    }

  private:
    const unsigned char* p_;
    const unsigned char* end_;
};

void decodeSummaryValue(std::string_view bytes, TfEvent& event) {
    WireReader r(bytes);
    std::string tag;
    bool hasSimpleValue = false;
    float value = 0;
    while (!r.atEnd()) {
        uint32_t type;
        const uint32_t field = r.key(type);
        if (field == 1) {
            WireReader::expect(type, kLengthDelimited, "Summary.Value.tag");
            tag = std::string(r.lengthDelimited());
        } else if (field == 2) {
            WireReader::expect(type, kFixed32, "Summary.Value.simple_value");
            const uint32_t bits = r.fixed32();
            std::memcpy(&value, &bits, 4);
            hasSimpleValue = true;
        } else {
            r.skip(type, field);
        }
    }
    if (hasSimpleValue) event.scalars.emplace_back(std::move(tag), value);
}

void decodeSummary(std::string_view bytes, TfEvent& event) {
    WireReader r(bytes);
    while (!r.atEnd()) {
        uint32_t type;
        const uint32_t field = r.key(type);
        if (field == 1) {
            WireReader::expect(type, kLengthDelimited, "Summary.value");
            decodeSummaryValue(r.lengthDelimited(), event);
        } else {
            r.skip(type, field);
        }
    }
}

TfEvent decodeEvent(std::string_view bytes) {
    TfEvent event;
    WireReader r(bytes);
    while (!r.atEnd()) {
        uint32_t type;
        const uint32_t field = r.key(type);
        switch (field) {
            case 1: {
                WireReader::expect(type, kFixed64, "Event.wall_time");
                const uint64_t bits = r.fixed64();
                std::memcpy(&event.wallTime, &bits, 8);
                break;
            }
            case 2:
                WireReader::expect(type, kVarint, "Event.step");
                event.step = static_cast<int64_t>(r.varint());
                break;
            case 3:
                WireReader::expect(type, kLengthDelimited, "Event.file_version");
                event.fileVersion = std::string(r.lengthDelimited());
                break;
            case 5:
                WireReader::expect(type, kLengthDelimited, "Event.summary");
                decodeSummary(r.lengthDelimited(), event);
                break;
            default:
                r.skip(type, field);
        }
    }
    return event;
}

std::string hex32(uint32_t v) {
    char buf[11];
    std::snprintf(buf, sizeof buf, "0x%08x", v);
    return buf;
}

std::string hostName() {
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0 || buf[0] == '\0') return "localhost";
    return buf;
}

/// Counts the writers of this process, like TensorBoard's global uid (the file name's last part).
std::atomic<int> nextWriterId{0};

constexpr size_t kRecordHeader = 12;  // uint64 length + uint32 masked CRC of it
constexpr size_t kRecordFooter = 4;   // uint32 masked CRC of the data

}  // namespace

// -------------------------------------------------------------------------------------------------
// CRC

uint32_t crc32cExtend(uint32_t crc, const void* data, size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    const auto& t = kCrcTables;
    uint32_t c = ~crc;
    for (; n >= 8; n -= 8, p += 8) {
        const uint32_t lo = loadLe32(p) ^ c;
        const uint32_t hi = loadLe32(p + 4);
        c = t[7][lo & 0xFF] ^ t[6][(lo >> 8) & 0xFF] ^ t[5][(lo >> 16) & 0xFF] ^ t[4][lo >> 24] ^
            t[3][hi & 0xFF] ^ t[2][(hi >> 8) & 0xFF] ^ t[1][(hi >> 16) & 0xFF] ^ t[0][hi >> 24];
    }
    for (; n > 0; --n, ++p)
        c = (c >> 8) ^ t[0][(c ^ *p) & 0xFF];
    return ~c;
}

uint32_t crc32c(const void* data, size_t n) {
    return crc32cExtend(0, data, n);
}

uint32_t maskCrc32c(uint32_t crc) {
    return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

uint32_t maskedCrc32c(const void* data, size_t n) {
    return maskCrc32c(crc32c(data, n));
}

// -------------------------------------------------------------------------------------------------
// Encoding

std::string encodeTfEvent(const TfEvent& event) {
    std::string out;
    if (event.wallTime != 0) {
        uint64_t bits;
        std::memcpy(&bits, &event.wallTime, 8);
        appendKey(out, 1, kFixed64);
        appendLe64(out, bits);
    }
    if (event.step != 0) {
        appendKey(out, 2, kVarint);
        appendVarint(out, static_cast<uint64_t>(event.step));  // negative: 10 bytes, as protobuf
    }
    if (!event.fileVersion.empty()) appendBytesField(out, 3, event.fileVersion);
    if (!event.scalars.empty()) {
        std::string summary;
        for (const auto& [tag, value] : event.scalars) {
            appendBytesField(summary, 1, encodeSummaryValue(tag, value));
        }
        appendBytesField(out, 5, summary);
    }
    return out;
}

std::string frameTfRecord(const std::string& data) {
    std::string out;
    out.reserve(kRecordHeader + data.size() + kRecordFooter);
    appendLe64(out, data.size());
    appendLe32(out, maskedCrc32c(out.data(), 8));
    out += data;
    appendLe32(out, maskedCrc32c(data.data(), data.size()));
    return out;
}

// -------------------------------------------------------------------------------------------------
// Writer

double TfEventsWriter::unixTimeNow() {
    using namespace std::chrono;
    return duration<double>(system_clock::now().time_since_epoch()).count();
}

TfEventsWriter::TfEventsWriter(const std::filesystem::path& dir, TfEventsWriterOptions options,
                               double wallTime)
    : options_(options) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        throw DataError("cannot create the event file folder " + dir.string() + ": " +
                        ec.message());

    const std::string stem = std::string(workspace::RunLayout::kEventsPrefix) +
                             std::to_string(static_cast<long long>(wallTime)) + "." + hostName() +
                             "." + std::to_string(::getpid()) + ".";
    // O_EXCL: never append to another writer's file; a clash only happens when two processes
    // with the same pid write to one folder in the same second, so a few retries suffice.
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        path_ = dir / (stem + std::to_string(nextWriterId++));
        fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) throw DataError("cannot create " + path_.string() + ": " + std::strerror(errno));
    file_ = ::fdopen(fd, "wb");
    if (!file_) {
        const int err = errno;
        ::close(fd);
        throw DataError("cannot open " + path_.string() + ": " + std::strerror(err));
    }
    TfEvent first;
    first.wallTime = wallTime;
    first.fileVersion = "brain.Event:2";
    writeRecord(encodeTfEvent(first));
    flush();  // TensorBoard lists the run as soon as the file has its version record
}

TfEventsWriter::~TfEventsWriter() {
    try {
        close();
    } catch (const std::exception&) {  // destructors must not throw; close() reports errors
    }
}

void TfEventsWriter::addScalar(const std::string& tag, int64_t step, double wallTime, float value) {
    addScalars({{tag, value}}, step, wallTime);
}

void TfEventsWriter::addScalars(const std::vector<std::pair<std::string, float>>& scalars,
                                int64_t step, double wallTime) {
    TfEvent event;
    event.wallTime = wallTime;
    event.step = step;
    event.scalars = scalars;
    writeRecord(encodeTfEvent(event));
}

void TfEventsWriter::writeRecord(const std::string& data) {
    if (!file_) throw DataError("cannot write " + path_.string() + ": the event file is closed");
    const std::string record = frameTfRecord(data);
    if (std::fwrite(record.data(), 1, record.size(), file_) != record.size()) {
        throw DataError("cannot write " + path_.string() + ": " + std::strerror(errno));
    }
}

void TfEventsWriter::flush() {
    if (!file_) return;
    if (std::fflush(file_) != 0)
        throw DataError("cannot write " + path_.string() + ": " + std::strerror(errno));
    if (options_.fsyncOnFlush && ::fsync(::fileno(file_)) != 0) {
        throw DataError("cannot flush " + path_.string() + " to disk: " + std::strerror(errno));
    }
}

void TfEventsWriter::close() {
    if (!file_) return;
    std::FILE* f = file_;
    file_ = nullptr;
    const bool flushed =
        std::fflush(f) == 0 && (!options_.fsyncOnFlush || ::fsync(::fileno(f)) == 0);
    const int err = errno;
    const bool closed = std::fclose(f) == 0;
    if (!flushed || !closed) {
        throw DataError("cannot write " + path_.string() + ": " +
                        std::strerror(flushed ? errno : err));
    }
}

// -------------------------------------------------------------------------------------------------
// Reader

TfEventsContent readTfEventsFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw DataError("cannot open event file " + path.string() + ": " + std::strerror(errno));
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw DataError("cannot read event file " + path.string());

    TfEventsContent content;
    const auto* base = reinterpret_cast<const unsigned char*>(bytes.data());
    const uint64_t size = bytes.size();
    content.fileBytes = size;
    uint64_t offset = 0;
    for (size_t index = 0; offset < size; ++index) {
        const std::string where = path.string() + ": record " + std::to_string(index) +
                                  " at byte offset " + std::to_string(offset);
        const uint64_t left = size - offset;
        const unsigned char* p = base + offset;
        if (left < kRecordHeader) {
            content.truncatedTail = true;
            break;
        }
        const uint64_t length = loadLe64(p);
        const uint32_t lengthCrc = maskedCrc32c(p, 8);
        if (loadLe32(p + 8) != lengthCrc) {
            throw DataError(where + ": length CRC mismatch (stored " + hex32(loadLe32(p + 8)) +
                            ", computed " + hex32(lengthCrc) + "); the file is corrupt");
        }
        if (length > left - kRecordHeader || left - kRecordHeader - length < kRecordFooter) {
            content.truncatedTail = true;
            break;
        }
        const uint32_t dataCrc = maskedCrc32c(p + kRecordHeader, length);
        const uint32_t storedDataCrc = loadLe32(p + kRecordHeader + length);
        if (storedDataCrc != dataCrc) {
            throw DataError(where + ": data CRC mismatch (stored " + hex32(storedDataCrc) +
                            ", computed " + hex32(dataCrc) + ", " + std::to_string(length) +
                            " bytes); the file is corrupt");
        }
        try {
            content.events.push_back(
                decodeEvent(std::string_view(bytes).substr(offset + kRecordHeader, length)));
        } catch (const std::runtime_error& e) {
            throw DataError(where + ": not a valid Event protobuf (" + e.what() + ")");
        }
        offset += kRecordHeader + length + kRecordFooter;
        content.completeBytes = offset;
    }
    return content;
}

std::vector<TfEvent> readTfEvents(const std::filesystem::path& path) {
    TfEventsContent content = readTfEventsFile(path);
    if (content.truncatedTail) {
        throw DataError(path.string() + ": truncated last record: the file ends " +
                        std::to_string(content.fileBytes - content.completeBytes) +
                        " bytes into record " + std::to_string(content.events.size()) +
                        " at byte offset " + std::to_string(content.completeBytes) +
                        " (the run may still be writing it, or was stopped mid-write)");
    }
    return std::move(content.events);
}

}  // namespace isomorph::train

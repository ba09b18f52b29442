#include "core/model_io/safetensors.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <set>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"

// The format is little-endian and tensor bytes are handed out as they are stored.
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "safetensors support assumes a little-endian host"
#endif

namespace isomorph::model_io {
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct DTypeRow {
    DType dtype;
    const char* name;
    size_t size;
    // Position in the reference implementation's Dtype enum (ascending alignment); its writer
    // orders tensors by this rank, largest first, and we reproduce its layout byte for byte.
    int rank;
};

constexpr DTypeRow kDTypes[] = {
    {DType::F32, "F32", 4, 7},   {DType::F16, "F16", 2, 4}, {DType::BF16, "BF16", 2, 5},
    {DType::F64, "F64", 8, 8},   {DType::I64, "I64", 8, 9}, {DType::I32, "I32", 4, 6},
    {DType::I16, "I16", 2, 3},   {DType::I8, "I8", 1, 2},   {DType::U8, "U8", 1, 1},
    {DType::Bool, "BOOL", 1, 0},
};

const DTypeRow& row(DType dtype) {
    for (const DTypeRow& r : kDTypes) {
        if (r.dtype == dtype) return r;
    }
    throw std::logic_error("unknown DType value");
}

std::string supportedDTypes() {
    std::string out;
    for (const DTypeRow& r : kDTypes) {
        if (!out.empty()) out += ", ";
        out += r.name;
    }
    return out;
}

/// product(shape) * elementSize, or nothing if a dimension is negative or the product overflows.
std::optional<uint64_t> byteCount(const std::vector<int64_t>& shape, size_t elementSize) {
    uint64_t bytes = elementSize;
    for (int64_t dim : shape) {
        if (dim < 0) return std::nullopt;
        if (__builtin_mul_overflow(bytes, static_cast<uint64_t>(dim), &bytes)) return std::nullopt;
    }
    return bytes;
}

std::string describe(const std::vector<int64_t>& shape, DType dtype) {
    return "shape " + formatShape(shape) + " " + std::string(dtypeName(dtype));
}

std::string offsetsText(uint64_t begin, uint64_t end) {
    return "[" + std::to_string(begin) + ", " + std::to_string(end) + "]";
}

uint64_t readLe64(const unsigned char* p) {
    uint64_t v = 0;
    std::memcpy(&v, p, sizeof v);  // little-endian host (checked above)
    return v;
}

/// Names and values in messages are cut short: a header may hold megabytes in one string.
std::string clip(const std::string& text) {
    constexpr size_t kMaxShown = 200;
    if (text.size() <= kMaxShown) return text;
    size_t cut = kMaxShown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80)
        --cut;  // do not split a UTF-8 sequence
    return text.substr(0, cut) + "...";
}

/// A JSON value for a message: short scalars as written, containers by their type.
std::string brief(const json& value) {
    return value.is_primitive() ? clip(value.dump()) : std::string(value.type_name());
}

/// Throws CheckpointError("FILE: tensor 'NAME': WHAT").
class TensorErrors {
  public:
    TensorErrors(const std::string& file, const std::string& tensor)
        : prefix_(file + ": tensor '" + clip(tensor) + "': ") {}
    [[noreturn]] void fail(const std::string& what) const { throw CheckpointError(prefix_ + what); }

  private:
    std::string prefix_;
};

const json& requireField(const json& entry, const char* field, const TensorErrors& errors) {
    auto it = entry.find(field);
    if (it == entry.end()) errors.fail(std::string("missing field '") + field + "'");
    return *it;
}

DType parseDTypeField(const json& entry, const TensorErrors& errors) {
    const json& value = requireField(entry, "dtype", errors);
    if (!value.is_string()) errors.fail("field 'dtype' must be a string");
    const auto& text = value.get_ref<const std::string&>();
    std::optional<DType> dtype = parseDType(text);
    if (!dtype) {
        errors.fail("unsupported dtype '" + clip(text) + "' (supported: " + supportedDTypes() +
                    ")");
    }
    return *dtype;
}

std::vector<int64_t> parseShapeField(const json& entry, const TensorErrors& errors) {
    const json& value = requireField(entry, "shape", errors);
    if (!value.is_array()) errors.fail("field 'shape' must be a list of non-negative integers");
    std::vector<int64_t> shape;
    shape.reserve(value.size());
    for (const json& dim : value) {
        if (dim.is_number_unsigned()) {
            const auto d = dim.get<uint64_t>();
            if (d > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
                errors.fail("dimension " + std::to_string(d) + " in 'shape' is too large");
            }
            shape.push_back(static_cast<int64_t>(d));
        } else if (dim.is_number_integer()) {
            errors.fail("negative dimension " + std::to_string(dim.get<int64_t>()) + " in 'shape'");
        } else {
            errors.fail("field 'shape' must be a list of non-negative integers, found " +
                        brief(dim));
        }
    }
    return shape;
}

std::pair<uint64_t, uint64_t> parseOffsetsField(const json& entry, const TensorErrors& errors) {
    const json& value = requireField(entry, "data_offsets", errors);
    if (!value.is_array() || value.size() != 2 || !value[0].is_number_unsigned() ||
        !value[1].is_number_unsigned()) {
        errors.fail("field 'data_offsets' must be two non-negative integers [begin, end], found " +
                    brief(value));
    }
    return {value[0].get<uint64_t>(), value[1].get<uint64_t>()};
}

TensorInfo parseTensor(const std::string& file, const std::string& name, const json& entry,
                       uint64_t dataBytes) {
    const TensorErrors errors(file, name);
    if (!entry.is_object()) {
        errors.fail("entry must be an object with 'dtype', 'shape' and 'data_offsets'");
    }
    TensorInfo info;
    info.name = name;
    info.dtype = parseDTypeField(entry, errors);
    info.shape = parseShapeField(entry, errors);
    const auto [begin, end] = parseOffsetsField(entry, errors);
    const std::optional<uint64_t> needed = byteCount(info.shape, dtypeSize(info.dtype));
    if (!needed) errors.fail(describe(info.shape, info.dtype) + " overflows 64-bit byte counts");
    if (end < begin) errors.fail("data_offsets " + offsetsText(begin, end) + " end before begin");
    if (end > dataBytes) {
        errors.fail("data_offsets " + offsetsText(begin, end) + " lie outside the data region (" +
                    std::to_string(dataBytes) + " bytes); the file is truncated or corrupt");
    }
    if (end - begin != *needed) {
        errors.fail("data_offsets " + offsetsText(begin, end) + " but " +
                    describe(info.shape, info.dtype) + " needs " + std::to_string(*needed) +
                    " bytes");
    }
    info.offset = begin;
    info.bytes = end - begin;
    return info;
}

Metadata parseMetadata(const std::string& file, const json& value) {
    Metadata metadata;
    if (value.is_null()) return metadata;  // the reference reader treats null as absent
    if (!value.is_object()) {
        throw CheckpointError(file + ": field '__metadata__' must be an object of strings");
    }
    for (const auto& [key, text] : value.items()) {
        if (!text.is_string()) {
            throw CheckpointError(file + ": field '__metadata__': value of '" + clip(key) +
                                  "' must be a string, found " + brief(text));
        }
        metadata.emplace(key, text.get<std::string>());
    }
    return metadata;
}

/// Tensors must tile the data region: in offset order each starts where the previous ended
/// (empty tensors may share an offset), and the last ends at the end of the region.
void checkCoverage(const std::string& file, const std::vector<TensorInfo>& tensors,
                   uint64_t dataBytes) {
    std::vector<const TensorInfo*> order;
    order.reserve(tensors.size());
    for (const TensorInfo& t : tensors)
        order.push_back(&t);
    std::sort(order.begin(), order.end(), [](const TensorInfo* a, const TensorInfo* b) {
        return std::make_pair(a->offset, a->offset + a->bytes) <
               std::make_pair(b->offset, b->offset + b->bytes);
    });
    uint64_t covered = 0;
    const TensorInfo* previous = nullptr;
    for (const TensorInfo* t : order) {
        const TensorErrors errors(file, t->name);
        const std::string offsets = offsetsText(t->offset, t->offset + t->bytes);
        if (t->offset < covered) {
            errors.fail("data_offsets " + offsets + " overlap tensor '" + clip(previous->name) +
                        "' " + offsetsText(previous->offset, previous->offset + previous->bytes));
        }
        if (t->offset > covered) {
            errors.fail("data_offsets " + offsets + " leave bytes [" + std::to_string(covered) +
                        ", " + std::to_string(t->offset) + ") of the data region unused");
        }
        covered = t->offset + t->bytes;
        if (t->bytes > 0 || previous == nullptr) previous = t;
    }
    if (covered != dataBytes) {
        const std::string where = previous
                                      ? "after the end of tensor '" + clip(previous->name) + "'"
                                      : "but the header lists no tensors";
        throw CheckpointError(file + ": the data region has " +
                              std::to_string(dataBytes - covered) + " unused bytes " + where +
                              "; the file is corrupt");
    }
}

/// Parses the header JSON, refusing duplicate top-level keys (a plain parse keeps the last one
/// silently, which would hide a tensor) and nesting deeper than a header needs (deep values would
/// exhaust the stack wherever they are later walked recursively, e.g. by dump()).
json parseHeaderJson(const std::string& file, const char* begin, const char* end) {
    constexpr int kMaxDepth = 8;  // a valid header nests 3 levels deep
    std::set<std::string> keys;
    auto onEvent = [&](int depth, json::parse_event_t event, json& parsed) {
        const bool opens =
            event == json::parse_event_t::object_start || event == json::parse_event_t::array_start;
        if (opens && depth >= kMaxDepth) {
            throw CheckpointError(file + ": the header nests JSON values more than " +
                                  std::to_string(kMaxDepth) + " levels deep");
        }
        if (event == json::parse_event_t::key && depth == 1 &&
            !keys.insert(parsed.get<std::string>()).second) {
            throw CheckpointError(file + ": the header lists '" + clip(parsed.get<std::string>()) +
                                  "' twice");
        }
        return true;
    };
    try {
        return json::parse(begin, end, onEvent);
    } catch (const json::exception& e) {
        std::string reason = e.what();
        if (auto pos = reason.find("] "); pos != std::string::npos) reason.erase(0, pos + 2);
        throw CheckpointError(file + ": the header is not valid JSON (" + clip(reason) + ")");
    }
}

}  // namespace

// --- dtypes ---------------------------------------------------------------------------------

size_t dtypeSize(DType dtype) {
    return row(dtype).size;
}

std::string_view dtypeName(DType dtype) {
    return row(dtype).name;
}

std::optional<DType> parseDType(std::string_view name) {
    for (const DTypeRow& r : kDTypes) {
        if (name == r.name) return r.dtype;
    }
    return std::nullopt;
}

std::string formatShape(const std::vector<int64_t>& shape) {
    std::string out = "[";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i > 0) out += ", ";
        out += std::to_string(shape[i]);
    }
    return out + "]";
}

uint64_t TensorInfo::elementCount() const {
    uint64_t n = 1;
    for (int64_t dim : shape)
        n *= static_cast<uint64_t>(dim);
    return n;
}

// --- reader ---------------------------------------------------------------------------------

struct SafetensorsFile::Buffer {
    const unsigned char* data = nullptr;
    size_t size = 0;
    void* mapping = nullptr;  // set when the bytes are a file mapping
    std::string owned;        // set when the bytes came from fromMemory()

    Buffer() = default;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    ~Buffer() {
        if (mapping != nullptr) ::munmap(mapping, size);
    }
};

SafetensorsFile::SafetensorsFile(std::unique_ptr<Buffer> buffer, std::string name)
    : buffer_(std::move(buffer)), name_(std::move(name)) {}
SafetensorsFile::SafetensorsFile(SafetensorsFile&&) noexcept = default;
SafetensorsFile& SafetensorsFile::operator=(SafetensorsFile&&) noexcept = default;
SafetensorsFile::~SafetensorsFile() = default;

SafetensorsFile SafetensorsFile::open(const fs::path& path) {
    const std::string shown = path.string();
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw CheckpointError("cannot open " + shown + ": " + std::strerror(errno));
    auto buffer = std::make_unique<Buffer>();
    struct stat st {};
    int err = 0;
    if (::fstat(fd, &st) != 0) {
        err = errno;
    } else if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        throw CheckpointError("cannot open " + shown + ": not a regular file");
    } else if (st.st_size > 0) {
        void* mapping =
            ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
        if (mapping == MAP_FAILED) {
            err = errno;
        } else {
            buffer->mapping = mapping;
            buffer->data = static_cast<const unsigned char*>(mapping);
            buffer->size = static_cast<size_t>(st.st_size);
        }
    }
    ::close(fd);  // the mapping stays valid without the descriptor
    if (err != 0) throw CheckpointError("cannot read " + shown + ": " + std::strerror(err));
    SafetensorsFile file(std::move(buffer), shown);
    file.parse();
    return file;
}

SafetensorsFile SafetensorsFile::fromMemory(std::string bytes, std::string name) {
    auto buffer = std::make_unique<Buffer>();
    buffer->owned = std::move(bytes);
    buffer->data = reinterpret_cast<const unsigned char*>(buffer->owned.data());
    buffer->size = buffer->owned.size();
    SafetensorsFile file(std::move(buffer), std::move(name));
    file.parse();
    return file;
}

void SafetensorsFile::parse() {
    const uint64_t size = buffer_->size;
    if (size < 8) {
        throw CheckpointError(name_ + ": the file has " + std::to_string(size) +
                              " bytes, fewer than the 8-byte header length; it is truncated or "
                              "not a safetensors file");
    }
    headerBytes_ = readLe64(buffer_->data);
    if (headerBytes_ > kMaxHeaderBytes) {
        throw CheckpointError(name_ + ": header length " + std::to_string(headerBytes_) +
                              " bytes exceeds the limit of " + std::to_string(kMaxHeaderBytes) +
                              "; the file is corrupt or not a safetensors file");
    }
    if (headerBytes_ > size - 8) {
        throw CheckpointError(name_ + ": header length " + std::to_string(headerBytes_) +
                              " bytes, but only " + std::to_string(size - 8) +
                              " bytes follow it; the file is truncated");
    }
    const char* header = reinterpret_cast<const char*>(buffer_->data) + 8;
    if (headerBytes_ == 0 || header[0] != '{') {
        throw CheckpointError(name_ +
                              ": the header does not start with '{'; not a safetensors "
                              "file");
    }
    dataBegin_ = buffer_->data + 8 + headerBytes_;
    dataBytes_ = size - 8 - headerBytes_;

    const json root = parseHeaderJson(name_, header, header + headerBytes_);
    // A JSON object is a sorted map, so tensors come out sorted by name.
    for (const auto& [key, value] : root.items()) {
        if (key == "__metadata__") {
            metadata_ = parseMetadata(name_, value);
        } else {
            tensors_.push_back(parseTensor(name_, key, value, dataBytes_));
        }
    }
    checkCoverage(name_, tensors_, dataBytes_);
}

const TensorInfo* SafetensorsFile::find(std::string_view name) const {
    auto it = std::lower_bound(tensors_.begin(), tensors_.end(), name,
                               [](const TensorInfo& t, std::string_view n) { return t.name < n; });
    return it != tensors_.end() && it->name == name ? &*it : nullptr;
}

const TensorInfo& SafetensorsFile::at(std::string_view name) const {
    if (const TensorInfo* info = find(name)) return *info;
    throw CheckpointError(name_ + ": no tensor '" + clip(std::string(name)) + "' in the file");
}

const void* SafetensorsFile::data(const TensorInfo& info) const {
    if (info.offset > dataBytes_ || info.bytes > dataBytes_ - info.offset) {
        throw std::logic_error("SafetensorsFile::data: tensor '" + info.name + "' is not from " +
                               name_);
    }
    return dataBegin_ + info.offset;
}

// --- writer ---------------------------------------------------------------------------------

void SafetensorsWriter::add(std::string name, DType dtype, std::vector<int64_t> shape,
                            const void* data, uint64_t bytes) {
    const TensorErrors errors("safetensors writer", name);
    if (name == "__metadata__") errors.fail("the name is reserved for the metadata");
    for (const Entry& e : entries_) {
        if (e.info.name == name) errors.fail("added twice");
    }
    const std::optional<uint64_t> needed = byteCount(shape, dtypeSize(dtype));
    if (!needed) {
        errors.fail(describe(shape, dtype) + " has a negative dimension or overflows");
    }
    if (bytes != *needed) {
        errors.fail(std::to_string(bytes) + " bytes given but " + describe(shape, dtype) +
                    " needs " + std::to_string(*needed));
    }
    if (data == nullptr && bytes > 0) errors.fail("no data");
    Entry entry;
    entry.info = TensorInfo{std::move(name), dtype, std::move(shape), 0, bytes};
    entry.data = data;
    entries_.push_back(std::move(entry));
}

std::vector<const SafetensorsWriter::Entry*> SafetensorsWriter::fileOrder() const {
    std::vector<const Entry*> order;
    order.reserve(entries_.size());
    for (const Entry& e : entries_)
        order.push_back(&e);
    std::sort(order.begin(), order.end(), [](const Entry* a, const Entry* b) {
        const int ra = row(a->info.dtype).rank, rb = row(b->info.dtype).rank;
        return ra != rb ? ra > rb : a->info.name < b->info.name;
    });
    return order;
}

std::string SafetensorsWriter::headerBytes() const {
    // ordered_json keeps insertion order: the reference writer's order, not alphabetical.
    nlohmann::ordered_json root = nlohmann::ordered_json::object();
    if (!metadata_.empty()) {
        auto& meta = root["__metadata__"] = nlohmann::ordered_json::object();
        for (const auto& [key, value] : metadata_)
            meta[key] = value;
    }
    uint64_t offset = 0;
    for (const Entry* e : fileOrder()) {
        nlohmann::ordered_json entry = nlohmann::ordered_json::object();
        entry["dtype"] = std::string(dtypeName(e->info.dtype));
        entry["shape"] = e->info.shape;
        entry["data_offsets"] = {offset, offset + e->info.bytes};
        offset += e->info.bytes;
        root[e->info.name] = std::move(entry);
    }
    std::string text;
    try {
        text = root.dump();
    } catch (const nlohmann::json::type_error&) {
        throw CheckpointError(
            "safetensors writer: a tensor name or metadata string is not "
            "valid UTF-8");
    }
    text.append((8 - text.size() % 8) % 8, ' ');  // keeps the data region 8-byte aligned
    const uint64_t n = text.size();
    std::string out(sizeof n, '\0');
    std::memcpy(out.data(), &n, sizeof n);  // little-endian host (checked above)
    return out + text;
}

std::string SafetensorsWriter::toBytes() const {
    std::string out = headerBytes();
    for (const Entry* e : fileOrder())
        out.append(static_cast<const char*>(e->data), e->info.bytes);
    return out;
}

namespace {

void writeAll(int fd, const void* data, uint64_t size, const std::string& shown) {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
        // write(2) transfers at most ~2 GiB per call; large tensors take several.
        const size_t chunk = static_cast<size_t>(std::min<uint64_t>(size, uint64_t{1} << 30));
        const ssize_t n = ::write(fd, p, chunk);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw CheckpointError("cannot write " + shown + ": " + std::strerror(errno));
        }
        p += n;
        size -= static_cast<uint64_t>(n);
    }
}

}  // namespace

void SafetensorsWriter::write(const fs::path& path) const {
    const std::string shown = path.string();
    const std::string header = headerBytes();  // before creating files: it validates UTF-8
    fs::path dir = path.parent_path();
    if (dir.empty()) dir = ".";
    std::string tmpl = (dir / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
    int fd = ::mkstemp(tmpl.data());
    if (fd < 0) {
        throw CheckpointError("cannot write " + shown + ": " + std::strerror(errno) +
                              " (check that " + dir.string() + " exists and is writable)");
    }
    try {
        writeAll(fd, header.data(), header.size(), shown);
        for (const Entry* e : fileOrder())
            writeAll(fd, e->data, e->info.bytes, shown);
        if (::fsync(fd) != 0) {
            throw CheckpointError("cannot flush " + shown + ": " + std::strerror(errno));
        }
        ::fchmod(fd, 0644);  // mkstemp creates 0600; checkpoints are ordinary data files
        const int closed = ::close(fd);
        fd = -1;
        if (closed != 0) {
            throw CheckpointError("cannot close " + shown + ": " + std::strerror(errno));
        }
        if (::rename(tmpl.c_str(), path.c_str()) != 0) {
            throw CheckpointError("cannot replace " + shown + ": " + std::strerror(errno));
        }
    } catch (...) {
        if (fd >= 0) ::close(fd);
        ::unlink(tmpl.c_str());
        throw;
    }
    try {
        syncDirectory(dir);
    } catch (const DataError& e) {
        throw CheckpointError(std::string(e.what()) + " (after writing " + shown + ")");
    }
}

// --- half precision -------------------------------------------------------------------------

namespace {

float bitsToFloat(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

uint32_t floatToBits(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    return bits;
}

/// Shifts `value` right by `shift` (1..31) rounding to nearest, ties to even.
uint32_t shiftRoundEven(uint32_t value, int shift) {
    const uint32_t result = value >> shift;
    const uint32_t rest = value & ((uint32_t{1} << shift) - 1);
    const uint32_t half = uint32_t{1} << (shift - 1);
    return result + ((rest > half || (rest == half && (result & 1))) ? 1 : 0);
}

}  // namespace

float halfToFloat(uint16_t h) {
    const uint32_t sign = uint32_t{h & 0x8000u} << 16;
    const uint32_t exponent = (h >> 10) & 0x1f;
    uint32_t mantissa = h & 0x3ffu;
    if (exponent == 0x1f) return bitsToFloat(sign | 0x7f800000u | (mantissa << 13));  // inf, NaN
    if (exponent != 0) return bitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
    if (mantissa == 0) return bitsToFloat(sign);
    // Subnormal half: normalise, since every half subnormal is a normal float.
    int shifts = 0;
    while ((mantissa & 0x400u) == 0) {
        mantissa <<= 1;
        ++shifts;
    }
    const uint32_t floatExponent = static_cast<uint32_t>(113 - shifts);
    return bitsToFloat(sign | (floatExponent << 23) | ((mantissa & 0x3ffu) << 13));
}

float bfloat16ToFloat(uint16_t bits) {
    return bitsToFloat(uint32_t{bits} << 16);
}

uint16_t floatToHalf(float value) {
    const uint32_t bits = floatToBits(value);
    const auto sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
    const uint32_t magnitude = bits & 0x7fffffffu;
    if (magnitude > 0x7f800000u) {  // NaN: quiet, keep the top payload bits
        return static_cast<uint16_t>(sign | 0x7e00u | ((magnitude >> 13) & 0x3ffu));
    }
    if (magnitude >= 0x477ff000u) return sign | 0x7c00u;  // >= 65520 rounds to infinity
    const uint32_t exponent = magnitude >> 23;
    if (exponent >= 113) {  // normal half (>= 2^-14); a carry may move to the next exponent
        return static_cast<uint16_t>(sign | shiftRoundEven(magnitude - (112u << 23), 13));
    }
    if (exponent < 102) return sign;  // below 2^-25: rounds to zero
    // Subnormal half: units of 2^-24.
    const uint32_t mantissa = (magnitude & 0x7fffffu) | 0x800000u;
    return static_cast<uint16_t>(sign | shiftRoundEven(mantissa, static_cast<int>(126 - exponent)));
}

uint16_t floatToBfloat16(float value) {
    const uint32_t bits = floatToBits(value);
    if ((bits & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((bits >> 16) | 0x40u);
    return static_cast<uint16_t>(shiftRoundEven(bits, 16) & 0xffffu);
}

std::vector<float> toFloat32(const SafetensorsFile& file, const TensorInfo& info) {
    const auto* bytes = static_cast<const unsigned char*>(file.data(info));
    const size_t count = static_cast<size_t>(info.bytes / dtypeSize(info.dtype));
    std::vector<float> out(count);
    if (info.dtype == DType::F32) {
        // A tensor with a zero dimension has no bytes (and `out` no buffer: memcpy's null).
        if (count > 0) std::memcpy(out.data(), bytes, count * sizeof(float));
        return out;
    }
    if (info.dtype != DType::F16 && info.dtype != DType::BF16) {
        throw CheckpointError(file.name() + ": tensor '" + clip(info.name) + "' is " +
                              std::string(dtypeName(info.dtype)) +
                              "; only F32, F16 and BF16 tensors can be loaded as float32");
    }
    const bool half = info.dtype == DType::F16;
    for (size_t i = 0; i < count; ++i) {
        uint16_t bits;
        std::memcpy(&bits, bytes + 2 * i, sizeof bits);  // the data may be unaligned
        out[i] = half ? halfToFloat(bits) : bfloat16ToFloat(bits);
    }
    return out;
}

void fromFloat32(const float* values, size_t count, DType dtype, void* out) {
    if (dtype == DType::F32) {
        if (count > 0) std::memcpy(out, values, count * sizeof(float));  // empty: may be null
        return;
    }
    if (dtype != DType::F16 && dtype != DType::BF16) {
        throw std::invalid_argument("fromFloat32: target must be F32, F16 or BF16");
    }
    auto* bytes = static_cast<unsigned char*>(out);
    for (size_t i = 0; i < count; ++i) {
        const uint16_t bits =
            dtype == DType::F16 ? floatToHalf(values[i]) : floatToBfloat16(values[i]);
        std::memcpy(bytes + 2 * i, &bits, sizeof bits);
    }
}

}  // namespace isomorph::model_io

#pragma once

// Hugging Face safetensors files without LibTorch: a validating, zero-copy reader and a streaming,
// atomic, deterministic writer (docs/checkpoint-format.md describes the subset and the checks).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace isomorph::model_io {

/// Element types of the supported subset. Values are stored little-endian; Bool is one byte.
enum class DType { F32, F16, BF16, F64, I64, I32, I16, I8, U8, Bool };

/// Bytes per element.
size_t dtypeSize(DType dtype);
/// The name used in the header: "F32", "BF16", "BOOL", ...
std::string_view dtypeName(DType dtype);
/// The DType for a header name (case-sensitive, as in the format), or nothing if unsupported.
std::optional<DType> parseDType(std::string_view name);

/// A shape as messages show it: "[2, 2]".
std::string formatShape(const std::vector<int64_t>& shape);

/// One tensor of a file. `offset` and `bytes` are in bytes; `offset` counts from the first byte
/// after the header (the start of the data region), as `data_offsets` does in the file.
struct TensorInfo {
    std::string name;
    DType dtype = DType::F32;
    std::vector<int64_t> shape;
    uint64_t offset = 0;
    uint64_t bytes = 0;

    /// Product of the shape (1 for a scalar, shape []).
    uint64_t elementCount() const;
};

/// Free-form string -> string map stored under "__metadata__".
using Metadata = std::map<std::string, std::string>;

/// A validated safetensors file, memory-mapped read-only (or held in memory, fromMemory). Tensor
/// data is never copied: data() points into the mapping, which lives as long as this object.
/// Every malformed input is reported as CheckpointError naming the file and the tensor or field.
class SafetensorsFile {
  public:
    /// Header size limit of the reference implementation; larger headers are refused unread.
    static constexpr uint64_t kMaxHeaderBytes = 100'000'000;

    /// Maps `path` and validates it completely (see docs/checkpoint-format.md). The file must not
    /// be truncated by someone else while it is open (the kernel would raise SIGBUS on access).
    static SafetensorsFile open(const std::filesystem::path& path);
    /// Same checks on bytes in memory; `name` stands in for the file name in messages.
    static SafetensorsFile fromMemory(std::string bytes, std::string name);

    SafetensorsFile(SafetensorsFile&&) noexcept;
    SafetensorsFile& operator=(SafetensorsFile&&) noexcept;
    ~SafetensorsFile();

    /// The path or name given to open()/fromMemory().
    const std::string& name() const { return name_; }
    /// All tensors, sorted by name.
    const std::vector<TensorInfo>& tensors() const { return tensors_; }
    /// The tensor called `name`, or nullptr.
    const TensorInfo* find(std::string_view name) const;
    /// The tensor called `name`; throws CheckpointError naming the file if there is none.
    const TensorInfo& at(std::string_view name) const;
    /// First byte of a tensor's data (`info.bytes` bytes). Files from other writers need not
    /// align data to the element size, so read elements with memcpy, not through a cast pointer.
    const void* data(const TensorInfo& info) const;
    const Metadata& metadata() const { return metadata_; }
    /// Length of the JSON header in bytes (N) and of the data region.
    uint64_t headerBytes() const { return headerBytes_; }
    uint64_t dataBytes() const { return dataBytes_; }

  private:
    struct Buffer;
    SafetensorsFile(std::unique_ptr<Buffer> buffer, std::string name);
    void parse();

    std::unique_ptr<Buffer> buffer_;
    std::string name_;
    std::vector<TensorInfo> tensors_;
    Metadata metadata_;
    uint64_t headerBytes_ = 0;
    uint64_t dataBytes_ = 0;
    const unsigned char* dataBegin_ = nullptr;
};

/// Collects tensors and writes a safetensors file laid out exactly as the reference (Python/Rust)
/// implementation lays it out: data ordered by element size (largest first, so every tensor is
/// aligned to its element size) and then by name, the header in the same order with
/// "__metadata__" first, compact JSON padded with spaces to a multiple of 8 bytes. The output
/// depends only on the tensors and metadata, never on the order of add() calls.
class SafetensorsWriter {
  public:
    /// Registers a tensor. The writer does not copy `data`: it must stay valid until write() or
    /// toBytes() returns. Throws CheckpointError for a duplicate or reserved name, a negative or
    /// overflowing shape, or `bytes` (in bytes) different from product(shape) * dtypeSize(dtype).
    void add(std::string name, DType dtype, std::vector<int64_t> shape, const void* data,
             uint64_t bytes);
    void setMetadata(Metadata metadata) { metadata_ = std::move(metadata); }

    /// Writes the file atomically: a temporary file in the same folder receives the header and
    /// then each tensor's bytes straight from the caller's buffers (no second copy of the model in
    /// memory), is flushed, renamed over `path`, and the folder is flushed. Throws CheckpointError
    /// naming the path; no temporary file outlives a failure.
    void write(const std::filesystem::path& path) const;
    /// The same bytes in memory (tests, small files).
    std::string toBytes() const;
    /// The 8-byte length prefix followed by the padded JSON header.
    std::string headerBytes() const;

  private:
    struct Entry {
        TensorInfo info;
        const void* data = nullptr;
    };
    std::vector<const Entry*> fileOrder() const;

    std::vector<Entry> entries_;
    Metadata metadata_;
};

/// Half-precision conversions (IEEE binary16 and bfloat16). Widening is exact, including
/// subnormals, infinities and NaN (payload kept); narrowing rounds to nearest, ties to even,
/// overflows to infinity and keeps NaN a (quiet) NaN.
float halfToFloat(uint16_t bits);
float bfloat16ToFloat(uint16_t bits);
uint16_t floatToHalf(float value);
uint16_t floatToBfloat16(float value);

/// A tensor's values as float32, for loading F16/BF16 (or F32) checkpoints into float32 models.
/// Throws CheckpointError naming the file and tensor for any other dtype.
std::vector<float> toFloat32(const SafetensorsFile& file, const TensorInfo& info);
/// Narrows `count` floats to `dtype` (F32, F16 or BF16) into `out`, which must hold
/// count * dtypeSize(dtype) bytes; for writing half-precision checkpoints.
void fromFloat32(const float* values, size_t count, DType dtype, void* out);

}  // namespace isomorph::model_io

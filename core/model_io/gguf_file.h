#pragma once

// GGUF, the single-file model format of llama.cpp (ggml), read for conversion of BERT and XLM-R
// embedding models into a checkpoint folder (core/model/model_import.h). The layout
// (little-endian; versions 2 and 3):
//
//   "GGUF", u32 version, u64 tensor count, u64 metadata count;
//   metadata {string key, u32 value type, value}, strings as {u64 bytes, UTF-8}, arrays as
//   {u32 element type, u64 count, elements};
//   tensor infos {string name, u32 dimensions, u64 ne[dimensions] (ne[0] the fastest: a
//   [out][in] matrix has ne = {in, out}), u32 ggml type, u64 offset from the data start};
//   padding to general.alignment (32 when absent); the tensor data.
//
// Tensor types read: F32, F16, Q8_0 (blocks of 32: {fp16 d, i8 q[32]}, w = d q), Q4_0 (blocks
// of 32: {fp16 d, u8 q[16]}, w[j] = d (low nibble of q[j] - 8), w[j + 16] = d (high nibble -
// 8)) and Q6_K (what llama-quantize stores the token embedding of a Q4_0 model as). Every field is
// checked against the file's size; a problem throws DataError naming the file, the field and its
// byte offset; other tensor types name the tensor and type. Torch-free.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace isomorph::model_io {

/// A metadata value: a scalar, a string, or an array of numbers or strings.
struct GgufValue {
    enum class Type : uint32_t {
        U8 = 0,
        I8 = 1,
        U16 = 2,
        I16 = 3,
        U32 = 4,
        I32 = 5,
        F32 = 6,
        Bool = 7,
        String = 8,
        Array = 9,
        U64 = 10,
        I64 = 11,
        F64 = 12
    };
    Type type = Type::U32;
    Type elementType = Type::U32;      ///< of an array
    double number = 0;                 ///< a numeric or bool scalar
    std::string text;                  ///< a string
    std::vector<double> numbers;       ///< an array of numbers (bools as 0/1)
    std::vector<std::string> strings;  ///< an array of strings
    std::string bytes;    ///< an array of u8 or i8 as its raw bytes (also in `numbers`)
    uint64_t offset = 0;  ///< of the value in the file, for messages
};

struct GgufTensor {
    enum class Type : uint32_t { F32 = 0, F16 = 1, Q4_0 = 2, Q8_0 = 8, Q6_K = 14 };
    std::string name;          ///< "blk.0.attn_q.weight"
    std::vector<uint64_t> ne;  ///< dimensions, fastest first
    uint32_t type = 0;         ///< ggml type (GgufTensor::Type for those read)
    uint64_t offset = 0;       ///< absolute, of its first byte
    uint64_t bytes = 0;
    uint64_t elements() const;
};

/// "F32", "Q4_K" (the ggml name of a type), or "type N".
std::string ggmlTypeName(uint32_t type);

class GgufFile {
  public:
    /// Reads and checks `path` (the whole file is read into memory).
    static GgufFile read(const std::filesystem::path& path);
    /// The same for bytes in memory; `origin` names them in messages.
    static GgufFile parse(std::string bytes, const std::string& origin);

    uint32_t version = 0;
    uint64_t alignment = 32;
    std::map<std::string, GgufValue> metadata;
    std::vector<GgufTensor> tensors;  ///< in file order

    bool has(const std::string& key) const { return metadata.count(key) > 0; }
    /// The value of `key`; DataError naming the key (and the file) when it is missing or of
    /// another kind.
    const GgufValue& at(const std::string& key) const;
    std::string string(const std::string& key) const;
    double number(const std::string& key) const;
    /// `key`'s number, or `fallback` when the file has no `key`.
    double number(const std::string& key, double fallback) const;

    /// The tensor `name`, or nullptr.
    const GgufTensor* find(const std::string& name) const;
    /// The tensor `name`; DataError naming it when missing.
    const GgufTensor& tensor(const std::string& name) const;
    /// Its values as float32 (F16, Q8_0 and Q4_0 dequantised); DataError naming the tensor and
    /// its type for a type not read here.
    std::vector<float> values(const GgufTensor& tensor) const;
    const std::string& origin() const { return origin_; }

  private:
    std::string bytes_;
    std::string origin_;
};

}  // namespace isomorph::model_io

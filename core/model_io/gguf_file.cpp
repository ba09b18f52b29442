#include "core/model_io/gguf_file.h"

#include <cstring>

#include <fmt/format.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/model_io/byte_cursor.h"
#include "core/model_io/q4_blocks.h"
#include "core/model_io/safetensors.h"

namespace isomorph::model_io {

namespace {

const std::string kAdvice =
    "the file is not an intact GGUF model (convert it again, e.g. with llama.cpp's "
    "convert_hf_to_gguf.py)";

constexpr uint64_t kBlock = 32;        // weights per Q4_0 / Q8_0 block
constexpr uint64_t kSuperBlock = 256;  // weights per Q6_K block
constexpr uint64_t kMaxDims = 4;
// Bounds that only a damaged file exceeds (they keep counts from allocating the machine away).
constexpr uint64_t kMaxCount = uint64_t{1} << 32;
constexpr uint64_t kMaxString = uint64_t{1} << 30;

using Type = GgufValue::Type;

std::string typeName(Type t) {
    static const char* names[] = {"u8",   "i8",     "u16",   "i16", "u32", "i32", "f32",
                                  "bool", "string", "array", "u64", "i64", "f64"};
    const auto i = static_cast<uint32_t>(t);
    return i < std::size(names) ? names[i] : fmt::format("type {}", i);
}

class Reader : public ByteCursor {
  public:
    Reader(const std::string& bytes, const std::string& origin)
        : ByteCursor(bytes, origin, kAdvice) {}

    std::string string(const std::string& field) {
        const uint64_t at = pos();
        const auto n = get<uint64_t>(field + " length");
        if (n > kMaxString) fail(field, at, fmt::format("a string of {} bytes", n));
        return bytes(n, field);
    }

    Type type(const std::string& field) {
        const uint64_t at = pos();
        const auto t = get<uint32_t>(field);
        if (t > static_cast<uint32_t>(Type::F64))
            fail(field, at, fmt::format("unknown value type {}", t));
        return static_cast<Type>(t);
    }

    /// A numeric or bool scalar of type `t` as a double.
    double scalar(Type t, const std::string& field) {
        switch (t) {
            case Type::U8:
                return get<uint8_t>(field);
            case Type::I8:
                return get<int8_t>(field);
            case Type::U16:
                return get<uint16_t>(field);
            case Type::I16:
                return get<int16_t>(field);
            case Type::U32:
                return get<uint32_t>(field);
            case Type::I32:
                return get<int32_t>(field);
            case Type::F32:
                return get<float>(field);
            case Type::Bool:
                return get<uint8_t>(field) != 0 ? 1.0 : 0.0;
            case Type::U64:
                return static_cast<double>(get<uint64_t>(field));
            case Type::I64:
                return static_cast<double>(get<int64_t>(field));
            case Type::F64:
                return get<double>(field);
            case Type::String:
            case Type::Array:
                break;
        }
        fail(field, pos(), "not a number");
    }

    GgufValue value(Type t, const std::string& field) {
        GgufValue v;
        v.type = t;
        v.offset = pos();
        if (t == Type::String) {
            v.text = string(field);
        } else if (t == Type::Array) {
            v.elementType = type(field + " element type");
            const uint64_t at = pos();
            const auto n = get<uint64_t>(field + " element count");
            if (n > kMaxCount) fail(field, at, fmt::format("an array of {} elements", n));
            if (v.elementType == Type::Array)
                fail(field, at, "arrays of arrays are not read (no BERT model needs one)");
            if (v.elementType == Type::String) {
                v.strings.reserve(n);
                for (uint64_t i = 0; i < n; ++i)
                    v.strings.push_back(string(fmt::format("{}[{}]", field, i)));
            } else {
                // Numbers: each element read in turn (the file may end midway: named).
                if (v.elementType == Type::U8 || v.elementType == Type::I8) {
                    v.bytes = bytes(n, field);
                    for (const char c : v.bytes)
                        v.numbers.push_back(v.elementType == Type::U8
                                                ? static_cast<double>(static_cast<uint8_t>(c))
                                                : static_cast<double>(static_cast<int8_t>(c)));
                } else {
                    v.numbers.reserve(n);
                    for (uint64_t i = 0; i < n; ++i)
                        v.numbers.push_back(scalar(v.elementType, field));
                }
            }
        } else {
            v.number = scalar(t, field);
        }
        return v;
    }
};

/// Bytes of `elements` values of ggml type `type`, or 0 for a type not read here.
uint64_t storedBytes(uint32_t type, uint64_t elements) {
    switch (static_cast<GgufTensor::Type>(type)) {
        case GgufTensor::Type::F32:
            return 4 * elements;
        case GgufTensor::Type::F16:
            return 2 * elements;
        case GgufTensor::Type::Q4_0:
            return elements / kBlock * 18;
        case GgufTensor::Type::Q8_0:
            return elements / kBlock * 34;
        case GgufTensor::Type::Q6_K:
            return elements / kSuperBlock * 210;
    }
    return 0;
}

/// ggml's Q6_K: super-blocks of 256 weights as {u8 ql[128], u8 qh[64], i8 scales[16], fp16 d};
/// 6-bit values (4 low bits in ql, 2 high in qh) minus 32, times d and a scale per 16 weights.
void dequantizeQ6_K(const char* p, uint64_t blocks, float* out) {
    for (uint64_t b = 0; b < blocks; ++b) {
        const auto* block = reinterpret_cast<const unsigned char*>(p + 210 * b);
        uint16_t bits;
        std::memcpy(&bits, block + 208, 2);
        const float d = halfToFloat(bits);
        const unsigned char* ql = block;
        const unsigned char* qh = block + 128;
        const auto* sc = reinterpret_cast<const signed char*>(block + 192);
        float* y = out + b * kSuperBlock;
        for (int half = 0; half < 2; ++half) {
            for (int l = 0; l < 32; ++l) {
                const int s = l / 16;
                const int q1 = ((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
                const int q2 = ((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
                const int q3 = ((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
                const int q4 = ((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
                y[l] = d * static_cast<float>(sc[s] * q1);
                y[l + 32] = d * static_cast<float>(sc[s + 2] * q2);
                y[l + 64] = d * static_cast<float>(sc[s + 4] * q3);
                y[l + 96] = d * static_cast<float>(sc[s + 6] * q4);
            }
            y += 128;
            ql += 64;
            qh += 32;
            sc += 8;
        }
    }
}

}  // namespace

uint64_t GgufTensor::elements() const {
    uint64_t n = 1;
    for (const uint64_t d : ne)
        n *= d;
    return n;
}

std::string ggmlTypeName(uint32_t type) {
    // ggml's type numbering (ggml.h, enum ggml_type); 4 and 5 are retired.
    static const std::map<uint32_t, const char*> names = {
        {0, "F32"},     {1, "F16"},      {2, "Q4_0"},   {3, "Q4_1"},    {6, "Q5_0"},
        {7, "Q5_1"},    {8, "Q8_0"},     {9, "Q8_1"},   {10, "Q2_K"},   {11, "Q3_K"},
        {12, "Q4_K"},   {13, "Q5_K"},    {14, "Q6_K"},  {15, "Q8_K"},   {16, "IQ2_XXS"},
        {17, "IQ2_XS"}, {18, "IQ3_XXS"}, {19, "IQ1_S"}, {20, "IQ4_NL"}, {21, "IQ3_S"},
        {22, "IQ2_S"},  {23, "IQ4_XS"},  {24, "I8"},    {25, "I16"},    {26, "I32"},
        {27, "I64"},    {28, "F64"},     {29, "IQ1_M"}, {30, "BF16"}};
    const auto it = names.find(type);
    return it == names.end() ? fmt::format("type {}", type) : it->second;
}

GgufFile GgufFile::read(const std::filesystem::path& path) {
    return parse(readWholeFile(path), path.string());
}

GgufFile GgufFile::parse(std::string bytes, const std::string& origin) {
    GgufFile f;
    f.bytes_ = std::move(bytes);
    f.origin_ = origin;
    Reader r(f.bytes_, f.origin_);
    if (r.bytes(4, "magic") != "GGUF") r.fail("magic", 0, "not \"GGUF\" (this is not a GGUF file)");
    f.version = r.get<uint32_t>("version");
    if (f.version < 2 || f.version > 3)
        r.fail("version", 4,
               fmt::format("version {} (versions 2 and 3 are read; convert the model again with a "
                           "current llama.cpp)",
                           f.version));
    const uint64_t tensorsAt = r.pos();
    const auto tensorCount = r.get<uint64_t>("tensor count");
    if (tensorCount > kMaxCount) r.fail("tensor count", tensorsAt, std::to_string(tensorCount));
    const uint64_t kvAt = r.pos();
    const auto kvCount = r.get<uint64_t>("metadata count");
    if (kvCount > kMaxCount) r.fail("metadata count", kvAt, std::to_string(kvCount));
    for (uint64_t i = 0; i < kvCount; ++i) {
        const std::string key = r.string(fmt::format("metadata key {}", i));
        const Type t = r.type("value type of " + key);
        f.metadata[key] = r.value(t, key);
    }
    if (const auto it = f.metadata.find("general.alignment"); it != f.metadata.end()) {
        const double a = it->second.number;
        if (a < 1 || a > 65536 || (static_cast<uint64_t>(a) & (static_cast<uint64_t>(a) - 1)))
            r.fail("general.alignment", it->second.offset,
                   fmt::format("{} is not a power of two", a));
        f.alignment = static_cast<uint64_t>(a);
    }
    std::vector<uint64_t> relative;
    for (uint64_t i = 0; i < tensorCount; ++i) {
        GgufTensor t;
        t.name = r.string(fmt::format("tensor {} name", i));
        const uint64_t dimsAt = r.pos();
        const auto dims = r.get<uint32_t>("dimensions of " + t.name);
        if (dims == 0 || dims > kMaxDims)
            r.fail("dimensions of " + t.name, dimsAt, fmt::format("{} dimensions", dims));
        for (uint32_t d = 0; d < dims; ++d) {
            const uint64_t at = r.pos();
            const auto n = r.get<uint64_t>("shape of " + t.name);
            if (n == 0 || n > kMaxCount) r.fail("shape of " + t.name, at, std::to_string(n));
            t.ne.push_back(n);
        }
        t.type = r.get<uint32_t>("type of " + t.name);
        relative.push_back(r.get<uint64_t>("offset of " + t.name));
        f.tensors.push_back(std::move(t));
    }
    const uint64_t data = (r.pos() + f.alignment - 1) / f.alignment * f.alignment;
    for (size_t i = 0; i < f.tensors.size(); ++i) {
        GgufTensor& t = f.tensors[i];
        t.offset = data + relative[i];
        t.bytes = storedBytes(t.type, t.elements());
        const bool blocks = t.type == static_cast<uint32_t>(GgufTensor::Type::Q4_0) ||
                            t.type == static_cast<uint32_t>(GgufTensor::Type::Q8_0);
        const bool superBlocks = t.type == static_cast<uint32_t>(GgufTensor::Type::Q6_K);
        if ((blocks && t.ne[0] % kBlock != 0) || (superBlocks && t.ne[0] % kSuperBlock != 0))
            r.fail("shape of " + t.name, 0,
                   fmt::format("rows of {} values are not whole blocks of {}", t.ne[0],
                               superBlocks ? kSuperBlock : kBlock));
        if (t.bytes == 0) continue;  // a type not read: refused if the conversion needs it
        if (relative[i] % f.alignment != 0 || t.offset > f.bytes_.size() ||
            t.bytes > f.bytes_.size() - t.offset)
            r.fail("offset of " + t.name, t.offset,
                   fmt::format("its {} bytes lie past the end of the file ({} bytes)", t.bytes,
                               f.bytes_.size()));
    }
    return f;
}

const GgufValue& GgufFile::at(const std::string& key) const {
    const auto it = metadata.find(key);
    if (it == metadata.end())
        throw DataError(fmt::format("{}: no metadata key {}; {}", origin_, key, kAdvice));
    return it->second;
}

std::string GgufFile::string(const std::string& key) const {
    const GgufValue& v = at(key);
    if (v.type != Type::String)
        throw DataError(fmt::format("{}: metadata {} at byte {} is a {}, not a string", origin_,
                                    key, v.offset, typeName(v.type)));
    return v.text;
}

double GgufFile::number(const std::string& key) const {
    const GgufValue& v = at(key);
    if (v.type == Type::String || v.type == Type::Array)
        throw DataError(fmt::format("{}: metadata {} at byte {} is a {}, not a number", origin_,
                                    key, v.offset, typeName(v.type)));
    return v.number;
}

double GgufFile::number(const std::string& key, double fallback) const {
    return has(key) ? number(key) : fallback;
}

const GgufTensor* GgufFile::find(const std::string& name) const {
    for (const auto& t : tensors)
        if (t.name == name) return &t;
    return nullptr;
}

const GgufTensor& GgufFile::tensor(const std::string& name) const {
    if (const GgufTensor* t = find(name)) return *t;
    throw DataError(fmt::format("{}: no tensor {}; {}", origin_, name, kAdvice));
}

std::vector<float> GgufFile::values(const GgufTensor& t) const {
    if (t.bytes == 0)
        throw DataError(fmt::format(
            "{}: tensor {} is {}; the import reads F32, F16, Q8_0, Q4_0 and Q6_K tensors (convert "
            "the model again with --outtype f32, f16 or q8_0, or quantise to Q4_0)",
            origin_, t.name, ggmlTypeName(t.type)));
    const uint64_t n = t.elements();
    std::vector<float> out(n);
    const char* p = bytes_.data() + t.offset;
    auto half = [](const char* at) {
        uint16_t bits;
        std::memcpy(&bits, at, 2);
        return halfToFloat(bits);
    };
    switch (static_cast<GgufTensor::Type>(t.type)) {
        case GgufTensor::Type::F32:
            std::memcpy(out.data(), p, 4 * n);
            break;
        case GgufTensor::Type::F16:
            for (uint64_t i = 0; i < n; ++i)
                out[i] = half(p + 2 * i);
            break;
        case GgufTensor::Type::Q8_0:
            for (uint64_t b = 0; b < n / kBlock; ++b) {
                const char* block = p + 34 * b;
                const float d = half(block);
                for (uint64_t j = 0; j < kBlock; ++j)
                    out[b * kBlock + j] = d * static_cast<float>(static_cast<int8_t>(block[2 + j]));
            }
            break;
        case GgufTensor::Type::Q4_0:
            dequantizeQ4_0(p, n / kBlock, out.data());
            break;
        case GgufTensor::Type::Q6_K:
            dequantizeQ6_K(p, n / kSuperBlock, out.data());
            break;
    }
    return out;
}

}  // namespace isomorph::model_io

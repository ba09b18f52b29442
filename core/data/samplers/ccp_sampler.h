#pragma once

// Contrastive context prediction (CCP, Wu et al. 2022, Algorithm 1): a minibatch is N windows;
// from each window its center sentence and one other sentence of the window, 2N sentences in all.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/data/samplers/collate.h"
#include "core/data/samplers/item_planner.h"

namespace isomorph::data::samplers {

struct CcpOptions {
    SamplingOptions sampling = defaultSampling();  ///< batch = 32 windows, single-language
    uint32_t radius = 2;  ///< w: targets at distance 1..w (window of 2w+1 = 5, the paper's best)
    uint32_t maxTokens = 64;  ///< per sentence, including <s> and </s>

    static SamplingOptions defaultSampling() {
        SamplingOptions s;
        s.mode = BatchMode::SingleLanguage;  // the paper's language-specific memory bank
        return s;
    }
};

/// One CCP minibatch of N windows (N = batchSize).
struct CcpBatch {
    TokenMatrix sentences;            ///< [2N, T] int32: rows [0, N) centers, N + i the target of i
    std::vector<uint64_t> windowIds;  ///< [N] window id = global index of the center sentence;
                                      ///< rows i and N + i are the positive pair of window i
    std::vector<uint64_t> centers;    ///< [N] global sentence index of each center
    std::vector<uint64_t> targets;    ///< [N] global sentence index of each target
    std::vector<uint16_t> languages;  ///< [N] language index (ShardSet::languages())
    std::vector<uint64_t> epochs;     ///< [N] epoch of the stream each window came from
    int64_t language = -1;            ///< single-language batches: their language; else -1
};

/// Samples CCP windows from a shard set. A window is a center sentence of a document with at least
/// two sentences (the only eligible items); the target is drawn uniformly from the other sentences
/// of the document at distance <= radius, keyed by (seed, center, epoch).
class CcpSampler {
  public:
    /// Scans the set's sentence languages once (O(sentences) time, O(language runs) memory).
    /// Throws DataError when no document has two sentences.
    CcpSampler(const shards::ShardSet& set, const CcpOptions& options, const Cursor& cursor = {});
    // Not copyable or movable: the planner's callbacks refer to this object.
    CcpSampler(const CcpSampler&) = delete;
    CcpSampler& operator=(const CcpSampler&) = delete;

    CcpBatch next();
    Cursor cursor() const { return planner_->cursor(); }
    const CcpOptions& options() const { return options_; }
    /// Windows per language (eligible center sentences), index = language id.
    const std::vector<uint64_t>& windowsPerLanguage() const { return windows_; }
    /// Target of window `center` in `epoch` (exposed for tests and inspection).
    uint64_t targetOf(uint64_t center, uint64_t epoch) const;

  private:
    CcpOptions options_;
    CorpusIndex index_;
    std::vector<uint64_t> windows_;
    std::unique_ptr<ItemPlanner> planner_;
};

}  // namespace isomorph::data::samplers

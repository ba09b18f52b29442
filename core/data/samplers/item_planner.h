#pragma once

// The part every sampler shares: which items go into which batch on which rank.
//
// Items are global indices (sentences, documents, ...) listed by run tables per group (a group is
// a language or a language pair). Each stream walks a keyed Feistel permutation of its run table,
// one permutation per (seed, stream, epoch), skipping items that fail the sampler's eligibility
// test. A global step pulls worldSize * batchSize items from one stream; rank r keeps pulls
// [r * batchSize, (r + 1) * batchSize). The item sequence depends on the global step size
// (worldSize * batchSize), not on how it is split over ranks, so a run can resume from a Cursor
// with another split of the same global batch. Streams never end: the permutation of epoch e + 1
// follows that of epoch e, and a step may span the boundary; within a step no item is taken
// twice (a repeat across the boundary is skipped, and groups smaller than a step share batches:
// BatchMode::SingleLanguage).

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <vector>

#include "core/common/random.h"
#include "core/data/samplers/corpus_index.h"
#include "core/data/samplers/cursor.h"

namespace isomorph::data::samplers {

enum class BatchMode {
    Mixed,  ///< items of all groups (languages) in one stream
    /// Each step draws one group with probability ~ p_g^alpha; batch = that group. A group with
    /// fewer eligible items than a step takes (worldSize * batchSize) would repeat its items
    /// within the batch (false negatives for the contrastive objectives): such small groups
    /// share their batches instead, filled from all of them without repeats (the batch's group
    /// is then -1, each item keeps its own).
    SingleLanguage
};

/// Options shared by all samplers.
struct SamplingOptions {
    uint64_t seed = 0;                  ///< every random decision derives from it
    uint32_t batchSize = 32;            ///< items per rank and step
    uint32_t rank = 0;                  ///< this data-parallel rank, < worldSize
    uint32_t worldSize = 1;             ///< number of data-parallel ranks
    BatchMode mode = BatchMode::Mixed;  ///< mixed or single-language batches
    double alpha = 0.3;                 ///< SingleLanguage: exponent smoothing p_g (XLM-R's 0.3)
    uint32_t bucketPool = 1;            ///< length bucketing over pools of this many steps; 1 = off
    int32_t padMultiple = 1;            ///< pad lengths to a multiple of this (8 for tensor cores)
};

/// One sampled item: its global index, the epoch of its stream, its group.
struct ItemRef {
    uint64_t item = 0;
    uint64_t epoch = 0;
    uint32_t group = 0;
};

class ItemPlanner {
  public:
    using Eligible = std::function<bool(uint64_t item)>;
    using Length = std::function<uint64_t(const ItemRef&)>;

    /// groups[g] lists the candidate items of group g; eligibleCounts[g] says how many of them
    /// pass `eligible` (groups with none are never drawn). `length` orders items for bucketing
    /// (unused when bucketPool == 1). `tag` separates the random streams of different samplers.
    ItemPlanner(std::vector<RunTable> groups, std::vector<uint64_t> eligibleCounts,
                Eligible eligible, Length length, const SamplingOptions& options, uint64_t tag);

    /// This rank's next batch (batchSize items); advances the cursor by one global step.
    std::vector<ItemRef> next();
    /// State after the last batch returned; restore() of it continues identically.
    Cursor cursor() const;
    /// Cursor{} is the start in either mode. Throws DataError when the cursor does not fit this
    /// sampler (mode, group count).
    void restore(const Cursor& cursor);
    /// Group of the last batch (SingleLanguage), -1 for mixed batches.
    int64_t lastGroup() const { return lastGroup_; }
    const SamplingOptions& options() const { return options_; }

  private:
    struct State {
        std::vector<StreamCursor> streams;
        uint64_t step = 0;
    };
    struct Planned {
        std::vector<ItemRef> items;
        int64_t group = -1;
    };

    ItemRef pull(size_t stream);
    Planned planStep();
    size_t drawGroup(uint64_t step) const;
    void fillPool();
    const FeistelPermutation& permutation(size_t stream);

    /// The stream's next item not in `seen` (added to it).
    ItemRef pullUnseen(size_t stream, std::set<uint64_t>& seen);

    SamplingOptions options_;
    uint64_t tag_;
    uint64_t totalEligible_ = 0;
    std::vector<uint64_t> eligibleCounts_;
    std::vector<size_t> smallGroups_;  ///< SingleLanguage: groups that share their batches
    Eligible eligible_;
    Length length_;
    std::vector<RunTable> spaces_;    // one per stream
    std::vector<double> cumulative_;  // SingleLanguage: cumulative group probabilities
    std::vector<std::optional<FeistelPermutation>> permutations_;
    std::vector<uint64_t> permutationEpoch_;
    State state_;
    State poolStart_;
    std::vector<Planned> pool_;
    size_t poolServed_ = 0;
    int64_t lastGroup_ = -1;
};

}  // namespace isomorph::data::samplers

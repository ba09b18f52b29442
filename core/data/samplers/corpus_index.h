#pragma once

// Global views of a ShardSet for the samplers: global sentence numbering, sentence -> document
// lookup, and run tables (runs of consecutive global indices sharing a group such as a language),
// whose memory is O(runs) instead of O(items).

#include <cstdint>
#include <utility>
#include <vector>

#include "core/data/shards/shard_set.h"

namespace isomorph::data::samplers {

/// Concatenation of ranges [begin, end) of global indices, each tagged with a group id. at(i)
/// maps the i-th index of the concatenation back to a global index by binary search.
class RunTable {
  public:
    /// Appends [begin, end); merges with the last run when adjacent and of the same group.
    void append(uint64_t begin, uint64_t end, uint32_t group = 0);
    uint64_t size() const { return start_.empty() ? 0 : start_.back(); }
    size_t runCount() const { return begin_.size(); }
    /// Global index and group of the i-th index, i < size().
    std::pair<uint64_t, uint32_t> at(uint64_t i) const;
    /// All runs of `tables`, ordered by global index (for mixed-group sampling).
    static RunTable merge(const std::vector<RunTable>& tables);

  private:
    std::vector<uint64_t> begin_;
    std::vector<uint64_t> start_;  // start_[k] = size before run k; start_.back() = total
    std::vector<uint32_t> group_;
};

/// Global sentence and document numbering over all shards of a set (O(shards) memory).
class CorpusIndex {
  public:
    explicit CorpusIndex(const shards::ShardSet& set);

    const shards::ShardSet& set() const { return *set_; }
    uint64_t sentenceCount() const { return sentenceStart_.back(); }
    uint64_t documentCount() const { return documentStart_.back(); }

    shards::TokenSpan sentence(uint64_t s) const;
    uint64_t sentenceLength(uint64_t s) const;
    uint16_t language(uint64_t s) const;
    /// Global sentence range [first, last) of global document d.
    std::pair<uint64_t, uint64_t> documentSentences(uint64_t d) const;
    /// Global sentence range of the document holding global sentence s (binary search).
    std::pair<uint64_t, uint64_t> documentOf(uint64_t s) const;

    /// Calls f(documentBegin, documentEnd) (global sentence indices) for every document in
    /// order; one linear pass used to build run tables at construction.
    template <typename F>
    void forEachDocument(F&& f) const {
        for (size_t k = 0; k < set_->shards().size(); ++k) {
            const shards::Shard& shard = *set_->shards()[k];
            for (uint64_t d = 0; d < shard.documentCount(); ++d) {
                f(sentenceStart_[k] + shard.documentBegin(d),
                  sentenceStart_[k] + shard.documentEnd(d));
            }
        }
    }

  private:
    std::pair<size_t, uint64_t> locateSentence(uint64_t s) const;

    const shards::ShardSet* set_;
    std::vector<uint64_t> sentenceStart_{
        0};  // global index of each shard's first sentence, + total
    std::vector<uint64_t> documentStart_{0};
};

}  // namespace isomorph::data::samplers

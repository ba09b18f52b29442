#include "core/data/samplers/corpus_index.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace isomorph::data::samplers {

void RunTable::append(uint64_t begin, uint64_t end, uint32_t group) {
    if (end <= begin) return;
    if (start_.empty()) start_.push_back(0);
    const size_t n = begin_.size();
    if (n > 0 && group_[n - 1] == group && begin_[n - 1] + (start_[n] - start_[n - 1]) == begin) {
        start_[n] += end - begin;
        return;
    }
    begin_.push_back(begin);
    group_.push_back(group);
    start_.push_back(start_.back() + (end - begin));
}

std::pair<uint64_t, uint32_t> RunTable::at(uint64_t i) const {
    // Last run whose start is <= i.
    const auto it = std::upper_bound(start_.begin(), start_.end() - 1, i);
    const size_t k = static_cast<size_t>(it - start_.begin()) - 1;
    return {begin_[k] + (i - start_[k]), group_[k]};
}

RunTable RunTable::merge(const std::vector<RunTable>& tables) {
    struct Run {
        uint64_t begin, end;
        uint32_t group;
    };
    std::vector<Run> runs;
    for (const RunTable& t : tables) {
        for (size_t k = 0; k < t.begin_.size(); ++k) {
            runs.push_back(
                {t.begin_[k], t.begin_[k] + (t.start_[k + 1] - t.start_[k]), t.group_[k]});
        }
    }
    std::sort(runs.begin(), runs.end(),
              [](const Run& a, const Run& b) { return a.begin < b.begin; });
    RunTable out;
    for (const Run& r : runs)
        out.append(r.begin, r.end, r.group);
    return out;
}

CorpusIndex::CorpusIndex(const shards::ShardSet& set) : set_(&set) {
    for (const auto& shard : set.shards()) {
        sentenceStart_.push_back(sentenceStart_.back() + shard->sentenceCount());
        documentStart_.push_back(documentStart_.back() + shard->documentCount());
    }
}

std::pair<size_t, uint64_t> CorpusIndex::locateSentence(uint64_t s) const {
    const auto it = std::upper_bound(sentenceStart_.begin(), sentenceStart_.end() - 1, s);
    const size_t k = static_cast<size_t>(it - sentenceStart_.begin()) - 1;
    return {k, s - sentenceStart_[k]};
}

shards::TokenSpan CorpusIndex::sentence(uint64_t s) const {
    const auto [k, local] = locateSentence(s);
    return set_->shards()[k]->sentence(local);
}

uint64_t CorpusIndex::sentenceLength(uint64_t s) const {
    const auto [k, local] = locateSentence(s);
    return set_->shards()[k]->sentenceLength(local);
}

uint16_t CorpusIndex::language(uint64_t s) const {
    const auto [k, local] = locateSentence(s);
    return set_->shards()[k]->sentenceLanguage(local);
}

std::pair<uint64_t, uint64_t> CorpusIndex::documentSentences(uint64_t d) const {
    const auto it = std::upper_bound(documentStart_.begin(), documentStart_.end() - 1, d);
    const size_t k = static_cast<size_t>(it - documentStart_.begin()) - 1;
    const shards::Shard& shard = *set_->shards()[k];
    const uint64_t local = d - documentStart_[k];
    return {sentenceStart_[k] + shard.documentBegin(local),
            sentenceStart_[k] + shard.documentEnd(local)};
}

std::pair<uint64_t, uint64_t> CorpusIndex::documentOf(uint64_t s) const {
    const auto [k, local] = locateSentence(s);
    const shards::Shard& shard = *set_->shards()[k];
    // Largest document whose first sentence is <= local (documents are non-empty).
    uint64_t lo = 0, hi = shard.documentCount();
    while (hi - lo > 1) {
        const uint64_t mid = lo + (hi - lo) / 2;
        if (shard.documentBegin(mid) <= local) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return {sentenceStart_[k] + shard.documentBegin(lo), sentenceStart_[k] + shard.documentEnd(lo)};
}

}  // namespace isomorph::data::samplers

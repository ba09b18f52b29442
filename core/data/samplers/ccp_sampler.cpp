#include "core/data/samplers/ccp_sampler.h"

#include <algorithm>

#include "core/common/errors.h"

namespace isomorph::data::samplers {

namespace {

constexpr uint64_t kCcpTag = 0xCC9;
constexpr uint64_t kTargetTag = 1;

/// Per-language run tables of the set's sentences, and how many are window centers.
void buildLanguageRuns(const CorpusIndex& index, size_t languages, std::vector<RunTable>& runs,
                       std::vector<uint64_t>& eligible) {
    runs.assign(languages, RunTable{});
    eligible.assign(languages, 0);
    index.forEachDocument([&](uint64_t begin, uint64_t end) {
        for (uint64_t s = begin; s < end; ++s) {
            const uint16_t l = index.language(s);
            if (l >= languages) throw DataError("shard set: sentence language id out of range");
            runs[l].append(s, s + 1, l);
            if (end - begin >= 2) ++eligible[l];
        }
    });
}

}  // namespace

CcpSampler::CcpSampler(const shards::ShardSet& set, const CcpOptions& options, const Cursor& cursor)
    : options_(options), index_(set) {
    if (options.radius == 0) throw ConfigError("CCP: window radius must be at least 1");
    if (options.maxTokens < 3) throw ConfigError("CCP: max tokens must be at least 3");
    std::vector<RunTable> runs;
    buildLanguageRuns(index_, set.languages().size(), runs, windows_);
    if (std::all_of(windows_.begin(), windows_.end(), [](uint64_t n) { return n == 0; })) {
        throw DataError("CCP: " + set.dir().string() + " has no document with two sentences");
    }
    auto eligible = [this](uint64_t s) {
        const auto [begin, end] = index_.documentOf(s);
        return end - begin >= 2;
    };
    auto length = [this](const ItemRef& r) {
        return std::max(index_.sentenceLength(r.item),
                        index_.sentenceLength(targetOf(r.item, r.epoch)));
    };
    planner_ = std::make_unique<ItemPlanner>(std::move(runs), windows_, eligible, length,
                                             options.sampling, kCcpTag);
    planner_->restore(cursor);
}

uint64_t CcpSampler::targetOf(uint64_t center, uint64_t epoch) const {
    const auto [begin, end] = index_.documentOf(center);
    const uint64_t lo = center - std::min<uint64_t>(options_.radius, center - begin);
    const uint64_t hi = std::min<uint64_t>(end - 1, center + options_.radius);
    Rng rng(deriveKey(options_.sampling.seed, kCcpTag, kTargetTag, center, epoch));
    const uint64_t t = lo + rng.below(hi - lo);  // hi - lo >= 1 other sentences
    return t >= center ? t + 1 : t;
}

CcpBatch CcpSampler::next() {
    const std::vector<ItemRef> items = planner_->next();
    CcpBatch b;
    b.language = planner_->lastGroup();
    std::vector<std::vector<int32_t>> rows(2 * items.size());
    for (size_t i = 0; i < items.size(); ++i) {
        const ItemRef& r = items[i];
        const uint64_t target = targetOf(r.item, r.epoch);
        b.windowIds.push_back(r.item);
        b.centers.push_back(r.item);
        b.targets.push_back(target);
        b.languages.push_back(static_cast<uint16_t>(r.group));
        b.epochs.push_back(r.epoch);
        wrapSentenceInto(index_.sentence(r.item), options_.maxTokens, rows[i]);
        wrapSentenceInto(index_.sentence(target), options_.maxTokens, rows[items.size() + i]);
    }
    b.sentences = collate(rows, options_.sampling.padMultiple);
    return b;
}

}  // namespace isomorph::data::samplers

#include "core/data/samplers/mlm_sampler.h"

#include "core/common/errors.h"

namespace isomorph::data::samplers {

namespace {
constexpr uint64_t kMlmTag = 0x3E3;
}

MlmSampler::MlmSampler(const shards::ShardSet& set, const MlmOptions& options, const Cursor& cursor)
    : options_(options), index_(set) {
    if (options.maxTokens < 3) throw ConfigError("MLM: max tokens must be at least 3");
    const size_t languages = set.languages().size();
    std::vector<RunTable> runs(languages);
    std::vector<uint64_t> counts(languages, 0);
    index_.forEachDocument([&](uint64_t begin, uint64_t end) {
        for (uint64_t s = begin; s < end; ++s) {
            const uint16_t l = index_.language(s);
            if (l >= languages) throw DataError("shard set: sentence language id out of range");
            runs[l].append(s, s + 1, l);
            ++counts[l];
        }
    });
    if (index_.sentenceCount() == 0) throw DataError("MLM: " + set.dir().string() + " is empty");
    auto eligible = [](uint64_t) { return true; };
    auto length = [this](const ItemRef& r) { return index_.sentenceLength(r.item); };
    planner_ = std::make_unique<ItemPlanner>(std::move(runs), counts, eligible, length,
                                             options.sampling, kMlmTag);
    planner_->restore(cursor);
}

MlmBatch MlmSampler::next() {
    const std::vector<ItemRef> items = planner_->next();
    MlmBatch b;
    b.language = planner_->lastGroup();
    std::vector<std::vector<int32_t>> rows(items.size());
    const uint64_t room = options_.maxTokens - 2;
    for (size_t i = 0; i < items.size(); ++i) {
        const uint64_t first = items[i].item;
        b.starts.push_back(first);
        b.languages.push_back(static_cast<uint16_t>(items[i].group));
        const auto end = index_.documentOf(first).second;
        auto& row = rows[i];
        row.push_back(kBosId);
        for (uint64_t s = first; s < end; ++s) {
            const auto span = index_.sentence(s);
            const uint64_t used = row.size() - 1;
            if (s > first && used + span.size > room) break;
            const uint64_t take = std::min<uint64_t>(span.size, room - used);
            for (uint64_t k = 0; k < take; ++k)
                row.push_back(static_cast<int32_t>(span.data[k]));
            if (used + take >= room) break;
        }
        row.push_back(kEosId);
    }
    b.rows = collate(rows, options_.sampling.padMultiple);
    return b;
}

}  // namespace isomorph::data::samplers

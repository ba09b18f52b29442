#include "core/data/samplers/msm_sampler.h"

#include <algorithm>

#include "core/common/errors.h"

namespace isomorph::data::samplers {

namespace {

constexpr uint64_t kMsmTag = 0x5A5;

}  // namespace

double MsmBatch::paddingRatio() const {
    const auto cells = static_cast<double>(ids.size());
    int64_t used = 0;
    for (int32_t n : tokenLengths)
        used += n;
    return cells == 0 ? 0.0 : (cells - static_cast<double>(used)) / cells;
}

MsmSampler::MsmSampler(const shards::ShardSet& set, const MsmOptions& options, const Cursor& cursor)
    : options_(options), index_(set) {
    if (options.maxSentences < 1 || options.minSentences < 1 ||
        options.minSentences > options.maxSentences) {
        throw ConfigError("MSM: need 1 <= min sentences <= max sentences per block");
    }
    if (options.maxTokens < 3) throw ConfigError("MSM: max tokens must be at least 3");
    const size_t languages = set.languages().size();
    std::vector<RunTable> runs(languages);
    blocks_.assign(languages, 0);
    index_.forEachDocument([&](uint64_t begin, uint64_t end) {
        for (uint64_t s = begin; s < end; ++s) {
            const uint16_t l = index_.language(s);
            if (l >= languages) throw DataError("shard set: sentence language id out of range");
            runs[l].append(s, s + 1, l);
        }
        for (uint64_t s = begin; s < end; s += options.maxSentences) {
            if (std::min<uint64_t>(end - s, options.maxSentences) >= options.minSentences) {
                ++blocks_[index_.language(s)];
            } else {
                ++skipped_;
            }
        }
    });
    auto eligible = [this](uint64_t s) {
        const auto [begin, end] = index_.documentOf(s);
        return (s - begin) % options_.maxSentences == 0 &&
               std::min<uint64_t>(end - s, options_.maxSentences) >= options_.minSentences;
    };
    auto length = [this](const ItemRef& r) {
        const auto [first, last] = blockOf(r.item);
        uint64_t tokens = 0;
        for (uint64_t s = first; s < last; ++s) {
            tokens += std::min<uint64_t>(index_.sentenceLength(s) + 2, options_.maxTokens);
        }
        return tokens;
    };
    try {
        planner_ = std::make_unique<ItemPlanner>(std::move(runs), blocks_, eligible, length,
                                                 options.sampling, kMsmTag);
    } catch (const DataError&) {
        throw DataError("MSM: " + set.dir().string() + " has no document block of at least " +
                        std::to_string(options.minSentences) + " sentences");
    }
    planner_->restore(cursor);
}

std::pair<uint64_t, uint64_t> MsmSampler::blockOf(uint64_t first) const {
    const auto [begin, end] = index_.documentOf(first);
    (void)begin;
    return {first, std::min<uint64_t>(end, first + options_.maxSentences)};
}

MsmBatch MsmSampler::next() {
    const std::vector<ItemRef> items = planner_->next();
    MsmBatch b;
    b.language = planner_->lastGroup();
    b.blocks = static_cast<int64_t>(items.size());
    std::vector<std::vector<std::vector<int32_t>>> blocks(items.size());
    size_t longest = 0;
    for (size_t i = 0; i < items.size(); ++i) {
        const auto [first, last] = blockOf(items[i].item);
        for (uint64_t s = first; s < last; ++s) {
            blocks[i].push_back(wrapSentence(index_.sentence(s), options_.maxTokens));
            longest = std::max(longest, blocks[i].back().size());
        }
        b.sentences = std::max<int64_t>(b.sentences, static_cast<int64_t>(blocks[i].size()));
        b.sentenceCounts.push_back(static_cast<int32_t>(blocks[i].size()));
        b.firstSentences.push_back(first);
        b.languages.push_back(static_cast<uint16_t>(items[i].group));
        b.epochs.push_back(items[i].epoch);
    }
    b.tokens = roundUp(static_cast<int64_t>(longest), options_.sampling.padMultiple);
    b.ids.assign(static_cast<size_t>(b.blocks * b.sentences * b.tokens), kPadId);
    b.attention.assign(b.ids.size(), 0);
    b.tokenLengths.assign(static_cast<size_t>(b.blocks * b.sentences), 0);
    for (size_t i = 0; i < blocks.size(); ++i) {
        for (size_t s = 0; s < blocks[i].size(); ++s) {
            const auto& ids = blocks[i][s];
            const size_t row = (i * b.sentences + s) * b.tokens;
            std::copy(ids.begin(), ids.end(), b.ids.begin() + row);
            std::fill_n(b.attention.begin() + row, ids.size(), 1);
            b.tokenLengths[i * b.sentences + s] = static_cast<int32_t>(ids.size());
        }
    }
    return b;
}

}  // namespace isomorph::data::samplers

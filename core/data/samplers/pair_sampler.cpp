#include "core/data/samplers/pair_sampler.h"

#include <algorithm>

#include "core/common/errors.h"

namespace isomorph::data::samplers {

namespace {

constexpr uint64_t kPairTag = 0x9A1;

}  // namespace

PairSampler::PairSampler(const shards::ShardSet& set, const PairOptions& options,
                         const Cursor& cursor)
    : options_(options), index_(set) {
    if (options.maxTokens < 3) throw ConfigError("pairs: max tokens must be at least 3");
    const auto& languages = set.languages();
    std::vector<RunTable> runs;
    uint64_t doc = 0;
    index_.forEachDocument([&](uint64_t begin, uint64_t end) {
        if (end - begin != 2) {
            throw DataError("pairs: document " + std::to_string(doc) + " of " + set.dir().string() +
                            " has " + std::to_string(end - begin) +
                            " sentences; a pair set holds exactly two per document");
        }
        const std::pair<uint16_t, uint16_t> ids{index_.language(begin), index_.language(begin + 1)};
        auto it = std::find(pairIds_.begin(), pairIds_.end(), ids);
        if (it == pairIds_.end()) {
            pairIds_.push_back(ids);
            pairs_.push_back({languages.at(ids.first), languages.at(ids.second)});
            runs.emplace_back();
            counts_.push_back(0);
            it = pairIds_.end() - 1;
        }
        const auto g = static_cast<uint32_t>(it - pairIds_.begin());
        runs[g].append(doc, doc + 1, g);
        ++counts_[g];
        ++doc;
    });
    for (const LanguagePair& wanted : options.languagePairs) {
        if (std::find(pairs_.begin(), pairs_.end(), wanted) == pairs_.end()) {
            std::string present;
            for (const auto& p : pairs_)
                present += (present.empty() ? "" : ", ") + p.first + "-" + p.second;
            throw ConfigError("pairs: language pair " + wanted.first + "-" + wanted.second +
                              " is not in " + set.dir().string() + " (it has: " + present + ")");
        }
    }
    if (!options.languagePairs.empty()) {
        for (size_t g = 0; g < pairs_.size(); ++g) {
            const auto& allowed = options.languagePairs;
            if (std::find(allowed.begin(), allowed.end(), pairs_[g]) != allowed.end()) continue;
            runs[g] = RunTable{};
            counts_[g] = 0;
        }
    }
    if (pairs_.empty()) throw DataError("pairs: " + set.dir().string() + " holds no pairs");
    planner_ = std::make_unique<ItemPlanner>(
        std::move(runs), counts_, [](uint64_t) { return true; },
        [this](const ItemRef& r) {
            const auto [first, last] = index_.documentSentences(r.item);
            (void)last;
            return std::max(index_.sentenceLength(first), index_.sentenceLength(first + 1));
        },
        options.sampling, kPairTag);
    planner_->restore(cursor);
}

PairBatch PairSampler::next() {
    const std::vector<ItemRef> items = planner_->next();
    PairBatch b;
    b.pairGroup = planner_->lastGroup();
    std::vector<std::vector<int32_t>> sources(items.size()), targets(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
        const uint64_t first = index_.documentSentences(items[i].item).first;
        wrapSentenceInto(index_.sentence(first), options_.maxTokens, sources[i]);
        wrapSentenceInto(index_.sentence(first + 1), options_.maxTokens, targets[i]);
        b.sourceLanguages.push_back(pairIds_[items[i].group].first);
        b.targetLanguages.push_back(pairIds_[items[i].group].second);
        b.pairGroups.push_back(items[i].group);
        b.documents.push_back(items[i].item);
        b.epochs.push_back(items[i].epoch);
    }
    b.sources = collate(sources, options_.sampling.padMultiple);
    b.targets = collate(targets, options_.sampling.padMultiple);
    return b;
}

std::vector<std::vector<int32_t>> joinPairs(const PairBatch& batch) {
    std::vector<std::vector<int32_t>> joined(static_cast<size_t>(batch.sources.rows));
    for (int64_t i = 0; i < batch.sources.rows; ++i) {
        auto& row = joined[static_cast<size_t>(i)];
        for (int64_t j = 0; j < batch.sources.lengths[static_cast<size_t>(i)]; ++j)
            row.push_back(batch.sources.at(i, j));
        for (int64_t j = 1; j < batch.targets.lengths[static_cast<size_t>(i)]; ++j)
            row.push_back(batch.targets.at(i, j));
    }
    return joined;
}

}  // namespace isomorph::data::samplers

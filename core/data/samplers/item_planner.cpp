#include "core/data/samplers/item_planner.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>

#include "core/common/errors.h"

namespace isomorph::data::samplers {

namespace {

constexpr uint64_t kPermutationTag = 1;
constexpr uint64_t kGroupTag = 2;
constexpr uint64_t kPoolTag = 3;
constexpr uint64_t kMixedStream = 0xFFFFFFFFull;

void checkOptions(const SamplingOptions& o) {
    if (o.batchSize == 0) throw ConfigError("sampler: batch size must be at least 1");
    if (o.worldSize == 0 || o.rank >= o.worldSize) {
        throw ConfigError("sampler: rank " + std::to_string(o.rank) + " is not below world size " +
                          std::to_string(o.worldSize));
    }
    if (o.bucketPool == 0) throw ConfigError("sampler: bucket pool must be at least 1 (1 = off)");
    if (!(o.alpha >= 0.0)) throw ConfigError("sampler: alpha must be >= 0");
}

}  // namespace

ItemPlanner::ItemPlanner(std::vector<RunTable> groups, std::vector<uint64_t> eligibleCounts,
                         Eligible eligible, Length length, const SamplingOptions& options,
                         uint64_t tag)
    : options_(options), tag_(tag), eligible_(std::move(eligible)), length_(std::move(length)) {
    checkOptions(options);
    const uint64_t total =
        std::accumulate(eligibleCounts.begin(), eligibleCounts.end(), uint64_t{0});
    if (total == 0) throw DataError("sampler: the data has no eligible items");
    totalEligible_ = total;
    if (options.mode == BatchMode::Mixed) {
        spaces_.push_back(RunTable::merge(groups));
    } else {
        spaces_ = std::move(groups);
        double sum = 0.0;
        for (uint64_t n : eligibleCounts) {
            sum += n == 0 ? 0.0
                          : std::pow(static_cast<double>(n) / static_cast<double>(total),
                                     options.alpha);
            cumulative_.push_back(sum);
        }
        for (double& c : cumulative_)
            c /= sum;
        const uint64_t step = uint64_t{options.batchSize} * options.worldSize;
        for (size_t g = 0; g < eligibleCounts.size(); ++g)
            if (eligibleCounts[g] > 0 && eligibleCounts[g] < step) smallGroups_.push_back(g);
        if (smallGroups_.size() < 2) smallGroups_.clear();  // one alone gains nothing
        eligibleCounts_ = std::move(eligibleCounts);
    }
    permutations_.resize(spaces_.size());
    permutationEpoch_.assign(spaces_.size(), 0);
    state_.streams.assign(spaces_.size(), StreamCursor{});
}

const FeistelPermutation& ItemPlanner::permutation(size_t stream) {
    const uint64_t epoch = state_.streams[stream].epoch;
    if (!permutations_[stream] || permutationEpoch_[stream] != epoch) {
        const uint64_t id = options_.mode == BatchMode::Mixed ? kMixedStream : stream;
        permutations_[stream].emplace(spaces_[stream].size(),
                                      deriveKey(options_.seed, tag_, kPermutationTag, id, epoch));
        permutationEpoch_[stream] = epoch;
    }
    return *permutations_[stream];
}

ItemRef ItemPlanner::pull(size_t stream) {
    StreamCursor& s = state_.streams[stream];
    const RunTable& space = spaces_[stream];
    // Bounded so that a stream without eligible items fails instead of spinning forever.
    for (uint64_t tries = 0; tries <= 2 * space.size() + 1; ++tries) {
        if (s.consumed >= space.size()) {
            ++s.epoch;
            s.consumed = 0;
        }
        const uint64_t position = permutation(stream)(s.consumed++);
        const auto [item, group] = space.at(position);
        if (eligible_(item)) return {item, s.epoch, group};
    }
    throw DataError("sampler: a stream has no eligible items");
}

size_t ItemPlanner::drawGroup(uint64_t step) const {
    Rng rng(deriveKey(options_.seed, tag_, kGroupTag, step));
    const double u = rng.uniform();
    const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
    size_t g = std::min(static_cast<size_t>(it - cumulative_.begin()), cumulative_.size() - 1);
    while (g > 0 && cumulative_[g] == cumulative_[g - 1])
        --g;  // never an empty group
    return g;
}

ItemRef ItemPlanner::pullUnseen(size_t stream, std::set<uint64_t>& seen) {
    ItemRef r = pull(stream);
    while (!seen.insert(r.item).second)
        r = pull(stream);
    return r;
}

ItemPlanner::Planned ItemPlanner::planStep() {
    Planned p;
    size_t stream = 0;
    bool shared = false;  // a small group's step, filled from all small groups
    if (options_.mode == BatchMode::SingleLanguage) {
        stream = drawGroup(state_.step);
        shared = std::find(smallGroups_.begin(), smallGroups_.end(), stream) != smallGroups_.end();
        if (!shared) p.group = static_cast<int64_t>(stream);
    }
    const uint64_t b = options_.batchSize;
    const uint64_t first = b * options_.rank;
    // No item twice in a step. A stream of at least a step's items skips the repeats a step
    // crossing its epoch boundary would take (its next epoch has enough new ones). Small groups
    // are taken round robin from the one drawn, each until it has given all its eligible items;
    // only when all of them together are under a step does the drawn one repeat.
    const uint64_t available =
        options_.mode == BatchMode::Mixed ? totalEligible_ : eligibleCounts_[stream];
    const bool unique = available >= b * options_.worldSize;
    const size_t m = smallGroups_.size();
    size_t turn =
        shared ? static_cast<size_t>(std::find(smallGroups_.begin(), smallGroups_.end(), stream) -
                                     smallGroups_.begin())
               : 0;
    std::vector<uint64_t> given(shared ? m : 0, 0);
    std::set<uint64_t> seen;
    auto next = [&]() -> ItemRef {
        if (!shared) return unique ? pullUnseen(stream, seen) : pull(stream);
        for (size_t tries = 0; tries < m; ++tries, turn = (turn + 1) % m) {
            const size_t group = smallGroups_[turn];
            if (given[turn] >= eligibleCounts_[group]) continue;
            ++given[turn];
            turn = (turn + 1) % m;
            return pullUnseen(group, seen);
        }
        return pull(stream);
    };
    p.items.reserve(b);
    for (uint64_t k = 0; k < b * options_.worldSize; ++k) {
        const ItemRef ref = next();
        if (k >= first && k < first + b) p.items.push_back(ref);
    }
    ++state_.step;
    return p;
}

void ItemPlanner::fillPool() {
    poolStart_ = state_;
    pool_.clear();
    poolServed_ = 0;
    for (uint32_t k = 0; k < options_.bucketPool; ++k)
        pool_.push_back(planStep());
    if (options_.bucketPool == 1) return;
    // Sort the pool's items by (group, length) and cut batches: every group holds a multiple of
    // batchSize items, so no batch mixes groups. Then shuffle the batch order.
    struct Entry {
        int64_t group;
        uint64_t length;
        ItemRef ref;
    };
    std::vector<Entry> entries;
    for (const Planned& p : pool_) {
        for (const ItemRef& r : p.items)
            entries.push_back({p.group, length_(r), r});
    }
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return a.group != b.group ? a.group < b.group : a.length < b.length;
    });
    const size_t b = options_.batchSize;
    for (size_t k = 0; k < pool_.size(); ++k) {
        pool_[k].items.clear();
        pool_[k].group = entries[k * b].group;
        for (size_t i = k * b; i < (k + 1) * b; ++i)
            pool_[k].items.push_back(entries[i].ref);
    }
    Rng rng(deriveKey(options_.seed, tag_, kPoolTag, poolStart_.step));
    for (size_t i = pool_.size() - 1; i > 0; --i)
        std::swap(pool_[i], pool_[rng.below(i + 1)]);
}

std::vector<ItemRef> ItemPlanner::next() {
    if (poolServed_ >= pool_.size()) fillPool();
    Planned& p = pool_[poolServed_++];
    lastGroup_ = p.group;
    return std::move(p.items);
}

Cursor ItemPlanner::cursor() const {
    const bool midPool = poolServed_ < pool_.size();
    const State& s = midPool ? poolStart_ : state_;
    Cursor c;
    c.step = s.step;
    c.poolOffset = midPool ? poolServed_ : 0;
    if (options_.mode == BatchMode::Mixed) {
        c.epoch = s.streams[0].epoch;
        c.consumed = s.streams[0].consumed;
    } else {
        c.languages = s.streams;
    }
    return c;
}

void ItemPlanner::restore(const Cursor& c) {
    const bool mixed = options_.mode == BatchMode::Mixed;
    if (c == Cursor{}) {  // the start, in either mode
        state_ = State{std::vector<StreamCursor>(spaces_.size()), 0};
        pool_.clear();
        poolServed_ = 0;
        return;
    }
    if (mixed ? !c.languages.empty() : c.languages.size() != spaces_.size()) {
        throw DataError("sampler cursor: it was saved for " +
                        (c.languages.empty()
                             ? std::string("mixed batches")
                             : std::to_string(c.languages.size()) + " language streams") +
                        ", this sampler uses " +
                        (mixed ? std::string("mixed batches")
                               : std::to_string(spaces_.size()) + " language streams"));
    }
    if (c.poolOffset >= options_.bucketPool && c.poolOffset != 0) {
        throw DataError("sampler cursor: pool_offset " + std::to_string(c.poolOffset) +
                        " does not fit a bucketing pool of " + std::to_string(options_.bucketPool));
    }
    state_.step = c.step;
    state_.streams = mixed ? std::vector<StreamCursor>{{c.epoch, c.consumed}} : c.languages;
    pool_.clear();
    poolServed_ = 0;
    if (c.poolOffset > 0) {
        fillPool();
        poolServed_ = c.poolOffset;
    }
}

}  // namespace isomorph::data::samplers

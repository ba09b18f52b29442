#pragma once

// Shared checks for the sampler suites: determinism, resume through JSON, rank sharding.

#include <algorithm>
#include <functional>
#include <memory>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include <QtTest>

#include "core/data/samplers/cursor.h"

namespace isomorph::testing {

/// Runs k batches, saves the cursor as JSON text, and checks that a sampler restored from it
/// yields the same next batches as the uninterrupted one. `make(cursor)` builds a sampler;
/// `items(batch)` names a batch's items.
template <typename Make, typename Items>
void checkResume(const Make& make, const Items& items, int k, int more) {
    auto straight = make(data::samplers::Cursor{});
    auto first = make(data::samplers::Cursor{});
    for (int i = 0; i < k; ++i) {
        straight->next();
        first->next();
    }
    const std::string saved = first->cursor().toJson().dump();
    auto resumed = make(data::samplers::Cursor::fromJson(nlohmann::json::parse(saved)));
    QVERIFY(resumed->cursor() == first->cursor());
    for (int i = 0; i < more; ++i)
        QCOMPARE(items(resumed->next()), items(straight->next()));
    QVERIFY(resumed->cursor() == straight->cursor());
}

/// Same seed, same batches; another seed, other batches.
template <typename Make, typename Items>
void checkDeterminism(const Make& makeWithSeed, const Items& items, int batches) {
    auto a = makeWithSeed(7);
    auto b = makeWithSeed(7);
    auto c = makeWithSeed(8);
    bool differs = false;
    for (int i = 0; i < batches; ++i) {
        const auto ia = items(a->next());
        QCOMPARE(items(b->next()), ia);
        differs = differs || items(c->next()) != ia;
    }
    QVERIFY(differs);
}

/// Global item stream of a 1-rank sampler vs. W ranks: step k of rank r must be batch
/// k * W + r of the single-rank stream (mixed batches); after `steps` steps, resuming with
/// `newWorld` ranks continues the same stream. `make(rank, world, cursor)` builds a sampler.
template <typename Make, typename Items>
void checkSharding(const Make& make, const Items& items, uint32_t world, uint32_t newWorld,
                   int steps) {
    auto single = make(0, 1, data::samplers::Cursor{});
    std::vector<std::vector<uint64_t>> stream;
    for (int i = 0; i < static_cast<int>((steps + 3) * std::max(world, newWorld)); ++i) {
        stream.push_back(items(single->next()));
    }
    std::vector<std::unique_ptr<std::remove_reference_t<decltype(*single)>>> ranks;
    for (uint32_t r = 0; r < world; ++r)
        ranks.push_back(make(r, world, data::samplers::Cursor{}));
    size_t position = 0;
    for (int k = 0; k < steps; ++k) {
        for (auto& rank : ranks)
            QCOMPARE(items(rank->next()), stream[position++]);
    }
    const data::samplers::Cursor saved = ranks[0]->cursor();
    for (auto& rank : ranks)
        QVERIFY(rank->cursor() == saved);  // global, identical on all ranks
    ranks.clear();
    for (uint32_t r = 0; r < newWorld; ++r)
        ranks.push_back(make(r, newWorld, saved));
    for (int k = 0; k < 3; ++k) {
        for (auto& rank : ranks)
            QCOMPARE(items(rank->next()), stream[position++]);
    }
}

}  // namespace isomorph::testing

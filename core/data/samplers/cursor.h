#pragma once

// Where a sampler stands, in global terms (independent of rank and world size), so training can
// stop and resume, also with a different number of data-parallel ranks.

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

namespace isomorph::data::samplers {

/// Position in one shuffled item stream: `consumed` positions of epoch `epoch`'s permutation
/// have been handed out to all ranks together. Positions of ineligible items (skipped while
/// sampling) count as consumed.
struct StreamCursor {
    uint64_t epoch = 0;
    uint64_t consumed = 0;
    bool operator==(const StreamCursor& o) const {
        return epoch == o.epoch && consumed == o.consumed;
    }
};

/// A sampler's whole state. Identical on every rank after every batch (rank 0 can save it).
/// With length bucketing, the stream state is that of the start of the current pool and
/// `poolOffset` counts batches of that pool already returned.
struct Cursor {
    uint64_t epoch = 0;       ///< mixed batches: passes over the data begun
    uint64_t consumed = 0;    ///< mixed batches: positions consumed in this epoch (all ranks)
    uint64_t step = 0;        ///< global steps taken (one batch per rank each)
    uint64_t poolOffset = 0;  ///< batches of the current bucketing pool already returned
    std::vector<StreamCursor> languages;  ///< single-group batches: one stream per group

    bool operator==(const Cursor& o) const;
    bool operator!=(const Cursor& o) const { return !(*this == o); }
    nlohmann::json toJson() const;
    /// Throws DataError naming the missing or malformed field.
    static Cursor fromJson(const nlohmann::json& j);
};

}  // namespace isomorph::data::samplers

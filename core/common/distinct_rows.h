#pragma once

// Identical inputs encoded once. Encoded in different batches (other padding, other kernel
// blocking) two identical inputs get vectors that differ by float rounding, and which of them is
// a nearest neighbour then changes with any update of the weights, even one of 1e-12 (2 of 84
// sv-en dev directions of the demo: two option descriptions cut to the same first 32 tokens).
// Encoded once and copied, they tie exactly and the lower row wins. Used by eval::encodeRows
// (every bitext figure) and model::EncodingService.

#include <cstddef>
#include <functional>
#include <map>
#include <vector>

namespace isomorph {

struct DistinctRows {
    std::vector<size_t> firstOf;   ///< per row: the index of the first row equal to it
    std::vector<size_t> distinct;  ///< the rows that are the first of their kind, in input order
};

/// Which rows of `rows` (token id sequences) are equal to an earlier one.
template <class Row>
DistinctRows distinctRows(const std::vector<Row>& rows) {
    DistinctRows d;
    d.firstOf.resize(rows.size());
    std::map<std::reference_wrapper<const Row>, size_t, std::less<Row>> seen;
    for (size_t r = 0; r < rows.size(); ++r) {
        const auto [it, added] = seen.emplace(std::cref(rows[r]), r);
        d.firstOf[r] = it->second;
        if (added) d.distinct.push_back(r);
    }
    return d;
}

}  // namespace isomorph

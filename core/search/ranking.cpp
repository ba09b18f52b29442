#include "core/search/ranking.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "core/common/errors.h"

namespace isomorph::search {

Ranking rankDocuments(Ranking docs) {
    std::sort(docs.begin(), docs.end(), [](const ScoredDoc& x, const ScoredDoc& y) {
        if (x.score != y.score) return x.score > y.score;
        return x.docId > y.docId;
    });
    for (const auto& d : docs)
        if (std::isnan(d.score))
            throw DataError(
                fmt::format("document '{}' has a NaN score; scores must be numbers", d.docId));
    // Equal ids with different scores are not adjacent after sorting by score: check them all.
    std::set<std::string_view> seen;
    for (const auto& d : docs)
        if (!seen.insert(d.docId).second)
            throw DataError(fmt::format(
                "document '{}' is ranked twice for one query; keep one entry", d.docId));
    return docs;
}

}  // namespace isomorph::search

#include "views/embeddings/translation_groups.h"

#include <algorithm>
#include <utility>

namespace isomorph::views {

void TranslationGroups::build(const std::vector<int>& pair,
                              const std::vector<std::uint8_t>& language) {
    order_.clear();
    ids_.clear();
    start_.clear();
    if (pair.empty()) return;
    for (std::size_t i = 0; i < pair.size(); ++i)
        if (pair[i] >= 0) order_.push_back(static_cast<int>(i));
    // By group, then language (a group's first side is the pivot its lines start from).
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
        return std::pair(pair[a], language[a]) < std::pair(pair[b], language[b]);
    });
    for (std::size_t k = 0; k < order_.size(); ++k) {
        const int g = pair[order_[k]];
        if (ids_.empty() || ids_.back() != g) {
            ids_.push_back(g);
            start_.push_back(static_cast<int>(k));
        }
    }
    start_.push_back(static_cast<int>(order_.size()));
}

TranslationGroups::Members TranslationGroups::membersAt(std::size_t k) const {
    return {order_.data() + start_[k], order_.data() + start_[k + 1]};
}

TranslationGroups::Members TranslationGroups::members(int id) const {
    const auto it = std::lower_bound(ids_.begin(), ids_.end(), id);
    if (it == ids_.end() || *it != id) return {};
    return membersAt(static_cast<std::size_t>(it - ids_.begin()));
}

}  // namespace isomorph::views

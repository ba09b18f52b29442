#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace isomorph::views {

/// The translation groups of a scatter: points sharing a `pair` id (>= 0), each group's points
/// ordered by language, so that its first point (the lowest language index, usually English)
/// is the pivot its lines start from. Built once per data set; answers by binary search.
class TranslationGroups {
  public:
    /// The points of one group, pivot first: pointers into the groups, valid until build().
    struct Members {
        const int* first = nullptr;
        const int* last = nullptr;
        const int* begin() const { return first; }
        const int* end() const { return last; }
        std::size_t size() const { return static_cast<std::size_t>(last - first); }
    };

    /// `pair` (empty: no groups) and `language` have one entry per point.
    void build(const std::vector<int>& pair, const std::vector<std::uint8_t>& language);

    bool empty() const { return ids_.empty(); }
    std::size_t count() const { return ids_.size(); }
    /// The id of the k-th group (ids ascend with k).
    int idAt(std::size_t k) const { return ids_[k]; }
    Members membersAt(std::size_t k) const;
    /// Members of the group with this id; none when there is no such group.
    Members members(int id) const;

  private:
    std::vector<int> order_;  // grouped point indices, by group id, then language
    std::vector<int> ids_;    // ids_[k] starts at start_[k]
    std::vector<int> start_;  // count() + 1 offsets into order_
};

}  // namespace isomorph::views

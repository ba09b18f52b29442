#pragma once

// Internal to the demo corpus builder: which commands must share a split, and the text
// normalisation used to find text that two splits share (docs/demo-corpus.md, "Splits").

#include <map>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/data/demo/demo_outputs.h"

namespace isomorph::data::demo {

/// The form in which two texts count as the same: lower-cased (ASCII and the Latin-1, Greek and
/// Cyrillic letters that have a simple case pair), punctuation and symbols (ASCII, general
/// punctuation, Latin-1 and CJK/fullwidth punctuation) turned into spaces, whitespace runs
/// collapsed to one space, trimmed. Digits and letters of every script are kept, so "-a" and "-l"
/// stay different only by their letter and `ls` vs `dir` differ where their words differ.
std::string normaliseText(std::string_view text);

/// Commands that share pages or most of their text, grouped; every command of a group lands in
/// the split of the group's canonical (byte-wise smallest) name.
struct SplitUnits {
    std::map<std::string, std::string> unitOf;  ///< command -> canonical command of its unit
    size_t units = 0;                           ///< distinct units
    size_t groupedCommands = 0;                 ///< commands in units of two or more
    /// How many links of each kind joined commands: "alias" (symbolic links, .so includes),
    /// "near_duplicate" (shared text).
    std::map<std::string, size_t> links;
};

/// A sentence counts for near-duplicate detection when its normalised form has at least this many
/// code points and occurs in at most kBoilerplatePages pages of its language (more is boilerplate
/// such as "--help display this help and exit" or the translation credits).
constexpr size_t kDistinctiveMinChars = 16;
constexpr size_t kBoilerplatePages = 20;
/// Two pages of one language are near-duplicates when they share at least this many distinctive
/// sentences and these are at least half of the smaller page's distinct sentences.
constexpr size_t kNearDuplicateMinShared = 5;

/// Groups the commands of `corpus` (every language) with a union-find over `aliases` (pairs of
/// commands whose files are links to or .so includes of each other) and near-duplicate pages.
SplitUnits groupSplitUnits(const Corpus& corpus,
                           const std::vector<std::pair<std::string, std::string>>& aliases);

/// Normalised texts seen in earlier splits; a pair leaks when either side is among them.
class SplitTextIndex {
  public:
    void add(std::string_view text);
    /// True when the normalised `text` is non-empty and was added before.
    bool contains(std::string_view text) const;
    bool leaks(std::string_view source, std::string_view target) const {
        return contains(source) || contains(target);
    }

  private:
    std::unordered_set<std::string> seen_;
};

}  // namespace isomorph::data::demo

#pragma once

// The writing system of a text, for messages such as "the query is in Thai script, which the
// model's vocabulary does not cover". ICU's Unicode script property.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace isomorph::text {

/// The Unicode script most letters of `text` (UTF-8) are written in, by ICU's long name
/// ("Latin", "Cyrillic", "Thai", "Han", "Hiragana"). Digits, punctuation and symbols (scripts
/// Common and Inherited) are not counted. Empty when `text` has no letters.
std::string mainScript(std::string_view text);

/// How many letters of a text a vocabulary covers.
struct LetterCoverage {
    int64_t letters = 0;  ///< letters of the text (repeats counted)
    int64_t unknown = 0;  ///< of which `known` said no
    std::string script;   ///< mainScript() of the unknown letters (of all when none is unknown)
    /// At most half of the letters unknown (a text without letters counts as covered).
    bool covered() const { return 2 * unknown <= letters; }
};

/// Counts the letters of `text` (UTF-8) and asks `known` about each distinct one (its UTF-8
/// bytes), e.g. "does the tokenizer map it to a piece other than <unk>". Letters, not tokens:
/// a tokenizer folds a whole run of unknown characters into one <unk>.
LetterCoverage letterCoverage(std::string_view text,
                              const std::function<bool(const std::string& letter)>& known);

}  // namespace isomorph::text

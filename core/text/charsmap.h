#pragma once

// SentencePiece's precompiled character map (NormalizerSpec.precompiled_charsmap; what a
// tokenizer.json's "Precompiled" normalizer holds in base64) for a table of single-code-point
// rules, compiled by SentencePiece's own builder: a throwaway character model is trained with
// the rules as its normalization_rule_tsv and its compiled map is taken out of the model.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace isomorph::text {

/// A code point and its replacement (empty: the code point is removed).
using CharRule = std::pair<uint32_t, std::vector<uint32_t>>;

/// The compiled map of `rules`. Throws Error when SentencePiece refuses them.
std::string compileCharsMap(const std::vector<CharRule>& rules);

/// The NormalizerSpec.precompiled_charsmap of a serialized SentencePiece model ("" when it has
/// none). Throws DataError naming `origin` when the bytes are not a model.
std::string precompiledCharsMap(const std::string& serializedModel, const std::string& origin);

}  // namespace isomorph::text

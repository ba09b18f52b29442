#pragma once

// Base64 (RFC 4648, standard alphabet, '=' padding), as tokenizer.json stores a Precompiled
// normalizer's character map.

#include <string>
#include <string_view>

namespace isomorph {

std::string base64Encode(std::string_view bytes);
/// Stops at the first '='; throws DataError "WHERE is not base64" for a character outside the
/// alphabet.
std::string base64Decode(std::string_view text, const std::string& where);

}  // namespace isomorph

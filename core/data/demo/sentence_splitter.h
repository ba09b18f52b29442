#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace isomorph::data {

/// Splits one paragraph of man-page prose into sentences. Ends a sentence after . ! ? (plus
/// closing quotes and brackets) when whitespace and a character that can start a sentence
/// follow, and always after the CJK terminators 。！？ and their fullwidth forms. Does not split
/// after abbreviations (z.B., e.g., etc., usw., Dr., « M. », single letters), inside tokens such
/// as "foo.conf" or "3.14", or after an ellipsis followed by a lowercase word. Sentences come back
/// trimmed and non-empty; `lang` is an ISO 639-1 code and selects nothing yet but keeps the door
/// open for language-specific rules.
std::vector<std::string> splitSentences(std::string_view paragraph, std::string_view lang = {});

/// Joins two wrapped lines of one paragraph: with a space, or directly when the seam is between
/// CJK characters (CJK text wraps without spaces).
std::string joinWrapped(std::string_view left, std::string_view right);

/// Decodes the UTF-8 code point starting at `s[i]` and sets `len` to its byte length (1 for a
/// malformed byte, which comes back as itself).
char32_t decodeUtf8(std::string_view s, size_t i, size_t& len);

/// Number of code points in a UTF-8 string.
size_t utf8Length(std::string_view s);

/// True for code points of the CJK scripts (Han, kana, Hangul, CJK punctuation, fullwidth forms).
bool isCjk(char32_t c);

}  // namespace isomorph::data

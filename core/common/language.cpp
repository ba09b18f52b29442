#include "core/common/language.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "core/common/errors.h"

namespace isomorph {
namespace {

// ISO 639-1 (all 183 two-letter codes), sorted for binary search.
constexpr std::array<std::string_view, 183> kIso6391 = {
    "aa", "ab", "ae", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az", "ba", "be", "bg", "bi",
    "bm", "bn", "bo", "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu", "cv", "cy", "da", "de",
    "dv", "dz", "ee", "el", "en", "eo", "es", "et", "eu", "fa", "ff", "fi", "fj", "fo", "fr", "fy",
    "ga", "gd", "gl", "gn", "gu", "gv", "ha", "he", "hi", "ho", "hr", "ht", "hu", "hy", "hz", "ia",
    "id", "ie", "ig", "ii", "ik", "io", "is", "it", "iu", "ja", "jv", "ka", "kg", "ki", "kj", "kk",
    "kl", "km", "kn", "ko", "kr", "ks", "ku", "kv", "kw", "ky", "la", "lb", "lg", "li", "ln", "lo",
    "lt", "lu", "lv", "mg", "mh", "mi", "mk", "ml", "mn", "mr", "ms", "mt", "my", "na", "nb", "nd",
    "ne", "ng", "nl", "nn", "no", "nr", "nv", "ny", "oc", "oj", "om", "or", "os", "pa", "pi", "pl",
    "ps", "pt", "qu", "rm", "rn", "ro", "ru", "rw", "sa", "sc", "sd", "se", "sg", "si", "sk", "sl",
    "sm", "sn", "so", "sq", "sr", "ss", "st", "su", "sv", "sw", "ta", "te", "tg", "th", "ti", "tk",
    "tl", "tn", "to", "tr", "ts", "tt", "tw", "ty", "ug", "uk", "ur", "uz", "ve", "vi", "vo", "wa",
    "wo", "xh", "yi", "yo", "za", "zh", "zu"};

bool allOf(std::string_view s, int (*pred)(int)) {
    return std::all_of(s.begin(), s.end(),
                       [pred](char c) { return pred(static_cast<unsigned char>(c)) != 0; });
}

bool isScript(std::string_view s) {  // ISO 15924: "Hans"
    return s.size() == 4 && std::isupper(static_cast<unsigned char>(s[0])) &&
           allOf(s.substr(1), [](int c) { return std::islower(c); });
}

bool isRegion(std::string_view s) {  // ISO 3166-1 alpha-2 "BR" or UN M.49 "419"
    return (s.size() == 2 && allOf(s, [](int c) { return std::isupper(c); })) ||
           (s.size() == 3 && allOf(s, [](int c) { return std::isdigit(c); }));
}

}  // namespace

bool isValidLanguageCode(std::string_view code) {
    const size_t dash = code.find('-');
    const std::string_view language = code.substr(0, dash);
    if (!std::binary_search(kIso6391.begin(), kIso6391.end(), language)) return false;
    if (dash == std::string_view::npos) return true;
    std::string_view rest = code.substr(dash + 1);
    const size_t next = rest.find('-');
    const std::string_view first = rest.substr(0, next);
    if (next == std::string_view::npos) return isScript(first) || isRegion(first);
    return isScript(first) && isRegion(rest.substr(next + 1));
}

std::string languageSuffix(std::string_view id) {
    const size_t dot = id.rfind('.');
    if (dot == std::string_view::npos) return "";
    const std::string_view code = id.substr(dot + 1);
    return isValidLanguageCode(code) ? std::string(code) : "";
}

void requireLanguageCode(std::string_view code, std::string_view where) {
    if (isValidLanguageCode(code)) return;
    throw DataError(std::string(where) + ": unknown language code '" + std::string(code) +
                    "'; use an ISO 639-1 code such as 'de', or a BCP-47 tag such as 'zh-Hans' or "
                    "'pt-BR'");
}

}  // namespace isomorph

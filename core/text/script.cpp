#include "core/text/script.h"

#include <map>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include "core/text/utf8.h"

namespace isomorph::text {

std::string mainScript(std::string_view text) {
    std::map<UScriptCode, int> counts;
    for (char32_t c : utf8::decode(text)) {
        if (!u_isalpha(static_cast<UChar32>(c))) continue;
        UErrorCode error = U_ZERO_ERROR;
        const UScriptCode script = uscript_getScript(static_cast<UChar32>(c), &error);
        if (U_FAILURE(error) || script == USCRIPT_COMMON || script == USCRIPT_INHERITED ||
            script == USCRIPT_UNKNOWN)
            continue;
        ++counts[script];
    }
    UScriptCode best = USCRIPT_INVALID_CODE;
    int most = 0;
    for (const auto& [script, n] : counts)
        if (n > most) {
            best = script;
            most = n;
        }
    if (most == 0) return {};
    const char* name = uscript_getName(best);
    return name ? std::string(name) : std::string();
}

LetterCoverage letterCoverage(std::string_view text,
                              const std::function<bool(const std::string& letter)>& known) {
    LetterCoverage out;
    std::map<char32_t, bool> seen;
    std::string unknownLetters, allLetters;
    for (char32_t c : utf8::decode(text)) {
        if (!u_isalpha(static_cast<UChar32>(c))) continue;
        std::string letter;
        utf8::append(letter, c);
        auto it = seen.find(c);
        if (it == seen.end()) it = seen.emplace(c, known(letter)).first;
        ++out.letters;
        allLetters += letter;
        if (!it->second) {
            ++out.unknown;
            unknownLetters += letter;
        }
    }
    out.script = mainScript(out.unknown > 0 ? unknownLetters : allLetters);
    return out;
}

}  // namespace isomorph::text

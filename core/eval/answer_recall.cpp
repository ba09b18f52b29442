#include "core/eval/answer_recall.h"

#include <algorithm>
#include <unicode/uchar.h>

#include <fmt/format.h>

#include "core/common/errors.h"

namespace isomorph::eval {
namespace {

/// Decodes one UTF-8 code point at `pos`; an invalid byte decodes as U+FFFD with length 1 and
/// `valid` false.
char32_t decode(std::string_view s, std::size_t pos, std::size_t& len, bool& valid) {
    const auto b = static_cast<unsigned char>(s[pos]);
    const int n = b < 0x80           ? 1
                  : (b >> 5) == 0x6  ? 2
                  : (b >> 4) == 0xE  ? 3
                  : (b >> 3) == 0x1E ? 4
                                     : 0;
    len = 1;
    valid = false;
    if (n == 0 || pos + static_cast<std::size_t>(n) > s.size()) return 0xFFFD;
    char32_t cp = n == 1 ? b : n == 2 ? (b & 0x1Fu) : n == 3 ? (b & 0x0Fu) : (b & 0x07u);
    for (int i = 1; i < n; ++i) {
        const auto c = static_cast<unsigned char>(s[pos + static_cast<std::size_t>(i)]);
        if ((c >> 6) != 0x2) return 0xFFFD;
        cp = (cp << 6) | (c & 0x3Fu);
    }
    len = static_cast<std::size_t>(n);
    valid = true;
    return cp;
}

bool isSpace(char32_t c) {
    // Python's str.isspace() (what str.split() splits on).
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 ||
           c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
           c == 0x202F || c == 0x205F || c == 0x3000;
}

bool isCjk(char32_t c) {
    return (c >= 0x2E80 && c <= 0x2FDF)        // CJK radicals, Kangxi radicals (Han)
           || c == 0x3005 || c == 0x3007       // iteration mark, ideographic zero (Han)
           || (c >= 0x3021 && c <= 0x3029)     // Hangzhou numerals (Han)
           || (c >= 0x3038 && c <= 0x303B)     // (Han)
           || (c >= 0x3041 && c <= 0x309F)     // Hiragana
           || (c >= 0x30A0 && c <= 0x30FF)     // Katakana
           || (c >= 0x3131 && c <= 0x318F)     // Hangul compatibility jamo
           || (c >= 0x31F0 && c <= 0x31FF)     // Katakana phonetic extensions
           || (c >= 0x3400 && c <= 0x4DBF)     // Han extension A
           || (c >= 0x4E00 && c <= 0x9FFF)     // Han unified ideographs
           || (c >= 0x1100 && c <= 0x11FF)     // Hangul jamo
           || (c >= 0xA960 && c <= 0xA97F)     // Hangul jamo extended A
           || (c >= 0xAC00 && c <= 0xD7FF)     // Hangul syllables, jamo extended B
           || (c >= 0xF900 && c <= 0xFAFF)     // Han compatibility ideographs
           || (c >= 0xFF66 && c <= 0xFF9F)     // halfwidth Katakana
           || (c >= 0xFFA0 && c <= 0xFFDC)     // halfwidth Hangul
           || (c >= 0x1B000 && c <= 0x1B16F)   // Kana supplement/extended
           || (c >= 0x20000 && c <= 0x3134F);  // Han extensions B-G, compatibility supplement
}

enum class CharKind { Separator, Word, Single };

CharKind kindOf(char32_t c, bool valid) {
    if (!valid) return CharKind::Single;
    if (isSpace(c)) return CharKind::Separator;
    if (isCjk(c)) return CharKind::Single;
    const auto mask = U_GET_GC_MASK(static_cast<UChar32>(c));
    if (mask & (U_GC_L_MASK | U_GC_M_MASK | U_GC_N_MASK | U_GC_CF_MASK)) return CharKind::Word;
    if (mask & U_GC_CC_MASK) return CharKind::Separator;
    return CharKind::Single;
}

/// Calls emit(token) for each word token of `text` until it returns false.
template <typename Emit>
void scanTokens(std::string_view text, Emit&& emit) {
    std::size_t pos = 0, wordStart = std::string_view::npos;
    auto flushWord = [&](std::size_t end) {
        if (wordStart == std::string_view::npos) return true;
        const auto start = wordStart;
        wordStart = std::string_view::npos;
        return emit(text.substr(start, end - start));
    };
    while (pos < text.size()) {
        std::size_t len = 0;
        bool valid = false;
        const char32_t c = decode(text, pos, len, valid);
        const CharKind kind = kindOf(c, valid);
        if (kind == CharKind::Word) {
            if (wordStart == std::string_view::npos) wordStart = pos;
        } else {
            if (!flushWord(pos)) return;
            if (kind == CharKind::Single && !emit(text.substr(pos, len))) return;
        }
        pos += len;
    }
    flushWord(text.size());
}

std::string trimmedLower(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r\n\f\v");
    if (first == std::string::npos) return {};
    const auto last = s.find_last_not_of(" \t\r\n\f\v");
    std::string out = s.substr(first, last - first + 1);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

bool containsRun(const std::vector<std::string>& context, const std::vector<std::string>& run) {
    if (run.empty() || run.size() > context.size()) return false;
    return std::search(context.begin(), context.end(), run.begin(), run.end()) != context.end();
}

std::string joined(const std::vector<std::string>& tokens) {
    std::string out;
    for (const auto& t : tokens) {
        if (!out.empty()) out += ' ';
        out += t;
    }
    return out;
}

}  // namespace

const char* answerMatchName(AnswerMatch match) {
    return match == AnswerMatch::Tokens ? "tokens" : "substring";
}

AnswerMatch parseAnswerMatch(const std::string& text, const std::string& what) {
    if (text == "tokens") return AnswerMatch::Tokens;
    if (text == "substring") return AnswerMatch::Substring;
    throw ConfigError(
        fmt::format("{}: unknown answer match '{}' (use tokens or substring)", what, text));
}

std::vector<std::string> wordTokens(std::string_view text) {
    std::vector<std::string> out;
    scanTokens(text, [&](std::string_view t) {
        out.emplace_back(t);
        return true;
    });
    return out;
}

std::vector<std::string> firstTokens(const std::vector<std::string>& rankedTexts,
                                     std::size_t maxTokens) {
    std::vector<std::string> out;
    for (const auto& text : rankedTexts) {
        if (out.size() >= maxTokens) break;
        scanTokens(text, [&](std::string_view t) {
            out.emplace_back(t);
            return out.size() < maxTokens;
        });
    }
    return out;
}

std::vector<std::string> spanAnswers(const std::vector<std::string>& answers) {
    std::vector<std::string> out;
    for (const auto& a : answers) {
        const std::string key = trimmedLower(a);
        if (key == "yes" || key == "no" || wordTokens(a).empty()) continue;
        out.push_back(a);
    }
    return out;
}

bool answerInTokens(const std::vector<std::string>& context,
                    const std::vector<std::string>& answers, AnswerMatch match) {
    if (match == AnswerMatch::Substring) {
        const std::string text = joined(context);
        for (const auto& a : answers)
            if (!a.empty() && text.find(a) != std::string::npos) return true;
        return false;
    }
    for (const auto& a : answers)
        if (containsRun(context, wordTokens(a))) return true;
    return false;
}

std::vector<AnswerRecall> answerRecall(
    const std::vector<std::vector<std::string>>& rankedTextsPerQuery,
    const std::vector<std::vector<std::string>>& answersPerQuery,
    const std::vector<std::size_t>& maxTokens, AnswerMatch match) {
    if (rankedTextsPerQuery.size() != answersPerQuery.size())
        throw DataError(
            fmt::format("answer recall needs passages and answers for the same queries; "
                        "got {} passage lists and {} answer lists",
                        rankedTextsPerQuery.size(), answersPerQuery.size()));
    std::vector<AnswerRecall> out;
    std::size_t deepest = 0;
    for (auto n : maxTokens) {
        if (n == 0) throw ConfigError("answer recall: a token budget must be at least 1");
        out.push_back({n, 0.0, 0, 0, 0});
        deepest = std::max(deepest, n);
    }
    for (std::size_t q = 0; q < answersPerQuery.size(); ++q) {
        const auto answers = spanAnswers(answersPerQuery[q]);
        if (answers.empty()) {
            for (auto& r : out)
                ++r.withoutSpans;
            continue;
        }
        const auto tokens = firstTokens(rankedTextsPerQuery[q], deepest);
        for (auto& r : out) {
            ++r.evaluated;
            const std::vector<std::string> context(
                tokens.begin(),
                tokens.begin() + static_cast<std::ptrdiff_t>(std::min(r.maxTokens, tokens.size())));
            if (answerInTokens(context, answers, match)) ++r.answered;
        }
    }
    for (auto& r : out)
        r.recall = r.evaluated > 0
                       ? static_cast<double>(r.answered) / static_cast<double>(r.evaluated)
                       : 0.0;
    return out;
}

}  // namespace isomorph::eval

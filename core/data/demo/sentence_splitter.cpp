// Sentence splitting tuned for man pages: short technical prose full of option names, file names
// and abbreviations, in Latin, Cyrillic and CJK scripts.

#include "core/data/demo/sentence_splitter.h"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace isomorph::data {
namespace {

// Lowercased, without the final dot. Single letters ("M.", "z. B.") are handled separately.
constexpr std::string_view kAbbreviations[] = {
    "z.b",    "d.h",  "u.a", "i.e", "e.g", "etc",  "usw",  "dr",   "vs",   "bzw",  "ca",
    "mr",     "mrs",  "nr",  "bsp", "ggf", "evtl", "inkl", "vgl",  "cf",   "resp", "sog",
    "approx", "p.ej", "ej",  "n.b", "mme", "mlle", "env",  "p.ex", "ex",   "cap",  "ch",
    "fig",    "sr",   "sra", "т.е", "т.д", "т.п",  "др",   "см",   "напр", "св",   "z.t"};

std::string lowerAscii(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool isSpace(char32_t c) {
    return c == U' ' || c == U'\t' || c == U'\n' || c == 0xA0;
}

bool isClosing(char32_t c) {
    return c == U'"' || c == U'\'' || c == U')' || c == U']' || c == 0xBB || c == 0x201D ||
           c == 0x2019 || c == 0x300D || c == 0x300F || c == 0xFF09 || c == 0x3011 || c == 0x201C;
}

bool isCjkTerminator(char32_t c) {
    return c == 0x3002 || c == 0xFF01 || c == 0xFF1F || c == 0xFF0E || c == 0xFF61;
}

bool isLowercase(char32_t c) {
    if (c < 0x80) return std::islower(static_cast<int>(c)) != 0;
    if (c >= 0xDF && c <= 0xFF && c != 0xF7) return true;  // Latin-1 lowercase
    if (c >= 0x100 && c <= 0x17F) return (c % 2) == 1;     // Latin Extended-A, mostly odd
    if (c >= 0x430 && c <= 0x45F) return true;             // Cyrillic lowercase
    return false;
}

// The word that ends at byte `end` (exclusive, the terminator's position), back to whitespace or
// an opening bracket/quote.
std::string_view wordBefore(std::string_view s, size_t end) {
    size_t b = end;
    while (b > 0) {
        const unsigned char c = static_cast<unsigned char>(s[b - 1]);
        if (c == ' ' || c == '(' || c == '"' || c == '\'' || c == '\t') break;
        --b;
    }
    return s.substr(b, end - b);
}

bool isAbbreviation(std::string_view word) {
    if (word.empty()) return false;
    size_t len = 0;
    decodeUtf8(word, 0, len);
    if (len == word.size()) return true;  // one letter: initials, "z. B.", « M. »
    const std::string w = lowerAscii(word);
    return std::find(std::begin(kAbbreviations), std::end(kAbbreviations), w) !=
           std::end(kAbbreviations);
}

// After a Latin terminator at [pos, pos+len): true when what follows starts a new sentence.
bool startsNewSentence(std::string_view s, size_t after) {
    size_t i = after;
    size_t len = 0;
    bool sawSpace = false;
    while (i < s.size() && isSpace(decodeUtf8(s, i, len))) {
        sawSpace = true;
        i += len;
    }
    if (!sawSpace) return false;
    if (i >= s.size()) return true;
    return !isLowercase(decodeUtf8(s, i, len));
}

std::string trim(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\n'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\n'))
        --e;
    return std::string(s.substr(b, e - b));
}

// Skips closing quotes/brackets after a terminator; returns the byte offset after them.
size_t skipClosing(std::string_view s, size_t i) {
    size_t len = 0;
    while (i < s.size() && isClosing(decodeUtf8(s, i, len)))
        i += len;
    return i;
}

}  // namespace

char32_t decodeUtf8(std::string_view s, size_t i, size_t& len) {
    const auto c = static_cast<unsigned char>(s[i]);
    int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) {
        len = 1;
        return c;
    }
    char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    for (int k = 1; k < n; ++k) {
        const auto cc = static_cast<unsigned char>(s[i + k]);
        if ((cc >> 6) != 2) {
            len = 1;
            return c;
        }
        cp = (cp << 6) | (cc & 0x3F);
    }
    len = static_cast<size_t>(n);
    return cp;
}

size_t utf8Length(std::string_view s) {
    size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

bool isCjk(char32_t c) {
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF) ||
           (c >= 0x20000 && c <= 0x2FFFF);
}

std::string joinWrapped(std::string_view left, std::string_view right) {
    if (left.empty()) return std::string(right);
    if (right.empty()) return std::string(left);
    size_t b = left.size() - 1;
    while (b > 0 && (static_cast<unsigned char>(left[b]) & 0xC0) == 0x80)
        --b;
    size_t len = 0;
    const bool cjkSeam = isCjk(decodeUtf8(left, b, len)) && isCjk(decodeUtf8(right, 0, len));
    return std::string(left) + (cjkSeam ? "" : " ") + std::string(right);
}

std::vector<std::string> splitSentences(std::string_view text, std::string_view /*lang*/) {
    std::vector<std::string> out;
    size_t start = 0, i = 0, len = 0;
    auto emit = [&](size_t end) {
        std::string sentence = trim(text.substr(start, end - start));
        if (!sentence.empty()) out.push_back(std::move(sentence));
        start = end;
    };
    while (i < text.size()) {
        const char32_t c = decodeUtf8(text, i, len);
        if (isCjkTerminator(c)) {
            i = skipClosing(text, i + len);
            emit(i);
            continue;
        }
        if (c == U'.' || c == U'!' || c == U'?' || c == 0x2026) {
            const size_t after = skipClosing(text, i + len);
            const bool abbreviation = c == U'.' && isAbbreviation(wordBefore(text, i));
            if (!abbreviation && startsNewSentence(text, after)) {
                emit(after);
                i = after;
                continue;
            }
        }
        i += len;
    }
    emit(text.size());
    return out;
}

}  // namespace isomorph::data

#include "core/text/bpe_tokenizer.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <limits>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/uniset.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <nlohmann/json.hpp>

#include "core/common/errors.h"
#include "core/text/utf8.h"

namespace isomorph::text {

using nlohmann::json;

/// A pre-token, and whether the library's offsets put its start at the start of the input:
/// Metaspace's prepend_scheme "first" prepends only there.
struct BpeTokenizer::Piece {
    std::u32string text;
    bool atOrigin = true;
};

namespace {

constexpr const char* kSupportedNormalizers =
    "NFC, NFD, NFKC, NFKD, Lowercase, Strip, StripAccents, Prepend, Replace, Sequence of these";
constexpr const char* kSupportedPreTokenizers =
    "ByteLevel, Metaspace, Whitespace, WhitespaceSplit, Sequence of these";

// ---- character classes --------------------------------------------------------------------------

uint32_t categoryMask(char32_t c) {
    return U_GET_GC_MASK(static_cast<UChar32>(c));
}

// Rust's char::is_whitespace, the regex crate's \s and Oniguruma's Unicode \s (in the GPT-2
// pattern) all mean the White_Space property.
bool isSpace(char32_t c) {
    return u_isUWhiteSpace(static_cast<UChar32>(c));
}

// The regex crate's Unicode \w (UTS #18): Alphabetic, marks, decimal digits, connector
// punctuation and the two join controls.
bool isWordChar(char32_t c) {
    const auto u = static_cast<UChar32>(c);
    return u_isUAlphabetic(u) ||
           (categoryMask(c) & (U_GC_M_MASK | U_GC_ND_MASK | U_GC_PC_MASK)) != 0 ||
           u_hasBinaryProperty(u, UCHAR_JOIN_CONTROL);
}

// The classes the GPT-2 pattern tells apart: \s, \p{L}, \p{N} and the rest.
enum class Gpt2Class { kSpace, kLetter, kNumber, kOther };

Gpt2Class gpt2Class(char32_t c) {
    if (isSpace(c)) return Gpt2Class::kSpace;
    const uint32_t mask = categoryMask(c);
    if ((mask & U_GC_L_MASK) != 0) return Gpt2Class::kLetter;
    return (mask & U_GC_N_MASK) != 0 ? Gpt2Class::kNumber : Gpt2Class::kOther;
}

// ---- normalization ------------------------------------------------------------------------------

[[noreturn]] void icuFailure(const char* what, UErrorCode status) {
    throw DataError(std::string("ICU ") + what + " failed: " + u_errorName(status) +
                    " (reinstall the Debian package libicu72)");
}

// The library normalizes with unicode-normalization-alignments, whose tables are Unicode 9.0's:
// characters assigned since then have no mappings there and are not marks.
const icu::UnicodeSet& unicode9() {
    static const icu::UnicodeSet* const set = [] {
        UErrorCode status = U_ZERO_ERROR;
        auto* s = new icu::UnicodeSet(icu::UnicodeString(u"[:age=9.0:]"), status);
        if (U_FAILURE(status)) icuFailure("character data", status);
        return s->freeze();
    }();
    return *set;
}

// NFC, NFD, NFKC, NFKD by `form` 0..3. ICU's filtered normalizers pass characters outside the set
// through unchanged, as the library's Unicode 9.0 tables do.
std::u32string icuNormalize(const std::u32string& text, size_t form) {
    static const std::array<const icu::Normalizer2*, 4> normalizers = [] {
        using Instance = const icu::Normalizer2* (*)(UErrorCode&);
        const Instance instances[] = {
            icu::Normalizer2::getNFCInstance, icu::Normalizer2::getNFDInstance,
            icu::Normalizer2::getNFKCInstance, icu::Normalizer2::getNFKDInstance};
        std::array<const icu::Normalizer2*, 4> all{};
        for (size_t i = 0; i < all.size(); ++i) {
            UErrorCode status = U_ZERO_ERROR;
            const icu::Normalizer2* base = instances[i](status);
            if (U_FAILURE(status)) icuFailure("normalization", status);
            all[i] = new icu::FilteredNormalizer2(*base, unicode9());
        }
        return all;
    }();
    // No form changes ASCII, which spares the UTF-16 round trip for much text.
    if (std::all_of(text.begin(), text.end(), [](char32_t c) { return c < 0x80; })) return text;
    icu::UnicodeString source;
    for (char32_t c : text)
        source.append(static_cast<UChar32>(c));
    UErrorCode status = U_ZERO_ERROR;
    const icu::UnicodeString normalized = normalizers[form]->normalize(source, status);
    if (U_FAILURE(status)) icuFailure("normalization", status);
    std::u32string out;
    out.reserve(static_cast<size_t>(normalized.length()));
    for (int32_t i = 0; i < normalized.length(); i = normalized.moveIndex32(i, 1))
        out.push_back(static_cast<char32_t>(normalized.char32At(i)));
    return out;
}

// The library lower-cases with Rust's char::to_lowercase one code point at a time, so without the
// final-sigma rule ("ΟΔΟΣ" -> "οδοσ"): ICU's simple mapping plus U+0130, the only unconditional
// lowercase mapping to several code points.
std::u32string lowercase(const std::u32string& text) {
    std::u32string out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (c == 0x130) {
            out += U"i\u0307";
        } else {
            out.push_back(static_cast<char32_t>(u_tolower(static_cast<UChar32>(c))));
        }
    }
    return out;
}

// unicode-normalization's is_combining_mark: General_Category M in Unicode 9.0.
bool isMark(char32_t c) {
    return (categoryMask(c) & U_GC_M_MASK) != 0 && unicode9().contains(static_cast<UChar32>(c));
}

// Non-overlapping occurrences from the left, as the library's escaped regex finds them; an empty
// pattern matches before every character and at the end of non-empty text. `atOrigin` turns false
// as in normalize().
std::u32string replaceAll(const std::u32string& text, const std::u32string& pattern,
                          const std::u32string& content, bool& atOrigin) {
    if (text.empty()) return text;
    std::u32string out;
    if (pattern.empty()) {
        for (char32_t c : text)
            (out += content).push_back(c);
        return out + content;
    }
    size_t pos = 0;
    for (size_t hit; (hit = text.find(pattern, pos)) != std::u32string::npos;
         pos = hit + pattern.size()) {
        // Inserted text takes the alignment of the match's last character.
        if (hit == 0 && (pattern.size() > 1 || content.empty())) atOrigin = false;
        out.append(text, pos, hit - pos).append(content);
    }
    return out.append(text, pos, std::u32string::npos);
}

// ---- pre-tokenization ---------------------------------------------------------------------------

// The end of the match of GPT-2's pattern
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// that starts at `i`, trying the alternatives in order as Oniguruma does. Some alternative matches
// every character, so consecutive matches cover the text.
size_t gpt2MatchEnd(const std::u32string& s, size_t i) {
    const size_t n = s.size();
    if (s[i] == U'\'' && i + 1 < n) {
        const char32_t a = s[i + 1];
        const char32_t b = i + 2 < n ? s[i + 2] : 0;
        if (a == U's' || a == U't' || a == U'm' || a == U'd') return i + 2;
        if ((a == U'r' && b == U'e') || (a == U'v' && b == U'e') || (a == U'l' && b == U'l'))
            return i + 3;
    }
    const size_t start = s[i] == U' ' && i + 1 < n ? i + 1 : i;  // the optional leading space
    const Gpt2Class kind = gpt2Class(s[start]);
    size_t end = kind == Gpt2Class::kSpace ? i : start;
    while (end < n && gpt2Class(s[end]) == kind)
        ++end;
    // \s+(?!\S) leaves the last space of a run to the word after it; a lone space goes alone.
    return kind != Gpt2Class::kSpace || end == n || end - i == 1 ? end : end - 1;
}

// GPT-2's bytes_to_unicode: printable bytes stand for themselves, the other 68 take the code
// points from U+0100 up in byte order, so every byte-level token is printable text.
std::u32string toByteAlphabet(const std::u32string& text) {
    static const std::array<char32_t, 256> kAlphabet = [] {
        std::array<char32_t, 256> table{};
        char32_t next = 0x100;
        for (char32_t b = 0; b < 256; ++b) {
            const bool printable =
                (b >= U'!' && b <= U'~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
            table[b] = printable ? b : next++;
        }
        return table;
    }();
    std::u32string out;
    for (unsigned char b : utf8::encode(text))
        out.push_back(kAlphabet[b]);
    return out;
}

// ---- BPE merges (word.rs) -----------------------------------------------------------------------

struct Symbol {
    int32_t id;
    int32_t prev;
    int32_t next;
    size_t bytes;  ///< 0 once merged into its left neighbour
};

struct Candidate {
    int32_t rank;
    int32_t pos;
    int32_t id;
};

// word.rs's Word::merge_all without dropout. `lookup(left, right)` returns the merge rule (rank,
// id) or null.
template <typename Lookup>
void mergeAll(std::vector<Symbol>& symbols, Lookup&& lookup) {
    // A heap that pops the lowest rank first and, among equal ranks, the leftmost position.
    std::vector<Candidate> heap;
    const auto later = [](const Candidate& a, const Candidate& b) {
        return a.rank != b.rank ? a.rank > b.rank : a.pos > b.pos;
    };
    const auto push = [&](int32_t left, int32_t right, int32_t pos) {
        if (const auto* rule = lookup(left, right)) {
            heap.push_back({rule->rank, pos, rule->id});
            std::push_heap(heap.begin(), heap.end(), later);
        }
    };
    for (size_t i = 0; i + 1 < symbols.size(); ++i)
        push(symbols[i].id, symbols[i + 1].id, static_cast<int32_t>(i));
    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), later);
        const Candidate top = heap.back();
        heap.pop_back();
        Symbol& current = symbols[static_cast<size_t>(top.pos)];
        if (current.bytes == 0 || current.next < 0) continue;
        Symbol& right = symbols[static_cast<size_t>(current.next)];
        // An entry is stale when a neighbour merged after it was queued; like the library, only
        // the id the pair would merge into is compared.
        const auto* rule = lookup(current.id, right.id);
        if (rule == nullptr || rule->id != top.id) continue;
        current.id = top.id;
        current.bytes += right.bytes;
        current.next = right.next;
        right.bytes = 0;
        if (current.next >= 0) symbols[static_cast<size_t>(current.next)].prev = top.pos;
        if (current.prev >= 0)
            push(symbols[static_cast<size_t>(current.prev)].id, current.id, current.prev);
        if (current.next >= 0)
            push(current.id, symbols[static_cast<size_t>(current.next)].id, top.pos);
    }
}

uint64_t pairKey(int32_t left, int32_t right) {
    return static_cast<uint64_t>(static_cast<uint32_t>(left)) << 32 | static_cast<uint32_t>(right);
}

// ---- tokenizer.json fields ----------------------------------------------------------------------

[[noreturn]] void fail(const std::string& origin, const std::string& message) {
    throw DataError(origin + ": " + message);
}

std::string brief(const json& value) {
    std::string text = value.dump();
    return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

// An absent member and a null one mean the same to the library (serde's Option).
const json* member(const json& object, const char* key) {
    const auto it = object.find(key);
    return it == object.end() || it->is_null() ? nullptr : &*it;
}

bool readBool(const json& object, const char* key, bool fallback, const std::string& field,
              const std::string& origin) {
    const json* value = member(object, key);
    if (value != nullptr && !value->is_boolean())
        fail(origin, field + "." + key + " must be true or false, not " + brief(*value));
    return value != nullptr ? value->get<bool>() : fallback;
}

const std::string* readString(const json& object, const char* key, const std::string& field,
                              const std::string& origin, bool required = false) {
    const json* value = member(object, key);
    if (value == nullptr && required) fail(origin, field + "." + key + " is missing");
    if (value != nullptr && !value->is_string())
        fail(origin, field + "." + key + " must be a string, not " + brief(*value));
    return value != nullptr ? value->get_ptr<const std::string*>() : nullptr;
}

const std::string& typeOf(const json& node, const std::string& field, const std::string& origin) {
    if (!node.is_object()) fail(origin, field + " must be an object, not " + brief(node));
    return *readString(node, "type", field, origin, true);
}

const json& listOf(const json& node, const char* key, const std::string& field,
                   const std::string& origin) {
    const json* list = member(node, key);
    if (list == nullptr || !list->is_array()) fail(origin, field + "." + key + " must be a list");
    return *list;
}

}  // namespace

// ---- loading ------------------------------------------------------------------------------------

BpeTokenizer BpeTokenizer::fromJson(const json& tokenizerJson, const std::string& origin) {
    if (!tokenizerJson.is_object())
        fail(origin, "not a JSON object (expected a Hugging Face tokenizer.json)");
    BpeTokenizer tok;
    tok.origin_ = origin;
    const json* model = member(tokenizerJson, "model");
    if (model == nullptr || !model->is_object())
        fail(origin, "model is missing (expected an object with \"type\": \"BPE\")");
    tok.parseModel(*model);
    if (const json* normalizer = member(tokenizerJson, "normalizer"))
        tok.parseNormalizer(*normalizer, "normalizer");
    if (const json* preTokenizer = member(tokenizerJson, "pre_tokenizer"))
        tok.parsePreTokenizer(*preTokenizer, "pre_tokenizer");
    return tok;
}

void BpeTokenizer::parseNormalizer(const json& node, const std::string& field) {
    using Kind = Normalizer::Kind;
    static const std::pair<std::string_view, Kind> kKinds[] = {
        {"NFC", Kind::kNfc},
        {"NFD", Kind::kNfd},
        {"NFKC", Kind::kNfkc},
        {"NFKD", Kind::kNfkd},
        {"Lowercase", Kind::kLowercase},
        {"StripAccents", Kind::kStripAccents},
        {"Strip", Kind::kStrip},
        {"Prepend", Kind::kPrepend},
        {"Replace", Kind::kReplace}};
    const std::string& type = typeOf(node, field, origin_);
    if (type == "Sequence") {
        const json& list = listOf(node, "normalizers", field, origin_);
        for (size_t i = 0; i < list.size(); ++i)
            parseNormalizer(list[i], field + ".normalizers[" + std::to_string(i) + "]");
        return;
    }
    const auto* known = std::find_if(std::begin(kKinds), std::end(kKinds),
                                     [&](const auto& entry) { return entry.first == type; });
    if (known == std::end(kKinds))
        fail(origin_, field + ".type \"" + type +
                          "\" is not supported (supported: " + kSupportedNormalizers + ")");
    Normalizer step;
    step.kind = known->second;
    if (step.kind == Kind::kStrip) {
        step.stripLeft = readBool(node, "strip_left", false, field, origin_);
        step.stripRight = readBool(node, "strip_right", false, field, origin_);
    } else if (step.kind == Kind::kPrepend) {
        step.content = utf8::decode(*readString(node, "prepend", field, origin_, true));
    } else if (step.kind == Kind::kReplace) {
        const json* pattern = member(node, "pattern");
        if (pattern != nullptr && pattern->is_object() && pattern->contains("Regex"))
            fail(origin_, field + ".pattern.Regex is not supported (supported: String patterns)");
        if (pattern == nullptr || !pattern->is_object())
            fail(origin_, field + ".pattern must be an object {\"String\": \"...\"}");
        step.pattern =
            utf8::decode(*readString(*pattern, "String", field + ".pattern", origin_, true));
        step.content = utf8::decode(*readString(node, "content", field, origin_, true));
    }
    normalizers_.push_back(std::move(step));
}

void BpeTokenizer::parsePreTokenizer(const json& node, const std::string& field) {
    using Kind = PreTokenizer::Kind;
    using Prepend = PreTokenizer::Prepend;
    const std::string& type = typeOf(node, field, origin_);
    if (type == "Sequence") {
        const json& list = listOf(node, "pretokenizers", field, origin_);
        for (size_t i = 0; i < list.size(); ++i)
            parsePreTokenizer(list[i], field + ".pretokenizers[" + std::to_string(i) + "]");
        return;
    }
    PreTokenizer step;
    if (type == "ByteLevel") {
        step.kind = Kind::kByteLevel;
        step.addPrefixSpace = readBool(node, "add_prefix_space", true, field, origin_);
        step.useRegex = readBool(node, "use_regex", true, field, origin_);
    } else if (type == "Metaspace") {
        step.kind = Kind::kMetaspace;
        const std::u32string replacement =
            utf8::decode(*readString(node, "replacement", field, origin_, true));
        if (replacement.size() != 1) fail(origin_, field + ".replacement must be one character");
        step.replacement = replacement[0];
        const std::string* scheme = readString(node, "prepend_scheme", field, origin_);
        const std::string name = scheme != nullptr ? *scheme : "always";
        if (name != "always" && name != "first" && name != "never")
            fail(origin_, field + ".prepend_scheme \"" + name +
                              "\" is not supported (supported: always, first, never)");
        step.prepend = name == "always" ? Prepend::kAlways
                                        : (name == "first" ? Prepend::kFirst : Prepend::kNever);
        // Files written before prepend_scheme existed say add_prefix_space instead. (The library
        // refuses false without prepend_scheme "never"; reading it as "never" is kinder.)
        if (!readBool(node, "add_prefix_space", true, field, origin_)) {
            if (name != "never" && scheme != nullptr)
                fail(origin_,
                     field + ".add_prefix_space false contradicts prepend_scheme \"" + name + "\"");
            step.prepend = Prepend::kNever;
        }
        step.split = readBool(node, "split", true, field, origin_);
    } else if (type == "Whitespace" || type == "WhitespaceSplit") {
        step.kind = type == "Whitespace" ? Kind::kWhitespace : Kind::kWhitespaceSplit;
    } else {
        fail(origin_, field + ".type \"" + type +
                          "\" is not supported (supported: " + kSupportedPreTokenizers + ")");
    }
    preTokenizers_.push_back(step);
}

void BpeTokenizer::parseModel(const json& model) {
    const std::string* type = readString(model, "type", "model", origin_);
    if (type != nullptr && *type != "BPE")
        fail(origin_, "model.type \"" + *type + "\" is not supported (supported: BPE)");
    const json* dropout = member(model, "dropout");
    if (dropout != nullptr && (!dropout->is_number() || dropout->get<double>() != 0.0))
        fail(origin_, "model.dropout " + brief(*dropout) +
                          " is not supported (supported: null or 0; dropout samples merges at "
                          "random)");

    const json* vocab = member(model, "vocab");
    if (vocab == nullptr || !vocab->is_object())
        fail(origin_, "model.vocab must be an object mapping tokens to ids");
    vocab_.reserve(vocab->size());
    for (const auto& [token, id] : vocab->items()) {
        if (!id.is_number_unsigned() || id.get<uint64_t>() >= std::numeric_limits<int32_t>::max())
            fail(origin_, "model.vocab[\"" + token + "\"] must be an id from 0 to 2^31 - 2, not " +
                              brief(id));
        const auto value = static_cast<int32_t>(id.get<uint64_t>());
        vocab_.emplace(token, value);
        if (static_cast<size_t>(value) >= tokens_.size())
            tokens_.resize(static_cast<size_t>(value) + 1);
        if (tokens_[static_cast<size_t>(value)].empty())
            tokens_[static_cast<size_t>(value)] = token;
    }
    if (const std::string* unk = readString(model, "unk_token", "model", origin_)) {
        unkToken_ = *unk;
        hasUnk_ = true;
        unkId_ = tokenToId(*unk);  // a missing one fails only when needed, as in the library
    }
    if (const std::string* prefix =
            readString(model, "continuing_subword_prefix", "model", origin_))
        prefix_ = *prefix;
    if (const std::string* suffix = readString(model, "end_of_word_suffix", "model", origin_))
        suffix_ = *suffix;
    fuseUnk_ = readBool(model, "fuse_unk", false, "model", origin_);
    byteFallback_ = readBool(model, "byte_fallback", false, "model", origin_);
    ignoreMerges_ = readBool(model, "ignore_merges", false, "model", origin_);
    for (size_t b = 0; b < byteIds_.size(); ++b) {
        char name[8];
        std::snprintf(name, sizeof name, "<0x%02X>", static_cast<unsigned>(b));
        byteIds_[b] = tokenToId(name);
    }

    const json* merges = member(model, "merges");
    if (merges == nullptr || !merges->is_array())
        fail(origin_, "model.merges must be a list of \"a b\" strings or [\"a\", \"b\"] pairs");
    int32_t rank = 0;
    for (size_t i = 0; i < merges->size(); ++i)
        parseMerge((*merges)[i], i, rank);
}

void BpeTokenizer::parseMerge(const json& entry, size_t index, int32_t& rank) {
    const std::string field = "model.merges[" + std::to_string(index) + "]";
    std::string left;
    std::string right;
    if (entry.is_string()) {
        const auto& line = entry.get_ref<const std::string&>();
        if (line.rfind("#version", 0) == 0) return;  // a merges.txt header, not a merge
        const size_t space = line.find(' ');
        if (space == std::string::npos || line.find(' ', space + 1) != std::string::npos)
            fail(origin_, field + " \"" + line + "\" must be two tokens separated by one space");
        left = line.substr(0, space);
        right = line.substr(space + 1);
    } else if (entry.is_array() && entry.size() == 2 && entry[0].is_string() &&
               entry[1].is_string()) {
        left = entry[0].get<std::string>();
        right = entry[1].get<std::string>();
    } else {
        fail(origin_, field + " must be \"a b\" or [\"a\", \"b\"], not " + brief(entry));
    }
    const int32_t leftId = tokenToId(left);
    const int32_t rightId = tokenToId(right);
    if (leftId < 0 || rightId < 0)
        fail(origin_, field + ": \"" + (leftId < 0 ? left : right) + "\" is not in model.vocab");
    if (right.size() < prefix_.size())
        fail(origin_, field + ": \"" + right + "\" is shorter than continuing_subword_prefix");
    // As in the library, the right part loses the prefix's length whether or not it has it.
    const std::string merged = left + right.substr(prefix_.size());
    const int32_t id = tokenToId(merged);
    if (id < 0)
        fail(origin_, field + ": the merged token \"" + merged + "\" is not in model.vocab");
    // A pair listed twice keeps its last rank, as the library's hash map does.
    merges_[pairKey(leftId, rightId)] = MergeRule{rank++, id};
}

// ---- tokenization -------------------------------------------------------------------------------

// `atOrigin` says whether the first character left still maps to the first one of the input; it
// turns false when the characters before it are removed (what Metaspace "first" looks at).
std::u32string BpeTokenizer::normalize(std::u32string text, bool& atOrigin) const {
    using Kind = Normalizer::Kind;
    for (const Normalizer& step : normalizers_) {
        switch (step.kind) {
            case Kind::kNfc:
            case Kind::kNfd:
            case Kind::kNfkc:
            case Kind::kNfkd:
                text = icuNormalize(text, static_cast<size_t>(step.kind));
                break;
            case Kind::kLowercase:
                text = lowercase(text);
                break;
            case Kind::kStrip: {
                size_t begin = 0;
                size_t end = text.size();
                while (step.stripLeft && begin < end && isSpace(text[begin]))
                    ++begin;
                while (step.stripRight && end > begin && isSpace(text[end - 1]))
                    --end;
                atOrigin = atOrigin && begin == 0;
                text = text.substr(begin, end - begin);
                break;
            }
            case Kind::kStripAccents:
                atOrigin = atOrigin && (text.empty() || !isMark(text[0]));
                text.erase(std::remove_if(text.begin(), text.end(), isMark), text.end());
                break;
            case Kind::kPrepend:
                if (!text.empty()) text.insert(0, step.content);
                break;
            case Kind::kReplace:
                text = replaceAll(text, step.pattern, step.content, atOrigin);
                break;
        }
    }
    return text;
}

std::vector<BpeTokenizer::Piece> BpeTokenizer::preTokenize(std::u32string text,
                                                           bool atOrigin) const {
    using Kind = PreTokenizer::Kind;
    std::vector<Piece> pieces;
    pieces.push_back(Piece{std::move(text), atOrigin});
    std::vector<Piece> next;
    for (const PreTokenizer& step : preTokenizers_) {
        next.clear();
        for (Piece& piece : pieces) {
            std::u32string& s = piece.text;
            const auto add = [&](size_t begin, size_t end) {  // drops empty splits, as the library
                if (begin < end)
                    next.push_back(
                        Piece{s.substr(begin, end - begin), piece.atOrigin && begin == 0});
            };
            if (step.kind == Kind::kByteLevel) {
                if (step.addPrefixSpace && s[0] != U' ') s.insert(s.begin(), U' ');
                const size_t first = next.size();
                for (size_t i = 0, end = 0; i < s.size(); i = end) {
                    end = step.useRegex ? gpt2MatchEnd(s, i) : s.size();
                    add(i, end);
                }
                for (size_t k = first; k < next.size(); ++k)
                    next[k].text = toByteAlphabet(next[k].text);
            } else if (step.kind == Kind::kMetaspace) {
                std::replace(s.begin(), s.end(), U' ', step.replacement);
                const bool prepend =
                    step.prepend == PreTokenizer::Prepend::kAlways ||
                    (step.prepend == PreTokenizer::Prepend::kFirst && piece.atOrigin);
                if (prepend && s[0] != step.replacement) s.insert(s.begin(), step.replacement);
                // Split with MergedWithNext: every replacement character starts a new piece.
                size_t begin = 0;
                for (size_t i = 1; step.split && i < s.size(); ++i) {
                    if (s[i] != step.replacement) continue;
                    add(begin, i);
                    begin = i;
                }
                add(begin, s.size());
            } else {
                // Whitespace keeps \w+|[^\w\s]+, WhitespaceSplit every run of non-spaces.
                const bool anyRun = step.kind == Kind::kWhitespaceSplit;
                for (size_t i = 0, end = 0; i < s.size(); i = end) {
                    end = i + 1;
                    if (isSpace(s[i])) continue;
                    const bool word = isWordChar(s[i]);
                    while (end < s.size() && !isSpace(s[end]) &&
                           (anyRun || isWordChar(s[end]) == word))
                        ++end;
                    add(i, end);
                }
            }
        }
        pieces.swap(next);
    }
    return pieces;
}

const BpeTokenizer::MergeRule* BpeTokenizer::findMerge(int32_t left, int32_t right) const {
    const auto it = merges_.find(pairKey(left, right));
    return it == merges_.end() ? nullptr : &it->second;
}

// model.rs's BPE::merge_word and tokenize: the word starts as one symbol per character (with the
// continuing-subword prefix on all but the first and the end-of-word suffix on the last), unknown
// characters become their <0xNN> bytes or unk_token, then merge_all.
template <typename Emit>
void BpeTokenizer::encodeWord(const std::u32string& word, Emit&& emit) const {
    const std::string utf8 = utf8::encode(word);
    if (ignoreMerges_) {
        const auto it = vocab_.find(utf8);
        if (it != vocab_.end()) return emit(it->second);
    }
    std::vector<Symbol> symbols;
    symbols.reserve(word.size());
    const auto add = [&symbols](int32_t id, size_t bytes) {
        const auto count = static_cast<int32_t>(symbols.size());
        if (count > 0) symbols.back().next = count;
        symbols.push_back(Symbol{id, count - 1, -1, bytes});
    };
    const auto hasByteToken = [this](char b) { return byteIds_[static_cast<uint8_t>(b)] >= 0; };
    size_t pendingUnkBytes = 0;  // an unk symbol not added yet, so fuse_unk can widen it
    std::string key;
    for (size_t i = 0, offset = 0; i < word.size(); ++i) {
        const auto charBytes = static_cast<size_t>(U8_LENGTH(static_cast<UChar32>(word[i])));
        key.clear();
        if (i > 0) key += prefix_;
        key.append(utf8, offset, charBytes);
        if (i + 1 == word.size()) key += suffix_;
        offset += charBytes;
        if (const auto it = vocab_.find(key); it != vocab_.end()) {
            if (pendingUnkBytes > 0) add(unkId_, pendingUnkBytes);
            pendingUnkBytes = 0;
            add(it->second, charBytes);
        } else if (byteFallback_ && std::all_of(key.begin(), key.end(), hasByteToken)) {
            // The whole key, prefix and suffix included; like the library this leaves a pending
            // unk pending.
            for (char b : key)
                add(byteIds_[static_cast<uint8_t>(b)], 1);
        } else if (hasUnk_) {  // without unk_token the library drops the character
            if (unkId_ < 0)
                throw DataError(origin_ + ": model.unk_token \"" + unkToken_ +
                                "\" is not in model.vocab (needed for a character the vocabulary "
                                "lacks)");
            if (pendingUnkBytes > 0 && !fuseUnk_) add(unkId_, pendingUnkBytes);
            pendingUnkBytes = (fuseUnk_ ? pendingUnkBytes : 0) + charBytes;
        }
    }
    if (pendingUnkBytes > 0) add(unkId_, pendingUnkBytes);
    mergeAll(symbols, [this](int32_t left, int32_t right) { return findMerge(left, right); });
    for (const Symbol& symbol : symbols)
        if (symbol.bytes > 0) emit(symbol.id);
}

template <typename Emit>
void BpeTokenizer::run(std::string_view text, Emit&& emit) const {
    bool atOrigin = true;
    std::u32string normalized = normalize(utf8::decode(text), atOrigin);
    if (normalized.empty()) return;
    for (const Piece& piece : preTokenize(std::move(normalized), atOrigin))
        encodeWord(piece.text, emit);
}

void BpeTokenizer::encodeAppend(std::string_view text, std::vector<int32_t>& out) const {
    run(text, [&out](int32_t id) { out.push_back(id); });
}

std::vector<int32_t> BpeTokenizer::encode(std::string_view text) const {
    std::vector<int32_t> ids;
    encodeAppend(text, ids);
    return ids;
}

std::vector<std::string> BpeTokenizer::tokenize(std::string_view text) const {
    std::vector<std::string> tokens;
    run(text, [&](int32_t id) { tokens.push_back(tokens_[static_cast<size_t>(id)]); });
    return tokens;
}

int32_t BpeTokenizer::tokenToId(std::string_view token) const {
    const auto it = vocab_.find(std::string(token));
    return it == vocab_.end() ? -1 : it->second;
}

}  // namespace isomorph::text

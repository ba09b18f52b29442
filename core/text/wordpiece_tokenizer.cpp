#include "core/text/wordpiece_tokenizer.h"

#include <array>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/utf8.h>

#include <nlohmann/json.hpp>

#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/text/utf8.h"

namespace isomorph::text {
namespace {

namespace fs = std::filesystem;

// BertTokenizer's all_special_tokens. All start with '[', which run() relies on to find them.
constexpr std::array<std::string_view, 5> kSpecialTokens = {"[CLS]", "[SEP]", "[MASK]", "[PAD]",
                                                            "[UNK]"};
constexpr std::string_view kUnkToken = "[UNK]";
constexpr std::string_view kContinuation = "##";
// Bumped if tokenization ever changes, so shards made with the old behaviour are refused.
constexpr std::string_view kLayoutTag = "wordpiece-bert-v1";

// ---- character classes (transformers' _is_control, _is_whitespace, _is_punctuation) -----------

uint32_t categoryMask(char32_t c) {
    return U_GET_GC_MASK(static_cast<UChar32>(c));
}

// Category C* (Cc, Cf, Co, Cs and unassigned Cn) except the three whitespace controls.
bool isControl(char32_t c) {
    if (c == U'\t' || c == U'\n' || c == U'\r') return false;
    return (categoryMask(c) & U_GC_C_MASK) != 0;
}

bool isWhitespace(char32_t c) {
    return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' ||
           (categoryMask(c) & U_GC_ZS_MASK) != 0;
}

// BERT counts all non-alphanumeric ASCII ("$", "^", "`") as punctuation although Unicode puts
// some of it in S*.
bool isPunctuation(char32_t c) {
    if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) ||
        (c >= 123 && c <= 126))
        return true;
    return (categoryMask(c) & U_GC_P_MASK) != 0;
}

bool isChineseChar(char32_t c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x20000 && c <= 0x2A6DF) || (c >= 0x2A700 && c <= 0x2B73F) ||
           (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

// Python's str.isspace(), which str.split() uses; after cleaning only U+0020, U+2028 and U+2029
// can still occur, but the whole set keeps this independent of the cleaning rules.
bool isPythonSpace(char32_t c) {
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 ||
           c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
           c == 0x202F || c == 0x205F || c == 0x3000;
}

// ---- text transformations ----------------------------------------------------------------------

// Python's str.lower() of one code point: ICU's simple mapping plus the only unconditional
// multi-character lowercase mapping in SpecialCasing.txt. Applied code point by code point because
// transformers lower-cases that way (so there is no final-sigma context).
std::u32string lowerEach(const std::u32string& text) {
    std::u32string out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (c == 0x130) {
            out += U"i\u0307";
            continue;
        }
        out.push_back(static_cast<char32_t>(u_tolower(static_cast<UChar32>(c))));
    }
    return out;
}

std::u32string cleanText(const std::u32string& text) {
    std::u32string out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (c == 0 || c == 0xFFFD || isControl(c)) continue;
        out.push_back(isWhitespace(c) ? U' ' : c);
    }
    return out;
}

std::u32string spaceChineseChars(const std::u32string& text) {
    std::u32string out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (!isChineseChar(c)) {
            out.push_back(c);
            continue;
        }
        out.push_back(U' ');
        out.push_back(c);
        out.push_back(U' ');
    }
    return out;
}

enum class Form { kNfc, kNfd };

const UNormalizer2* normalizer(Form form) {
    static const auto get = [](Form f) {
        UErrorCode status = U_ZERO_ERROR;
        const UNormalizer2* n =
            f == Form::kNfc ? unorm2_getNFCInstance(&status) : unorm2_getNFDInstance(&status);
        if (U_FAILURE(status))
            throw DataError(std::string("ICU normalization data is unavailable: ") +
                            u_errorName(status) + " (reinstall the Debian package libicu72)");
        return n;
    };
    static const UNormalizer2* nfc = get(Form::kNfc);
    static const UNormalizer2* nfd = get(Form::kNfd);
    return form == Form::kNfc ? nfc : nfd;
}

std::u16string toUtf16(const std::u32string& text) {
    std::u16string out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (c < 0x10000) {
            out.push_back(static_cast<char16_t>(c));
        } else {
            out.push_back(static_cast<char16_t>(U16_LEAD(c)));
            out.push_back(static_cast<char16_t>(U16_TRAIL(c)));
        }
    }
    return out;
}

std::u32string toUtf32(const std::u16string& text) {
    std::u32string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        const char16_t unit = text[i];
        if (U16_IS_LEAD(unit) && i + 1 < text.size() && U16_IS_TRAIL(text[i + 1])) {
            out.push_back(static_cast<char32_t>(U16_GET_SUPPLEMENTARY(unit, text[i + 1])));
            ++i;
        } else {
            out.push_back(unit);
        }
    }
    return out;
}

// Below these code points no character changes under NFC (no combining marks) or NFD (no
// precomposed letters), which spares the UTF-16 round trip for most European text.
bool alreadyNormalized(const std::u32string& text, Form form) {
    const char32_t limit = form == Form::kNfc ? 0x300 : 0xC0;
    for (char32_t c : text)
        if (c >= limit) return false;
    return true;
}

std::u32string normalize(const std::u32string& text, Form form) {
    if (alreadyNormalized(text, form)) return text;
    const std::u16string source = toUtf16(text);
    std::u16string out(source.size() * 2 + 8, u'\0');
    for (int attempt = 0; attempt < 2; ++attempt) {
        UErrorCode status = U_ZERO_ERROR;
        const int32_t length =
            unorm2_normalize(normalizer(form), source.data(), static_cast<int32_t>(source.size()),
                             out.data(), static_cast<int32_t>(out.size()), &status);
        if (status == U_BUFFER_OVERFLOW_ERROR) {
            out.assign(static_cast<size_t>(length), u'\0');
            continue;
        }
        if (U_FAILURE(status))
            throw DataError(std::string("ICU normalization failed: ") + u_errorName(status));
        out.resize(static_cast<size_t>(length));
        return toUtf32(out);
    }
    throw DataError("ICU normalization failed: output size changed between calls");
}

std::u32string stripAccents(const std::u32string& text) {
    std::u32string out;
    for (char32_t c : normalize(text, Form::kNfd))
        if ((categoryMask(c) & U_GC_MN_MASK) == 0) out.push_back(c);
    return out;
}

// Calls `f` with every maximal run of non-space code points (Python's str.split()).
template <typename F>
void forEachWord(const std::u32string& text, F&& f) {
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && isPythonSpace(text[i]))
            ++i;
        size_t end = i;
        while (end < text.size() && !isPythonSpace(text[end]))
            ++end;
        if (end > i) f(text.substr(i, end - i));
        i = end;
    }
}

// Every punctuation character becomes a piece of its own; the runs between them are pieces too.
template <typename F>
void forEachPunctuationPiece(const std::u32string& token, F&& f) {
    size_t start = 0;
    for (size_t i = 0; i < token.size(); ++i) {
        if (!isPunctuation(token[i])) continue;
        if (i > start) f(token.substr(start, i - start));
        f(token.substr(i, 1));
        start = i + 1;
    }
    if (start < token.size()) f(token.substr(start));
}

bool isNeverSplit(const std::u32string& token) {
    for (std::string_view special : kSpecialTokens) {
        if (token.size() != special.size()) continue;
        bool equal = true;
        for (size_t i = 0; i < special.size() && equal; ++i)
            equal = token[i] == static_cast<char32_t>(special[i]);
        if (equal) return true;
    }
    return false;
}

// ---- tokenizer_config.json ---------------------------------------------------------------------

bool readBool(const nlohmann::json& config, const char* key, bool fallback, const fs::path& path) {
    const auto it = config.find(key);
    if (it == config.end() || it->is_null()) return fallback;
    if (!it->is_boolean())
        throw DataError(path.string() + ": '" + key + "' must be true or false, not " + it->dump());
    return it->get<bool>();
}

WordPieceTokenizer::Options readOptions(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DataError("cannot open '" + path.string() + "'");
    const nlohmann::json config = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (config.is_discarded() || !config.is_object())
        throw DataError(path.string() + ": not a JSON object (expected transformers' " +
                        "tokenizer_config.json)");
    WordPieceTokenizer::Options options;
    options.lowercase = readBool(config, "do_lower_case", true, path);
    options.tokenizeChineseChars = readBool(config, "tokenize_chinese_chars", true, path);
    const auto strip = config.find("strip_accents");
    if (strip != config.end() && !strip->is_null())
        options.stripAccents = readBool(config, "strip_accents", false, path);
    return options;
}

std::string optionsTag(const WordPieceTokenizer::Options& o) {
    std::string tag(kLayoutTag);
    tag += o.lowercase ? " lower" : " cased";
    tag += o.stripAccents ? (*o.stripAccents ? " strip" : " keep") : " auto";
    tag += o.tokenizeChineseChars ? " cjk" : " nocjk";
    if (!o.nfc) tag += " nonfc";
    return tag;
}

}  // namespace

// ---- loading -----------------------------------------------------------------------------------

WordPieceTokenizer WordPieceTokenizer::load(const fs::path& vocabTxt, bool lowercase) {
    Options options;
    options.lowercase = lowercase;
    return load(vocabTxt, options);
}

WordPieceTokenizer WordPieceTokenizer::load(const fs::path& vocabTxt, const Options& options) {
    WordPieceTokenizer tok;
    tok.options_ = options;
    tok.readVocab(vocabTxt);
    tok.finish(vocabTxt.string());
    return tok;
}

WordPieceTokenizer WordPieceTokenizer::fromTokens(std::vector<std::string> tokens,
                                                  const Options& options,
                                                  const std::string& origin) {
    WordPieceTokenizer tok;
    tok.options_ = options;
    for (size_t id = 0; id < tokens.size(); ++id)
        tok.addToken(std::move(tokens[id]), origin + " (id " + std::to_string(id) + ")", false);
    if (tok.ids_.empty()) throw DataError(origin + ": the WordPiece vocabulary is empty");
    tok.finish(origin);
    return tok;
}

void WordPieceTokenizer::finish(const std::string& origin) {
    findSpecialIds(origin);
    uint64_t hash = kFnvOffset;
    for (const std::string& token : tokens_)
        hash = fnv1a64("\n", fnv1a64(token, hash));
    hash_ = toHex64(fnv1a64(optionsTag(options_), hash));
}

WordPieceTokenizer WordPieceTokenizer::loadFromFolder(const fs::path& dir) {
    if (!fs::is_directory(dir))
        throw DataError("'" + dir.string() + "' is not a folder (expected a BERT checkpoint " +
                        "folder with vocab.txt)");
    const fs::path config = dir / "tokenizer_config.json";
    const Options options = fs::exists(config) ? readOptions(config) : Options{};
    return load(dir / "vocab.txt", options);
}

// Lines end at "\n", "\r\n" or "\r", as Python's universal newlines (transformers' load_vocab)
// read them; a final line without a terminator is a token too.
void WordPieceTokenizer::readVocab(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw DataError("cannot open the WordPiece vocabulary '" + path.string() + "'" +
                        (fs::exists(path) ? "" : ": no such file"));
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw DataError("cannot read the WordPiece vocabulary '" + path.string() + "'");
    size_t pos = 0;
    for (size_t line = 1; pos < bytes.size(); ++line) {
        const size_t eol = bytes.find_first_of("\r\n", pos);
        if (eol == std::string::npos) {
            addToken(bytes.substr(pos), path.string() + ":" + std::to_string(line), true);
            break;
        }
        addToken(bytes.substr(pos, eol - pos), path.string() + ":" + std::to_string(line), true);
        const bool crlf = bytes[eol] == '\r' && eol + 1 < bytes.size() && bytes[eol + 1] == '\n';
        pos = eol + (crlf ? 2 : 1);
    }
    if (ids_.empty())
        throw DataError(path.string() + ": the vocabulary is empty (expected one token per line, " +
                        "as in a BERT vocab.txt)");
}

// Empty lines keep their id (the id is the line index) but can never be produced, so they are
// neither looked up nor reported as duplicates.
void WordPieceTokenizer::addToken(std::string token, const std::string& where, bool byLine) {
    if (!utf8::isValid(token)) throw DataError(where + ": the token is not valid UTF-8");
    if (tokens_.size() >= static_cast<size_t>(INT32_MAX))
        throw DataError(where + ": too many tokens");
    const auto id = static_cast<int32_t>(tokens_.size());
    if (!token.empty()) {
        const auto [it, inserted] = ids_.emplace(token, id);
        if (!inserted)
            throw DataError(where + ": duplicate token '" + token + "' (first " +
                            (byLine ? "on line " + std::to_string(it->second + 1)
                                    : "as id " + std::to_string(it->second)) +
                            ")");
        maxTokenBytes_ = std::max(maxTokenBytes_, token.size());
    }
    tokens_.push_back(std::move(token));
}

void WordPieceTokenizer::findSpecialIds(const std::string& origin) {
    unkId_ = tokenToId(kUnkToken);
    if (unkId_ < 0)
        throw DataError(origin + ": no line is [UNK]; a BERT vocab.txt lists [PAD], " +
                        "[UNK], [CLS], [SEP] and [MASK] (mBERT: lines 1, 101, 102, 103, 104)");
    clsId_ = tokenToId("[CLS]");
    sepId_ = tokenToId("[SEP]");
    padId_ = tokenToId("[PAD]");
    maskId_ = tokenToId("[MASK]");
    for (std::string_view special : kSpecialTokens) {
        const int32_t id = tokenToId(special);
        if (id >= 0) specials_.emplace_back(std::string(special), id);
    }
}

// ---- tokenization ------------------------------------------------------------------------------

// transformers first cuts the special tokens out of the raw text (its added-tokens trie), then
// tokenizes the pieces between them; all specials start with '[' and none is a prefix of another.
template <typename Emit>
void WordPieceTokenizer::run(std::string_view text, Emit&& emit) const {
    size_t start = 0;
    size_t pos = 0;
    while ((pos = text.find('[', pos)) != std::string_view::npos) {
        const std::pair<std::string, int32_t>* hit = nullptr;
        for (const auto& special : specials_)
            if (text.compare(pos, special.first.size(), special.first) == 0) hit = &special;
        if (hit == nullptr) {
            ++pos;
            continue;
        }
        basicTokenize(text.substr(start, pos - start), emit);
        emit(hit->second);
        pos += hit->first.size();
        start = pos;
    }
    basicTokenize(text.substr(start), emit);
}

template <typename Emit>
void WordPieceTokenizer::basicTokenize(std::string_view chunk, Emit&& emit) const {
    if (chunk.empty()) return;
    std::u32string text = utf8::decode(chunk);
    if (options_.lowercase) text = lowerEach(text);  // tokenize()'s pass before BasicTokenizer
    text = cleanText(text);
    if (options_.tokenizeChineseChars) text = spaceChineseChars(text);
    if (options_.nfc) text = normalize(text, Form::kNfc);
    const bool strip = stripsAccents();
    forEachWord(text, [&](std::u32string token) {
        if (isNeverSplit(token)) {
            wordPiece(token, emit);
            return;
        }
        if (options_.lowercase) token = lowerEach(token);
        if (strip) token = stripAccents(token);
        forEachPunctuationPiece(token, [&](const std::u32string& piece) {
            forEachWord(piece, [&](const std::u32string& word) { wordPiece(word, emit); });
        });
    });
}

template <typename Emit>
void WordPieceTokenizer::wordPiece(const std::u32string& word, Emit&& emit) const {
    if (word.size() > static_cast<size_t>(kMaxInputCharsPerWord)) {
        emit(unkId_);
        return;
    }
    // The word in UTF-8 and where each code point starts: candidates are code-point substrings.
    std::string wordBytes;
    std::vector<size_t> offsets;
    offsets.reserve(word.size() + 1);
    for (char32_t c : word) {
        offsets.push_back(wordBytes.size());
        utf8::append(wordBytes, c);
    }
    offsets.push_back(wordBytes.size());

    std::vector<int32_t> pieces;
    std::string candidate;
    for (size_t start = 0; start < word.size();) {
        const std::string_view prefix = start > 0 ? kContinuation : std::string_view();
        int32_t found = -1;
        size_t end = word.size();
        for (; end > start; --end) {
            const size_t bytes = offsets[end] - offsets[start];
            if (prefix.size() + bytes > maxTokenBytes_) continue;
            candidate.assign(prefix);
            candidate.append(wordBytes, offsets[start], bytes);
            const auto it = ids_.find(candidate);
            if (it == ids_.end()) continue;
            found = it->second;
            break;
        }
        if (found < 0) {
            emit(unkId_);
            return;
        }
        pieces.push_back(found);
        start = end;
    }
    for (int32_t id : pieces)
        emit(id);
}

std::vector<int32_t> WordPieceTokenizer::encode(std::string_view text) const {
    std::vector<int32_t> ids;
    encodeAppend(text, ids);
    return ids;
}

void WordPieceTokenizer::encodeAppend(std::string_view text, std::vector<int32_t>& out) const {
    run(text, [&out](int32_t id) { out.push_back(id); });
}

std::vector<std::string> WordPieceTokenizer::tokenize(std::string_view text) const {
    std::vector<std::string> tokens;
    run(text, [&](int32_t id) { tokens.push_back(tokens_[static_cast<size_t>(id)]); });
    return tokens;
}

std::string WordPieceTokenizer::decode(const std::vector<int32_t>& ids) const {
    std::string joined;
    for (size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] < 0 || ids[i] >= vocabSize())
            throw DataError("token id " + std::to_string(ids[i]) +
                            " is outside the WordPiece vocabulary (size " +
                            std::to_string(vocabSize()) + ")");
        if (i > 0) joined += ' ';
        joined += tokens_[static_cast<size_t>(ids[i])];
    }
    std::string merged;
    size_t pos = 0;
    for (size_t hit; (hit = joined.find(" ##", pos)) != std::string::npos; pos = hit + 3)
        merged.append(joined, pos, hit - pos);
    merged.append(joined, pos, std::string::npos);

    const std::u32string chars = utf8::decode(merged);
    size_t first = 0;
    size_t last = chars.size();
    while (first < last && isPythonSpace(chars[first]))
        ++first;
    while (last > first && isPythonSpace(chars[last - 1]))
        --last;
    std::string out;
    for (size_t i = first; i < last; ++i)
        utf8::append(out, chars[i]);
    return out;
}

// ---- vocabulary queries ------------------------------------------------------------------------

bool WordPieceTokenizer::isSpecial(int32_t id) const {
    return id >= 0 &&
           (id == clsId_ || id == sepId_ || id == padId_ || id == maskId_ || id == unkId_);
}

const std::string& WordPieceTokenizer::idToToken(int32_t id) const {
    if (id < 0 || id >= vocabSize())
        throw std::out_of_range("WordPiece id " + std::to_string(id) + " outside [0, " +
                                std::to_string(vocabSize()) + ")");
    return tokens_[static_cast<size_t>(id)];
}

int32_t WordPieceTokenizer::tokenToId(std::string_view token) const {
    const auto it = ids_.find(std::string(token));
    return it == ids_.end() ? -1 : it->second;
}

}  // namespace isomorph::text

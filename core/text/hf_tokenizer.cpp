#include "core/text/hf_tokenizer.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <unordered_map>
#include <variant>

#include <nlohmann/json.hpp>

#include "core/common/base64.h"
#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/text/bpe_tokenizer.h"
#include "core/text/sentencepiece_model.h"
#include "core/text/wordpiece_tokenizer.h"

namespace isomorph::text {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Bumped whenever the reading of a tokenizer.json changes ids, so shards made before are refused.
constexpr std::string_view kLayoutTag = "hf-tokenizer-json-v1";

// ---- a SentencePiece ModelProto, written by hand (sentencepiece_model.proto field numbers) -----
// Only the fields a unigram model needs to encode; SentencePiece's own parser reads it.

class ProtoWriter {
  public:
    void varint(int field, uint64_t value) {
        key(field, 0);
        raw(value);
    }
    void int32(int field, int32_t value) { varint(field, static_cast<uint64_t>(int64_t{value})); }
    void bytes(int field, std::string_view value) {
        key(field, 2);
        raw(value.size());
        out_.append(value);
    }
    void float32(int field, float value) {
        key(field, 5);
        uint32_t bits = 0;
        std::memcpy(&bits, &value, sizeof bits);
        for (int i = 0; i < 4; ++i)
            out_.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
    }
    const std::string& str() const { return out_; }

  private:
    void key(int field, int wireType) { raw((static_cast<uint64_t>(field) << 3) | wireType); }
    void raw(uint64_t value) {
        do {
            uint8_t byte = value & 0x7F;
            value >>= 7;
            out_.push_back(static_cast<char>(value ? byte | 0x80 : byte));
        } while (value);
    }
    std::string out_;
};

enum class PieceType { kNormal = 1, kUnknown = 2 };

// ---- JSON access with messages that name the field ----------------------------------------------

struct Reader {
    std::string file;

    [[noreturn]] void fail(const std::string& field, const std::string& what) const {
        throw DataError(file + ": " + field + " " + what);
    }
    const json& at(const json& node, const std::string& key, const std::string& field) const {
        const auto it = node.find(key);
        if (it == node.end()) fail(field + "." + key, "is missing");
        return *it;
    }
    std::string type(const json& node, const std::string& field) const {
        if (node.is_null()) return "null";
        if (!node.is_object()) fail(field, "must be an object or null");
        const json& t = at(node, "type", field);
        if (!t.is_string()) fail(field + ".type", "must be a string");
        return t.get<std::string>();
    }
    bool flag(const json& node, const std::string& key, bool fallback,
              const std::string& field) const {
        const auto it = node.find(key);
        if (it == node.end() || it->is_null()) return fallback;
        if (!it->is_boolean()) fail(field + "." + key, "must be true or false");
        return it->get<bool>();
    }
    [[noreturn]] void unsupported(const std::string& field, const std::string& value,
                                  const std::string& supported) const {
        fail(field, "\"" + value + "\" is not supported (supported: " + supported +
                        "); Isomorph refuses it rather than produce other ids than the "
                        "`tokenizers` library");
    }
};

struct AddedToken {
    std::string content;
    int32_t id = -1;
    bool lstrip = false;
    bool rstrip = false;
};

// ---- Unigram through SentencePiece ------------------------------------------------------------

// tokenizers' Unigram: SentencePiece normalizes (its own code, the file's character map), and
// the segmentation is the library's Viterbi, not SentencePiece's: the two break ties between
// equally scored segmentations differently ("www" is "w"+"ww" in one and "ww"+"w" in the other).
struct UnigramModel {
    std::shared_ptr<SentencePieceModel> normalizer;  ///< only its normalization is used
    int32_t vocabSize = 0;
    std::unordered_map<std::string, std::pair<int32_t, double>> pieces;  ///< piece -> id, score
    size_t maxPieceBytes = 0;
    double unkScore = 0;  ///< the lowest score - 10, as the library's kUnkPenalty
    int32_t unkId = 0;
    bool byteFallback = false;
    bool prependSpace = true;      ///< Metaspace prepend_scheme always/first
    bool whitespaceSplit = false;  ///< WhitespaceSplit before Metaspace
    bool collapseSpaces = false;   ///< Replace " {2,}" -> " " before the character map
    /// The same Replace after the character map (transformers' XLM-R converter writes
    /// [Precompiled, Replace]): spaces the map makes (tabs, no-break spaces) collapse too.
    bool collapseMappedSpaces = false;
    std::vector<std::pair<std::string, std::string>> replacements;  ///< Replace String patterns

    void encodeAppend(std::string_view text, std::vector<int32_t>& out) const {
        std::string s(text);
        for (const auto& [from, to] : replacements) {
            for (size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size())
                s.replace(pos, from.size(), to);
        }
        if (collapseSpaces) {
            std::string collapsed;
            collapsed.reserve(s.size());
            for (char c : s)
                if (c != ' ' || collapsed.empty() || collapsed.back() != ' ')
                    collapsed.push_back(c);
            s.swap(collapsed);
        }
        if (s.empty()) return;
        std::string normalized;
        for (const std::string& piece : normalizer->encodePieces(s))
            normalized += piece;
        static const std::string kMetaRun = "\u2581\u2581";
        if (collapseMappedSpaces)  // spaces are U+2581 by now
            for (size_t pos = 0; (pos = normalized.find(kMetaRun, pos)) != std::string::npos;)
                normalized.erase(pos, kMetaRun.size() / 2);
        // Metaspace prepends the replacement only where the normalized text does not already
        // start with one (a leading space, or a no-break space the character map made one);
        // SentencePiece's dummy prefix is unconditional, so without WhitespaceSplit it is off and
        // the replacement is added here. With WhitespaceSplit, SentencePiece's own whitespace
        // handling (trim, collapse, dummy prefix) is the library's.
        static const std::string kMeta = "\u2581";
        if (!whitespaceSplit && prependSpace && normalized.rfind(kMeta, 0) != 0)
            normalized.insert(0, kMeta);
        // Metaspace's split: every U+2581 starts a new word.
        size_t begin = 0;
        while (begin < normalized.size()) {
            size_t next = normalized.find(kMeta, begin + 1);
            if (next == std::string::npos) next = normalized.size();
            viterbi(std::string_view(normalized).substr(begin, next - begin), out);
            begin = next;
        }
    }

  private:
    struct Best {
        double score = 0;
        int64_t start = -1;  ///< -1: not reached
        int32_t id = -1;
    };

    static size_t charBytes(unsigned char lead) {
        return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    }

    void viterbi(std::string_view word, std::vector<int32_t>& out) const {
        const size_t n = word.size();
        std::vector<Best> best(n + 1);
        best[0].start = 0;
        std::string key;
        for (size_t at = 0; at < n;) {
            const size_t mblen = std::min(charBytes(static_cast<unsigned char>(word[at])), n - at);
            const double here = best[at].score;
            bool single = false;
            for (size_t len = 1; len <= maxPieceBytes && at + len <= n; ++len) {
                // Pieces are whole characters: no lookup that would end inside one.
                if (at + len < n && (static_cast<unsigned char>(word[at + len]) & 0xC0) == 0x80)
                    continue;
                key.assign(word.data() + at, len);
                const auto it = pieces.find(key);
                if (it == pieces.end()) continue;
                Best& target = best[at + len];
                const double candidate = here + it->second.second;
                if (target.start < 0 || candidate > target.score)
                    target = {candidate, static_cast<int64_t>(at), it->second.first};
                if (len == mblen) single = true;
            }
            if (!single) {
                Best& target = best[at + mblen];
                const double candidate = here + unkScore;
                if (target.start < 0 || candidate > target.score)
                    target = {candidate, static_cast<int64_t>(at), unkId};
            }
            at += mblen;
        }
        // Back from the end; consecutive unknowns fuse into one token (fuse_unk).
        std::vector<std::pair<std::string_view, int32_t>> tokens;
        for (size_t end = n; end > 0;) {
            const Best& node = best[end];
            const auto start = static_cast<size_t>(node.start);
            const std::string_view piece = word.substr(start, end - start);
            if (node.id == unkId && !tokens.empty() && tokens.back().second == unkId) {
                tokens.back().first = word.substr(start, end - start + tokens.back().first.size());
            } else {
                tokens.emplace_back(piece, node.id);
            }
            end = start;
        }
        for (auto it = tokens.rbegin(); it != tokens.rend(); ++it)
            emit(*it, out);
    }

    void emit(const std::pair<std::string_view, int32_t>& token, std::vector<int32_t>& out) const {
        if (token.second != unkId || !byteFallback) {
            out.push_back(token.second);
            return;
        }
        std::vector<int32_t> bytes;
        for (unsigned char b : token.first) {
            char name[8];
            std::snprintf(name, sizeof name, "<0x%02X>", b);
            const auto it = pieces.find(name);
            if (it == pieces.end()) {
                out.push_back(unkId);
                return;
            }
            bytes.push_back(it->second.first);
        }
        out.insert(out.end(), bytes.begin(), bytes.end());
    }
};

void readUnigramNormalizer(const Reader& r, const json& node, const std::string& field,
                           UnigramModel& m, std::string& charsmap) {
    const std::string type = r.type(node, field);
    if (type == "null") return;
    if (type == "Sequence") {
        const json& list = r.at(node, "normalizers", field);
        for (size_t i = 0; i < list.size(); ++i)
            readUnigramNormalizer(r, list[i], field + ".normalizers[" + std::to_string(i) + "]", m,
                                  charsmap);
    } else if (type == "Precompiled") {
        const json& map = r.at(node, "precompiled_charsmap", field);
        if (map.is_string())
            charsmap = base64Decode(map.get<std::string>(), field + ".precompiled_charsmap");
    } else if (type == "Replace") {
        const json& pattern = r.at(node, "pattern", field);
        const std::string content = r.at(node, "content", field).get<std::string>();
        if (pattern.contains("String")) {
            m.replacements.emplace_back(pattern["String"].get<std::string>(), content);
        } else if (pattern.value("Regex", "") == " {2,}" && content == " ") {
            (charsmap.empty() ? m.collapseSpaces : m.collapseMappedSpaces) = true;
        } else {
            r.unsupported(field + ".pattern", pattern.dump(),
                          "a String pattern, or the Regex \" {2,}\" with content \" \"");
        }
    } else {
        r.unsupported(field + ".type", type, "Precompiled, Replace, Sequence for Unigram models");
    }
}

void readMetaspace(const Reader& r, const json& node, const std::string& field, UnigramModel& m) {
    const std::string type = r.type(node, field);
    if (type == "Sequence") {
        // transformers' converters write [WhitespaceSplit, Metaspace] since v5, Metaspace alone
        // before.
        const json& list = r.at(node, "pretokenizers", field);
        const bool split = list.size() == 2 && r.type(list[0], field) == "WhitespaceSplit";
        if (list.size() != 1 && !split)
            r.unsupported(field, list.dump().substr(0, 200),
                          "Metaspace, or WhitespaceSplit then Metaspace, for Unigram models");
        m.whitespaceSplit = split;
        return readMetaspace(r, list.back(),
                             field + ".pretokenizers[" + std::to_string(list.size() - 1) + "]", m);
    }
    if (type != "Metaspace") r.unsupported(field + ".type", type, "Metaspace for Unigram models");
    if (node.value("replacement", std::string("\u2581")) != "\u2581")
        r.unsupported(field + ".replacement", node["replacement"].get<std::string>(), "\u2581");
    if (!r.flag(node, "split", true, field)) r.unsupported(field + ".split", "false", "true");
    std::string scheme = "always";
    if (node.contains("prepend_scheme") && node["prepend_scheme"].is_string())
        scheme = node["prepend_scheme"].get<std::string>();
    else if (!r.flag(node, "add_prefix_space", true, field))
        scheme = "never";
    // Outside added tokens, "first" and "always" differ only for text after a special token.
    if (scheme != "always" && scheme != "never" && scheme != "first")
        r.unsupported(field + ".prepend_scheme", scheme, "always, first, never");
    m.prependSpace = scheme != "never";
    if (m.whitespaceSplit && !m.prependSpace)
        r.unsupported(field + ".prepend_scheme", scheme, "always or first after WhitespaceSplit");
}

UnigramModel readUnigram(const Reader& r, const json& doc, const std::string& origin) {
    const json& model = doc["model"];
    const json& vocab = r.at(model, "vocab", "model");
    if (!vocab.is_array() || vocab.empty()) r.fail("model.vocab", "must be a non-empty list");
    const json& unk = model.contains("unk_id") ? model["unk_id"] : json();
    if (!unk.is_number_integer())
        r.fail("model.unk_id", "must be an id (SentencePiece needs an unknown piece)");
    const auto unkId = unk.get<int64_t>();
    const bool byteFallback = r.flag(model, "byte_fallback", false, "model");

    UnigramModel m;
    std::string charsmap;
    readUnigramNormalizer(r, doc.contains("normalizer") ? doc["normalizer"] : json(), "normalizer",
                          m, charsmap);
    readMetaspace(r, doc.contains("pre_tokenizer") ? doc["pre_tokenizer"] : json(), "pre_tokenizer",
                  m);

    double minScore = std::numeric_limits<double>::infinity();
    for (size_t id = 0; id < vocab.size(); ++id) {
        const json& entry = vocab[id];
        if (!entry.is_array() || entry.size() != 2 || !entry[0].is_string() ||
            !entry[1].is_number())
            r.fail("model.vocab[" + std::to_string(id) + "]", "must be a [piece, score] pair");
        const std::string piece = entry[0].get<std::string>();
        const double score = entry[1].get<double>();
        if (static_cast<int64_t>(id) != unkId) {
            m.pieces.emplace(piece, std::make_pair(static_cast<int32_t>(id), score));
            m.maxPieceBytes = std::max(m.maxPieceBytes, piece.size());
        }
        minScore = std::min(minScore, score);
    }
    // SentencePiece only normalizes here: a model of the unknown piece and one piece (it loads no
    // model without one), so its own segmentation is trivial. Whatever it segments, the pieces
    // put together are the normalized text.
    ProtoWriter proto;
    for (const auto& [piece, type] :
         {std::pair{"<unk>", PieceType::kUnknown}, std::pair{"\u2581", PieceType::kNormal}}) {
        ProtoWriter p;
        p.bytes(1, piece);
        p.float32(2, 0.0f);
        p.varint(3, static_cast<uint64_t>(type));
        proto.bytes(1, p.str());
    }
    ProtoWriter trainer;
    trainer.varint(3, 1);  // UNIGRAM
    trainer.int32(4, 2);
    trainer.int32(40, 0);
    trainer.int32(41, -1);
    trainer.int32(42, -1);
    trainer.int32(43, -1);
    proto.bytes(2, trainer.str());
    ProtoWriter normalizer;
    normalizer.bytes(1, charsmap.empty() ? "identity" : "precompiled");
    normalizer.bytes(2, charsmap);
    // Without WhitespaceSplit, the tokenizers pipeline keeps extra whitespace and
    // UnigramModel::encodeAppend adds the dummy prefix itself.
    normalizer.varint(3, m.whitespaceSplit ? 1 : 0);
    normalizer.varint(4, m.whitespaceSplit ? 1 : 0);
    normalizer.varint(5, 1);  // spaces become U+2581
    proto.bytes(3, normalizer.str());
    m.normalizer = std::make_shared<SentencePieceModel>(
        SentencePieceModel::fromSerialized(proto.str(), origin));
    m.vocabSize = static_cast<int32_t>(vocab.size());
    m.unkId = static_cast<int32_t>(unkId);
    m.unkScore = minScore - 10.0;
    m.byteFallback = byteFallback;
    return m;
}

// ---- WordPiece through WordPieceTokenizer ------------------------------------------------------

WordPieceTokenizer readWordPiece(const Reader& r, const json& doc, const std::string& origin) {
    const json& model = doc["model"];
    if (model.value("unk_token", std::string("[UNK]")) != "[UNK]")
        r.unsupported("model.unk_token", model["unk_token"].get<std::string>(), "[UNK]");
    if (model.value("continuing_subword_prefix", std::string("##")) != "##")
        r.unsupported("model.continuing_subword_prefix",
                      model["continuing_subword_prefix"].get<std::string>(), "##");
    if (model.value("max_input_chars_per_word", 100) != WordPieceTokenizer::kMaxInputCharsPerWord)
        r.unsupported("model.max_input_chars_per_word", model["max_input_chars_per_word"].dump(),
                      "100");
    const json& normalizer = doc.contains("normalizer") ? doc["normalizer"] : json();
    const std::string ntype = r.type(normalizer, "normalizer");
    if (ntype != "BertNormalizer")
        r.unsupported("normalizer.type", ntype, "BertNormalizer for WordPiece models");
    if (!r.flag(normalizer, "clean_text", true, "normalizer"))
        r.unsupported("normalizer.clean_text", "false", "true");
    const json& pre = doc.contains("pre_tokenizer") ? doc["pre_tokenizer"] : json();
    const std::string ptype = r.type(pre, "pre_tokenizer");
    if (ptype != "BertPreTokenizer")
        r.unsupported("pre_tokenizer.type", ptype, "BertPreTokenizer for WordPiece models");

    WordPieceTokenizer::Options options;
    options.lowercase = r.flag(normalizer, "lowercase", true, "normalizer");
    options.tokenizeChineseChars = r.flag(normalizer, "handle_chinese_chars", true, "normalizer");
    options.nfc = false;  // BertNormalizer has no NFC step (the slow BertTokenizer has)
    if (normalizer.contains("strip_accents") && !normalizer["strip_accents"].is_null())
        options.stripAccents = r.flag(normalizer, "strip_accents", false, "normalizer");

    const json& vocab = r.at(model, "vocab", "model");
    if (!vocab.is_object() || vocab.empty()) r.fail("model.vocab", "must be a non-empty map");
    std::vector<std::string> tokens;
    for (const auto& [token, idNode] : vocab.items()) {
        if (!idNode.is_number_integer() || idNode.get<int64_t>() < 0 ||
            idNode.get<int64_t>() > 50'000'000)
            r.fail("model.vocab[\"" + token + "\"]", "must be an id");
        const auto id = idNode.get<size_t>();
        if (id >= tokens.size()) tokens.resize(id + 1);
        if (!tokens[id].empty())
            r.fail("model.vocab", "gives id " + std::to_string(id) + " to both '" + tokens[id] +
                                      "' and '" + token + "'");
        tokens[id] = token;
    }
    return WordPieceTokenizer::fromTokens(std::move(tokens), options, origin + " model.vocab");
}

// ---- specials ----------------------------------------------------------------------------------

int32_t specialId(const Reader& r, const json& pair, const std::string& field) {
    if (!pair.is_array() || pair.size() != 2 || !pair[1].is_number_integer())
        r.fail(field, "must be a [token, id] pair");
    return pair[1].get<int32_t>();
}

// The first and last special token the post-processor puts around a single sequence.
std::pair<int32_t, int32_t> readPostProcessor(const Reader& r, const json& node,
                                              const std::string& field) {
    const std::string type = r.type(node, field);
    if (type == "null") return {-1, -1};
    if (type == "RobertaProcessing" || type == "BertProcessing")
        return {specialId(r, r.at(node, "cls", field), field + ".cls"),
                specialId(r, r.at(node, "sep", field), field + ".sep")};
    if (type == "Sequence") {
        const json& list = r.at(node, "processors", field);
        for (size_t i = 0; i < list.size(); ++i) {
            const auto ids =
                readPostProcessor(r, list[i], field + ".processors[" + std::to_string(i) + "]");
            if (ids.first >= 0 || ids.second >= 0) return ids;
        }
        return {-1, -1};
    }
    if (type == "TemplateProcessing") {
        const json& single = r.at(node, "single", field);
        const json& specials = r.at(node, "special_tokens", field);
        auto idOf = [&](const json& piece) -> int32_t {
            const auto it = piece.find("SpecialToken");
            if (it == piece.end()) return -1;
            const std::string name = it->at("id").get<std::string>();
            const json& ids = r.at(r.at(specials, name, field + ".special_tokens"), "ids",
                                   field + ".special_tokens." + name);
            return ids.empty() ? -1 : ids[0].get<int32_t>();
        };
        if (!single.is_array() || single.empty()) r.fail(field + ".single", "must be a list");
        return {idOf(single.front()), idOf(single.back())};
    }
    if (type == "ByteLevel") return {-1, -1};  // offsets only
    r.unsupported(field + ".type", type,
                  "TemplateProcessing, RobertaProcessing, BertProcessing, ByteLevel, Sequence");
}

}  // namespace

struct HfTokenizer::Impl {
    std::string modelType;
    std::variant<UnigramModel, WordPieceTokenizer, BpeTokenizer> model;
    std::vector<AddedToken> added;  ///< longest first, so "<mask>" wins over a prefix of it
    std::string addedFirstBytes;    ///< the first byte of each, where a search can start
    int32_t vocabSize = 0;
    int32_t bos = -1, eos = -1, pad = -1, mask = -1, unk = -1;
    std::string hash;

    /// The leftmost added token at or after `from` (the longest one there), or npos and nullptr.
    std::pair<size_t, const AddedToken*> findAdded(std::string_view text, size_t from) const {
        for (size_t at = text.find_first_of(addedFirstBytes, from); at != std::string_view::npos;
             at = text.find_first_of(addedFirstBytes, at + 1))
            for (const AddedToken& a : added)
                if (text.compare(at, a.content.size(), a.content) == 0) return {at, &a};
        return {std::string_view::npos, nullptr};
    }

    void encodeModel(std::string_view text, std::vector<int32_t>& out) const {
        if (text.empty()) return;
        std::visit([&](const auto& m) { m.encodeAppend(text, out); }, model);
    }
};

HfTokenizer::HfTokenizer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
HfTokenizer::HfTokenizer(HfTokenizer&&) noexcept = default;
HfTokenizer& HfTokenizer::operator=(HfTokenizer&&) noexcept = default;
HfTokenizer::~HfTokenizer() = default;

HfTokenizer HfTokenizer::load(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw DataError("cannot open '" + path.string() + "'" +
                        (fs::exists(path) ? "" : ": no such file"));
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const Reader r{path.string()};
    json doc;
    try {
        doc = json::parse(bytes);
    } catch (const json::parse_error& e) {
        throw DataError(r.file + ": not valid JSON (byte " + std::to_string(e.byte) +
                        "); expected a tokenizer.json written by the `tokenizers` library");
    }
    if (!doc.is_object() || !doc.contains("model"))
        r.fail("model", "is missing: not a tokenizer.json written by the `tokenizers` library");

    auto impl = std::make_unique<Impl>();
    const json& addedList = doc.value("added_tokens", json::array());
    for (size_t i = 0; i < addedList.size(); ++i) {
        const json& a = addedList[i];
        const std::string field = "added_tokens[" + std::to_string(i) + "]";
        AddedToken t;
        if (!a.is_object() || !a.contains("content") || !a.contains("id"))
            r.fail(field, "must have content and id");
        t.content = a["content"].get<std::string>();
        t.id = a["id"].get<int32_t>();
        t.lstrip = r.flag(a, "lstrip", false, field);
        t.rstrip = r.flag(a, "rstrip", false, field);
        if (r.flag(a, "single_word", false, field))
            r.unsupported(field + ".single_word", "true", "false");
        if (t.content.empty()) r.fail(field + ".content", "is empty");
        impl->added.push_back(t);
        impl->vocabSize = std::max(impl->vocabSize, t.id + 1);
        if (t.content == "<pad>" || t.content == "[PAD]") impl->pad = t.id;
        if (t.content == "<mask>" || t.content == "[MASK]") impl->mask = t.id;
    }
    std::stable_sort(impl->added.begin(), impl->added.end(),
                     [](const AddedToken& a, const AddedToken& b) {
                         return a.content.size() > b.content.size();
                     });
    for (const AddedToken& a : impl->added)
        if (impl->addedFirstBytes.find(a.content[0]) == std::string::npos)
            impl->addedFirstBytes += a.content[0];

    impl->modelType = r.type(doc["model"], "model");
    const std::string origin = path.string();
    if (impl->modelType == "Unigram") {
        impl->model = readUnigram(r, doc, origin);
        impl->vocabSize = std::max(impl->vocabSize, std::get<UnigramModel>(impl->model).vocabSize);
        impl->unk = std::get<UnigramModel>(impl->model).unkId;
    } else if (impl->modelType == "WordPiece") {
        auto wp = readWordPiece(r, doc, origin);
        impl->vocabSize = std::max(impl->vocabSize, wp.vocabSize());
        impl->unk = wp.unkId();
        impl->model = std::move(wp);
    } else if (impl->modelType == "BPE") {
        auto bpe = BpeTokenizer::fromJson(doc, origin);
        impl->vocabSize = std::max(impl->vocabSize, bpe.vocabSize());
        impl->unk = bpe.unkId();
        impl->model = std::move(bpe);
    } else {
        r.unsupported("model.type", impl->modelType, "Unigram, WordPiece, BPE");
    }

    std::tie(impl->bos, impl->eos) = readPostProcessor(
        r, doc.contains("post_processor") ? doc["post_processor"] : json(), "post_processor");
    if (doc.contains("padding") && doc["padding"].is_object() && doc["padding"].contains("pad_id"))
        impl->pad = doc["padding"]["pad_id"].get<int32_t>();
    // Files whose reading changed carry it in the tag, so shards made under the earlier reading
    // are refused rather than misread; every other file keeps its fingerprint.
    const auto* unigram = std::get_if<UnigramModel>(&impl->model);
    const std::string tag = std::string(kLayoutTag) +
                            (unigram && unigram->collapseMappedSpaces ? "+collapse-after-map" : "");
    impl->hash = toHex64(fnv1a64(tag, fnv1a64(bytes)));
    return HfTokenizer(std::move(impl));
}

void HfTokenizer::encodeAppend(std::string_view text, std::vector<int32_t>& out) const {
    // Cut the added tokens out, leftmost first; what lies between goes to the model.
    size_t start = 0;
    bool stripNextLeft = false;
    while (start <= text.size()) {
        const auto [best, token] = impl_->findAdded(text, start);
        std::string_view segment = text.substr(
            start, best == std::string_view::npos ? std::string_view::npos : best - start);
        auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
        if (stripNextLeft)
            while (!segment.empty() && isSpace(segment.front()))
                segment.remove_prefix(1);
        if (token && token->lstrip)
            while (!segment.empty() && isSpace(segment.back()))
                segment.remove_suffix(1);
        impl_->encodeModel(segment, out);
        if (!token) break;
        out.push_back(token->id);
        stripNextLeft = token->rstrip;
        start = best + token->content.size();
    }
}

std::vector<int32_t> HfTokenizer::encode(std::string_view text) const {
    std::vector<int32_t> ids;
    encodeAppend(text, ids);
    return ids;
}

const std::string& HfTokenizer::modelType() const {
    return impl_->modelType;
}
int32_t HfTokenizer::vocabSize() const {
    return impl_->vocabSize;
}
int32_t HfTokenizer::bosId() const {
    return impl_->bos;
}
int32_t HfTokenizer::eosId() const {
    return impl_->eos;
}
int32_t HfTokenizer::padId() const {
    return impl_->pad;
}
int32_t HfTokenizer::maskId() const {
    return impl_->mask;
}
int32_t HfTokenizer::unkId() const {
    return impl_->unk;
}
const std::string& HfTokenizer::hash() const {
    return impl_->hash;
}

}  // namespace isomorph::text

#include "core/data/readers/tatoeba_pair_reader.h"

#include <algorithm>
#include <array>
#include <utility>

#include "core/common/errors.h"

namespace isomorph::data {
namespace {

using CodePair = std::pair<std::string_view, std::string_view>;

// Tatoeba/LASER ISO 639-3 codes with an ISO 639-1 equivalent, sorted for binary search.
constexpr std::array<CodePair, 56> kCodes = {{
    {"afr", "af"}, {"ara", "ar"}, {"ben", "bn"}, {"bul", "bg"}, {"cat", "ca"}, {"ces", "cs"},
    {"cmn", "zh"}, {"dan", "da"}, {"deu", "de"}, {"ell", "el"}, {"eng", "en"}, {"epo", "eo"},
    {"est", "et"}, {"eus", "eu"}, {"fin", "fi"}, {"fra", "fr"}, {"glg", "gl"}, {"heb", "he"},
    {"hin", "hi"}, {"hrv", "hr"}, {"hun", "hu"}, {"hye", "hy"}, {"ind", "id"}, {"isl", "is"},
    {"ita", "it"}, {"jpn", "ja"}, {"kat", "ka"}, {"kaz", "kk"}, {"kor", "ko"}, {"lat", "la"},
    {"lit", "lt"}, {"lvs", "lv"}, {"mal", "ml"}, {"mar", "mr"}, {"mkd", "mk"}, {"nld", "nl"},
    {"nob", "nb"}, {"pes", "fa"}, {"pol", "pl"}, {"por", "pt"}, {"ron", "ro"}, {"rus", "ru"},
    {"slk", "sk"}, {"slv", "sl"}, {"spa", "es"}, {"sqi", "sq"}, {"srp", "sr"}, {"swe", "sv"},
    {"swh", "sw"}, {"tam", "ta"}, {"tel", "te"}, {"tgl", "tl"}, {"tha", "th"}, {"tur", "tr"},
    {"ukr", "uk"}, {"vie", "vi"},
}};

std::string mapCode(std::string_view code, const std::filesystem::path& prefix) {
    std::string iso = iso6391FromTatoeba(code);
    if (iso.empty()) {
        throw DataError(prefix.string() + ": Tatoeba language code '" + std::string(code) +
                        "' has no ISO 639-1 mapping; use the Moses reader with explicit "
                        "languages for this pair");
    }
    return iso;
}

// "tatoeba.deu-eng" -> {"deu", "eng"}
std::pair<std::string, std::string> splitPrefix(const std::filesystem::path& prefix) {
    const std::string name = prefix.filename().string();
    constexpr std::string_view kStart = "tatoeba.";
    const size_t dash = name.find('-');
    if (name.rfind(kStart, 0) != 0 || dash == std::string::npos || dash == kStart.size() ||
        dash + 1 == name.size()) {
        throw DataError(prefix.string() +
                        ": not a Tatoeba prefix; expected DIR/tatoeba.xxx-eng (for the files "
                        "tatoeba.xxx-eng.xxx and tatoeba.xxx-eng.eng)");
    }
    return {name.substr(kStart.size(), dash - kStart.size()), name.substr(dash + 1)};
}

}  // namespace

std::string iso6391FromTatoeba(std::string_view code) {
    const auto it =
        std::lower_bound(kCodes.begin(), kCodes.end(), code,
                         [](const CodePair& p, std::string_view c) { return p.first < c; });
    return it != kCodes.end() && it->first == code ? std::string(it->second) : std::string();
}

TatoebaPairReader::TatoebaPairReader(const std::filesystem::path& prefix, ReadOptions options)
    : TatoebaPairReader(prefix, splitPrefix(prefix).first, splitPrefix(prefix).second, options) {}

TatoebaPairReader::TatoebaPairReader(const std::filesystem::path& prefix, std::string src,
                                     std::string tgt, ReadOptions options)
    : SentencePairReader(mapCode(src, prefix), mapCode(tgt, prefix), prefix.string()),
      pairs_(prefix.string() + "." + src, prefix.string() + "." + tgt, srcLang(), tgtLang(),
             options) {}

}  // namespace isomorph::data

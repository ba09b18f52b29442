#include "core/search/translation_lexicon.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/language.h"
#include "core/data/readers/tsv_pair_reader.h"
#include "core/search/bm25_index.h"

namespace isomorph::search {
namespace {

/// Terms of one side of a pair as vocabulary ids, each occurrence once (IBM Model 1 generates
/// every target token from one source token, so repeated tokens count repeatedly).
using Sentence = std::vector<uint32_t>;

struct Vocabulary {
    std::unordered_map<std::string, uint32_t> ids;
    std::vector<std::string> terms;

    uint32_t id(const std::string& term) {
        const auto [it, fresh] = ids.emplace(term, static_cast<uint32_t>(terms.size()));
        if (fresh) terms.push_back(term);
        return it->second;
    }
};

Sentence analysed(const std::string& text, const std::string& language, Vocabulary& vocabulary) {
    Sentence out;
    for (const auto& [term, count] : analyzeTerms(text, language))
        for (unsigned i = 0; i < count; ++i)
            out.push_back(vocabulary.id(term));
    return out;
}

/// The words of `text` in order: maximal runs of ASCII letters and digits or non-ASCII bytes
/// (each analysed on its own, as translateText reads a query and train() the target side).
std::vector<std::string_view> words(std::string_view text) {
    std::vector<std::string_view> out;
    auto inWord = [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u >= 0x80 || std::isalnum(u) != 0;
    };
    for (std::size_t i = 0; i < text.size();) {
        if (!inWord(text[i])) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && inWord(text[j]))
            ++j;
        out.push_back(text.substr(i, j - i));
        i = j;
    }
    return out;
}

std::string lowerAscii(std::string_view word) {
    std::string out(word);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

uint64_t key(uint32_t source, uint32_t target) {
    return (static_cast<uint64_t>(source) << 32) | target;
}

}  // namespace

TranslationLexicon::TranslationLexicon(std::string targetLanguage)
    : target_(std::move(targetLanguage)) {}

LexiconTrainStats TranslationLexicon::train(const std::string& sourceLanguage,
                                            const std::vector<LexiconPair>& pairs,
                                            const LexiconTrainOptions& options,
                                            const std::function<bool(int, int)>& progress) {
    if (options.iterations < 1)
        throw ConfigError(
            fmt::format("lexicon: iterations = {}; use 1 or more (IBM Model 1 "
                        "converges in about 5)",
                        options.iterations));
    if (options.maxTerms < 1 || options.maxTranslations < 1 || options.minSourceCount < 1)
        throw ConfigError("lexicon: maxTerms, maxTranslations and minSourceCount must be >= 1");
    if (!(options.minProbability >= 0.0 && options.minProbability < 1.0))
        throw ConfigError(fmt::format("lexicon: minProbability = {}; use a value in [0, 1)",
                                      options.minProbability));
    if (sourceLanguage.empty() || sourceLanguage == target_)
        throw ConfigError(fmt::format(
            "lexicon: source language '{}' must be given and differ from the target language '{}'",
            sourceLanguage, target_));

    LexiconTrainStats stats;
    stats.language = sourceLanguage;
    stats.pairs = pairs.size();
    Vocabulary sourceVocabulary, targetVocabulary;
    constexpr uint32_t kNull = 0;  // the empty word every target token may come from
    sourceVocabulary.id("");
    std::vector<std::pair<Sentence, Sentence>> corpus;
    std::vector<std::size_t> pairCount(1, 0);                 // pairs each source term occurs in
    std::unordered_map<std::string, std::string> termOfWord;  // "" = not one term alone
    for (const auto& pair : pairs) {
        for (const std::string_view w : words(pair.target)) {
            std::string word = lowerAscii(w);
            auto it = termOfWord.find(word);
            if (it == termOfWord.end()) {
                const auto terms = analyzeTerms(word, target_);
                it = termOfWord.emplace(word, terms.size() == 1 ? terms.front().first : "").first;
            }
            if (!it->second.empty()) ++surface_[it->second][word];
        }
        Sentence src = analysed(pair.source, sourceLanguage, sourceVocabulary);
        Sentence tgt = analysed(pair.target, target_, targetVocabulary);
        if (src.empty() || tgt.empty() || src.size() > options.maxTerms ||
            tgt.size() > options.maxTerms)
            continue;
        pairCount.resize(sourceVocabulary.terms.size(), 0);
        Sentence distinct = src;
        std::sort(distinct.begin(), distinct.end());
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        for (const uint32_t s : distinct)
            ++pairCount[s];
        src.push_back(kNull);
        corpus.emplace_back(std::move(src), std::move(tgt));
    }
    stats.pairsUsed = corpus.size();
    if (corpus.empty())
        throw DataError(fmt::format(
            "lexicon: none of the {} {}-{} pairs has searchable words on both sides (or all are "
            "longer than {} terms); check the pair files' languages",
            pairs.size(), sourceLanguage, target_, options.maxTerms));

    // Parameters t(target | source) for every co-occurring (source, target), uniform at first:
    // the first E step then counts each co-occurrence as 1 / (|source| + 1).
    std::unordered_map<uint64_t, uint32_t> slot;
    for (const auto& [src, tgt] : corpus)
        for (const uint32_t s : src)
            for (const uint32_t t : tgt)
                slot.emplace(key(s, t), static_cast<uint32_t>(slot.size()));
    std::vector<double> prob(slot.size(), 1.0), count(slot.size());
    std::vector<uint32_t> sourceOf(slot.size());
    for (const auto& [k, index] : slot)
        sourceOf[index] = static_cast<uint32_t>(k >> 32);
    std::vector<double> sourceTotal(sourceVocabulary.terms.size());
    std::vector<uint32_t> slots;
    for (int iteration = 0; iteration < options.iterations; ++iteration) {
        std::fill(count.begin(), count.end(), 0.0);
        for (const auto& [src, tgt] : corpus)
            for (const uint32_t t : tgt) {
                slots.clear();
                double denominator = 0.0;
                for (const uint32_t s : src) {
                    slots.push_back(slot.at(key(s, t)));
                    denominator += prob[slots.back()];
                }
                for (const uint32_t index : slots)
                    count[index] += prob[index] / denominator;
            }
        std::fill(sourceTotal.begin(), sourceTotal.end(), 0.0);
        for (std::size_t i = 0; i < count.size(); ++i)
            sourceTotal[sourceOf[i]] += count[i];
        for (std::size_t i = 0; i < count.size(); ++i)
            prob[i] = count[i] / sourceTotal[sourceOf[i]];
        if (progress && !progress(iteration + 1, options.iterations))
            throw Cancelled("lexicon training was cancelled");
    }

    std::vector<std::vector<Translation>> bySource(sourceVocabulary.terms.size());
    for (const auto& [k, index] : slot) {
        const auto s = static_cast<uint32_t>(k >> 32);
        if (s == kNull || pairCount[s] < options.minSourceCount ||
            prob[index] < options.minProbability)
            continue;
        bySource[s].push_back({targetVocabulary.terms[static_cast<uint32_t>(k)], prob[index]});
    }
    auto& language = entries_[sourceLanguage];
    language.clear();
    for (std::size_t s = 0; s < bySource.size(); ++s) {
        auto& list = bySource[s];
        if (list.empty()) continue;
        std::sort(list.begin(), list.end(), [](const Translation& a, const Translation& b) {
            return a.probability != b.probability ? a.probability > b.probability : a.term < b.term;
        });
        if (list.size() > options.maxTranslations) list.resize(options.maxTranslations);
        double kept = 0.0;
        for (const auto& t : list)
            kept += t.probability;
        for (auto& t : list)
            t.probability /= kept;
        stats.translations += list.size();
        language[sourceVocabulary.terms[s]] = std::move(list);
    }
    stats.sourceTerms = language.size();
    return stats;
}

const std::vector<TranslationLexicon::Translation>* TranslationLexicon::translations(
    const std::string& sourceLanguage, const std::string& term) const {
    const auto language = entries_.find(sourceLanguage);
    if (language == entries_.end()) return nullptr;
    const auto it = language->second.find(term);
    return it == language->second.end() ? nullptr : &it->second;
}

std::vector<WeightedTerm> TranslationLexicon::translate(std::string_view query,
                                                        const std::string& sourceLanguage) const {
    std::map<std::string, double> weights;
    for (const auto& [term, count] : analyzeTerms(query, sourceLanguage)) {
        const auto* list = translations(sourceLanguage, term);
        if (!list) {
            weights[term] += count;
            continue;
        }
        for (const auto& t : *list)
            weights[t.term] += count * t.probability;
    }
    std::vector<WeightedTerm> out;
    out.reserve(weights.size());
    for (const auto& [term, weight] : weights)
        out.push_back({term, weight});
    return out;
}

std::string TranslationLexicon::surfaceWord(const std::string& term) const {
    const auto it = surface_.find(term);
    if (it == surface_.end() || it->second.empty()) return term;
    const auto best =
        std::max_element(it->second.begin(), it->second.end(), [](const auto& a, const auto& b) {
            return a.second != b.second ? a.second < b.second : a.first > b.first;
        });
    return best->first;
}

std::string TranslationLexicon::translateText(std::string_view query,
                                              const std::string& sourceLanguage,
                                              double minProbability) const {
    if (sourceLanguage == target_ || !hasLanguage(sourceLanguage)) return std::string(query);
    std::vector<std::string> out;
    auto add = [&](std::string word) {
        if (std::find(out.begin(), out.end(), word) == out.end()) out.push_back(std::move(word));
    };
    for (const std::string_view word : words(query)) {
        const auto terms = analyzeTerms(word, sourceLanguage);
        bool translated = false;
        for (const auto& [term, count] : terms) {
            const auto* list = translations(sourceLanguage, term);
            if (!list) continue;
            translated = true;
            for (std::size_t i = 0; i < list->size(); ++i)
                if (i == 0 || (*list)[i].probability >= minProbability)
                    add(surfaceWord((*list)[i].term));
        }
        if (!translated && !terms.empty()) add(std::string(word));
    }
    std::string text;
    for (const auto& w : out)
        text += (text.empty() ? "" : " ") + w;
    return text;
}

bool TranslationLexicon::hasLanguage(const std::string& sourceLanguage) const {
    return entries_.count(sourceLanguage) != 0;
}

std::size_t TranslationLexicon::termCount(const std::string& sourceLanguage) const {
    const auto it = entries_.find(sourceLanguage);
    return it == entries_.end() ? 0 : it->second.size();
}

std::vector<std::string> TranslationLexicon::languages() const {
    std::vector<std::string> out;
    for (const auto& [language, terms] : entries_)
        out.push_back(language);
    return out;
}

void TranslationLexicon::save(const std::filesystem::path& file) const {
    nlohmann::json languages = nlohmann::json::object();
    for (const auto& [language, terms] : entries_) {
        nlohmann::json entries = nlohmann::json::object();
        for (const auto& [term, list] : terms) {
            nlohmann::json row = nlohmann::json::array();
            for (const auto& t : list)
                row.push_back({t.term, t.probability});
            entries[term] = std::move(row);
        }
        languages[language] = std::move(entries);
    }
    nlohmann::json surface = nlohmann::json::object();
    for (const auto& [term, counts] : surface_)
        if (const std::string word = surfaceWord(term); word != term) surface[term] = word;
    const nlohmann::json doc = {{"format", kFormat},
                                {"schema_version", kSchemaVersion},
                                {"target_language", target_},
                                {"languages", std::move(languages)},
                                {"surface_words", std::move(surface)}};
    writeFileAtomically(file, doc.dump() + "\n");
}

TranslationLexicon TranslationLexicon::load(const std::filesystem::path& file) {
    const std::string text = readWholeFile(file);
    try {
        const auto doc = nlohmann::json::parse(text);
        if (!doc.is_object() || doc.value("format", "") != kFormat)
            throw DataError(
                fmt::format("{}: not a translation lexicon (no \"format\": \"{}\"); "
                            "write one with 'isomorph-cli lexicon train'",
                            file.string(), kFormat));
        const int version = doc.value("schema_version", 0);
        if (version != kSchemaVersion)
            throw DataError(
                fmt::format("{}: lexicon schema version {}, this build reads {}; "
                            "train it again with this version",
                            file.string(), version, kSchemaVersion));
        TranslationLexicon lexicon(doc.at("target_language").get<std::string>());
        for (const auto& [language, terms] : doc.at("languages").items()) {
            auto& entries = lexicon.entries_[language];
            for (const auto& [term, row] : terms.items()) {
                auto& list = entries[term];
                for (const auto& t : row)
                    list.push_back({t.at(0).get<std::string>(), t.at(1).get<double>()});
            }
        }
        // Lexicons written before surface words were kept have none: translateText then writes
        // stems.
        if (const auto it = doc.find("surface_words"); it != doc.end())
            for (const auto& [term, word] : it->items())
                lexicon.surface_[term][word.get<std::string>()] = 1;
        return lexicon;
    } catch (const nlohmann::json::exception& e) {
        throw DataError(fmt::format("{}: the lexicon is damaged ({}); train it again",
                                    file.string(), e.what()));
    }
}

std::string guessQueryLanguage(const Bm25Index& index, const TranslationLexicon& lexicon,
                               std::string_view query) {
    auto share = [](std::size_t hits, std::size_t terms) {
        return terms == 0 ? 0.0 : static_cast<double>(hits) / static_cast<double>(terms);
    };
    const std::string& target = lexicon.targetLanguage();
    std::size_t held = 0, terms = 0;
    for (const auto& [term, count] : analyzeTerms(query, target)) {
        ++terms;
        held += index.documentFrequency(term) > 0;
    }
    std::string best = target;
    double bestShare = share(held, terms);
    std::size_t bestSize = 0;
    for (const auto& language : lexicon.languages()) {
        std::size_t known = 0, n = 0;
        for (const auto& [term, count] : analyzeTerms(query, language)) {
            ++n;
            known += lexicon.translations(language, term) != nullptr;
        }
        const double s = share(known, n);
        const std::size_t size = lexicon.termCount(language);
        if (s > bestShare || (s == bestShare && best != target && size > bestSize)) {
            best = language;
            bestShare = s;
            bestSize = size;
        }
    }
    return best;
}

Ranking searchTranslated(const Bm25Index& index, const TranslationLexicon& lexicon,
                         std::string_view query, const std::string& queryLanguage, std::size_t k,
                         const std::string& documentLanguage, bool share) {
    if (data::isBlank(query))
        throw DataError("BM25 search: the query is empty; type some words to search for");
    const std::string language =
        queryLanguage.empty() ? guessQueryLanguage(index, lexicon, query) : queryLanguage;
    const bool translate = language != lexicon.targetLanguage() && lexicon.hasLanguage(language);
    return searchLanguages(index, k, documentLanguage, [&](const std::string& lang) {
        Bm25SearchOptions options;
        options.k = k;
        options.documentLanguage = lang;
        options.share = share;
        if (translate && lang == lexicon.targetLanguage())
            return index.searchTerms(lexicon.translate(query, language), options);
        options.queryLanguage = lang;  // as searchEachLanguage
        return index.search(query, options);
    });
}

namespace {

/// The source language of a pair file named `xx-TARGET.tsv`; "" when the name is not of that form.
std::string sourceLanguageOf(const std::filesystem::path& file, const std::string& target) {
    if (file.extension() != ".tsv") return "";
    const std::string stem = file.stem().string();
    const std::string suffix = "-" + target;
    if (stem.size() <= suffix.size() ||
        stem.compare(stem.size() - suffix.size(), suffix.size(), suffix) != 0)
        return "";
    const std::string language = stem.substr(0, stem.size() - suffix.size());
    return isValidLanguageCode(language) && language != target ? language : "";
}

}  // namespace

LexiconTrainReport trainLexicon(const LexiconTrainRequest& request, Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    namespace fs = std::filesystem;
    if (request.inputs.empty())
        throw ConfigError("lexicon train: give pair files or folders of them (--pairs)");
    if (request.output.empty()) throw ConfigError("lexicon train: give the output file (--out)");
    requireLanguageCode(request.targetLanguage, "lexicon train: target language");
    std::map<std::string, std::vector<fs::path>> byLanguage;
    LexiconTrainReport report;
    report.output = request.output;
    for (const auto& input : request.inputs) {
        std::error_code ec;
        if (fs::is_directory(input, ec)) {
            std::vector<fs::path> found;
            for (fs::recursive_directory_iterator it(input, ec), end; !ec && it != end;
                 it.increment(ec))
                if (it->is_regular_file() &&
                    !sourceLanguageOf(it->path(), request.targetLanguage).empty())
                    found.push_back(it->path());
            if (ec)
                throw DataError(
                    fmt::format("{}: cannot list the folder ({})", input.string(), ec.message()));
            for (const auto& f : found)
                byLanguage[sourceLanguageOf(f, request.targetLanguage)].push_back(f);
            continue;
        }
        if (!fs::exists(input, ec))
            throw DataError(fmt::format("{}: no such file or folder", input.string()));
        const std::string language = sourceLanguageOf(input, request.targetLanguage);
        if (language.empty())
            throw ConfigError(
                fmt::format("{}: cannot tell the source language; name pair files like de-{}.tsv",
                            input.string(), request.targetLanguage));
        byLanguage[language].push_back(input);
    }
    if (byLanguage.empty())
        throw DataError(fmt::format("lexicon train: no pair file named xx-{}.tsv in {}",
                                    request.targetLanguage, request.inputs.front().string()));
    TranslationLexicon lexicon(request.targetLanguage);
    for (auto& [language, files] : byLanguage) {
        std::sort(files.begin(), files.end());
        std::vector<LexiconPair> pairs;
        for (const auto& file : files) {
            report.files.push_back(file);
            data::TsvPairReader reader(file, language, request.targetLanguage);
            for (data::SentencePair p; reader.next(p);)
                pairs.push_back({std::move(p.src), std::move(p.tgt)});
        }
        if (pairs.empty()) {  // the demo corpus keeps empty files for languages without pairs
            LexiconTrainStats none;
            none.language = language;
            report.languages.push_back(none);
            continue;
        }
        const std::string stage = "lexicon " + language;
        reportProgress(progress, stage, 0, request.options.iterations);
        report.languages.push_back(
            lexicon.train(language, pairs, request.options, [&](int done, int total) {
                return !progress || progress(Progress{stage, done, total});
            }));
    }
    lexicon.save(request.output);
    return report;
}

}  // namespace isomorph::search

#include "core/index/search_service.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>

#include "core/align/calibration.h"
#include "core/common/errors.h"
#include "core/data/readers/text_input.h"
#include "core/index/index_builder.h"
#include "core/model/encoding_service.h"
#include "core/search/bm25_index.h"
#include "core/search/fusion.h"
#include "core/search/ranking.h"
#include "core/search/translation_lexicon.h"
#include "core/workspace/run_layout.h"

namespace isomorph::index {
namespace fs = std::filesystem;

namespace {

double since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

/// The checkpoint to encode queries with: --model when given (must match the index's encoder),
/// else the recorded one (must still exist and match).
fs::path chooseEncoder(const VectorIndex& index, const std::string& model) {
    const EncoderIdentity& built = index.metadata().encoder;
    const fs::path path =
        model.empty() ? fs::path(built.checkpoint) : workspace::resolveCheckpoint(model);
    if (model.empty() && !fs::exists(path))
        throw DataError(
            fmt::format("{}: the encoder that built this index ({}) is gone; name a copy of "
                        "that checkpoint (setting 'model', fingerprint {})",
                        index.folder().string(), built.checkpoint, built.fingerprint));
    const std::string fingerprint = checkpointFingerprint(path);
    if (fingerprint != built.fingerprint)
        throw DataError(fmt::format(
            "{} (fingerprint {}) is not the encoder that built the index {} ({}, fingerprint {}): "
            "queries encoded by another model are not comparable with the indexed vectors; use "
            "that checkpoint or rebuild the index with this one",
            path.string(), fingerprint, index.folder().string(), built.checkpoint,
            built.fingerprint));
    return path;
}

}  // namespace

const char* searchModeName(SearchMode mode) {
    switch (mode) {
        case SearchMode::Dense:
            return "dense";
        case SearchMode::Lexical:
            return "bm25";
        case SearchMode::Hybrid:
            return "hybrid";
    }
    return "?";
}

SearchMode parseSearchMode(const std::string& text, const std::string& what) {
    if (text == "dense") return SearchMode::Dense;
    if (text == "bm25" || text == "lexical") return SearchMode::Lexical;
    if (text == "hybrid") return SearchMode::Hybrid;
    throw ConfigError(
        fmt::format("{}: unknown search mode '{}' (use dense, bm25 or hybrid)", what, text));
}

struct SearchService::Impl {
    std::unique_ptr<VectorIndex> index;
    std::unique_ptr<model::EncodingService> encoder;
    std::optional<align::Calibration> calibration;
    std::optional<search::Bm25Index> bm25;              // not thread-safe: guarded by bm25Mutex
    std::optional<search::TranslationLexicon> lexicon;  // INDEX/kLexiconFile, when built with one
    std::vector<std::string> idOf;                      // row -> document id (fusion)
    std::unordered_map<std::string, int64_t> rowOf;     // document id -> row (BM25 results)
    mutable std::mutex bm25Mutex;
    // EncodingService is not reentrant (lazy inference caches, process-wide BLAS thread count):
    // concurrent searches take turns encoding and search in parallel afterwards.
    mutable std::mutex encoderMutex;

    ResultRow row(int64_t r, double score, int rank) const {
        IndexedDocument doc = index->document(r);
        return {rank, score, r, std::move(doc.id), std::move(doc.language), std::move(doc.text),
                {},   {}};
    }

    void checkOptions(const QueryOptions& options) const {
        if (options.k < 1)
            throw ConfigError(
                fmt::format("setting 'k' (results wanted) must be at least 1 (got {})", options.k));
        if (options.mode != SearchMode::Dense && !bm25)
            throw ConfigError(fmt::format(
                "{} has no BM25 index, so setting 'mode' {} is not available; rebuild it "
                "with BM25 (setting 'bm25') or search in mode dense",
                index->folder().string(), searchModeName(options.mode)));
        if (options.mode != SearchMode::Lexical && calibration && options.queryLanguage.empty())
            throw ConfigError(
                fmt::format("{} is calibrated ({}): give the query's language (setting "
                            "'query_language', one of the calibrated languages) so the query is "
                            "calibrated like the documents",
                            index->folder().string(), index->metadata().calibrationSteps));
    }

    /// Encoded (and calibrated) queries [n, dim].
    std::vector<float> encode(const std::vector<std::string>& texts,
                              const std::string& language) const {
        std::vector<float> q;
        {
            std::lock_guard<std::mutex> lock(encoderMutex);
            q = encoder->encodeQueries(texts);  // the separate query encoder, if any
        }
        if (calibration) {
            FloatMatrix m(static_cast<int64_t>(texts.size()), encoder->dimension(), std::move(q));
            align::apply(*calibration, language, m);
            q = std::move(m.data);
        }
        return q;
    }

    /// Hybrid's share fusion takes BM25 scores as shares of the query's attainable score.
    static bool sharesWanted(const QueryOptions& options) {
        return options.mode == SearchMode::Hybrid &&
               options.hybridFusion == search::HybridFusion::Share;
    }

    bool searchable(const std::string& text, const QueryOptions& options) const {
        std::lock_guard<std::mutex> lock(bm25Mutex);
        return options.queryLanguage.empty() ||
               bm25->hasSearchableWord(text, options.queryLanguage);
    }

    /// The language BM25 reads `text` in when the index has a lexicon: the one given, else
    /// search::guessQueryLanguage's; "" without a lexicon or in dense mode. Resolved once per
    /// query for its searches in every document language and its snippets.
    std::string lexiconLanguage(const std::string& text, const QueryOptions& options) const {
        return options.mode == SearchMode::Dense ? "" : queryLanguage(text, options);
    }

    /// The language of `text` for the lexicon: the one given, else guessed; "" without one.
    std::string queryLanguage(const std::string& text, const QueryOptions& options) const {
        if (!lexicon) return "";
        if (!options.queryLanguage.empty()) return options.queryLanguage;
        std::lock_guard<std::mutex> lock(bm25Mutex);
        return search::guessQueryLanguage(*bm25, *lexicon, text);
    }

    /// BM25 documents of one query in one document language ("" = all); `readAs`: its
    /// lexiconLanguage.
    search::Ranking lexicalIn(const std::string& text, const QueryOptions& options, int depth,
                              const std::string& language, const std::string& readAs) const {
        std::lock_guard<std::mutex> lock(bm25Mutex);
        const bool share = sharesWanted(options);
        if (lexicon)  // queries translated where they meet the lexicon's target language
            return search::searchTranslated(*bm25, *lexicon, text, readAs,
                                            static_cast<size_t>(depth), language, share);
        if (options.queryLanguage.empty())
            return search::searchEachLanguage(*bm25, text, static_cast<size_t>(depth), language,
                                              share);
        search::Bm25SearchOptions so;
        so.share = share;
        so.k = static_cast<size_t>(depth);
        so.queryLanguage = options.queryLanguage;
        so.documentLanguage = language;
        return bm25->search(text, so);
    }

    search::Ranking lexical(const std::string& text, const QueryOptions& options, int depth,
                            const std::string& readAs) const {
        // Languages the index does not hold match nothing, as in the dense search.
        const std::vector<std::string> asked = filterLanguages(options);
        std::vector<std::string> languages;
        const auto& held = index->metadata().languages;
        for (const auto& l : asked)
            if (std::find(held.begin(), held.end(), l) != held.end()) languages.push_back(l);
        if (!asked.empty() && languages.empty()) return {};
        if (languages.size() <= 1)
            return lexicalIn(text, options, depth, languages.empty() ? "" : languages.front(),
                             readAs);
        // Several languages: each one's best documents (BM25 scores of one query are comparable
        // across them, as in searchEachLanguage), the best `depth` of their union.
        search::Ranking all;
        bool searchable = false;
        std::string why;
        for (const auto& language : languages) {
            try {
                search::Ranking part = lexicalIn(text, options, depth, language, readAs);
                searchable = true;
                all.insert(all.end(), part.begin(), part.end());
            } catch (const DataError& e) {
                why = e.what();  // nothing searchable in this language's analysis
            }
        }
        if (!searchable) throw DataError(why);
        all = search::rankDocuments(std::move(all));
        if (all.size() > static_cast<size_t>(depth)) all.resize(static_cast<size_t>(depth));
        return all;
    }

    /// The document languages a query is restricted to (empty = all), each once.
    static std::vector<std::string> filterLanguages(const QueryOptions& options) {
        std::vector<std::string> out;
        if (!options.language.empty()) out.push_back(options.language);
        for (const auto& l : options.languages)
            if (!l.empty() && std::find(out.begin(), out.end(), l) == out.end()) out.push_back(l);
        return out;
    }

    /// Result rows of one query from its dense hits (ignored in lexical mode); `readAs`: its
    /// lexiconLanguage.
    std::vector<ResultRow> results(const std::string& text, const std::vector<SearchHit>& hits,
                                   const QueryOptions& options, const std::string& readAs) const {
        std::vector<ResultRow> out;
        if (options.mode == SearchMode::Dense) {
            for (const auto& h : hits)
                out.push_back(row(h.row, h.score, static_cast<int>(out.size()) + 1));
            return out;
        }
        // A query without a word BM25 can search for: lexical mode says so (Bm25Index::search
        // throws); in hybrid, BM25 retrieves nothing and the dense scores rank alone, as in
        // `eval retrieval`.
        search::Ranking ranking;
        if (options.mode == SearchMode::Lexical || searchable(text, options))
            ranking = lexical(text, options, candidateDepth(options), readAs);
        if (options.mode == SearchMode::Hybrid) {
            search::Ranking dense;
            for (const auto& h : hits)
                dense.push_back({idOf[static_cast<size_t>(h.row)], h.score});
            ranking = search::fuseHybrid(dense, ranking,
                                         {options.hybridWeight, static_cast<size_t>(options.k),
                                          options.hybridFusion, options.hybridShareFloor});
        }
        for (const auto& d : ranking) {
            if (static_cast<int>(out.size()) == options.k) break;
            out.push_back(row(rowOf.at(d.docId), d.score, static_cast<int>(out.size()) + 1));
        }
        return out;
    }

    /// Documents each system retrieves: k, or the hybrid candidate depth both fused systems use
    /// (the same rule as `eval retrieval`, search::hybridCandidateDepth).
    static int candidateDepth(const QueryOptions& options) {
        return options.mode == SearchMode::Hybrid
                   ? static_cast<int>(search::hybridCandidateDepth(static_cast<size_t>(options.k)))
                   : options.k;
    }

    SearchOptions denseOptions(const QueryOptions& options) const {
        SearchOptions so;
        so.k = candidateDepth(options);
        so.languages = filterLanguages(options);
        so.efSearch = options.efSearch;
        so.probe = options.probe;
        return so;
    }

    /// Results of `texts`: one encoding pass and one index pass for all of them.
    std::vector<std::vector<ResultRow>> run(const std::vector<std::string>& texts,
                                            const QueryOptions& options,
                                            SearchTimings* timings) const {
        auto t = std::chrono::steady_clock::now();
        std::vector<std::vector<SearchHit>> hits(texts.size());
        std::vector<float> q;
        if (options.mode != SearchMode::Lexical) q = encode(texts, options.queryLanguage);
        if (timings) timings->encodeSeconds = since(t);
        t = std::chrono::steady_clock::now();
        if (options.mode != SearchMode::Lexical)
            hits = index->searchBatch(q.data(), static_cast<int64_t>(texts.size()),
                                      encoder->dimension(), denseOptions(options));
        std::vector<std::vector<ResultRow>> out;
        for (size_t j = 0; j < texts.size(); ++j) {
            const std::string readAs = lexiconLanguage(texts[j], options);
            out.push_back(results(texts[j], hits[j], options, readAs));
            if (options.snippets)
                addSnippets(
                    texts[j],
                    q.empty() ? nullptr : q.data() + j * static_cast<size_t>(encoder->dimension()),
                    translatedTerms(texts[j], readAs), out[j]);
        }
        if (timings) timings->searchSeconds = since(t);
        return out;
    }

    /// Translated terms below this weight are searched but not highlighted.
    static constexpr double kHighlightedWeight = 0.1;

    /// The terms BM25 searches passages of the lexicon's target language for when it translates
    /// `text` read as `readAs` (lexiconLanguage; search::searchTranslated), at least
    /// kHighlightedWeight; empty without a lexicon or when it does not translate.
    std::vector<std::string> translatedTerms(const std::string& text,
                                             const std::string& readAs) const {
        std::vector<std::string> out;
        if (!lexicon || readAs.empty() || readAs == lexicon->targetLanguage() ||
            !lexicon->hasLanguage(readAs))
            return out;
        // Highlight the likely translations only: a word with a tenth of a query word's weight
        // (losch -> file 0.04) moves the score little and would mark half the passage.
        for (auto& t : lexicon->translate(text, readAs))
            if (t.weight >= kHighlightedWeight) out.push_back(std::move(t.term));
        return out;
    }

    /// A word of a translated query is not highlighted when more than this share of the
    /// documents in its passage's language hold its term: the lexicon translates function words
    /// too (des -> of, the), BM25 weighs such a word at under log 1.5 against log N for a rare
    /// one, and marking it would mark every sentence of every passage. Words the user typed in
    /// the passage's own language stay marked, however common.
    static constexpr double kCommonTermShare = 0.5;

    /// Removes from `matches` (and their `terms`) the words of kCommonTermShare; `held` caches
    /// document frequencies across rows. Nothing is removed without a BM25 index (dense-only
    /// indexes hold no counts).
    void dropCommonWords(const std::string& language, std::vector<search::TextSpan>& matches,
                         std::vector<std::string>& terms,
                         std::map<std::string, std::size_t>& held) const {
        if (!bm25 || matches.empty() || terms.size() != matches.size()) return;
        const auto& counts = bm25->info().languages;
        const auto documents = counts.find(language);
        if (documents == counts.end() || documents->second == 0) return;
        const double limit = kCommonTermShare * static_cast<double>(documents->second);
        std::vector<search::TextSpan> keptMatches;
        std::vector<std::string> keptTerms;
        std::lock_guard<std::mutex> lock(bm25Mutex);
        for (std::size_t i = 0; i < matches.size(); ++i) {
            auto it = held.find(terms[i]);
            if (it == held.end())
                it = held.emplace(terms[i], bm25->documentFrequency(terms[i])).first;
            // Counted over every language: a term other languages share is held more often,
            // and so errs towards not marking a word that is common anyway.
            if (static_cast<double>(it->second) > limit) continue;
            keptMatches.push_back(matches[i]);
            keptTerms.push_back(std::move(terms[i]));
        }
        matches = std::move(keptMatches);
        terms = std::move(keptTerms);
    }

    /// ResultRow::best and ::matches of one query's rows (`query` = its vector, null in lexical
    /// mode). Passages in the lexicon's target language match the query's translated terms
    /// (`translated`, when BM25 translates it). Sentences of passages without a lexical match
    /// are encoded in one batch and compared with the query by cosine, calibrated like the
    /// index's rows.
    void addSnippets(const std::string& text, const float* query,
                     const std::vector<std::string>& translated,
                     std::vector<ResultRow>& rows) const {
        std::vector<std::vector<search::TextSpan>> sentences(rows.size());
        std::vector<std::string> toEncode;
        std::vector<std::pair<size_t, size_t>> owner;  // (row, sentence) of each encoded one
        std::map<std::string, std::size_t> held;       // documents holding a term (BM25 index)
        for (size_t r = 0; r < rows.size(); ++r) {
            ResultRow& row = rows[r];
            std::vector<std::string> terms;
            if (!translated.empty() && row.language == lexicon->targetLanguage()) {
                row.matches = search::matchingTerms(translated, row.text, row.language, &terms);
                dropCommonWords(row.language, row.matches, terms, held);
            } else {
                row.matches = search::matchingWords(text, row.text, row.language, &terms);
            }
            sentences[r] = search::sentenceSpans(row.text);
            row.best = {0, row.text.size()};
            if (sentences[r].empty()) continue;
            row.best =
                sentences[r][search::bestSentence(row.text, sentences[r], row.matches, {}, terms)];
            if (!row.matches.empty() || sentences[r].size() < 2 || !query) continue;
            for (size_t s = 0; s < sentences[r].size(); ++s) {
                const auto& span = sentences[r][s];
                toEncode.push_back(row.text.substr(span.begin, span.end - span.begin));
                owner.emplace_back(r, s);
            }
        }
        if (toEncode.empty()) return;
        std::vector<float> v;
        {
            std::lock_guard<std::mutex> lock(encoderMutex);
            v = encoder->encodePassages(toEncode);  // passages, as the index encoded them
        }
        const auto dim = static_cast<size_t>(encoder->dimension());
        if (calibration) {
            // Row by row in its passage's language, as the index's rows were calibrated.
            for (size_t i = 0; i < owner.size(); ++i) {
                FloatMatrix m(
                    1, static_cast<int64_t>(dim),
                    std::vector<float>(v.begin() + static_cast<ptrdiff_t>(i * dim),
                                       v.begin() + static_cast<ptrdiff_t>((i + 1) * dim)));
                try {
                    align::apply(*calibration, rows[owner[i].first].language, m);
                } catch (const std::exception&) {
                    continue;  // a language the calibration lacks: its raw vector
                }
                std::copy(m.data.begin(), m.data.end(),
                          v.begin() + static_cast<ptrdiff_t>(i * dim));
            }
        }
        const auto cosine = [dim](const float* a, const float* b) {
            double ab = 0, aa = 0, bb = 0;
            for (size_t d = 0; d < dim; ++d) {
                ab += double(a[d]) * b[d];
                aa += double(a[d]) * a[d];
                bb += double(b[d]) * b[d];
            }
            return aa > 0 && bb > 0 ? ab / std::sqrt(aa * bb) : 0.0;
        };
        std::vector<std::vector<double>> similarity(rows.size());
        for (size_t i = 0; i < owner.size(); ++i)
            similarity[owner[i].first].push_back(cosine(query, v.data() + i * dim));
        for (size_t r = 0; r < rows.size(); ++r)
            if (!similarity[r].empty())
                rows[r].best = sentences[r][search::bestSentence(rows[r].text, sentences[r], {},
                                                                 similarity[r])];
    }
};

SearchService::SearchService(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SearchService::~SearchService() = default;
const VectorIndex& SearchService::index() const {
    return *impl_->index;
}
bool SearchService::hasLexical() const {
    return impl_->bm25.has_value();
}
std::vector<std::string> SearchService::translatedLanguages() const {
    return impl_->lexicon ? impl_->lexicon->languages() : std::vector<std::string>{};
}

std::string SearchService::translateForReader(const std::string& text,
                                              const QueryOptions& options) const {
    return impl_->lexicon ? impl_->lexicon->translateText(text, impl_->queryLanguage(text, options))
                          : text;
}

std::unique_ptr<SearchService> SearchService::open(const fs::path& indexDir,
                                                   const SearchServiceOptions& options) {
    auto impl = std::make_unique<Impl>();
    impl->index = VectorIndex::open(indexDir);
    const IndexMetadata& meta = impl->index->metadata();
    const fs::path checkpoint = chooseEncoder(*impl->index, options.model);
    model::EncodeOptions encode;
    encode.pooling = model::Pooling::parse(meta.encoder.pooling, "index.json encoder.pooling");
    encode.maxTokens = meta.encoder.maxTokens;
    encode.device = options.device;
    encode.threads = options.threads;
    impl->encoder = model::EncodingService::open(checkpoint, encode);
    if (!meta.calibration.empty())
        impl->calibration = align::loadCalibration(indexDir / meta.calibration);
    if (fs::exists(indexDir / "bm25")) {
        impl->bm25.emplace(search::Bm25Index::open(indexDir / "bm25"));
        if (fs::exists(indexDir / kLexiconFile))
            impl->lexicon = search::TranslationLexicon::load(indexDir / kLexiconFile);
        impl->idOf = impl->index->documentIds();
        for (size_t r = 0; r < impl->idOf.size(); ++r)
            impl->rowOf.emplace(impl->idOf[r], static_cast<int64_t>(r));
    }
    if (impl->encoder->dimension() != meta.dim)
        throw DataError(
            fmt::format("{} produces dimension {} vectors but the index holds "
                        "dimension {}",
                        checkpoint.string(), impl->encoder->dimension(), meta.dim));
    return std::unique_ptr<SearchService>(new SearchService(std::move(impl)));
}

bool scoresIndistinct(const std::vector<ResultRow>& rows, double spread) {
    if (rows.size() < 2) return false;
    const auto [lo, hi] = std::minmax_element(
        rows.begin(), rows.end(),
        [](const ResultRow& a, const ResultRow& b) { return a.score < b.score; });
    return hi->score - lo->score <= spread;
}

std::vector<ResultRow> SearchService::search(const std::string& text, const QueryOptions& options,
                                             SearchTimings* timings) const {
    if (data::isBlank(text)) throw ConfigError("the query is empty: type some words to search for");
    impl_->checkOptions(options);
    if (options.mode != SearchMode::Lexical && !coverage(text).covered()) {
        if (options.mode == SearchMode::Dense) return {};
        QueryOptions lexical = options;
        lexical.mode = SearchMode::Lexical;
        return impl_->run({text}, lexical, timings).front();
    }
    return impl_->run({text}, options, timings).front();
}

text::LetterCoverage SearchService::coverage(const std::string& text) const {
    std::lock_guard<std::mutex> lock(impl_->encoderMutex);
    return text::letterCoverage(text, [this](const std::string& letter) {
        return !impl_->encoder->hasUnknownTokens(letter);
    });
}

std::vector<std::vector<ResultRow>> SearchService::searchMany(const std::vector<std::string>& texts,
                                                              const QueryOptions& options,
                                                              const ProgressFn& progress) const {
    impl_->checkOptions(options);
    const auto total = static_cast<int64_t>(texts.size());
    std::vector<std::vector<ResultRow>> out;
    constexpr int64_t kChunk = 1024;
    for (int64_t i = 0; i < total; i += kChunk) {
        if (progress && !progress(Progress{"search", i, total}))
            throw Cancelled("search cancelled");
        const std::vector<std::string> chunk(texts.begin() + i,
                                             texts.begin() + std::min(total, i + kChunk));
        for (auto& rows : impl_->run(chunk, options, nullptr))
            out.push_back(std::move(rows));
    }
    if (progress) progress(Progress{"search", total, total});
    return out;
}

OpenDiagnosis diagnoseOpenFailure(const fs::path& indexDir, const fs::path& model) {
    OpenDiagnosis d;
    std::unique_ptr<VectorIndex> vi;
    try {
        vi = VectorIndex::open(indexDir);
    } catch (const std::exception& e) {
        d.kind = OpenDiagnosis::Kind::Damaged;
        d.detail = e.what();
        return d;
    }
    const EncoderIdentity& built = vi->metadata().encoder;
    d.builtBy = built.checkpoint;
    d.checkpoint = model.empty() ? fs::path(built.checkpoint) : model;
    std::error_code ec;
    if (!fs::exists(d.checkpoint, ec)) {
        d.kind = OpenDiagnosis::Kind::ModelGone;
        return d;
    }
    // The tokenizer files EncodingService loads: without one a checkpoint cannot encode
    // queries, and its fingerprint no longer matches the index it built.
    if (workspace::CheckpointLayout{d.checkpoint}.tokenizer().empty()) {
        d.kind = OpenDiagnosis::Kind::NoTokenizer;
        return d;
    }
    std::string fingerprint;
    try {
        fingerprint = checkpointFingerprint(d.checkpoint);
    } catch (const std::exception&) {
    }
    if (!fingerprint.empty() && fingerprint != built.fingerprint)
        d.kind = OpenDiagnosis::Kind::AnotherModel;
    return d;
}

}  // namespace isomorph::index

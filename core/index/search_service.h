#pragma once

// Text in, ranked documents out: an index folder with the encoder that built it (checked by
// fingerprint), its calibration and its BM25 index. Used by `isomorph-cli search`, the retrieval
// evaluation and the GUI's Search view (from a worker thread). Torch-free header.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/common/progress.h"
#include "core/index/vector_index.h"
#include "core/runtime/device.h"
#include "core/search/fusion.h"
#include "core/search/snippet.h"
#include "core/text/script.h"

namespace isomorph::index {

enum class SearchMode {
    Dense,    ///< encoder + vector index
    Lexical,  ///< BM25 (Xapian) over the same documents
    Hybrid,   ///< both, fused (min-max normalised scores, weighted)
};
const char* searchModeName(SearchMode mode);
/// "dense", "bm25" (or "lexical") or "hybrid"; ConfigError naming `what` otherwise.
SearchMode parseSearchMode(const std::string& text, const std::string& what = "setting 'mode'");

struct SearchServiceOptions {
    std::string model;  ///< checkpoint folder; "" = the one recorded in the index
    runtime::DeviceSpec device;
    int threads = 0;  ///< encoder threads (0 = all cores)
};

struct QueryOptions {
    int k = 10;            ///< results wanted
    std::string language;  ///< only documents of this language ("" = all)
    /// Only documents of these languages (added to `language`; both empty = all).
    std::vector<std::string> languages;
    /// Language of the query text (needed with a calibration). With a lexicon in the index
    /// (index build --lexicon), BM25 translates the query from it; "" = guessed
    /// (search::guessQueryLanguage).
    std::string queryLanguage;
    SearchMode mode = SearchMode::Dense;
    double hybridWeight = 0.5;  ///< Hybrid: weight of the dense score (1 - weight: BM25)
    search::HybridFusion hybridFusion = search::HybridFusion::MinMax;  ///< Hybrid: score scales
    double hybridShareFloor = 0.5;  ///< Hybrid, share fusion: search::HybridOptions::shareFloor
    int efSearch = 0;               ///< HNSW override (0 = index default)
    int probe = 0;                  ///< IVF override (0 = index default)
    /// Fill ResultRow::best and ::matches (what a result shows of its passage). Costs one
    /// encoding of the results' sentences when a passage of several sentences shares no word
    /// with the query (dense and hybrid modes).
    bool snippets = false;
};

struct ResultRow {
    int rank = 0;        ///< 1-based
    double score = 0.0;  ///< cosine (dense), BM25 (lexical) or fused score (hybrid)
    int64_t row = -1;    ///< index row (-1 for a BM25-only hit in hybrid mode is impossible:
                         ///< both indexes hold the same documents)
    std::string id, language, text;
    /// With QueryOptions::snippets: the sentence of `text` that matches the query best (most
    /// distinct matched words, else the highest cosine with the query under the encoder; the
    /// whole text when it is one sentence) and the words of `text` matching a query word under
    /// BM25's analysis in the passage's language (search::matchingWords), or, when the index's
    /// lexicon translates the query (bm25 and hybrid modes), a likely word of its translation
    /// (weight >= 0.1, search::matchingTerms) that at most half of the passage language's
    /// documents hold; byte ranges.
    search::TextSpan best;
    std::vector<search::TextSpan> matches;
};

struct SearchTimings {
    double encodeSeconds = 0.0;
    double searchSeconds = 0.0;
};

/// Spread below which search results are indistinct (see scoresIndistinct).
constexpr double kIndistinctScoreSpread = 0.02;

/// Whether two or more results all score within `spread` of each other: the system does not
/// tell them apart (a weak model's [CLS] vectors are nearly identical, so every query gets the
/// same documents with cosines around 0.98), and their order means little.
bool scoresIndistinct(const std::vector<ResultRow>& rows, double spread = kIndistinctScoreSpread);

/// Why an index and a model cannot be used together, told apart for a front end's own words
/// (the Search view translates them): diagnoseOpenFailure after SearchService::open failed.
struct OpenDiagnosis {
    enum class Kind {
        Damaged,       ///< the index folder itself does not open (`detail`: the reader's message)
        ModelGone,     ///< the recorded checkpoint is gone and none was given (`checkpoint`)
        NoTokenizer,   ///< the checkpoint has no tokenizer file (`checkpoint`)
        AnotherModel,  ///< the checkpoint is not the one that built the index (both named)
        Other,         ///< none of these: the failure's own message
    };
    Kind kind = Kind::Other;
    std::filesystem::path checkpoint;  ///< the model that was to be used
    std::string builtBy;               ///< the checkpoint recorded in the index
    std::string detail;                ///< Damaged: the reader's message
};

/// Looks at `indexDir` and `model` ("" = the recorded checkpoint) again to say which of the
/// OpenDiagnosis kinds made opening them fail. Never throws.
OpenDiagnosis diagnoseOpenFailure(const std::filesystem::path& indexDir,
                                  const std::filesystem::path& model);

class SearchService {
  public:
    /// Opens the index and its encoder. Throws DataError when the index is unreadable, when
    /// `options.model` is not the encoder that built the index (fingerprints differ), or when the
    /// recorded checkpoint is gone and no --model is given.
    static std::unique_ptr<SearchService> open(const std::filesystem::path& indexDir,
                                               const SearchServiceOptions& options);
    ~SearchService();

    const VectorIndex& index() const;
    bool hasLexical() const;  ///< a BM25 index was built with the vectors
    /// Source languages of the index's translation lexicon (BM25 translates their queries);
    /// empty without one.
    std::vector<std::string> translatedLanguages() const;
    /// `text` as a translate-test re-ranker reads it: translated word by word into the
    /// lexicon's target language (search::TranslationLexicon::translateText) from
    /// options.queryLanguage, else the language BM25 guesses for it; `text` itself without a
    /// lexicon.
    std::string translateForReader(const std::string& text, const QueryOptions& options) const;

    /// How much of `text` the index's encoder can read: the letters its tokenizer does not map
    /// to the unknown token. A query mostly of letters the vocabulary lacks (a script the model
    /// was never trained on) gets a vector that says nothing about its meaning: its nearest
    /// documents would be arbitrary.
    text::LetterCoverage coverage(const std::string& text) const;
    /// One query. ConfigError for an empty query, k < 1 or a mode the index cannot serve.
    /// A query the encoder cannot read (coverage(text).covered() false) gets no dense
    /// results rather than arbitrary ones: none in dense mode, BM25's alone in hybrid mode.
    std::vector<ResultRow> search(const std::string& text, const QueryOptions& options,
                                  SearchTimings* timings = nullptr) const;
    /// Many queries (encoded in one pass). `progress`: stage "search", queries done and in all;
    /// returning false cancels.
    std::vector<std::vector<ResultRow>> searchMany(const std::vector<std::string>& texts,
                                                   const QueryOptions& options,
                                                   const ProgressFn& progress = {}) const;

  private:
    struct Impl;
    explicit SearchService(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace isomorph::index

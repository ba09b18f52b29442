#pragma once

// BM25 lexical baseline through Xapian: an on-disk index (a directory) built atomically from
// documents with per-document language-aware analysis, searched with bag-of-words BM25.
//
// Analysis (the same for documents and queries, so a query term matches a document term exactly
// when their analysed forms agree):
// - text is lower-cased and split into words by Xapian's TermGenerator; every word is replaced
//   by its Snowball stem when Xapian has a stemmer for the language's primary subtag ("de",
//   "pt" for "pt-PT"); languages without one (ja, zh, ko, cs, pl, ...) are not stemmed. Only
//   stems are indexed (Xapian STEM_ALL), so capitalised German nouns are stemmed too.
// - runs of CJK characters become unigrams and bigrams (Xapian FLAG_CJK_NGRAM) in every
//   language, so Chinese, Japanese and Korean text is searchable without a segmenter and CJK
//   words inside English text are too.
// - a document's title and text are indexed as one field ("title text"), as Pyserini indexes
//   BEIR corpora; no stop words are removed (BM25's idf discounts frequent words).
//
// Scoring is Xapian's BM25Weight (see Bm25Parameters for how it differs from Lucene's).
// A query is the OR of its analysed terms (no boolean operators, phrases or wildcards), each with
// its within-query frequency.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/progress.h"
#include "core/search/ranking.h"

namespace isomorph::search {

/// BM25 parameters. Xapian scores a document d for query terms t as
///   sum_t idf(t) * (k1 + 1) * wdf / (k1 * (1 - b + b * L) + wdf) * (k3 + 1) * wqf / (k3 + wqf)
///   [+ k2 * |query| * (1 - L) / (1 + L), only when k2 > 0]
/// with wdf the term's count in d, wqf its count in the query, L = max(|d| / avg|d|,
/// minNormalizedLength) (|d| = analysed terms in d, counting CJK unigrams and bigrams), and
/// idf(t) = log(w), w = (N - n + 0.5) / (n + 0.5), replaced by w / 2 + 1 when w < 2 so terms in
/// more than half of the documents keep a small positive weight (Lucene uses log(1 + w)).
/// Defaults k1 = 0.9, b = 0.4 are Pyserini's, used by the Mr.TyDi and MIRACL BM25 baselines:
/// those are the multilingual passage-retrieval baselines our papers compare against, and our
/// single-field "title text" indexing matches Pyserini's rather than the two-field
/// Elasticsearch setup behind BEIR's k1 = 1.2, b = 0.75 (set those here to reproduce BEIR).
struct Bm25Parameters {
    double k1 = 0.9;  ///< term-frequency saturation, >= 0 (0: presence only)
    double b = 0.4;   ///< document-length normalisation, 0 (none) .. 1 (full)
    double k2 = 0.0;  ///< Xapian's query-length correction, >= 0 (0: off, as in Lucene)
    double k3 = 1.0;  ///< within-query frequency saturation, >= 0 (Xapian default)
    double minNormalizedLength = 0.5;  ///< lower clamp of |d| / avg|d|, >= 0 (Xapian default)

    /// Throws ConfigError listing every invalid field.
    void validate() const;
};

/// One document to index.
struct IndexDocument {
    std::string id;        ///< unique, non-empty; returned by search()
    std::string title;     ///< may be empty
    std::string text;      ///< may be empty (then the document is only found by its title)
    std::string language;  ///< ISO 639-1 code or BCP-47 tag ("de", "pt-PT", "zh-Hant"); "" =
                           ///< unknown (not stemmed, never matched by a language filter)
};

/// Fills the next document and returns true, or returns false at the end.
using DocumentSource = std::function<bool(IndexDocument&)>;

struct Bm25BuildOptions {
    Bm25Parameters parameters;           ///< stored in the index and used by every search
    bool overwrite = false;              ///< replace an existing index (never any other directory)
    std::size_t progressInterval = 100;  ///< documents between progress calls (>= 1)
};

struct Bm25SearchOptions {
    std::size_t k = 100;           ///< documents to return at most (>= 1; more than exist is fine)
    std::string queryLanguage;     ///< stems the query like documents of this language; "" = none
    std::string documentLanguage;  ///< only documents of this language; "" = all languages
    /// Scores as shares of the query's attainable BM25 score, in [0, 1]: each document's score
    /// divided by the sum over the analysed query terms of their largest possible contribution
    /// (idf x (k1 + 1) x the within-query factor), a term no document has counting with the
    /// largest idf. A document matching one rare word of a three-word query gets about a third;
    /// one matching every word often, close to 1. The order is unchanged. Hybrid fusion uses it
    /// so that a lone lexical hit on a minor word cannot take the whole lexical weight, as
    /// min-max normalisation gives it.
    bool share = false;
};

/// What the index's metadata file records.
struct Bm25IndexInfo {
    int schemaVersion = 0;
    std::string xapianVersion;  ///< of the library that built the index
    Bm25Parameters parameters;
    std::size_t documentCount = 0;
    std::map<std::string, std::size_t> languages;  ///< documents per language
};

class Bm25Index;

/// The k best documents with every document scored under its own language's analysis: the query
/// is analysed once per language of the index (or only `documentLanguage` when given) and searched
/// among that language's documents; results are merged by score. For queries whose language is
/// unknown, or cross-lingual queries (a German query over English passages is stemmed as English
/// where it meets English passages). Same errors as Bm25Index::search; a query without any
/// searchable term in one language simply contributes nothing there. `share`: scores as
/// Bm25SearchOptions::share, each under its own language's analysis.
Ranking searchEachLanguage(const Bm25Index& index, std::string_view query, std::size_t k,
                           const std::string& documentLanguage = "", bool share = false);

/// The analysed terms of `text` under `language`'s analysis, as documents are indexed and queries
/// searched (see the top of this file), each with its count, sorted by term.
std::vector<std::pair<std::string, unsigned>> analyzeTerms(std::string_view text,
                                                           const std::string& language);

/// An analysed term with a weight (translation_lexicon.h makes them from a translated query).
struct WeightedTerm {
    std::string term;
    double weight = 0.0;
};

/// The best k documents over the index's languages (only `documentLanguage` when given): each
/// language's ranking from `searchIn(language)` (DataError from it: nothing searchable there,
/// skipped), merged by each document's best score. The loop of searchEachLanguage and
/// searchTranslated (translation_lexicon.h).
Ranking searchLanguages(const Bm25Index& index, std::size_t k, const std::string& documentLanguage,
                        const std::function<Ranking(const std::string&)>& searchIn);

/// True when Xapian has a Snowball stemmer for the primary subtag of `language` ("pt-PT" -> pt).
bool hasStemmer(std::string_view language);

/// An opened BM25 index. Not thread-safe (Xapian databases are not): open one per thread.
class Bm25Index {
  public:
    /// Current layout: DIR/isomorph-index.json (metadata) and DIR/xapian/ (the database).
    static constexpr int kSchemaVersion = 1;
    static constexpr const char* kMetadataFile = "isomorph-index.json";

    /// Builds an index in `dir` from every document `source` yields and opens it. The index is
    /// written to a sibling DIR.tmp-XXXXXX and renamed into place, so `dir` either does not
    /// change or holds a complete index. An existing `dir` is refused unless options.overwrite is
    /// set, and even then only when it is an empty directory or a BM25 index. Throws ConfigError
    /// for invalid options, DataError for invalid documents (empty or duplicate id, bad language,
    /// none at all) or I/O failures, and Cancelled when `progress` returns false; in every case
    /// nothing is left behind.
    static Bm25Index build(const std::filesystem::path& dir, const DocumentSource& source,
                           const Bm25BuildOptions& options = {}, const ProgressFn& progress = {});
    /// Same, from a vector.
    static Bm25Index build(const std::filesystem::path& dir,
                           const std::vector<IndexDocument>& documents,
                           const Bm25BuildOptions& options = {}, const ProgressFn& progress = {});

    /// Opens an index built by build(). Throws DataError naming `dir` when it is missing, is not
    /// a BM25 index, was built with another schema version, or is damaged.
    static Bm25Index open(const std::filesystem::path& dir);

    Bm25Index(Bm25Index&&) noexcept;
    Bm25Index& operator=(Bm25Index&&) noexcept;
    ~Bm25Index();

    /// The k best documents for `query` by BM25 score (higher is better), best first; ties keep
    /// Xapian's order (pass the result through rankDocuments for trec_eval's). Documents
    /// sharing no term with the query are not returned, so the result may be shorter than k.
    /// Throws DataError for an empty query or one without any searchable term, ConfigError for
    /// k == 0 or an invalid language code.
    Ranking search(std::string_view query, const Bm25SearchOptions& options = {}) const;
    /// The k best documents for a query of analysed terms (analyzeTerms' form, searched as they
    /// are), each term's BM25 contribution multiplied by its weight (within-query frequency 1).
    /// options.queryLanguage is not used; options.share divides by the weighted attainable
    /// score. DataError for no term, ConfigError for a weight that is not positive and finite.
    Ranking searchTerms(const std::vector<WeightedTerm>& terms,
                        const Bm25SearchOptions& options = {}) const;
    /// Documents (of any language) holding the analysed `term`.
    std::size_t documentFrequency(const std::string& term) const;
    /// Whether `query` has a word to search for under `language`'s analysis (search() throws
    /// DataError when not).
    bool hasSearchableWord(std::string_view query, const std::string& language) const;

    const Bm25IndexInfo& info() const;
    const std::filesystem::path& directory() const;

  private:
    struct Impl;
    explicit Bm25Index(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace isomorph::search

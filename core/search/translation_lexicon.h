#pragma once

// A probabilistic translation lexicon for cross-lingual BM25: p(target term | source term)
// learned from parallel sentence pairs with IBM Model 1 (Brown et al. 1993), over the terms of
// BM25's own analysis (bm25_index.h: Snowball stems, CJK unigrams and bigrams), and queries
// translated with it into weighted target-language terms ("probabilistic structured queries",
// Darwish and Oard 2003). A German query "Verzeichnis löschen" then searches English passages
// for "directori" and "remov"/"delet" weighted by their probabilities, where plain BM25 (which
// stems the German words as English ones) finds nothing it shares.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/search/bm25_index.h"
#include "core/search/ranking.h"

namespace isomorph::search {

/// One parallel pair: a text in the source language and its translation in the target one.
struct LexiconPair {
    std::string source;
    std::string target;
};

struct LexiconTrainOptions {
    int iterations = 5;  ///< EM iterations of IBM Model 1 (>= 1)
    /// Pairs with more analysed terms than this on either side are skipped (as GIZA++ skips
    /// sentences over 100 words): long blocks spread each word's count over too many
    /// candidates and cost quadratic time.
    std::size_t maxTerms = 80;
    std::size_t minSourceCount = 2;   ///< source terms seen in fewer pairs get no entry
    double minProbability = 0.02;     ///< translations below this are dropped ...
    std::size_t maxTranslations = 6;  ///< ... and at most this many kept, best first
};

/// What training a language direction saw.
struct LexiconTrainStats {
    std::string language;
    std::size_t pairs = 0;         ///< pairs read
    std::size_t pairsUsed = 0;     ///< pairs trained on (the rest: a side without terms, or
                                   ///< over maxTerms)
    std::size_t sourceTerms = 0;   ///< source terms with an entry in the lexicon
    std::size_t translations = 0;  ///< entries kept
};

class TranslationLexicon {
  public:
    struct Translation {
        std::string term;
        double probability = 0.0;  ///< renormalised over the kept translations of a term
    };

    static constexpr const char* kFormat = "isomorph-lexicon";
    static constexpr int kSchemaVersion = 1;

    explicit TranslationLexicon(std::string targetLanguage = "en");

    /// Learns the `sourceLanguage` -> target direction from `pairs` (replacing an earlier one
    /// of that language). `progress(iteration, iterations)` is told each finished EM iteration
    /// and may return false to cancel (Cancelled). ConfigError for invalid options or a source
    /// language equal to the target one; DataError when no pair has terms on both sides.
    LexiconTrainStats train(const std::string& sourceLanguage,
                            const std::vector<LexiconPair>& pairs,
                            const LexiconTrainOptions& options = {},
                            const std::function<bool(int, int)>& progress = {});

    /// The kept translations of an analysed source term, best first; null when it has none.
    const std::vector<Translation>* translations(const std::string& sourceLanguage,
                                                 const std::string& term) const;

    /// `query` analysed as `sourceLanguage` and translated term by term: each source term's
    /// count is spread over its translations by probability; a term without an entry (a
    /// command name, a number, a word the pairs never had twice) is kept as it is. Sorted by
    /// term. Empty for a query without any searchable term. A language the lexicon lacks keeps
    /// every term as it is.
    std::vector<WeightedTerm> translate(std::string_view query,
                                        const std::string& sourceLanguage) const;

    /// `query` as text of the target language, for a reader of that language alone (a
    /// monolingual re-ranker: "translate-test"): word by word in the query's order, each
    /// analysed term replaced by its translations with probability >= `minProbability` (at
    /// least the best one), each written as the word the target side of the training pairs
    /// used most for it ("directory" for "directori"; the stem itself for a lexicon trained
    /// before surface words were kept); a word without an entry is kept as typed; repeats are
    /// dropped. The query itself when `sourceLanguage` is the target language or one the
    /// lexicon lacks.
    std::string translateText(std::string_view query, const std::string& sourceLanguage,
                              double minProbability = 0.25) const;

    /// The target-side word written most often for an analysed target term ("directory" for
    /// "directori"); the term itself when training saw none.
    std::string surfaceWord(const std::string& term) const;

    bool hasLanguage(const std::string& sourceLanguage) const;
    std::size_t termCount(const std::string& sourceLanguage) const;  ///< source terms with entries
    std::vector<std::string> languages() const;                      ///< source languages, sorted
    const std::string& targetLanguage() const { return target_; }

    /// Writes the lexicon as JSON, atomically. DataError naming the file on I/O failure.
    void save(const std::filesystem::path& file) const;
    /// Reads a file written by save(). DataError naming the file when it is missing, not a
    /// lexicon, of another schema version or damaged.
    static TranslationLexicon load(const std::filesystem::path& file);

  private:
    std::string target_;
    /// source language -> source term -> translations
    std::map<std::string, std::map<std::string, std::vector<Translation>>> entries_;
    /// target term -> the words of the target side that analyse to it alone, with counts (a
    /// loaded lexicon holds each term's best word, counted once)
    std::map<std::string, std::map<std::string, std::size_t>> surface_;
};

/// The language a query of unknown language is most likely written in, for searchTranslated:
/// the share of its analysed terms each source language's lexicon has an entry for, against
/// the share of its terms (under the target language's analysis) that `index` holds; the target
/// language wins ties (the query is then searched as it is), and among source languages the one
/// with the larger lexicon. The target language for a query without any searchable term.
std::string guessQueryLanguage(const Bm25Index& index, const TranslationLexicon& lexicon,
                               std::string_view query);

/// searchEachLanguage (bm25_index.h) with the query translated by `lexicon` where it meets
/// documents in the lexicon's target language, when `queryLanguage` is one of its source
/// languages: there the translated terms are searched (Bm25Index::searchTerms); documents of
/// other languages (and all of them for a query in the target language or a language the lexicon
/// lacks) are searched with the query as it is. An empty `queryLanguage` is guessed
/// (guessQueryLanguage). Merged by score, the best k (none when no language has a searchable
/// term).
Ranking searchTranslated(const Bm25Index& index, const TranslationLexicon& lexicon,
                         std::string_view query, const std::string& queryLanguage, std::size_t k,
                         const std::string& documentLanguage = "", bool share = false);

/// `lexicon train`: a lexicon from parallel pair files.
struct LexiconTrainRequest {
    /// `xx-TARGET.tsv` files ("source<TAB>target" lines; the source language from the name), or
    /// folders searched recursively for them (e.g. a demo corpus's parallel/train). Every file
    /// of one source language trains that language together.
    std::vector<std::filesystem::path> inputs;
    std::string targetLanguage = "en";
    std::filesystem::path output;  ///< the lexicon file (JSON), written atomically
    LexiconTrainOptions options;
};

struct LexiconTrainReport {
    std::vector<LexiconTrainStats> languages;  ///< per source language, sorted
    std::vector<std::filesystem::path> files;  ///< pair files read
    std::filesystem::path output;
};

/// Reads every pair file of request.inputs, trains each source language (progress: stage
/// "lexicon xx", done = EM iterations) and saves the lexicon. ConfigError for no input, an input
/// that is neither a folder nor an `xx-TARGET.tsv` file, or invalid options; DataError naming the
/// file and line for unreadable pairs, and when no pair file is found.
LexiconTrainReport trainLexicon(const LexiconTrainRequest& request, Feedback* feedback = nullptr);

}  // namespace isomorph::search

#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/text/tokenizer.h"

namespace isomorph::text {

/// Pull-style sentence source; opened twice per language (count, then sample).
class SentenceStream {
  public:
    virtual ~SentenceStream() = default;
    /// Stores the next sentence and returns true, or returns false at the end.
    virtual bool next(std::string& sentence) = 0;
};

struct LanguageCorpus {
    std::string lang;                                       ///< ISO 639-1 / BCP-47 code
    std::function<std::unique_ptr<SentenceStream>()> open;  ///< a fresh pass over the sentences
};

struct TokenizerTrainOptions {
    int vocabSize = 32000;  ///< SentencePiece pieces; the tokenizer adds <pad> and <mask> (+2)
    std::string modelType = "unigram";  ///< unigram | bpe
    double characterCoverage = 0.9995;  ///< share of characters covered (1.0 for small corpora)
    double alpha = 0.3;                 ///< language sampling exponent: q_l ~ p_l^alpha (XLM-R)
    int64_t sampleSentences = 0;        ///< sentences drawn in total; 0 = as many as the corpus has
    std::vector<std::string> userDefinedSymbols;  ///< kept whole, e.g. language tags
    unsigned seed = 1;                            ///< sampling and trainer seed
    int numThreads = 0;                           ///< trainer threads; 0 = one per logical CPU
    int maxSentenceBytes = 4192;                  ///< longer sentences are skipped by the trainer
};

/// How one language was sampled.
struct LanguageSample {
    std::string lang;
    int64_t available = 0;  ///< sentences in the corpus
    double share = 0.0;     ///< p_l = available / total
    double weight = 0.0;    ///< q_l = p_l^alpha / sum p^alpha
    int64_t planned = 0;    ///< expected draws m_l = round(M q_l)
    int64_t drawn = 0;      ///< sentences actually given to the trainer (repeats count)
};

/// The sampling plan: for each language its share p_l, weight q_l and planned draws m_l = M q_l,
/// where M = `total`, or the corpus size when `total` is 0.
std::vector<LanguageSample> planLanguageSampling(
    const std::vector<std::pair<std::string, int64_t>>& counts, double alpha, int64_t total);

/// Trains a SentencePiece model on `corpora` with exponent-alpha language sampling, with the
/// special-piece layout Tokenizer needs, writes PREFIX.model / PREFIX.vocab atomically and
/// returns the tokenizer. `samples` (optional) receives the sampling report. `progress` (optional)
/// is called with a stage name ("counting", "sampling", "training").
Tokenizer trainTokenizer(const std::vector<LanguageCorpus>& corpora,
                         const TokenizerTrainOptions& options, const std::filesystem::path& prefix,
                         std::vector<LanguageSample>* samples = nullptr,
                         const std::function<void(const std::string&)>& progress = {});

}  // namespace isomorph::text

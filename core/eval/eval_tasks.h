#pragma once

// The evaluation tasks of `isomorph-cli eval` and the GUI, from files to numbers: loading bitext,
// mining and retrieval sets (standard formats and the demo workspace), encoding them with a
// checkpoint and scoring them with the torch-free metrics (bitext_metrics, bucc,
// retrieval_metrics, rerank). Torch-free header.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/align/calibration.h"
#include "core/common/float_matrix.h"
#include "core/common/progress.h"
#include "core/data/readers/answers_reader.h"
#include "core/data/readers/retrieval_sets.h"
#include "core/eval/answer_recall.h"
#include "core/eval/bucc.h"
#include "core/eval/retrieval_metrics.h"
#include "core/index/vector_index.h"
#include "core/model/cross_encoder.h"
#include "core/model/encoding_service.h"
#include "core/search/fusion.h"
#include "core/search/translation_lexicon.h"

namespace isomorph::eval {

/// Parallel sentences of one language pair.
struct BitextSet {
    std::string name;  ///< "de-en"
    std::string srcLang, tgtLang;
    std::vector<std::string> src, tgt;
    std::string file;  ///< where they came from (for messages)
};

/// Reads bitext from `path`: a TSV file "src<TAB>tgt" (languages from srcLang/tgtLang or a
/// file name "xx-yy.tsv"), a folder of such "xx-yy.tsv" files (one set each, sorted), or a
/// Tatoeba prefix ("DIR/tatoeba.deu-eng" with .deu/.eng files). Keeps the first `maxPairs` pairs
/// of each set (0 = all). Throws DataError naming the file and line for bad input or an empty
/// side, ConfigError when languages cannot be determined.
std::vector<BitextSet> loadBitextSets(const std::filesystem::path& path, const std::string& srcLang,
                                      const std::string& tgtLang, int64_t maxPairs);

/// Encodes `texts` into [n, dim] (in input order) as texts of `role`: with its prompt, and for
/// queries the checkpoint's separate query encoder when it has one.
FloatMatrix encodeTexts(model::EncodingService& encoder, const std::vector<std::string>& texts,
                        model::TextRole role = model::TextRole::Sentence);

/// A mining task: two monolingual sides with hidden translation pairs (BUCC style).
struct MiningSet {
    std::string name;  ///< "de-en"
    std::vector<BuccSentence> source, target;
    std::vector<BuccPair> gold;
};

/// Reads BUCC files PREFIX.<src> / PREFIX.<tgt> / PREFIX.gold.
MiningSet loadBuccSet(const std::string& prefix, const std::string& srcLang,
                      const std::string& tgtLang);

/// A BUCC-style task from the demo corpus: the `split` translation pairs of `lang`-en (NAME and
/// option pairs) hidden among `distractorsPerPair` times as many sentences of another split's man
/// pages on each side (train, or dev for a train task: splits are by command, so distractors are
/// not translations of the gold sentences; source and target distractors come from disjoint
/// command sets). Deterministic. Throws DataError when the corpus has no pairs for the language.
MiningSet demoMiningSet(const std::filesystem::path& corpus, const std::string& lang,
                        const std::string& split, int distractorsPerPair = 4);

/// The demo corpus's `lang`-en translation pairs of a split (NAME and option pairs, one pair per
/// distinct sentence on each side). Empty when the corpus has none for the language.
BitextSet demoPairs(const std::filesystem::path& corpus, const std::string& lang,
                    const std::string& split);

/// Whether the demo corpus has any translation pairs of a split (a non-empty
/// parallel/<split>/{name,option}/*-en.tsv), without reading them.
bool demoHasPairs(const std::filesystem::path& corpus, const std::string& split);

/// About `count` sentences spread evenly over the demo corpus's `split` pages of `lang`
/// (docs/<split>/<lang>.jsonl), distinct. Empty when there are none.
std::vector<std::string> demoSentences(const std::filesystem::path& corpus, const std::string& lang,
                                       const std::string& split, size_t count);

/// Languages with pages in the demo corpus's `split` (docs/<split>/*.jsonl, non-empty), sorted.
std::vector<std::string> demoLanguages(const std::filesystem::path& corpus,
                                       const std::string& split);

/// A retrieval test collection (BEIR layout).
struct RetrievalSet {
    std::string name;  ///< folder name, e.g. "de-en"
    std::filesystem::path folder;
    std::vector<index::IndexedDocument> passages;  ///< title and text joined; language from id
    std::vector<data::Query> queries;
    Qrels qrels;
    int64_t qrelsUnknownDocuments = 0;  ///< judgements naming a document not in the corpus
    int64_t qrelsUnknownQueries = 0;    ///< judgements naming a query not in queries.jsonl
};

/// Reads DIR/corpus.jsonl, DIR/queries.jsonl and DIR/qrels/test.tsv (or the split given).
RetrievalSet loadBeirSet(const std::filesystem::path& dir, const std::string& qrelsSplit = "test");

/// Mines `set` with the encoder (ratio margin, k neighbours each way), both sides calibrated as
/// srcLang / tgtLang when a calibration is given.
std::vector<MinedPair> mineSet(model::EncodingService& encoder, const MiningSet& set, int k,
                               const align::Calibration* calibration, const std::string& srcLang,
                               const std::string& tgtLang);

struct RetrievalOptions {
    std::vector<std::string> systems = {"dense", "bm25", "hybrid"};  ///< any of these
    int depth = 100;            ///< documents retrieved per query (>= 1)
    double hybridWeight = 0.5;  ///< weight of the dense score in hybrid fusion
    search::HybridFusion hybridFusion = search::HybridFusion::MinMax;  ///< its score scales
    double hybridShareFloor = 0.5;                    ///< search::HybridOptions::shareFloor
    const align::Calibration* calibration = nullptr;  ///< dense: rows calibrated by id language
    const data::Answers* answers = nullptr;           ///< for R@2kt / R@5kt
    /// bm25 (and hybrid's lexical side): queries translated by this lexicon where they meet
    /// passages of its target language (search::searchTranslated); a query's language is its
    /// id's suffix ("ls.1.de") or else the set name's first language ("de" of "de-en").
    const search::TranslationLexicon* lexicon = nullptr;
    AnswerMatch answerMatch = AnswerMatch::Tokens;  ///< how answers must occur (answer_recall.h)
    /// Second stage: when set, every system S is also reported re-ranked by this cross-encoder
    /// as "S+rerank" (its best rerankDepth documents re-scored, the rest kept below them).
    model::CrossEncoder* reranker = nullptr;
    int rerankDepth = 0;  ///< documents re-scored per query; 0 = all `depth` retrieved
    /// Score interpolation: the re-scored documents are ordered by w x minmax(first stage) +
    /// (1 - w) x minmax(cross-encoder) (search::rerankTop); 0 = the plain re-ordering.
    double rerankFirstStageWeight = 0.0;
    /// Translate-test: the cross-encoder reads each query translated into this lexicon's
    /// target language (TranslationLexicon::translateText; the query's language as for
    /// `lexicon`), for a re-ranker that reads that language alone. nullptr = the query as typed.
    const search::TranslationLexicon* rerankLexicon = nullptr;
};

/// Suffix of the re-ranked systems' names ("dense+rerank").
inline constexpr const char* kRerankSuffix = "+rerank";

/// The systems evaluateRetrievalSet reports, in order: options.systems, then (with a reranker)
/// each of them with kRerankSuffix.
std::vector<std::string> reportedSystems(const RetrievalOptions& options);

/// One system's run on a collection and its scores (MRR/Recall/nDCG at 10 and 100, MAP).
struct SystemResult {
    Run run;
    EvaluationReport report;
    bool hasAnswerRecall = false;       ///< answers were given
    AnswerRecall r2kt, r5kt;            ///< answer recall in the first 2,000 / 5,000 tokens
    int64_t queriesWithoutAnswers = 0;  ///< queries the answers file does not cover (skipped)
    std::optional<model::CrossEncoderStats> rerank;  ///< re-ranked systems: the scoring counts
};

/// Whether a translate-test re-ranker reads `set`: its passages are in `lexicon`'s target
/// language (the set name's second language, "en" of "de-en"; else every passage's language).
bool readsTranslated(const RetrievalSet& set, const search::TranslationLexicon& lexicon);

/// Replaces every query's text by its translation into `lexicon`'s target language
/// (TranslationLexicon::translateText; a query's language as RetrievalOptions::lexicon says),
/// for a re-ranker trained and used translate-test; a set whose passages are in another
/// language (readsTranslated) keeps its queries.
void translateQueries(RetrievalSet& set, const search::TranslationLexicon& lexicon);

/// Re-ranks the best `depth` documents of every query of `run` (0 = all) with `reranker`,
/// scoring each query's text against the candidates' passage texts (search::rerankTop; the
/// documents below `depth` keep their order beneath). All pairs of the set are scored in one
/// batched pass; `progress` as CrossEncoder::score. DataError when the run names a
/// query or passage the set does not have. With `queryLexicon` the cross-encoder reads each
/// query translated by it (RetrievalOptions::rerankLexicon), and a set it does not read
/// (readsTranslated) keeps `run` as it is.
Run rerankRun(model::CrossEncoder& reranker, const RetrievalSet& set, const Run& run,
              std::size_t depth, model::CrossEncoderStats* stats = nullptr,
              const ProgressFn& progress = {}, double firstStageWeight = 0.0,
              const search::TranslationLexicon* queryLexicon = nullptr);

/// Throws ConfigError for an unknown system or a depth below 1, and when dense or hybrid is
/// asked for without an encoder (setting 'model').
void checkRetrievalOptions(const RetrievalOptions& options, bool haveEncoder);

/// Runs every system of options.systems on `set`: dense = exact cosine top-k of encoded
/// (calibrated) passages and queries; bm25 = Xapian BM25 built from the passages, each scored
/// under its own language's analysis; hybrid = search::fuseHybrid of the two (the same fusion
/// and candidate depth as SearchService, so `eval retrieval` and `search` rank alike).
/// With options.reranker, also the re-ranked systems of reportedSystems() (rerankRun).
/// `encoder` may be null when only bm25 is asked for. ConfigError as checkRetrievalOptions;
/// DataError when a calibration needs a language an id does not carry.
std::map<std::string, SystemResult> evaluateRetrievalSet(model::EncodingService* encoder,
                                                         const RetrievalSet& set,
                                                         const RetrievalOptions& options);

}  // namespace isomorph::eval

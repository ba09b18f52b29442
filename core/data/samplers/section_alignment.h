#pragma once

// XLP's pretraining data (paper §4.1): sections of comparable documents (the same entity's page
// in two languages; on the demo corpus a translated man page and its English page) are matched
// by the cosine of their title embeddings above eta, one-to-one, highest first, and only when
// both sections have a minimum number of sentences. A matched pair gives a query (a sentence of
// the section in the query language) and its relevant document (the matched section in the
// other language); the other sections of the same page are RR's hard negatives. Torch-free: the
// title embeddings and the tokenizer come in as callbacks, so the trainer embeds titles with the
// model being trained and tests with fixed vectors.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/data/readers/document_reader.h"
#include "core/data/samplers/retrieval_sampler.h"

namespace isomorph::data::samplers {

struct SectionAlignmentOptions {
    double eta = 0.3;           ///< minimum cosine of the two title embeddings (exclusive)
    uint32_t minSentences = 2;  ///< sections with fewer sentences on either side are not matched
    uint64_t seed = 0;          ///< picks each query sentence
    /// What is embedded per section: its title (the paper), or its title and first sentence
    /// (for translated pages, whose sections say the same thing in both languages).
    bool withFirstSentence = false;
};

/// One matched pair: section a of the first page, section b of the second.
struct SectionMatch {
    uint32_t a = 0, b = 0;
    double cosine = 0;
};

/// Greedy one-to-one matching: every (i, j) with cosines[i * colsB + j] > eta, highest first
/// (ties by i then j), taken when neither side is matched yet. `usableA`/`usableB` (empty = all)
/// leave sections out. Returns the matches, highest cosine first.
std::vector<SectionMatch> matchSections(const std::vector<double>& cosines, size_t rowsA,
                                        size_t colsB, double eta,
                                        const std::vector<bool>& usableA = {},
                                        const std::vector<bool>& usableB = {});

/// What buildSectionCorpus did, for the log (per language pair).
struct SectionAlignmentCounts {
    int64_t pagesA = 0;     ///< documents in language A
    int64_t pagesB = 0;     ///< documents in language B
    int64_t pagePairs = 0;  ///< pages present in both languages (comparable documents)
    int64_t sectionsA = 0;  ///< sections of those pages in A
    int64_t sectionsB = 0;  ///< sections of those pages in B
    int64_t tooShort = 0;   ///< sections (A and B) with fewer than minSentences sentences
    int64_t belowEta = 0;   ///< usable sections of A whose best title cosine is <= eta
    int64_t conflicts = 0;  ///< usable sections of A above eta whose partner matched better
    int64_t aligned = 0;    ///< matched section pairs
    int64_t sourcesAB = 0;  ///< pages with at least one pair (RR sources), each direction
    /// Ground truth where the corpus gives one: a translated page with as many titled sections
    /// as its original follows the original's order, so there section i is section i's
    /// translation. Over those pages: truth pairs (both sections usable), matches made and
    /// matches that are truth pairs.
    int64_t truthPages = 0, truthPairs = 0, truthMatched = 0, truthCorrect = 0;
    double precision() const;  ///< truthCorrect / truthMatched (0 without matches)
    double recall() const;     ///< truthCorrect / truthPairs (0 without truth pairs)
    std::string toString() const;
};

/// Title vectors: one per title, all of the same size (any scale; cosines are taken).
using TitleEmbedder =
    std::function<std::vector<std::vector<float>>(const std::vector<std::string>&)>;
/// Text -> token ids without <s>/</s>.
using TextTokenizer = std::function<std::vector<int32_t>(const std::string&)>;

/// Both directions of one language pair.
struct SectionCorpus {
    RetrievalCorpus aToB;  ///< queries in A, documents (sections) in B
    RetrievalCorpus bToA;  ///< queries in B, documents in A
    SectionAlignmentCounts counts;
};

/// Pairs the documents of `a` and `b` by their id without the language suffix ("ls.1.de" and
/// "ls.1.en" are the page "ls.1"), aligns the sections of each page pair by title embeddings and
/// builds the two retrieval corpora: a source per page pair with matched sections, a section per
/// matched pair (query: a sentence of the query-side section, picked by a generator keyed by
/// seed, page and section; document: the other section's sentences joined by spaces).
/// Documents without sections or titles take no part. Never throws for missing data: the counts
/// say what was found (a corpus with fewer than two sources cannot be sampled; the caller
/// decides what to do about that).
SectionCorpus buildSectionCorpus(const std::vector<Document>& a, const std::vector<Document>& b,
                                 const TitleEmbedder& embed, const TextTokenizer& tokenize,
                                 const SectionAlignmentOptions& options);

}  // namespace isomorph::data::samplers

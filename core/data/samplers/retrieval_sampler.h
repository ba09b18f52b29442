#pragma once

// Query/document pairs for relevance ranking (RR) and query language modelling (QLM), XLP paper
// §4.2: a query, its aligned (positive) section and negatives. A negative is a hard negative
// (another section of the same source) with probability 1 - (3/4)^T, T = sections of the source,
// else a random section of another source in the same language.

#include <cstdint>
#include <memory>
#include <vector>

#include "core/data/samplers/collate.h"
#include "core/data/samplers/item_planner.h"

namespace isomorph::data::samplers {

/// One candidate section and the query aligned with it; token ids without <s>/</s>.
struct RetrievalSection {
    std::vector<int32_t> query;
    std::vector<int32_t> section;
};

/// A group of comparable documents (e.g. one command's pages, one Wikipedia entity): its T
/// candidate sections are each other's hard negatives. `language` is that of the sections.
struct RetrievalSource {
    uint16_t language = 0;
    std::vector<RetrievalSection> sections;
};

/// The in-memory input: sources in a fixed order (their index is their id).
struct RetrievalCorpus {
    std::vector<RetrievalSource> sources;
};

struct RetrievalOptions {
    SamplingOptions sampling = defaultSampling();  ///< batch = 16 queries, mixed
    uint32_t negatives = 1;                        ///< negatives per query (the paper samples one)
    uint32_t maxQueryTokens = 64;                  ///< query ids kept (before <s>/</s>)
    uint32_t maxLength = 256;                      ///< packed `<s> query </s> section </s>` length
    SpecialIds specials{};  ///< the ids of <s>, </s>, <pad> of the tokenizer that made the corpus

    static SamplingOptions defaultSampling() {
        SamplingOptions s;
        s.batchSize = 16;
        return s;
    }
};

/// B queries, each packed with its positive and K negatives (K = negatives), laid out by
/// packCrossEncoderInput (core/data/samplers/cross_encoder_input.h).
struct RetrievalBatch {
    TokenMatrix pairs;                  ///< [B * (1 + K), T] int32: `<s> query </s> section </s>`;
                                        ///< row b * (1 + K) holds the positive (RR label 0)
    std::vector<int32_t> queryLengths;  ///< [B * (1 + K)] query tokens at columns 1..len (QLM)
    std::vector<int32_t> tokenTypes;    ///< [B * (1 + K), T] 0 on `<s> query </s>`, 1 after
    std::vector<uint8_t> global;        ///< [B * (1 + K), T] 1 on <s>, query tokens and </s>
    int64_t truncatedQueries = 0;       ///< rows whose query was cut to maxQueryTokens
    std::vector<uint8_t> hardNegative;  ///< [B * K] 1 when negative k of query b is hard
    std::vector<uint32_t> sources;      ///< [B] source of each query
    std::vector<uint32_t> sections;     ///< [B] section of each query within its source
    std::vector<uint64_t> epochs;       ///< [B]
};

class RetrievalSampler {
  public:
    /// Keeps a pointer to `corpus`, which must outlive the sampler. Throws DataError when the
    /// corpus has fewer than two sources or an empty section.
    RetrievalSampler(const RetrievalCorpus& corpus, const RetrievalOptions& options,
                     const Cursor& cursor = {});
    // Not copyable or movable: the planner's callbacks refer to this object.
    RetrievalSampler(const RetrievalSampler&) = delete;
    RetrievalSampler& operator=(const RetrievalSampler&) = delete;

    RetrievalBatch next();
    Cursor cursor() const { return planner_->cursor(); }
    /// Probability of a hard negative for a source of T sections: 1 - (3/4)^T, 0 when T < 2.
    static double hardNegativeProbability(size_t sections);

  private:
    struct Negative {
        uint32_t source, section;
        bool hard;
    };
    std::pair<uint32_t, uint32_t> locate(uint64_t item) const;
    Negative drawNegative(uint32_t source, uint32_t section, const ItemRef& ref, uint32_t k) const;
    std::pair<uint32_t, uint32_t> randomSection(uint16_t language, uint32_t exclude,
                                                Rng& rng) const;

    const RetrievalCorpus* corpus_;
    RetrievalOptions options_;
    std::vector<uint64_t> sectionStart_;  // flattened index of each source's first section, + total
    std::vector<std::vector<uint32_t>> sourcesByLanguage_;
    std::vector<std::vector<uint64_t>> sectionStartByLanguage_;  // prefix sums over those sources
    std::unique_ptr<ItemPlanner> planner_;
};

}  // namespace isomorph::data::samplers

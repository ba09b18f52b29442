#pragma once

// What the trainer measures on fixed held-out data while it runs: dev bitext accuracy (both
// directions, per language pair, raw and after a per-language mean shift whose means come from
// the training documents, as in CCP section 3.2) and representation health (collapse, alignment,
// uniformity; Wang & Isola 2020). Include only from LibTorch-using sources.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "core/common/float_matrix.h"
#include "core/data/shards/shard_set.h"
#include "core/model/encoding_service.h"
#include "core/model/transformer.h"

namespace isomorph::eval {

/// Token id rows of sentences with their language.
struct SentenceSet {
    std::vector<std::vector<int32_t>> rows;  ///< <s> ids </s>
    std::vector<uint16_t> languages;
};

/// Parallel dev pairs grouped by language pair ("de-en").
struct BitextPairs {
    std::string name;            ///< "de-en"
    std::string sourceLanguage;  ///< "de"
    std::string targetLanguage;  ///< "en"
    SentenceSet sources, targets;
};

/// Language code -> mean sentence vector [d] (float32, CPU).
using LanguageMeans = std::map<std::string, torch::Tensor>;

struct BitextScores {
    double accuracy = 0;         ///< mean over language pairs of (src->tgt + tgt->src) / 2
    double accuracyShifted = 0;  ///< the same after subtracting each language's mean vector
    /// Dev languages that had no training sentences for a mean (shifted by zero).
    std::vector<std::string> unshiftedLanguages;
    std::map<std::string, double> perPair;         ///< raw, per language pair
    std::map<std::string, double> perPairShifted;  ///< shifted, per language pair
    int64_t pairs = 0;
};

struct HealthScores {
    double collapse =
        0;  ///< sqrt(d) x mean per-dimension std of L2-normalised vectors (1 = spread)
    double alignment =
        0;  ///< mean squared distance of normalised translation pairs (lower = aligned)
    double uniformity = 0;  ///< log mean exp(-2 |x - y|^2) over probe pairs (lower = more uniform)
};

/// Puts `prompt` (promptIds(): a model's prompt as ids) after each row's <s>. Rows keep their
/// length limit: the prompt's ids are added, never the sentence's cut further.
void insertPrompt(SentenceSet& set, const std::vector<int32_t>& prompt);
void insertPrompt(std::vector<BitextPairs>& pairs, const std::vector<int32_t>& prompt);

/// Reads up to `maxPerPair` pairs of each language pair from a pair shard set, in set order.
std::vector<BitextPairs> loadBitextPairs(const data::shards::ShardSet& set, int64_t maxPerPair,
                                         uint32_t maxTokens);
/// Every k-th sentence of a document set so that about `count` sentences are taken.
SentenceSet sampleProbeSentences(const data::shards::ShardSet& set, int64_t count,
                                 uint32_t maxTokens);
/// Up to `perLanguage` sentences of every language of a document set, evenly spread over it
/// (language code -> sentences); the statistics set for mean shifts.
std::map<std::string, SentenceSet> sampleSentencesByLanguage(const data::shards::ShardSet& set,
                                                             int64_t perLanguage,
                                                             uint32_t maxTokens);
/// Mean pooled vector of each language's sentences (eval mode and no grad are the caller's).
LanguageMeans languageMeans(model::Encoder& encoder,
                            const std::map<std::string, SentenceSet>& sentences,
                            const model::Pooling& pooling, torch::Device device);

/// [n, hidden] pooled vectors of `rows` (eval mode and no grad are the caller's business),
/// batches sorted by length.
torch::Tensor encodeRows(model::Encoder& encoder, const std::vector<std::vector<int32_t>>& rows,
                         const model::Pooling& pooling, torch::Device device, int64_t batch = 64);

/// A [n, d] tensor as a float32 FloatMatrix on the host (for the torch-free align functions).
FloatMatrix toFloatMatrix(const torch::Tensor& t);

/// Top-1 accuracy of nearest neighbours by cosine, src->tgt and tgt->src averaged. a, b: [n, d].
double bitextTop1(const torch::Tensor& a, const torch::Tensor& b);

/// Raw and mean-shifted accuracy of every language pair. `means` gives each language's mean
/// (from training text); nullptr shifts each evaluated side by its own mean instead
/// (transductive: the evaluated set's statistics; eval.transductive_shift).
BitextScores evaluateBitext(model::Encoder& encoder, const std::vector<BitextPairs>& pairs,
                            const model::Pooling& pooling, torch::Device device,
                            const LanguageMeans* means);
HealthScores evaluateHealth(model::Encoder& encoder, const SentenceSet& probe,
                            const std::vector<BitextPairs>& pairs, const model::Pooling& pooling,
                            torch::Device device);

}  // namespace isomorph::eval

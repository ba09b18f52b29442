#pragma once

// Bi-encoder retrieval with semantic and language contrastive losses (Hu et al. 2023). One
// encoder (shared weights) embeds queries and passages, or (shared_encoders = false) DPR's two:
// the run's encoder embeds passages and a separate query encoder, a head of this objective
// initialised from the same checkpoint, embeds queries. The joint loss of eq. 4 is
//   L = L_IR + w_s L_semaCL + w_l L_langCL
// with L_IR DPR's in-batch negative log-likelihood over cosine / tau (eq. 1; negatives: the
// other passages of the batch on every rank), L_semaCL HICTL's symmetric InfoNCE over a batch of
// parallel pairs of mixed language pairs (eq. 2, the same formula: hictlSentenceLoss) and
// L_langCL eq. 3, which makes every other sentence of the batch (parallel sides and non-parallel
// text) equally similar to both sides of each parallel pair. As in the paper (section 4) the
// three losses and their gradients are computed one after the other: the contrastive losses are
// differentiated inside forward() (StepContext::backwardScale), L_IR is returned to the loop, so
// only one loss's graph is alive at a time.

#include <memory>
#include <string>
#include <vector>

#include "core/data/samplers/mlm_sampler.h"
#include "core/data/samplers/pair_sampler.h"
#include "core/train/objectives/ir_options.h"
#include "core/train/objectives/objective.h"

namespace isomorph::train {

struct IrLossStats {
    double accuracy = 0;   ///< share of queries whose positive scores highest
    double negatives = 0;  ///< mean negatives per query (after masking duplicates)
};

/// L_IR of eq. 1 over cosine / temperature. q: [n, d] queries; p: [n, d] passages, row i the
/// positive of query i and a negative of every other query. queryKeys, passageKeys: [n] int64
/// (or undefined): column j is left out of row i's softmax when j != i and passage j is the same
/// text as passage i or belongs to the same query (a duplicate positive is no negative); with
/// distinct keys this is eq. 1 exactly. Returns the mean over the n queries.
/// Hard negatives of a batch: z [n, d], row i mined for query i and a negative of every query;
/// keys [n] int64 passage keys (column i is left out of row r when it is the text of r's
/// positive); valid [n] bool (false: query i has none, the column is left out of every row).
struct IrHardNegatives {
    torch::Tensor z, keys, valid;
};

/// `hard` (optional) adds its rows as further columns of every query's softmax (DPR's BM25
/// negatives); without it this is eq. 1.
torch::Tensor irLoss(const torch::Tensor& q, const torch::Tensor& p, double temperature,
                     const torch::Tensor& queryKeys = {}, const torch::Tensor& passageKeys = {},
                     IrLossStats* stats = nullptr, const IrHardNegatives* hard = nullptr);

/// L_langCL of eq. 3, as written: zx, zy: [n, d] the two sides of n parallel pairs; zq: [m, d]
/// non-parallel sentences (m may be 0). B holds N = 2n + m sentences; for every pair (i, j) and
/// every k in B other than i and j,
///   log e^{s_ik} / (e^{s_ik} + e^{s_jk}) + log e^{s_jk} / (e^{s_ik} + e^{s_jk})
/// (s the cosine, no temperature) is summed and the total is multiplied by -1 / (N (N - 2)).
/// With n = 0 pairs or N < 3 the loss is 0 (without gradient through any row).
torch::Tensor languageContrastiveLoss(const torch::Tensor& zx, const torch::Tensor& zy,
                                      const torch::Tensor& zq);

/// One training example: a query and one of its positive passages, as token ids with <s>/</s>.
struct IrExample {
    std::vector<int32_t> query, passage;
    int64_t queryKey = 0, passageKey = 0;  ///< hashes of the query and passage texts
    std::vector<int32_t> negative;         ///< the query's hard negative; empty = none
    int64_t negativeKey = 0;               ///< hash of the hard negative's text
};

/// What loadIrExamples read.
struct IrTrainingSet {
    std::vector<IrExample> examples;
    int64_t queries = 0;            ///< queries read
    int64_t skippedQueries = 0;     ///< queries without a judged positive found in the corpus
    int64_t hardNegatives = 0;      ///< examples with a hard negative
    std::vector<std::string> sets;  ///< set folders read, in order
};

class IrObjective : public Objective {
  public:
    explicit IrObjective(const ObjectiveBuildContext& context);
    std::string name() const override { return "ir"; }
    ObjectiveOutput forward(StepContext& context) override;
    torch::nn::Module& heads() override { return *heads_; }
    nlohmann::json state() const override;
    void loadState(const nlohmann::json& state, const std::string& origin) override;
    std::string initNote() const override;

  private:
    /// [rows, d] pooled vectors of `rows` through `encoder` (the run's encoder by default).
    torch::Tensor embed(const data::samplers::TokenMatrix& rows, StepContext& context,
                        model::Encoder encoder = nullptr);
    /// Sampled pair batch -> [n, d] embeddings of both sides (this rank's rows).
    std::pair<torch::Tensor, torch::Tensor> embedPairs(StepContext& context, int64_t* tokens);
    void buildQueryEncoder(const ObjectiveBuildContext& context);
    /// Samples a batch, computes the loss, differentiates it x `scale` x its weight and returns
    /// its value.
    double semanticStep(StepContext& context, ObjectiveOutput& result, double scale);
    double languageStep(StepContext& context, ObjectiveOutput& result, double scale);

    IrOptions options_;
    model::Pooling pooling_;
    int rank_ = 0, worldSize_ = 1;
    uint64_t seed_ = 0;
    IrTrainingSet data_;
    int64_t consumed_ = 0;  ///< examples consumed by all ranks so far (the IR cursor)
    data::samplers::PairOptions pairOptions_;
    data::samplers::MlmOptions monoOptions_;
    const data::shards::ShardSet* pairs_ = nullptr;  ///< data.pairs with the contrastive losses
    const data::shards::ShardSet* docs_ = nullptr;   ///< data.docs with monolingual rows
    data::samplers::SpecialIds specials_;            ///< of the tokenizer that made data_'s ids
    std::unique_ptr<data::samplers::PairSampler> pairSampler_;
    std::unique_ptr<data::samplers::MlmSampler> monoSampler_;
    std::shared_ptr<torch::nn::Module> heads_;
    model::Encoder queryEncoder_ = nullptr;  ///< shared_encoders = false: embeds the queries
    std::string promptNote_;        ///< the model's query/passage prompts applied, for initNote()
    std::string queryEncoderFrom_;  ///< where queryEncoder_ started, for initNote()
};

}  // namespace isomorph::train

#pragma once

// Hierarchical contrastive learning (Wei et al. 2021, "On learning universal representations
// across languages"), sentence level: for a batch of n parallel pairs (x_i, y_i) each of the 2n
// sentences is a query whose positive is its translation and whose negatives are the other
// 2n - 2 sentences of the batch (both sides, all ranks):
//   L_S = 1/(2n) sum_i [l(x_i) + l(y_i)],  l(q) = -log exp(s(q, k+)/tau) / sum_k exp(s(q, k)/tau)
// (eq. 2-4), s the cosine. With hard negatives (eq. 5-6) a negative k- farther from the query
// than the positive (d- > d+, L2 distances of the representations) is replaced by
// q + lambda (k- - q) with lambda = (d+/d-)^(zeta p_avg), p_avg the mean of exp(-L_S) over the
// last batches; lambda is a constant of the step (no gradient), the gradient flows through q and
// k- in the interpolated point.

#include <memory>

#include "core/data/samplers/pair_sampler.h"
#include "core/train/objectives/hictl_options.h"
#include "core/train/objectives/objective.h"

namespace isomorph::train {

/// What hictlSentenceLoss measured besides the loss.
struct HictlLossStats {
    double accuracy = 0;     ///< share of valid queries whose positive scores highest
    double hardShare = 0;    ///< share of (query, negative) pairs with d- > d+ (interpolated)
    double meanLambda = 1;   ///< mean lambda over the interpolated negatives (1 when none)
    double negatives = 0;    ///< negatives per valid query
    int64_t validPairs = 0;  ///< pairs that took part
};

/// Sentence-level CTL of eq. 2-6 for given representations, exposed for tests.
/// zx, zy: [n, d] (row i of each is a pair); valid: [n] bool (false = the pair is skipped as
/// query and as negative) or undefined (all valid); hardExponent = zeta * p_avg (0 = plain
/// in-batch negatives, eq. 2-4). Returns the mean over the valid queries (0 with no gradient
/// when fewer than 2 pairs are valid: no negatives).
torch::Tensor hictlSentenceLoss(const torch::Tensor& zx, const torch::Tensor& zy,
                                double temperature, double hardExponent,
                                const torch::Tensor& valid = {}, HictlLossStats* stats = nullptr);

/// Word-level CTL of eq. 7-8 for given queries, exposed for tests. q: [n, H] ([CLS] states of
/// "<s> x </s> y </s>"); embeddings: [V, H] (the encoder's word embeddings); positives: [n, P]
/// int64 ids of each pair's bag of words, padded, with positiveMask [n, P] bool (true = a bag
/// entry); negatives: [n, m] int64 ids. Each bag entry is contrasted with the pair's m negatives:
///   L_wctl = -1/|B| sum_t log exp(s(q, e_t)/tau) / (exp(s(q, e_t)/tau) + sum_j exp(s(q, e_j)/tau))
/// with s the cosine; the result is the mean over pairs with a non-empty bag (0 without
/// gradient when none). *accuracy: share of bag entries scoring above every negative.
torch::Tensor hictlWordLoss(const torch::Tensor& q, const torch::Tensor& embeddings,
                            const torch::Tensor& positives, const torch::Tensor& positiveMask,
                            const torch::Tensor& negatives, double temperature,
                            double* accuracy = nullptr);

/// m ids per query drawn without replacement from the ids not `excluded` ([n, V] bool), with
/// probabilities softmax(cos(q, e(w)) / temperature) over them (no gradient; the normalised
/// similarity of eq. 7). Row i's draw is keyed by seeds[i] alone, so a pair draws the same
/// negatives whichever batch or process it is in (resume, data parallelism). Returns [n, m]
/// int64 on q's device. The caller guarantees at least m ids are not excluded per row.
torch::Tensor sampleWordNegatives(const torch::Tensor& q, const torch::Tensor& embeddings,
                                  const torch::Tensor& excluded, int64_t m, double temperature,
                                  const std::vector<uint64_t>& seeds);

/// The running mean p_avg of exp(-L_S) over the last `window` batches (eq. 6), as JSON for
/// exact resume.
class RunningMean {
  public:
    explicit RunningMean(int64_t window) : window_(window) {}
    void push(double value);
    double mean() const;  ///< 0 before the first value
    nlohmann::json toJson() const { return values_; }
    void fromJson(const nlohmann::json& j);

  private:
    int64_t window_;
    std::vector<double> values_;  ///< oldest first
};

class HictlObjective : public Objective {
  public:
    explicit HictlObjective(const ObjectiveBuildContext& context);
    std::string name() const override { return "hictl"; }
    ObjectiveOutput forward(StepContext& context) override;
    torch::nn::Module& heads() override { return *heads_; }
    nlohmann::json state() const override;
    void loadState(const nlohmann::json& state, const std::string& origin) override;

  private:
    /// L_W of this rank's batch (eq. 7-8) and its metrics.
    torch::Tensor wordLoss(const data::samplers::PairBatch& batch, StepContext& context,
                           ObjectiveOutput& result);

    HictlOptions options_;
    model::Pooling pooling_;
    data::samplers::PairOptions samplerOptions_;
    const data::shards::ShardSet& pairs_;
    std::unique_ptr<data::samplers::PairSampler> sampler_;
    std::shared_ptr<torch::nn::Module> heads_;
    torch::nn::Linear projection_ = nullptr;  ///< f (null for projection = "none")
    RunningMean pAvg_;
    int32_t vocabSize_ = 0;
};

}  // namespace isomorph::train

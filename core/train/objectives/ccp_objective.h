#pragma once

// Contrastive context prediction (Wu et al. 2022, Algorithm 1). For N windows, the center and
// one context sentence of each are encoded ([CLS] or the configured pooling) and projected; with
// asymmetric batch norm the center branch uses batch statistics and the context branch the
// running averages, swapped every CCP step. Each of the 2N projections is an anchor whose positive
// is the other sentence of its window; the other 2N - 2 sentences of the batch and the memory
// bank entries of the anchor's language (language-specific bank) are its negatives:
//   l(c, i) = -log exp(s(c, i) / tau) / sum_{k != c} exp(s(c, k) / tau),
// with s the cosine (or dot product without L2 normalisation). The loss is the mean over the 2N
// anchors (Algorithm 1 sums; the mean only rescales the learning rate).

#include <memory>

#include "core/data/samplers/ccp_sampler.h"
#include "core/model/heads.h"
#include "core/train/objectives/ccp_options.h"
#include "core/train/objectives/memory_bank.h"
#include "core/train/objectives/objective.h"

namespace isomorph::train {

/// The loss of Algorithm 1 for given projections, exposed for tests.
/// z: [2N, d] (rows i and N + i are a window's pair); bank: [K, d] negatives or undefined;
/// bankMask: [2N, K] bool (true = usable negative for that anchor) or undefined (all usable).
/// Returns the mean loss; writes the top-1 accuracy of the positive into *accuracy and the mean
/// number of negatives an anchor was contrasted with (in-batch and usable bank entries) into
/// *negatives.
torch::Tensor ccpLoss(const torch::Tensor& z, const torch::Tensor& bank,
                      const torch::Tensor& bankMask, double temperature, bool l2Normalize,
                      double* accuracy = nullptr, double* negatives = nullptr);

class CcpObjective : public Objective {
  public:
    explicit CcpObjective(const ObjectiveBuildContext& context);
    std::string name() const override { return "ccp"; }
    ObjectiveOutput forward(StepContext& context) override;
    torch::nn::Module& heads() override { return *projection_; }
    nlohmann::json state() const override;
    void loadState(const nlohmann::json& state, const std::string& origin) override;
    void saveTensors(model::TensorMap& out) const override;
    void loadTensors(const model::TensorMap& in, const std::string& origin) override;

  private:
    CcpOptions options_;
    model::Pooling pooling_;
    data::samplers::CcpOptions samplerOptions_;
    const data::shards::ShardSet& docs_;
    std::unique_ptr<data::samplers::CcpSampler> sampler_;
    model::ProjectionHead projection_ = nullptr;
    std::unique_ptr<MemoryBank> bank_;
    bool centerTrainMode_ = true;  ///< e of Algorithm 1: which branch uses batch statistics
};

}  // namespace isomorph::train

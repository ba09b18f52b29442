#pragma once

// Masked language modelling (XLM-R): 15% of tokens selected, 80% <mask> / 10% random / 10% kept,
// cross-entropy over the selected positions through the tied MLM head.

#include <memory>

#include "core/data/samplers/mlm_sampler.h"
#include "core/model/heads.h"
#include "core/train/objectives/objective.h"
#include "core/train/run_config.h"

namespace isomorph::train {

class MlmObjective : public Objective {
  public:
    MlmObjective(const RunConfig& config, const data::shards::ShardSet& docs,
                 model::Encoder encoder, int rank, int worldSize);
    std::string name() const override { return "mlm"; }
    ObjectiveOutput forward(StepContext& context) override;
    torch::nn::Module& heads() override { return *head_; }
    nlohmann::json state() const override;
    void loadState(const nlohmann::json& state, const std::string& origin) override;

  private:
    data::samplers::MlmOptions samplerOptions_;
    const data::shards::ShardSet& docs_;
    std::unique_ptr<data::samplers::MlmSampler> sampler_;
    model::MlmHead head_ = nullptr;
    double maskProb_;
    int32_t vocabSize_;
};

}  // namespace isomorph::train

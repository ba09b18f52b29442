#pragma once

// Translation language modelling: a parallel pair (data.pairs) is one input
// "<s> x </s> y </s>"; tokens of both sides are masked as in MLM (15%, 80/10/10), so a masked
// word can be predicted from its translation. HICTL combines it with its contrastive losses on
// parallel data (the paper's "MLM (monolingual) or TLM (parallel)"). The prediction head is the
// objective's own, tied to the word embeddings and continued from the initial checkpoint's MLM
// head (XLM-R lm_head, BERT cls.predictions, or Isomorph's mlm.*) like MLM's. Positions run on
// across the pair and there are no language embeddings (XLM-R has none).

#include <memory>

#include "core/data/samplers/pair_sampler.h"
#include "core/model/heads.h"
#include "core/train/objectives/objective.h"
#include "core/train/objectives/tlm_options.h"

namespace isomorph::train {

class TlmObjective : public Objective {
  public:
    explicit TlmObjective(const ObjectiveBuildContext& context);
    std::string name() const override { return "tlm"; }
    ObjectiveOutput forward(StepContext& context) override;
    torch::nn::Module& heads() override { return *head_; }
    nlohmann::json state() const override;
    void loadState(const nlohmann::json& state, const std::string& origin) override;
    std::string initNote() const override { return initNote_; }

  private:
    TlmOptions options_;
    data::samplers::PairOptions samplerOptions_;
    const data::shards::ShardSet& pairs_;
    std::unique_ptr<data::samplers::PairSampler> sampler_;
    model::MlmHead head_ = nullptr;
    int32_t vocabSize_;
    std::string initNote_;
};

}  // namespace isomorph::train

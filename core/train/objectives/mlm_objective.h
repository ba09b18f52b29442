#pragma once

// Masked language modelling (XLM-R): 15% of tokens selected, 80% <mask> / 10% random / 10% kept,
// cross-entropy over the selected positions through the tied MLM head. The head continues the
// initial checkpoint's (XLM-R lm_head.*, BERT cls.predictions.*) when it has one.

#include <memory>

#include "core/data/samplers/masking.h"
#include "core/data/samplers/mlm_sampler.h"
#include "core/model/heads.h"
#include "core/train/objectives/mlm_options.h"
#include "core/train/objectives/objective.h"

namespace isomorph::train {

class MlmObjective : public Objective {
  public:
    explicit MlmObjective(const ObjectiveBuildContext& context);
    std::string name() const override { return "mlm"; }
    ObjectiveOutput forward(StepContext& context) override;
    torch::nn::Module& heads() override { return *head_; }
    nlohmann::json state() const override;
    void loadState(const nlohmann::json& state, const std::string& origin) override;
    std::string initNote() const override { return initNote_; }

  private:
    data::samplers::MlmOptions samplerOptions_;
    const data::shards::ShardSet& docs_;
    std::unique_ptr<data::samplers::MlmSampler> sampler_;
    model::MlmHead head_ = nullptr;
    double maskProb_;
    int32_t vocabSize_;
    std::string initNote_;
};

/// Copies a pretrained MLM head into `head` from `tensors` (Hugging Face names: XLM-R's
/// lm_head.{dense,layer_norm,bias}, BERT's cls.predictions.{transform.dense,transform.LayerNorm,
/// bias}; or Isomorph's "mlm.*"). Returns where it came from ("" when `tensors` has no head);
/// throws CheckpointError naming the tensor when a head is there but incomplete or misshaped.
std::string loadPretrainedMlmHead(model::MlmHeadImpl& head, const model::TensorMap& tensors);
/// Whether `name` is a tensor of such a head (mlm.*, lm_head.*, cls.predictions.*).
bool isPretrainedMlmHeadTensor(const std::string& name);

/// Masks `rows` in place (maskTokens with `rowKeys`) and returns the masked-LM loss through
/// `head`: cross-entropy over the selected positions, averaged over the selected tokens of all
/// ranks, with the metrics "acc" and "masked" and the rows' tokens and samples. Shared by MLM
/// (sentences of a document) and TLM (a parallel pair concatenated).
ObjectiveOutput maskedLmLoss(model::MlmHeadImpl& head, StepContext& context,
                             data::samplers::TokenMatrix& rows,
                             const data::samplers::MaskOptions& mask,
                             const std::vector<uint64_t>* rowKeys);

/// The masked-LM loss of rows already masked: `labels` [rows, cols] int32 holds the original id
/// at selected positions and kIgnoreLabel elsewhere. tokenTypes [rows, cols] int64 and global
/// [rows, cols] bool (global attention) are passed to the encoder when defined (XLP's QLM).
/// What maskedLmLoss returns, for rows masked by another rule (QLM: query tokens only).
ObjectiveOutput maskedLmLossForLabels(model::MlmHeadImpl& head, StepContext& context,
                                      const data::samplers::TokenMatrix& rows,
                                      std::vector<int32_t>& labels,
                                      const torch::Tensor& tokenTypes = {},
                                      const torch::Tensor& global = {});

}  // namespace isomorph::train

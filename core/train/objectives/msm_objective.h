#pragma once

// Masked sentence model (Zhang et al. 2023, "Modeling sequential sentence relation to improve
// cross-lingual dense retrieval"). Documents are cut into blocks of up to 32 sentences. The shared
// encoder gives each sentence a vector h_t ([CLS], or the configured pooling); a shallow document
// encoder (transformer layers over the sentence vectors, learned sentence positions, no token
// types, one for all languages) sees the block with sentence t replaced by a learned [mask] vector
// and outputs p_t. Every sentence of a block is masked in turn. p_t is contrasted with h_t against
// the other sentences of its block (intra-document negatives, their logits lowered by mu * alpha,
// alpha detached: eq. 1-2) and the sentences of the other blocks of the global batch
// (cross-document negatives). The document encoder and projections are saved with the heads and
// dropped on export; only the sentence encoder remains.

#include <memory>

#include "core/data/samplers/msm_sampler.h"
#include "core/model/heads.h"
#include "core/model/pooling.h"
#include "core/train/objectives/msm_options.h"
#include "core/train/objectives/objective.h"

namespace isomorph::train {

struct MsmLossOptions {
    double temperature = 0.1;
    double mu = 0.5;
    bool bias = true;            ///< subtract mu * alpha from intra-document logits
    bool intraNegatives = true;  ///< false: cross-document negatives only
};

struct MsmLossStats {
    double accuracy = 0;   ///< share of masked sentences whose own h_t scores highest
    double alpha = 0;      ///< mean dynamic bias alpha (in logit units, i.e. cos / tau)
    double negatives = 0;  ///< mean negatives per masked sentence
};

/// The hierarchical contrastive loss (eq. 1-2), mean over anchors, exposed for tests.
/// p: [A, d] predictions; h: [M, d] sentence vectors; target: [A] int64, the row of h that is
/// anchor a's positive; anchorBlock: [A] and rowBlock: [M] int64 block ids (same block = intra-
/// document); crossKeep: [A, M] bool restricting the cross-document negatives (sampled), or
/// undefined for all of them. sim = cos / temperature; alpha_a = mean intra sim - mean cross sim,
/// without gradient (0 when either set is empty).
torch::Tensor msmLoss(const torch::Tensor& p, const torch::Tensor& h, const torch::Tensor& target,
                      const torch::Tensor& anchorBlock, const torch::Tensor& rowBlock,
                      const torch::Tensor& crossKeep, const MsmLossOptions& options,
                      MsmLossStats* stats = nullptr);

/// The document encoder: learned sentence-position embeddings, LayerNorm and dropout, then
/// transformer layers over the sentence vectors; a learned [mask] vector stands for the masked
/// sentence.
class DocumentEncoderImpl : public torch::nn::Module {
  public:
    /// `sentence` is the sentence encoder's config (width, heads, dropout are shared).
    DocumentEncoderImpl(const model::EncoderConfig& sentence, int64_t layers, int64_t maxSentences);
    /// h: [B, S, H] sentence vectors, keep: [B, S] bool (false = padding sentence). Returns
    /// p: [B, S, H], p[b, t] = output at t of block b with sentence t masked (every t in turn).
    torch::Tensor forward(const torch::Tensor& h, const torch::Tensor& keep);

    model::EncoderConfig config;
    torch::Tensor mask_vector;  ///< [H]
    torch::nn::Embedding position_embeddings = nullptr;
    torch::nn::LayerNorm LayerNorm = nullptr;
    torch::nn::Dropout dropout = nullptr;
    model::LayerStack encoder = nullptr;
};
TORCH_MODULE(DocumentEncoder);

class MsmObjective : public Objective {
  public:
    explicit MsmObjective(const ObjectiveBuildContext& context);
    ~MsmObjective() override;
    std::string name() const override { return "msm"; }
    ObjectiveOutput forward(StepContext& context) override;
    torch::nn::Module& heads() override;
    nlohmann::json state() const override;
    void loadState(const nlohmann::json& state, const std::string& origin) override;
    std::string initNote() const override { return note_; }

  private:
    struct Heads;
    MsmOptions options_;
    model::Pooling pooling_;
    data::samplers::MsmOptions samplerOptions_;
    const data::shards::ShardSet& docs_;
    std::unique_ptr<data::samplers::MsmSampler> sampler_;
    std::shared_ptr<Heads> heads_;
    int64_t english_ = -1;  ///< language index of English in data.docs, -1 if none
    std::string note_;
};

}  // namespace isomorph::train

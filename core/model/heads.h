#pragma once

// Heads on top of the encoder. Include only from LibTorch-using sources.

#include <torch/torch.h>

#include "core/model/transformer.h"

namespace isomorph::model {

/// Masked-LM head (XLM-R's lm_head): dense, GELU, LayerNorm, then a decoder whose weight IS the
/// encoder's word-embedding matrix (tied: one tensor, updated once) plus its own bias.
class MlmHeadImpl : public torch::nn::Module {
  public:
    explicit MlmHeadImpl(Encoder encoder);
    void reset();
    /// hidden [batch, seq, hidden] (or [n, hidden]) -> logits [..., vocab].
    torch::Tensor forward(const torch::Tensor& hidden);

    Encoder encoder;
    torch::nn::Linear dense = nullptr;
    torch::nn::LayerNorm layer_norm = nullptr;
    torch::Tensor bias;
};
TORCH_MODULE(MlmHead);

/// Projection heads for contrastive objectives. Linear-BatchNorm-ReLU-Linear (SimCLR/CCP) or a
/// plain MLP (Linear-ReLU-Linear). The batch norm's mode is a forward() argument rather than the
/// module's train()/eval() state, because CCP's asymmetric batch norm runs one branch in train and
/// the other in eval mode within the same step (Algorithm 1).
struct ProjectionOptions {
    enum class Norm { None, BatchNorm };
    int64_t inputSize = 768;   ///< encoder hidden size
    int64_t hiddenSize = 768;  ///< inner width
    int64_t outputSize = 128;  ///< projected dimension
    Norm norm = Norm::BatchNorm;
    double bnMomentum = 0.1;  ///< running statistics update rate
    double bnEps = 1e-5;
};

class ProjectionHeadImpl : public torch::nn::Module {
  public:
    explicit ProjectionHeadImpl(const ProjectionOptions& options);
    void reset();
    /// x [n, inputSize] -> [n, outputSize]. With batch norm, `batchStatistics` chooses batch
    /// statistics (and running-average updates) or the running averages.
    torch::Tensor forward(const torch::Tensor& x, bool batchStatistics);

    ProjectionOptions options;
    torch::nn::Linear fc1 = nullptr, fc2 = nullptr;
    torch::nn::BatchNorm1d bn = nullptr;
};
TORCH_MODULE(ProjectionHead);

/// Cross-encoder relevance score from the [CLS] state: dense, tanh, dropout, linear -> one value
/// (as transformers' RobertaClassificationHead with one label).
class ScoringHeadImpl : public torch::nn::Module {
  public:
    ScoringHeadImpl(int64_t hiddenSize, double dropout);
    /// hidden [batch, seq, hidden] -> scores [batch].
    torch::Tensor forward(const torch::Tensor& hidden);
    torch::nn::Linear dense = nullptr, out_proj = nullptr;
    torch::nn::Dropout dropout = nullptr;
};
TORCH_MODULE(ScoringHead);

}  // namespace isomorph::model

#pragma once

// LibTorch modules of the BERT/XLM-R encoder. Include only from sources that need LibTorch
// (core/model, engine code, tests); public headers elsewhere stay torch-free.
//
// Parameter names follow Hugging Face's BertModel/XLMRobertaModel exactly
// ("embeddings.word_embeddings.weight", "encoder.layer.0.attention.self.query.weight", ...), so
// checkpoints map by name without a translation table.

#include <array>

#include <torch/torch.h>

#include "core/model/encoder_config.h"

namespace isomorph::model {

/// Masks every layer needs: the additive mask for full attention, and the keep/global masks for
/// global + sliding-window attention.
struct AttentionMasks {
    /// [batch, 1, 1, seq] float, 0 keep / lowest drop; or [batch, 1, seq, seq] per query (tests
    /// compare windowed attention with full attention under globalSlidingWindowMask)
    torch::Tensor additive;
    torch::Tensor keep;    ///< [batch, seq] bool, false = padding
    torch::Tensor global;  ///< [batch, seq] bool, tokens with global attention (windowed only)
};

/// Token + position (+ token-type) embeddings, LayerNorm, dropout.
class EmbeddingsImpl : public torch::nn::Module {
  public:
    explicit EmbeddingsImpl(const EncoderConfig& config);
    void reset();
    /// ids: [batch, seq] int64; tokenTypes: [batch, seq] int64 or undefined (all 0).
    /// Returns [batch, seq, hidden] float.
    torch::Tensor forward(const torch::Tensor& ids, const torch::Tensor& tokenTypes = {});
    /// Position ids [batch, seq]: XLM-R counts non-padding tokens from padId + 1 and gives padding
    /// padId; BERT counts 0, 1, 2, ...
    torch::Tensor positionIds(const torch::Tensor& ids) const;

    EncoderConfig config;
    torch::nn::Embedding word_embeddings = nullptr;
    torch::nn::Embedding position_embeddings = nullptr;
    torch::nn::Embedding token_type_embeddings = nullptr;  // null when typeVocabSize == 0
    torch::nn::LayerNorm LayerNorm = nullptr;
    torch::nn::Dropout dropout = nullptr;
};
TORCH_MODULE(Embeddings);

/// Multi-head self-attention (query/key/value projections); the output projection belongs to
/// AttentionOutput, as in Hugging Face's layout.
class SelfAttentionImpl : public torch::nn::Module {
  public:
    explicit SelfAttentionImpl(const EncoderConfig& config);
    void reset();
    /// x: [batch, seq, hidden] -> [batch, seq, hidden]. Full attention uses masks.additive;
    /// with config.attentionRadius > 0, global + sliding-window attention uses keep and global.
    torch::Tensor forward(const torch::Tensor& x, const AttentionMasks& masks);

    /// Sets the separate global projections (config.globalProjections) to copies of the local
    /// ones, as Longformer initialises them from a pretrained model.
    void copyLocalToGlobalProjections();

    EncoderConfig config;
    torch::nn::Linear query = nullptr, key = nullptr, value = nullptr;
    /// Longformer's Qg/Kg/Vg (config.globalProjections only; null otherwise).
    torch::nn::Linear query_global = nullptr, key_global = nullptr, value_global = nullptr;
    torch::nn::Dropout dropout = nullptr;

  private:
    torch::Tensor fusedWeight_, fusedBias_;  ///< inference cache of the fused QKV projection
    std::array<int64_t, 6> fusedVersions_{};
};
TORCH_MODULE(SelfAttention);

/// Dense + dropout + residual + LayerNorm (post-LN), used after attention and after the FFN.
class ResidualOutputImpl : public torch::nn::Module {
  public:
    ResidualOutputImpl(const EncoderConfig& config, int64_t inputSize);
    void reset();
    /// x: [batch, seq, inputSize], residual: [batch, seq, hidden] -> [batch, seq, hidden].
    torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& residual);

    EncoderConfig config;
    int64_t inputSize;
    torch::nn::Linear dense = nullptr;
    torch::nn::LayerNorm LayerNorm = nullptr;
    torch::nn::Dropout dropout = nullptr;
};
TORCH_MODULE(ResidualOutput);

class AttentionImpl : public torch::nn::Module {
  public:
    explicit AttentionImpl(const EncoderConfig& config);
    torch::Tensor forward(const torch::Tensor& x, const AttentionMasks& masks);
    SelfAttention self = nullptr;
    ResidualOutput output = nullptr;
};
TORCH_MODULE(Attention);

class IntermediateImpl : public torch::nn::Module {
  public:
    explicit IntermediateImpl(const EncoderConfig& config);
    /// [batch, seq, hidden] -> [batch, seq, intermediate], exact (erf) GELU as in BERT.
    torch::Tensor forward(const torch::Tensor& x);
    torch::nn::Linear dense = nullptr;
};
TORCH_MODULE(Intermediate);

class LayerImpl : public torch::nn::Module {
  public:
    explicit LayerImpl(const EncoderConfig& config);
    torch::Tensor forward(const torch::Tensor& x, const AttentionMasks& masks);
    Attention attention = nullptr;
    Intermediate intermediate = nullptr;
    ResidualOutput output = nullptr;
};
TORCH_MODULE(Layer);

/// The stack of transformer layers ("encoder.layer.N" in Hugging Face's names).
class LayerStackImpl : public torch::nn::Module {
  public:
    explicit LayerStackImpl(const EncoderConfig& config);
    /// Runs every layer; appends each layer's output to `hidden` when it is not null.
    torch::Tensor forward(torch::Tensor x, const AttentionMasks& masks,
                          std::vector<torch::Tensor>* hidden = nullptr);
    torch::nn::ModuleList layer = nullptr;
};
TORCH_MODULE(LayerStack);

/// What a forward pass returns.
struct EncoderOutput {
    torch::Tensor lastHidden;                 ///< [batch, seq, hidden]
    std::vector<torch::Tensor> hiddenStates;  ///< embeddings + every layer, when requested
};

/// The encoder: embeddings and the stack of post-LN transformer layers.
class EncoderImpl : public torch::nn::Module {
  public:
    explicit EncoderImpl(const EncoderConfig& config);
    void reset();
    /// ids: [batch, seq] int64; attentionMask: [batch, seq] (1 = token, 0 = padding) or undefined
    /// (computed from padId); tokenTypes optional. keepHidden stores every layer's output.
    /// globalMask [batch, seq] bool marks tokens with global attention when the config uses
    /// global + sliding-window attention (undefined: only the first token, [CLS]/<s>).
    EncoderOutput forward(const torch::Tensor& ids, const torch::Tensor& attentionMask = {},
                          const torch::Tensor& tokenTypes = {}, bool keepHidden = false,
                          const torch::Tensor& globalMask = {});

    EncoderConfig config;
    Embeddings embeddings = nullptr;
    LayerStack encoder = nullptr;
};
TORCH_MODULE(Encoder);

/// Longer inputs for a trained checkpoint (XLP, Longformer): grows the position table to
/// `newMaxTokens` positions by copying the learned positions over again (512 -> 1024 repeats them
/// twice). Updates config.maxPositions. Throws ConfigError if newMaxTokens is not larger.
void extendPositions(Encoder& encoder, int64_t newMaxTokens);

/// Switches every layer to global + sliding-window attention of `radius` (0 = full attention).
/// Only attention changes: no parameter is added. Separate global projections need
/// addGlobalProjections.
void setAttentionRadius(Encoder& encoder, int64_t radius);
/// Full attention through scaled_dot_product_attention (true) or the explicit path (false), in
/// every layer. LibTorch 1.13 has only its composite _scaled_dot_product_attention (the same
/// operations, not fused); 2.x dispatches to fused kernels.
void setFusedAttention(Encoder& encoder, bool fused);

/// Adds Longformer's separate global projections to every layer of a windowed encoder,
/// initialised as copies of the local ones (so the output is unchanged until they are trained).
/// Throws ConfigError when the encoder uses full attention or already has them.
void addGlobalProjections(Encoder& encoder);

/// [batch, seq] keep-mask (1/0) -> additive mask [batch, 1, 1, seq] in `dtype` (0 or lowest).
torch::Tensor additiveAttentionMask(const torch::Tensor& keepMask, torch::ScalarType dtype);

}  // namespace isomorph::model

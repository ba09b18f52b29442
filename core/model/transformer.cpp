#include "core/model/transformer.h"

#include <cmath>
#include <limits>

#include "core/common/errors.h"
#include "core/model/windowed_attention.h"
#include "core/runtime/torch_version.h"

namespace isomorph::model {

torch::Tensor additiveAttentionMask(const torch::Tensor& keepMask, torch::ScalarType dtype) {
    // Hugging Face adds the lowest finite value rather than -inf, so fully padded rows stay finite.
    auto m = keepMask.to(dtype).unsqueeze(1).unsqueeze(2);
    return (1.0 - m) * std::numeric_limits<float>::lowest();
}

// --- Embeddings ---------------------------------------------------------------------------

EmbeddingsImpl::EmbeddingsImpl(const EncoderConfig& c) : config(c) {
    reset();
}

void EmbeddingsImpl::reset() {
    const auto& c = config;
    word_embeddings = register_module(
        "word_embeddings",
        torch::nn::Embedding(
            torch::nn::EmbeddingOptions(c.vocabSize, c.hiddenSize).padding_idx(c.padId)));
    position_embeddings = register_module(
        "position_embeddings",
        torch::nn::Embedding(torch::nn::EmbeddingOptions(c.maxPositions, c.hiddenSize)));
    if (c.typeVocabSize > 0) {
        token_type_embeddings = register_module(
            "token_type_embeddings", torch::nn::Embedding(c.typeVocabSize, c.hiddenSize));
    }
    LayerNorm = register_module(
        "LayerNorm",
        torch::nn::LayerNorm(torch::nn::LayerNormOptions({c.hiddenSize}).eps(c.layerNormEps)));
    dropout = register_module("dropout", torch::nn::Dropout(c.hiddenDropout));
}

torch::Tensor EmbeddingsImpl::positionIds(const torch::Tensor& ids) const {
    if (config.paddingOffsetPositions()) {
        auto mask = ids.ne(config.padId).to(torch::kLong);
        return torch::cumsum(mask, 1) * mask + config.padId;
    }
    return torch::arange(ids.size(1), ids.options().dtype(torch::kLong))
        .unsqueeze(0)
        .expand_as(ids);
}

torch::Tensor EmbeddingsImpl::forward(const torch::Tensor& ids, const torch::Tensor& tokenTypes) {
    auto x = word_embeddings(ids) + position_embeddings(positionIds(ids));
    if (token_type_embeddings) {
        x = x + token_type_embeddings(tokenTypes.defined() ? tokenTypes : torch::zeros_like(ids));
    }
    return dropout(LayerNorm(x));
}

// --- Attention ------------------------------------------------------------------------------

SelfAttentionImpl::SelfAttentionImpl(const EncoderConfig& c) : config(c) {
    reset();
}

void SelfAttentionImpl::reset() {
    const int64_t h = config.hiddenSize;
    query = register_module("query", torch::nn::Linear(h, h));
    key = register_module("key", torch::nn::Linear(h, h));
    value = register_module("value", torch::nn::Linear(h, h));
    if (config.globalProjections) {
        query_global = register_module("query_global", torch::nn::Linear(h, h));
        key_global = register_module("key_global", torch::nn::Linear(h, h));
        value_global = register_module("value_global", torch::nn::Linear(h, h));
        copyLocalToGlobalProjections();
    }
    dropout = register_module("dropout", torch::nn::Dropout(config.attentionDropout));
}

void SelfAttentionImpl::copyLocalToGlobalProjections() {
    torch::NoGradGuard noGrad;
    for (auto [from, to] : {std::pair{query, query_global}, std::pair{key, key_global},
                            std::pair{value, value_global}}) {
        to->weight.copy_(from->weight);
        to->bias.copy_(from->bias);
    }
}

torch::Tensor SelfAttentionImpl::forward(const torch::Tensor& x, const AttentionMasks& masks) {
    const int64_t b = x.size(0), t = x.size(1), heads = config.numHeads, d = config.headSize();
    // One GEMM for the three projections (the parameters stay separate, under Hugging Face's
    // names): [batch, seq, hidden] -> [3, batch, heads, seq, head].
    torch::Tensor weight, bias;
    if (torch::GradMode::is_enabled()) {
        weight = torch::cat({query->weight, key->weight, value->weight}, 0);
        bias = torch::cat({query->bias, key->bias, value->bias}, 0);
    } else {
        // Inference: concatenate once and reuse while the parameters are unchanged.
        const std::array<int64_t, 6> versions = {query->weight._version(), key->weight._version(),
                                                 value->weight._version(), query->bias._version(),
                                                 key->bias._version(),     value->bias._version()};
        if (!fusedWeight_.defined() || versions != fusedVersions_ ||
            fusedWeight_.device() != x.device()) {
            torch::NoGradGuard noGrad;
            fusedWeight_ = torch::cat({query->weight, key->weight, value->weight}, 0);
            fusedBias_ = torch::cat({query->bias, key->bias, value->bias}, 0);
            fusedVersions_ = versions;
        }
        weight = fusedWeight_;
        bias = fusedBias_;
    }
    auto qkv = torch::linear(x, weight, bias).view({b, t, 3, heads, d}).permute({2, 0, 3, 1, 4});
    auto q = qkv[0], k = qkv[1], v = qkv[2];
    torch::Tensor context;
    if (config.attentionRadius > 0) {
        // No attention dropout on this path (the blocked kernel never forms the full probability
        // matrix); full attention keeps it, as in BERT.
        if (config.globalProjections) {
            auto w =
                torch::cat({query_global->weight, key_global->weight, value_global->weight}, 0);
            auto bg = torch::cat({query_global->bias, key_global->bias, value_global->bias}, 0);
            auto g = torch::linear(x, w, bg).view({b, t, 3, heads, d}).permute({2, 0, 3, 1, 4});
            const GlobalProjected projected{g[0], g[1], g[2]};
            context = globalSlidingWindowAttention(q, k, v, masks.keep, masks.global,
                                                   config.attentionRadius, 64, &projected);
        } else {
            context = globalSlidingWindowAttention(q, k, v, masks.keep, masks.global,
                                                   config.attentionRadius);
        }
    } else if (config.fusedAttention) {
        // One call: softmax(q k^T / sqrt(d) + mask) v, dropout on the probabilities as below.
        const double p = is_training() ? dropout->options.p() : 0.0;
        c10::optional<torch::Tensor> mask;
        if (masks.additive.defined()) mask = masks.additive.to(q.scalar_type());
#if ISOMORPH_TORCH_AT_LEAST(2, 0)
        context = at::scaled_dot_product_attention(q, k, v, mask, p);
#else
        context = std::get<0>(at::_scaled_dot_product_attention(q, k, v, mask, p));
#endif
    } else {
        // scores = mask + q k^T / sqrt(d) in one batched GEMM call.
        auto q3 = q.reshape({b * heads, t, d}), k3 = k.reshape({b * heads, t, d});
        const double scale = 1.0 / std::sqrt(static_cast<double>(d));
        auto scores =
            masks.additive.defined()
                ? torch::baddbmm(masks.additive.expand({b, heads, masks.additive.size(2), t})
                                     .reshape({b * heads, masks.additive.size(2), t}),
                                 q3, k3.transpose(1, 2), 1.0, scale)
                : torch::bmm(q3, k3.transpose(1, 2)).mul_(scale);  // no padding in the batch
        auto probs = dropout(torch::softmax(scores, -1));
        context = torch::bmm(probs, v.reshape({b * heads, t, d})).view({b, heads, t, d});
    }
    return context.transpose(1, 2).contiguous().view({b, t, heads * d});
}

ResidualOutputImpl::ResidualOutputImpl(const EncoderConfig& c, int64_t in)
    : config(c), inputSize(in) {
    reset();
}

void ResidualOutputImpl::reset() {
    dense = register_module("dense", torch::nn::Linear(inputSize, config.hiddenSize));
    LayerNorm = register_module(
        "LayerNorm",
        torch::nn::LayerNorm(
            torch::nn::LayerNormOptions({config.hiddenSize}).eps(config.layerNormEps)));
    dropout = register_module("dropout", torch::nn::Dropout(config.hiddenDropout));
}

torch::Tensor ResidualOutputImpl::forward(const torch::Tensor& x, const torch::Tensor& residual) {
    return LayerNorm(dropout(dense(x)) + residual);
}

AttentionImpl::AttentionImpl(const EncoderConfig& c) {
    self = register_module("self", SelfAttention(c));
    output = register_module("output", ResidualOutput(c, c.hiddenSize));
}

torch::Tensor AttentionImpl::forward(const torch::Tensor& x, const AttentionMasks& masks) {
    return output(self(x, masks), x);
}

IntermediateImpl::IntermediateImpl(const EncoderConfig& c) {
    dense = register_module("dense", torch::nn::Linear(c.hiddenSize, c.intermediateSize));
}

torch::Tensor IntermediateImpl::forward(const torch::Tensor& x) {
    return torch::gelu(dense(x));
}

LayerImpl::LayerImpl(const EncoderConfig& c) {
    attention = register_module("attention", Attention(c));
    intermediate = register_module("intermediate", Intermediate(c));
    output = register_module("output", ResidualOutput(c, c.intermediateSize));
}

torch::Tensor LayerImpl::forward(const torch::Tensor& x, const AttentionMasks& masks) {
    auto a = attention(x, masks);
    return output(intermediate(a), a);
}

LayerStackImpl::LayerStackImpl(const EncoderConfig& c) {
    layer = register_module("layer", torch::nn::ModuleList());
    for (int64_t i = 0; i < c.numLayers; ++i)
        layer->push_back(Layer(c));
}

torch::Tensor LayerStackImpl::forward(torch::Tensor x, const AttentionMasks& masks,
                                      std::vector<torch::Tensor>* hidden) {
    for (const auto& module : *layer) {
        x = module->as<LayerImpl>()->forward(x, masks);
        if (hidden != nullptr) hidden->push_back(x);
    }
    return x;
}

// --- Encoder --------------------------------------------------------------------------------

EncoderImpl::EncoderImpl(const EncoderConfig& c) : config(c) {
    config.validate("encoder");
    reset();
}

void EncoderImpl::reset() {
    embeddings = register_module("embeddings", Embeddings(config));
    encoder = register_module("encoder", LayerStack(config));
}

EncoderOutput EncoderImpl::forward(const torch::Tensor& ids, const torch::Tensor& attentionMask,
                                   const torch::Tensor& tokenTypes, bool keepHidden,
                                   const torch::Tensor& globalMask) {
    TORCH_CHECK(ids.dim() == 2, "encoder input ids must be [batch, seq], got ", ids.sizes());
    TORCH_CHECK(ids.size(1) <= config.maxTokens(), "input of ", ids.size(1),
                " tokens exceeds the model's ", config.maxTokens(), " positions");
    const auto keep = attentionMask.defined() ? attentionMask : ids.ne(config.padId);
    EncoderOutput out;
    auto x = embeddings(ids, tokenTypes);
    if (keepHidden) out.hiddenStates.push_back(x);
    AttentionMasks masks;
    masks.keep = keep.to(torch::kBool);
    if (config.attentionRadius > 0) {
        if (globalMask.defined()) {
            masks.global = globalMask.to(torch::kBool);
        } else {
            masks.global = torch::zeros_like(masks.keep);
            masks.global.select(1, 0).fill_(true);
        }
    } else if (!masks.keep.all().item<bool>()) {
        // Length-sorted batches often have no padding at all; then no mask is needed.
        masks.additive = additiveAttentionMask(keep, x.scalar_type());
    }
    out.lastHidden = encoder(x, masks, keepHidden ? &out.hiddenStates : nullptr);
    return out;
}

void extendPositions(Encoder& encoder, int64_t newMaxTokens) {
    EncoderConfig& c = encoder->config;
    const int64_t offset = c.paddingOffsetPositions() ? c.padId + 1 : 0;
    const int64_t oldTokens = c.maxPositions - offset;
    if (newMaxTokens <= oldTokens) {
        throw ConfigError("extendPositions: the model already has " + std::to_string(oldTokens) +
                          " positions; ask for more than that");
    }
    torch::NoGradGuard noGrad;
    auto& table = encoder->embeddings->position_embeddings->weight;
    auto grown = torch::empty({offset + newMaxTokens, c.hiddenSize}, table.options());
    if (offset > 0) grown.narrow(0, 0, offset).copy_(table.narrow(0, 0, offset));
    for (int64_t done = 0; done < newMaxTokens; done += oldTokens) {
        const int64_t n = std::min(oldTokens, newMaxTokens - done);
        grown.narrow(0, offset + done, n).copy_(table.narrow(0, offset, n));
    }
    c.maxPositions = offset + newMaxTokens;
    encoder->embeddings->config = c;
    encoder->embeddings->position_embeddings->weight.set_data(grown);
    encoder->embeddings->position_embeddings->options.num_embeddings(c.maxPositions);
}

void setAttentionRadius(Encoder& encoder, int64_t radius) {
    if (radius < 0) throw ConfigError("attention radius must be >= 0 (0 = full attention)");
    if (radius == 0 && encoder->config.globalProjections)
        throw ConfigError(
            "the encoder has separate global projections; it cannot go back to "
            "full attention");
    encoder->config.attentionRadius = radius;
    for (const auto& module : *encoder->encoder->layer)
        module->as<LayerImpl>()->attention->self->config.attentionRadius = radius;
}

void setFusedAttention(Encoder& encoder, bool fused) {
    encoder->config.fusedAttention = fused;
    for (const auto& module : *encoder->encoder->layer)
        module->as<LayerImpl>()->attention->self->config.fusedAttention = fused;
}

void addGlobalProjections(Encoder& encoder) {
    EncoderConfig& c = encoder->config;
    if (c.attentionRadius <= 0)
        throw ConfigError(
            "global projections need global + sliding-window attention: set an "
            "attention radius first");
    if (c.globalProjections) throw ConfigError("the encoder already has global projections");
    c.globalProjections = true;
    const int64_t h = c.hiddenSize;
    for (const auto& module : *encoder->encoder->layer) {
        auto& self = *module->as<LayerImpl>()->attention->self;
        self.config.globalProjections = true;
        const auto options = self.query->weight.options();
        self.query_global = self.register_module("query_global", torch::nn::Linear(h, h));
        self.key_global = self.register_module("key_global", torch::nn::Linear(h, h));
        self.value_global = self.register_module("value_global", torch::nn::Linear(h, h));
        for (auto* l : {&self.query_global, &self.key_global, &self.value_global})
            (*l)->to(options.device(), options.dtype().toScalarType());
        self.copyLocalToGlobalProjections();
    }
}

}  // namespace isomorph::model

#include "core/model/heads.h"

namespace isomorph::model {

MlmHeadImpl::MlmHeadImpl(Encoder e) : encoder(std::move(e)) {
    reset();
}

void MlmHeadImpl::reset() {
    const auto& c = encoder->config;
    dense = register_module("dense", torch::nn::Linear(c.hiddenSize, c.hiddenSize));
    layer_norm = register_module(
        "layer_norm",
        torch::nn::LayerNorm(torch::nn::LayerNormOptions({c.hiddenSize}).eps(c.layerNormEps)));
    // host: a parameter, moved with its module
    bias = register_parameter("bias", torch::zeros({c.vocabSize}));
}

torch::Tensor MlmHeadImpl::forward(const torch::Tensor& hidden) {
    auto x = layer_norm(torch::gelu(dense(hidden)));
    return torch::nn::functional::linear(x, encoder->embeddings->word_embeddings->weight, bias);
}

ProjectionHeadImpl::ProjectionHeadImpl(const ProjectionOptions& o) : options(o) {
    reset();
}

void ProjectionHeadImpl::reset() {
    const bool useBn = options.norm == ProjectionOptions::Norm::BatchNorm;
    // The first linear layer's bias is redundant before batch norm.
    fc1 = register_module(
        "fc1", torch::nn::Linear(
                   torch::nn::LinearOptions(options.inputSize, options.hiddenSize).bias(!useBn)));
    if (useBn) {
        bn = register_module("bn",
                             torch::nn::BatchNorm1d(torch::nn::BatchNormOptions(options.hiddenSize)
                                                        .momentum(options.bnMomentum)
                                                        .eps(options.bnEps)));
    }
    fc2 = register_module("fc2", torch::nn::Linear(options.hiddenSize, options.outputSize));
}

torch::Tensor ProjectionHeadImpl::forward(const torch::Tensor& x, bool batchStatistics) {
    auto h = fc1(x);
    if (bn) {
        // In eval mode the branch reads the running statistics, and its backward pass reads them
        // again later. CCP's other branch (train mode, same step) updates them in place before
        // that backward runs, so this branch gets its own copies: its gradient then uses the
        // statistics its forward pass used.
        auto mean = batchStatistics ? bn->running_mean : bn->running_mean.clone();
        auto var = batchStatistics ? bn->running_var : bn->running_var.clone();
        h = torch::nn::functional::batch_norm(h, mean, var,
                                              torch::nn::functional::BatchNormFuncOptions()
                                                  .weight(bn->weight)
                                                  .bias(bn->bias)
                                                  .training(batchStatistics)
                                                  .momentum(options.bnMomentum)
                                                  .eps(options.bnEps));
    }
    return fc2(torch::relu(h));
}

ScoringHeadImpl::ScoringHeadImpl(int64_t hiddenSize, double p) {
    dense = register_module("dense", torch::nn::Linear(hiddenSize, hiddenSize));
    dropout = register_module("dropout", torch::nn::Dropout(p));
    out_proj = register_module("out_proj", torch::nn::Linear(hiddenSize, 1));
}

torch::Tensor ScoringHeadImpl::forward(const torch::Tensor& hidden) {
    auto cls = hidden.select(1, 0);
    return out_proj(dropout(torch::tanh(dense(dropout(cls))))).squeeze(-1);
}

}  // namespace isomorph::model

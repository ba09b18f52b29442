#pragma once

// BERT's parameter initialisation, for fresh checkpoints (model_init) and for layers that are
// re-initialised before fine-tuning (rerank_finetune). Include only from LibTorch-using sources.

#include <cstdint>

#include <torch/torch.h>

namespace isomorph::model {

/// Initialises every parameter of `module` as BERT does, deterministically for a seed:
/// normal(0, 0.02) for weights and embeddings, zero for biases (names ending in ".bias"), 1 for
/// LayerNorm weights.
void initializeLikeBert(torch::nn::Module& module, uint64_t seed);

}  // namespace isomorph::model

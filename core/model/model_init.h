#pragma once

#include <cstdint>
#include <filesystem>

#include "core/model/encoder_config.h"

namespace isomorph::model {

/// Writes a freshly initialised encoder checkpoint (Hugging Face layout: config.json,
/// model.safetensors, and the tokenizer as sentencepiece.bpe.model) into `dir`. Weights follow
/// BERT's initialisation: normal(0, 0.02) for embeddings and linear weights, zero biases, LayerNorm
/// 1 and 0, a zero padding row. `config.vocabSize` is taken from the tokenizer. Deterministic for
/// a seed. Throws ConfigError for an invalid config, DataError/CheckpointError naming the path.
void createInitialCheckpoint(EncoderConfig config, const std::filesystem::path& tokenizerModel,
                             const std::filesystem::path& dir, uint64_t seed);

}  // namespace isomorph::model

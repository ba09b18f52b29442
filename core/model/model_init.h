#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/model/encoder_config.h"

namespace isomorph::model {

/// Writes a freshly initialised encoder checkpoint (Hugging Face layout: config.json,
/// model.safetensors, and the tokenizer as sentencepiece.bpe.model) into `dir`. Weights follow
/// BERT's initialisation: normal(0, 0.02) for embeddings and linear weights, zero biases, LayerNorm
/// 1 and 0, a zero padding row. `config.vocabSize` is taken from the tokenizer. Deterministic for
/// a seed. Throws ConfigError for an invalid config, DataError/CheckpointError naming the path.
void createInitialCheckpoint(EncoderConfig config, const std::filesystem::path& tokenizerModel,
                             const std::filesystem::path& dir, uint64_t seed);

/// What extendCheckpoint changes; 0 / false leave that part as it is.
struct ExtendOptions {
    int64_t maxTokens = 0;        ///< grow the position table to this many tokens by copying (XLP/
                                  ///< Longformer: 512 -> 1024 repeats the learned positions twice)
    int64_t attentionRadius = 0;  ///< switch to global + sliding-window attention of radius r
    bool globalProjections = false;  ///< add Qg/Kg/Vg as copies of Q/K/V (needs a radius)
    int64_t typeVocabSize = 0;       ///< grow segment embeddings to this many, new rows = segment 0
};

/// Turns a checkpoint into a long-input cross-encoder starting point (the paper's mBERT-GSW):
/// reads `from` (Hugging Face or Isomorph folder), applies `options` and writes `to` with the
/// tokenizer and the head tensors (MLM head, heads.safetensors) carried over. Returns one line
/// per change for the user. Throws ConfigError for a change that shrinks something or a
/// projection without a radius, CheckpointError/DataError naming the folder.
std::vector<std::string> extendCheckpoint(const std::filesystem::path& from,
                                          const std::filesystem::path& to,
                                          const ExtendOptions& options);

}  // namespace isomorph::model

#pragma once

// A tiny random encoder checkpoint (2 layers, 32 wide, the ~80-piece tokenizer of
// tiny_corpus.h) written through the engine's own API, for unit tests of the services that
// encode text (EncodingService, SearchService) without the CLI. Needs isomorph_core.

#include <filesystem>
#include <string>

#include "core/model/encoder_config.h"
#include "core/model/model_init.h"
#include "tests/support/tiny_corpus.h"

namespace isomorph::testing {

/// The config of an in-memory encoder for unit tests of objectives and the trainer: 2 layers,
/// 16 wide, 2 heads, over a vocabulary of `vocab` ids.
inline model::EncoderConfig tinyEncoderConfig(int64_t vocab) {
    model::EncoderConfig c;
    c.vocabSize = vocab;
    c.hiddenSize = 16;
    c.numLayers = 2;
    c.numHeads = 2;
    c.intermediateSize = 32;
    c.maxPositions = 40;
    return c;
}

/// Writes ROOT/tok.model and the checkpoint ROOT/model-SEED; returns the checkpoint folder.
inline std::filesystem::path tinyModel(const std::filesystem::path& root, uint64_t seed = 1) {
    const std::filesystem::path prefix = root / "tok";
    if (!std::filesystem::exists(prefix.string() + ".model")) tinyTokenizer(prefix.string());
    model::EncoderConfig config;
    config.hiddenSize = 32;
    config.numLayers = 2;
    config.numHeads = 4;
    config.intermediateSize = 64;
    config.maxPositions = 34;
    const std::filesystem::path dir = root / ("model-" + std::to_string(seed));
    model::createInitialCheckpoint(config, prefix.string() + ".model", dir, seed);
    return dir;
}

}  // namespace isomorph::testing

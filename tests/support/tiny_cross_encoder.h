#pragma once

// A tiny random cross-encoder checkpoint (XLP layout: two token types and the xlp.rr.* relevance
// head in heads.safetensors) written through the engine's own API. LibTorch tests only.

#include <filesystem>
#include <string>

#include <torch/torch.h>

#include "core/model/cross_encoder_model.h"
#include "core/model/model_init.h"
#include "core/model/tensor_file.h"
#include "tests/support/tiny_corpus.h"

namespace isomorph::testing {

struct TinyCrossEncoderSpec {
    uint64_t seed = 1;
    int64_t layers = 4;
    int64_t typeVocabSize = 2;
    int64_t attentionRadius = 0;  ///< > 0: global + sliding-window attention
    bool withHead = true;
    std::string name = "cross";
};

/// Writes ROOT/tok.model (once) and the checkpoint ROOT/NAME-SEED; returns the folder.
inline std::filesystem::path tinyCrossEncoder(const std::filesystem::path& root,
                                              const TinyCrossEncoderSpec& spec = {}) {
    const std::filesystem::path prefix = root / "tok";
    if (!std::filesystem::exists(prefix.string() + ".model")) tinyTokenizer(prefix.string());
    model::EncoderConfig config;
    config.hiddenSize = 32;
    config.numLayers = spec.layers;
    config.numHeads = 4;
    config.intermediateSize = 64;
    config.maxPositions = 66;  // 64 tokens after XLM-R's padding offset
    config.typeVocabSize = spec.typeVocabSize;
    config.attentionRadius = spec.attentionRadius;
    const std::filesystem::path dir = root / (spec.name + "-" + std::to_string(spec.seed));
    model::createInitialCheckpoint(config, prefix.string() + ".model", dir, spec.seed);
    if (spec.withHead) {
        // Wider than BERT's 0.02 so that scores differ visibly between documents.
        auto gen = torch::make_generator<at::CPUGeneratorImpl>(spec.seed + 1000);
        const std::string p = model::kRelevanceHeadPrefix;
        model::saveTensorFile({{p + "dense.weight", torch::normal(0.0, 0.3, {32, 32}, gen)},
                               {p + "dense.bias", torch::normal(0.0, 0.3, {32}, gen)},
                               {p + "out_proj.weight", torch::normal(0.0, 0.5, {1, 32}, gen)},
                               {p + "out_proj.bias", torch::normal(0.0, 0.5, {1}, gen)}},
                              dir / "heads.safetensors");
    }
    return dir;
}

}  // namespace isomorph::testing

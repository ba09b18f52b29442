#pragma once

// Hugging Face checkpoint folders <-> Encoder. Include only from LibTorch-using sources.

#include <filesystem>
#include <string>
#include <vector>

#include "core/model/transformer.h"

namespace isomorph::model {

struct ImportReport {
    std::string prefix;                ///< stripped name prefix ("roberta.", "bert." or "")
    std::vector<std::string> skipped;  ///< tensors of heads (lm_head, cls, pooler) not loaded
    size_t loaded = 0;                 ///< encoder tensors loaded
};

/// Loads an `xlm-roberta` or `bert` encoder from a Hugging Face folder (config.json,
/// model.safetensors; F32, F16 or BF16 weights become float32). Checks every tensor name, shape and
/// dtype against the architecture and throws CheckpointError listing every problem at once
/// (missing, unexpected, wrong shape), naming the file.
Encoder loadHuggingFaceEncoder(const std::filesystem::path& dir, ImportReport* report = nullptr);

/// Writes config.json and model.safetensors in the Hugging Face layout and names (with the
/// "roberta."/"bert." prefix that *ForMaskedLM checkpoints use), each file atomically.
void saveHuggingFaceEncoder(Encoder& encoder, const std::filesystem::path& dir);

}  // namespace isomorph::model

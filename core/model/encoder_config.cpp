#include "core/model/encoder_config.h"

#include <nlohmann/json.hpp>

#include "core/common/errors.h"

namespace isomorph::model {

std::vector<std::string> EncoderConfig::problems() const {
    std::vector<std::string> out;
    auto positive = [&](const char* field, int64_t v) {
        if (v <= 0)
            out.push_back(std::string(field) + " must be positive, got " + std::to_string(v));
    };
    positive("vocab_size", vocabSize);
    positive("hidden_size", hiddenSize);
    positive("num_hidden_layers", numLayers);
    positive("num_attention_heads", numHeads);
    positive("intermediate_size", intermediateSize);
    positive("max_position_embeddings", maxPositions);
    if (numHeads > 0 && hiddenSize % numHeads != 0) {
        out.push_back("hidden_size " + std::to_string(hiddenSize) +
                      " is not divisible by num_attention_heads " + std::to_string(numHeads));
    }
    if (typeVocabSize < 0) out.push_back("type_vocab_size must be >= 0");
    if (padId < 0 || padId >= vocabSize)
        out.push_back("pad_token_id " + std::to_string(padId) + " is outside the vocabulary");
    if (paddingOffsetPositions() && maxPositions <= padId + 1) {
        out.push_back("max_position_embeddings must exceed pad_token_id + 1 for XLM-R positions");
    }
    for (auto [field, p] : {std::pair{"hidden_dropout_prob", hiddenDropout},
                            std::pair{"attention_probs_dropout_prob", attentionDropout}}) {
        if (p < 0.0 || p >= 1.0) out.push_back(std::string(field) + " must be in [0, 1)");
    }
    if (layerNormEps <= 0.0) out.push_back("layer_norm_eps must be positive");
    if (attentionRadius < 0) out.push_back("attention radius must be >= 0 (0 = full attention)");
    if (trainedInputTokens < 0)
        out.push_back("field 'isomorph_max_input_tokens' must be >= 0 (0 = the position table)");
    if (globalProjections && attentionRadius <= 0)
        out.push_back(
            "isomorph_global_projections needs global + sliding-window attention "
            "(attention_window > 0)");
    return out;
}

void EncoderConfig::validate(const std::string& where) const {
    const auto list = problems();
    if (list.empty()) return;
    std::string msg = where + ": invalid encoder configuration:";
    for (const auto& p : list)
        msg += "\n  - " + p;
    throw ConfigError(msg);
}

EncoderConfig encoderConfigFromHuggingFace(const nlohmann::json& j, const std::string& origin) {
    auto need = [&](const char* field) -> const nlohmann::json& {
        if (!j.contains(field)) throw ConfigError(origin + ": field '" + field + "' is missing");
        return j.at(field);
    };
    EncoderConfig c;
    try {
        const std::string type = need("model_type").get<std::string>();
        if (type == "xlm-roberta" || type == "roberta") {
            c.family = EncoderConfig::Family::XlmRoberta;
        } else if (type == "bert") {
            c.family = EncoderConfig::Family::Bert;
        } else {
            throw ConfigError(origin + ": model_type '" + type +
                              "' is not supported (xlm-roberta, roberta or bert)");
        }
        const std::string act = j.value("hidden_act", std::string("gelu"));
        if (act != "gelu")
            throw ConfigError(origin + ": hidden_act '" + act + "' is not supported (gelu)");
        const std::string pos = j.value("position_embedding_type", std::string("absolute"));
        if (pos != "absolute")
            throw ConfigError(origin + ": position_embedding_type '" + pos +
                              "' is not supported (absolute)");
        c.vocabSize = need("vocab_size").get<int64_t>();
        c.hiddenSize = need("hidden_size").get<int64_t>();
        c.numLayers = need("num_hidden_layers").get<int64_t>();
        c.numHeads = need("num_attention_heads").get<int64_t>();
        c.intermediateSize = need("intermediate_size").get<int64_t>();
        c.maxPositions = need("max_position_embeddings").get<int64_t>();
        c.typeVocabSize = j.value("type_vocab_size", int64_t{0});
        c.layerNormEps =
            j.value("layer_norm_eps", c.family == EncoderConfig::Family::Bert ? 1e-12 : 1e-5);
        c.hiddenDropout = j.value("hidden_dropout_prob", 0.1);
        c.attentionDropout = j.value("attention_probs_dropout_prob", 0.1);
        c.padId = j.value("pad_token_id", int64_t{c.family == EncoderConfig::Family::Bert ? 0 : 1});
        // Longformer-style configs give the whole window; ours store the radius.
        if (j.contains("attention_window"))
            c.attentionRadius = j.at("attention_window").get<int64_t>() / 2;
        c.globalProjections = j.value("isomorph_global_projections", false);
        c.trainedInputTokens = j.value("isomorph_max_input_tokens", int64_t{0});
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(origin + ": " + e.what());
    }
    c.validate(origin);
    return c;
}

nlohmann::json encoderConfigToHuggingFace(const EncoderConfig& c) {
    const bool xlmr = c.family == EncoderConfig::Family::XlmRoberta;
    nlohmann::json j = {{"architectures", {xlmr ? "XLMRobertaForMaskedLM" : "BertForMaskedLM"}},
                        {"model_type", xlmr ? "xlm-roberta" : "bert"},
                        {"vocab_size", c.vocabSize},
                        {"hidden_size", c.hiddenSize},
                        {"num_hidden_layers", c.numLayers},
                        {"num_attention_heads", c.numHeads},
                        {"intermediate_size", c.intermediateSize},
                        {"max_position_embeddings", c.maxPositions},
                        {"type_vocab_size", c.typeVocabSize},
                        {"layer_norm_eps", c.layerNormEps},
                        {"hidden_dropout_prob", c.hiddenDropout},
                        {"attention_probs_dropout_prob", c.attentionDropout},
                        {"hidden_act", "gelu"},
                        {"position_embedding_type", "absolute"},
                        {"pad_token_id", c.padId},
                        {"bos_token_id", xlmr ? nlohmann::json(0) : nlohmann::json(nullptr)},
                        {"eos_token_id", xlmr ? nlohmann::json(2) : nlohmann::json(nullptr)}};
    if (c.attentionRadius > 0) j["attention_window"] = 2 * c.attentionRadius;
    if (c.globalProjections) j["isomorph_global_projections"] = true;
    if (c.trainedInputTokens > 0) j["isomorph_max_input_tokens"] = c.trainedInputTokens;
    return j;
}

}  // namespace isomorph::model

#include "core/model/model_init.h"

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/model/bert_init.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/tensor_file.h"
#include "core/model/transformer.h"
#include "core/text/tokenizer.h"
#include "core/workspace/run_layout.h"

namespace isomorph::model {
namespace fs = std::filesystem;
using workspace::CheckpointLayout;

void initializeLikeBert(torch::nn::Module& module, uint64_t seed) {
    torch::NoGradGuard noGrad;
    auto gen = torch::make_generator<at::CPUGeneratorImpl>(seed);
    for (auto& item : module.named_parameters(true)) {
        torch::Tensor& p = item.value();
        const std::string& name = item.key();
        if (name.find("LayerNorm.weight") != std::string::npos) {
            p.fill_(1.0);
        } else if (name.size() >= 5 && name.compare(name.size() - 5, 5, ".bias") == 0) {
            p.zero_();
        } else {
            p.copy_(torch::normal(0.0, 0.02, p.sizes(), gen));
        }
    }
}

namespace {

void initialize(Encoder& encoder, uint64_t seed) {
    initializeLikeBert(*encoder, seed);
    torch::NoGradGuard noGrad;
    encoder->embeddings->word_embeddings->weight[encoder->config.padId].zero_();
    // Longformer's global projections start as copies of the local ones.
    if (encoder->config.globalProjections)
        for (const auto& layer : *encoder->encoder->layer)
            layer->as<LayerImpl>()->attention->self->copyLocalToGlobalProjections();
}

}  // namespace

void createInitialCheckpoint(EncoderConfig config, const fs::path& tokenizerModel,
                             const fs::path& dir, uint64_t seed) {
    const text::Tokenizer tokenizer = text::Tokenizer::load(tokenizerModel);
    config.vocabSize = tokenizer.vocabSize();
    config.padId = text::Tokenizer::kPad;
    config.validate("model init");
    Encoder encoder(config);
    initialize(encoder, seed);
    saveHuggingFaceEncoder(encoder, dir,
                           {{CheckpointLayout::kSentencePieceFile, readWholeFile(tokenizerModel)}});
}

std::vector<std::string> extendCheckpoint(const fs::path& from, const fs::path& to,
                                          const ExtendOptions& o) {
    Encoder encoder = loadHuggingFaceEncoder(from);
    const TensorMap heads = loadHeadTensors(from);
    EncoderConfig& c = encoder->config;
    std::vector<std::string> changes;
    if (o.maxTokens > 0) {
        const int64_t before = c.maxTokens();
        extendPositions(encoder, o.maxTokens);
        changes.push_back("positions " + std::to_string(before) + " -> " +
                          std::to_string(o.maxTokens) + " tokens (copied)");
    }
    if (o.typeVocabSize > 0) {
        if (o.typeVocabSize <= c.typeVocabSize)
            throw ConfigError("--type-vocab-size " + std::to_string(o.typeVocabSize) +
                              ": the model already has " + std::to_string(c.typeVocabSize) +
                              " segment embeddings");
        torch::NoGradGuard noGrad;
        auto& emb = encoder->embeddings;
        auto grown =
            torch::zeros({o.typeVocabSize, c.hiddenSize}, emb->word_embeddings->weight.options());
        if (emb->token_type_embeddings) {
            const auto& old = emb->token_type_embeddings->weight;
            grown.narrow(0, 0, old.size(0)).copy_(old);
            grown.narrow(0, old.size(0), o.typeVocabSize - old.size(0)).copy_(old[0]);
            emb->token_type_embeddings->weight.set_data(grown);
            emb->token_type_embeddings->options.num_embeddings(o.typeVocabSize);
        } else {  // none before: zero rows leave the output as it was
            emb->token_type_embeddings = emb->register_module(
                "token_type_embeddings", torch::nn::Embedding(o.typeVocabSize, c.hiddenSize));
            emb->token_type_embeddings->weight.set_data(grown);
        }
        changes.push_back("segment embeddings " + std::to_string(c.typeVocabSize) + " -> " +
                          std::to_string(o.typeVocabSize) + " (new ones copy segment 0)");
        c.typeVocabSize = o.typeVocabSize;
        emb->config.typeVocabSize = o.typeVocabSize;
    }
    if (o.attentionRadius > 0) {
        setAttentionRadius(encoder, o.attentionRadius);
        changes.push_back("global + sliding-window attention, radius " +
                          std::to_string(o.attentionRadius));
    }
    if (o.globalProjections) {
        addGlobalProjections(encoder);
        changes.push_back("global projections Qg/Kg/Vg (copies of Q/K/V)");
    }
    if (changes.empty())
        throw ConfigError(
            "model extend: nothing to change; give --max-tokens, --type-vocab-size, "
            "--attention-radius or --global-projections");
    std::vector<ExtraFile> extra;
    for (const char* name : CheckpointLayout::kTokenizerFiles)
        if (fs::exists(from / name)) extra.push_back({name, readWholeFile(from / name)});
    saveHuggingFaceEncoder(encoder, to, extra, [&heads](const fs::path& tmp) {
        if (!heads.empty()) saveTensorFile(heads, tmp / CheckpointLayout::kHeadsFile);
    });
    return changes;
}

}  // namespace isomorph::model

#include "core/model/model_init.h"

#include <fstream>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/model/hf_checkpoint.h"
#include "core/text/tokenizer.h"

namespace isomorph::model {
namespace fs = std::filesystem;

namespace {

void initialize(Encoder& encoder, uint64_t seed) {
    torch::NoGradGuard noGrad;
    auto gen = torch::make_generator<at::CPUGeneratorImpl>(seed);
    for (auto& item : encoder->named_parameters(true)) {
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
    encoder->embeddings->word_embeddings->weight[encoder->config.padId].zero_();
    // Longformer's global projections start as copies of the local ones.
    if (encoder->config.globalProjections)
        for (const auto& layer : *encoder->encoder->layer)
            layer->as<LayerImpl>()->attention->self->copyLocalToGlobalProjections();
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DataError("cannot read " + path.string());
    return std::string(std::istreambuf_iterator<char>(in), {});
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
    saveHuggingFaceEncoder(encoder, dir, {{"sentencepiece.bpe.model", readFile(tokenizerModel)}});
}

}  // namespace isomorph::model

#include "core/train/objectives/mlm_objective.h"

#include "core/data/samplers/masking.h"
#include "core/train/collective.h"
#include "core/train/objectives/batch_tensors.h"

namespace isomorph::train {

namespace ds = data::samplers;

namespace {
constexpr uint64_t kMlmSeedTag = 0x313;
}

MlmObjective::MlmObjective(const RunConfig& config, const data::shards::ShardSet& docs,
                           model::Encoder encoder, int rank, int worldSize)
    : docs_(docs),
      maskProb_(config.mlm.maskProb),
      vocabSize_(static_cast<int32_t>(encoder->config.vocabSize)) {
    samplerOptions_.sampling =
        samplingOptions(config, config.mlm.batchSize, kMlmSeedTag, rank, worldSize);
    samplerOptions_.maxTokens = static_cast<uint32_t>(config.data.maxTokens);
    sampler_ = std::make_unique<ds::MlmSampler>(docs_, samplerOptions_);
    head_ = model::MlmHead(std::move(encoder));
}

ObjectiveOutput MlmObjective::forward(StepContext& context) {
    ds::MlmBatch batch = sampler_->next();
    ds::MaskOptions mask;
    mask.probability = maskProb_;
    mask.vocabSize = vocabSize_;
    std::vector<int32_t> labels = ds::maskTokens(batch.rows, mask, context.seed, &batch.starts);
    const BatchTensors t = toTensors(batch.rows, context.device);
    auto labelTensor = torch::from_blob(labels.data(), {batch.rows.rows, batch.rows.cols},
                                        torch::TensorOptions().dtype(torch::kInt32))
                           .to(context.device, torch::kInt64);

    model::EncoderOutput out = context.encoder->forward(t.ids, t.mask);
    // Only selected positions go through the vocabulary projection (the costly part).
    auto selected = labelTensor.ne(ds::kIgnoreLabel);
    auto hidden = out.lastHidden.index({selected});
    auto target = labelTensor.index({selected});
    ObjectiveOutput result;
    const int64_t count = target.size(0);
    if (count == 0) {
        result.loss = out.lastHidden.sum() * 0.0;
    } else {
        auto logits = head_->forward(hidden);
        auto sum = torch::nn::functional::cross_entropy(
            logits, target,
            torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum));
        // Mean over the masked tokens of all ranks, so N processes match one with N x the batch.
        double total = static_cast<double>(count);
        if (context.collective) {
            std::vector<torch::Tensor> n{torch::tensor({total}, torch::kFloat64)};
            context.collective->allReduceSum(n);
            total = n[0].item<double>() / context.collective->worldSize();
        }
        result.loss = sum / total;
        torch::NoGradGuard noGrad;
        double correct = logits.argmax(1).eq(target).sum().item<double>();
        result.metrics.emplace_back("acc", correct / static_cast<double>(count));
    }
    result.metrics.emplace_back("masked", static_cast<double>(count));
    result.tokens = batch.rows.tokens();
    result.samples = batch.rows.rows;
    return result;
}

nlohmann::json MlmObjective::state() const {
    return {{"cursor", sampler_->cursor().toJson()}};
}

void MlmObjective::loadState(const nlohmann::json& state, const std::string& origin) {
    (void)origin;
    sampler_ = std::make_unique<ds::MlmSampler>(docs_, samplerOptions_,
                                                ds::Cursor::fromJson(state.at("cursor")));
}

}  // namespace isomorph::train

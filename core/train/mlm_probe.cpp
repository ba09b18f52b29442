#include "core/train/mlm_probe.h"

#include <fmt/format.h>
#include <torch/torch.h>

#include "core/common/errors.h"
#include "core/data/samplers/masking.h"
#include "core/data/samplers/mlm_sampler.h"
#include "core/data/shards/shard_set.h"
#include "core/model/batch_tensors.h"
#include "core/model/heads.h"
#include "core/model/hf_checkpoint.h"
#include "core/runtime/scoped_thread_counts.h"
#include "core/train/objectives/mlm_objective.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train {

namespace ds = data::samplers;

MlmProbeResult probeMlmLoss(const std::filesystem::path& checkpointPath,
                            const std::filesystem::path& docs, const MlmProbeOptions& o,
                            Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    if (o.rows < 1 || o.batchSize < 1 || o.maxTokens < 3)
        throw ConfigError(fmt::format(
            "MLM probe: rows ({}) and batch size ({}) must be positive, max tokens ({}) at least 3",
            o.rows, o.batchSize, o.maxTokens));
    const auto checkpoint = workspace::resolveCheckpoint(checkpointPath);
    runtime::ScopedThreadCounts threads({runtime::resolveThreadCount(o.threads), 0});
    model::Encoder encoder = model::loadHuggingFaceEncoder(checkpoint);
    if (encoder->config.maxPositions < static_cast<int64_t>(o.maxTokens) + 2)
        throw CheckpointError(fmt::format(
            "{}: {} position embeddings, too few for rows of {} tokens (XLM-R's offset of 2 "
            "included); extend it first (isomorph-cli model extend --max-tokens)",
            checkpoint.string(), encoder->config.maxPositions, o.maxTokens));
    model::MlmHead head(encoder);
    if (loadPretrainedMlmHead(*head, model::loadHeadTensors(checkpoint)).empty())
        throw CheckpointError(checkpoint.string() +
                              ": no MLM head (mlm.* or lm_head.*) to measure the MLM loss with");
    encoder->eval();
    head->eval();
    const auto set = data::shards::ShardSet::open(docs);
    ds::MlmOptions sampling;
    sampling.sampling.seed = o.seed;
    sampling.sampling.batchSize = static_cast<uint32_t>(o.batchSize);
    sampling.maxTokens = o.maxTokens;
    ds::MlmSampler sampler(set, sampling);
    ds::MaskOptions mask;
    mask.vocabSize = set.vocabSize();  // the tokenizer's ids, not the embedding's rows
    torch::InferenceMode inference;
    MlmProbeResult r;
    double lossSum = 0.0, correct = 0.0, tokens = 0.0;
    const std::string stage = fmt::format("MLM loss at {} tokens", o.maxTokens);
    for (int64_t batch = 0; r.rows < o.rows; ++batch) {
        ds::MlmBatch b = sampler.next();
        const auto labels = ds::maskTokens(b.rows, mask, o.seed + static_cast<uint64_t>(batch));
        const model::BatchTensors t = model::toTensors(b.rows, torch::kCPU);
        auto target =
            torch::tensor(labels, torch::kInt64).view({b.rows.rows, b.rows.cols});  // host
        auto hidden = encoder->forward(t.ids, t.mask).lastHidden;
        auto selected = target.ne(ds::kIgnoreLabel);
        auto logits = head->forward(hidden.index({selected}));
        auto y = target.index({selected});
        lossSum +=
            torch::nn::functional::cross_entropy(
                logits, y, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum))
                .item<double>();
        correct += logits.argmax(1).eq(y).sum().item<double>();
        r.masked += y.size(0);
        r.rows += b.rows.rows;
        tokens += static_cast<double>(b.rows.tokens());
        if (progress && !progress(Progress{stage, std::min<int64_t>(r.rows, o.rows), o.rows}))
            throw Cancelled("MLM probe cancelled");
    }
    if (r.masked == 0) throw DataError(docs.string() + ": no token to mask in the rows sampled");
    r.loss = lossSum / static_cast<double>(r.masked);
    r.accuracy = correct / static_cast<double>(r.masked);
    r.meanRowTokens = tokens / static_cast<double>(r.rows);
    return r;
}

}  // namespace isomorph::train

#pragma once

// The interface every pretraining objective implements, so the training loop never changes when
// a method is added (MLM and CCP now; MSM, HICTL, the IR losses and QLM/RR later). An objective
// owns its sampler and heads; the loop owns the encoder, the optimizer and the schedule. Each
// objective registers an ObjectiveSpec (core/train/objective_registry.h) whose factory builds it
// from an ObjectiveBuildContext and declares the data it reads (ObjectiveSpec::needs). Include
// only from LibTorch-using sources.

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "core/data/samplers/item_planner.h"
#include "core/data/shards/shard_set.h"
#include "core/model/tensor_file.h"
#include "core/model/transformer.h"
#include "core/train/objective_registry.h"
#include "core/train/objectives/data_provider.h"
#include "core/train/run_config.h"

namespace isomorph::train {

class Collective;

/// What a factory gets to build an objective for a run. Data (shard sets, the tokenizer, the
/// initial checkpoint's heads) comes through `data`, for what the spec's `needs` declared.
struct ObjectiveBuildContext {
    const RunConfig& config;
    const ObjectiveConfig& settings;  ///< objectives.NAME (weight, loss_weight, options)
    model::Encoder encoder;
    DataProvider& data;
    int rank = 0;
    int worldSize = 1;
    torch::Device device = torch::kCPU;
};

/// What one micro-batch needs besides the objective's own state.
struct StepContext {
    model::Encoder encoder;
    torch::Device device = torch::kCPU;
    int64_t step = 0;                  ///< optimizer step (0-based)
    int64_t micro = 0;                 ///< micro-batch within the step (gradient accumulation)
    uint64_t seed = 0;                 ///< key of this micro-batch's random decisions (masking)
    Collective* collective = nullptr;  ///< data-parallel group; null in a single process
    /// What the loop multiplies the returned loss by before backward() (loss weight, loss scale,
    /// 1 / accumulation), for objectives that differentiate part of their loss themselves to
    /// free its graph before the next forward pass (objectives.ir's contrastive losses).
    double backwardScale = 1.0;
};

struct ObjectiveOutput {
    torch::Tensor loss;  ///< scalar, before the objective's loss weight
    std::vector<std::pair<std::string, double>> metrics;  ///< e.g. {"acc", 0.41}
    int64_t tokens = 0;   ///< non-padding tokens processed (this process)
    int64_t samples = 0;  ///< sequences processed (this process)
    /// Factor for backward() only: a loss computed over all ranks' rows but with gradient only
    /// through this rank's rows needs x worldSize so that averaging gradients gives the sum.
    double gradientScale = 1.0;
};

/// Sampling options every objective derives the same way from the run config: its own seed
/// stream (`seedTag`), its batch size, this rank's slice, the language batching of [data].
inline data::samplers::SamplingOptions samplingOptions(const RunConfig& config, int64_t batchSize,
                                                       uint64_t seedTag, int rank, int worldSize) {
    data::samplers::SamplingOptions s;
    s.seed = config.runtime.seed ^ seedTag;
    s.batchSize = static_cast<uint32_t>(batchSize);
    s.rank = static_cast<uint32_t>(rank);
    s.worldSize = static_cast<uint32_t>(worldSize);
    s.alpha = config.data.alpha;
    s.mode = config.data.batchMode;
    return s;
}

class Objective {
  public:
    virtual ~Objective() = default;
    /// Short lower-case name used in metrics ("mlm", "ccp") and checkpoint tensor prefixes.
    virtual std::string name() const = 0;
    /// Samples the next batch and computes the loss (autograd graph attached).
    virtual ObjectiveOutput forward(StepContext& context) = 0;
    /// The objective's own modules (heads); their parameters are trained with the encoder's.
    virtual torch::nn::Module& heads() = 0;
    /// Sampler cursor and small counters, as JSON (identical on every rank).
    virtual nlohmann::json state() const = 0;
    virtual void loadState(const nlohmann::json& state, const std::string& origin) = 0;
    /// One line for the log about where the heads started (e.g. "MLM head from lm_head.* of the
    /// initial checkpoint"); "" when there is nothing to say.
    virtual std::string initNote() const { return ""; }
    /// Large state (memory banks) as tensors, saved with the optimizer state.
    virtual void saveTensors(model::TensorMap&) const {}
    virtual void loadTensors(const model::TensorMap&, const std::string&) {}
};

}  // namespace isomorph::train

#pragma once

// The typed configuration of a training run (run.toml), torch-free so the GUI's new-run form,
// the CLI and the trainer share one definition, one parser and one validate().
//
// Every field is described once (core/train/config_field.h): the trainer's sections here in
// run_config.cpp, each objective's section by its ObjectiveSpec (core/train/objective_registry.h).
// Parsing, `--set key=value` overrides, serialisation (the frozen RUN/config.toml) and generated
// forms all walk runConfigFields(), so a new field or a new objective is added in one place.
// Choices are enum classes, parsed once and printed back by name.

#include <any>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/data/samplers/item_planner.h"
#include "core/eval/bitext_report.h"
#include "core/model/sentence_pooling.h"
#include "core/train/config_field.h"

namespace isomorph::train {

/// 2: objectives come from the registry, eval.pooling is separate from model.pooling, fp64.
/// 3: schedule.mixing (sum by default; older configs sampled one objective per micro-batch).
constexpr int kRunConfigSchemaVersion = 3;

using data::samplers::BatchMode;

/// Numeric precision of training. fp64 exists for exact equivalence checks (and small
/// experiments); bf16/fp16 are mixed precision on CUDA only.
enum class Precision { Fp32, Fp64, Bf16, Fp16 };
/// Learning rate after warm-up.
enum class Decay { Linear, Cosine, Constant };
/// How the enabled objectives make one optimizer step: the weighted sum of every objective's loss,
/// each on its own batch (what HICTL eq. 9, MSM eq. 3 and CCP's MLM + CCP optimise), or one
/// objective per micro-batch drawn by weight (XLM's alternation of MLM and TLM batches).
enum class Mixing { Sum, Sample };
/// The dev value that chooses the best checkpoint.
enum class DevMetric { BitextAcc, BitextAccShifted };

template <>
struct EnumNames<BatchMode> {
    static const std::vector<std::pair<BatchMode, const char*>>& table();
};
template <>
struct EnumNames<Precision> {
    static const std::vector<std::pair<Precision, const char*>>& table();
};
template <>
struct EnumNames<Decay> {
    static const std::vector<std::pair<Decay, const char*>>& table();
};
template <>
struct EnumNames<Mixing> {
    static const std::vector<std::pair<Mixing, const char*>>& table();
};
template <>
struct EnumNames<DevMetric> {
    static const std::vector<std::pair<DevMetric, const char*>>& table();
};

struct ModelSection {
    std::string init = "scratch";  ///< "scratch" or a checkpoint folder (Hugging Face layout)
    std::string tokenizer;         ///< SentencePiece .model (scratch models; else the checkpoint's)
    int64_t layers = 4;            ///< transformer blocks (scratch)
    int64_t hidden = 256;          ///< hidden size (scratch)
    int64_t heads = 4;             ///< attention heads (scratch)
    int64_t ffn = 1024;            ///< feed-forward width (scratch)
    int64_t maxPositions = 130;    ///< position embeddings incl. XLM-R's offset of 2 (scratch)
    double dropout = 0.1;          ///< hidden and attention dropout
    int64_t typeVocabSize = 1;     ///< segment (token-type) embeddings (scratch); XLP needs 2
    int64_t attentionRadius = 0;   ///< 0 = full attention; r > 0 = global + window of 2r+1
    bool globalProjections = false;  ///< separate Qg/Kg/Vg for global attention (scratch)
    model::Pooling pooling;  ///< sentence vector of contrastive objectives: cls, mean, layer:K
};

struct DataSection {
    std::string docs;      ///< shard set of documents (MLM, CCP)
    std::string devPairs;  ///< shard set of parallel dev pairs; "" = none
    std::string pairs;     ///< shard set of parallel training pairs (HICTL); "" = none
    BatchMode batchMode = BatchMode::SingleLanguage;  ///< one language per batch, or mixed
    double alpha = 0.3;      ///< language sampling exponent (language batches)
    int64_t maxTokens = 64;  ///< per sentence incl. <s> and </s>
};

/// The part of objectives.NAME every objective has; `options` holds its own typed section.
struct ObjectiveConfig {
    double weight = 0;      ///< 0 = off; schedule.mixing = "sample": share of the micro-batches
    double lossWeight = 1;  ///< multiplier of its loss (the lambda of a paper's weighted sum)
    std::any options;       ///< the ObjectiveSpec's options struct
};

struct OptimizerSection {
    double lr = 5e-4;           ///< peak learning rate
    double weightDecay = 0.01;  ///< decoupled (AdamW); not applied to biases and LayerNorms
    double beta1 = 0.9;
    double beta2 = 0.98;
    double eps = 1e-6;
    double gradClip = 1.0;     ///< max global gradient L2 norm; 0 = off
    int64_t accumulation = 1;  ///< micro-batches per optimizer step
};

struct ScheduleSection {
    Decay decay = Decay::Linear;  ///< after warm-up: linear (to 0 at max_steps), cosine, constant
    int64_t warmupSteps = 100;    ///< linear warm-up from 0
    int64_t maxSteps = 2000;      ///< optimizer steps of the run
    /// sum: every enabled objective's loss (x loss_weight), each on its own batch, every
    /// micro-batch; sample: one objective per micro-batch, drawn by weight. Configs of schema 2
    /// and older, written before sum existed, keep sample.
    Mixing mixing = Mixing::Sum;
};

struct RuntimeSection {
    uint64_t seed = 1;                      ///< every random decision of the run derives from it
    std::string device = "cpu";             ///< cpu, cuda, cuda:N
    int64_t threads = 0;                    ///< intra-op threads per process; 0 = cores / processes
    int64_t nproc = 1;                      ///< data-parallel processes (local workers)
    Precision precision = Precision::Fp32;  ///< fp32, fp64; bf16 or fp16 only on CUDA
    /// Full attention: "auto" (scaled_dot_product_attention's fused kernels on LibTorch 2.x, the
    /// explicit path on 1.13), "fused" or "explicit".
    std::string attention = "auto";
};

struct EvalSection {
    int64_t every = 100;     ///< dev bitext evaluation every N steps; 0 = only at the end
    int64_t maxPairs = 500;  ///< dev pairs per language pair
    DevMetric metric = DevMetric::BitextAcc;  ///< metric that chooses the best checkpoint
    /// Sentence vector for dev evaluation and the health probes. The CCP paper trains on [CLS]
    /// and evaluates with the mean of a middle layer (layer 14 of 24).
    model::Pooling pooling{model::Pooling::Kind::Mean, 0};
    /// Sentences per language, from the training documents, whose mean vector is subtracted
    /// for "bitext_acc_shifted" (CCP section 3.2); never the evaluated pairs themselves.
    int64_t meanSentences = 256;
    /// Mean shift with each evaluated side's own mean (transductive; not what the paper does).
    bool transductiveShift = false;
};

struct MonitorSection {
    int64_t every = 50;              ///< collapse / alignment / uniformity probe every N steps
    int64_t probeSize = 512;         ///< sentences of the fixed probe set
    double collapseThreshold = 0.5;  ///< warn below this share of the first probe's spread
};

struct CheckpointSection {
    int64_t every = 200;   ///< save every N steps (also at the end and on SIGINT/SIGTERM)
    int64_t keepLast = 3;  ///< newest checkpoints kept (the best one is kept as well)
};

struct RunConfig {
    /// Every registered objective with its defaults (weight 0 for those off by default).
    RunConfig();

    int schemaVersion = kRunConfigSchemaVersion;
    std::string name = "run";  ///< shown in the GUI and logs
    ModelSection model;
    DataSection data;
    /// objectives.NAME for every registered objective, whether enabled (weight > 0) or not.
    std::map<std::string, ObjectiveConfig> objectives;
    OptimizerSection optimizer;
    ScheduleSection schedule;
    RuntimeSection runtime;
    EvalSection eval;
    MonitorSection monitor;
    CheckpointSection checkpoint;

    /// Names of the objectives with weight > 0, in registry order.
    std::vector<std::string> enabledObjectives() const;
    /// objectives.NAME; throws ConfigError when no such objective is registered.
    ObjectiveConfig& objective(const std::string& name);
    const ObjectiveConfig& objective(const std::string& name) const;
    /// The typed options of objective `name` (the struct its ObjectiveSpec declares).
    template <class Options>
    Options& objectiveOptions(const std::string& objectiveName) {
        auto* p = std::any_cast<Options>(&objective(objectiveName).options);
        if (!p) throw std::logic_error("objectives." + objectiveName + ": options of another type");
        return *p;
    }
    template <class Options>
    const Options& objectiveOptions(const std::string& objectiveName) const {
        return const_cast<RunConfig*>(this)->objectiveOptions<Options>(objectiveName);
    }

    /// Every problem at once, each naming its TOML key; empty when valid.
    std::vector<std::string> problems() const;
    /// Throws ConfigError listing problems(), prefixed with `origin` (a file name or "config").
    void validate(const std::string& origin) const;
    /// Relative paths (every path field: tokenizer, data, init, objectives' files) resolved
    /// against `base`.
    void resolvePaths(const std::filesystem::path& base);
};

/// The schema in display order (grouped by section).
const std::vector<ConfigField>& runConfigFields();

/// Parses TOML text. Unknown keys, wrong types and syntax errors throw ConfigError naming
/// `origin`, the line and the key. A missing schema_version means the current one; a newer one is
/// refused.
RunConfig parseRunConfig(const std::string& text, const std::string& origin);
RunConfig loadRunConfig(const std::filesystem::path& path);

/// Applies "section.key=value" (value in TOML syntax; bare words are strings). Throws ConfigError
/// naming the flag.
void applyOverride(RunConfig& config, const std::string& assignment);

/// The complete config as TOML (every field, with help comments), parseable by parseRunConfig.
std::string runConfigToToml(const RunConfig& config);

/// Keys whose values differ between two configs (for the GUI's diff view and --resume checks).
std::vector<std::string> differingKeys(const RunConfig& a, const RunConfig& b);

/// The settings of a run's dev bitext accuracy (the definition lives in core/eval/bitext_report.h):
/// eval.pooling, eval.max_pairs, data.max_tokens. The trainer, `eval bitext --model RUN`, sweeps
/// and the demo all measure a run with these.
eval::BitextReportOptions devBitextOptions(const RunConfig& config);

}  // namespace isomorph::train

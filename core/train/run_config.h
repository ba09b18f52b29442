#pragma once

// The typed configuration of a training run (run.toml), torch-free so the GUI's new-run form,
// the CLI and the trainer share one definition, one parser and one validate().
//
// Every field is described once in runConfigFields(): its TOML key ("optimizer.lr"), kind, help
// text and accessors. Parsing, `--set key=value` overrides, serialisation (the frozen
// RUN/config.toml) and generated forms all walk that table, so a new field is added in one place.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace isomorph::train {

constexpr int kRunConfigSchemaVersion = 1;

struct ModelSection {
    std::string init = "scratch";  ///< "scratch" or a checkpoint folder (Hugging Face layout)
    std::string tokenizer;         ///< SentencePiece .model (scratch models; else the checkpoint's)
    int64_t layers = 4;            ///< transformer blocks (scratch)
    int64_t hidden = 256;          ///< hidden size (scratch)
    int64_t heads = 4;             ///< attention heads (scratch)
    int64_t ffn = 1024;            ///< feed-forward width (scratch)
    int64_t maxPositions = 130;    ///< position embeddings incl. XLM-R's offset of 2 (scratch)
    double dropout = 0.1;          ///< hidden and attention dropout
    std::string pooling = "cls";   ///< sentence vector for CCP/eval: cls, mean or layer:K
};

struct DataSection {
    std::string docs;                    ///< shard set of documents (MLM, CCP)
    std::string devPairs;                ///< shard set of parallel pairs for dev bitext; "" = none
    std::string batchMode = "language";  ///< "language" (one language per batch) or "mixed"
    double alpha = 0.3;                  ///< language sampling exponent (language batches)
    int64_t maxTokens = 64;              ///< per sentence incl. <s> and </s>
};

struct MlmSection {
    double weight = 1.0;      ///< relative frequency of MLM batches (0 = off)
    double lossWeight = 1.0;  ///< multiplier of the MLM loss
    int64_t batchSize = 32;   ///< sentences per MLM batch (per process)
    double maskProb = 0.15;   ///< share of tokens selected (XLM-R 0.15; 80/10/10 split)
};

struct CcpSection {
    double weight = 1.0;                  ///< relative frequency of CCP batches (0 = off)
    double lossWeight = 1.0;              ///< multiplier of the CCP loss
    int64_t batchSize = 32;               ///< windows per batch N (2N sentences, per process)
    int64_t radius = 2;                   ///< window radius w (targets at distance 1..w)
    double temperature = 0.1;             ///< tau of exp(cos / tau)
    std::string memoryBank = "language";  ///< "language" (per-language FIFOs), "plain" or "none"
    int64_t bankSize = 4096;              ///< FIFO entries M (per language for "language")
    bool l2Normalize = true;              ///< cosine (true) or raw dot product of projections
    std::string projectionNorm = "asymmetric";  ///< projection BN: asymmetric, vanilla or none
    int64_t projectionSize = 128;               ///< output of the projection head
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
    std::string decay = "linear";  ///< after warm-up: linear (to 0 at max_steps), cosine, constant
    int64_t warmupSteps = 100;     ///< linear warm-up from 0
    int64_t maxSteps = 2000;       ///< optimizer steps of the run
};

struct RuntimeSection {
    uint64_t seed = 1;               ///< every random decision of the run derives from it
    std::string device = "cpu";      ///< cpu, cuda, cuda:N
    int64_t threads = 0;             ///< intra-op threads per process; 0 = cores / processes
    int64_t nproc = 1;               ///< data-parallel processes (local workers)
    std::string precision = "fp32";  ///< fp32; bf16 or fp16 only on CUDA
};

struct EvalSection {
    int64_t every = 100;     ///< dev bitext evaluation every N steps; 0 = only at the end
    int64_t maxPairs = 500;  ///< dev pairs per language pair
    std::string metric = "bitext_acc";  ///< metric that chooses the best checkpoint
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
    int schemaVersion = kRunConfigSchemaVersion;
    std::string name = "run";  ///< shown in the GUI and logs
    ModelSection model;
    DataSection data;
    MlmSection mlm;
    CcpSection ccp;
    OptimizerSection optimizer;
    ScheduleSection schedule;
    RuntimeSection runtime;
    EvalSection eval;
    MonitorSection monitor;
    CheckpointSection checkpoint;

    /// Every problem at once, each naming its TOML key; empty when valid.
    std::vector<std::string> problems() const;
    /// Throws ConfigError listing problems(), prefixed with `origin` (a file name or "config").
    void validate(const std::string& origin) const;
    /// Relative paths (tokenizer, data, init) resolved against `base`.
    void resolvePaths(const std::filesystem::path& base);
};

/// One field of the schema.
struct ConfigField {
    enum class Kind { Integer, Float, Bool, String, Choice };
    std::string key;  ///< "optimizer.lr"
    Kind kind = Kind::String;
    std::string help;                                  ///< one line, with the unit
    std::vector<std::string> choices;                  ///< Kind::Choice
    std::function<std::string(const RunConfig&)> get;  ///< value as TOML literal text
    /// Sets from TOML literal text; returns an error message ("" on success).
    std::function<std::string(RunConfig&, const std::string&)> set;
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

}  // namespace isomorph::train

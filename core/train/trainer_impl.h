#pragma once

// The training loop's one class, shared by its source files (private to core/train; the public
// entry point is runTraining in trainer.h). trainer.cpp sets a run up and runs the loop;
// trainer_records.cpp writes the run folder (config, status, events, metrics, TensorBoard, the
// announcement); trainer_evaluation.cpp holds evaluation during training (dev bitext, the
// initial evaluation, the health monitor); trainer_checkpoints.cpp saves and restores.

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <spdlog/sinks/basic_file_sink.h>

#include "core/data/shards/shard_set.h"
#include "core/eval/probes.h"
#include "core/model/transformer.h"
#include "core/train/adamw.h"
#include "core/train/checkpoint_store.h"
#include "core/train/collective.h"
#include "core/train/objective_registry.h"
#include "core/train/objectives/objective.h"
#include "core/train/run_config.h"
#include "core/train/run_log/metrics_log.h"
#include "core/train/run_log/run_records.h"
#include "core/train/run_log/tfevents.h"
#include "core/train/scheduler.h"
#include "core/train/trainer.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train::detail {

namespace fs = std::filesystem;
using json = nlohmann::json;
using workspace::RunLayout;

/// Seconds since the epoch (status.json and the records' times).
double nowSeconds();
/// Peak resident memory of this process, MB.
double peakRssMb();
/// Peak memory allocated on `device` (0 on CPU), MB.
double deviceMemoryPeakMb(const torch::Device& device);
/// Which keys may differ between the frozen config and the one given with --resume.
bool changeableOnResume(const std::string& key);
/// How a metric is declared in metrics.jsonl.
MetricDeclaration declaration(const MetricSpec& m, const std::string& objective);
double meanOf(const std::vector<double>& v);

/// What the micro-batches of one optimizer step reported (this process; ranks' means taken).
struct StepRecord {
    std::map<std::string, std::vector<double>> losses;   ///< objective -> loss per micro-batch
    std::map<std::string, std::vector<double>> metrics;  ///< "ccp/acc" -> values
    std::vector<std::string> objectives;                 ///< in the order they ran
    int64_t tokens = 0, samples = 0;
    double weighted = 0;  ///< sum of loss_weight x loss / accumulation
};

/// Everything one run needs, in one place. The loop (loop()) is short because the Scheduler
/// decides when to evaluate, save and stop, and the objectives (from the registry) own their
/// batches, heads and losses.
class Trainer {
  public:
    explicit Trainer(const TrainRequest& request);
    /// run(), recording a failure in status.json and as an event before rethrowing; a fresh run
    /// that fails before its first step removes what it created, so a retry starts clean.
    TrainResult runAndRecord();

  private:
    TrainResult run();
    // Set-up, in order.
    void startProcessGroup();
    void openData();
    void prepareRunDirectory();
    void openLogs();
    void buildModel();
    void buildObjectives();
    void restore();
    void announce();
    // The loop.
    TrainResult loop(const Scheduler& scheduler, DeadlineWatch& deadline);
    void trainStep();
    void runMicroBatch(int64_t micro, StepRecord& record);
    /// One objective's forward and backward; `slot` keys its dropout within the micro-batch.
    void runObjective(size_t index, int64_t micro, size_t slot, StepRecord& record);
    double reduceAndClip(bool* skipped);
    void logStep(const StepRecord& record, double lr, double gradNorm, bool skipped,
                 double seconds);
    bool evaluate(bool final);  ///< true when the dev metric improved
    /// The step-0 evaluation, from request_.initialEvaluationCache when it holds this start's.
    void evaluateStart();
    void monitor();
    std::pair<bool, bool> anyRank(bool a, bool b);  ///< each flag OR-ed over the ranks
    TrainResult finish(Scheduler::Stop why);
    // Records.
    void saveCheckpoint(const std::string& reason);
    /// `stopReason`: RunStatus::stopReason of a stopped run.
    void writeStatus(const std::string& state, const std::string& stopReason = "");
    void recordFailure(const std::string& state, const std::string& message);
    void removeUnstartedRun();
    void event(const std::string& name, const std::string& message, json extra = json::object());
    /// Appends a train or eval record to metrics.jsonl and its numbers to the TensorBoard file
    /// (as train/KEY or eval/KEY).
    void logScalars(const RunRecord& record);
    size_t chooseObjective(int64_t micro) const;

    TrainRequest request_;
    RunConfig config_;
    fs::path runDir_;
    RunLayout run_;               ///< runDir_'s files
    bool runDirExisted_ = false;  ///< the folder was there before this run (fresh runs)
    bool ownsRunDir_ = false;     ///< this process wrote config.toml (rank 0 of a fresh run)
    bool stepStarted_ = false;    ///< a training step began in this process
    bool rank0_ = true;
    int world_ = 1;
    int threads_ = 1;
    std::unique_ptr<Collective> collective_;
    torch::Device device_ = torch::kCPU;
    std::string deviceName_ = "cpu";
    torch::ScalarType dtype_ = torch::kFloat32;

    std::optional<data::shards::ShardSet> docs_;   ///< data.docs, when set
    std::optional<data::shards::ShardSet> pairs_;  ///< data.pairs, when an objective reads it
    model::Encoder encoder_ = nullptr;
    model::TensorMap initHeads_;  ///< head tensors of the initial checkpoint
    fs::path initFolder_;         ///< the initial checkpoint folder
    std::map<std::string, double, std::less<>> lastEval_;  ///< values of the last evaluation
    int64_t lastEvalStep_ = -1;                            ///< its step
    std::string tokenizerFile_, tokenizerBytes_;
    /// The start's files every checkpoint keeps: its tokenizer's configuration and its prompts
    /// (config_sentence_transformers.json), so a checkpoint encodes as the model it continues.
    std::vector<model::ExtraFile> carried_;
    std::unique_ptr<DataProvider> data_;  ///< what the objectives read, shared
    std::vector<std::unique_ptr<Objective>> objectives_;
    std::vector<const ObjectiveConfig*> settings_;  ///< objectives_[i]'s objectives.NAME
    std::unique_ptr<AdamW> optimizer_;
    std::unique_ptr<CheckpointStore> store_;

    std::vector<eval::BitextPairs> devPairs_;
    std::map<std::string, eval::SentenceSet> meanSentences_;  ///< training text per language
    eval::SentenceSet probe_;

    std::unique_ptr<MetricsLog> metrics_;
    std::unique_ptr<TfEventsWriter> events_;

    TrainingState state_;  ///< counters saved in checkpoints (step, elapsed, best, ...)
    double started_ = 0;
    int64_t savedStep_ = -1;
    std::shared_ptr<spdlog::sinks::basic_file_sink_mt> logSink_;  ///< RUN/log.txt (rank 0)

    /// Mixed precision (CUDA only; validate() refuses it on CPU): autocast in the forward pass.
    void setAutocast(bool on);
};

}  // namespace isomorph::train::detail

#include "core/train/trainer.h"

#if ISOMORPH_WITH_CUDA
#include <ATen/autocast_mode.h>
#include <c10/cuda/CUDACachingAllocator.h>
#endif

#include <chrono>
#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/spdlog.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/common/random.h"
#include "core/data/shards/shard_set.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/model_init.h"
#include "core/runtime/device.h"
#include "core/runtime/scoped_thread_counts.h"
#include "core/runtime/system_info.h"
#include "core/runtime/torch_version.h"
#include "core/train/adamw.h"
#include "core/train/bitext_report.h"
#include "core/train/checkpoint_store.h"
#include "core/train/collective.h"
#include "core/train/distributed.h"
#include "core/train/objective_registry.h"
#include "core/train/objectives/mlm_objective.h"
#include "core/train/objectives/objective.h"
#include "core/train/probes.h"
#include "core/train/run_log/metrics_log.h"
#include "core/train/run_log/run_records.h"
#include "core/train/run_log/run_status.h"
#include "core/train/run_log/tfevents.h"
#include "core/train/schedule.h"
#include "core/train/scheduler.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train {

namespace fs = std::filesystem;
using workspace::CheckpointLayout;
using workspace::RunLayout;
using json = nlohmann::json;

fs::path writeScratchInit(const RunConfig& config, const fs::path& runDir) {
    const RunLayout run{runDir};
    const fs::path init = run.init();
    if (fs::exists(CheckpointLayout{init}.weights())) return init;
    model::EncoderConfig c;
    c.numLayers = config.model.layers;
    c.hiddenSize = config.model.hidden;
    c.numHeads = config.model.heads;
    c.intermediateSize = config.model.ffn;
    c.maxPositions = config.model.maxPositions;
    c.hiddenDropout = c.attentionDropout = config.model.dropout;
    c.typeVocabSize = config.model.typeVocabSize;
    c.attentionRadius = config.model.attentionRadius;
    c.globalProjections = config.model.globalProjections;
    model::createInitialCheckpoint(c, config.model.tokenizer, init, config.runtime.seed);
    return init;
}

namespace {

constexpr uint64_t kTaskTag = 0x7A5C;
constexpr uint64_t kDropoutTag = 0xD50;

double nowSeconds() {
    using namespace std::chrono;
    return duration<double>(system_clock::now().time_since_epoch()).count();
}

double peakRssMb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_maxrss) / 1024.0;  // kB on Linux
}

double deviceMemoryPeakMb(const torch::Device& device) {
#if ISOMORPH_WITH_CUDA
    if (device.is_cuda()) {
        const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(device.index());
        return static_cast<double>(stats.allocated_bytes[0].peak) / (1024.0 * 1024.0);
    }
#endif
    (void)device;
    return 0.0;
}

/// Which keys may differ between the frozen config and the one given with --resume.
bool changeableOnResume(const std::string& key) {
    return key == "runtime.nproc" || key == "runtime.threads" || key == "runtime.device" ||
           key == "checkpoint.keep_last" || key == "checkpoint.every" || key == "eval.every" ||
           key == "monitor.every" || key == "schedule.max_steps" || key == "name";
}

MetricDeclaration declaration(const MetricSpec& m, const std::string& objective) {
    MetricDeclaration d;
    d.key = m.key;
    d.title = m.title;
    d.unit = m.unit;
    d.group = metricGroupName(m.group);
    d.objective = objective;
    d.better = m.better == Better::Lower ? "lower" : m.better == Better::Higher ? "higher" : "";
    d.kind = m.kind == MetricKind::Eval ? "eval" : "train";
    d.scale = m.scale;
    return d;
}

/// torch's default dtype for the duration of a run: fp64 runs create heads and banks in double.
class DefaultDtypeGuard {
  public:
    explicit DefaultDtypeGuard(torch::ScalarType type) : saved_(torch::get_default_dtype()) {
        torch::set_default_dtype(caffe2::scalarTypeToTypeMeta(type));
    }
    ~DefaultDtypeGuard() { torch::set_default_dtype(saved_); }
    DefaultDtypeGuard(const DefaultDtypeGuard&) = delete;
    DefaultDtypeGuard& operator=(const DefaultDtypeGuard&) = delete;

  private:
    caffe2::TypeMeta saved_;
};

/// What the micro-batches of one optimizer step reported (this process; ranks' means taken).
struct StepRecord {
    std::map<std::string, std::vector<double>> losses;   ///< objective -> loss per micro-batch
    std::map<std::string, std::vector<double>> metrics;  ///< "ccp/acc" -> values
    std::vector<std::string> objectives;                 ///< in the order they ran
    int64_t tokens = 0, samples = 0;
    double weighted = 0;  ///< sum of loss_weight x loss / accumulation
};

double meanOf(const std::vector<double>& v) {
    double m = 0;
    for (double x : v)
        m += x / static_cast<double>(v.size());
    return m;
}

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
    TrainResult loop(const Scheduler& scheduler);
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
    std::unique_ptr<DataProvider> data_;  ///< what the objectives read, shared
    std::vector<std::unique_ptr<Objective>> objectives_;
    std::vector<const ObjectiveConfig*> settings_;  ///< objectives_[i]'s objectives.NAME
    std::unique_ptr<AdamW> optimizer_;
    std::unique_ptr<CheckpointStore> store_;

    std::vector<BitextPairs> devPairs_;
    std::map<std::string, SentenceSet> meanSentences_;  ///< training text per language
    SentenceSet probe_;

    std::unique_ptr<MetricsLog> metrics_;
    std::unique_ptr<TfEventsWriter> events_;

    TrainingState state_;  ///< counters saved in checkpoints (step, elapsed, best, ...)
    double started_ = 0;
    int64_t savedStep_ = -1;
    std::shared_ptr<spdlog::sinks::basic_file_sink_mt> logSink_;  ///< RUN/log.txt (rank 0)

    /// Mixed precision (CUDA only; validate() refuses it on CPU): autocast in the forward pass.
    void setAutocast(bool on) {
#if ISOMORPH_WITH_CUDA
        const Precision p = config_.runtime.precision;
        if (p != Precision::Bf16 && p != Precision::Fp16) return;
        const auto dtype = p == Precision::Bf16 ? at::kBFloat16 : at::kHalf;
#if ISOMORPH_TORCH_AT_LEAST(2, 4)
        if (on) at::autocast::set_autocast_dtype(at::kCUDA, dtype);
        at::autocast::set_autocast_enabled(at::kCUDA, on);
#else
        if (on) at::autocast::set_autocast_gpu_dtype(dtype);
        at::autocast::set_enabled(on);
#endif
        if (!on) at::autocast::clear_cache();
#else
        (void)on;
#endif
    }
};

Trainer::Trainer(const TrainRequest& request)
    : request_(request), config_(request.config), runDir_(request.runDir), run_{runDir_} {}

TrainResult Trainer::runAndRecord() {
    try {
        return run();
    } catch (const Diverged& e) {
        recordFailure("diverged", e.what());
        throw;
    } catch (const std::exception& e) {
        if (ownsRunDir_ && !stepStarted_)
            removeUnstartedRun();
        else
            recordFailure("failed", e.what());
        throw;
    }
}

void Trainer::event(const std::string& name, const std::string& message, json extra) {
    if (name == "failed" || name == "diverged") {
        // The front end prints the error itself; the run's log file still records it.
        if (logSink_) {
            logSink_->log(spdlog::details::log_msg("isomorph", spdlog::level::err, message));
            logSink_->flush();
        }
    } else if (name == "warning" || name == "collapse") {
        spdlog::warn("{}", message);
    } else {
        spdlog::info("{}", message);
    }
    if (!rank0_ || !metrics_) return;
    EventRecord e;
    e.step = state_.step;
    e.time = nowSeconds();
    e.event = name;
    e.message = message;
    e.details = std::move(extra);
    appendRunRecord(*metrics_, e);
}

void Trainer::logScalars(const RunRecord& record) {
    if (!rank0_) return;
    appendRunRecord(*metrics_, record);
    const auto* eval = std::get_if<EvalRecord>(&record);
    const ScalarRecord& scalars =
        eval ? static_cast<const ScalarRecord&>(*eval) : std::get<TrainRecord>(record);
    const std::string prefix = eval ? "eval/" : "train/";
    std::vector<std::pair<std::string, float>> points;
    for (const auto& [key, value] : scalars.values)
        points.emplace_back(prefix + key, static_cast<float>(value));
    events_->addScalars(points, state_.step, scalars.time);
    events_->flush();
}

void Trainer::recordFailure(const std::string& state, const std::string& message) {
    // Only once the run directory is ours (not for a refused config or a foreign run directory).
    if (!rank0_ || !metrics_) return;
    try {
        event(state, message);
        writeStatus(state);
    } catch (const std::exception&) {
        // The original error matters more than a failure to record it (e.g. a full disk).
    }
}

void Trainer::removeUnstartedRun() {
    // Nothing of value exists yet (no step ran), and a half-made run folder would block every
    // retry ("already holds a run") with a config.toml that froze the failing settings.
    metrics_.reset();
    events_.reset();
    if (logSink_) logSink_->flush();
    std::error_code ec;
    if (!runDirExisted_) {
        fs::remove_all(runDir_, ec);
    } else {
        for (const std::string& name : RunLayout::ownEntries())
            fs::remove_all(runDir_ / name, ec);
        for (const auto& e : fs::directory_iterator(runDir_, ec))
            if (e.path().filename().string().rfind(RunLayout::kEventsPrefix, 0) == 0)
                fs::remove(e.path(), ec);
    }
    spdlog::info("the run failed before its first step; removed what it had written in {}",
                 runDir_.string());
}

void Trainer::writeStatus(const std::string& state, const std::string& stopReason) {
    if (!rank0_) return;
    RunStatus s;
    s.state = state;
    s.stopReason = stopReason;
    s.step = state_.step;
    s.maxSteps = config_.schedule.maxSteps;
    s.pid = getpid();
    s.host = runtime::hostName();
    s.started = started_;
    s.updated = nowSeconds();
    s.bestMetric = state_.best;
    s.metric = enumName(config_.eval.metric);
    s.worldSize = world_;
    writeRunStatus(runDir_, s);
}

void Trainer::startProcessGroup() {
    collective_ = collectiveFromEnvironment(config_.runtime.device);
    rank0_ = !collective_ || collective_->rank() == 0;
    world_ = collective_ ? collective_->worldSize() : 1;
    config_.validate("run config");
    const auto device = runtime::parseDevice(config_.runtime.device, "runtime.device");
    runtime::requireAvailable(device, "runtime.device");
    deviceName_ = device.toString();
    device_ = torch::Device(torch::kCPU);
    if (device.isCuda()) {
        // Data-parallel workers on one machine take one GPU each (LOCAL_RANK), as torchrun does.
        const int index =
            collective_ ? readWorkerEnvironment().localRank : std::max(0, device.index);
        device_ = torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
    }
    threads_ = static_cast<int>(config_.runtime.threads);
    if (threads_ == 0)
        threads_ = std::max(
            1, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())) / world_);
    runtime::configureThreads(threads_);
    if (config_.runtime.precision == Precision::Fp16) state_.lossScale = 65536.0;
}

void Trainer::openData() {
    // Before anything is written: a wrong path fails here and leaves no run folder behind.
    // data.docs when given (the health probe samples it even when no objective trains on it);
    // data.pairs only for an objective that declared it (ObjectiveSpec::needs).
    if (!config_.data.docs.empty()) docs_ = data::shards::ShardSet::open(config_.data.docs);
    bool pairsNeeded = false;
    for (const std::string& name : config_.enabledObjectives())
        if (const ObjectiveSpec* spec = findObjectiveSpec(name))
            pairsNeeded = pairsNeeded || dataNeeds(*spec, config_).pairs;
    if (pairsNeeded)
        pairs_ = data::shards::ShardSet::open(config_.data.pairs);
    else if (!config_.data.pairs.empty() && rank0_)
        spdlog::info("data.pairs {} is not read: no enabled objective trains on parallel pairs",
                     config_.data.pairs);
    const auto maxTokens = static_cast<uint32_t>(config_.data.maxTokens);
    if (!config_.data.devPairs.empty()) {
        auto pairs = data::shards::ShardSet::open(config_.data.devPairs);
        devPairs_ = loadBitextPairs(pairs, config_.eval.maxPairs, maxTokens);
        if (!config_.eval.transductiveShift)  // RunConfig::problems asks for data.docs then
            meanSentences_ =
                sampleSentencesByLanguage(*docs_, config_.eval.meanSentences, maxTokens);
    }
    if (docs_)
        probe_ = sampleProbeSentences(*docs_, config_.monitor.probeSize, maxTokens);
    else if (rank0_)
        spdlog::info("no data.docs: the health probe (embedding spread, uniformity) is off");
}

void Trainer::prepareRunDirectory() {
    const fs::path frozen = run_.config();
    runDirExisted_ = fs::exists(runDir_);
    if (request_.resume) {
        if (!fs::exists(frozen))
            throw ConfigError(runDir_.string() +
                              " holds no run to resume (no config.toml); start "
                              "it without --resume");
        RunConfig saved = loadRunConfig(frozen);
        std::vector<std::string> blocking;
        for (const auto& key : differingKeys(saved, config_))
            if (!changeableOnResume(key)) blocking.push_back(key);
        if (!blocking.empty()) {
            std::string list;
            for (const auto& k : blocking)
                list += (list.empty() ? "" : ", ") + k;
            throw ConfigError(runDir_.string() + " belongs to a different config (" + list +
                              " differ from its config.toml); resume without --config, or start a "
                              "new run directory");
        }
    } else if (fs::exists(frozen)) {
        throw ConfigError(runDir_.string() +
                          " already holds a run; continue it with --resume or "
                          "choose another --run-dir");
    }
    // Every rank has checked the directory before rank 0 writes the frozen config, so no rank
    // mistakes it for an earlier run's.
    if (collective_) collective_->barrier();
    if (rank0_) {
        fs::create_directories(run_.checkpoints());
        writeFileAtomically(frozen, runConfigToToml(config_));
        ownsRunDir_ = !request_.resume;
    }
    if (collective_) collective_->barrier();
}

void Trainer::openLogs() {
    if (!rank0_) return;
    logSink_ = std::make_shared<spdlog::sinks::basic_file_sink_mt>(run_.log().string());
    spdlog::default_logger()->sinks().push_back(logSink_);
    metrics_ = std::make_unique<MetricsLog>(runDir_);
    events_ = std::make_unique<TfEventsWriter>(runDir_);
}

void Trainer::buildModel() {
    fs::path init;
    if (config_.model.init == "scratch") {
        init = run_.init();
        if (rank0_) writeScratchInit(config_, runDir_);
        if (collective_) collective_->barrier();
    } else {
        // A run folder, its checkpoints/ folder or a best/latest pointer name the checkpoint
        // they record (stage 2 of a recipe starts from stage 1's run).
        try {
            init = workspace::resolveCheckpoint(config_.model.init);
        } catch (const DataError& e) {
            throw CheckpointError(std::string("model.init: ") + e.what());
        }
        if (rank0_ && init != fs::path(config_.model.init))
            spdlog::info("model.init {} is the checkpoint {}", config_.model.init, init.string());
    }
    initFolder_ = init;
    encoder_ = model::loadHuggingFaceEncoder(init, nullptr, dtype_);
    initHeads_ = model::loadHeadTensors(init);
    if (config_.model.init != "scratch") {
        // Windowed attention (and Longformer's global projections, copied from the local ones)
        // can be switched on for any checkpoint, as XLP turns mBERT into mBERT-GSW.
        if (config_.model.attentionRadius > 0 &&
            config_.model.attentionRadius != encoder_->config.attentionRadius) {
            spdlog::info("model.attention_radius {}: global + sliding-window attention",
                         config_.model.attentionRadius);
            model::setAttentionRadius(encoder_, config_.model.attentionRadius);
        }
        if (config_.model.globalProjections && !encoder_->config.globalProjections) {
            spdlog::info("model.global_projections: Qg/Kg/Vg added as copies of Q/K/V");
            model::addGlobalProjections(encoder_);
        }
    }
    encoder_->config.hiddenDropout = encoder_->config.attentionDropout = config_.model.dropout;
    for (auto& m : encoder_->modules(false))
        if (auto* d = m->as<torch::nn::DropoutImpl>()) d->options.p(config_.model.dropout);
    for (const char* name : CheckpointLayout::kTokenizerFiles) {
        if (!fs::exists(init / name)) continue;
        std::ifstream in(init / name, std::ios::binary);
        tokenizerFile_ = name;
        tokenizerBytes_.assign(std::istreambuf_iterator<char>(in), {});
        break;
    }
    if (tokenizerFile_.empty())
        throw CheckpointError(init.string() +
                              " has no tokenizer (sentencepiece.bpe.model, tokenizer.json or "
                              "vocab.txt)");
    if (docs_ && docs_->vocabSize() != encoder_->config.vocabSize)
        throw DataError(config_.data.docs + " was binarized with a " +
                        std::to_string(docs_->vocabSize()) + "-id tokenizer but the model has " +
                        std::to_string(encoder_->config.vocabSize) +
                        " embeddings; binarize the corpus with the model's tokenizer");
    if (pairs_ && pairs_->vocabSize() != encoder_->config.vocabSize)
        throw DataError(config_.data.pairs + " (data.pairs) was binarized with a " +
                        std::to_string(pairs_->vocabSize()) + "-id tokenizer but the model has " +
                        std::to_string(encoder_->config.vocabSize) +
                        " embeddings; binarize the pairs with the model's tokenizer");
    encoder_->to(device_);
    const int64_t layers = encoder_->config.numLayers;
    for (const auto& [key, pooling] : {std::pair{"model.pooling", config_.model.pooling},
                                       std::pair{"eval.pooling", config_.eval.pooling}}) {
        if (pooling.kind == model::Pooling::Kind::LayerMean && pooling.layer > layers)
            throw ConfigError(std::string(key) + " " + pooling.toString() + ": the model has " +
                              std::to_string(layers) + " layers");
    }
}

void Trainer::buildObjectives() {
    const int rank = collective_ ? collective_->rank() : 0;
    torch::manual_seed(config_.runtime.seed);  // head initialisation
    data_ = std::make_unique<DataProvider>(
        config_, encoder_->config.vocabSize,
        DataProvider::Sources{docs_ ? &*docs_ : nullptr, pairs_ ? &*pairs_ : nullptr, &initHeads_,
                              initFolder_});
    for (const std::string& name : config_.enabledObjectives()) {
        const ObjectiveSpec* spec = findObjectiveSpec(name);
        const ObjectiveConfig& settings = config_.objective(name);
        if (!spec || !spec->factory)
            throw ConfigError("objectives." + name + ": no training code is registered for it");
        ObjectiveBuildContext context{config_, settings, encoder_, *data_, rank, world_, device_};
        try {
            objectives_.push_back(spec->factory(context));
        } catch (const DataError& e) {
            // e.g. a shard set with no sentence that fits data.max_tokens for this objective
            if (std::string(e.what()).rfind("objectives.", 0) == 0) throw;
            throw DataError("objectives." + name + ": " + e.what());
        }
        settings_.push_back(&settings);
        objectives_.back()->heads().to(device_, dtype_);
        if (auto note = objectives_.back()->initNote(); !note.empty()) spdlog::info("{}", note);
    }
    std::vector<std::pair<std::string, torch::Tensor>> params;
    for (auto& p : encoder_->named_parameters(true))
        params.emplace_back(p.key(), p.value());
    for (auto& o : objectives_)
        for (auto& p : o->heads().named_parameters(true))
            params.emplace_back("heads." + o->name() + "." + p.key(), p.value());
    optimizer_ = std::make_unique<AdamW>(std::move(params), config_.optimizer);
}

size_t Trainer::chooseObjective(int64_t micro) const {
    // Per-batch task sampling keyed by (seed, step, micro): the same on every rank and on resume.
    Rng rng(deriveKey(config_.runtime.seed, kTaskTag, static_cast<uint64_t>(state_.step),
                      static_cast<uint64_t>(micro)));
    double total = 0;
    for (const auto* s : settings_)
        total += s->weight;
    double x = rng.uniform() * total;
    for (size_t i = 0; i < settings_.size(); ++i) {
        if (x < settings_[i]->weight) return i;
        x -= settings_[i]->weight;
    }
    return settings_.size() - 1;
}

void Trainer::runMicroBatch(int64_t micro, StepRecord& record) {
    if (config_.schedule.mixing == Mixing::Sample) {
        runObjective(chooseObjective(micro), micro, 0, record);
        return;
    }
    // The papers' loss: every objective on its own batch, backward after each so that only one
    // objective's graph is alive at a time; the gradients add up to those of the weighted sum.
    for (size_t i = 0; i < objectives_.size(); ++i)
        runObjective(i, micro, i, record);
}

void Trainer::runObjective(size_t index, int64_t micro, size_t slot, StepRecord& record) {
    Objective& objective = *objectives_[index];
    const double lossWeight = settings_[index]->lossWeight;
    const auto accumulation = static_cast<double>(config_.optimizer.accumulation);
    // Dropout of this micro-batch (and objective), identical after a resume. Slot 0 keeps the
    // key that sampled runs have always used.
    const uint64_t key =
        slot == 0 ? deriveKey(config_.runtime.seed, kDropoutTag, static_cast<uint64_t>(state_.step),
                              static_cast<uint64_t>(micro))
                  : deriveKey(config_.runtime.seed, kDropoutTag, static_cast<uint64_t>(state_.step),
                              static_cast<uint64_t>(micro), static_cast<uint64_t>(slot));
    torch::manual_seed(key);
    StepContext context{encoder_, device_, state_.step, micro, key, collective_.get()};
    context.backwardScale = lossWeight * state_.lossScale / accumulation;
    setAutocast(true);
    ObjectiveOutput out;
    try {
        out = objective.forward(context);
    } catch (const DataError& e) {
        setAutocast(false);
        throw DataError(fmt::format("objectives.{} at step {}: {}{}", objective.name(),
                                    state_.step + 1, e.what(),
                                    config_.schedule.mixing == Mixing::Sum
                                        ? " (schedule.mixing = \"sum\" needs a batch of every "
                                          "enabled objective at every step: fix its data or set "
                                          "its weight to 0)"
                                        : ""));
    }
    setAutocast(false);
    double value = out.loss.item<double>();
    if (collective_) {
        // Report the mean over ranks (MLM's loss is split across ranks); all ranks then also
        // agree on a NaN and stop together.
        std::vector<double> v{value};
        for (const auto& m : out.metrics)
            v.push_back(m.second);
        // host: the collective moves it to its device
        std::vector<torch::Tensor> t{torch::tensor(v, torch::kFloat64)};
        collective_->allReduceMean(t);
        value = t[0][0].item<double>();
        for (size_t i = 0; i < out.metrics.size(); ++i)
            out.metrics[i].second = t[0][static_cast<int64_t>(i + 1)].item<double>();
    }
    if (!std::isfinite(value)) {
        saveCheckpoint("diverged");
        throw Diverged(
            fmt::format("step {}: the {} loss is {}; stopped with a checkpoint of "
                        "the last good state ({}). Lower optimizer.lr or check the "
                        "data.",
                        state_.step + 1, objective.name(), value,
                        run_.checkpointAtStep(state_.step).dir.string()));
    }
    (out.loss * (lossWeight * out.gradientScale * state_.lossScale / accumulation)).backward();
    record.losses[objective.name()].push_back(value);
    record.objectives.push_back(objective.name());
    for (const auto& [k, v] : out.metrics)
        record.metrics[objective.name() + "/" + k].push_back(v);
    record.weighted += lossWeight * value / accumulation;
    record.tokens += out.tokens;
    record.samples += out.samples;
}

double Trainer::reduceAndClip(bool* skipped) {
    if (collective_) {
        std::vector<torch::Tensor> grads =
            gradientsToReduce(optimizer_->parameters(), *collective_);
        collective_->allReduceMean(grads);
    }
    if (state_.lossScale != 1.0) {
        torch::NoGradGuard noGrad;
        for (const auto& [name, p] : optimizer_->parameters())
            if (p.grad().defined()) p.grad().div_(state_.lossScale);
    }
    const double gradNorm = optimizer_->clipGradNorm(config_.optimizer.gradClip);
    *skipped = false;
    if (!std::isfinite(gradNorm) && config_.runtime.precision == Precision::Fp16) {
        // fp16 overflow: skip the update and halve the loss scale (dynamic loss scaling).
        *skipped = true;
        state_.lossScale = std::max(1.0, state_.lossScale / 2);
        state_.goodSteps = 0;
    } else if (!std::isfinite(gradNorm)) {
        optimizer_->zeroGrad();
        saveCheckpoint("diverged");
        throw Diverged(
            fmt::format("step {}: the gradient norm is {}; stopped with a checkpoint of "
                        "the last good state. Lower optimizer.lr or set "
                        "optimizer.grad_clip.",
                        state_.step + 1, gradNorm));
    }
    return gradNorm;
}

void Trainer::trainStep() {
    stepStarted_ = true;
    const auto t0 = std::chrono::steady_clock::now();
    const double lr = scheduledLearningRate(config_.schedule, config_.optimizer.lr, state_.step);
    encoder_->train();
    for (auto& o : objectives_)
        o->heads().train();
    StepRecord record;
    for (int64_t micro = 0; micro < config_.optimizer.accumulation; ++micro)
        runMicroBatch(micro, record);
    bool skipped = false;
    const double gradNorm = reduceAndClip(&skipped);
    if (!skipped) optimizer_->step(lr);
    optimizer_->zeroGrad();
    if (config_.runtime.precision == Precision::Fp16 && !skipped && ++state_.goodSteps % 2000 == 0)
        state_.lossScale *= 2;
    ++state_.step;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state_.elapsed += seconds;
    logStep(record, lr, gradNorm, skipped, seconds);
}

void Trainer::logStep(const StepRecord& record, double lr, double gradNorm, bool skipped,
                      double seconds) {
    namespace k = record_keys;
    TrainRecord r;
    r.step = state_.step;
    r.time = nowSeconds();
    auto& v = r.values;
    std::string names;
    for (const auto& [name, values] : record.losses) {
        v[k::kLossPrefix + name] = meanOf(values);
        names += (names.empty() ? "" : "+") + name;
    }
    for (const auto& [name, values] : record.metrics)
        v[name] = meanOf(values);
    v[k::kLoss] = record.weighted;
    v[k::kLearningRate] = lr;
    v[k::kGradNorm] = gradNorm;
    v[k::kTokensPerSecond] = static_cast<double>(record.tokens * world_) / seconds;
    v[k::kSamplesPerSecond] = static_cast<double>(record.samples * world_) / seconds;
    v[k::kStepTime] = seconds;
    v[k::kElapsed] = state_.elapsed;
    v[k::kRssPeakMb] = peakRssMb();
    if (config_.runtime.precision == Precision::Fp16) {
        v[k::kLossScale] = state_.lossScale;
        v[k::kSkipped] = skipped ? 1 : 0;
    }
    v[k::kDeviceMemMb] = deviceMemoryPeakMb(device_);
    logScalars(r);
    if (request_.feedback && rank0_)
        request_.feedback->report(
            Progress{"step", state_.step, config_.schedule.maxSteps,
                     trainStepDetail(record.weighted, names, lr, r.value(k::kTokensPerSecond),
                                     state_.elapsed)});
}

bool Trainer::evaluate(bool final) {
    if (devPairs_.empty()) return false;
    torch::NoGradGuard noGrad;
    encoder_->eval();
    // Means of the training text, computed once per evaluation (every dev pair uses them).
    const LanguageMeans means =
        config_.eval.transductiveShift
            ? LanguageMeans()
            : languageMeans(encoder_, meanSentences_, config_.eval.pooling, device_);
    BitextScores s = evaluateBitext(encoder_, devPairs_, config_.eval.pooling, device_,
                                    config_.eval.transductiveShift ? nullptr : &means);
    namespace k = record_keys;
    EvalRecord r;
    r.step = state_.step;
    r.time = nowSeconds();
    r.values = {{k::kBitextAcc, s.accuracy},
                {k::kBitextAccShifted, s.accuracyShifted},
                {k::kBitextPairs, static_cast<double>(s.pairs)}};
    for (const auto& [pair, v] : s.perPair)
        r.values[k::kBitextAcc + std::string("/") + pair] = v;
    for (const auto& [pair, v] : s.perPairShifted)
        r.values[k::kBitextAccShifted + std::string("/") + pair] = v;
    logScalars(r);
    lastEval_ = r.values;
    lastEvalStep_ = state_.step;
    if (!s.unshiftedLanguages.empty() && state_.step == 0) {
        std::string list;
        for (const auto& l : s.unshiftedLanguages)
            list += (list.empty() ? "" : ", ") + l;
        event("warning",
              "dev languages without training text for a mean shift (left unshifted): " + list);
    }
    const double value =
        config_.eval.metric == DevMetric::BitextAcc ? s.accuracy : s.accuracyShifted;
    spdlog::info("step {}: dev bitext accuracy {:.2f}% (after mean shift {:.2f}%) over {} pairs{}",
                 state_.step, 100 * s.accuracy, 100 * s.accuracyShifted, s.pairs,
                 final ? " (final)" : "");
    // The random-initialisation point is a reference, not a checkpoint candidate.
    if (state_.step == 0 || !(std::isnan(state_.best) || value > state_.best)) return false;
    state_.best = value;
    state_.bestCheckpoint = CheckpointLayout::nameOfStep(state_.step);
    return true;
}

void Trainer::evaluateStart() {
    const fs::path& cache = request_.initialEvaluationCache;
    const bool ownInit = initFolder_ == run_.init();  // from scratch: nothing to share
    if (cache.empty() || collective_ || ownInit || devPairs_.empty()) {
        evaluate(false);
        return;
    }
    // What the step-0 values depend on: the starting weights and the evaluation settings.
    std::error_code ec;
    const fs::path weights = initFolder_ / CheckpointLayout::kWeightsFile;
    const auto size = fs::file_size(weights, ec);
    const auto written = fs::last_write_time(weights, ec).time_since_epoch().count();
    const json key = {{"init", fs::absolute(initFolder_).lexically_normal().string()},
                      {"weights_bytes", ec ? 0 : size},
                      {"weights_written", ec ? 0 : written},
                      {"dev_pairs", fs::absolute(config_.data.devPairs).string()},
                      {"docs", fs::absolute(config_.data.docs).string()},
                      {"max_pairs", config_.eval.maxPairs},
                      {"mean_sentences", config_.eval.meanSentences},
                      {"max_tokens", config_.data.maxTokens},
                      {"pooling", config_.eval.pooling.toString()},
                      {"transductive_shift", config_.eval.transductiveShift}};
    const fs::path file = cache / (toHex64(fnv1a64(key.dump())) + ".json");
    if (std::ifstream in(file); in) {
        const json stored = json::parse(in, nullptr, false);
        if (stored.is_object() && stored.value("key", json()) == key &&
            stored.value("values", json()).is_object()) {
            EvalRecord r;
            r.step = 0;
            r.time = nowSeconds();
            for (const auto& [k, v] : stored["values"].items())
                if (v.is_number()) r.values[k] = v.get<double>();
            logScalars(r);
            lastEval_ = r.values;
            spdlog::info(
                "step 0: dev bitext accuracy {:.2f}% (after mean shift {:.2f}%), "
                "shared with the runs starting from the same checkpoint ({})",
                100 * r.value(record_keys::kBitextAcc),
                100 * r.value(record_keys::kBitextAccShifted), file.string());
            return;
        }
    }
    evaluate(false);
    try {
        fs::create_directories(cache);
        writeFileAtomically(file, json({{"key", key}, {"values", lastEval_}}).dump(2) + "\n");
    } catch (const std::exception& e) {  // a cache that cannot be written only costs time
        spdlog::warn("cannot keep the step-0 evaluation in {}: {}", file.string(), e.what());
    }
}

void Trainer::monitor() {
    if (probe_.rows.empty()) return;  // no data.docs to probe
    torch::NoGradGuard noGrad;
    encoder_->eval();
    HealthScores h = evaluateHealth(encoder_, probe_, devPairs_, config_.eval.pooling, device_);
    namespace k = record_keys;
    EvalRecord r;
    r.step = state_.step;
    r.time = nowSeconds();
    r.values = {
        {k::kCollapse, h.collapse}, {k::kAlignment, h.alignment}, {k::kUniformity, h.uniformity}};
    // Randomly initialised and pretrained encoders are already anisotropic (all sentence vectors
    // close together), so collapse is judged against the run's first probe, not in absolute terms.
    if (std::isnan(state_.collapseReference)) state_.collapseReference = h.collapse;
    const double ratio = state_.collapseReference > 0 ? h.collapse / state_.collapseReference : 1.0;
    r.values[k::kCollapseRatio] = ratio;
    logScalars(r);
    if (ratio < config_.monitor.collapseThreshold)
        event("collapse",
              fmt::format("step {}: embeddings are collapsing: the spread of the probe set "
                          "(sqrt(d) x per-dimension std) fell to {:.3f}, {:.0f}% of its first "
                          "value {:.3f}; the CCP paper prevents this with a language-specific "
                          "memory bank and asymmetric batch norm",
                          state_.step, h.collapse, 100 * ratio, state_.collapseReference),
              {{"collapse", h.collapse}, {"collapse_ratio", ratio}});
}

void Trainer::saveCheckpoint(const std::string& reason) {
    // Every rank holds the same weights, optimizer state and banks; rank 0 writes.
    if (savedStep_ == state_.step) return;
    savedStep_ = state_.step;
    if (rank0_) {
        TrainingState state = state_;
        for (const auto& o : objectives_)
            state.objectives[o->name()] = o->state();
        model::TensorMap heads, optimizer;
        for (const auto& o : objectives_) {
            for (const auto& p : o->heads().named_parameters(true))
                heads[o->name() + "." + p.key()] = p.value();
            for (const auto& b : o->heads().named_buffers(true))
                heads[o->name() + "." + b.key()] = b.value();
            o->saveTensors(optimizer);
        }
        for (auto& [k, v] : optimizer_->state())
            optimizer["optimizer." + k] = v;
        // A run that trains no MLM passes the initial checkpoint's MLM head on unchanged, so a
        // later stage that trains MLM continues it (the demo's stage 1 from the base has no MLM).
        const bool trainsMlm = std::any_of(objectives_.begin(), objectives_.end(),
                                           [](const auto& o) { return o->name() == "mlm"; });
        if (!trainsMlm)
            for (const auto& [k, v] : initHeads_)
                if (isPretrainedMlmHeadTensor(k)) heads.emplace(k, v);
        fs::path dir;
        try {
            dir = store_->save(encoder_, {tokenizerFile_, tokenizerBytes_}, heads, optimizer, state,
                               CheckpointLayout::nameOfStep(state_.step));
        } catch (const Error& e) {
            const std::string previous = store_->latestName();
            throw CheckpointError(std::string(e.what()) + "\nsaving checkpoint " +
                                  CheckpointLayout::nameOfStep(state_.step) + " failed; " +
                                  (previous.empty()
                                       ? std::string("no earlier checkpoint exists")
                                       : "the previous checkpoint " + previous +
                                             " is intact: free space and continue with --resume"));
        }
        if (state_.bestCheckpoint == CheckpointLayout::nameOfStep(state_.step))
            store_->markBest(state_.bestCheckpoint, state_.best);
        event("checkpoint", fmt::format("saved {} ({})", dir.string(), reason),
              {{"checkpoint", dir.filename().string()}, {"reason", reason}});
        writeStatus("running");
    }
    if (collective_) collective_->barrier();
}

void Trainer::restore() {
    auto loaded = store_->loadLatest();
    if (!loaded) {
        if (request_.resume) event("warning", "no complete checkpoint yet; starting from step 0");
        return;
    }
    const std::string origin = loaded->dir.string();
    {
        torch::NoGradGuard noGrad;
        model::Encoder saved = model::loadHuggingFaceEncoder(loaded->dir, nullptr, dtype_);
        auto src = saved->named_parameters(true);
        for (auto& p : encoder_->named_parameters(true))
            p.value().copy_(src[p.key()]);
    }
    for (auto& o : objectives_) {
        const std::string prefix = o->name() + ".";
        torch::NoGradGuard noGrad;
        auto restoreInto = [&](const std::string& key, torch::Tensor& t) {
            auto it = loaded->heads.find(prefix + key);
            if (it == loaded->heads.end())
                throw CheckpointError(origin + ": heads.safetensors lacks '" + prefix + key + "'");
            t.copy_(it->second);
        };
        for (auto& p : o->heads().named_parameters(true))
            restoreInto(p.key(), p.value());
        for (auto& b : o->heads().named_buffers(true))
            restoreInto(b.key(), b.value());
        auto it = loaded->state.objectives.find(o->name());
        if (it == loaded->state.objectives.end())
            throw CheckpointError(origin + ": trainer_state.json has no state for objective '" +
                                  o->name() + "'");
        o->loadState(it->second, origin);
        o->loadTensors(loaded->optimizer, origin);
    }
    std::map<std::string, torch::Tensor> opt;
    for (const auto& [k, v] : loaded->optimizer)
        if (k.rfind("optimizer.", 0) == 0) opt[k.substr(10)] = v;
    optimizer_->loadState(opt, origin + "/optimizer.safetensors");
    state_ = loaded->state;
    event("resumed", fmt::format("resumed from {} at step {}", origin, state_.step),
          {{"checkpoint", loaded->dir.filename().string()}});
}

void Trainer::announce() {
    writeStatus("running");
    event("started",
          fmt::format("{} {}: step {} of {}, {} process(es) x {} thread(s), {}", config_.name,
                      request_.resume ? "resumed" : "started", state_.step,
                      config_.schedule.maxSteps, world_, threads_, deviceName_),
          {{"world_size", world_}, {"threads", threads_}, {"host", runtime::hostName()}});
    if (rank0_ && objectives_.size() > 1) {
        std::string terms;
        for (size_t i = 0; i < objectives_.size(); ++i)
            terms += fmt::format("{}{} x {}", i ? " + " : "", settings_[i]->lossWeight,
                                 objectives_[i]->name());
        if (config_.schedule.mixing == Mixing::Sum)
            spdlog::info("each step optimises {} (schedule.mixing = sum), one batch each", terms);
        else
            spdlog::info(
                "each micro-batch trains one objective drawn by weight from {} "
                "(schedule.mixing = sample)",
                terms);
    }
    if (!rank0_) return;
    // What this run logs and how to chart it, for the Runs view (and any reader of the file):
    // the trainer's metrics and those the enabled objectives declare.
    SchemaRecord schema;
    schema.step = state_.step;
    auto& list = schema.metrics;
    // The dev figures say how they are measured (one definition: describeBitextAccuracy).
    const std::string dev =
        describeBitextAccuracy(BitextReportOptions::of(config_), config_.data.devPairs);
    for (const auto& m : trainerMetrics()) {
        list.push_back(declaration(m, ""));
        if (m.key == record_keys::kBitextAcc ||
            m.key == std::string(record_keys::kBitextAcc) + "/*")
            list.back().definition = dev;
        else if (m.key == record_keys::kBitextAccShifted ||
                 m.key == std::string(record_keys::kBitextAccShifted) + "/*")
            list.back().definition =
                dev + (config_.eval.transductiveShift
                           ? "; after subtracting each evaluated side's own mean vector "
                             "(eval.transductive_shift)"
                           : fmt::format("; after subtracting each language's mean vector over "
                                         "{} sentences of the training documents (CCP 3.2)",
                                         config_.eval.meanSentences));
    }
    for (const auto& o : objectives_) {
        const ObjectiveSpec* spec = findObjectiveSpec(o->name());
        bool declaresLoss = false;
        for (const auto& m : spec->metrics) {
            if (spec->logs && !spec->logs(config_, m)) continue;
            list.push_back(declaration(m, spec->name));
            declaresLoss = declaresLoss || m.key == "loss/" + spec->name;
        }
        if (!declaresLoss)
            list.push_back(declaration({"loss/" + spec->name, spec->name + " loss", "",
                                        MetricGroup::Losses, MetricKind::Train, Better::Lower},
                                       spec->name));
    }
    schema.time = nowSeconds();
    appendRunRecord(*metrics_, schema);
}

std::pair<bool, bool> Trainer::anyRank(bool a, bool b) {
    if (!collective_) return {a, b};
    // host: the collective moves it to its device
    std::vector<torch::Tensor> t{torch::tensor({a ? 1.0 : 0.0, b ? 1.0 : 0.0}, torch::kFloat64)};
    collective_->allReduceSum(t);
    return {t[0][0].item<double>() > 0, t[0][1].item<double>() > 0};
}

TrainResult Trainer::loop(const Scheduler& scheduler) {
    if (scheduler.evaluateAtStart(state_.step)) evaluateStart();  // the initialisation point
    if (scheduler.monitorAtStart(state_.step)) monitor();
    // The time budget counts training, not set-up, unless the request says from when.
    const double sessionStarted = request_.budgetFrom > 0 ? request_.budgetFrom : nowSeconds();
    Scheduler::Stop why = scheduler.stopAfter(state_.step, false, false);
    while (why == Scheduler::Stop::Continue) {
        trainStep();
        const bool improved = scheduler.evaluateAfter(state_.step) && evaluate(false);
        if (scheduler.monitorAfter(state_.step)) monitor();
        if (auto reason = scheduler.checkpointAfter(state_.step, improved); !reason.empty())
            saveCheckpoint(reason);
        // Every rank stops at the same step: a request or a spent budget on any rank stops all.
        const auto [requested, outOfTime] =
            anyRank(request_.feedback && request_.feedback->stopRequested(),
                    scheduler.outOfTime(nowSeconds() - sessionStarted));
        why = scheduler.stopAfter(state_.step, requested, outOfTime);
    }
    return finish(why);
}

TrainResult Trainer::finish(Scheduler::Stop why) {
    const bool finished = why == Scheduler::Stop::Finished;
    const bool evaluateNow =
        finished || (request_.evaluateAtStop && state_.step > 0 && lastEvalStep_ != state_.step);
    if (evaluateNow && request_.finalEvaluation) evaluate(true);
    const std::string reason = finished ? "end of run" : Scheduler::describe(why);
    saveCheckpoint(reason);
    event(finished ? "finished" : "stopped",
          finished ? fmt::format("finished at step {} after {:.0f} s of training", state_.step,
                                 state_.elapsed)
                   : fmt::format("stopped at step {} ({})", state_.step, reason));
    const char* stopReason = why == Scheduler::Stop::TimeBudget  ? "time budget"
                             : why == Scheduler::Stop::StepLimit ? "step limit"
                             : why == Scheduler::Stop::Requested ? "requested"
                                                                 : "";
    writeStatus(finished ? "finished" : "stopped", stopReason);
    TrainResult result;
    result.status = finished ? TrainResult::Status::Finished : TrainResult::Status::Stopped;
    result.step = state_.step;
    result.checkpoint = run_.checkpointAtStep(state_.step).dir;
    result.bestMetric = state_.best;
    return result;
}

TrainResult Trainer::run() {
    started_ = nowSeconds();
    startProcessGroup();
    dtype_ = config_.runtime.precision == Precision::Fp64 ? torch::kFloat64 : torch::kFloat32;
    DefaultDtypeGuard dtypeGuard(dtype_);
    openData();
    prepareRunDirectory();
    openLogs();
    struct SinkGuard {
        std::shared_ptr<spdlog::sinks::basic_file_sink_mt>& sink;
        ~SinkGuard() {
            if (!sink) return;
            auto& sinks = spdlog::default_logger()->sinks();
            sinks.erase(std::remove(sinks.begin(), sinks.end(), sink), sinks.end());
        }
    } guard{logSink_};
    buildModel();
    buildObjectives();
    store_ = std::make_unique<CheckpointStore>(run_.checkpoints(), config_.checkpoint.keepLast);
    restore();
    announce();
    const Scheduler scheduler(
        Scheduler::optionsFrom(config_, request_.stopAfter, request_.stopAfterSeconds));
    return loop(scheduler);
}

}  // namespace

std::string trainStepDetail(double loss, const std::string& objectives, double lr,
                            double tokensPerSecond, double elapsedSeconds) {
    return fmt::format("loss {:.4f} ({})  lr {:.2e}  {:.0f} tok/s  {:.0f} s", loss, objectives, lr,
                       tokensPerSecond, elapsedSeconds);
}

TrainResult runTraining(const TrainRequest& request) {
    Trainer trainer(request);
    TrainResult result = trainer.runAndRecord();
    if (request.feedback) request.feedback->throwIfCancelled();  // its checkpoint is saved
    return result;
}

}  // namespace isomorph::train

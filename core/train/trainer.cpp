#include "core/train/trainer.h"

#include "core/train/trainer_impl.h"

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
#include "core/eval/bitext_report.h"
#include "core/eval/probes.h"
#include "core/model/checkpoint_tokenizer.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/model_init.h"
#include "core/runtime/device.h"
#include "core/runtime/scoped_thread_counts.h"
#include "core/runtime/system_info.h"
#include "core/runtime/torch_version.h"
#include "core/train/adamw.h"
#include "core/train/checkpoint_store.h"
#include "core/train/collective.h"
#include "core/train/distributed.h"
#include "core/train/objective_registry.h"
#include "core/train/objectives/mlm_objective.h"
#include "core/train/objectives/objective.h"
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

namespace detail {

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

double meanOf(const std::vector<double>& v) {
    double m = 0;
    for (double x : v)
        m += x / static_cast<double>(v.size());
    return m;
}

namespace {

constexpr uint64_t kTaskTag = 0x7A5C;
constexpr uint64_t kDropoutTag = 0xD50;

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

}  // namespace

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

void Trainer::startProcessGroup() {
    collective_ = collectiveFromEnvironment(config_.runtime.device);
    rank0_ = !collective_ || collective_->rank() == 0;
    world_ = collective_ ? collective_->worldSize() : 1;
    state_.worldSize = world_;
    // The run speaks through rank 0; the other ranks' logs keep only warnings and errors (sixteen
    // copies of every event help nobody), and rank 0's collective error names a lost rank.
    if (!rank0_) spdlog::set_level(spdlog::level::warn);
    config_.validate("run config");
    const auto device = runtime::parseDevice(config_.runtime.device, "runtime.device");
    runtime::requireAvailable(device, "runtime.device");
    deviceName_ = device.toString();
    device_ = torch::Device(torch::kCPU);
    const WorkerEnvironment launch = readWorkerEnvironment();
    const int local = collective_ ? launch.localWorldSize : 1;
    if (device.isCuda()) {
        // Data-parallel workers on one machine take one GPU each (LOCAL_RANK), as torchrun does.
        const int index = collective_ ? launch.localRank : std::max(0, device.index);
        device_ = torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
    }
    // The node's cores are shared by its own workers (LOCAL_WORLD_SIZE), not by the world's.
    threads_ = static_cast<int>(config_.runtime.threads);
    if (threads_ == 0)
        threads_ = std::max(
            1, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())) / local);
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
        devPairs_ = eval::loadBitextPairs(pairs, config_.eval.maxPairs, maxTokens);
        if (!config_.eval.transductiveShift)  // RunConfig::problems asks for data.docs then
            meanSentences_ =
                eval::sampleSentencesByLanguage(*docs_, config_.eval.meanSentences, maxTokens);
    }
    if (docs_)
        probe_ = eval::sampleProbeSentences(*docs_, config_.monitor.probeSize, maxTokens);
    else if (rank0_)
        spdlog::info("no data.docs: the health probe (embedding spread, uniformity) is off");
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
    // runtime.attention "auto": the fused kernels where LibTorch has them (2.x).
    model::setFusedAttention(
        encoder_, config_.runtime.attention == "fused" ||
                      (config_.runtime.attention == "auto" && ISOMORPH_TORCH_AT_LEAST(2, 0)));
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
    for (const char* name :
         {CheckpointLayout::kTokenizerConfigFile, CheckpointLayout::kSpecialTokensFile,
          CheckpointLayout::kSentenceTransformersConfigFile}) {
        if (!fs::is_regular_file(init / name)) continue;
        carried_.push_back({name, readWholeFile(init / name)});
    }
    if (tokenizerFile_.empty())
        throw CheckpointError(init.string() +
                              " has no tokenizer (sentencepiece.bpe.model, tokenizer.json or "
                              "vocab.txt)");
    // Shards hold the tokenizer's ids, which the embedding must cover; its rows may be more
    // (multilingual-e5: 250,002 ids, 250,037 rows), so the count to match is the tokenizer's.
    // The tokenizer is read only for a set that does not match the rows (most models have one
    // row per id).
    const int64_t rows = encoder_->config.vocabSize;
    std::optional<model::CheckpointTokenizer> tokenizer;  // read once, when needed
    auto initTokenizer = [&]() -> const model::CheckpointTokenizer& {
        if (!tokenizer) tokenizer = model::loadCheckpointTokenizer(init);
        return *tokenizer;
    };
    auto checkShards = [&](const data::shards::ShardSet& set, const std::string& what) {
        if (set.vocabSize() == rows) return;
        const int64_t ids = std::min<int64_t>(rows, initTokenizer().vocabSize);
        if (set.vocabSize() == ids) return;
        throw DataError(fmt::format(
            "{} was binarized with a {}-id tokenizer but the model's tokenizer has {} ids ({} "
            "embeddings); binarize the corpus with the model's tokenizer (isomorph-cli corpus "
            "binarize --tokenizer {})",
            what, set.vocabSize(), ids, rows, init.string()));
    };
    if (docs_) checkShards(*docs_, config_.data.docs);
    if (pairs_) checkShards(*pairs_, config_.data.pairs + " (data.pairs)");
    // The dev bitext and the probes measure the sentence vector users get: with the model's
    // sentence prompt (multilingual-e5: "query: "), as `eval bitext` and `encode` apply it.
    if (const std::string text = model::promptText(init, model::TextRole::Sentence);
        !text.empty()) {
        const std::vector<int32_t> prompt = initTokenizer().encode(text);
        eval::insertPrompt(devPairs_, prompt);
        for (auto& [language, set] : meanSentences_)
            eval::insertPrompt(set, prompt);
        eval::insertPrompt(probe_, prompt);
        if (rank0_)
            spdlog::info("dev bitext and probes: sentences get the model's prompt ({} ids)",
                         prompt.size());
    }
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

std::pair<bool, bool> Trainer::anyRank(bool a, bool b) {
    if (!collective_) return {a, b};
    // host: the collective moves it to its device
    std::vector<torch::Tensor> t{torch::tensor({a ? 1.0 : 0.0, b ? 1.0 : 0.0}, torch::kFloat64)};
    collective_->allReduceSum(t);
    return {t[0][0].item<double>() > 0, t[0][1].item<double>() > 0};
}

TrainResult Trainer::loop(const Scheduler& scheduler, DeadlineWatch& deadline) {
    if (scheduler.evaluateAtStart(state_.step)) evaluateStart();  // the initialisation point
    if (scheduler.monitorAtStart(state_.step)) monitor();
    deadline.loopStarted(SteadyClock::now());  // seconds of training count from here
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
                    deadline.afterStep(SteadyClock::now()));
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
    // The deadline's clock starts before the set-up: its first gap includes it.
    DeadlineWatch deadline(request_.deadline, SteadyClock::now());
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
    const Scheduler scheduler(Scheduler::optionsFrom(config_, request_.deadline.steps));
    return loop(scheduler, deadline);
}

void Trainer::setAutocast(bool on) {
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

}  // namespace detail

std::string trainStepDetail(double loss, const std::string& objectives, double lr,
                            double tokensPerSecond, double elapsedSeconds) {
    return fmt::format("loss {:.4f} ({})  lr {:.2e}  {:.0f} tok/s  {:.0f} s", loss, objectives, lr,
                       tokensPerSecond, elapsedSeconds);
}

TrainResult runTraining(const TrainRequest& request) {
    detail::Trainer trainer(request);
    TrainResult result = trainer.runAndRecord();
    if (request.feedback) request.feedback->throwIfCancelled();  // its checkpoint is saved
    return result;
}

}  // namespace isomorph::train

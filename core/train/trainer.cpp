#include "core/train/trainer.h"

#if ISOMORPH_WITH_CUDA
#include <ATen/autocast_mode.h>
#include <c10/cuda/CUDACachingAllocator.h>
#endif

#include <chrono>
#include <cmath>
#include <fstream>
#include <map>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/spdlog.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/data/samplers/random.h"
#include "core/data/shards/shard_set.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/model_init.h"
#include "core/runtime/device.h"
#include "core/runtime/system_info.h"
#include "core/train/adamw.h"
#include "core/train/checkpoint_store.h"
#include "core/train/collective.h"
#include "core/train/distributed.h"
#include "core/train/objectives/ccp_objective.h"
#include "core/train/objectives/mlm_objective.h"
#include "core/train/probes.h"
#include "core/train/run_log/metrics_log.h"
#include "core/train/run_log/tfevents.h"
#include "core/train/schedule.h"

namespace isomorph::train {

namespace fs = std::filesystem;
using json = nlohmann::json;

std::string checkpointName(int64_t step) {
    return fmt::format("step-{:08d}", step);
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

/// Everything one run needs, in one place; the loop itself is Trainer::run.
class Trainer {
  public:
    explicit Trainer(const TrainRequest& request);
    TrainResult run();
    /// run(), recording a failure in status.json and as an event before rethrowing.
    TrainResult runAndRecord() {
        try {
            return run();
        } catch (const Diverged& e) {
            recordFailure("diverged", e.what());
            throw;
        } catch (const std::exception& e) {
            recordFailure("failed", e.what());
            throw;
        }
    }

  private:
    void prepareRunDirectory();
    void buildModel();
    void buildObjectives();
    void restore();
    void trainStep();
    bool evaluate(bool final);  ///< true when the dev metric improved
    void monitor();
    void saveCheckpoint(const std::string& reason);
    void writeStatus(const std::string& state);
    void recordFailure(const std::string& state, const std::string& message);
    void event(const std::string& name, const std::string& message, json extra = json::object());
    void logScalars(const json& record);
    size_t chooseObjective(int64_t micro) const;

    TrainRequest request_;
    RunConfig config_;
    fs::path runDir_;
    bool rank0_ = true;
    std::unique_ptr<Collective> collective_;
    torch::Device device_ = torch::kCPU;
    model::Pooling pooling_;

    data::shards::ShardSet docs_;
    model::Encoder encoder_ = nullptr;
    std::string tokenizerFile_, tokenizerBytes_;
    std::vector<std::unique_ptr<Objective>> objectives_;
    std::vector<double> taskWeights_;
    std::unique_ptr<AdamW> optimizer_;
    std::unique_ptr<CheckpointStore> store_;

    std::vector<BitextPairs> devPairs_;
    SentenceSet probe_;

    std::unique_ptr<MetricsLog> metrics_;
    std::unique_ptr<TfEventsWriter> events_;

    TrainingState state_;  ///< counters saved in checkpoints (step, elapsed, best, ...)
    double lastLoss_ = 0;
    std::string lastObjective_;
    double started_ = 0;
    int64_t savedStep_ = -1;
    std::shared_ptr<spdlog::sinks::basic_file_sink_mt> logSink_;  ///< RUN/log.txt (rank 0)

    /// Mixed precision (CUDA only; validate() refuses it on CPU): autocast in the forward pass.
    void setAutocast(bool on) {
#if ISOMORPH_WITH_CUDA
        if (config_.runtime.precision == "fp32") return;
        if (on)
            at::autocast::set_autocast_gpu_dtype(config_.runtime.precision == "bf16" ? at::kBFloat16
                                                                                     : at::kHalf);
        at::autocast::set_enabled(on);
        if (!on) at::autocast::clear_cache();
#else
        (void)on;
#endif
    }
};

Trainer::Trainer(const TrainRequest& request)
    : request_(request), config_(request.config), runDir_(request.runDir) {}

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
    extra["kind"] = "event";
    extra["event"] = name;
    extra["message"] = message;
    extra["step"] = state_.step;
    extra["time"] = nowSeconds();
    metrics_->append(extra);
}

void Trainer::logScalars(const json& record) {
    if (!rank0_) return;
    metrics_->append(record);
    const double t = record.value("time", nowSeconds());
    const std::string prefix = record.value("kind", "train") == "eval" ? "eval/" : "train/";
    std::vector<std::pair<std::string, float>> scalars;
    for (const auto& [key, value] : record.items()) {
        if (!value.is_number() || key == "step" || key == "time") continue;
        scalars.emplace_back(prefix + key, value.get<float>());
    }
    events_->addScalars(scalars, state_.step, t);
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

void Trainer::writeStatus(const std::string& state) {
    if (!rank0_) return;
    json s = {{"state", state},
              {"step", state_.step},
              {"max_steps", config_.schedule.maxSteps},
              {"pid", static_cast<int64_t>(getpid())},
              {"host", runtime::hostName()},
              {"started", started_},
              {"updated", nowSeconds()},
              {"best_metric", std::isnan(state_.best) ? json(nullptr) : json(state_.best)},
              {"metric", config_.eval.metric},
              {"world_size", collective_ ? collective_->worldSize() : 1}};
    writeFileAtomically(runDir_ / "status.json", s.dump(2) + "\n");
}

void Trainer::prepareRunDirectory() {
    const fs::path frozen = runDir_ / "config.toml";
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
        fs::create_directories(runDir_ / "checkpoints");
        writeFileAtomically(frozen, runConfigToToml(config_));
    }
    if (collective_) collective_->barrier();
}

void Trainer::buildModel() {
    fs::path init = config_.model.init;
    if (config_.model.init == "scratch") {
        init = runDir_ / "init";
        if (rank0_ && !fs::exists(init / "model.safetensors")) {
            model::EncoderConfig c;
            c.numLayers = config_.model.layers;
            c.hiddenSize = config_.model.hidden;
            c.numHeads = config_.model.heads;
            c.intermediateSize = config_.model.ffn;
            c.maxPositions = config_.model.maxPositions;
            c.hiddenDropout = c.attentionDropout = config_.model.dropout;
            model::createInitialCheckpoint(c, config_.model.tokenizer, init, config_.runtime.seed);
        }
        if (collective_) collective_->barrier();
    }
    encoder_ = model::loadHuggingFaceEncoder(init);
    encoder_->config.hiddenDropout = encoder_->config.attentionDropout = config_.model.dropout;
    for (auto& m : encoder_->modules(false))
        if (auto* d = m->as<torch::nn::DropoutImpl>()) d->options.p(config_.model.dropout);
    for (const char* name : {"sentencepiece.bpe.model", "vocab.txt"}) {
        if (!fs::exists(init / name)) continue;
        std::ifstream in(init / name, std::ios::binary);
        tokenizerFile_ = name;
        tokenizerBytes_.assign(std::istreambuf_iterator<char>(in), {});
        break;
    }
    if (tokenizerFile_.empty())
        throw CheckpointError(init.string() +
                              " has no tokenizer (sentencepiece.bpe.model or "
                              "vocab.txt)");
    if (docs_.vocabSize() != encoder_->config.vocabSize)
        throw DataError(config_.data.docs + " was binarized with a " +
                        std::to_string(docs_.vocabSize()) + "-id tokenizer but the model has " +
                        std::to_string(encoder_->config.vocabSize) +
                        " embeddings; binarize the corpus with the model's tokenizer");
    encoder_->to(device_);
    pooling_ = model::Pooling::parse(config_.model.pooling, "model.pooling");
    if (pooling_.kind == model::Pooling::Kind::LayerMean &&
        pooling_.layer > encoder_->config.numLayers)
        throw ConfigError("model.pooling layer:" + std::to_string(pooling_.layer) +
                          ": the model has " + std::to_string(encoder_->config.numLayers) +
                          " layers");
}

void Trainer::buildObjectives() {
    const int rank = collective_ ? collective_->rank() : 0;
    const int world = collective_ ? collective_->worldSize() : 1;
    torch::manual_seed(config_.runtime.seed);  // head initialisation
    if (config_.mlm.weight > 0) {
        objectives_.push_back(
            std::make_unique<MlmObjective>(config_, docs_, encoder_, rank, world));
        taskWeights_.push_back(config_.mlm.weight);
    }
    if (config_.ccp.weight > 0) {
        objectives_.push_back(
            std::make_unique<CcpObjective>(config_, docs_, encoder_, rank, world, device_));
        taskWeights_.push_back(config_.ccp.weight);
    }
    std::vector<std::pair<std::string, torch::Tensor>> params;
    for (auto& p : encoder_->named_parameters(true))
        params.emplace_back(p.key(), p.value());
    for (auto& o : objectives_) {
        o->heads().to(device_);
        for (auto& p : o->heads().named_parameters(true))
            params.emplace_back("heads." + o->name() + "." + p.key(), p.value());
    }
    optimizer_ = std::make_unique<AdamW>(std::move(params), config_.optimizer);
}

size_t Trainer::chooseObjective(int64_t micro) const {
    // Per-batch task sampling keyed by (seed, step, micro): the same on every rank and on resume.
    data::samplers::Rng rng(data::samplers::deriveKey(config_.runtime.seed, kTaskTag,
                                                      static_cast<uint64_t>(state_.step),
                                                      static_cast<uint64_t>(micro)));
    double total = 0;
    for (double w : taskWeights_)
        total += w;
    double x = rng.uniform() * total;
    for (size_t i = 0; i < taskWeights_.size(); ++i) {
        if (x < taskWeights_[i]) return i;
        x -= taskWeights_[i];
    }
    return taskWeights_.size() - 1;
}

void Trainer::trainStep() {
    const auto t0 = std::chrono::steady_clock::now();
    const double lr = scheduledLearningRate(config_.schedule, config_.optimizer.lr, state_.step);
    encoder_->train();
    for (auto& o : objectives_)
        o->heads().train();
    std::map<std::string, std::vector<double>> losses;
    std::map<std::string, std::vector<double>> extra;
    int64_t tokens = 0, samples = 0;
    double weighted = 0;
    const int64_t accumulation = config_.optimizer.accumulation;
    for (int64_t micro = 0; micro < accumulation; ++micro) {
        Objective& objective = *objectives_[chooseObjective(micro)];
        const uint64_t key = data::samplers::deriveKey(config_.runtime.seed, kDropoutTag,
                                                       static_cast<uint64_t>(state_.step),
                                                       static_cast<uint64_t>(micro));
        torch::manual_seed(key);  // dropout of this micro-batch, identical after a resume
        StepContext context{encoder_, device_, state_.step, micro, key, collective_.get()};
        setAutocast(true);
        ObjectiveOutput out = objective.forward(context);
        setAutocast(false);
        double value = out.loss.item<double>();
        if (collective_) {
            // Report the mean over ranks (MLM's loss is split across ranks); all ranks then also
            // agree on a NaN and stop together.
            std::vector<double> v{value};
            for (const auto& m : out.metrics)
                v.push_back(m.second);
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
                            (runDir_ / "checkpoints" / checkpointName(state_.step)).string()));
        }
        const double weight =
            objective.name() == "mlm" ? config_.mlm.lossWeight : config_.ccp.lossWeight;
        (out.loss *
         (weight * out.gradientScale * state_.lossScale / static_cast<double>(accumulation)))
            .backward();
        losses[objective.name()].push_back(value);
        for (const auto& [k, v] : out.metrics)
            extra[objective.name() + "/" + k].push_back(v);
        weighted += weight * value / static_cast<double>(accumulation);
        tokens += out.tokens;
        samples += out.samples;
    }
    if (collective_) {
        std::vector<torch::Tensor> grads;
        for (const auto& [name, p] : optimizer_->parameters())
            if (p.grad().defined()) grads.push_back(p.mutable_grad());
        collective_->allReduceMean(grads);
    }
    if (state_.lossScale != 1.0) {
        torch::NoGradGuard noGrad;
        for (const auto& [name, p] : optimizer_->parameters())
            if (p.grad().defined()) p.grad().div_(state_.lossScale);
    }
    const double gradNorm = optimizer_->clipGradNorm(config_.optimizer.gradClip);
    bool skipped = false;
    if (!std::isfinite(gradNorm) && config_.runtime.precision == "fp16") {
        // fp16 overflow: skip the update and halve the loss scale (dynamic loss scaling).
        skipped = true;
        state_.lossScale = std::max(1.0, state_.lossScale / 2);
        state_.goodSteps = 0;
    } else if (!std::isfinite(gradNorm)) {
        optimizer_->zeroGrad();
        saveCheckpoint("diverged");
        throw Diverged(
            fmt::format("step {}: the gradient norm is {} (objective {}); stopped with "
                        "a checkpoint of the last good state. Lower optimizer.lr or "
                        "set optimizer.grad_clip.",
                        state_.step + 1, gradNorm, losses.begin()->first));
    }
    if (!skipped) optimizer_->step(lr);
    optimizer_->zeroGrad();
    if (config_.runtime.precision == "fp16" && !skipped && ++state_.goodSteps % 2000 == 0)
        state_.lossScale *= 2;
    ++state_.step;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state_.elapsed += seconds;

    json r = {{"kind", "train"}, {"step", state_.step}, {"time", nowSeconds()}};
    std::string names;
    for (const auto& [name, values] : losses) {
        double mean = 0;
        for (double v : values)
            mean += v / static_cast<double>(values.size());
        r["loss/" + name] = mean;
        names += (names.empty() ? "" : "+") + name;
    }
    for (const auto& [name, values] : extra) {
        double mean = 0;
        for (double v : values)
            mean += v / static_cast<double>(values.size());
        r[name] = mean;
    }
    const int world = collective_ ? collective_->worldSize() : 1;
    r["loss"] = weighted;
    r["lr"] = lr;
    r["grad_norm"] = gradNorm;
    r["tokens_per_s"] = static_cast<double>(tokens * world) / seconds;
    r["samples_per_s"] = static_cast<double>(samples * world) / seconds;
    r["step_time"] = seconds;
    r["elapsed"] = state_.elapsed;
    r["rss_peak_mb"] = peakRssMb();
    if (config_.runtime.precision == "fp16") {
        r["loss_scale"] = state_.lossScale;
        r["skipped"] = skipped ? 1 : 0;
    }
    r["device_mem_mb"] = deviceMemoryPeakMb(device_);
    logScalars(r);
    lastLoss_ = weighted;
    lastObjective_ = names;
    if (request_.progress && rank0_) {
        TrainProgress p;
        p.step = state_.step;
        p.maxSteps = config_.schedule.maxSteps;
        p.loss = weighted;
        p.lr = lr;
        p.tokensPerSecond = r["tokens_per_s"];
        p.elapsedSeconds = state_.elapsed;
        p.objective = names;
        request_.progress(p);
    }
}

bool Trainer::evaluate(bool final) {
    if (devPairs_.empty()) return false;
    torch::NoGradGuard noGrad;
    encoder_->eval();
    BitextScores s = evaluateBitext(encoder_, devPairs_, pooling_, device_);
    json r = {{"kind", "eval"},
              {"step", state_.step},
              {"time", nowSeconds()},
              {"bitext_acc", s.accuracy},
              {"bitext_acc_shifted", s.accuracyShifted},
              {"bitext_pairs", s.pairs}};
    for (const auto& [pair, v] : s.perPair)
        r["bitext_acc/" + pair] = v;
    logScalars(r);
    const double value = config_.eval.metric == "bitext_acc" ? s.accuracy : s.accuracyShifted;
    spdlog::info("step {}: dev bitext accuracy {:.2f}% (after mean shift {:.2f}%) over {} pairs{}",
                 state_.step, 100 * s.accuracy, 100 * s.accuracyShifted, s.pairs,
                 final ? " (final)" : "");
    // The random-initialisation point is a reference, not a checkpoint candidate.
    if (state_.step == 0 || !(std::isnan(state_.best) || value > state_.best)) return false;
    state_.best = value;
    state_.bestCheckpoint = checkpointName(state_.step);
    return true;
}

void Trainer::monitor() {
    torch::NoGradGuard noGrad;
    encoder_->eval();
    HealthScores h = evaluateHealth(encoder_, probe_, devPairs_, pooling_, device_);
    json r = {{"kind", "eval"},         {"step", state_.step},      {"time", nowSeconds()},
              {"collapse", h.collapse}, {"alignment", h.alignment}, {"uniformity", h.uniformity}};
    // Randomly initialised and pretrained encoders are already anisotropic (all sentence vectors
    // close together), so collapse is judged against the run's first probe, not in absolute terms.
    if (std::isnan(state_.collapseReference)) state_.collapseReference = h.collapse;
    const double ratio = state_.collapseReference > 0 ? h.collapse / state_.collapseReference : 1.0;
    r["collapse_ratio"] = ratio;
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
        fs::path dir;
        try {
            dir = store_->save(encoder_, {tokenizerFile_, tokenizerBytes_}, heads, optimizer, state,
                               checkpointName(state_.step));
        } catch (const Error& e) {
            const std::string previous = store_->latestName();
            throw CheckpointError(std::string(e.what()) + "\nsaving checkpoint " +
                                  checkpointName(state_.step) + " failed; " +
                                  (previous.empty()
                                       ? std::string("no earlier checkpoint exists")
                                       : "the previous checkpoint " + previous +
                                             " is intact: free space and continue with --resume"));
        }
        if (state_.bestCheckpoint == checkpointName(state_.step))
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
        model::Encoder saved = model::loadHuggingFaceEncoder(loaded->dir);
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

TrainResult Trainer::run() {
    started_ = nowSeconds();
    collective_ = collectiveFromEnvironment(config_.runtime.device);
    rank0_ = !collective_ || collective_->rank() == 0;
    const int world = collective_ ? collective_->worldSize() : 1;
    config_.validate("run config");
    const auto device = runtime::parseDevice(config_.runtime.device, "runtime.device");
    runtime::requireAvailable(device, "runtime.device");
    device_ = torch::Device(torch::kCPU);
    if (device.isCuda()) {
        // Data-parallel workers on one machine take one GPU each (LOCAL_RANK), as torchrun does.
        const int index =
            collective_ ? readWorkerEnvironment().localRank : std::max(0, device.index);
        device_ = torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
    }
    int threads = static_cast<int>(config_.runtime.threads);
    if (threads == 0)
        threads = std::max(
            1, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())) / world);
    runtime::configureThreads(threads);

    if (config_.runtime.precision == "fp16") state_.lossScale = 65536.0;
    prepareRunDirectory();
    if (rank0_) {
        logSink_ =
            std::make_shared<spdlog::sinks::basic_file_sink_mt>((runDir_ / "log.txt").string());
        spdlog::default_logger()->sinks().push_back(logSink_);
        metrics_ = std::make_unique<MetricsLog>(runDir_);
        events_ = std::make_unique<TfEventsWriter>(runDir_);
    }
    struct SinkGuard {
        std::shared_ptr<spdlog::sinks::basic_file_sink_mt> sink;
        ~SinkGuard() {
            if (!sink) return;
            auto& sinks = spdlog::default_logger()->sinks();
            sinks.erase(std::remove(sinks.begin(), sinks.end(), sink), sinks.end());
        }
    } guard{logSink_};

    docs_ = data::shards::ShardSet::open(config_.data.docs);
    buildModel();
    buildObjectives();
    store_ =
        std::make_unique<CheckpointStore>(runDir_ / "checkpoints", config_.checkpoint.keepLast);
    if (!config_.data.devPairs.empty()) {
        auto pairs = data::shards::ShardSet::open(config_.data.devPairs);
        devPairs_ = loadBitextPairs(pairs, config_.eval.maxPairs,
                                    static_cast<uint32_t>(config_.data.maxTokens));
    }
    probe_ = sampleProbeSentences(docs_, config_.monitor.probeSize,
                                  static_cast<uint32_t>(config_.data.maxTokens));
    restore();
    writeStatus("running");
    event("started",
          fmt::format("{} {}: step {} of {}, {} process(es) x {} thread(s), {}", config_.name,
                      request_.resume ? "resumed" : "started", state_.step,
                      config_.schedule.maxSteps, world, threads, device.toString()),
          {{"world_size", world}, {"threads", threads}, {"host", runtime::hostName()}});
    if (state_.step == 0 && config_.eval.every > 0)
        evaluate(false);  // the random-initialisation point
    if (state_.step == 0 && config_.monitor.every > 0) monitor();

    const int64_t stopAt = request_.stopAfter > 0
                               ? std::min(request_.stopAfter, config_.schedule.maxSteps)
                               : config_.schedule.maxSteps;
    TrainResult result;
    const double loopStarted = nowSeconds();  // the time budget counts training, not setup
    while (state_.step < stopAt) {
        trainStep();
        const bool last = state_.step == config_.schedule.maxSteps;
        bool improved = false;
        if (config_.eval.every > 0 && state_.step % config_.eval.every == 0 && !last)
            improved = evaluate(false);
        if (config_.monitor.every > 0 && state_.step % config_.monitor.every == 0) monitor();
        if (config_.checkpoint.every > 0 && state_.step % config_.checkpoint.every == 0 && !last)
            saveCheckpoint("periodic");
        else if (improved)
            saveCheckpoint("best dev metric");
        bool stop = request_.stop && request_.stop->load();
        const bool outOfTime = request_.stopAfterSeconds > 0 &&
                               nowSeconds() - loopStarted >= request_.stopAfterSeconds;
        stop = stop || outOfTime;
        if (collective_) {  // every rank stops at the same step
            std::vector<torch::Tensor> flag{torch::tensor({stop ? 1.0 : 0.0})};
            collective_->allReduceSum(flag);
            stop = flag[0].item<double>() > 0;
        }
        if (stop && state_.step < stopAt) {
            saveCheckpoint(outOfTime ? "time budget reached" : "stop requested");
            event("stopped", fmt::format("stopped at step {} ({})", state_.step,
                                         outOfTime ? "time budget reached" : "on request"));
            writeStatus("stopped");
            result.status = TrainResult::Status::Stopped;
            result.step = state_.step;
            result.checkpoint = runDir_ / "checkpoints" / checkpointName(state_.step);
            result.bestMetric = state_.best;
            return result;
        }
    }
    const bool finished = state_.step >= config_.schedule.maxSteps;
    if (finished) evaluate(true);
    saveCheckpoint(finished ? "end of run" : "--max-steps reached");
    event(finished ? "finished" : "stopped",
          fmt::format("{} at step {} after {:.0f} s of training", finished ? "finished" : "paused",
                      state_.step, state_.elapsed));
    writeStatus(finished ? "finished" : "stopped");
    result.status = finished ? TrainResult::Status::Finished : TrainResult::Status::Stopped;
    result.step = state_.step;
    result.checkpoint = runDir_ / "checkpoints" / checkpointName(state_.step);
    result.bestMetric = state_.best;
    return result;
}

}  // namespace

TrainResult runTraining(const TrainRequest& request) {
    Trainer trainer(request);
    return trainer.runAndRecord();
}

}  // namespace isomorph::train

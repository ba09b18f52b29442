// The run folder as the trainer writes it: the frozen config, status.json, events and metrics
// (metrics.jsonl), the TensorBoard file, log.txt, and the announcement of a run.

#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/spdlog.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/eval/bitext_report.h"
#include "core/runtime/system_info.h"
#include "core/train/collective.h"
#include "core/train/objective_registry.h"
#include "core/train/run_log/metrics_log.h"
#include "core/train/run_log/run_records.h"
#include "core/train/run_log/run_status.h"
#include "core/train/run_log/tfevents.h"
#include "core/train/schedule.h"
#include "core/train/trainer_impl.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train::detail {

using workspace::CheckpointLayout;

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
    if (!collective_) {
        v[k::kTokensPerSecond] = static_cast<double>(record.tokens) / seconds;
    } else {
        // Every rank's tokens and seconds (one small all-gather): the run's throughput is what
        // all ranks trained while the slowest paced the step, and each rank's own is charted, so
        // a slow node or a GPU that throttles shows as the rank whose line sits low.
        // host: the collective moves it to its device
        const torch::Tensor mine =
            torch::tensor({static_cast<double>(record.tokens), seconds}, torch::kFloat64);
        const torch::Tensor all =
            collective_->allGather(mine.to(device_)).to(torch::kCPU).view({world_, 2});
        const auto a = all.accessor<double, 2>();
        double tokens = 0, slowest = 0;
        for (int rank = 0; rank < world_; ++rank) {
            tokens += a[rank][0];
            slowest = std::max(slowest, a[rank][1]);
            v[fmt::format("{}/rank_{}", k::kTokensPerSecond, rank)] = a[rank][0] / a[rank][1];
        }
        v[k::kTokensPerSecond] = tokens / slowest;
    }
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
        eval::describeBitextAccuracy(devBitextOptions(config_), config_.data.devPairs);
    for (const auto& m : trainerMetrics()) {
        if (!m.charted) continue;  // bookkeeping: no chart to declare
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
    if (collective_) {
        const std::vector<std::string> hosts = collective_->hosts();
        for (int r = 0; r < world_; ++r)
            list.push_back(declaration(
                {fmt::format("{}/rank_{}", record_keys::kTokensPerSecond, r),
                 r < static_cast<int>(hosts.size())
                     ? fmt::format("Tokens / s of rank {} on {}", r, hosts[static_cast<size_t>(r)])
                     : fmt::format("Tokens / s of rank {}", r),
                 "tokens/s", MetricGroup::Throughput, MetricKind::Train, Better::Higher},
                ""));
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

}  // namespace isomorph::train::detail

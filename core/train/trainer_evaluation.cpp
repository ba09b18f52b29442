// Evaluation during training: the dev bitext accuracy (the definition in bitext_report.h), the
// initial evaluation (from a recipe's cache when it holds this start's) and the health monitor.

#include <cmath>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "core/common/atomic_file.h"
#include "core/common/hash.h"
#include "core/eval/probes.h"
#include "core/train/collective.h"
#include "core/train/run_log/run_records.h"
#include "core/train/trainer_impl.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train::detail {

using workspace::CheckpointLayout;

bool Trainer::evaluate(bool final) {
    if (devPairs_.empty()) return false;
    torch::NoGradGuard noGrad;
    encoder_->eval();
    // Means of the training text, computed once per evaluation (every dev pair uses them).
    const eval::LanguageMeans means =
        config_.eval.transductiveShift
            ? eval::LanguageMeans()
            : eval::languageMeans(encoder_, meanSentences_, config_.eval.pooling, device_);
    eval::BitextScores s = eval::evaluateBitext(encoder_, devPairs_, config_.eval.pooling, device_,
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
    eval::HealthScores h =
        eval::evaluateHealth(encoder_, probe_, devPairs_, config_.eval.pooling, device_);
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

}  // namespace isomorph::train::detail

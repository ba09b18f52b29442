#pragma once

// `eval bitext --model RUN/...` without --pairs: a run checkpoint's dev bitext accuracy measured
// exactly as its trainer measures it (train::devBitextOptions of its config), i.e. the Runs
// view's figure. The checkpoint is resolved once, so a run that moves `best` meanwhile is reported
// under the checkpoint that was measured. Torch-free header.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/eval/bitext_report.h"

namespace isomorph::workflows {

struct RunBitextRequest {
    std::filesystem::path model;         ///< a run's checkpoint folder, pointer file or run folder
    std::optional<std::string> pooling;  ///< replaces the run's eval.pooling (cls, mean, layer:K)
    std::optional<uint32_t> maxTokens;   ///< replaces the run's data.max_tokens
};

/// A setting the request replaced, for the report ("pooling layer:2 instead of the run's mean").
struct RunBitextOverride {
    std::string setting;  ///< "pooling" or "max-tokens"
    std::string given;    ///< the request's value
    std::string runs;     ///< the run's own value
};

struct RunBitextReport {
    std::filesystem::path checkpoint;  ///< the folder measured (absolute, normalised)
    std::filesystem::path config;      ///< its run's config.toml
    std::filesystem::path pairs;       ///< the run's data.dev_pairs, resolved
    std::string definition;            ///< eval::describeBitextAccuracy of the options used
    eval::BitextReportOptions options;
    std::vector<RunBitextOverride> overrides;  ///< only settings whose value changed
    eval::BitextReport report;
};

/// Measures the run checkpoint `request.model` names. Throws ConfigError when it is not a run's
/// checkpoint, the run has no dev pairs or a replaced setting is invalid (naming the setting);
/// Cancelled when `progress` asks to stop.
RunBitextReport evaluateRunBitext(const RunBitextRequest& request, Feedback* feedback = nullptr);

}  // namespace isomorph::workflows

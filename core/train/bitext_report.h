#pragma once

// Dev bitext accuracy of a checkpoint three ways (CCP section 3.2, and what the demo reports):
// raw cosine nearest neighbours, after a per-language mean shift (means of the TRAIN split's
// sentences of that language), and after an orthogonal rotation fitted with Procrustes on the
// TRAIN split's pairs of the same language pair (how isomorphic the two spaces are). Never
// fitted or tuned on the evaluated split. Torch-free header.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/common/progress.h"

namespace isomorph::train {

struct BitextReportOptions {
    std::string pooling = "cls";  ///< cls, mean or layer:K
    int64_t maxPairs = 500;       ///< evaluated pairs per language pair
    int64_t maxFitPairs = 4000;   ///< train pairs per language pair for the rotation
    uint32_t maxTokens = 64;      ///< per sentence incl. <s> </s>
};

struct BitextReport {
    struct Row {
        double raw = 0, shifted = 0, rotated = 0;  ///< top-1 accuracy, mean of both directions
        int64_t pairs = 0, fitPairs = 0;
    };
    std::map<std::string, Row> perPair;  ///< "de-en" -> accuracies
    Row mean;                            ///< unweighted mean over language pairs
    /// Dev languages with no train pairs to estimate a mean from (left unshifted).
    std::set<std::string> unshiftedLanguages;
};

/// `checkpoint` is anything model_io::resolveCheckpoint() accepts. `devPairs` and `trainPairs`
/// are pair shard sets (docs/data-formats.md). Every train pair is encoded once (for the means
/// and the rotation). `progress` hears before each language pair's work (stage such as
/// "evaluating dev pairs de-en", steps done, steps in all) and once with done == total at the
/// end; returning false stops with Cancelled. Throws DataError / CheckpointError naming the file.
BitextReport bitextReport(const std::filesystem::path& checkpoint,
                          const std::filesystem::path& devPairs,
                          const std::filesystem::path& trainPairs,
                          const BitextReportOptions& options, const ProgressFn& progress = {});

/// Several evaluated sets ({label, pair shard set}, e.g. {"dev", ...}, {"out-of-domain", ...}),
/// one report each, in order, with the train pairs (means, rotations) encoded once. Progress
/// stages name the label ("evaluating out-of-domain pairs de-en").
std::vector<BitextReport> bitextReports(
    const std::filesystem::path& checkpoint,
    const std::vector<std::pair<std::string, std::filesystem::path>>& evaluated,
    const std::filesystem::path& trainPairs, const BitextReportOptions& options,
    const ProgressFn& progress = {});

}  // namespace isomorph::train

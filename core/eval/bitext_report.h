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

#include "core/common/feedback.h"
#include "core/common/progress.h"

namespace isomorph::eval {

/// The sample and sentence vector of a bitext figure. With a run's settings
/// (train::devBitextOptions) the raw accuracy is the run's "dev bitext accuracy" (bitext_acc in
/// metrics.jsonl): the trainer, `eval bitext` on a run's checkpoint, sweeps, the demo and the Runs
/// view all measure it this way.
struct BitextReportOptions {
    std::string pooling = "cls";  ///< cls, mean or layer:K
    int64_t maxPairs = 500;       ///< evaluated pairs per language pair: the first, in set order
    int64_t maxFitPairs = 4000;   ///< train pairs per language pair for the rotation
    uint32_t maxTokens = 64;      ///< per sentence incl. <s> </s>
};

/// One line defining a bitext figure measured with `options` on the pair shard set `pairs`:
/// "top-1 cosine nearest neighbour, mean of both directions per language pair, unweighted mean
/// over language pairs; first 100 pairs of each language pair of PAIRS (set order); mean
/// pooling; sentences cut at 32 tokens". For tooltips, reports and the README.
std::string describeBitextAccuracy(const BitextReportOptions& options,
                                   const std::filesystem::path& pairs);

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

/// How raw accuracy changed from one checkpoint to another on the same set: the change of the
/// unweighted mean over the language pairs both reports have, and a two-tailed paired t-test over
/// those language pairs. Two neighbouring checkpoints of the same objective differ on the demo's
/// dev set by about half a point (docs/training.md, "Is a stage's change more than noise?"); the
/// test says whether a change is consistent across language pairs or within that noise.
struct BitextChange {
    double meanDifference = 0;  ///< after - before, raw top-1 (a fraction)
    int languagePairs = 0;      ///< compared (in both reports)
    int up = 0, down = 0;       ///< language pairs whose raw accuracy rose / fell
    double t = 0;
    double pValue = 1;  ///< two-tailed; 1 with fewer than two language pairs

    /// p < alpha: the change is consistent across language pairs.
    bool significant(double alpha = 0.05) const { return pValue < alpha; }
};
BitextChange compareBitext(const BitextReport& before, const BitextReport& after);

/// `checkpoint` is anything workspace::resolveCheckpoint() accepts. `devPairs` and `trainPairs`
/// are pair shard sets (docs/data-formats.md); without train pairs (empty path) nothing is
/// shifted or rotated (shifted and rotated equal raw, fitPairs 0). Every train pair is encoded once
/// (for the means and the rotation). `progress` hears before each language pair's work (stage such
/// as "evaluating dev pairs de-en", steps done, steps in all) and once with done == total at the
/// end; returning false stops with Cancelled. Throws DataError / CheckpointError naming the file.
BitextReport bitextReport(const std::filesystem::path& checkpoint,
                          const std::filesystem::path& devPairs,
                          const std::filesystem::path& trainPairs,
                          const BitextReportOptions& options, Feedback* feedback = nullptr);

/// Several evaluated sets ({label, pair shard set}, e.g. {"dev", ...}, {"out-of-domain", ...}),
/// one report each, in order, with the train pairs (means, rotations) encoded once. Progress
/// stages name the label ("evaluating out-of-domain pairs de-en").
std::vector<BitextReport> bitextReports(
    const std::filesystem::path& checkpoint,
    const std::vector<std::pair<std::string, std::filesystem::path>>& evaluated,
    const std::filesystem::path& trainPairs, const BitextReportOptions& options,
    Feedback* feedback = nullptr);

}  // namespace isomorph::eval

#pragma once

// `eval bitext` and `eval bucc` as core workflows (the CLI parses flags into the request and
// prints the report; a GUI calls the same functions on a worker): the set loops, the averaging,
// the calibration steps and, for mining, the threshold tuned on dev and applied to test.
// Torch-free header.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/align/bitext_metrics.h"
#include "core/align/calibration.h"
#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/eval/bucc.h"

namespace isomorph::model {
class EncodingService;
}

namespace isomorph::eval {

struct BitextRequest {
    std::filesystem::path pairs;        ///< a TSV file, a folder of xx-yy.tsv or a Tatoeba prefix
    std::string srcLang, tgtLang;       ///< "" = from the file names (loadBitextSets)
    int64_t maxPairs = 0;               ///< first pairs of each set (0 = all)
    int cslsK = 10;                     ///< CSLS neighbourhood
    std::filesystem::path calibration;  ///< "" = raw vectors; else accuracy after each step
};

struct BitextSetReport {
    std::string name;  ///< "de-en"
    std::string file;  ///< where the pairs came from
    std::size_t pairs = 0;
    align::BitextReport raw;  ///< without a calibration: both directions, cosine and CSLS
    /// With a calibration: top-1 (mean of both directions) after none, +shift, +scale, +rotation.
    std::vector<align::CalibrationReportRow> steps;
};

struct BitextEvaluationReport {
    std::vector<BitextSetReport> sets;
    double meanCosine = 0.0;  ///< mean over sets of raw.cosine.mean (no calibration)
    double meanCsls = 0.0;    ///< mean over sets of raw.csls.mean (no calibration)
    bool calibrated = false;  ///< request.calibration was given: see steps, not raw
};

/// Loads the sets (DataError/ConfigError naming the file as loadBitextSets), encodes both sides
/// of each and scores them. progress: one stage per set ("de-en", set index, sets).
BitextEvaluationReport evaluateBitextSets(model::EncodingService& encoder,
                                          const BitextRequest& request,
                                          Feedback* feedback = nullptr);

struct BuccRequest {
    /// Demo corpus mode: the corpus folder (WS/corpora/man-demo) and the source languages; each
    /// language's dev and test pairs hidden among distractors (demoMiningSet).
    std::filesystem::path demoCorpus;
    std::vector<std::string> languages;
    int distractors = 4;  ///< distractor sentences per gold pair on each side
    /// File mode (demoCorpus empty): BUCC files PREFIX.xx, PREFIX.en, PREFIX.gold.
    std::string devPrefix, testPrefix, srcLang;
    std::string tgtLang = "en";
    int k = 4;                          ///< margin neighbourhood each way
    std::filesystem::path calibration;  ///< "" = raw vectors
};

struct BuccSetReport {
    std::string name;  ///< "de-en"
    std::size_t sourceSentences = 0, targetSentences = 0;
    MiningScores dev;   ///< the threshold with the best dev F1
    MiningScores test;  ///< test scored at dev's threshold
};

struct BuccReport {
    std::vector<BuccSetReport> sets;
};

/// The BUCC protocol: mine dev, tune the threshold on it, mine test and score it at that
/// threshold, per language. ConfigError naming the missing fields when neither mode is complete.
/// progress: one stage per language ("mining de-en", index, languages).
BuccReport evaluateBucc(model::EncodingService& encoder, const BuccRequest& request,
                        Feedback* feedback = nullptr);

}  // namespace isomorph::eval

#include "core/eval/bitext_evaluation.h"

#include <optional>
#include <utility>

#include "core/common/errors.h"
#include "core/eval/eval_tasks.h"

namespace isomorph::eval {

BitextEvaluationReport evaluateBitextSets(model::EncodingService& encoder,
                                          const BitextRequest& request, Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    const auto sets =
        loadBitextSets(request.pairs, request.srcLang, request.tgtLang, request.maxPairs);
    std::optional<align::Calibration> calibration;
    if (!request.calibration.empty()) calibration = align::loadCalibration(request.calibration);
    align::BitextOptions options;
    options.cslsK = request.cslsK;

    BitextEvaluationReport report;
    report.calibrated = calibration.has_value();
    const auto n = static_cast<int64_t>(sets.size());
    std::vector<double> cosine, csls;
    for (int64_t i = 0; i < n; ++i) {
        const BitextSet& set = sets[static_cast<std::size_t>(i)];
        reportProgress(progress, set.name, i, n);
        BitextSetReport r{set.name, set.file, set.src.size(), {}, {}};
        FloatMatrix src = encodeTexts(encoder, set.src);
        FloatMatrix tgt = encodeTexts(encoder, set.tgt);
        if (calibration) {
            r.steps = align::calibrationReport(
                *calibration, {{set.srcLang, set.tgtLang, std::move(src), std::move(tgt)}},
                request.cslsK);
        } else {
            r.raw = align::evaluateBitext(src, tgt, options);
            cosine.push_back(r.raw.cosine.mean);
            csls.push_back(r.raw.csls.mean);
        }
        report.sets.push_back(std::move(r));
    }
    if (!cosine.empty()) {
        report.meanCosine = align::meanOverLanguagePairs(cosine);
        report.meanCsls = align::meanOverLanguagePairs(csls);
    }
    if (progress) progress(Progress{"", n, n});  // done: nothing left to cancel
    return report;
}

namespace {

/// (dev, test) task and source language of each set the request names.
struct MiningTask {
    std::string srcLang;
    MiningSet dev, test;
};

std::vector<MiningTask> miningTasks(const BuccRequest& request) {
    std::vector<MiningTask> tasks;
    if (!request.demoCorpus.empty()) {
        if (request.languages.empty())
            throw ConfigError("BUCC on the demo corpus " + request.demoCorpus.string() +
                              ": name at least one source language");
        for (const auto& lang : request.languages)
            tasks.push_back({lang,
                             demoMiningSet(request.demoCorpus, lang, "dev", request.distractors),
                             demoMiningSet(request.demoCorpus, lang, "test", request.distractors)});
        return tasks;
    }
    if (request.devPrefix.empty() || request.testPrefix.empty() || request.srcLang.empty())
        throw ConfigError(
            "BUCC files: a dev prefix, a test prefix and the source language are all needed "
            "(PREFIX.xx, PREFIX.en, PREFIX.gold), or a demo corpus and languages");
    tasks.push_back({request.srcLang,
                     loadBuccSet(request.devPrefix, request.srcLang, request.tgtLang),
                     loadBuccSet(request.testPrefix, request.srcLang, request.tgtLang)});
    return tasks;
}

}  // namespace

BuccReport evaluateBucc(model::EncodingService& encoder, const BuccRequest& request,
                        Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    const auto tasks = miningTasks(request);
    std::optional<align::Calibration> calibration;
    if (!request.calibration.empty()) calibration = align::loadCalibration(request.calibration);
    const align::Calibration* cal = calibration ? &*calibration : nullptr;
    BuccReport report;
    const auto n = static_cast<int64_t>(tasks.size());
    for (int64_t i = 0; i < n; ++i) {
        const MiningTask& t = tasks[static_cast<std::size_t>(i)];
        reportProgress(progress, "mining " + t.test.name, i, n);
        BuccSetReport r;
        r.name = t.test.name;
        r.sourceSentences = t.test.source.size();
        r.targetSentences = t.test.target.size();
        // The threshold is chosen on dev and only applied to test: nothing measured on test was
        // fitted on it.
        r.dev = tuneThreshold(mineSet(encoder, t.dev, request.k, cal, t.srcLang, request.tgtLang),
                              t.dev.gold);
        r.test =
            evaluateMining(mineSet(encoder, t.test, request.k, cal, t.srcLang, request.tgtLang),
                           t.test.gold, r.dev.threshold);
        report.sets.push_back(std::move(r));
    }
    if (progress) progress(Progress{"", n, n});  // done: nothing left to cancel
    return report;
}

}  // namespace isomorph::eval

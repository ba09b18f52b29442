#include "core/eval/bitext_report.h"

#include <fmt/format.h>

#include "core/align/bitext_metrics.h"
#include "core/align/procrustes.h"
#include "core/eval/probes.h"
#include "core/eval/retrieval_metrics.h"
#include "core/model/hf_checkpoint.h"
#include "core/workspace/run_layout.h"

namespace isomorph::eval {

namespace {

torch::Tensor fromMatrix(const FloatMatrix& m) {
    return torch::from_blob(const_cast<float*>(m.data.data()), {m.rows, m.cols}).clone();
}

}  // namespace

BitextChange compareBitext(const BitextReport& before, const BitextReport& after) {
    std::vector<double> a, b;
    BitextChange change;
    for (const auto& [name, row] : after.perPair) {
        auto it = before.perPair.find(name);
        if (it == before.perPair.end()) continue;
        b.push_back(it->second.raw);
        a.push_back(row.raw);
        change.up += row.raw > it->second.raw ? 1 : 0;
        change.down += row.raw < it->second.raw ? 1 : 0;
    }
    change.languagePairs = static_cast<int>(a.size());
    if (a.empty()) return change;
    change.meanDifference = align::meanOverLanguagePairs(a) - align::meanOverLanguagePairs(b);
    if (a.size() >= 2) {
        const eval::TTestResult t = eval::pairedTTest(a, b);
        change.t = t.t;
        change.pValue = t.pValue;
    }
    return change;
}

std::string describeBitextAccuracy(const BitextReportOptions& options,
                                   const std::filesystem::path& pairs) {
    return fmt::format(
        "top-1 cosine nearest neighbour, mean of both directions per language pair, unweighted "
        "mean over language pairs; the first {} pairs of each language pair of {} (set order, "
        "language pairs with at least 10); {} pooling; sentences cut at {} tokens",
        options.maxPairs, pairs.string(), options.pooling, options.maxTokens);
}

BitextReport bitextReport(const std::filesystem::path& checkpoint,
                          const std::filesystem::path& devPairs,
                          const std::filesystem::path& trainPairs,
                          const BitextReportOptions& options, Feedback* feedback) {
    return bitextReports(checkpoint, {{"dev", devPairs}}, trainPairs, options, feedback).front();
}

std::vector<BitextReport> bitextReports(
    const std::filesystem::path& checkpoint,
    const std::vector<std::pair<std::string, std::filesystem::path>>& evaluated,
    const std::filesystem::path& trainPairs, const BitextReportOptions& options,
    Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    torch::NoGradGuard noGrad;
    const std::filesystem::path resolved = workspace::resolveCheckpoint(checkpoint);
    model::Encoder encoder = model::loadHuggingFaceEncoder(resolved);
    encoder->eval();
    const auto pooling = model::Pooling::parse(options.pooling, "pooling");
    std::vector<std::vector<BitextPairs>> sets;
    size_t evaluatedPairs = 0;
    for (const auto& [label, folder] : evaluated) {
        sets.push_back(loadBitextPairs(data::shards::ShardSet::open(folder), options.maxPairs,
                                       options.maxTokens));
        evaluatedPairs += sets.back().size();
    }
    std::vector<BitextPairs> train;
    if (!trainPairs.empty())
        train = loadBitextPairs(data::shards::ShardSet::open(trainPairs), options.maxFitPairs,
                                options.maxTokens);
    // The model's sentence prompt (multilingual-e5: "query: "), as encoding text applies it.
    const auto prompt = model::promptIds(resolved, model::TextRole::Sentence);
    for (auto& set : sets)
        insertPrompt(set, prompt);
    insertPrompt(train, prompt);
    const int64_t steps = static_cast<int64_t>(train.size() + evaluatedPairs);
    int64_t done = 0;
    auto tell = [&](const std::string& what) {
        reportProgress(progress, what, done, steps);
        ++done;
    };

    // The train split's pairs are encoded once: they give the per-language means (every pair a
    // language appears in; never the evaluated pairs, CCP section 3.2 estimates them on training
    // text) and, shifted, the rotation of their language pair.
    struct Encoded {
        torch::Tensor sources, targets;
    };
    std::map<std::string, Encoded> fit;
    std::map<std::string, std::vector<torch::Tensor>> byLanguage;
    for (const auto& p : train) {
        tell("encoding train pairs " + p.name);
        Encoded e{encodeRows(encoder, p.sources.rows, pooling, torch::kCPU),
                  encodeRows(encoder, p.targets.rows, pooling, torch::kCPU)};
        byLanguage[p.sourceLanguage].push_back(e.sources);
        byLanguage[p.targetLanguage].push_back(e.targets);
        fit[p.name] = std::move(e);
    }
    LanguageMeans means;
    for (const auto& [language, parts] : byLanguage)
        means[language] = torch::cat(parts).mean(0);

    std::vector<BitextReport> reports;
    for (size_t set = 0; set < sets.size(); ++set) {
        BitextReport report;
        auto shift = [&](const torch::Tensor& x, const std::string& language) {
            auto it = means.find(language);
            if (it != means.end()) return x - it->second.unsqueeze(0);
            report.unshiftedLanguages.insert(language);
            return x;
        };
        for (const auto& p : sets[set]) {
            tell("evaluating " + evaluated[set].first + " pairs " + p.name);
            BitextReport::Row row;
            auto a = encodeRows(encoder, p.sources.rows, pooling, torch::kCPU);
            auto b = encodeRows(encoder, p.targets.rows, pooling, torch::kCPU);
            row.pairs = a.size(0);
            row.raw = bitextTop1(a, b);
            auto as = trainPairs.empty() ? a : shift(a, p.sourceLanguage);
            auto bs = trainPairs.empty() ? b : shift(b, p.targetLanguage);
            row.shifted = bitextTop1(as, bs);
            row.rotated = row.shifted;
            if (auto it = fit.find(p.name); it != fit.end()) {
                auto fa = shift(it->second.sources, p.sourceLanguage);
                auto fb = shift(it->second.targets, p.targetLanguage);
                auto w = align::fitProcrustes(toFloatMatrix(fa), toFloatMatrix(fb));
                row.rotated = bitextTop1(torch::matmul(as, fromMatrix(w)), bs);
                row.fitPairs = fa.size(0);
            }
            report.perPair[p.name] = row;
            report.mean.pairs += row.pairs;
            report.mean.fitPairs += row.fitPairs;
        }
        if (!report.perPair.empty()) {
            std::vector<double> raw, shifted, rotated;
            for (const auto& [name, row] : report.perPair) {
                raw.push_back(row.raw);
                shifted.push_back(row.shifted);
                rotated.push_back(row.rotated);
            }
            report.mean.raw = align::meanOverLanguagePairs(raw);
            report.mean.shifted = align::meanOverLanguagePairs(shifted);
            report.mean.rotated = align::meanOverLanguagePairs(rotated);
        }
        reports.push_back(std::move(report));
    }
    reportProgress(progress, "done", steps, steps);
    return reports;
}

}  // namespace isomorph::eval

#include "core/train/bitext_report.h"

#include "core/align/procrustes.h"
#include "core/model/hf_checkpoint.h"
#include "core/train/probes.h"

namespace isomorph::train {

namespace {

FloatMatrix toMatrix(const torch::Tensor& t) {
    auto c = t.to(torch::kFloat32).contiguous();
    return FloatMatrix(c.size(0), c.size(1),
                       std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel()));
}

torch::Tensor fromMatrix(const FloatMatrix& m) {
    return torch::from_blob(const_cast<float*>(m.data.data()), {m.rows, m.cols}).clone();
}

}  // namespace

BitextReport bitextReport(const std::filesystem::path& checkpoint,
                          const std::filesystem::path& devPairs,
                          const std::filesystem::path& trainPairs,
                          const BitextReportOptions& options) {
    torch::NoGradGuard noGrad;
    model::Encoder encoder = model::loadHuggingFaceEncoder(checkpoint);
    encoder->eval();
    const auto pooling = model::Pooling::parse(options.pooling, "pooling");
    auto dev = loadBitextPairs(data::shards::ShardSet::open(devPairs), options.maxPairs,
                               options.maxTokens);
    auto train = loadBitextPairs(data::shards::ShardSet::open(trainPairs), options.maxFitPairs,
                                 options.maxTokens);
    std::map<std::string, const BitextPairs*> fit;
    for (const auto& p : train)
        fit[p.name] = &p;

    BitextReport report;
    // Per-language means from the train split's pairs (every pair a language appears in), never
    // from the evaluated pairs (CCP section 3.2 estimates them on training text).
    std::map<std::string, SentenceSet> meanText;
    for (const auto& p : train) {
        for (const auto* side : {&p.sources, &p.targets}) {
            auto& set = meanText[side == &p.sources ? p.sourceLanguage : p.targetLanguage];
            set.rows.insert(set.rows.end(), side->rows.begin(), side->rows.end());
        }
    }
    const LanguageMeans means = languageMeans(encoder, meanText, pooling, torch::kCPU);
    auto shift = [&](const torch::Tensor& x, const std::string& language) {
        auto it = means.find(language);
        if (it != means.end()) return x - it->second.unsqueeze(0);
        report.unshiftedLanguages.insert(language);
        return x;
    };

    for (const auto& p : dev) {
        BitextReport::Row row;
        auto a = encodeRows(encoder, p.sources.rows, pooling, torch::kCPU);
        auto b = encodeRows(encoder, p.targets.rows, pooling, torch::kCPU);
        row.pairs = a.size(0);
        row.raw = bitextTop1(a, b);
        auto as = shift(a, p.sourceLanguage), bs = shift(b, p.targetLanguage);
        row.shifted = bitextTop1(as, bs);
        row.rotated = row.shifted;
        if (auto it = fit.find(p.name); it != fit.end()) {
            auto fa = shift(encodeRows(encoder, it->second->sources.rows, pooling, torch::kCPU),
                            p.sourceLanguage);
            auto fb = shift(encodeRows(encoder, it->second->targets.rows, pooling, torch::kCPU),
                            p.targetLanguage);
            auto w = align::fitProcrustes(toMatrix(fa), toMatrix(fb));
            row.rotated = bitextTop1(torch::matmul(as, fromMatrix(w)), bs);
            row.fitPairs = fa.size(0);
        }
        report.perPair[p.name] = row;
        report.mean.raw += row.raw;
        report.mean.shifted += row.shifted;
        report.mean.rotated += row.rotated;
        report.mean.pairs += row.pairs;
        report.mean.fitPairs += row.fitPairs;
    }
    if (!report.perPair.empty()) {
        const double n = static_cast<double>(report.perPair.size());
        report.mean.raw /= n;
        report.mean.shifted /= n;
        report.mean.rotated /= n;
    }
    return report;
}

}  // namespace isomorph::train

#include "core/eval/probes.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "core/align/bitext_metrics.h"
#include "core/common/distinct_rows.h"
#include "core/data/samplers/collate.h"
#include "core/data/samplers/corpus_index.h"
#include "core/model/batch_tensors.h"
#include "core/model/pooling.h"

namespace isomorph::eval {

namespace ds = data::samplers;
namespace F = torch::nn::functional;

void insertPrompt(SentenceSet& set, const std::vector<int32_t>& prompt) {
    if (prompt.empty()) return;
    for (auto& row : set.rows)
        row.insert(row.begin() + (row.empty() ? 0 : 1), prompt.begin(), prompt.end());
}

void insertPrompt(std::vector<BitextPairs>& pairs, const std::vector<int32_t>& prompt) {
    for (auto& p : pairs) {
        insertPrompt(p.sources, prompt);
        insertPrompt(p.targets, prompt);
    }
}

std::vector<BitextPairs> loadBitextPairs(const data::shards::ShardSet& set, int64_t maxPerPair,
                                         uint32_t maxTokens) {
    ds::CorpusIndex index(set);
    std::map<std::string, size_t> slot;
    std::vector<BitextPairs> out;
    for (uint64_t d = 0; d < index.documentCount(); ++d) {
        auto [begin, end] = index.documentSentences(d);
        if (end - begin != 2) continue;
        const auto& langs = set.languages();
        const std::string name =
            langs[index.language(begin)] + "-" + langs[index.language(begin + 1)];
        auto [it, fresh] = slot.emplace(name, out.size());
        if (fresh)
            out.push_back(BitextPairs{
                name, langs[index.language(begin)], langs[index.language(begin + 1)], {}, {}});
        auto& p = out[it->second];
        if (static_cast<int64_t>(p.sources.rows.size()) >= maxPerPair) continue;
        p.sources.rows.push_back(ds::wrapSentence(index.sentence(begin), maxTokens));
        p.sources.languages.push_back(index.language(begin));
        p.targets.rows.push_back(ds::wrapSentence(index.sentence(begin + 1), maxTokens));
        p.targets.languages.push_back(index.language(begin + 1));
    }
    // A language pair with a handful of pairs says little; keep those with at least 10.
    out.erase(std::remove_if(out.begin(), out.end(),
                             [](const BitextPairs& p) { return p.sources.rows.size() < 10; }),
              out.end());
    return out;
}

SentenceSet sampleProbeSentences(const data::shards::ShardSet& set, int64_t count,
                                 uint32_t maxTokens) {
    ds::CorpusIndex index(set);
    SentenceSet out;
    const uint64_t total = index.sentenceCount();
    if (total == 0 || count <= 0) return out;
    const uint64_t stride = std::max<uint64_t>(1, total / static_cast<uint64_t>(count));
    for (uint64_t s = 0; s < total && static_cast<int64_t>(out.rows.size()) < count; s += stride) {
        out.rows.push_back(ds::wrapSentence(index.sentence(s), maxTokens));
        out.languages.push_back(index.language(s));
    }
    return out;
}

std::map<std::string, SentenceSet> sampleSentencesByLanguage(const data::shards::ShardSet& set,
                                                             int64_t perLanguage,
                                                             uint32_t maxTokens) {
    ds::CorpusIndex index(set);
    std::vector<ds::RunTable> byLanguage(set.languages().size());
    index.forEachDocument([&](uint64_t begin, uint64_t end) {
        if (end > begin) byLanguage[index.language(begin)].append(begin, end);
    });
    std::map<std::string, SentenceSet> out;
    for (size_t l = 0; l < byLanguage.size(); ++l) {
        const uint64_t total = byLanguage[l].size();
        if (total == 0 || perLanguage <= 0) continue;
        const uint64_t n = std::min<uint64_t>(total, static_cast<uint64_t>(perLanguage));
        SentenceSet& s = out[set.languages()[l]];
        for (uint64_t i = 0; i < n; ++i) {
            const uint64_t g = byLanguage[l].at(i * total / n).first;
            s.rows.push_back(ds::wrapSentence(index.sentence(g), maxTokens));
            s.languages.push_back(static_cast<uint16_t>(l));
        }
    }
    return out;
}

LanguageMeans languageMeans(model::Encoder& encoder,
                            const std::map<std::string, SentenceSet>& sentences,
                            const model::Pooling& pooling, torch::Device device) {
    LanguageMeans means;
    for (const auto& [language, set] : sentences)
        if (!set.rows.empty())
            means[language] = encodeRows(encoder, set.rows, pooling, device).mean(0);
    return means;
}

torch::Tensor encodeRows(model::Encoder& encoder, const std::vector<std::vector<int32_t>>& rows,
                         const model::Pooling& pooling, torch::Device device, int64_t batch) {
    // Identical rows are encoded once and share the vector (distinct_rows.h says why).
    DistinctRows rowsOnce = distinctRows(rows);
    std::vector<size_t> order = std::move(rowsOnce.distinct);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return rows[a].size() < rows[b].size(); });
    const int64_t n = static_cast<int64_t>(order.size());
    // host: encodings are gathered on the CPU for the probes
    torch::Tensor out = torch::empty(
        {static_cast<int64_t>(rows.size()), encoder->config.hiddenSize}, torch::kFloat32);
    const bool layer = pooling.kind == model::Pooling::Kind::LayerMean;
    for (int64_t start = 0; start < n; start += batch) {
        const int64_t end = std::min(n, start + batch);
        std::vector<std::vector<int32_t>> chunk;
        for (int64_t i = start; i < end; ++i)
            chunk.push_back(rows[order[static_cast<size_t>(i)]]);
        ds::TokenMatrix m = ds::collate(chunk);
        const model::BatchTensors t = model::toTensors(m, device);
        auto pooled =
            model::poolSentences(encoder->forward(t.ids, t.mask, {}, layer), t.mask, pooling)
                .to(torch::kCPU, torch::kFloat32);
        for (int64_t i = start; i < end; ++i)
            out[static_cast<int64_t>(order[static_cast<size_t>(i)])].copy_(pooled[i - start]);
    }
    for (size_t r = 0; r < rows.size(); ++r)
        if (rowsOnce.firstOf[r] != r)
            out[static_cast<int64_t>(r)].copy_(out[static_cast<int64_t>(rowsOnce.firstOf[r])]);
    return out;
}

FloatMatrix toFloatMatrix(const torch::Tensor& t) {
    const auto c = t.to(torch::kCPU, torch::kFloat32).contiguous();
    return FloatMatrix(c.size(0), c.size(1),
                       std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel()));
}

double bitextTop1(const torch::Tensor& a, const torch::Tensor& b) {
    // The same function as every other bitext figure (align::evaluateBitext, cosine only).
    // A diverged model's NaN vectors give NaN, not an exception in the middle of a run.
    if (!torch::isfinite(a).all().item<bool>() || !torch::isfinite(b).all().item<bool>())
        return std::numeric_limits<double>::quiet_NaN();
    align::BitextOptions options;
    options.csls = false;
    return align::evaluateBitext(toFloatMatrix(a), toFloatMatrix(b), options).cosine.mean;
}

BitextScores evaluateBitext(model::Encoder& encoder, const std::vector<BitextPairs>& pairs,
                            const model::Pooling& pooling, torch::Device device,
                            const LanguageMeans* means) {
    BitextScores s;
    if (pairs.empty()) return s;
    auto meanOf = [&](const std::string& language, const torch::Tensor& side) {
        if (!means) return side.mean(0, true);  // transductive: the evaluated side's own mean
        auto it = means->find(language);
        if (it != means->end()) return it->second.unsqueeze(0);
        if (std::find(s.unshiftedLanguages.begin(), s.unshiftedLanguages.end(), language) ==
            s.unshiftedLanguages.end())
            s.unshiftedLanguages.push_back(language);
        return torch::zeros({1, side.size(1)}, side.options());
    };
    std::vector<double> raws, shifteds;
    for (const auto& p : pairs) {
        auto a = encodeRows(encoder, p.sources.rows, pooling, device);
        auto b = encodeRows(encoder, p.targets.rows, pooling, device);
        double raw = bitextTop1(a, b);
        // Mean shift (CCP section 3.2): subtract each language's mean, estimated on training text.
        double shifted =
            bitextTop1(a - meanOf(p.sourceLanguage, a), b - meanOf(p.targetLanguage, b));
        s.perPair[p.name] = raw;
        s.perPairShifted[p.name] = shifted;
        raws.push_back(raw);
        shifteds.push_back(shifted);
        s.pairs += a.size(0);
    }
    s.accuracy = align::meanOverLanguagePairs(raws);
    s.accuracyShifted = align::meanOverLanguagePairs(shifteds);
    return s;
}

HealthScores evaluateHealth(model::Encoder& encoder, const SentenceSet& probe,
                            const std::vector<BitextPairs>& pairs, const model::Pooling& pooling,
                            torch::Device device) {
    HealthScores h;
    if (probe.rows.size() >= 2) {
        auto z = F::normalize(encodeRows(encoder, probe.rows, pooling, device),
                              F::NormalizeFuncOptions().dim(1));
        h.collapse = z.std(0).mean().item<double>() * std::sqrt(static_cast<double>(z.size(1)));
        auto d2 = torch::cdist(z, z).pow(2);
        auto off = torch::ones_like(d2).triu(1).to(torch::kBool);
        h.uniformity = d2.masked_select(off).mul(-2).exp().mean().log().item<double>();
    }
    std::vector<torch::Tensor> dist;
    for (const auto& p : pairs) {
        auto a = F::normalize(encodeRows(encoder, p.sources.rows, pooling, device),
                              F::NormalizeFuncOptions().dim(1));
        auto b = F::normalize(encodeRows(encoder, p.targets.rows, pooling, device),
                              F::NormalizeFuncOptions().dim(1));
        dist.push_back((a - b).pow(2).sum(1));
    }
    if (!dist.empty()) h.alignment = torch::cat(dist).mean().item<double>();
    return h;
}

}  // namespace isomorph::eval

#include "core/train/objectives/hictl_objective.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <ATen/CPUGeneratorImpl.h>

#include "core/common/errors.h"
#include "core/common/random.h"
#include "core/model/batch_tensors.h"
#include "core/model/pooling.h"
#include "core/train/collective.h"
#include "core/train/objectives/gather_rows.h"

namespace isomorph::train {

namespace ds = data::samplers;
namespace F = torch::nn::functional;

namespace {

constexpr uint64_t kHictlSeedTag = 0x41C7;
constexpr uint64_t kWordNegativeTag = 0x3D7;
/// Ids that are never words: <s>, <pad>, </s>, <unk> (and <mask> = vocabulary size - 1).
constexpr int32_t kSpecialIds = data::samplers::kFirstRegularId;
/// Squared norms are clamped here before sqrt: max(|x|, 1e-12), as F::normalize does.
constexpr double kMinSquaredNorm = 1e-24;

/// [rows, cols] int64 ids and mask padded on the right to `cols` columns.
model::BatchTensors padColumns(model::BatchTensors t, int64_t cols) {
    const int64_t extra = cols - t.ids.size(1);
    if (extra <= 0) return t;
    t.ids = F::pad(t.ids, F::PadFuncOptions({0, extra}).value(ds::kPadId));
    t.mask = F::pad(t.mask, F::PadFuncOptions({0, extra}).value(0));
    return t;
}

/// A pair whose side holds no token besides <s> and </s> has nothing to align: skipped.
std::vector<int64_t> validPairs(const ds::PairBatch& b) {
    std::vector<int64_t> valid(static_cast<size_t>(b.sources.rows));
    for (size_t i = 0; i < valid.size(); ++i)
        valid[i] = b.sources.lengths[i] > 2 && b.targets.lengths[i] > 2 ? 1 : 0;
    return valid;
}

}  // namespace

torch::Tensor hictlSentenceLoss(const torch::Tensor& zx, const torch::Tensor& zy,
                                double temperature, double hardExponent, const torch::Tensor& valid,
                                HictlLossStats* stats) {
    const int64_t n = zx.size(0), rows = 2 * n;
    const auto device = zx.device();
    const auto boolOpts = torch::TensorOptions().dtype(torch::kBool).device(device);
    auto z = torch::cat({zx, zy});           // [2n, d]
    auto gram = torch::matmul(z, z.t());     // [2n, 2n]: q . k
    auto squared = gram.diagonal().clone();  // [2n]: |z_a|^2
    auto index = torch::arange(rows, torch::TensorOptions().dtype(torch::kLong).device(device));
    auto target = torch::where(index < n, index + n, index - n);  // the translation
    auto self = torch::eye(rows, boolOpts);
    auto positive = torch::zeros({rows, rows}, boolOpts).scatter(1, target.unsqueeze(1), true);
    auto rowValid = valid.defined() ? torch::cat({valid, valid}).to(device, torch::kBool)
                                    : torch::ones({rows}, boolOpts);
    auto keyValid = rowValid.unsqueeze(0).expand({rows, rows});
    auto negative = self.logical_or(positive).logical_not().logical_and(keyValid).logical_and(
        rowValid.unsqueeze(1));

    // lambda per (query, key): a constant of the step.
    torch::Tensor lambda;
    {
        torch::NoGradGuard noGrad;
        auto s = squared.detach();
        auto g = gram.detach();
        auto dist = (s.unsqueeze(1) + s.unsqueeze(0) - 2 * g).clamp_min(0).sqrt();
        auto dPositive = dist.gather(1, target.unsqueeze(1));  // [2n, 1]
        auto hard = negative.logical_and(dist > dPositive);
        lambda = torch::ones_like(g);
        if (hardExponent > 0)
            lambda = torch::where(
                hard, (dPositive / dist.clamp_min(std::sqrt(kMinSquaredNorm))).pow(hardExponent),
                lambda);
        if (stats) {
            const double negatives = negative.sum().item<double>();
            const double hardCount = hard.sum().item<double>();
            stats->hardShare = negatives > 0 ? hardCount / negatives : 0;
            stats->meanLambda = hardCount > 0 && hardExponent > 0
                                    ? lambda.masked_select(hard).mean().item<double>()
                                    : 1.0;
        }
    }
    // cos(q, k^) for k^ = (1 - lambda) q + lambda k, from the Gram matrix (lambda = 1: cos(q, k)).
    auto qq = squared.unsqueeze(1);  // [2n, 1]
    auto kk = squared.unsqueeze(0);  // [1, 2n]
    auto rest = 1 - lambda;
    auto dot = rest * qq + lambda * gram;
    auto keyNorm2 = rest * rest * qq + 2 * lambda * rest * gram + lambda * lambda * kk;
    auto cosine =
        dot / (qq.clamp_min(kMinSquaredNorm).sqrt() * keyNorm2.clamp_min(kMinSquaredNorm).sqrt());
    const double inf = std::numeric_limits<double>::infinity();
    auto logits =
        (cosine / temperature).masked_fill(self, -inf).masked_fill(keyValid.logical_not(), -inf);

    const int64_t validRows = rowValid.sum().item<int64_t>();
    if (stats) {
        stats->validPairs = validRows / 2;
        stats->negatives = validRows >= 2 ? static_cast<double>(validRows - 2) : 0;
        stats->accuracy = 0;
    }
    if (validRows == 0) return z.sum() * 0.0;
    auto rowsTaken = logits.index({rowValid});
    auto targets = target.index({rowValid});
    auto loss = F::cross_entropy(rowsTaken, targets);
    if (stats) {
        torch::NoGradGuard noGrad;
        stats->accuracy = rowsTaken.argmax(1).eq(targets).to(torch::kFloat64).mean().item<double>();
    }
    return loss;
}

torch::Tensor hictlWordLoss(const torch::Tensor& q, const torch::Tensor& embeddings,
                            const torch::Tensor& positives, const torch::Tensor& positiveMask,
                            const torch::Tensor& negatives, double temperature, double* accuracy) {
    const int64_t n = q.size(0), hidden = q.size(1);
    auto qn = F::normalize(q, F::NormalizeFuncOptions().dim(1)).unsqueeze(1);  // [n, 1, H]
    auto cosines = [&](const torch::Tensor& ids) {                             // [n, k] -> [n, k]
        auto e = embeddings.index_select(0, ids.reshape({-1})).view({n, ids.size(1), hidden});
        return (F::normalize(e, F::NormalizeFuncOptions().dim(2)) * qn).sum(2) / temperature;
    };
    auto pos = cosines(positives);                             // [n, P]
    auto neg = cosines(negatives);                             // [n, m]
    auto negLse = torch::logsumexp(neg, 1, /*keepdim=*/true);  // [n, 1]
    auto perEntry = torch::logaddexp(pos, negLse) - pos;       // -log softmax of the entry
    auto mask = positiveMask.to(pos.scalar_type());
    auto bagSize = mask.sum(1);  // [n]
    auto hasBag = bagSize > 0;
    if (accuracy) {
        torch::NoGradGuard noGrad;
        auto wins = pos.gt(std::get<0>(neg.max(1, true))).to(pos.scalar_type()) * mask;
        const double entries = mask.sum().item<double>();
        *accuracy = entries > 0 ? wins.sum().item<double>() / entries : 0.0;
    }
    if (!hasBag.any().item<bool>()) return q.sum() * 0.0;
    auto perPair = (perEntry * mask).sum(1) / bagSize.clamp_min(1);  // eq. 7
    return perPair.masked_select(hasBag).mean();                     // eq. 8
}

torch::Tensor sampleWordNegatives(const torch::Tensor& q, const torch::Tensor& embeddings,
                                  const torch::Tensor& excluded, int64_t m, double temperature,
                                  const std::vector<uint64_t>& seeds) {
    torch::NoGradGuard noGrad;
    auto qn = F::normalize(q.detach(), F::NormalizeFuncOptions().dim(1));
    auto en = F::normalize(embeddings.detach(), F::NormalizeFuncOptions().dim(1));
    auto scores = (torch::matmul(qn, en.t()) / temperature)
                      .masked_fill(excluded, -std::numeric_limits<double>::infinity());
    // float64 on the CPU: keyed CPU generators draw the same ids on every device.
    auto probs = torch::softmax(scores.to(torch::kCPU, torch::kFloat64), 1);
    std::vector<torch::Tensor> rows;
    for (int64_t i = 0; i < probs.size(0); ++i) {
        auto generator = at::make_generator<at::CPUGeneratorImpl>(seeds.at(static_cast<size_t>(i)));
        rows.push_back(torch::multinomial(probs[i], m, /*replacement=*/false, generator));
    }
    return torch::stack(rows).to(q.device());
}

void RunningMean::push(double value) {
    values_.push_back(value);
    if (static_cast<int64_t>(values_.size()) > window_)
        values_.erase(values_.begin(), values_.end() - window_);
}

double RunningMean::mean() const {
    double sum = 0;
    for (double v : values_)
        sum += v;
    return values_.empty() ? 0.0 : sum / static_cast<double>(values_.size());
}

void RunningMean::fromJson(const nlohmann::json& j) {
    values_ = j.get<std::vector<double>>();
    if (static_cast<int64_t>(values_.size()) > window_)
        values_.erase(values_.begin(), values_.end() - window_);
}

HictlObjective::HictlObjective(const ObjectiveBuildContext& c)
    : options_(std::any_cast<const HictlOptions&>(c.settings.options)),
      pooling_(c.config.model.pooling),
      pairs_(c.data.pairs("hictl")),
      pAvg_(options_.pAvgBatches),
      // The tokenizer's ids, not the embedding's rows (multilingual-e5: 250,002 of 250,037; the
      // rows past the tokenizer are never words, <mask> is its last id).
      vocabSize_(static_cast<int32_t>(
          std::min<int64_t>(c.encoder->config.vocabSize, pairs_.vocabSize()))) {
    samplerOptions_.sampling =
        samplingOptions(c.config, options_.batchSize, kHictlSeedTag, c.rank, c.worldSize);
    samplerOptions_.maxTokens = static_cast<uint32_t>(c.config.data.maxTokens);
    sampler_ = std::make_unique<ds::PairSampler>(pairs_, samplerOptions_);
    heads_ = std::make_shared<torch::nn::Module>("HictlHeads");
    if (options_.projection == HictlProjection::Linear) {
        projection_ = torch::nn::Linear(c.encoder->config.hiddenSize, options_.projectionSize);
        heads_->register_module("projection", projection_);
    }
    heads_->to(c.device);
    if (options_.wordWeight > 0) {
        // A bag holds at most the tokens of both sides; the rest of the vocabulary (without the
        // special ids) must offer m negatives.
        const int64_t maxBag = 2 * (c.config.data.maxTokens - 2);
        const int64_t available = vocabSize_ - kSpecialIds - 1 - maxBag;
        if (available < options_.wordNegatives)
            throw ConfigError(
                "objectives.hictl.word_negatives (" + std::to_string(options_.wordNegatives) +
                ") exceeds what the vocabulary offers: " + std::to_string(vocabSize_) +
                " ids less 5 special ids less a bag of up to " + std::to_string(maxBag) +
                " tokens (2 x (data.max_tokens - 2)) leave " + std::to_string(available) +
                "; lower word_negatives or set word_weight = 0");
        const int64_t needed = 2 * c.config.data.maxTokens + 1;
        if (c.encoder->config.maxPositions < needed)
            throw ConfigError(
                "objectives.hictl.word_weight > 0 encodes \"<s> x </s> y </s>\": "
                "the model has " +
                std::to_string(c.encoder->config.maxPositions) +
                " positions (model.max_positions), 2 x data.max_tokens + 1 = " +
                std::to_string(needed) + " are needed");
    }
}

torch::Tensor HictlObjective::wordLoss(const ds::PairBatch& batch, StepContext& context,
                                       ObjectiveOutput& result) {
    const int64_t n = batch.sources.rows;
    // "<s> x </s> y </s>" and each pair's bag of words (unique regular ids of both sides).
    const std::vector<std::vector<int32_t>> joined = ds::joinPairs(batch);
    std::vector<std::vector<int64_t>> bags(static_cast<size_t>(n));
    size_t longestBag = 0;
    for (int64_t i = 0; i < n; ++i) {
        const auto& row = joined[static_cast<size_t>(i)];
        auto& bag = bags[static_cast<size_t>(i)];
        for (int32_t id : row)
            if (id >= kSpecialIds && id != vocabSize_ - 1) bag.push_back(id);
        std::sort(bag.begin(), bag.end());
        bag.erase(std::unique(bag.begin(), bag.end()), bag.end());
        longestBag = std::max(longestBag, bag.size());
    }
    const ds::TokenMatrix pairs = ds::collate(joined, samplerOptions_.sampling.padMultiple);
    const model::BatchTensors t = model::toTensors(pairs, context.device);
    auto q = context.encoder->forward(t.ids, t.mask).lastHidden.select(1, 0);  // [n, H] [CLS]

    const int64_t width = std::max<int64_t>(1, static_cast<int64_t>(longestBag));
    // host: filled through accessors below, then moved to context.device
    auto positives = torch::full({n, width}, kSpecialIds, torch::kInt64);
    auto positiveMask = torch::zeros({n, width}, torch::kBool);
    // Candidates are the embedding's rows that are words: not the special ids, not <mask> (the
    // tokenizer's last id), not the rows past the tokenizer (multilingual-e5 has 35).
    const auto& embeddings = context.encoder->embeddings->word_embeddings->weight;
    const int64_t rows = embeddings.size(0);
    // host: filled through accessors below, then moved to context.device
    auto excluded = torch::zeros({n, rows}, torch::kBool);
    excluded.narrow(1, 0, kSpecialIds).fill_(true);
    excluded.narrow(1, vocabSize_ - 1, rows - vocabSize_ + 1).fill_(true);
    {
        auto p = positives.accessor<int64_t, 2>();
        auto pm = positiveMask.accessor<bool, 2>();
        auto ex = excluded.accessor<bool, 2>();
        for (int64_t i = 0; i < n; ++i)
            for (size_t k = 0; k < bags[static_cast<size_t>(i)].size(); ++k) {
                const int64_t id = bags[static_cast<size_t>(i)][k];
                p[i][static_cast<int64_t>(k)] = id;
                pm[i][static_cast<int64_t>(k)] = true;
                ex[i][id] = true;
            }
    }
    // Keyed by the step's seed and the pair (document and epoch): the same draw in one process
    // or split over several.
    std::vector<uint64_t> seeds;
    for (int64_t i = 0; i < n; ++i)
        seeds.push_back(deriveKey(context.seed, kWordNegativeTag,
                                  batch.documents[static_cast<size_t>(i)],
                                  batch.epochs[static_cast<size_t>(i)]));
    auto negatives = sampleWordNegatives(q, embeddings, excluded.to(context.device),
                                         options_.wordNegatives, options_.wordTemperature, seeds);
    double accuracy = 0;
    auto loss =
        hictlWordLoss(q, embeddings, positives.to(context.device), positiveMask.to(context.device),
                      negatives, options_.wordTemperature, &accuracy);
    result.metrics.emplace_back("word_acc", accuracy);
    result.tokens += pairs.tokens();
    return loss;
}

ObjectiveOutput HictlObjective::forward(StepContext& context) {
    ds::PairBatch batch = sampler_->next();
    const int64_t n = batch.sources.rows;
    model::BatchTensors x = model::toTensors(batch.sources, context.device);
    model::BatchTensors y = model::toTensors(batch.targets, context.device);
    const int64_t cols = std::max(x.ids.size(1), y.ids.size(1));
    x = padColumns(x, cols);
    y = padColumns(y, cols);
    // One forward pass over both sides: [2n, cols].
    auto ids = torch::cat({x.ids, y.ids}), mask = torch::cat({x.mask, y.mask});
    const bool layer = pooling_.kind == model::Pooling::Kind::LayerMean;
    model::EncoderOutput out = context.encoder->forward(ids, mask, {}, layer);
    auto h = model::poolSentences(out, mask, pooling_);
    auto z = projection_ ? projection_->forward(h) : h;

    const std::vector<int64_t> valid = validPairs(batch);
    auto validT = torch::tensor(valid, torch::kInt64).to(context.device);
    auto zx = gatherRows(context.collective, z.narrow(0, 0, n));
    auto zy = gatherRows(context.collective, z.narrow(0, n, n));
    auto validAll = context.collective && context.collective->worldSize() > 1
                        ? context.collective->allGather(validT)
                        : validT;

    const double exponent = options_.hardNegatives ? options_.zeta * pAvg_.mean() : 0.0;
    HictlLossStats stats;
    ObjectiveOutput result;
    auto sentence = hictlSentenceLoss(zx, zy, options_.temperature, exponent,
                                      validAll.to(torch::kBool), &stats);
    const double sentenceValue = sentence.item<double>();
    // p_avg of eq. 6 for the next batches; every rank computes the same global loss.
    if (stats.validPairs >= 2) pAvg_.push(std::exp(-sentenceValue));
    // L_S is over all ranks' pairs with gradient through this rank's rows only: its gradient is
    // scaled by worldSize (as CCP's) so that averaging gradients over ranks gives the whole
    // batch's; its value stays L_S. L_W is over this rank's pairs and needs no scaling.
    const double world = context.collective ? context.collective->worldSize() : 1.0;
    result.loss = world == 1.0 ? sentence : sentence * world - sentence.detach() * (world - 1.0);
    // L_S on its own (its chart), also when it is the whole loss (word level off).
    result.metrics.emplace_back("sentence_loss", sentenceValue);
    if (options_.wordWeight > 0) {
        auto word = wordLoss(batch, context, result);
        result.metrics.emplace_back("word_loss", word.item<double>());
        result.loss = result.loss + options_.wordWeight * word;
    }
    int64_t skipped = 0;
    for (int64_t v : valid)
        skipped += v ? 0 : 1;
    result.metrics.emplace_back("acc", stats.accuracy);
    result.metrics.emplace_back("negatives", stats.negatives);
    result.metrics.emplace_back("p_avg", pAvg_.mean());
    result.metrics.emplace_back("hard_share", stats.hardShare);
    result.metrics.emplace_back("lambda", stats.meanLambda);
    result.metrics.emplace_back("skipped", static_cast<double>(skipped));
    result.tokens += batch.sources.tokens() + batch.targets.tokens();
    result.samples = 2 * n;
    return result;
}

nlohmann::json HictlObjective::state() const {
    return {{"cursor", sampler_->cursor().toJson()}, {"p_history", pAvg_.toJson()}};
}

void HictlObjective::loadState(const nlohmann::json& state, const std::string& origin) {
    (void)origin;
    sampler_ = std::make_unique<ds::PairSampler>(pairs_, samplerOptions_,
                                                 ds::Cursor::fromJson(state.at("cursor")));
    pAvg_.fromJson(state.at("p_history"));
}

const std::vector<std::pair<HictlProjection, const char*>>& EnumNames<HictlProjection>::table() {
    static const std::vector<std::pair<HictlProjection, const char*>> t = {
        {HictlProjection::Linear, "linear"}, {HictlProjection::None, "none"}};
    return t;
}

ObjectiveSpec hictlObjectiveSpec() {
    ObjectiveSpec s;
    s.name = "hictl";
    s.title = "Hierarchical contrastive learning (HICTL)";
    s.summary =
        "Wei et al. 2021: each sentence of a batch of parallel pairs (data.pairs) is a query "
        "whose positive is its translation and whose negatives are both sides of the other pairs "
        "(all processes); optionally negatives interpolated towards the query (hard negatives, "
        "lambda = (d+/d-)^(zeta p_avg)). Word level: the [CLS] of both sides concatenated ranks "
        "the pair's words above vocabulary words sampled by similarity.";
    s.paper = "hictl-hierarchical-contrastive.txt";
    s.defaultWeight = 0.0;
    s.defaults = [] { return std::any(HictlOptions{}); };
    s.fields = {
        optionField("hictl", "batch_size", &HictlOptions::batchSize,
                    "parallel pairs per batch and process (2n sentences)"),
        optionField("hictl", "temperature", &HictlOptions::temperature,
                    "tau in exp(cos / tau); the paper's eq. 2 is tau = 1"),
        optionField("hictl", "projection", &HictlOptions::projection,
                    "linear projection f of the pooled vector (the paper), or none"),
        optionField("hictl", "projection_size", &HictlOptions::projectionSize,
                    "output size of the linear projection"),
        optionField("hictl", "hard_negatives", &HictlOptions::hardNegatives,
                    "interpolate negatives farther than the positive towards the query (eq. 5-6)"),
        optionField("hictl", "zeta", &HictlOptions::zeta,
                    "slack coefficient zeta in lambda = (d+/d-)^(zeta p_avg), in (0, 1]"),
        optionField("hictl", "p_avg_batches", &HictlOptions::pAvgBatches,
                    "batches in the running mean p_avg of exp(-L_S)"),
        optionField("hictl", "word_weight", &HictlOptions::wordWeight,
                    "multiplier of the word-level loss L_W (eq. 7-8); 0 = sentence level only"),
        optionField("hictl", "word_negatives", &HictlOptions::wordNegatives,
                    "m: vocabulary negatives sampled per pair by similarity to its [CLS]"),
        optionField("hictl", "word_temperature", &HictlOptions::wordTemperature,
                    "tau of the word-level cosine and of the negative sampling"),
    };
    s.validate = [](const RunConfig& config, std::vector<std::string>& p) {
        const auto& o = config.objectiveOptions<HictlOptions>("hictl");
        auto need = [&p](bool ok, const std::string& msg) {
            if (!ok) p.push_back(msg);
        };
        need(o.batchSize >= 2, "objectives.hictl.batch_size must be at least 2 (negatives)");
        need(o.temperature > 0, "objectives.hictl.temperature must be positive");
        need(o.projection != HictlProjection::Linear || o.projectionSize >= 1,
             "objectives.hictl.projection_size must be at least 1");
        need(o.zeta > 0 && o.zeta <= 1, "objectives.hictl.zeta must be in (0, 1]");
        need(o.pAvgBatches >= 1, "objectives.hictl.p_avg_batches must be at least 1");
        need(o.wordWeight >= 0, "objectives.hictl.word_weight must not be negative (0 = off)");
        if (o.wordWeight > 0) {
            need(o.wordNegatives >= 1, "objectives.hictl.word_negatives must be at least 1");
            need(o.wordTemperature > 0, "objectives.hictl.word_temperature must be positive");
            const int64_t needed = 2 * config.data.maxTokens + 1;
            need(config.model.init != "scratch" || config.model.maxPositions >= needed,
                 "objectives.hictl.word_weight > 0 encodes \"<s> x </s> y </s>\": "
                 "model.max_positions (" +
                     std::to_string(config.model.maxPositions) +
                     ") must be at least 2 x data.max_tokens + 1 (" + std::to_string(needed) +
                     "), or set word_weight = 0");
        }
    };
    using G = MetricGroup;
    using K = MetricKind;
    s.metrics = {
        {"loss/hictl", ISOMORPH_TR_NOOP("MetricCatalog", "HICTL loss (L_S + word_weight L_W)"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), G::Losses, K::Train, Better::Lower},
        {"hictl/acc",
         ISOMORPH_TR_NOOP("MetricCatalog", "HICTL in-batch accuracy (translation ranked first)"),
         "%", G::Objectives, K::Train, Better::Higher, 100},
        {"hictl/negatives", ISOMORPH_TR_NOOP("MetricCatalog", "HICTL negatives per query"), "",
         G::Objectives, K::Train, Better::Neither},
        {"hictl/p_avg",
         ISOMORPH_TR_NOOP("MetricCatalog", "HICTL p_avg (mean exp(-loss) of recent batches)"), "",
         G::Objectives, K::Train, Better::Neither},
        {"hictl/hard_share",
         ISOMORPH_TR_NOOP("MetricCatalog", "HICTL share of negatives farther than the positive"),
         "%", G::Objectives, K::Train, Better::Neither, 100},
        {"hictl/lambda",
         ISOMORPH_TR_NOOP("MetricCatalog", "HICTL mean interpolation lambda (lower = harder)"), "",
         G::Objectives, K::Train, Better::Neither},
        {"hictl/skipped",
         ISOMORPH_TR_NOOP("MetricCatalog", "HICTL pairs skipped (a side without tokens)"),
         ISOMORPH_TR_NOOP("MetricCatalog", "pairs"), G::Objectives, K::Train, Better::Lower},
        {"hictl/sentence_loss", ISOMORPH_TR_NOOP("MetricCatalog", "HICTL sentence-level loss L_S"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), G::Losses, K::Train, Better::Lower},
        {"hictl/word_loss", ISOMORPH_TR_NOOP("MetricCatalog", "HICTL word-level loss L_W"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), G::Losses, K::Train, Better::Lower},
        {"hictl/word_acc",
         ISOMORPH_TR_NOOP("MetricCatalog",
                          "HICTL word level: bag words above every sampled negative"),
         "%", G::Objectives, K::Train, Better::Higher, 100},
    };
    s.logs = [](const RunConfig& config, const MetricSpec& m) {
        const bool wordLevel = m.key.rfind("hictl/word_", 0) == 0;
        return !wordLevel || config.objectiveOptions<HictlOptions>("hictl").wordWeight > 0;
    };
    s.needs = [](const RunConfig&) {
        DataNeeds needs;
        needs.docs = false;
        needs.pairs = true;
        return needs;
    };
    s.factory = [](const ObjectiveBuildContext& c) -> std::unique_ptr<Objective> {
        return std::make_unique<HictlObjective>(c);
    };
    return s;
}

}  // namespace isomorph::train

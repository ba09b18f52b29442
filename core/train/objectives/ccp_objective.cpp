#include "core/train/objectives/ccp_objective.h"

#include <algorithm>
#include <limits>

#include "core/common/errors.h"
#include "core/model/batch_tensors.h"
#include "core/model/pooling.h"
#include "core/train/collective.h"

namespace isomorph::train {

namespace ds = data::samplers;
namespace F = torch::nn::functional;

namespace {
constexpr uint64_t kCcpSeedTag = 0xCC7;
}

torch::Tensor ccpLoss(const torch::Tensor& z, const torch::Tensor& bank,
                      const torch::Tensor& bankMask, double temperature, bool l2Normalize,
                      double* accuracy, double* negatives) {
    const int64_t rows = z.size(0), n = rows / 2;
    auto q = l2Normalize ? F::normalize(z, F::NormalizeFuncOptions().dim(1)) : z;
    auto logits = torch::matmul(q, q.t()) / temperature;
    // k != c: an anchor is never its own negative.
    auto self = torch::eye(rows, torch::TensorOptions().dtype(torch::kBool).device(z.device()));
    logits = logits.masked_fill(self, -std::numeric_limits<float>::infinity());
    double usableBank = 0;  // per anchor, on average
    if (bank.defined() && bank.size(0) > 0) {
        auto b = l2Normalize ? F::normalize(bank, F::NormalizeFuncOptions().dim(1)) : bank;
        usableBank = bankMask.defined() ? bankMask.sum().item<double>() / static_cast<double>(rows)
                                        : static_cast<double>(bank.size(0));
        auto bankLogits = torch::matmul(q, b.t()) / temperature;
        if (bankMask.defined())
            bankLogits = bankLogits.masked_fill(bankMask.logical_not(),
                                                -std::numeric_limits<float>::infinity());
        logits = torch::cat({logits, bankLogits}, 1);
    }
    auto index = torch::arange(rows, torch::TensorOptions().dtype(torch::kLong).device(z.device()));
    auto target = torch::where(index < n, index + n, index - n);
    auto loss = F::cross_entropy(logits, target);
    // Every other in-batch row but the positive is a negative (the anchor itself is masked).
    if (negatives) *negatives = static_cast<double>(rows - 2) + usableBank;
    if (accuracy) {
        torch::NoGradGuard noGrad;
        *accuracy = logits.argmax(1).eq(target).to(torch::kFloat64).mean().item<double>();
    }
    return loss;
}

CcpObjective::CcpObjective(const ObjectiveBuildContext& c)
    : options_(std::any_cast<const CcpOptions&>(c.settings.options)),
      pooling_(c.config.model.pooling),
      docs_(c.data.docs("ccp")) {
    samplerOptions_.sampling =
        samplingOptions(c.config, options_.batchSize, kCcpSeedTag, c.rank, c.worldSize);
    samplerOptions_.radius = static_cast<uint32_t>(options_.radius);
    samplerOptions_.maxTokens = static_cast<uint32_t>(c.config.data.maxTokens);
    sampler_ = std::make_unique<ds::CcpSampler>(docs_, samplerOptions_);

    model::ProjectionOptions p;
    p.inputSize = c.encoder->config.hiddenSize;
    p.hiddenSize = c.encoder->config.hiddenSize;
    p.outputSize = options_.projectionSize;
    p.norm = options_.projectionNorm == ProjectionNorm::None
                 ? model::ProjectionOptions::Norm::None
                 : model::ProjectionOptions::Norm::BatchNorm;
    projection_ = model::ProjectionHead(p);
    projection_->to(c.device);
    if (options_.memoryBank != MemoryBankKind::None) {
        // Every rank pushes the gathered batch of all ranks: 2 N x world rows per step.
        const int64_t perStep = 2 * options_.batchSize * c.worldSize;
        if (options_.bankSize < perStep)
            throw ConfigError("objectives.ccp.bank_size (" + std::to_string(options_.bankSize) +
                              ") must hold one global batch of 2 x batch_size x " +
                              std::to_string(c.worldSize) +
                              " processes = " + std::to_string(perStep) +
                              " embeddings; raise it or set memory_bank = \"none\"");
        const int64_t groups = options_.memoryBank == MemoryBankKind::Language
                                   ? static_cast<int64_t>(docs_.languages().size())
                                   : 1;
        bank_ = std::make_unique<MemoryBank>(groups, options_.bankSize, options_.projectionSize,
                                             c.device);
    }
}

ObjectiveOutput CcpObjective::forward(StepContext& context) {
    ds::CcpBatch batch = sampler_->next();
    const model::BatchTensors t = model::toTensors(batch.sentences, context.device);
    const int64_t n = static_cast<int64_t>(batch.centers.size());
    const bool layer = pooling_.kind == model::Pooling::Kind::LayerMean;
    model::EncoderOutput out = context.encoder->forward(t.ids, t.mask, {}, layer);
    auto h = model::poolSentences(out, t.mask, pooling_);
    auto hc = h.narrow(0, 0, n), ht = h.narrow(0, n, n);

    torch::Tensor zc, zt;
    if (options_.projectionNorm == ProjectionNorm::Asymmetric) {
        zc = projection_->forward(hc, centerTrainMode_);
        zt = projection_->forward(ht, !centerTrainMode_);
        centerTrainMode_ = !centerTrainMode_;
    } else {  // vanilla: both branches use batch statistics; none: no batch norm at all
        zc = projection_->forward(hc, true);
        zt = projection_->forward(ht, true);
    }
    auto z = torch::cat({zc, zt});  // [2N, d]
    std::vector<int64_t> rowGroups(static_cast<size_t>(2 * n));
    for (int64_t i = 0; i < n; ++i) {
        const int64_t g = options_.memoryBank == MemoryBankKind::Language
                              ? batch.languages[static_cast<size_t>(i)]
                              : 0;
        rowGroups[static_cast<size_t>(i)] = rowGroups[static_cast<size_t>(n + i)] = g;
    }

    // Negatives from other ranks' batches (global negatives): gathered without gradient, this
    // rank's rows keep theirs.
    torch::Tensor anchors = z;
    std::vector<int64_t> groups = rowGroups;
    if (context.collective && context.collective->worldSize() > 1) {
        const int world = context.collective->worldSize(), rank = context.collective->rank();
        auto all = context.collective->allGather(z.detach());  // [world * 2N, d]
        auto allGroups = context.collective->allGather(
            torch::tensor(rowGroups, torch::kInt64).to(context.device));
        // Rearrange so rows [0, W N) are all centers and [W N, 2 W N) their targets, with this
        // rank's rows (with gradient) in place.
        std::vector<torch::Tensor> centers, targets;
        for (int r = 0; r < world; ++r) {
            auto block = r == rank ? z : all.narrow(0, r * 2 * n, 2 * n);
            centers.push_back(block.narrow(0, 0, n));
            targets.push_back(block.narrow(0, n, n));
        }
        anchors = torch::cat({torch::cat(centers), torch::cat(targets)});
        const auto g = allGroups.cpu().contiguous();
        const int64_t* gathered = g.data_ptr<int64_t>();
        groups.clear();
        for (int half = 0; half < 2; ++half)
            for (int r = 0; r < world; ++r)
                for (int64_t i = 0; i < n; ++i)
                    groups.push_back(gathered[r * 2 * n + half * n + i]);
    }

    torch::Tensor negatives, mask;
    if (bank_) {
        bool oneGroup = std::all_of(groups.begin(), groups.end(),
                                    [&](int64_t g) { return g == groups.front(); });
        if (oneGroup) {
            negatives = bank_->entries(groups.front());
        } else {
            std::vector<torch::Tensor> parts;
            std::vector<int64_t> owner;
            for (int64_t g = 0; g < bank_->groups(); ++g) {
                if (bank_->count(g) == 0) continue;
                parts.push_back(bank_->entries(g));
                owner.insert(owner.end(), static_cast<size_t>(bank_->count(g)), g);
            }
            if (!parts.empty()) {
                negatives = torch::cat(parts);
                auto ownerT = torch::tensor(owner, torch::kInt64).to(context.device);
                auto groupT = torch::tensor(groups, torch::kInt64).to(context.device);
                mask = groupT.unsqueeze(1).eq(ownerT.unsqueeze(0));
            }
        }
    }
    double accuracy = 0, negativeCount = 0;
    ObjectiveOutput result;
    // With several ranks every rank computes the loss over all anchors but only its own rows carry
    // gradient; averaging gradients over ranks then matches one process with the whole batch.
    result.loss = ccpLoss(anchors, negatives, mask, options_.temperature, options_.l2Normalize,
                          &accuracy, &negativeCount);
    if (context.collective) result.gradientScale = context.collective->worldSize();
    result.metrics.emplace_back("acc", accuracy);
    result.metrics.emplace_back("negatives", negativeCount);
    result.tokens = batch.sentences.tokens();
    result.samples = batch.sentences.rows;
    // FIFO update (Algorithm 1: z joins M after use). Every rank pushes the same gathered rows,
    // so the banks stay identical across ranks.
    if (bank_) bank_->push(anchors.detach(), groups);
    return result;
}

nlohmann::json CcpObjective::state() const {
    return {{"cursor", sampler_->cursor().toJson()}, {"center_train_mode", centerTrainMode_}};
}

void CcpObjective::loadState(const nlohmann::json& state, const std::string& origin) {
    (void)origin;
    sampler_ = std::make_unique<ds::CcpSampler>(docs_, samplerOptions_,
                                                ds::Cursor::fromJson(state.at("cursor")));
    centerTrainMode_ = state.at("center_train_mode").get<bool>();
}

void CcpObjective::saveTensors(model::TensorMap& out) const {
    if (bank_) bank_->save(out, "ccp.bank");
}

void CcpObjective::loadTensors(const model::TensorMap& in, const std::string& origin) {
    if (bank_) bank_->load(in, "ccp.bank", origin);
}

const std::vector<std::pair<MemoryBankKind, const char*>>& EnumNames<MemoryBankKind>::table() {
    static const std::vector<std::pair<MemoryBankKind, const char*>> t = {
        {MemoryBankKind::Language, "language"},
        {MemoryBankKind::Plain, "plain"},
        {MemoryBankKind::None, "none"}};
    return t;
}

const std::vector<std::pair<ProjectionNorm, const char*>>& EnumNames<ProjectionNorm>::table() {
    static const std::vector<std::pair<ProjectionNorm, const char*>> t = {
        {ProjectionNorm::Asymmetric, "asymmetric"},
        {ProjectionNorm::Vanilla, "vanilla"},
        {ProjectionNorm::None, "none"}};
    return t;
}

ObjectiveSpec ccpObjectiveSpec() {
    ObjectiveSpec s;
    s.name = "ccp";
    s.title = "Contrastive context prediction (CCP)";
    s.summary =
        "Wu et al. 2022: a sentence and one of its neighbours in a window of radius w are "
        "positives; other sentences of the batch and a language-specific memory bank are "
        "negatives; the projection head's batch norm alternates train/eval between the branches.";
    s.paper = "ccp-contrastive-context-prediction.txt";
    s.defaultWeight = 1.0;
    s.defaults = [] { return std::any(CcpOptions{}); };
    s.fields = {
        optionField("ccp", "batch_size", &CcpOptions::batchSize,
                    "windows per CCP batch and process (2N sentences)"),
        optionField("ccp", "radius", &CcpOptions::radius,
                    "window radius w: context sentences at distance 1..w"),
        optionField("ccp", "temperature", &CcpOptions::temperature, "tau in exp(cos / tau)"),
        optionField("ccp", "memory_bank", &CcpOptions::memoryBank,
                    "language: per-language FIFO negatives; plain: one FIFO; none"),
        optionField("ccp", "bank_size", &CcpOptions::bankSize,
                    "memory bank entries M (per language for 'language')"),
        optionField("ccp", "l2_normalize", &CcpOptions::l2Normalize,
                    "cosine similarity (true) or raw dot product"),
        optionField("ccp", "projection_norm", &CcpOptions::projectionNorm,
                    "projection head batch norm"),
        optionField("ccp", "projection_size", &CcpOptions::projectionSize,
                    "projection head output size"),
    };
    s.validate = [](const RunConfig& config, std::vector<std::string>& p) {
        const auto& o = config.objectiveOptions<CcpOptions>("ccp");
        auto need = [&p](bool ok, const std::string& msg) {
            if (!ok) p.push_back(msg);
        };
        need(o.batchSize >= 2, "objectives.ccp.batch_size must be at least 2 (negatives)");
        need(o.radius >= 1,
             "objectives.ccp.radius must be at least 1 (a window of 0 has no context sentences)");
        need(o.temperature > 0, "objectives.ccp.temperature must be positive");
        need(o.projectionSize >= 1, "objectives.ccp.projection_size must be at least 1");
        // Each step pushes the gathered batch of every process into the bank.
        const int64_t perStep = 2 * o.batchSize * config.runtime.nproc;
        if (o.memoryBank != MemoryBankKind::None)
            need(o.bankSize >= perStep,
                 "objectives.ccp.bank_size (" + std::to_string(o.bankSize) +
                     ") must hold one global batch of 2 x batch_size x runtime.nproc = " +
                     std::to_string(perStep) + " embeddings (or memory_bank = \"none\")");
    };
    s.metrics = {
        {"loss/ccp", ISOMORPH_TR_NOOP("MetricCatalog", "CCP loss"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), MetricGroup::Losses, MetricKind::Train,
         Better::Lower},
        {"ccp/acc", ISOMORPH_TR_NOOP("MetricCatalog", "CCP in-batch accuracy (leakage when ~1)"),
         "%", MetricGroup::Objectives, MetricKind::Train, Better::Neither, 100},
        {"ccp/negatives", ISOMORPH_TR_NOOP("MetricCatalog", "CCP negatives per anchor"), "",
         MetricGroup::Objectives, MetricKind::Train, Better::Neither},
    };
    s.factory = [](const ObjectiveBuildContext& c) -> std::unique_ptr<Objective> {
        return std::make_unique<CcpObjective>(c);
    };
    return s;
}

}  // namespace isomorph::train

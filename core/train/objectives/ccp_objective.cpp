#include "core/train/objectives/ccp_objective.h"

#include <algorithm>
#include <limits>

#include "core/model/pooling.h"
#include "core/train/collective.h"
#include "core/train/objectives/batch_tensors.h"

namespace isomorph::train {

namespace ds = data::samplers;
namespace F = torch::nn::functional;

namespace {
constexpr uint64_t kCcpSeedTag = 0xCC7;
}

torch::Tensor ccpLoss(const torch::Tensor& z, const torch::Tensor& bank,
                      const torch::Tensor& bankMask, double temperature, bool l2Normalize,
                      double* accuracy) {
    const int64_t rows = z.size(0), n = rows / 2;
    auto q = l2Normalize ? F::normalize(z, F::NormalizeFuncOptions().dim(1)) : z;
    auto logits = torch::matmul(q, q.t()) / temperature;
    // k != c: an anchor is never its own negative.
    auto self = torch::eye(rows, torch::TensorOptions().dtype(torch::kBool).device(z.device()));
    logits = logits.masked_fill(self, -std::numeric_limits<float>::infinity());
    if (bank.defined() && bank.size(0) > 0) {
        auto b = l2Normalize ? F::normalize(bank, F::NormalizeFuncOptions().dim(1)) : bank;
        auto bankLogits = torch::matmul(q, b.t()) / temperature;
        if (bankMask.defined())
            bankLogits = bankLogits.masked_fill(bankMask.logical_not(),
                                                -std::numeric_limits<float>::infinity());
        logits = torch::cat({logits, bankLogits}, 1);
    }
    auto index = torch::arange(rows, torch::TensorOptions().dtype(torch::kLong).device(z.device()));
    auto target = torch::where(index < n, index + n, index - n);
    auto loss = F::cross_entropy(logits, target);
    if (accuracy) {
        torch::NoGradGuard noGrad;
        *accuracy = logits.argmax(1).eq(target).to(torch::kFloat64).mean().item<double>();
    }
    return loss;
}

CcpObjective::CcpObjective(const RunConfig& config, const data::shards::ShardSet& docs,
                           model::Encoder encoder, int rank, int worldSize, torch::Device device)
    : options_(config.ccp),
      pooling_(model::Pooling::parse(config.model.pooling, "model.pooling")),
      docs_(docs) {
    samplerOptions_.sampling =
        samplingOptions(config, options_.batchSize, kCcpSeedTag, rank, worldSize);
    samplerOptions_.radius = static_cast<uint32_t>(options_.radius);
    samplerOptions_.maxTokens = static_cast<uint32_t>(config.data.maxTokens);
    sampler_ = std::make_unique<ds::CcpSampler>(docs_, samplerOptions_);

    model::ProjectionOptions p;
    p.inputSize = encoder->config.hiddenSize;
    p.hiddenSize = encoder->config.hiddenSize;
    p.outputSize = options_.projectionSize;
    p.norm = options_.projectionNorm == "none" ? model::ProjectionOptions::Norm::None
                                               : model::ProjectionOptions::Norm::BatchNorm;
    projection_ = model::ProjectionHead(p);
    projection_->to(device);
    if (options_.memoryBank != "none") {
        const int64_t groups =
            options_.memoryBank == "language" ? static_cast<int64_t>(docs.languages().size()) : 1;
        bank_ = std::make_unique<MemoryBank>(groups, options_.bankSize, options_.projectionSize,
                                             device);
    }
}

ObjectiveOutput CcpObjective::forward(StepContext& context) {
    ds::CcpBatch batch = sampler_->next();
    const BatchTensors t = toTensors(batch.sentences, context.device);
    const int64_t n = static_cast<int64_t>(batch.centers.size());
    const bool layer = pooling_.kind == model::Pooling::Kind::LayerMean;
    model::EncoderOutput out = context.encoder->forward(t.ids, t.mask, {}, layer);
    auto h = model::poolSentences(out, t.mask, pooling_);
    auto hc = h.narrow(0, 0, n), ht = h.narrow(0, n, n);

    torch::Tensor zc, zt;
    if (options_.projectionNorm == "asymmetric") {
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
        const int64_t g =
            options_.memoryBank == "language" ? batch.languages[static_cast<size_t>(i)] : 0;
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
    double accuracy = 0;
    ObjectiveOutput result;
    // With several ranks every rank computes the loss over all anchors but only its own rows carry
    // gradient; averaging gradients over ranks then matches one process with the whole batch.
    result.loss =
        ccpLoss(anchors, negatives, mask, options_.temperature, options_.l2Normalize, &accuracy);
    if (context.collective) result.gradientScale = context.collective->worldSize();
    result.metrics.emplace_back("acc", accuracy);
    result.metrics.emplace_back(
        "negatives",
        static_cast<double>(anchors.size(0) - 2 + (negatives.defined() ? negatives.size(0) : 0)));
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

}  // namespace isomorph::train

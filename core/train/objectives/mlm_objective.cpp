#include "core/train/objectives/mlm_objective.h"

#include <algorithm>
#include <array>

#include "core/common/errors.h"
#include "core/data/samplers/masking.h"
#include "core/model/batch_tensors.h"
#include "core/train/collective.h"

namespace isomorph::train {

namespace ds = data::samplers;

namespace {
constexpr uint64_t kMlmSeedTag = 0x313;
/// Where a pretrained MLM head's tensors live: ours, XLM-R's, BERT's.
constexpr std::array<const char*, 3> kHeadSources = {"mlm.", "lm_head.", "cls.predictions."};
}  // namespace

bool isPretrainedMlmHeadTensor(const std::string& name) {
    return std::any_of(kHeadSources.begin(), kHeadSources.end(),
                       [&](const char* prefix) { return name.rfind(prefix, 0) == 0; });
}

std::string loadPretrainedMlmHead(model::MlmHeadImpl& head, const model::TensorMap& tensors) {
    // (ours, XLM-R, BERT) names of each head tensor.
    static const std::array<std::array<const char*, 3>, 5> kNames = {{
        {"dense.weight", "lm_head.dense.weight", "cls.predictions.transform.dense.weight"},
        {"dense.bias", "lm_head.dense.bias", "cls.predictions.transform.dense.bias"},
        {"layer_norm.weight", "lm_head.layer_norm.weight",
         "cls.predictions.transform.LayerNorm.weight"},
        {"layer_norm.bias", "lm_head.layer_norm.bias", "cls.predictions.transform.LayerNorm.bias"},
        {"bias", "lm_head.bias", "cls.predictions.bias"},
    }};
    auto params = head.named_parameters(/*recurse=*/true);
    for (size_t source = 0; source < kHeadSources.size(); ++source) {
        const std::string prefix = source == 0 ? "mlm." : "";
        if (!tensors.count(prefix + kNames[4][source])) continue;  // the output bias decides
        torch::NoGradGuard noGrad;
        for (const auto& names : kNames) {
            const std::string from = prefix + names[source];
            auto it = tensors.find(from);
            torch::Tensor* to = params.find(names[0]);
            if (it == tensors.end())
                throw CheckpointError("the initial checkpoint has an MLM head but lacks '" + from +
                                      "'");
            if (it->second.sizes() != to->sizes())
                throw CheckpointError("MLM head tensor '" + from + "' has shape " +
                                      c10::str(it->second.sizes()) + ", the model needs " +
                                      c10::str(to->sizes()));
            to->copy_(it->second);
        }
        return std::string(kHeadSources[source]) + "*";
    }
    return "";
}

MlmObjective::MlmObjective(const ObjectiveBuildContext& c)
    : docs_(c.data.docs("mlm")),
      maskProb_(std::any_cast<const MlmOptions&>(c.settings.options).maskProb),
      // The tokenizer's ids (the shards'), not the embedding's rows: multilingual-e5 has 35
      // rows past its <mask>, which masking must neither draw nor take for <mask>.
      vocabSize_(docs_.vocabSize()) {
    const auto& options = std::any_cast<const MlmOptions&>(c.settings.options);
    samplerOptions_.sampling =
        samplingOptions(c.config, options.batchSize, kMlmSeedTag, c.rank, c.worldSize);
    samplerOptions_.maxTokens = static_cast<uint32_t>(c.config.data.maxTokens);
    sampler_ = std::make_unique<ds::MlmSampler>(docs_, samplerOptions_);
    head_ = model::MlmHead(c.encoder);
    const std::string from = loadPretrainedMlmHead(*head_, c.data.initHeads());
    initNote_ = from.empty() ? "MLM head: new (the initial checkpoint has none)"
                             : "MLM head: continued from " + from + " of the initial checkpoint";
}

ObjectiveOutput maskedLmLoss(model::MlmHeadImpl& head, StepContext& context, ds::TokenMatrix& rows,
                             const ds::MaskOptions& mask, const std::vector<uint64_t>* rowKeys) {
    std::vector<int32_t> labels = ds::maskTokens(rows, mask, context.seed, rowKeys);
    return maskedLmLossForLabels(head, context, rows, labels);
}

ObjectiveOutput maskedLmLossForLabels(model::MlmHeadImpl& head, StepContext& context,
                                      const ds::TokenMatrix& rows, std::vector<int32_t>& labels,
                                      const torch::Tensor& tokenTypes,
                                      const torch::Tensor& global) {
    const model::BatchTensors t = model::toTensors(rows, context.device);
    auto labelTensor = torch::from_blob(labels.data(), {rows.rows, rows.cols},
                                        torch::TensorOptions().dtype(torch::kInt32))
                           .to(context.device, torch::kInt64);

    model::EncoderOutput out =
        context.encoder->forward(t.ids, t.mask, tokenTypes, /*keepHidden=*/false, global);
    // Only selected positions go through the vocabulary projection (the costly part).
    auto selected = labelTensor.ne(ds::kIgnoreLabel);
    auto hidden = out.lastHidden.index({selected});
    auto target = labelTensor.index({selected});
    ObjectiveOutput result;
    const int64_t count = target.size(0);
    // Mean over the masked tokens of all ranks, so N processes match one with N x the batch.
    // Every rank joins the reduction, also one that masked nothing in this batch (short QLM
    // queries can leave a rank without targets): a rank skipping it would hang the others.
    double total = static_cast<double>(count);
    if (context.collective) {
        // host: the collective moves it to its device
        std::vector<torch::Tensor> n{torch::tensor({total}, torch::kFloat64)};
        context.collective->allReduceSum(n);
        total = n[0].item<double>() / context.collective->worldSize();
    }
    // The head runs on the selected rows even when there are none: its parameters then get
    // defined zero gradients, so every rank all-reduces the same gradient tensors (a rank
    // without targets would otherwise leave the head's gradients undefined and skip them).
    auto logits = head.forward(hidden);
    auto sum = torch::nn::functional::cross_entropy(
        logits, target, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum));
    result.loss = total > 0 ? sum / total : sum * 0.0;  // no targets anywhere: 0, not 0/0
    if (count > 0) {
        torch::NoGradGuard noGrad;
        double correct = logits.argmax(1).eq(target).sum().item<double>();
        result.metrics.emplace_back("acc", correct / static_cast<double>(count));
    } else if (context.collective) {
        // The loop averages metrics over ranks element by element: every rank reports the same
        // keys (this rank's accuracy counts as 0 in that batch's mean).
        result.metrics.emplace_back("acc", 0.0);
    }
    result.metrics.emplace_back("masked", static_cast<double>(count));
    result.tokens = rows.tokens();
    result.samples = rows.rows;
    return result;
}

ObjectiveOutput MlmObjective::forward(StepContext& context) {
    ds::MlmBatch batch = sampler_->next();
    ds::MaskOptions mask;
    mask.probability = maskProb_;
    mask.vocabSize = vocabSize_;
    return maskedLmLoss(*head_, context, batch.rows, mask, &batch.starts);
}

nlohmann::json MlmObjective::state() const {
    return {{"cursor", sampler_->cursor().toJson()}};
}

void MlmObjective::loadState(const nlohmann::json& state, const std::string& origin) {
    (void)origin;
    sampler_ = std::make_unique<ds::MlmSampler>(docs_, samplerOptions_,
                                                ds::Cursor::fromJson(state.at("cursor")));
}

ObjectiveSpec mlmObjectiveSpec() {
    ObjectiveSpec s;
    s.name = "mlm";
    s.title = "Masked language modelling (MLM)";
    s.summary =
        "XLM-R's masked-LM: a share of tokens is selected (80% <mask>, 10% random, 10% kept) and "
        "predicted through the head tied to the word embeddings.";
    s.defaultWeight = 1.0;
    s.defaults = [] { return std::any(MlmOptions{}); };
    s.fields = {
        optionField("mlm", "batch_size", &MlmOptions::batchSize,
                    "sentences per MLM batch and process"),
        optionField("mlm", "mask_prob", &MlmOptions::maskProb,
                    "share of tokens selected for masking (80/10/10)"),
    };
    s.validate = [](const RunConfig& config, std::vector<std::string>& problems) {
        const auto& o = config.objectiveOptions<MlmOptions>("mlm");
        if (o.batchSize < 1) problems.push_back("objectives.mlm.batch_size must be at least 1");
        if (!(o.maskProb > 0 && o.maskProb < 1))
            problems.push_back("objectives.mlm.mask_prob must be in (0, 1)");
    };
    s.metrics = {
        {"loss/mlm", ISOMORPH_TR_NOOP("MetricCatalog", "MLM loss"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), MetricGroup::Losses, MetricKind::Train,
         Better::Lower},
        {"mlm/acc", ISOMORPH_TR_NOOP("MetricCatalog", "MLM accuracy on masked tokens"), "%",
         MetricGroup::Objectives, MetricKind::Train, Better::Higher, 100},
        {"mlm/masked", ISOMORPH_TR_NOOP("MetricCatalog", "Masked tokens per batch"),
         ISOMORPH_TR_NOOP("MetricCatalog", "tokens"), MetricGroup::Objectives, MetricKind::Train,
         Better::Neither},
    };
    s.factory = [](const ObjectiveBuildContext& c) -> std::unique_ptr<Objective> {
        return std::make_unique<MlmObjective>(c);
    };
    return s;
}

}  // namespace isomorph::train

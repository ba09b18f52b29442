#include "core/train/objectives/tlm_objective.h"

#include "core/common/errors.h"
#include "core/common/random.h"
#include "core/data/samplers/masking.h"
#include "core/train/objectives/mlm_objective.h"

namespace isomorph::train {

namespace ds = data::samplers;

namespace {
constexpr uint64_t kTlmSeedTag = 0x7137;
constexpr uint64_t kTlmMaskTag = 0x7138;
}  // namespace

TlmObjective::TlmObjective(const ObjectiveBuildContext& c)
    : options_(std::any_cast<const TlmOptions&>(c.settings.options)),
      pairs_(c.data.pairs("tlm")),
      // The tokenizer's ids (the shards'), not the embedding's rows: multilingual-e5 has 35
      // rows past its <mask>, which masking must neither draw nor take for <mask>.
      vocabSize_(pairs_.vocabSize()) {
    const int64_t needed = 2 * c.config.data.maxTokens + 1;
    if (c.encoder->config.maxPositions < needed)
        throw ConfigError("objectives.tlm encodes \"<s> x </s> y </s>\": the model has " +
                          std::to_string(c.encoder->config.maxPositions) +
                          " positions (model.max_positions), 2 x data.max_tokens + 1 = " +
                          std::to_string(needed) + " are needed");
    samplerOptions_.sampling =
        samplingOptions(c.config, options_.batchSize, kTlmSeedTag, c.rank, c.worldSize);
    samplerOptions_.maxTokens = static_cast<uint32_t>(c.config.data.maxTokens);
    sampler_ = std::make_unique<ds::PairSampler>(pairs_, samplerOptions_);
    head_ = model::MlmHead(c.encoder);
    const std::string from = loadPretrainedMlmHead(*head_, c.data.initHeads());
    initNote_ = from.empty() ? "TLM head: new (the initial checkpoint has no MLM head)"
                             : "TLM head: continued from " + from + " of the initial checkpoint";
}

ObjectiveOutput TlmObjective::forward(StepContext& context) {
    ds::PairBatch batch = sampler_->next();
    ds::TokenMatrix rows = ds::collate(ds::joinPairs(batch), samplerOptions_.sampling.padMultiple);
    // Masks keyed by the pair (document, epoch), not its row: N ranks mask as one process.
    std::vector<uint64_t> keys;
    for (size_t i = 0; i < batch.documents.size(); ++i)
        keys.push_back(deriveKey(kTlmMaskTag, batch.documents[i], batch.epochs[i]));
    ds::MaskOptions mask;
    mask.probability = options_.maskProb;
    mask.vocabSize = vocabSize_;
    return maskedLmLoss(*head_, context, rows, mask, &keys);
}

nlohmann::json TlmObjective::state() const {
    return {{"cursor", sampler_->cursor().toJson()}};
}

void TlmObjective::loadState(const nlohmann::json& state, const std::string& origin) {
    (void)origin;
    sampler_ = std::make_unique<ds::PairSampler>(pairs_, samplerOptions_,
                                                 ds::Cursor::fromJson(state.at("cursor")));
}

ObjectiveSpec tlmObjectiveSpec() {
    ObjectiveSpec s;
    s.name = "tlm";
    s.title = "Translation language modelling (TLM)";
    s.summary =
        "Conneau & Lample 2019: a parallel pair (data.pairs) is one input \"<s> x </s> y </s>\" "
        "whose tokens on both sides are masked as in MLM, so a masked word can be predicted from "
        "its translation; HICTL's companion on parallel data.";
    s.paper = "hictl-hierarchical-contrastive.txt";
    s.defaultWeight = 0.0;
    s.defaults = [] { return std::any(TlmOptions{}); };
    s.fields = {
        optionField("tlm", "batch_size", &TlmOptions::batchSize,
                    "parallel pairs per TLM batch and process"),
        optionField("tlm", "mask_prob", &TlmOptions::maskProb,
                    "share of the pair's tokens selected for masking (80/10/10)"),
    };
    s.validate = [](const RunConfig& config, std::vector<std::string>& p) {
        const auto& o = config.objectiveOptions<TlmOptions>("tlm");
        if (o.batchSize < 1) p.push_back("objectives.tlm.batch_size must be at least 1");
        if (!(o.maskProb > 0 && o.maskProb < 1))
            p.push_back("objectives.tlm.mask_prob must be in (0, 1)");
        const int64_t needed = 2 * config.data.maxTokens + 1;
        if (config.model.init == "scratch" && config.model.maxPositions < needed)
            p.push_back("objectives.tlm encodes \"<s> x </s> y </s>\": model.max_positions (" +
                        std::to_string(config.model.maxPositions) +
                        ") must be at least 2 x data.max_tokens + 1 (" + std::to_string(needed) +
                        ")");
    };
    s.metrics = {
        {"loss/tlm", ISOMORPH_TR_NOOP("MetricCatalog", "TLM loss"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), MetricGroup::Losses, MetricKind::Train,
         Better::Lower},
        {"tlm/acc", ISOMORPH_TR_NOOP("MetricCatalog", "TLM accuracy on masked tokens"), "%",
         MetricGroup::Objectives, MetricKind::Train, Better::Higher, 100},
        {"tlm/masked", ISOMORPH_TR_NOOP("MetricCatalog", "TLM masked tokens per batch"),
         ISOMORPH_TR_NOOP("MetricCatalog", "tokens"), MetricGroup::Objectives, MetricKind::Train,
         Better::Neither},
    };
    s.needs = [](const RunConfig&) {
        DataNeeds needs;
        needs.docs = false;
        needs.pairs = true;
        return needs;
    };
    s.factory = [](const ObjectiveBuildContext& c) -> std::unique_ptr<Objective> {
        return std::make_unique<TlmObjective>(c);
    };
    return s;
}

}  // namespace isomorph::train

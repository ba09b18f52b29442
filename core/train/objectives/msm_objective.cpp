#include "core/train/objectives/msm_objective.h"

#include <algorithm>
#include <limits>

#include "core/common/errors.h"
#include "core/common/random.h"
#include "core/train/collective.h"

namespace isomorph::train {

namespace ds = data::samplers;
namespace F = torch::nn::functional;

namespace {
constexpr uint64_t kMsmSeedTag = 0x35A;
constexpr uint64_t kNegativeTag = 0x35B;
}  // namespace

torch::Tensor msmLoss(const torch::Tensor& p, const torch::Tensor& h, const torch::Tensor& target,
                      const torch::Tensor& anchorBlock, const torch::Tensor& rowBlock,
                      const torch::Tensor& crossKeep, const MsmLossOptions& o,
                      MsmLossStats* stats) {
    const int64_t anchors = p.size(0), rows = h.size(0);
    auto pn = F::normalize(p, F::NormalizeFuncOptions().dim(1));
    auto hn = F::normalize(h, F::NormalizeFuncOptions().dim(1));
    auto sim = torch::matmul(pn, hn.t()) / o.temperature;  // [A, M]
    const auto boolOptions = torch::TensorOptions().dtype(torch::kBool).device(p.device());
    auto positive = torch::zeros({anchors, rows}, boolOptions);
    positive.scatter_(1, target.unsqueeze(1), true);
    auto same = anchorBlock.unsqueeze(1).eq(rowBlock.unsqueeze(0));
    auto intra = same.logical_and(positive.logical_not());
    auto cross = same.logical_not();
    if (crossKeep.defined()) cross = cross.logical_and(crossKeep);

    auto logits = sim;
    torch::Tensor alpha;
    {
        // eq. 2: the gap between the mean intra- and cross-document similarity, as a value only.
        torch::NoGradGuard noGrad;
        auto s = sim.detach();
        auto intraCount = intra.sum(1).to(s.scalar_type());
        auto crossCount = cross.sum(1).to(s.scalar_type());
        auto intraMean = (s * intra.to(s.scalar_type())).sum(1) / intraCount.clamp_min(1);
        auto crossMean = (s * cross.to(s.scalar_type())).sum(1) / crossCount.clamp_min(1);
        alpha = torch::where(intraCount.gt(0).logical_and(crossCount.gt(0)), intraMean - crossMean,
                             torch::zeros_like(intraMean));
    }
    const bool biased = o.intraNegatives && o.bias;
    if (biased) logits = logits - o.mu * alpha.unsqueeze(1) * intra.to(sim.scalar_type());
    auto keep = positive.logical_or(cross);
    if (o.intraNegatives) keep = keep.logical_or(intra);
    logits = logits.masked_fill(keep.logical_not(), -std::numeric_limits<double>::infinity());
    auto loss = F::cross_entropy(logits, target);
    if (stats) {
        torch::NoGradGuard noGrad;
        stats->accuracy = logits.argmax(1).eq(target).to(torch::kFloat64).mean().item<double>();
        stats->alpha = biased ? alpha.to(torch::kFloat64).mean().item<double>() : 0.0;
        stats->negatives = (keep.sum(1) - 1).to(torch::kFloat64).mean().item<double>();
    }
    return loss;
}

// ---- document encoder ---------------------------------------------------------------------------

DocumentEncoderImpl::DocumentEncoderImpl(const model::EncoderConfig& sentence, int64_t layers,
                                         int64_t maxSentences)
    : config(sentence) {
    config.numLayers = layers;
    config.attentionRadius = 0;  // blocks are short: full attention
    config.typeVocabSize = 0;
    // host: a parameter, moved with its module
    mask_vector = register_parameter("mask_vector", torch::empty({config.hiddenSize}));
    position_embeddings = register_module("position_embeddings",
                                          torch::nn::Embedding(maxSentences, config.hiddenSize));
    LayerNorm = register_module(
        "LayerNorm",
        torch::nn::LayerNorm(
            torch::nn::LayerNormOptions({config.hiddenSize}).eps(config.layerNormEps)));
    dropout = register_module("dropout", torch::nn::Dropout(config.hiddenDropout));
    encoder = register_module("encoder", model::LayerStack(config));
    torch::NoGradGuard noGrad;
    // BERT's initialisation, as for a fresh sentence encoder.
    for (auto& p : named_parameters(true)) {
        const std::string& key = p.key();
        if (key.find("LayerNorm") != std::string::npos)
            p.value().fill_(key.size() >= 4 && key.substr(key.size() - 4) == "bias" ? 0.0 : 1.0);
        else if (key.size() >= 4 && key.substr(key.size() - 4) == "bias")
            p.value().zero_();
        else
            p.value().normal_(0.0, 0.02);
    }
}

torch::Tensor DocumentEncoderImpl::forward(const torch::Tensor& h, const torch::Tensor& keep) {
    const int64_t blocks = h.size(0), s = h.size(1), width = h.size(2);
    TORCH_CHECK(s <= position_embeddings->weight.size(0), "document block of ", s,
                " sentences exceeds the document encoder's ", position_embeddings->weight.size(0));
    // Row (b, t) of the expanded batch is block b with sentence t replaced by [mask].
    auto eye = torch::eye(s, torch::TensorOptions().dtype(torch::kBool).device(h.device()));
    auto x = torch::where(eye.view({1, s, s, 1}), mask_vector.view({1, 1, 1, width}),
                          h.unsqueeze(1));  // [B, S(masked t), S(position), H]
    x = x.reshape({blocks * s, s, width});
    auto positions =
        torch::arange(s, torch::TensorOptions().dtype(torch::kLong).device(h.device()));
    x = dropout(LayerNorm(x + position_embeddings(positions).unsqueeze(0)));
    model::AttentionMasks masks;
    auto rowKeep =
        keep.to(torch::kBool).unsqueeze(1).expand({blocks, s, s}).reshape({blocks * s, s});
    masks.keep = rowKeep;
    masks.additive = model::additiveAttentionMask(rowKeep, x.scalar_type());
    auto out = encoder(x, masks).view({blocks, s, s, width});
    return out.diagonal(0, 1, 2).permute({0, 2, 1});  // [B, S, H]: output at the masked position
}

// ---- heads
// ---------------------------------------------------------------------------------------

namespace {

/// One projection layer (a plain MLP, Linear-ReLU-Linear), or none.
model::ProjectionHead makeProjection(int64_t width, const MsmOptions& o) {
    model::ProjectionOptions p;
    p.inputSize = width;
    p.hiddenSize = width;
    p.outputSize = o.projectionSize;
    p.norm = model::ProjectionOptions::Norm::None;
    return model::ProjectionHead(p);
}

}  // namespace

/// Every module MSM trains besides the sentence encoder, under one parent so that the trainer
/// saves them as heads ("msm.document_encoder.*", "msm.p_projection.*", ...).
struct MsmObjective::Heads : torch::nn::Module {
    Heads(const model::EncoderConfig& sentence, const MsmOptions& o) {
        document = register_module("document_encoder",
                                   DocumentEncoder(sentence, o.documentLayers, o.maxSentences));
        if (o.documentSharing != MsmDocumentSharing::All)
            documentEnglish = register_module(
                "document_encoder_en", DocumentEncoder(sentence, o.documentLayers, o.maxSentences));
        const bool ownHeadEnglish = o.documentSharing == MsmDocumentSharing::SeparateEnglishAndHead;
        if (o.projector != MsmProjector::None) {
            pProjection = register_module("p_projection", makeProjection(sentence.hiddenSize, o));
            if (o.projector == MsmProjector::Asymmetric)
                hProjection =
                    register_module("h_projection", makeProjection(sentence.hiddenSize, o));
            if (ownHeadEnglish) {
                pProjectionEnglish =
                    register_module("p_projection_en", makeProjection(sentence.hiddenSize, o));
                if (o.projector == MsmProjector::Asymmetric)
                    hProjectionEnglish =
                        register_module("h_projection_en", makeProjection(sentence.hiddenSize, o));
            }
        }
    }

    /// Projects rows x with `own` (or the shared head), rows flagged in `english` with the English
    /// head when there is one.
    static torch::Tensor project(const torch::Tensor& x, model::ProjectionHead& head,
                                 model::ProjectionHead& english, const torch::Tensor& isEnglish) {
        if (!head) return x;
        auto out = head->forward(x, true);
        if (english) out = torch::where(isEnglish.unsqueeze(1), english->forward(x, true), out);
        return out;
    }

    torch::Tensor projectP(const torch::Tensor& x, const torch::Tensor& isEnglish) {
        return project(x, pProjection, pProjectionEnglish, isEnglish);
    }
    torch::Tensor projectH(const torch::Tensor& x, const torch::Tensor& isEnglish) {
        // Shared projector: h goes through the same layer as p.
        return hProjection ? project(x, hProjection, hProjectionEnglish, isEnglish)
                           : project(x, pProjection, pProjectionEnglish, isEnglish);
    }

    DocumentEncoder document = nullptr, documentEnglish = nullptr;
    model::ProjectionHead pProjection = nullptr, hProjection = nullptr;
    model::ProjectionHead pProjectionEnglish = nullptr, hProjectionEnglish = nullptr;
};

MsmObjective::MsmObjective(const ObjectiveBuildContext& c)
    : options_(std::any_cast<const MsmOptions&>(c.settings.options)),
      pooling_(c.config.model.pooling),
      docs_(c.data.docs("msm")) {
    samplerOptions_.sampling =
        samplingOptions(c.config, options_.batchSize, kMsmSeedTag, c.rank, c.worldSize);
    samplerOptions_.maxSentences = static_cast<uint32_t>(options_.maxSentences);
    samplerOptions_.maxTokens = static_cast<uint32_t>(c.config.data.maxTokens);
    samplerOptions_.minSentences = 2;
    sampler_ = std::make_unique<ds::MsmSampler>(docs_, samplerOptions_);

    const auto& languages = docs_.languages();
    for (size_t i = 0; i < languages.size(); ++i)
        if (languages[i] == "en" || languages[i].rfind("en-", 0) == 0)
            english_ = static_cast<int64_t>(i);
    if (options_.documentSharing != MsmDocumentSharing::All && english_ < 0)
        throw ConfigError(
            "objectives.msm.document_sharing separates English, but data.docs has no English "
            "documents; use document_sharing = \"all\"");
    heads_ = std::make_shared<Heads>(c.encoder->config, options_);
    heads_->to(c.device);

    uint64_t blocks = 0;
    for (uint64_t b : sampler_->blocksPerLanguage())
        blocks += b;
    note_ = "MSM: " + std::to_string(blocks) + " document blocks of 2-" +
            std::to_string(options_.maxSentences) + " sentences; " +
            std::to_string(sampler_->skippedBlocks()) +
            " blocks of one sentence skipped (nothing to predict it from)";
    if (blocks == 0)
        throw DataError(
            "MSM: data.docs has no document with two or more sentences; MSM predicts "
            "a sentence from the others of its document");
}

MsmObjective::~MsmObjective() = default;

torch::nn::Module& MsmObjective::heads() {
    return *heads_;
}

ObjectiveOutput MsmObjective::forward(StepContext& context) {
    ds::MsmBatch batch = sampler_->next();
    const int64_t blocks = batch.blocks, s = batch.sentences, tokens = batch.tokens;
    const int64_t smax = options_.maxSentences;
    const auto device = context.device;
    const auto i32 = torch::TensorOptions().dtype(torch::kInt32);
    const auto i64 = torch::TensorOptions().dtype(torch::kLong);

    // Encode the real sentences only (padding sentences have no tokens).
    auto ids =
        torch::from_blob(batch.ids.data(), {blocks * s, tokens}, i32).to(device, torch::kLong);
    auto att = torch::from_blob(batch.attention.data(), {blocks * s, tokens}, i32)
                   .to(device, torch::kLong);
    auto lengths = torch::from_blob(batch.tokenLengths.data(), {blocks * s}, i32).to(torch::kLong);
    auto valid = lengths.gt(0);                              // [B*S] on CPU
    auto validRows = valid.nonzero().squeeze(1).to(device);  // [V]
    const bool layer = pooling_.kind == model::Pooling::Kind::LayerMean;
    auto mask = att.index_select(0, validRows);
    model::EncoderOutput out =
        context.encoder->forward(ids.index_select(0, validRows), mask, {}, layer);
    auto hv = model::poolSentences(out, mask, pooling_);  // [V, H]
    const int64_t width = hv.size(1);
    auto h = torch::zeros({blocks * s, width}, hv.options()).index_copy(0, validRows, hv);
    h = h.view({blocks, s, width});
    auto keep = valid.to(device).view({blocks, s});

    std::vector<uint8_t> englishFlags(static_cast<size_t>(blocks));
    for (int64_t b = 0; b < blocks; ++b)
        englishFlags[static_cast<size_t>(b)] =
            english_ >= 0 && batch.languages[static_cast<size_t>(b)] == english_;
    auto blockEnglish =
        torch::tensor(std::vector<int64_t>(englishFlags.begin(), englishFlags.end()), i64)
            .to(device)
            .to(torch::kBool);
    auto p = heads_->document->forward(h, keep);
    if (heads_->documentEnglish)
        p = torch::where(blockEnglish.view({blocks, 1, 1}),
                         heads_->documentEnglish->forward(h, keep), p);

    // Projected p and h of this rank's real sentences, laid out in slots of smax sentences per
    // block so that every rank contributes tensors of one shape to the gathers.
    auto rowEnglish = blockEnglish.view({blocks, 1}).expand({blocks, s}).reshape({blocks * s});
    auto pv = p.reshape({blocks * s, width}).index_select(0, validRows);
    auto ev = rowEnglish.index_select(0, validRows);
    auto zp = heads_->projectP(pv, ev);
    auto zh = heads_->projectH(hv, ev);
    const int64_t d = zp.size(1);
    auto slots = (torch::div(validRows, s, "floor") * smax + validRows.remainder(s));  // [V]
    auto zpSlots = torch::zeros({blocks * smax, d}, zp.options()).index_copy(0, slots, zp);
    auto zhSlots = torch::zeros({blocks * smax, d}, zh.options()).index_copy(0, slots, zh);
    auto slotValid = torch::zeros({blocks * smax}, i64.device(device)).index_fill(0, slots, 1);

    // Global batch: other ranks' rows without gradient, this rank's in place (as CCP does).
    torch::Tensor allP = zpSlots, allH = zhSlots, allValid = slotValid;
    int world = 1;
    if (context.collective && context.collective->worldSize() > 1) {
        world = context.collective->worldSize();
        const int rank = context.collective->rank();
        auto gp = context.collective->allGather(zpSlots.detach());
        auto gh = context.collective->allGather(zhSlots.detach());
        allValid = context.collective->allGather(slotValid);
        std::vector<torch::Tensor> ps, hs;
        for (int r = 0; r < world; ++r) {
            ps.push_back(r == rank ? zpSlots : gp.narrow(0, r * blocks * smax, blocks * smax));
            hs.push_back(r == rank ? zhSlots : gh.narrow(0, r * blocks * smax, blocks * smax));
        }
        allP = torch::cat(ps);
        allH = torch::cat(hs);
    }
    auto rows = allValid.gt(0).nonzero().squeeze(1);    // [M] global slots of real sentences
    auto blockOfRow = torch::div(rows, smax, "floor");  // global block id (rank * B + b)
    auto anchorsP = allP.index_select(0, rows);
    auto candidatesH = allH.index_select(0, rows);
    const int64_t m = rows.size(0);
    auto target = torch::arange(m, i64.device(device));

    torch::Tensor crossKeep;
    if (options_.crossNegatives > 0) {
        // A random subset of the cross-document sentences per anchor, the same on every rank
        // (keyed by the micro-batch seed) so that the ranks compute one loss.
        Rng rng(deriveKey(context.seed, kNegativeTag));
        std::vector<float> scores(static_cast<size_t>(m * m));
        for (auto& v : scores)
            v = static_cast<float>(rng.uniform());
        auto score = torch::from_blob(scores.data(), {m, m}, torch::kFloat32).clone().to(device);
        auto cross = blockOfRow.unsqueeze(1).ne(blockOfRow.unsqueeze(0));
        score = score.masked_fill(cross.logical_not(), -1.0f);
        const int64_t k = std::min<int64_t>(options_.crossNegatives, m);
        auto chosen = std::get<1>(score.topk(k, 1));
        crossKeep = torch::zeros({m, m}, torch::TensorOptions().dtype(torch::kBool).device(device))
                        .scatter_(1, chosen, true)
                        .logical_and(cross);
    }

    MsmLossOptions lo;
    lo.temperature = options_.temperature;
    lo.mu = options_.mu;
    lo.bias = options_.bias;
    lo.intraNegatives = options_.negatives == MsmNegatives::Hierarchical;
    MsmLossStats stats;
    ObjectiveOutput result;
    result.loss =
        msmLoss(anchorsP, candidatesH, target, blockOfRow, blockOfRow, crossKeep, lo, &stats);
    // Every rank computes the loss over all ranks' anchors, with gradient through its own rows
    // only; averaging gradients over ranks then matches one process with the whole batch.
    if (context.collective) result.gradientScale = world;
    result.metrics.emplace_back("acc", stats.accuracy);
    result.metrics.emplace_back("alpha", stats.alpha);
    result.metrics.emplace_back("negatives", stats.negatives);
    result.metrics.emplace_back("sentences", static_cast<double>(validRows.size(0)));
    result.tokens = mask.sum().item<int64_t>();
    result.samples = validRows.size(0);
    return result;
}

nlohmann::json MsmObjective::state() const {
    return {{"cursor", sampler_->cursor().toJson()}};
}

void MsmObjective::loadState(const nlohmann::json& state, const std::string& origin) {
    (void)origin;
    sampler_ = std::make_unique<ds::MsmSampler>(docs_, samplerOptions_,
                                                ds::Cursor::fromJson(state.at("cursor")));
}

// ---- registry
// ------------------------------------------------------------------------------------

const std::vector<std::pair<MsmNegatives, const char*>>& EnumNames<MsmNegatives>::table() {
    static const std::vector<std::pair<MsmNegatives, const char*>> t = {
        {MsmNegatives::Hierarchical, "hierarchical"}, {MsmNegatives::CrossDoc, "cross_doc"}};
    return t;
}

const std::vector<std::pair<MsmProjector, const char*>>& EnumNames<MsmProjector>::table() {
    static const std::vector<std::pair<MsmProjector, const char*>> t = {
        {MsmProjector::Asymmetric, "asymmetric"},
        {MsmProjector::Shared, "shared"},
        {MsmProjector::None, "none"}};
    return t;
}

const std::vector<std::pair<MsmDocumentSharing, const char*>>&
EnumNames<MsmDocumentSharing>::table() {
    static const std::vector<std::pair<MsmDocumentSharing, const char*>> t = {
        {MsmDocumentSharing::All, "all"},
        {MsmDocumentSharing::SeparateEnglish, "separate_english"},
        {MsmDocumentSharing::SeparateEnglishAndHead, "separate_english_and_head"}};
    return t;
}

ObjectiveSpec msmObjectiveSpec() {
    ObjectiveSpec s;
    s.name = "msm";
    s.title = "Masked sentence model (MSM)";
    s.summary =
        "Zhang et al. 2023: a shallow document encoder over the sentence vectors of a document "
        "block predicts each sentence in turn from the others; the prediction is contrasted with "
        "the sentence's own vector against the other sentences of the block (their similarity "
        "lowered by a detached bias mu * alpha) and those of other documents. Train with MLM.";
    s.paper = "msm-masked-sentence-model.txt";
    s.defaultWeight = 0;
    s.defaults = [] { return std::any(MsmOptions{}); };
    s.fields = {
        optionField("msm", "batch_size", &MsmOptions::batchSize,
                    "document blocks per MSM batch and process"),
        optionField("msm", "max_sentences", &MsmOptions::maxSentences,
                    "sentences per block; longer documents are split (the paper's 32)"),
        optionField("msm", "document_layers", &MsmOptions::documentLayers,
                    "transformer layers of the document encoder"),
        optionField("msm", "temperature", &MsmOptions::temperature, "tau in exp(cos / tau)"),
        optionField("msm", "mu", &MsmOptions::mu,
                    "weight of the dynamic bias mu * alpha on intra-document negatives"),
        optionField("msm", "bias", &MsmOptions::bias,
                    "lower intra-document logits by mu * alpha (false: the 'w/o bias' ablation)"),
        optionField("msm", "negatives", &MsmOptions::negatives,
                    "hierarchical: intra- and cross-document; cross_doc: cross-document only"),
        optionField("msm", "cross_negatives", &MsmOptions::crossNegatives,
                    "cross-document negatives per masked sentence, sampled; 0 = all in the "
                    "global batch"),
        optionField("msm", "projector", &MsmOptions::projector,
                    "projection layers: asymmetric (p and h apart), shared, none"),
        optionField("msm", "projection_size", &MsmOptions::projectionSize,
                    "projection output size"),
        optionField("msm", "document_sharing", &MsmOptions::documentSharing,
                    "all: one document encoder; separate_english: another for English; "
                    "separate_english_and_head: and its own projection"),
    };
    s.validate = [](const RunConfig& config, std::vector<std::string>& p) {
        const auto& o = config.objectiveOptions<MsmOptions>("msm");
        auto need = [&p](bool ok, const std::string& msg) {
            if (!ok) p.push_back(msg);
        };
        need(o.batchSize >= 1, "objectives.msm.batch_size must be at least 1");
        need(o.maxSentences >= 2,
             "objectives.msm.max_sentences must be at least 2 (a sentence is predicted from the "
             "others of its block)");
        need(o.documentLayers >= 1, "objectives.msm.document_layers must be at least 1");
        need(o.temperature > 0, "objectives.msm.temperature must be positive");
        need(o.mu >= 0, "objectives.msm.mu must be 0 or more");
        need(o.crossNegatives >= 0,
             "objectives.msm.cross_negatives must be 0 (all) or a positive count");
        need(o.projectionSize >= 1, "objectives.msm.projection_size must be at least 1");
    };
    s.metrics = {
        {"loss/msm", ISOMORPH_TR_NOOP("MetricCatalog", "MSM loss"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), MetricGroup::Losses, MetricKind::Train,
         Better::Lower},
        {"msm/acc", ISOMORPH_TR_NOOP("MetricCatalog", "MSM masked-sentence accuracy"), "%",
         MetricGroup::Objectives, MetricKind::Train, Better::Higher, 100},
        {"msm/alpha",
         ISOMORPH_TR_NOOP("MetricCatalog",
                          "MSM dynamic bias alpha (intra - cross similarity / tau)"),
         "", MetricGroup::Objectives, MetricKind::Train, Better::Neither},
        {"msm/negatives", ISOMORPH_TR_NOOP("MetricCatalog", "MSM negatives per masked sentence"),
         "", MetricGroup::Objectives, MetricKind::Train, Better::Neither},
        {"msm/sentences", ISOMORPH_TR_NOOP("MetricCatalog", "MSM sentences per batch"), "",
         MetricGroup::Objectives, MetricKind::Train, Better::Neither},
    };
    s.factory = [](const ObjectiveBuildContext& c) -> std::unique_ptr<Objective> {
        return std::make_unique<MsmObjective>(c);
    };
    return s;
}

}  // namespace isomorph::train

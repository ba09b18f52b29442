#include "core/train/objectives/ir_objective.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/common/random.h"
#include "core/data/readers/beir_corpus_reader.h"
#include "core/data/readers/retrieval_sets.h"
#include "core/model/batch_tensors.h"
#include "core/model/checkpoint_tokenizer.h"
#include "core/model/encoding_service.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/pooling.h"
#include "core/train/objectives/gather_rows.h"
#include "core/train/objectives/hictl_objective.h"
#include "core/train/objectives/ir_hard_negatives.h"

namespace isomorph::train {

namespace ds = data::samplers;
namespace F = torch::nn::functional;
namespace fs = std::filesystem;

namespace {

constexpr uint64_t kIrSeedTag = 0x1B5E;
constexpr uint64_t kPairSeedTag = 0x5E3C;
constexpr uint64_t kMonoSeedTag = 0x70A0;

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(',', start);
        if (end == std::string::npos) end = text.size();
        std::string item = text.substr(start, end - start);
        item.erase(0, item.find_first_not_of(" \t"));
        item.erase(item.find_last_not_of(" \t") + 1);
        if (!item.empty()) out.push_back(item);
        start = end + 1;
    }
    return out;
}

/// `<s> text </s>` with the tokenizer's own <s>/</s> ([CLS]/[SEP] for BERT's).
std::vector<int32_t> wrap(const model::CheckpointTokenizer& tokenizer, const std::string& text,
                          int64_t maxTokens) {
    std::vector<int32_t> ids{static_cast<int32_t>(tokenizer.bos)};
    auto body = tokenizer.encode(text);
    if (static_cast<int64_t>(body.size()) > maxTokens - 2)
        body.resize(static_cast<size_t>(maxTokens - 2));
    ids.insert(ids.end(), body.begin(), body.end());
    ids.push_back(static_cast<int32_t>(tokenizer.eos));
    return ids;
}

int64_t keyOf(const std::string& text) {
    return static_cast<int64_t>(fnv1a64(text) >> 1);
}

/// The BEIR set folders named by train_sets and sets.
std::vector<fs::path> setFolders(const IrOptions& o) {
    const fs::path root = o.trainSets;
    const auto wanted = splitList(o.sets);
    if (wanted.empty()) {
        try {
            return data::findBeirSets(root);
        } catch (const DataError& e) {
            throw DataError(std::string("objectives.ir.train_sets: ") + e.what());
        }
    }
    std::vector<fs::path> out;
    for (const auto& name : wanted) {
        if (!data::isBeirSet(root / name))
            throw DataError("objectives.ir.sets: " + (root / name).string() +
                            " is not a BEIR set (corpus.jsonl and queries.jsonl)");
        out.push_back(root / name);
    }
    return out;
}

/// The prompts the model puts before queries and passages (multilingual-e5: "query: ",
/// "passage: "), as search and retrieval evaluation apply them; empty for a model without.
struct IrPrompts {
    std::string query, passage;
};

IrTrainingSet loadIrExamples(const IrOptions& o, const model::CheckpointTokenizer& tokenizer,
                             const IrPrompts& prompts) {
    IrTrainingSet result;
    const HardNegativeSource hard = HardNegativeSource::parse(o.hardNegatives);
    std::optional<search::Run> runRankings;
    if (hard.kind == HardNegativeSource::Kind::Run) runRankings = readRunRankings(hard.runFile);
    for (const fs::path& set : setFolders(o)) {
        result.sets.push_back(set.string());
        std::unordered_map<std::string, std::string> corpus;
        data::BeirCorpusReader reader(set / "corpus.jsonl");
        for (data::Passage p; reader.next(p);)
            corpus[p.id] = p.title.empty() ? p.text : p.title + " " + p.text;
        const fs::path qrelsFile = fs::exists(set / "qrels" / "train.tsv")
                                       ? set / "qrels" / "train.tsv"
                                       : set / "qrels" / "test.tsv";
        const data::Qrels qrels = data::readBeirQrels(qrelsFile);
        const std::vector<data::Query> setQueries = data::readBeirQueries(set / "queries.jsonl");
        std::map<std::string, std::string> negatives;
        if (hard.kind == HardNegativeSource::Kind::Bm25)
            negatives = pickHardNegatives(bm25Rankings(corpus, setQueries), corpus, qrels);
        else if (hard.kind == HardNegativeSource::Kind::Run)
            negatives = pickHardNegatives(*runRankings, corpus, qrels);
        for (const data::Query& q : setQueries) {
            ++result.queries;
            auto judged = qrels.find(q.id);
            size_t before = result.examples.size();
            if (judged != qrels.end() && !q.text.empty())
                for (const auto& [docId, grade] : judged->second) {
                    auto passage = corpus.find(docId);
                    if (grade <= 0 || passage == corpus.end() || passage->second.empty()) continue;
                    IrExample e{
                        wrap(tokenizer, prompts.query + q.text, o.maxQueryTokens),
                        wrap(tokenizer, prompts.passage + passage->second, o.maxPassageTokens),
                        keyOf(q.text),
                        keyOf(passage->second),
                        {},
                        0};
                    if (auto n = negatives.find(q.id); n != negatives.end()) {
                        const std::string& text = corpus.at(n->second);
                        e.negative = wrap(tokenizer, prompts.passage + text, o.maxPassageTokens);
                        e.negativeKey = keyOf(text);
                        ++result.hardNegatives;
                    }
                    result.examples.push_back(std::move(e));
                }
            if (result.examples.size() == before) ++result.skippedQueries;
        }
    }
    if (result.examples.size() < 2)
        throw DataError("objectives.ir.train_sets: " + o.trainSets + " gives " +
                        std::to_string(result.examples.size()) +
                        " (query, positive passage) pairs; at least 2 are needed (" +
                        std::to_string(result.skippedQueries) +
                        " queries had no judged positive in their corpus)");
    return result;
}

/// "de-en,pt-PT-en" -> language pairs. Codes may hold dashes (pt-PT, zh-Hant): with `languages`
/// (the pair set's codes) the split point is the one whose both sides are known codes; without,
/// only the form is checked.
std::vector<ds::LanguagePair> parsePairs(const std::string& text,
                                         const std::vector<std::string>* languages = nullptr) {
    std::vector<ds::LanguagePair> out;
    auto known = [&](const std::string& code) {
        return !languages ||
               std::find(languages->begin(), languages->end(), code) != languages->end();
    };
    for (const auto& item : splitList(text)) {
        bool found = false;
        for (size_t dash = item.find('-'); dash != std::string::npos && !found;
             dash = item.find('-', dash + 1)) {
            const std::string a = item.substr(0, dash), b = item.substr(dash + 1);
            if (a.empty() || b.empty() || !known(a) || !known(b)) continue;
            out.emplace_back(a, b);
            found = true;
        }
        if (!found)
            throw ConfigError("objectives.ir.pair_languages: '" + item +
                              "' is not a language pair of the pair set (such as de-en)");
    }
    return out;
}

}  // namespace

torch::Tensor irLoss(const torch::Tensor& q, const torch::Tensor& p, double temperature,
                     const torch::Tensor& queryKeys, const torch::Tensor& passageKeys,
                     IrLossStats* stats, const IrHardNegatives* hard) {
    const int64_t n = q.size(0);
    auto qn = F::normalize(q, F::NormalizeFuncOptions().dim(1));
    auto pn = F::normalize(p, F::NormalizeFuncOptions().dim(1));
    auto logits = torch::matmul(qn, pn.t()) / temperature;  // [n, n]
    const auto boolOpts = torch::TensorOptions().dtype(torch::kBool).device(q.device());
    auto self = torch::eye(n, boolOpts);
    auto dropped = torch::zeros({n, n}, boolOpts);
    if (passageKeys.defined())
        dropped = dropped.logical_or(passageKeys.unsqueeze(1).eq(passageKeys.unsqueeze(0)));
    if (queryKeys.defined())
        dropped = dropped.logical_or(queryKeys.unsqueeze(1).eq(queryKeys.unsqueeze(0)));
    dropped = dropped.logical_and(self.logical_not());
    if (hard && hard->z.defined()) {
        // [n, n] more columns: hard negative j for every query, unless query j has none or it
        // is the text of this row's positive.
        auto hn = F::normalize(hard->z, F::NormalizeFuncOptions().dim(1));
        logits = torch::cat({logits, torch::matmul(qn, hn.t()) / temperature}, 1);
        auto hardDropped =
            hard->valid.to(torch::kBool).logical_not().unsqueeze(0).expand({n, hn.size(0)});
        if (passageKeys.defined())
            hardDropped =
                hardDropped.logical_or(passageKeys.unsqueeze(1).eq(hard->keys.unsqueeze(0)));
        dropped = torch::cat({dropped, hardDropped}, 1);
    }
    logits = logits.masked_fill(dropped, -std::numeric_limits<double>::infinity());
    auto target = torch::arange(n, torch::TensorOptions().dtype(torch::kLong).device(q.device()));
    auto loss = F::cross_entropy(logits, target);
    if (stats) {
        torch::NoGradGuard noGrad;
        stats->accuracy = logits.argmax(1).eq(target).to(torch::kFloat64).mean().item<double>();
        stats->negatives = static_cast<double>(logits.size(1) - 1) -
                           dropped.sum().item<double>() / static_cast<double>(n);
    }
    return loss;
}

torch::Tensor languageContrastiveLoss(const torch::Tensor& zx, const torch::Tensor& zy,
                                      const torch::Tensor& zq) {
    const int64_t n = zx.size(0);
    auto z = zq.defined() && zq.size(0) > 0 ? torch::cat({zx, zy, zq}) : torch::cat({zx, zy});
    const int64_t N = z.size(0);
    if (n == 0 || N < 3) return z.sum() * 0.0;
    auto zn = F::normalize(z, F::NormalizeFuncOptions().dim(1));
    auto s = torch::matmul(zn, zn.t());                 // [N, N] cosines
    auto d = s.narrow(0, 0, n) - s.narrow(0, n, n);     // [n, N]: s_ik - s_jk
    auto terms = F::logsigmoid(d) + F::logsigmoid(-d);  // both logs of eq. 3
    auto rows = torch::arange(n, torch::TensorOptions().dtype(torch::kLong).device(z.device()));
    auto keep = torch::ones({n, N}, torch::TensorOptions().dtype(torch::kBool).device(z.device()));
    keep.index_put_({rows, rows}, false);      // k = i
    keep.index_put_({rows, rows + n}, false);  // k = j
    const double norm = static_cast<double>(N) * static_cast<double>(N - 2);
    return -(terms * keep.to(terms.scalar_type())).sum() / norm;
}

IrObjective::IrObjective(const ObjectiveBuildContext& c)
    : options_(std::any_cast<const IrOptions&>(c.settings.options)),
      pooling_(c.config.model.pooling),
      rank_(c.rank),
      worldSize_(c.worldSize),
      seed_(c.config.runtime.seed ^ kIrSeedTag),
      docs_(nullptr) {
    const model::CheckpointTokenizer& tokenizer = c.data.tokenizer("ir");
    specials_ = tokenizer.specialIds();
    IrPrompts prompts;
    if (!c.data.checkpoint().empty()) {
        prompts.query = model::promptText(c.data.checkpoint(), model::TextRole::Query);
        prompts.passage = model::promptText(c.data.checkpoint(), model::TextRole::Passage);
    }
    data_ = loadIrExamples(options_, tokenizer, prompts);
    promptNote_ = prompts.query.empty() && prompts.passage.empty()
                      ? std::string()
                      : fmt::format(
                            "; queries prefixed \"{}\", passages \"{}\" (the model's "
                            "prompts)",
                            prompts.query, prompts.passage);
    const bool contrastive = options_.semanticWeight > 0 || options_.languageWeight > 0;
    if (contrastive) {
        pairs_ = &c.data.pairs("ir");
        pairOptions_.sampling =
            samplingOptions(c.config, options_.pairBatchSize, kPairSeedTag, c.rank, c.worldSize);
        pairOptions_.sampling.mode = BatchMode::Mixed;  // several language pairs per batch (3.1)
        pairOptions_.maxTokens = static_cast<uint32_t>(c.config.data.maxTokens);
        pairOptions_.languagePairs = parsePairs(options_.pairLanguages, &pairs_->languages());
        pairSampler_ = std::make_unique<ds::PairSampler>(*pairs_, pairOptions_);
    }
    if (options_.languageWeight > 0 && options_.monolingualBatchSize > 0) {
        monoOptions_.sampling = samplingOptions(c.config, options_.monolingualBatchSize,
                                                kMonoSeedTag, c.rank, c.worldSize);
        monoOptions_.sampling.mode = BatchMode::Mixed;
        monoOptions_.maxTokens = static_cast<uint32_t>(c.config.data.maxTokens);
        docs_ = &c.data.docs("ir");
        monoSampler_ = std::make_unique<ds::MlmSampler>(*docs_, monoOptions_);
    }
    heads_ = std::make_shared<torch::nn::Module>("IrHeads");  // none: the encoder is the model
    if (!options_.sharedEncoders) buildQueryEncoder(c);
}

void IrObjective::buildQueryEncoder(const ObjectiveBuildContext& c) {
    // DPR's second tower: the same architecture (and dropout) as the run's encoder, starting
    // from the query encoder of an IR checkpoint with separate encoders when model.init is one,
    // else from the run's initial encoder weights.
    queryEncoder_ = model::Encoder(c.encoder->config);
    queryEncoder_->to(c.encoder->parameters().front().scalar_type());
    const std::string prefix = std::string(model::kQueryEncoderPrefix);
    if (model::copyEncoderFromHeads(queryEncoder_, c.data.initHeads(), prefix,
                                    c.data.checkpoint().string() + "/heads.safetensors")) {
        queryEncoderFrom_ = prefix + "* of the initial checkpoint";
    } else {
        torch::NoGradGuard noGrad;
        auto source = c.encoder->named_parameters(true);
        for (auto& p : queryEncoder_->named_parameters(true))
            p.value().copy_(source[p.key()]);
        queryEncoderFrom_ = "a copy of the initial encoder";
    }
    heads_->register_module("query_encoder", queryEncoder_);
}

namespace {
/// The contrastive weights as applied, when some are on.
std::string contrastiveNote(const IrOptions& o) {
    if (o.semanticWeight <= 0 && o.languageWeight <= 0) return "";
    return fmt::format("; contrastive weights applied: w_s {:g}, w_l {:g}{}",
                       o.applied(o.semanticWeight), o.applied(o.languageWeight),
                       o.weightsRelativeToEq1
                           ? fmt::format(" (the paper's {:g} and {:g} against eq. 1, divided by "
                                         "temperature {:g})",
                                         o.semanticWeight, o.languageWeight, o.temperature)
                           : std::string(" (as given)"));
}
}  // namespace

std::string IrObjective::initNote() const {
    std::string sets;
    for (const auto& s : data_.sets)
        sets += (sets.empty() ? "" : ", ") + fs::path(s).filename().string();
    return "IR: " + std::to_string(data_.examples.size()) + " (query, positive) pairs from " +
           std::to_string(data_.queries) + " queries of " + sets + "; " +
           std::to_string(data_.skippedQueries) + " queries skipped (no judged positive); " +
           (options_.hardNegatives == "none" || options_.hardNegatives.empty()
                ? std::string()
                : std::to_string(data_.hardNegatives) + " with a hard negative (" +
                      options_.hardNegatives + "); ") +
           (queryEncoder_.is_empty() ? std::string("one encoder for queries and passages")
                                     : "separate query encoder from " + queryEncoderFrom_ +
                                           " (the contrastive losses train the passage encoder)") +
           contrastiveNote(options_) + promptNote_;
}

torch::Tensor IrObjective::embed(const ds::TokenMatrix& rows, StepContext& context,
                                 model::Encoder encoder) {
    const model::BatchTensors t = model::toTensors(rows, context.device);
    const bool layer = pooling_.kind == model::Pooling::Kind::LayerMean;
    if (encoder.is_empty()) encoder = context.encoder;
    model::EncoderOutput out = encoder->forward(t.ids, t.mask, {}, layer);
    return model::poolSentences(out, t.mask, pooling_);
}

std::pair<torch::Tensor, torch::Tensor> IrObjective::embedPairs(StepContext& context,
                                                                int64_t* tokens) {
    ds::PairBatch batch = pairSampler_->next();
    *tokens += batch.sources.tokens() + batch.targets.tokens();
    return {embed(batch.sources, context), embed(batch.targets, context)};
}

double IrObjective::semanticStep(StepContext& context, ObjectiveOutput& result, double scale) {
    auto [x, y] = embedPairs(context, &result.tokens);
    HictlLossStats stats;
    auto loss = hictlSentenceLoss(gatherRows(context.collective, x),
                                  gatherRows(context.collective, y), options_.semanticTemperature,
                                  /*hardExponent=*/0.0, {}, &stats);
    // Gradient through this rank's rows only: x worldSize so that averaging over ranks gives the
    // whole batch's gradient (as HICTL).
    (loss * (scale * options_.applied(options_.semanticWeight) * worldSizeOf(context.collective)))
        .backward();
    const double value = loss.item<double>();
    result.metrics.emplace_back("semantic_loss", value);
    result.metrics.emplace_back("semantic_acc", stats.accuracy);
    result.samples += 2 * x.size(0);
    return value;
}

double IrObjective::languageStep(StepContext& context, ObjectiveOutput& result, double scale) {
    auto [x, y] = embedPairs(context, &result.tokens);
    torch::Tensor q;
    if (monoSampler_) {
        ds::MlmBatch mono = monoSampler_->next();
        result.tokens += mono.rows.tokens();
        q = gatherRows(context.collective, embed(mono.rows, context));
        result.samples += mono.rows.rows;
    }
    auto loss = languageContrastiveLoss(gatherRows(context.collective, x),
                                        gatherRows(context.collective, y), q);
    if (loss.requires_grad())
        (loss *
         (scale * options_.applied(options_.languageWeight) * worldSizeOf(context.collective)))
            .backward();
    const double value = loss.item<double>();
    result.metrics.emplace_back("language_loss", value);
    result.samples += 2 * x.size(0);
    return value;
}

ObjectiveOutput IrObjective::forward(StepContext& context) {
    ObjectiveOutput result;
    double extra = 0;  // w_s L_semaCL + w_l L_langCL, already differentiated
    // Eq. 4's contrastive terms first, each differentiated before the next forward pass (the
    // order does not change the summed gradient; L_IR last lets the loop differentiate it).
    if (options_.semanticWeight > 0)
        extra += options_.applied(options_.semanticWeight) *
                 semanticStep(context, result, context.backwardScale);
    if (options_.languageWeight > 0)
        extra += options_.applied(options_.languageWeight) *
                 languageStep(context, result, context.backwardScale);

    const int64_t B = options_.batchSize;
    const auto M = static_cast<uint64_t>(data_.examples.size());
    std::vector<std::vector<int32_t>> queries, passages, negatives;
    std::vector<int64_t> queryKeys, passageKeys, negativeKeys, negativeValid;
    for (int64_t i = 0; i < B; ++i) {
        const auto slot = static_cast<uint64_t>(consumed_ + rank_ * B + i);
        const FeistelPermutation order(M, deriveKey(seed_, slot / M));
        const IrExample& e = data_.examples[order(slot % M)];
        queries.push_back(e.query);
        passages.push_back(e.passage);
        queryKeys.push_back(e.queryKey);
        passageKeys.push_back(e.passageKey);
        // Every row gets a slot so that ranks gather equal shapes; a query without a hard
        // negative holds an empty placeholder that the loss leaves out.
        const bool has = !e.negative.empty();
        negatives.push_back(has ? e.negative : std::vector<int32_t>{specials_.bos, specials_.eos});
        negativeKeys.push_back(e.negativeKey);
        negativeValid.push_back(has ? 1 : 0);
    }
    consumed_ += B * worldSize_;
    const ds::TokenMatrix qm = ds::collate(queries, 1, specials_.pad),
                          pm = ds::collate(passages, 1, specials_.pad);
    // Queries through the query encoder when it is separate; the contrastive losses above went
    // through the passage encoder only (section 4).
    auto zq = gatherRows(context.collective, embed(qm, context, queryEncoder_));
    auto zp = gatherRows(context.collective, embed(pm, context));
    auto keys = [&](const std::vector<int64_t>& k) {
        auto t = torch::tensor(k, torch::kInt64).to(context.device);
        return context.collective && context.collective->worldSize() > 1
                   ? context.collective->allGather(t)
                   : t;
    };
    IrHardNegatives hard;
    if (data_.hardNegatives > 0) {
        const ds::TokenMatrix nm = ds::collate(negatives, 1, specials_.pad);
        hard.z = gatherRows(context.collective, embed(nm, context));
        hard.keys = keys(negativeKeys);
        hard.valid = keys(negativeValid);
        result.tokens += nm.tokens();
        result.samples += B;
    }
    IrLossStats stats;
    auto ir =
        irLoss(zq, zp, options_.temperature, keys(queryKeys), keys(passageKeys), &stats, &hard);
    const double world = worldSizeOf(context.collective);
    const double irValue = ir.item<double>();
    auto scaled = world == 1.0 ? ir : ir * world - ir.detach() * (world - 1.0);
    result.loss = scaled + extra;  // the value of eq. 4; gradient of L_IR only
    result.metrics.emplace_back("ir_loss", irValue);
    result.metrics.emplace_back("acc", stats.accuracy);
    result.metrics.emplace_back("negatives", stats.negatives);
    result.metrics.emplace_back("skipped_queries", static_cast<double>(data_.skippedQueries));
    result.tokens += qm.tokens() + pm.tokens();
    result.samples += 2 * B;
    return result;
}

nlohmann::json IrObjective::state() const {
    nlohmann::json s{{"consumed", consumed_}};
    if (pairSampler_) s["pairs"] = pairSampler_->cursor().toJson();
    if (monoSampler_) s["mono"] = monoSampler_->cursor().toJson();
    return s;
}

void IrObjective::loadState(const nlohmann::json& state, const std::string& origin) {
    consumed_ = state.at("consumed").get<int64_t>();
    if (pairSampler_) {
        if (!state.contains("pairs"))
            throw CheckpointError(origin + ": the IR state has no pair cursor");
        pairSampler_ = std::make_unique<ds::PairSampler>(*pairs_, pairOptions_,
                                                         ds::Cursor::fromJson(state.at("pairs")));
    }
    if (monoSampler_) {
        if (!state.contains("mono"))
            throw CheckpointError(origin + ": the IR state has no monolingual cursor");
        monoSampler_ = std::make_unique<ds::MlmSampler>(*docs_, monoOptions_,
                                                        ds::Cursor::fromJson(state.at("mono")));
    }
}

ObjectiveSpec irObjectiveSpec() {
    ObjectiveSpec s;
    s.name = "ir";
    s.title = "Bi-encoder retrieval with semantic and language contrastive losses";
    s.summary =
        "Hu et al. 2023: DPR-style retrieval over (query, positive passage) pairs of BEIR "
        "training sets with in-batch negatives from every process (cosine / tau), plus w_s times "
        "a symmetric InfoNCE over parallel pairs of mixed language pairs (data.pairs) and w_l "
        "times the language contrastive loss, which makes every other sentence of a batch "
        "(including non-parallel text of data.docs) equally similar to both sides of each "
        "parallel pair. One shared encoder for queries and passages, or a separate query "
        "encoder (shared_encoders = false).";
    s.paper = "semantic-language-contrastive-ir.txt";
    s.defaultWeight = 0.0;
    s.defaults = [] { return std::any(IrOptions{}); };
    s.fields = {
        optionField("ir", "train_sets", &IrOptions::trainSets,
                    "folder of BEIR training sets (or one set): corpus.jsonl, queries.jsonl, "
                    "qrels/train.tsv or qrels/test.tsv",
                    {true}),
        optionField("ir", "sets", &IrOptions::sets,
                    "comma-separated set names under train_sets (\"en-en,de-en\"); empty = all"),
        optionField("ir", "batch_size", &IrOptions::batchSize,
                    "(query, positive passage) pairs per batch and process"),
        optionField("ir", "shared_encoders", &IrOptions::sharedEncoders,
                    "one encoder for queries and passages; false = a separate query encoder "
                    "from the same checkpoint, saved as ir.query_encoder.* in heads.safetensors "
                    "and used for queries by encode --queries, search and eval retrieval"),
        optionField("ir", "hard_negatives", &IrOptions::hardNegatives,
                    "one hard negative per query besides the in-batch ones: \"none\", "
                    "\"bm25\" (best-ranked non-relevant passage of the set under BM25) or "
                    "\"run:PATH\" (from a TREC run file)"),
        optionField("ir", "temperature", &IrOptions::temperature,
                    "tau of eq. 1, cos(q, p) / tau; the paper's eq. 1 is tau = 1"),
        optionField("ir", "max_query_tokens", &IrOptions::maxQueryTokens,
                    "query tokens kept, with <s> and </s>"),
        optionField("ir", "max_passage_tokens", &IrOptions::maxPassageTokens,
                    "passage tokens kept, with <s> and </s>"),
        optionField("ir", "semantic_weight", &IrOptions::semanticWeight,
                    "w_s: multiplier of the semantic contrastive loss (eq. 2); 0 = off"),
        optionField("ir", "language_weight", &IrOptions::languageWeight,
                    "w_l: multiplier of the language contrastive loss (eq. 3); 0 = off"),
        optionField("ir", "weights_relative_to_eq1", &IrOptions::weightsRelativeToEq1,
                    "true: w_s and w_l are the paper's, against eq. 1 with tau = 1, and are "
                    "applied as w / temperature (L_IR over cos / tau has a 1/tau larger "
                    "gradient); false: applied as given"),
        optionField("ir", "pair_batch_size", &IrOptions::pairBatchSize,
                    "parallel pairs per contrastive batch and process"),
        optionField("ir", "semantic_temperature", &IrOptions::semanticTemperature,
                    "tau of the semantic contrastive loss (eq. 2)"),
        optionField("ir", "pair_languages", &IrOptions::pairLanguages,
                    "language pairs of data.pairs the contrastive losses use (\"de-en,fr-en\"); "
                    "empty = all"),
        optionField("ir", "monolingual_batch_size", &IrOptions::monolingualBatchSize,
                    "non-parallel text rows of data.docs per language contrastive batch and "
                    "process; 0 = parallel sentences only"),
    };
    s.validate = [](const RunConfig& config, std::vector<std::string>& p) {
        const auto& o = config.objectiveOptions<IrOptions>("ir");
        auto need = [&p](bool ok, const std::string& msg) {
            if (!ok) p.push_back(msg);
        };
        need(!o.trainSets.empty(), "objectives.ir.train_sets: name a folder of BEIR training sets");
        need(o.batchSize >= 2, "objectives.ir.batch_size must be at least 2 (negatives)");
        need(o.temperature > 0, "objectives.ir.temperature must be positive");
        try {
            HardNegativeSource::parse(o.hardNegatives);
        } catch (const ConfigError& e) {
            p.push_back(e.what());
        }
        need(o.maxQueryTokens >= 3, "objectives.ir.max_query_tokens must be at least 3");
        need(o.maxPassageTokens >= 3, "objectives.ir.max_passage_tokens must be at least 3");
        if (config.model.init == "scratch") {
            // XLM-R positions start at pad + 1 = 2.
            const int64_t longest = std::max(o.maxQueryTokens, o.maxPassageTokens);
            need(longest + 2 <= config.model.maxPositions,
                 "objectives.ir.max_passage_tokens / max_query_tokens (" + std::to_string(longest) +
                     ") + 2 exceed model.max_positions (" +
                     std::to_string(config.model.maxPositions) + ")");
        }
        need(o.semanticWeight >= 0, "objectives.ir.semantic_weight must not be negative");
        need(o.languageWeight >= 0, "objectives.ir.language_weight must not be negative");
        if (o.semanticWeight > 0 || o.languageWeight > 0)
            need(o.pairBatchSize >= 2, "objectives.ir.pair_batch_size must be at least 2");
        need(o.semanticTemperature > 0, "objectives.ir.semantic_temperature must be positive");
        need(o.monolingualBatchSize >= 0,
             "objectives.ir.monolingual_batch_size must not be negative");
        try {
            parsePairs(o.pairLanguages);
        } catch (const ConfigError& e) {
            p.push_back(e.what());
        }
    };
    using G = MetricGroup;
    using K = MetricKind;
    s.metrics = {
        {"loss/ir",
         ISOMORPH_TR_NOOP("MetricCatalog", "IR joint loss (L_IR + w_s L_semaCL + w_l L_langCL)"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), G::Losses, K::Train, Better::Lower},
        {"ir/ir_loss", ISOMORPH_TR_NOOP("MetricCatalog", "IR retrieval loss L_IR (eq. 1)"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), G::Losses, K::Train, Better::Lower},
        {"ir/semantic_loss",
         ISOMORPH_TR_NOOP("MetricCatalog", "IR semantic contrastive loss (eq. 2)"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), G::Losses, K::Train, Better::Lower},
        {"ir/language_loss",
         ISOMORPH_TR_NOOP("MetricCatalog", "IR language contrastive loss (eq. 3)"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), G::Losses, K::Train, Better::Lower},
        {"ir/acc",
         ISOMORPH_TR_NOOP("MetricCatalog", "IR in-batch accuracy (positive passage ranked first)"),
         "%", G::Objectives, K::Train, Better::Higher, 100},
        {"ir/semantic_acc",
         ISOMORPH_TR_NOOP("MetricCatalog", "IR semantic CL accuracy (translation ranked first)"),
         "%", G::Objectives, K::Train, Better::Higher, 100},
        {"ir/negatives", ISOMORPH_TR_NOOP("MetricCatalog", "IR in-batch negatives per query"), "",
         G::Objectives, K::Train, Better::Neither},
        {"ir/skipped_queries",
         ISOMORPH_TR_NOOP("MetricCatalog", "IR training queries skipped (no judged positive)"),
         ISOMORPH_TR_NOOP("MetricCatalog", "queries"), G::Objectives, K::Train, Better::Lower},
    };
    // BEIR text through the checkpoint's tokenizer; parallel pairs for the contrastive losses.
    s.needs = [](const RunConfig& config) {
        const auto& o = config.objectiveOptions<IrOptions>("ir");
        DataNeeds needs;
        needs.docs = o.languageWeight > 0 && o.monolingualBatchSize > 0;
        needs.pairs = o.semanticWeight > 0 || o.languageWeight > 0;
        needs.pairsFor = "its contrastive losses (semantic_weight, language_weight)";
        needs.text = true;
        return needs;
    };
    s.factory = [](const ObjectiveBuildContext& c) -> std::unique_ptr<Objective> {
        return std::make_unique<IrObjective>(c);
    };
    return s;
}

}  // namespace isomorph::train

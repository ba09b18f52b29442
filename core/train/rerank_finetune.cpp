#include "core/train/rerank_finetune.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/random.h"
#include "core/data/readers/retrieval_sets.h"
#include "core/eval/eval_tasks.h"
#include "core/eval/retrieval_metrics.h"
#include "core/model/bert_init.h"
#include "core/model/cross_encoder_model.h"
#include "core/model/hf_checkpoint.h"
#include "core/runtime/scoped_thread_counts.h"
#include "core/search/rerank_top.h"
#include "core/search/translation_lexicon.h"
#include "core/train/adamw.h"
#include "core/train/schedule.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// One query of the run with everything its fold needs (texts point into the loaded sets).
struct QueryData {
    std::string id;
    const std::string* text = nullptr;
    search::Ranking firstStage;                  ///< the whole run ranking
    std::vector<const std::string*> candidates;  ///< texts of the top `candidates`, rank order
    std::vector<const std::string*> positives;   ///< relevant passages (qrels grade > 0)
    std::vector<const std::string*> negatives;   ///< non-relevant candidates
    eval::Judgements judged;                     ///< the query's qrels (validation MAP)
};

struct Collection {
    std::vector<eval::RetrievalSet> sets;
    std::vector<QueryData> queries;  ///< run queries known to the sets, by id
};

/// Passage id -> text of one set.
std::map<std::string, const std::string*> passageTexts(const eval::RetrievalSet& set) {
    std::map<std::string, const std::string*> out;
    for (const auto& p : set.passages)
        out[p.id] = &p.text;
    return out;
}

QueryData queryData(const eval::RetrievalSet& set, const data::Query& query,
                    const search::Ranking& ranking, int candidates, const fs::path& runFile,
                    const std::map<std::string, const std::string*>& passages) {
    QueryData q;
    q.id = query.id;
    q.text = &query.text;
    q.firstStage = ranking;
    const auto judged = set.qrels.find(query.id);
    if (judged != set.qrels.end()) q.judged = judged->second;
    auto relevant = [&](const std::string& doc) {
        if (judged == set.qrels.end()) return false;
        const auto it = judged->second.find(doc);
        return it != judged->second.end() && it->second > 0;
    };
    for (const auto& doc : search::rerankCandidates(ranking, static_cast<size_t>(candidates))) {
        const auto it = passages.find(doc);
        if (it == passages.end())
            throw DataError(fmt::format(
                "{}: query '{}' ranks passage '{}', which {}/corpus.jsonl does not contain (is "
                "the run from this collection?)",
                runFile.string(), query.id, doc, set.folder.string()));
        q.candidates.push_back(it->second);
        if (!relevant(doc)) q.negatives.push_back(it->second);
    }
    if (judged != set.qrels.end())
        for (const auto& [doc, grade] : judged->second) {
            const auto it = passages.find(doc);
            if (grade > 0 && it != passages.end()) q.positives.push_back(it->second);
        }
    return q;
}

Collection loadCollection(const RerankFinetuneRequest& r, RerankFinetuneReport& report) {
    Collection c;
    for (const auto& dir : data::findBeirSets(r.beir))
        c.sets.push_back(eval::loadBeirSet(dir, r.qrelsSplit));
    if (!r.queryLexicon.empty()) {
        const auto lexicon = search::TranslationLexicon::load(r.queryLexicon);
        for (auto& set : c.sets)
            eval::translateQueries(set, lexicon);
    }
    const search::Run run = eval::groupRun(data::readTrecRun(r.run));
    std::map<std::string, std::pair<const eval::RetrievalSet*, const data::Query*>> byId;
    for (const auto& set : c.sets)
        for (const auto& q : set.queries)
            if (!byId.emplace(q.id, std::make_pair(&set, &q)).second)
                throw DataError(fmt::format(
                    "{}: query id '{}' also occurs in another collection under {}; query ids "
                    "must be unique to tell which collection a run line belongs to",
                    set.folder.string(), q.id, r.beir.string()));
    std::map<const eval::RetrievalSet*, std::map<std::string, const std::string*>> passages;
    for (const auto& [qid, ranking] : run) {
        const auto it = byId.find(qid);
        if (it == byId.end()) {
            report.runQueriesUnknown.push_back(qid);
            continue;
        }
        const auto* set = it->second.first;
        if (!passages.count(set)) passages[set] = passageTexts(*set);
        c.queries.push_back(queryData(*set, *it->second.second, ranking, r.options.candidates,
                                      r.run, passages[set]));
    }
    if (c.queries.empty())
        throw DataError(fmt::format(
            "{}: none of the run's {} queries is in the queries.jsonl under {}; pass the run "
            "that was retrieved for these queries",
            r.run.string(), run.size(), r.beir.string()));
    return c;
}

// ---- model preparation ----------------------------------------------------------------------

/// Re-initialises the last `layers` encoder layers when `resetLayers` (and the head when
/// `resetHead`), freezes the rest of the encoder and returns the trainable parameters (those
/// layers, the segment embeddings and the head) by their checkpoint names.
std::vector<std::pair<std::string, torch::Tensor>> prepareForFinetuning(
    model::CrossEncoderModel& m, int layers, bool resetLayers, bool resetHead, uint64_t seed) {
    const int64_t total = m.encoder->config.numLayers;
    for (auto& p : m.encoder->parameters())
        p.set_requires_grad(false);
    std::vector<std::pair<std::string, torch::Tensor>> trainable;
    for (int64_t i = total - layers; i < total; ++i) {
        auto layer = m.encoder->encoder->layer[static_cast<size_t>(i)];
        if (resetLayers)
            model::initializeLikeBert(*layer, deriveKey(seed, 1, static_cast<uint64_t>(i)));
        for (auto& item : layer->named_parameters(true)) {
            item.value().set_requires_grad(true);
            trainable.emplace_back(fmt::format("encoder.layer.{}.{}", i, item.key()), item.value());
        }
    }
    // The segment embeddings are trained too: `model extend` made segment 1 (the document's) a
    // copy of segment 0, and frozen it would stay one (issue 24).
    if (auto types = m.encoder->embeddings->token_type_embeddings;
        !types.is_empty() && types->weight.size(0) > 1) {
        types->weight.set_requires_grad(true);
        trainable.emplace_back("embeddings.token_type_embeddings.weight", types->weight);
    }
    if (resetHead) model::initializeLikeBert(*m.head, deriveKey(seed, 2));
    for (auto& item : m.head->named_parameters(true))
        trainable.emplace_back(model::kRelevanceHeadPrefix + item.key(), item.value());
    return trainable;
}

// ---- training -------------------------------------------------------------------------------

struct TrainingPair {
    const QueryData* query = nullptr;
    const std::string* positive = nullptr;
};

/// Token ids of texts, each tokenized once.
class TokenCache {
  public:
    explicit TokenCache(const model::CheckpointTokenizer& t) : tok_(t) {}
    const std::vector<int32_t>& operator()(const std::string* text) {
        auto it = ids_.find(text);
        if (it == ids_.end()) it = ids_.emplace(text, tok_.encode(*text)).first;
        return it->second;
    }

  private:
    const model::CheckpointTokenizer& tok_;
    std::map<const std::string*, std::vector<int32_t>> ids_;
};

/// `n` distinct negatives of `q` (all when it has fewer), drawn with `rng`.
std::vector<const std::string*> sampleNegatives(const QueryData& q, int n, Rng& rng) {
    std::vector<const std::string*> pool = q.negatives;
    const size_t want = std::min(pool.size(), static_cast<size_t>(n));
    for (size_t i = 0; i < want; ++i)
        std::swap(pool[i], pool[i + rng.below(pool.size() - i)]);
    pool.resize(want);
    return pool;
}

/// The RR loss of one batch: per training pair, cross-entropy of its positive against its
/// negatives (scores [pairs, 1 + negatives]; pairs with fewer negatives are padded with -inf).
torch::Tensor batchLoss(model::CrossEncoderModel& m, const std::vector<TrainingPair>& batch,
                        const RerankFinetuneOptions& o, const model::InputBudget& budget,
                        TokenCache& tokens, Rng& rng, const torch::Device& device) {
    std::vector<model::PackedPair> packed;
    std::vector<int64_t> groupSize;
    const auto& tok = m.tokenizer;
    for (const auto& p : batch) {
        const auto& query = tokens(p.query->text);
        packed.push_back(model::packPair(query, tokens(p.positive), tok, budget.maxTokens,
                                         budget.maxQueryTokens));
        const auto negatives = sampleNegatives(*p.query, o.negatives, rng);
        for (const auto* neg : negatives)
            packed.push_back(
                model::packPair(query, tokens(neg), tok, budget.maxTokens, budget.maxQueryTokens));
        groupSize.push_back(1 + static_cast<int64_t>(negatives.size()));
    }
    std::vector<const model::PackedPair*> ptrs;
    for (const auto& p : packed)
        ptrs.push_back(&p);
    const torch::Tensor scores = m.forward(model::makePairBatch(ptrs, tok.pad, device));
    const int64_t width = *std::max_element(groupSize.begin(), groupSize.end());
    std::vector<torch::Tensor> rows;
    int64_t offset = 0;
    for (int64_t size : groupSize) {
        auto row = scores.narrow(0, offset, size);
        if (size < width)
            row = torch::cat(
                {row, torch::full({width - size}, -std::numeric_limits<float>::infinity(),
                                  row.options())});
        rows.push_back(row);
        offset += size;
    }
    const auto logits = torch::stack(rows);
    const auto target =
        torch::zeros({logits.size(0)}, torch::TensorOptions(torch::kLong).device(device));
    return torch::nn::functional::cross_entropy(logits, target);
}

/// The training pairs of the queries outside `fold`: every (query, positive) of a query with
/// at least one negative, except the fold's validation queries (picked here, into `report`).
std::vector<TrainingPair> trainingPairs(const Collection& c,
                                        const std::map<std::string, int>& folds, int fold,
                                        const RerankFinetuneOptions& o, FoldReport& report) {
    std::vector<std::string> trainable;
    for (const auto& q : c.queries)
        if (folds.at(q.id) != fold && !q.positives.empty() && !q.negatives.empty())
            trainable.push_back(q.id);
    report.validationQueries = pickValidationQueries(trainable, o.validationShare, o.seed, fold);
    std::vector<TrainingPair> pairs;
    for (const auto& q : c.queries) {
        if (folds.at(q.id) == fold || q.positives.empty() || q.negatives.empty()) continue;
        if (std::binary_search(report.validationQueries.begin(), report.validationQueries.end(),
                               q.id))
            continue;
        report.trainingQueries.push_back(q.id);
        for (const auto* pos : q.positives)
            pairs.push_back({&q, pos});
    }
    report.trainingPairs = static_cast<int64_t>(pairs.size());
    return pairs;
}

struct FoldContext {
    const RerankFinetuneRequest& request;
    const Collection& collection;
    const std::map<std::string, int>& folds;
    const ProgressFn& progress;
    torch::Device device;
    const RerankResetReport& reset;
};

/// Reports "fold F/K: WHAT"; throws Cancelled when asked to stop.
bool reportFold(const FoldContext& ctx, int fold, const std::string& what, int64_t done,
                int64_t total, std::string detail = {}) {
    const int k = ctx.request.options.folds;
    if (ctx.progress &&
        !ctx.progress(Progress{k == 1 ? what : fmt::format("fold {}/{}: {}", fold + 1, k, what),
                               done, total, std::move(detail)}))
        throw Cancelled("re-ranking fine-tuning cancelled");
    return true;
}

/// `queries` re-ranked by `m` (eval mode, no gradients): the top `candidates` of each
/// first-stage ranking re-scored, the rest below in first-stage order; progress as `phase`.
std::vector<search::Ranking> rerankQueries(const FoldContext& ctx, int fold,
                                           model::CrossEncoderModel& m,
                                           const model::InputBudget& budget,
                                           const std::vector<const QueryData*>& queries,
                                           const char* phase, model::CrossEncoderStats& stats) {
    const auto& o = ctx.request.options;
    torch::InferenceMode inference;
    const bool training = m.encoder->is_training();
    m.encoder->eval();
    m.head->eval();
    std::vector<model::TextPair> pairs;
    for (const auto* q : queries)
        for (const auto* doc : q->candidates)
            pairs.push_back({q->text, doc});
    const auto packed = model::packTextPairs(m.tokenizer, pairs, budget, stats);
    const auto scores = model::scorePacked(
        m, packed, o.batchSize * (1 + o.negatives), ctx.device,
        [&](const Progress& p) { return reportFold(ctx, fold, phase, p.done, p.total); });
    stats.pairs += static_cast<int64_t>(pairs.size());
    std::vector<search::Ranking> out;
    size_t next = 0;
    for (const auto* q : queries) {
        const auto begin = scores.begin() + static_cast<std::ptrdiff_t>(next);
        const auto n = static_cast<std::ptrdiff_t>(q->candidates.size());
        out.push_back(search::rerankTop(q->firstStage, static_cast<size_t>(o.candidates),
                                        std::vector<double>(begin, begin + n)));
        next += q->candidates.size();
    }
    if (training) {
        m.encoder->train();
        m.head->train();
    }
    return out;
}

/// MAP of the fold's validation queries re-ranked by `m` (eval::averagePrecision over each
/// re-ranked run row against the query's qrels, as `eval rerank` measures).
double validationMap(const FoldContext& ctx, int fold, model::CrossEncoderModel& m,
                     const model::InputBudget& budget,
                     const std::vector<const QueryData*>& queries) {
    model::CrossEncoderStats stats;
    const auto rankings =
        rerankQueries(ctx, fold, m, budget, queries, "scoring validation pairs", stats);
    double sum = 0.0;
    for (size_t i = 0; i < queries.size(); ++i)
        sum += eval::averagePrecision(search::rankDocuments(rankings[i]), queries[i]->judged);
    return sum / static_cast<double>(queries.size());
}

void trainFold(const FoldContext& ctx, int fold, model::CrossEncoderModel& m,
               const model::InputBudget& budget, FoldReport& report, bool& stoppedByTime) {
    const auto& o = ctx.request.options;
    const auto started = std::chrono::steady_clock::now();
    // Share of maxSeconds used so far (0 without a time limit).
    auto timeUsed = [&] {
        return o.maxSeconds > 0.0
                   ? std::chrono::duration<double>(std::chrono::steady_clock::now() - started)
                             .count() /
                         o.maxSeconds
                   : 0.0;
    };
    auto outOfTime = [&] {
        return (o.maxSteps > 0 && report.steps >= o.maxSteps) || timeUsed() > 1.0;
    };
    const RerankResetReport& reset = ctx.reset;
    auto trainable = prepareForFinetuning(m, reset.layers, reset.reset, reset.head != "kept",
                                          deriveKey(o.seed, 10, fold));
    m.encoder->to(ctx.device);
    m.head->to(ctx.device);
    m.encoder->train();
    m.head->train();
    OptimizerSection opt;
    opt.lr = o.learningRate;
    opt.weightDecay = o.weightDecay;
    opt.gradClip = o.gradClip;
    AdamW optimizer(trainable, opt);
    const std::vector<TrainingPair> pairs =
        trainingPairs(ctx.collection, ctx.folds, fold, o, report);
    std::vector<const QueryData*> validation;
    for (const auto& q : ctx.collection.queries)
        if (std::binary_search(report.validationQueries.begin(), report.validationQueries.end(),
                               q.id))
            validation.push_back(&q);
    std::vector<torch::Tensor> best;  // the trainable tensors after the best epoch so far
    double bestMap = -1.0;
    int bestEpoch = 0;
    const auto batch = static_cast<size_t>(o.batchSize);
    const int64_t perEpoch = static_cast<int64_t>((pairs.size() + batch - 1) / batch);
    // Warm-up (a tenth) and linear decay span the training that will run: `epochs` passes, or
    // fewer when maxSteps ends it sooner; under maxSeconds, whichever of the steps done and the
    // time used is further along. (Laid out over the epochs alone, a time-cut run of 20 planned
    // epochs ended inside its warm-up, at a fifth of the peak rate.)
    ScheduleSection schedule;
    schedule.maxSteps = perEpoch * o.epochs;
    if (o.maxSteps > 0) schedule.maxSteps = std::min(schedule.maxSteps, o.maxSteps);
    schedule.warmupSteps = schedule.maxSteps / 10;
    auto expectedSteps = [&] {
        const double used = timeUsed();
        if (used <= 0.0 || report.steps == 0) return schedule.maxSteps;
        const auto estimate = static_cast<int64_t>(static_cast<double>(report.steps) / used);
        return std::clamp(estimate, report.steps, schedule.maxSteps);
    };
    auto scheduleStep = [&] {
        return std::max(report.steps, static_cast<int64_t>(std::min(1.0, timeUsed()) *
                                                           static_cast<double>(schedule.maxSteps)));
    };
    TokenCache tokens(m.tokenizer);
    std::string log;
    for (int epoch = 0; epoch < o.epochs && !pairs.empty() && !stoppedByTime; ++epoch) {
        Rng rng(deriveKey(o.seed, 20, fold, epoch));
        torch::manual_seed(deriveKey(o.seed, 50, fold, epoch));  // dropout: the same every call
        std::vector<TrainingPair> order = pairs;
        for (size_t i = order.size(); i > 1; --i)
            std::swap(order[i - 1], order[rng.below(i)]);
        double sum = 0.0;
        int64_t stepsThisEpoch = 0;
        for (size_t begin = 0; begin < order.size() && !stoppedByTime; begin += batch) {
            const std::vector<TrainingPair> chunk(
                order.begin() + static_cast<std::ptrdiff_t>(begin),
                order.begin() + static_cast<std::ptrdiff_t>(std::min(order.size(), begin + batch)));
            const double lr = scheduledLearningRate(schedule, o.learningRate, scheduleStep());
            optimizer.zeroGrad();
            auto loss = batchLoss(m, chunk, o, budget, tokens, rng, ctx.device);
            const double value = loss.item<double>();
            if (!std::isfinite(value))
                throw Diverged(fmt::format(
                    "re-ranking fine-tuning, fold {}, step {}: the loss is {}; lower --lr",
                    fold + 1, report.steps + 1, value));
            loss.backward();
            optimizer.clipGradNorm(o.gradClip);
            optimizer.step(lr);
            sum += value;
            ++report.steps;
            ++stepsThisEpoch;
            stoppedByTime = outOfTime();
            log += json({{"epoch", epoch + 1}, {"step", report.steps}, {"loss", value}, {"lr", lr}})
                       .dump() +
                   "\n";
            // Under maxSeconds the steps the time allows, estimated from the rate so far.
            reportFold(ctx, fold, "training", report.steps, expectedSteps(),
                       fmt::format("loss {:.4f}", value));
        }
        report.epochLoss.push_back(sum / static_cast<double>(stepsThisEpoch));
        report.bestEpoch = epoch + 1;  // without validation: the last epoch
        if (validation.empty()) continue;
        const double map = validationMap(ctx, fold, m, budget, validation);
        report.epochValidationMap.push_back(map);
        log += json({{"epoch", epoch + 1}, {"validation_map", map}}).dump() + "\n";
        if (map > bestMap) {  // ties keep the earlier (less trained) epoch
            bestMap = map;
            bestEpoch = epoch + 1;
            best.clear();
            for (const auto& item : trainable)
                best.push_back(item.second.detach().clone());
        }
    }
    if (!best.empty()) {
        report.bestEpoch = bestEpoch;
        torch::NoGradGuard noGrad;
        for (size_t i = 0; i < best.size(); ++i)
            trainable[i].second.copy_(best[i]);
    }
    writeFileAtomically(ctx.request.out / fmt::format("fold-{}.jsonl", fold + 1), log);
}

/// Writes `m` as a cross-encoder checkpoint folder (atomically).
void saveModel(model::CrossEncoderModel& m, const fs::path& dir) {
    torch::InferenceMode inference;
    const auto& tokFile = m.tokenizer.file;
    std::ifstream in(tokFile, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    model::saveHuggingFaceEncoder(
        m.encoder, dir, {{tokFile.filename().string(), bytes}}, [&](const fs::path& tmp) {
            model::saveTensorFile(m.headTensors(), tmp / workspace::CheckpointLayout::kHeadsFile);
        });
}

/// Re-ranks the fold's held-out queries with its model; adds them to `run`.
void scoreFold(const FoldContext& ctx, int fold, model::CrossEncoderModel& m,
               const model::InputBudget& budget, RerankFinetuneReport& report) {
    const auto& o = ctx.request.options;
    std::vector<const QueryData*> held;
    for (const auto& q : ctx.collection.queries)
        if (ctx.folds.at(q.id) == fold) held.push_back(&q);
    const auto rankings =
        rerankQueries(ctx, fold, m, budget, held, "scoring held-out pairs", report.scoring);
    for (size_t i = 0; i < held.size(); ++i)
        report.run[held[i]->id] = rankings[i];
    if (o.saveModels) saveModel(m, ctx.request.out / fmt::format("fold-{}", fold + 1));
}

json foldsJson(const RerankFinetuneReport& r, const RerankFinetuneRequest& request) {
    json folds = json::array();
    for (const auto& f : r.folds)
        folds.push_back({{"fold", f.fold + 1},
                         {"held_out_queries", f.heldOutQueries},
                         {"training_queries", f.trainingQueries},
                         {"validation_queries", f.validationQueries},
                         {"training_pairs", f.trainingPairs},
                         {"steps", f.steps},
                         {"epoch_loss", f.epochLoss},
                         {"epoch_validation_map", f.epochValidationMap},
                         {"best_epoch", f.bestEpoch},
                         {"seconds", f.seconds}});
    const auto& o = request.options;
    return {{"model", request.model.string()},
            {"beir", request.beir.string()},
            {"run", request.run.string()},
            {"options",
             {{"folds", o.folds},
              {"layers", o.layers},
              {"reset_layers", o.resetLayers},
              {"reinit_head", o.reinitHead},
              {"epochs", o.epochs},
              {"negatives", o.negatives},
              {"candidates", o.candidates},
              {"batch_size", o.batchSize},
              {"lr", o.learningRate},
              {"validation_share", o.validationShare},
              {"seed", o.seed}}},
            {"reset",
             {{"layers", r.reset.layers},
              {"depth", r.reset.depth},
              {"head", r.reset.head},
              {"automatic", r.reset.automatic},
              {"description", r.reset.describe()}}},
            {"model_dir", r.modelDir.string()},
            {"stopped_by_time", r.stoppedByTime},
            {"queries_without_positive", r.queriesWithoutPositive},
            {"queries_without_negative", r.queriesWithoutNegative},
            {"run_queries_unknown", r.runQueriesUnknown},
            {"folds", folds}};
}

}  // namespace

int layersToReset(int layers, int64_t depth) {
    if (layers > 0) return layers;
    return static_cast<int>(std::max<int64_t>(1, (depth + 2) / 4));  // round(depth / 4)
}

std::string RerankResetReport::describe() const {
    const std::string which = layers == 1
                                  ? fmt::format("encoder layer {}", depth)
                                  : fmt::format("encoder layers {}-{}", depth - layers + 1, depth);
    const std::string headText = head == "kept" ? "the pretrained relevance head kept"
                                 : head == "re-initialised"
                                     ? "the relevance head re-initialised (--reinit-head)"
                                     : "a new relevance head (the checkpoint has none)";
    return fmt::format(
        "{} {} of {} ({}{}), {}; only these, the segment embeddings and the head are trained",
        reset ? "re-initialised" : "trained", which, depth,
        automatic ? "a quarter of the depth" : "--layers",
        reset ? "" : ", from their pretrained values: --no-reset", headText);
}

std::vector<std::string> RerankFinetuneOptions::problems() const {
    std::vector<std::string> p;
    auto atLeast = [&](const char* name, int64_t value, int64_t min) {
        if (value < min)
            p.push_back(fmt::format("setting '{}' must be at least {} (got {})", name, min, value));
    };
    atLeast("folds", folds, 1);
    atLeast("layers", layers, 0);
    atLeast("epochs", epochs, 1);
    atLeast("negatives", negatives, 1);
    atLeast("candidates", candidates, 2);
    atLeast("batch_size", batchSize, 1);
    atLeast("max_query_tokens", maxQueryTokens, 1);
    atLeast("max_steps", maxSteps, 0);
    if (maxSeconds < 0.0) p.push_back("setting 'max_seconds' must not be negative (0 = none)");
    if (!(learningRate > 0.0) || !std::isfinite(learningRate))
        p.push_back(fmt::format("setting 'lr' must be positive (got {})", learningRate));
    if (weightDecay < 0.0) p.push_back("setting 'weight_decay' must not be negative");
    if (gradClip < 0.0) p.push_back("setting 'grad_clip' must not be negative (0 = off)");
    if (!(validationShare >= 0.0 && validationShare < 1.0))
        p.push_back(
            fmt::format("setting 'validation_share' must be in [0, 1) (got {}; 0 = no validation)",
                        validationShare));
    return p;
}

std::vector<std::string> pickValidationQueries(std::vector<std::string> trainable, double share,
                                               uint64_t seed, int fold) {
    std::sort(trainable.begin(), trainable.end());
    trainable.erase(std::unique(trainable.begin(), trainable.end()), trainable.end());
    const size_t n = trainable.size();
    if (!(share > 0.0) || n < 2) return {};
    const auto want = static_cast<size_t>(std::llround(share * static_cast<double>(n)));
    const size_t take = std::clamp<size_t>(want, 1, n - 1);
    Rng rng(deriveKey(seed, 40, static_cast<uint64_t>(fold)));
    for (size_t i = n; i > 1; --i)
        std::swap(trainable[i - 1], trainable[rng.below(i)]);
    trainable.resize(take);
    std::sort(trainable.begin(), trainable.end());
    return trainable;
}

std::map<std::string, int> assignFolds(std::vector<std::string> ids, int folds, uint64_t seed) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    if (folds < 2 || static_cast<int64_t>(ids.size()) < folds)
        throw ConfigError(
            fmt::format("setting 'folds' is {}, but there are {} queries; use 2..{} folds", folds,
                        ids.size(), std::max<size_t>(2, ids.size())));
    Rng rng(deriveKey(seed, 30));
    for (size_t i = ids.size(); i > 1; --i)
        std::swap(ids[i - 1], ids[rng.below(i)]);
    std::map<std::string, int> out;
    for (size_t i = 0; i < ids.size(); ++i)
        out[ids[i]] = static_cast<int>(i % static_cast<size_t>(folds));
    return out;
}

RerankFinetuneReport finetuneReranker(const RerankFinetuneRequest& request, Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    const auto& o = request.options;
    if (const auto p = o.problems(); !p.empty())
        throw ConfigError(fmt::format("rerank finetune: {}", fmt::join(p, "; ")));
    runtime::requireAvailable(o.device, "setting 'device'");
    const fs::path checkpoint = workspace::resolveCheckpoint(request.model);
    // Refuse a bi-encoder before reading any data. A cross-encoder pretrained without a
    // relevance head (QLM alone) gets a new one.
    constexpr auto kHead = model::RelevanceHead::MayBeAbsent;
    const int64_t numLayers =
        model::loadCrossEncoderModel(checkpoint, kHead).encoder->config.numLayers;
    if (o.layers > numLayers)
        throw ConfigError(fmt::format("setting 'layers' is {}, but {} has {} encoder layers",
                                      o.layers, checkpoint.string(), numLayers));
    bool pretrainedHead = false;
    for (const auto& [name, t] : model::loadHeadTensors(checkpoint))
        pretrainedHead |= name.rfind(model::kRelevanceHeadPrefix, 0) == 0;
    RerankFinetuneReport report;
    report.reset.layers = layersToReset(o.layers, numLayers);
    report.reset.depth = numLayers;
    report.reset.automatic = o.layers == 0;
    report.reset.reset = o.resetLayers;
    report.reset.head = !pretrainedHead ? "new" : o.reinitHead ? "re-initialised" : "kept";
    const Collection c = loadCollection(request, report);
    std::vector<std::string> ids;
    for (const auto& q : c.queries) {
        ids.push_back(q.id);
        if (q.positives.empty())
            report.queriesWithoutPositive.push_back(q.id);
        else if (q.negatives.empty())
            report.queriesWithoutNegative.push_back(q.id);
    }
    std::map<std::string, int> folds;
    if (o.folds == 1) {
        for (const auto& id : ids)
            folds[id] = 1;  // none is held out of "fold 0": every query trains
    } else {
        folds = assignFolds(ids, o.folds, o.seed);
    }
    fs::create_directories(request.out);
    runtime::ScopedThreadCounts threads({runtime::resolveThreadCount(o.threads), 0});
    const torch::Device device = o.device.isCuda()
                                     ? torch::Device(torch::kCUDA, std::max(0, o.device.index))
                                     : torch::Device(torch::kCPU);
    const FoldContext ctx{request, c, folds, progress, device, report.reset};
    for (int fold = 0; fold < o.folds; ++fold) {
        const auto start = std::chrono::steady_clock::now();
        FoldReport f;
        f.fold = fold;
        for (const auto& [qid, k] : folds)
            if (k == fold) f.heldOutQueries.push_back(qid);
        model::CrossEncoderModel m = model::loadCrossEncoderModel(checkpoint, kHead);
        const auto budget = model::inputBudget(m.encoder->config, o.maxTokens, o.maxQueryTokens);
        // A re-ranker trained on shorter inputs scores inputs of that length by default.
        if (o.maxTokens > 0) m.encoder->config.trainedInputTokens = budget.maxTokens;
        trainFold(ctx, fold, m, budget, f, report.stoppedByTime);
        if (o.folds == 1) {
            report.modelDir = request.out / "model";
            saveModel(m, report.modelDir);
        } else {
            scoreFold(ctx, fold, m, budget, report);
        }
        f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        report.folds.push_back(std::move(f));
    }
    if (o.folds > 1) {
        report.runFile = request.out / "rerank.trec";
        eval::writeTrecRun(report.runFile, report.run, "isomorph-rerank-kfold");
    }
    writeFileAtomically(request.out / "folds.json", foldsJson(report, request).dump(2) + "\n");
    return report;
}

}  // namespace isomorph::train

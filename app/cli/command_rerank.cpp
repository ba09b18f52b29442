// `isomorph-cli rerank finetune`: k-fold re-ranking fine-tuning of a cross-encoder (XLP paper,
// section 5.1.3); its TREC run goes to `eval rerank` against the first stage.

#include <iostream>

#include <fmt/format.h>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "app/cli/progress_line.h"
#include "app/cli/setting_flags.h"
#include "core/train/rerank_finetune.h"

namespace isomorph::cli {
namespace {

struct FinetuneCliOptions {
    std::string model, beir, run, out, qrelsSplit = "test", device = "cpu", lexicon;
    int threads = 0;
    train::RerankFinetuneOptions options;
};

void printNotes(const train::RerankFinetuneReport& r, const std::string& runFile) {
    if (!r.runQueriesUnknown.empty())
        std::cerr << fmt::format(
            "note: {} quer(ies) of {} are not in the collection's queries.jsonl (ignored)\n",
            r.runQueriesUnknown.size(), runFile);
    if (!r.queriesWithoutPositive.empty())
        std::cerr << fmt::format(
            "note: {} quer(ies) have no relevant passage in the qrels: skipped in training, "
            "still re-ranked\n",
            r.queriesWithoutPositive.size());
    if (!r.queriesWithoutNegative.empty())
        std::cerr << fmt::format(
            "note: {} quer(ies) have only relevant candidates (no negative): skipped in "
            "training\n",
            r.queriesWithoutNegative.size());
    if (r.scoring.queriesTruncated > 0)
        std::cerr << fmt::format(
            "note: {} quer(ies) longer than --max-query-tokens were truncated\n",
            r.scoring.queriesTruncated);
}

int runFinetune(FinetuneCliOptions o) {
    o.options.device = runtime::parseDevice(o.device, "--device");
    o.options.threads = o.threads;
    train::RerankFinetuneRequest request{o.model, o.beir,    o.qrelsSplit, o.run,
                                         o.out,   o.options, o.lexicon};
    ProgressLine progress;
    Feedback feedback([&](const Progress& p) {
        progress.update(fmt::format("rerank finetune: {} {}/{}{}", p.stage, p.done, p.total,
                                    p.detail.empty() ? "" : ", " + p.detail),
                        p.done == 1);
        return !stopRequested();
    });
    const auto report = train::finetuneReranker(request, &feedback);
    progress.finish("");
    std::cout << report.reset.describe() << "\n";
    std::cout << fmt::format("{:<6} {:>9} {:>9} {:>11} {:>7} {:>7} {:>5}  {}\n", "fold", "held-out",
                             "training", "validation", "pairs", "steps", "kept",
                             "loss per epoch | validation MAP per epoch");
    for (const auto& f : report.folds) {
        std::string losses, maps;
        for (double l : f.epochLoss)
            losses += fmt::format("{}{:.4f}", losses.empty() ? "" : " ", l);
        for (double m : f.epochValidationMap)
            maps += fmt::format(" {:.4f}", m);
        std::cout << fmt::format("{:<6} {:>9} {:>9} {:>11} {:>7} {:>7} {:>5}  {}{}\n", f.fold + 1,
                                 f.heldOutQueries.size(), f.trainingQueries.size(),
                                 f.validationQueries.size(), f.trainingPairs, f.steps, f.bestEpoch,
                                 losses, maps.empty() ? "" : " |" + maps);
    }
    printNotes(report, o.run);
    if (!report.modelDir.empty()) {
        std::cerr << fmt::format(
            "wrote the re-ranker {} (trained on every query{}), folds.json and fold-1.jsonl\n"
            "use it: isomorph-cli search --index IDX --query TEXT --rerank {}\n",
            report.modelDir.string(), report.stoppedByTime ? ", cut short by --max-minutes" : "",
            report.modelDir.string());
        return kExitOk;
    }
    std::cerr << fmt::format(
        "wrote {} (re-ranked held-out queries of every fold), folds.json and fold-N.jsonl to "
        "{}\ncompare: isomorph-cli eval rerank --qrels QRELS --run {} --run {}\n",
        report.runFile.filename().string(), o.out, report.runFile.string(), o.run);
    return kExitOk;
}

}  // namespace

void registerRerank(CLI::App& app, Registry& registry) {
    CLI::App* rerank = app.add_subcommand("rerank", "Cross-encoder re-ranking");
    rerank->require_subcommand(1);
    auto f = std::make_shared<FinetuneCliOptions>();
    auto& o = f->options;
    CLI::App* cmd = rerank->add_subcommand(
        "finetune",
        "k-fold re-ranking fine-tuning: each fold's queries re-ranked by a model trained on the "
        "others");
    addModelFlag(cmd, f->model,
                 "Cross-encoder checkpoint (XLP; one pretrained without the rr head, e.g. QLM "
                 "alone, gets a fresh head)")
        ->required();
    cmd->add_option("--beir", f->beir, "BEIR folder (corpus, queries, qrels) or a folder of them")
        ->required();
    cmd->add_option("--run", f->run, "First-stage TREC run over those queries")->required();
    cmd->add_option("--out", f->out, "Output folder (rerank.trec, folds.json, fold-N.jsonl)")
        ->required();
    cmd->add_option("--qrels-split", f->qrelsSplit, "qrels/SPLIT.tsv")->capture_default_str();
    cmd->add_option("--translate-queries", f->lexicon,
                    "Translation lexicon (lexicon train): train on the queries translated into "
                    "its target language (translate-test; search and eval retrieval then use "
                    "--rerank-translate)");
    cmd->add_option("--folds", o.folds,
                    "Folds over queries; 1 = no cross-validation: one model trained on every "
                    "query, written to OUT/model (train it on queries you do not evaluate on)")
        ->capture_default_str();
    cmd->add_option_function<double>(
           "--max-minutes", [&o](double m) { o.maxSeconds = 60.0 * m; },
           "Wall-clock limit of each fold's training: the epoch under way ends, is validated, "
           "and no further epoch starts (0 = none)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--layers", o.layers,
                    "Last encoder layers re-initialised and trained (0 = a quarter of the "
                    "depth, at least 1: the paper's 3 of 12)")
        ->capture_default_str();
    cmd->add_flag_callback(
        "--no-reset", [&o] { o.resetLayers = false; },
        "Train those layers from their pretrained values instead of re-initialising them "
        "(docs/training.md, \"Why it stays at chance\")");
    cmd->add_flag("--reinit-head", o.reinitHead,
                  "Also re-initialise the relevance head (default: keep the checkpoint's "
                  "pretrained RR head and train it)");
    cmd->add_option("--epochs", o.epochs, "Passes over the training pairs")->capture_default_str();
    cmd->add_option("--negatives", o.negatives, "Hard negatives per positive (from --run)")
        ->capture_default_str();
    cmd->add_option("--candidates", o.candidates,
                    "First-stage documents per query: negatives drawn from them, re-scored")
        ->capture_default_str();
    cmd->add_option("--batch-size", o.batchSize, "(query, positive) pairs per step")
        ->capture_default_str();
    cmd->add_option("--lr", o.learningRate, "Peak learning rate")->capture_default_str();
    cmd->add_option("--validation-share", o.validationShare,
                    "Share of each fold's training queries held out to pick the epoch with the "
                    "best validation MAP (0 = keep the last epoch)")
        ->capture_default_str();
    cmd->add_option("--seed", o.seed, "Folds, re-initialisation, sampling, dropout")
        ->capture_default_str();
    cmd->add_flag("--save-models", o.saveModels, "Also write each fold's model to OUT/fold-N/");
    cmd->add_option("--max-query-tokens", o.maxQueryTokens, "Query tokens kept (global attention)")
        ->capture_default_str();
    cmd->add_option("--max-tokens", o.maxTokens,
                    "Longest packed input (0 = model maximum); the saved re-ranker scores "
                    "inputs of this length by default")
        ->capture_default_str();
    addDeviceFlag(cmd, f->device);
    addThreadsFlag(cmd, f->threads);
    cmd->callback([&registry, f] {
        registry.run = [f] {
            return withSettingFlags({{"folds", "--folds"},
                                     {"layers", "--layers"},
                                     {"epochs", "--epochs"},
                                     {"negatives", "--negatives"},
                                     {"candidates", "--candidates"},
                                     {"batch_size", "--batch-size"},
                                     {"lr", "--lr"},
                                     {"validation_share", "--validation-share"},
                                     {"max_query_tokens", "--max-query-tokens"},
                                     {"max_tokens", "--max-tokens"},
                                     {"device", "--device"}},
                                    [&] { return runFinetune(*f); });
        };
    });
}

}  // namespace isomorph::cli

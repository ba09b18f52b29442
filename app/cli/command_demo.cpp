// `isomorph-cli demo prepare`: the built-in demo workspace, idempotently.

#include <iostream>

#include "app/cli/cli_context.h"
#include "app/cli/progress_line.h"
#include "core/workspace/demo_prepare.h"
#include "core/workspace/workspace.h"

namespace isomorph::cli {
namespace {

struct PrepareOptions {
    std::string workspace;
    workspace::DemoPrepareOptions prepare;
};

int runPrepare(const PrepareOptions& o) {
    workspace::DemoPrepareOptions prepare = o.prepare;
    prepare.workspace = o.workspace.empty() ? workspace::defaultDemoWorkspacePath()
                                            : std::filesystem::path(o.workspace);
    ProgressLine progress(std::chrono::seconds(5));
    std::string last;
    auto paths = workspace::prepareDemo(prepare, [&](const std::string& message) {
        // Stage changes always show; counters within a stage are throttled by ProgressLine.
        const std::string stage = message.substr(0, message.find(':'));
        if (stage != last.substr(0, last.find(':')) && !last.empty()) progress.finish(last);
        last = message;
        progress.update(message);
        return true;
    });
    progress.finish(last);
    std::cout << "corpus:    " << paths.corpus.string() << "\n"
              << "tokenizer: " << paths.tokenizer.string() << "\n"
              << "shards:    " << paths.shards.string() << "\n";
    return kExitOk;
}

}  // namespace

void registerDemo(CLI::App& app, Registry& registry) {
    CLI::App* demo = app.add_subcommand("demo", "The built-in demo workspace");
    demo->require_subcommand(1);
    auto p = std::make_shared<PrepareOptions>();
    CLI::App* prepare = demo->add_subcommand(
        "prepare", "Build the demo corpus, its tokenizer and shards (skips what is already built)");
    prepare->add_option("--workspace", p->workspace,
                        "Workspace folder (default: $ISOMORPH_WORKSPACE or "
                        "$XDG_DATA_HOME/isomorph/demo-workspace)");
    prepare->add_flag("--force", p->prepare.force, "Rebuild everything");
    prepare
        ->add_option("--threads", p->prepare.threads,
                     "Threads and render processes (0 = all cores)")
        ->check(CLI::Range(0, 1024))
        ->capture_default_str();
    prepare->add_option("--vocab-size", p->prepare.vocabSize, "Tokenizer pieces")
        ->check(CLI::Range(100, 1000000))
        ->capture_default_str();
    prepare->callback([&registry, p] { registry.run = [p] { return runPrepare(*p); }; });
}

}  // namespace isomorph::cli

#pragma once

#include <atomic>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

namespace isomorph::cli {

/// Exit codes of isomorph-cli (documented in docs/cli.md).
enum ExitCode : int {
    kExitOk = 0,       ///< success
    kExitRuntime = 1,  ///< the command ran and failed (bad input file, missing library, ...)
    kExitUsage = 2,    ///< the command line itself is wrong (unknown command or flag, bad value)
};

/// Each subcommand registers itself on the app and sets `run` from its parse callback, so main()
/// runs exactly one action after parsing succeeded.
struct Registry {
    std::function<int()> run;
};

/// SIGINT/SIGTERM set a flag that long commands poll (training saves a checkpoint and returns);
/// a second signal terminates as usual.
void installStopHandlers();
const std::atomic<bool>& stopRequested();

void registerDoctor(CLI::App& app, Registry& registry);
void registerWorkspace(CLI::App& app, Registry& registry);
/// `corpus ...` (command_corpus.cpp) registers its verbs on the `corpus` subcommand, each defined
/// in its own file:
void registerCorpus(CLI::App& app, Registry& registry);
void registerCorpusBuildDemo(CLI::App& corpus, Registry& registry);  // command_corpus_demo.cpp
void registerCorpusBinarize(CLI::App& corpus, Registry& registry);   // command_corpus_binarize.cpp
void registerCorpusQueryList(CLI::App& corpus, Registry& registry);  // command_corpus_queries.cpp
void registerTokenizer(CLI::App& app, Registry& registry);           // command_tokenizer.cpp
void registerDemo(CLI::App& app, Registry& registry);                // command_demo.cpp
void registerPretrainBase(CLI::App& demo, Registry& registry);       // command_pretrain_base.cpp
void registerModel(CLI::App& app, Registry& registry);               // command_model.cpp (+ encode)
void registerTrain(CLI::App& app, Registry& registry);               // command_train.cpp
void registerIndex(CLI::App& app, Registry& registry);  // command_index.cpp (index build, search)
/// --fusion and --share-floor of hybrid retrieval (search, eval retrieval); command_index.cpp.
void addHybridFusionOptions(CLI::App* cmd, std::string& fusion, double& shareFloor);
void registerEval(CLI::App& app, Registry& registry);       // command_eval.cpp
void registerLexicon(CLI::App& app, Registry& registry);    // command_lexicon.cpp
void registerCalibrate(CLI::App& app, Registry& registry);  // command_calibrate.cpp
void registerPca(CLI::App& app, Registry& registry);        // command_pca.cpp
void registerSweep(CLI::App& app, Registry& registry);      // command_sweep.cpp
void registerRerank(CLI::App& app, Registry& registry);     // command_rerank.cpp

}  // namespace isomorph::cli

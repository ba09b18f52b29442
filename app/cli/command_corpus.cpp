// `isomorph-cli corpus ...`: building, binarizing and describing corpora. Each verb lives in its
// own command_corpus_*.cpp file and is registered here.

#include "app/cli/cli_context.h"

namespace isomorph::cli {

void registerCorpus(CLI::App& app, Registry& registry) {
    CLI::App* corpus = app.add_subcommand("corpus", "Build, binarize and describe corpora");
    corpus->require_subcommand(1);
    registerCorpusBuildDemo(*corpus, registry);
    registerCorpusBinarize(*corpus, registry);
    registerCorpusQueryList(*corpus, registry);
}

}  // namespace isomorph::cli

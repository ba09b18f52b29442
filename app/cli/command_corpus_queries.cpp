// `isomorph-cli corpus query-list`: a hand-written query list (query, language, target passage)
// as BEIR sets for `eval retrieval` (tests/fixtures/everyday_queries.tsv on the demo corpus).

#include <iostream>

#include <fmt/format.h>

#include "app/cli/cli_context.h"
#include "core/eval/query_list.h"

namespace isomorph::cli {
namespace {

struct QueryListCliOptions {
    std::string queries, corpus, out, corpusLanguage = "en";
};

int runQueryList(const QueryListCliOptions& o) {
    const auto report = eval::writeQueryListBeir(o.queries, o.corpus, o.out, o.corpusLanguage);
    for (const auto& [set, n] : report.queriesPerSet)
        std::cout << fmt::format("{}: {} queries against {} passages\n", set, n, report.passages);
    std::cout << fmt::format(
        "wrote {}; evaluate with: isomorph-cli eval retrieval --beir {} "
        "--model RUN --systems dense,bm25,hybrid --json (recall@1 and "
        "recall@5 are the top-1 and top-5 hit rates)\n",
        o.out, o.out);
    return kExitOk;
}

}  // namespace

void registerCorpusQueryList(CLI::App& corpus, Registry& registry) {
    auto q = std::make_shared<QueryListCliOptions>();
    CLI::App* cmd = corpus.add_subcommand(
        "query-list", "Turn a query list (query<TAB>language<TAB>target id) into BEIR sets");
    cmd->add_option("--queries", q->queries, "Query list TSV (tests/fixtures/everyday_queries.tsv)")
        ->required();
    cmd->add_option("--corpus", q->corpus,
                    "BEIR corpus.jsonl holding every target "
                    "(WS/corpora/man-demo/retrieval/test/en-en/corpus.jsonl)")
        ->required();
    cmd->add_option("--out", q->out, "Folder to write one set per query language into")->required();
    cmd->add_option("--corpus-lang", q->corpusLanguage, "Language of the corpus")
        ->capture_default_str();
    cmd->callback([&registry, q] { registry.run = [q] { return runQueryList(*q); }; });
}

}  // namespace isomorph::cli

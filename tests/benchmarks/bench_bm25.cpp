// BM25 baseline on BEIR sets: index build time (vs. reading the corpus, measured in the same run),
// per-query latency, and MRR@100 / Recall@100 / nDCG@10 / MAP with Pyserini's (k1 0.9, b 0.4)
// and BEIR's (k1 1.2, b 0.75) parameters. Languages come from the id suffixes ("ls.1.de").
// Usage: bench_bm25 [BEIR_SET_DIR...]   (default: the demo workspace's test de-en and en-en)

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <stdlib.h>  // mkdtemp
#include <string>
#include <vector>

#include "core/common/errors.h"
#include "core/data/readers/beir_corpus_reader.h"
#include "core/data/readers/retrieval_sets.h"
#include "core/eval/rerank.h"
#include "core/eval/retrieval_metrics.h"
#include "core/search/bm25_index.h"

using namespace isomorph;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
}

std::vector<search::IndexDocument> readCorpus(const fs::path& file) {
    data::BeirCorpusReader reader(file);
    std::vector<search::IndexDocument> docs;
    data::Passage p;
    while (reader.next(p))
        docs.push_back({p.id, p.title, p.text, eval::languageFromIdSuffix(p.id)});
    return docs;
}

struct Timing {
    double mean = 0, p50 = 0, p95 = 0;  // seconds per query
};

/// Runs every query (k = 100) and returns the run and the latency distribution.
eval::Run runQueries(const search::Bm25Index& index, const std::vector<data::Query>& queries,
                     Timing& timing) {
    eval::Run run;
    std::vector<double> latency;
    for (const auto& q : queries) {
        const auto t = Clock::now();
        run[q.id] = index.search(q.text, {100, eval::languageFromIdSuffix(q.id), ""});
        latency.push_back(seconds(t));
    }
    std::sort(latency.begin(), latency.end());
    for (double l : latency)
        timing.mean += l / static_cast<double>(latency.size());
    timing.p50 = latency[latency.size() / 2];
    timing.p95 = latency[std::min(latency.size() - 1, latency.size() * 95 / 100)];
    return run;
}

void benchSet(const fs::path& set, const fs::path& scratch) {
    auto t = Clock::now();
    const auto docs = readCorpus(set / "corpus.jsonl");
    const double readTime = seconds(t);
    const auto queries = data::readBeirQueries(set / "queries.jsonl");
    const auto qrels = data::readBeirQrels(set / "qrels" / "test.tsv");
    std::printf("%s: %zu documents, %zu queries\n", set.string().c_str(), docs.size(),
                queries.size());
    const std::pair<const char*, search::Bm25Parameters> settings[] = {
        {"pyserini k1=0.9 b=0.4", {0.9, 0.4}}, {"beir     k1=1.2 b=0.75", {1.2, 0.75}}};
    for (const auto& [name, params] : settings) {
        search::Bm25BuildOptions options;
        options.parameters = params;
        options.overwrite = true;
        t = Clock::now();
        const auto index = search::Bm25Index::build(scratch / "index", docs, options);
        const double buildTime = seconds(t);
        Timing timing;
        const eval::Run run = runQueries(index, queries, timing);
        const auto report = eval::evaluateRun(run, qrels, {10, 100});
        std::printf(
            "  %s: build %.3f s (%.0f docs/s, %.1fx reading the corpus); query mean %.3f ms, "
            "p50 %.3f ms, p95 %.3f ms\n"
            "    MRR@100 %.4f  Recall@100 %.4f  nDCG@10 %.4f  MAP %.4f  (%zu queries, %zu "
            "missing from run)\n",
            name, buildTime, docs.size() / buildTime, buildTime / readTime, timing.mean * 1e3,
            timing.p50 * 1e3, timing.p95 * 1e3, report.mrr.at(100), report.recall.at(100),
            report.ndcg.at(10), report.map, report.perQuery.size(),
            report.queriesMissingFromRun.size());
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<fs::path> sets;
    for (int i = 1; i < argc; ++i)
        sets.emplace_back(argv[i]);
    if (sets.empty()) {
        const fs::path demo = "/tmp/demo-ws/corpora/man-demo/retrieval/test";
        sets = {demo / "de-en", demo / "en-en"};
    }
    std::string pattern = (fs::temp_directory_path() / "bench-bm25-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
        std::perror("mkdtemp");
        return 1;
    }
    const fs::path scratch = pattern;
    int status = 0;
    try {
        for (const auto& set : sets)
            benchSet(set, scratch);
    } catch (const Error& e) {
        std::fprintf(stderr, "bench_bm25: %s\n", e.what());
        status = 1;
    }
    fs::remove_all(scratch);
    return status;
}

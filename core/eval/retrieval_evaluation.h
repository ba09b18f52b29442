#pragma once

// `eval retrieval` as one core workflow (the CLI only parses and prints; the GUI calls the same
// function on a worker thread): every BEIR collection under a folder is loaded and evaluated
// (evaluateRetrievalSet), the runs of all collections are merged per system, and the merged
// runs and qrels are written as TREC run files for `eval rerank`. Torch-free header.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/eval/eval_tasks.h"

namespace isomorph::eval {

/// One collection's evaluation.
struct RetrievalSetReport {
    std::string name;  ///< folder name, e.g. "de-en"
    std::filesystem::path folder;
    std::size_t passages = 0, queries = 0;
    int64_t qrelsUnknownDocuments = 0;            ///< judgements naming a passage the corpus lacks
    int64_t qrelsUnknownQueries = 0;              ///< judgements naming a query queries.jsonl lacks
    std::map<std::string, SystemResult> systems;  ///< by system name
};

/// The runs of several collections, merged per system, and their qrels.
struct MergedRuns {
    std::map<std::string, Run> runs;  ///< system -> run over every collection
    Qrels qrels;
    std::map<std::string, std::string> setOfQuery;  ///< query id -> collection (for messages)
};

/// Adds one collection's runs and qrels. Throws DataError when one of its query ids already
/// came from another collection (their rankings and judgements would mix in the merged files).
void mergeRuns(MergedRuns& merged, const std::string& setName, const Qrels& qrels,
               const std::map<std::string, SystemResult>& systems);

struct RunFilesReport {
    std::filesystem::path dir;
    std::vector<std::filesystem::path> files;  ///< SYSTEM.trec files, then qrels.tsv
    std::size_t queries = 0;                   ///< queries in the qrels
    std::size_t judgements = 0;                ///< qrels lines
};

/// Writes DIR/SYSTEM.trec (tag isomorph-SYSTEM) for every merged run and DIR/qrels.tsv (BEIR
/// qrels with header), each atomically; creates DIR. DataError when writing fails.
RunFilesReport writeRunFiles(const std::filesystem::path& dir, const MergedRuns& merged);

struct RetrievalRequest {
    std::filesystem::path beir;       ///< a BEIR folder or a folder of them (findBeirSets)
    std::string qrelsSplit = "test";  ///< qrels/SPLIT.tsv
    RetrievalOptions options;
    std::filesystem::path runDir;  ///< "" = write nothing; else writeRunFiles over every set
};

struct RetrievalEvaluationReport {
    std::vector<std::filesystem::path> skipped;  ///< collections without passages or queries
    std::vector<RetrievalSetReport> sets;
    std::optional<RunFilesReport> runFiles;  ///< when request.runDir was given
};

/// Evaluates every collection of request.beir. `encoder` may be null when only bm25 is asked
/// for. Checks the options before loading anything (ConfigError, see checkRetrievalOptions).
/// progress: stage "evaluate NAME" with detail NAME (the collection starting), done = collections
/// done, total = collections in all; at the end stage "evaluate", done = total, detail "".
/// Returning false cancels (throws Cancelled, no run files written).
RetrievalEvaluationReport evaluateRetrieval(model::EncodingService* encoder,
                                            const RetrievalRequest& request,
                                            Feedback* feedback = nullptr);

}  // namespace isomorph::eval

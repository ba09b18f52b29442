#include "core/eval/retrieval_evaluation.h"

#include <fmt/format.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/data/readers/retrieval_sets.h"

namespace isomorph::eval {
namespace fs = std::filesystem;

void mergeRuns(MergedRuns& merged, const std::string& setName, const Qrels& qrels,
               const std::map<std::string, SystemResult>& systems) {
    auto claim = [&](const std::string& qid) {
        const auto [it, inserted] = merged.setOfQuery.emplace(qid, setName);
        if (!inserted && it->second != setName)
            throw DataError(fmt::format(
                "query id '{}' occurs in the collections {} and {}; merged run files need "
                "query ids that are unique across collections (rename one, or evaluate them "
                "separately)",
                qid, it->second, setName));
    };
    for (const auto& [qid, judged] : qrels) {
        claim(qid);
        merged.qrels[qid] = judged;
    }
    for (const auto& [system, result] : systems)
        for (const auto& [qid, ranking] : result.run) {
            claim(qid);
            merged.runs[system][qid] = ranking;
        }
}

RunFilesReport writeRunFiles(const fs::path& dir, const MergedRuns& merged) {
    RunFilesReport report;
    report.dir = dir;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec)
        throw DataError(
            fmt::format("{}: cannot create the run folder ({})", dir.string(), ec.message()));
    for (const auto& [system, run] : merged.runs) {
        const fs::path file = dir / (system + ".trec");
        writeTrecRun(file, run, "isomorph-" + system);
        report.files.push_back(file);
    }
    std::string qrels = "query-id\tcorpus-id\tscore\n";
    for (const auto& [qid, judged] : merged.qrels)
        for (const auto& [doc, grade] : judged) {
            qrels += fmt::format("{}\t{}\t{}\n", qid, doc, grade);
            ++report.judgements;
        }
    report.queries = merged.qrels.size();
    writeFileAtomically(dir / "qrels.tsv", qrels);
    report.files.push_back(dir / "qrels.tsv");
    return report;
}

RetrievalEvaluationReport evaluateRetrieval(model::EncodingService* encoder,
                                            const RetrievalRequest& request, Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    checkRetrievalOptions(request.options, encoder != nullptr);
    RetrievalEvaluationReport report;
    const auto folders = data::findBeirSets(request.beir, &report.skipped);
    MergedRuns merged;
    for (std::size_t i = 0; i < folders.size(); ++i) {
        const std::string name = folders[i].filename().string();
        if (progress && !progress(Progress{"evaluate " + name, static_cast<int64_t>(i),
                                           static_cast<int64_t>(folders.size()), name}))
            throw Cancelled("retrieval evaluation cancelled");
        const RetrievalSet set = loadBeirSet(folders[i], request.qrelsSplit);
        RetrievalSetReport r;
        r.name = set.name;
        r.folder = folders[i];
        r.passages = set.passages.size();
        r.queries = set.queries.size();
        r.qrelsUnknownDocuments = set.qrelsUnknownDocuments;
        r.qrelsUnknownQueries = set.qrelsUnknownQueries;
        r.systems = evaluateRetrievalSet(encoder, set, request.options);
        if (!request.runDir.empty()) mergeRuns(merged, set.name, set.qrels, r.systems);
        report.sets.push_back(std::move(r));
    }
    const auto all = static_cast<int64_t>(folders.size());
    if (progress && !progress(Progress{"evaluate", all, all}))
        throw Cancelled("retrieval evaluation cancelled");
    if (!request.runDir.empty()) report.runFiles = writeRunFiles(request.runDir, merged);
    return report;
}

}  // namespace isomorph::eval

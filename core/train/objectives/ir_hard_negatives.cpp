#include "core/train/objectives/ir_hard_negatives.h"

#include <algorithm>
#include <set>
#include <stdlib.h>

#include "core/common/errors.h"
#include "core/common/language.h"
#include "core/eval/retrieval_metrics.h"
#include "core/search/bm25_index.h"

namespace isomorph::train {

namespace fs = std::filesystem;

HardNegativeSource HardNegativeSource::parse(const std::string& text) {
    HardNegativeSource s;
    if (text == "none" || text.empty()) return s;
    if (text == "bm25") {
        s.kind = Kind::Bm25;
        return s;
    }
    if (text.rfind("run:", 0) == 0 && text.size() > 4) {
        s.kind = Kind::Run;
        s.runFile = text.substr(4);
        return s;
    }
    throw ConfigError("objectives.ir.hard_negatives: '" + text +
                      "' is not one of \"none\", \"bm25\" (mined with a BM25 index of each "
                      "training set's corpus) or \"run:PATH\" (a TREC run file)");
}

std::map<std::string, std::string> pickHardNegatives(
    const search::Run& ranked, const std::unordered_map<std::string, std::string>& corpus,
    const data::Qrels& qrels) {
    std::map<std::string, std::string> out;
    for (const auto& [queryId, ranking] : ranked) {
        const auto judged = qrels.find(queryId);
        std::set<std::string> positiveIds, positiveTexts;
        if (judged != qrels.end())
            for (const auto& [docId, grade] : judged->second) {
                if (grade <= 0) continue;
                positiveIds.insert(docId);
                if (auto text = corpus.find(docId); text != corpus.end())
                    positiveTexts.insert(text->second);
            }
        for (const auto& doc : ranking) {
            const auto text = corpus.find(doc.docId);
            if (text == corpus.end() || text->second.empty() || positiveIds.count(doc.docId) ||
                positiveTexts.count(text->second))
                continue;
            out[queryId] = doc.docId;
            break;
        }
    }
    return out;
}

namespace {

/// A temporary folder removed with its contents when it goes out of scope.
class ScratchDir {
  public:
    ScratchDir() {
        std::string tmpl = (fs::temp_directory_path() / "isomorph-ir-bm25-XXXXXX").string();
        if (::mkdtemp(tmpl.data()) == nullptr)
            throw DataError(
                "objectives.ir.hard_negatives = bm25: cannot create a temporary "
                "folder under " +
                fs::temp_directory_path().string() + " (set TMPDIR)");
        path_ = tmpl;
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

}  // namespace

search::Run bm25Rankings(const std::unordered_map<std::string, std::string>& corpus,
                         const std::vector<data::Query>& queries, size_t depth) {
    // Sorted ids: the index (and so tie order) does not depend on hash-map order.
    std::vector<std::string> ids;
    for (const auto& entry : corpus)
        if (!entry.second.empty()) ids.push_back(entry.first);
    std::sort(ids.begin(), ids.end());
    search::Run run;
    if (ids.empty()) return run;
    std::vector<search::IndexDocument> docs;
    for (const auto& id : ids)
        docs.push_back({id, "", corpus.at(id), languageSuffix(id)});
    const ScratchDir scratch;
    const search::Bm25Index index = search::Bm25Index::build(scratch.path() / "index", docs);
    for (const auto& q : queries) {
        search::Ranking& ranking = run[q.id];
        if (q.text.find_first_not_of(" \t\r\n") == std::string::npos) continue;
        ranking = search::rankDocuments(search::searchEachLanguage(index, q.text, depth));
    }
    return run;
}

search::Run readRunRankings(const fs::path& file) {
    if (!fs::exists(file))
        throw DataError("objectives.ir.hard_negatives: the run file " + file.string() +
                        " does not exist");
    // Read and ranked as the evaluation reads runs: a document twice for a query is refused,
    // order is trec_eval's (score, then document id).
    search::Run run = eval::groupRun(data::readTrecRun(file));
    for (auto& [queryId, ranking] : run)
        ranking = search::rankDocuments(std::move(ranking));
    return run;
}

}  // namespace isomorph::train

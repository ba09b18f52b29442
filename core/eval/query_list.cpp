#include "core/eval/query_list.h"

#include <fstream>
#include <set>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/language.h"
#include "core/data/readers/beir_corpus_reader.h"

namespace isomorph::eval {

namespace fs = std::filesystem;

namespace {

struct ListedQuery {
    std::string id, text, target;
};

std::vector<std::string> splitTabs(const std::string& line) {
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1)
        out.push_back(line.substr(start, tab - start));
    out.push_back(line.substr(start));
    return out;
}

}  // namespace

QueryListReport writeQueryListBeir(const fs::path& queries, const fs::path& corpus,
                                   const fs::path& out, const std::string& corpusLanguage) {
    requireLanguageCode(corpusLanguage, "the corpus language");
    std::set<std::string> ids;
    QueryListReport report;
    data::BeirCorpusReader reader(corpus);
    for (data::Passage p; reader.next(p);)
        ids.insert(p.id);
    report.passages = ids.size();

    std::ifstream in(queries);
    if (!in) throw DataError("cannot read the query list " + queries.string());
    std::map<std::string, std::vector<ListedQuery>> byLanguage;
    std::string line;
    for (size_t n = 1; std::getline(in, line); ++n) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        const std::string where = queries.string() + ":" + std::to_string(n);
        const auto fields = splitTabs(line);
        if (fields.size() != 3 || fields[0].empty())
            throw DataError(where +
                            ": expected query<TAB>language<TAB>target passage id (3 fields), "
                            "got " +
                            std::to_string(fields.size()));
        requireLanguageCode(fields[1], where + ": language");
        if (!ids.count(fields[2]))
            throw DataError(where + ": the target '" + fields[2] + "' is not a passage of " +
                            corpus.string() + "; name a passage id of that corpus");
        byLanguage[fields[1]].push_back(
            {fields[1] + "-" + std::to_string(n), fields[0], fields[2]});
    }
    if (byLanguage.empty()) throw DataError(queries.string() + " holds no query");
    if (fs::exists(out) && !fs::is_empty(out))
        throw DataError(out.string() + " exists and is not empty; name a new folder");
    for (const auto& [language, list] : byLanguage) {
        const std::string name = language + "-" + corpusLanguage;
        const fs::path set = out / name;
        fs::create_directories(set / "qrels");
        std::string text, qrels = "query-id\tcorpus-id\tscore\n";
        for (const auto& q : list) {
            text += nlohmann::json{{"_id", q.id}, {"text", q.text}}.dump() + "\n";
            qrels += q.id + "\t" + q.target + "\t1\n";
        }
        writeFileAtomically(set / "queries.jsonl", text);
        writeFileAtomically(set / "qrels" / "test.tsv", qrels);
        fs::copy_file(corpus, set / "corpus.jsonl", fs::copy_options::overwrite_existing);
        report.queriesPerSet[name] = list.size();
    }
    return report;
}

}  // namespace isomorph::eval

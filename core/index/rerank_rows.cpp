#include "core/index/rerank_rows.h"

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <iterator>
#include <map>

#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/search/rerank_top.h"
#include "core/workspace/run_layout.h"

namespace isomorph::index {

std::vector<ResultRow> rerankRows(const std::vector<ResultRow>& rows, const std::string& query,
                                  std::size_t depth, model::CrossEncoder& reranker,
                                  model::CrossEncoderStats* stats, double firstStageWeight) {
    // Scores that encode the rows' own order, so rerankTop keeps exactly that order below depth
    // (their own scores may tie, and ties would be re-broken by id).
    search::Ranking ranking;
    std::map<std::string, const ResultRow*> byId;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ranking.push_back({rows[i].id, -static_cast<double>(i)});
        byId[rows[i].id] = &rows[i];
    }
    std::vector<model::TextPair> pairs;
    std::vector<double> firstStage;
    for (const auto& id : search::rerankCandidates(ranking, depth)) {
        const ResultRow* row = byId.at(id);
        if (row->text.empty())
            throw DataError(fmt::format(
                "document '{}' has no text in the index, so it cannot be re-ranked; rebuild the "
                "index from a corpus whose passages have text",
                id));
        pairs.push_back({&query, &row->text});
        firstStage.push_back(row->score);
    }
    // At weight 1 the cross-encoder's scores would count for nothing: the order and the
    // (min-max scaled) scores are the first stage's, and no pair is scored.
    std::vector<double> scores = firstStageWeight >= 1.0 ? std::vector<double>(pairs.size(), 0.0)
                                                         : reranker.score(pairs, stats);
    if (firstStageWeight != 0.0)
        scores = search::interpolateScores(firstStage, scores, firstStageWeight);
    const search::Ranking reranked = search::rerankTop(ranking, depth, scores);
    std::vector<ResultRow> out;
    out.reserve(rows.size());
    for (const auto& doc : reranked) {
        ResultRow row = *byId.at(doc.docId);
        row.rank = static_cast<int>(out.size()) + 1;
        if (out.size() < pairs.size()) row.score = doc.score;  // below depth: first-stage score
        out.push_back(std::move(row));
    }
    return out;
}

void checkRerankerTokenizer(const std::filesystem::path& encoderCheckpoint,
                            const std::filesystem::path& rerankerCheckpoint) {
    const auto a =
        workspace::CheckpointLayout{workspace::resolveCheckpoint(encoderCheckpoint)}.tokenizer();
    const auto b =
        workspace::CheckpointLayout{workspace::resolveCheckpoint(rerankerCheckpoint)}.tokenizer();
    if (a.empty() || b.empty()) return;
    auto bytes = [](const std::filesystem::path& f) {
        std::ifstream in(f, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    if (a.filename() == b.filename() && bytes(a) == bytes(b)) return;
    throw ConfigError(fmt::format(
        "the re-ranker {} does not speak the tokenizer of the encoder that built the index, {} "
        "({} against {}): pick a re-ranker fine-tuned from the same base as that encoder (the "
        "retrieval demo's RUN/rerank/model), or an index built with a matching encoder",
        rerankerCheckpoint.string(), encoderCheckpoint.string(), b.string(), a.string()));
}

QueryReport runQuery(const SearchService& service, const QueryRequest& request) {
    const auto shown = static_cast<std::size_t>(std::max(1, request.options.k));
    QueryOptions first = request.options;
    if (request.reranker) first.k = std::max(first.k, static_cast<int>(request.rerankDepth));
    QueryReport report;
    if (first.mode != SearchMode::Lexical) report.coverage = service.coverage(request.query);
    report.rows = service.search(request.query, first, &report.timings);
    if (request.reranker) {
        for (const auto& r : report.rows)
            report.firstStageRank[r.id] = r.rank;
        report.rerankQuery = request.rerankTranslated
                                 ? service.translateForReader(request.query, first)
                                 : request.query;
        report.rows = rerankRows(report.rows, report.rerankQuery, request.rerankDepth,
                                 *request.reranker, &report.rerankStats, request.firstStageWeight);
        report.reranked = true;
        report.rescored = request.rerankDepth == 0
                              ? report.rows.size()
                              : std::min(request.rerankDepth, report.rows.size());
    }
    if (report.rows.size() > shown) report.rows.resize(shown);
    // Below the re-scored rows, scores are the first stage's, on another scale.
    const std::size_t comparable =
        report.reranked ? std::min(report.rescored, report.rows.size()) : report.rows.size();
    report.indistinct = scoresIndistinct(
        {report.rows.begin(), report.rows.begin() + static_cast<std::ptrdiff_t>(comparable)});
    return report;
}

std::string noResultsInThisLanguage(const text::LetterCoverage& coverage) {
    if (coverage.covered()) return {};
    return fmt::format(
        "no results in this language: {} of {} letters of the query are unknown to the model's "
        "vocabulary{}; the model was not trained on text like it, so its nearest documents "
        "would be arbitrary",
        coverage.unknown, coverage.letters,
        coverage.script.empty() ? "" : fmt::format(" ({} script)", coverage.script));
}

}  // namespace isomorph::index

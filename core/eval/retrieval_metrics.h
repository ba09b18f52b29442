#pragma once

// Retrieval and re-ranking metrics as trec_eval and the papers define them (torch-free, part of
// isomorph_data): MRR@k, Recall@k, Precision@k, nDCG@k (trec_eval "ndcg_cut"), AP/MAP, a
// two-tailed paired t-test and TREC run writing (XOR-TyDi answer recall: answer_recall.h).
//
// Conventions (all follow trec_eval unless noted):
// - A run is ranked by score descending; equal scores are broken by document id descending
//   (byte-wise string comparison), exactly as trec_eval does. Ranks given in a run file are
//   ignored.
// - A document is relevant when its grade is > 0 (trec_eval's default relevance level 1).
//   nDCG uses the grade itself as gain (linear gain; negative grades count as 0) and the discount
//   1/log2(rank+1); the ideal ranking is built from the qrels and cut at the same k.
// - AP = (sum of precision at the rank of each relevant retrieved document) / (number of relevant
//   documents in the qrels), over the whole ranking (no 1000-document cap like trec_eval's -M).
// - Precision@k divides by k even when fewer than k documents were retrieved.
// - Averages run over the qrels queries with at least one relevant document. Such a query without
//   any run entry scores 0 on every metric (trec_eval -c). Run queries that the qrels do not know
//   and qrels queries without a relevant document are not averaged but listed in the report.

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/data/readers/retrieval_sets.h"
#include "core/search/ranking.h"

namespace isomorph::eval {

using data::Qrels;
/// The judgements of one query: document id -> grade.
using Judgements = std::map<std::string, int>;

// Ranked lists are search's (core/search/ranking.h, below eval); eval names them too.
using search::rankDocuments;
using search::Ranking;
using search::Run;
using search::ScoredDoc;

/// Groups TREC run lines by query (ranks and tags ignored). Throws DataError on a repeated
/// (query, document) pair.
Run groupRun(const std::vector<data::RunEntry>& entries);

// Per-query metrics. `ranked` must already be ranked (rankDocuments); k >= 1 (else ConfigError).
// With no relevant document in `judged`, every metric is 0.
double reciprocalRankAt(const Ranking& ranked, const Judgements& judged, int k);
double recallAt(const Ranking& ranked, const Judgements& judged, int k);
double precisionAt(const Ranking& ranked, const Judgements& judged, int k);
double ndcgAt(const Ranking& ranked, const Judgements& judged, int k);
double averagePrecision(const Ranking& ranked, const Judgements& judged);

struct QueryMetrics {
    std::string queryId;
    int numRelevant = 0;   ///< documents with grade > 0 in the qrels
    int numRetrieved = 0;  ///< run entries for the query (0 when absent from the run)
    int numRelevantRetrieved = 0;
    double averagePrecision = 0.0;
    std::map<int, double> mrr, recall, precision, ndcg;  ///< by cutoff k
};

struct EvaluationReport {
    std::vector<QueryMetrics> perQuery;  ///< evaluated queries, by query id
    double map = 0.0;
    std::map<int, double> mrr, recall, precision, ndcg;  ///< means over perQuery, by cutoff
    std::vector<std::string> runQueriesWithoutQrels;     ///< in the run, unknown to the qrels
    std::vector<std::string> queriesWithoutRelevant;     ///< in the qrels, no grade > 0
    std::vector<std::string> queriesMissingFromRun;      ///< evaluated, scored 0
};

/// Evaluates a run at the given cutoffs (each >= 1, else ConfigError). Throws DataError when no
/// qrels query has a relevant document.
EvaluationReport evaluateRun(const Run& run, const Qrels& qrels, const std::vector<int>& cutoffs);

// ---- significance ------------------------------------------------------------------------------

/// Regularised incomplete beta function I_x(a, b) (a, b > 0, 0 <= x <= 1), by Lentz's continued
/// fraction.
double regularizedIncompleteBeta(double a, double b, double x);

struct TTestResult {
    double t = 0.0;            ///< mean difference / standard error (a - b)
    int degreesOfFreedom = 0;  ///< n - 1
    double pValue = 1.0;       ///< two-tailed
    double meanDifference = 0.0;
};

/// Two-tailed paired t-test of a against b (per-query values in the same query order). Identical
/// systems (all differences 0) give t = 0, p = 1; a constant non-zero difference gives t = +-inf,
/// p = 0. Throws DataError for different sizes or fewer than two queries.
TTestResult pairedTTest(const std::vector<double>& a, const std::vector<double>& b);

// ---- output ------------------------------------------------------------------------------------

/// Writes "qid Q0 docid rank score tag" lines atomically: queries by id, documents ranked by
/// rankDocuments, ranks from 1, scores in the shortest form that reads back exactly. Throws
/// DataError for ids or a tag that are empty or contain whitespace, and when writing fails.
void writeTrecRun(const std::filesystem::path& path, const Run& run, const std::string& tag);

}  // namespace isomorph::eval

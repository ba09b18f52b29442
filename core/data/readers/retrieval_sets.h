#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/data/readers/text_input.h"

namespace isomorph::data {

/// A retrieval query (BEIR queries.jsonl entry or a MIRACL/Mr.TyDi topic).
struct Query {
    std::string id;
    std::string text;
    uint64_t line = 0;
};

/// Relevance judgements: query id -> document id -> grade (0 = judged not relevant).
using Qrels = std::map<std::string, std::map<std::string, int>>;

/// One line of a TREC run: a ranked document for a query.
struct RunEntry {
    std::string queryId;
    std::string docId;
    int rank = 0;
    double score = 0.0;
    std::string tag;
};

// Each reader takes a file or a LineReader (in-memory input for tests and fuzzers), reads it
// whole and throws DataError "FILE:LINE: what; fix" on bad input, an empty file or duplicates.

/// BEIR queries.jsonl: {"_id": str, "text": str} per line, extra fields ignored.
std::vector<Query> readBeirQueries(LineReader lines);
std::vector<Query> readBeirQueries(const std::filesystem::path& file, ReadOptions options = {});

/// MIRACL / Mr.TyDi topics: "qid<TAB>query text" per line, no header.
std::vector<Query> readTopicsTsv(LineReader lines);
std::vector<Query> readTopicsTsv(const std::filesystem::path& file, ReadOptions options = {});

/// BEIR qrels TSV: header "query-id<TAB>corpus-id<TAB>score", then one judgement per line.
Qrels readBeirQrels(LineReader lines);
Qrels readBeirQrels(const std::filesystem::path& file, ReadOptions options = {});

/// TREC qrels: "qid iteration docid relevance", whitespace separated (iteration ignored).
Qrels readTrecQrels(LineReader lines);
Qrels readTrecQrels(const std::filesystem::path& file, ReadOptions options = {});

/// Either qrels format, told apart by the first line: BEIR's starts with the "query-id" header,
/// anything else is read as TREC.
Qrels readQrels(const std::filesystem::path& file, ReadOptions options = {});

/// TREC run: "qid Q0 docid rank score tag", whitespace separated, in file order.
std::vector<RunEntry> readTrecRun(LineReader lines);
std::vector<RunEntry> readTrecRun(const std::filesystem::path& file, ReadOptions options = {});

/// Whether `dir` is a BEIR collection: it holds corpus.jsonl and queries.jsonl (qrels/ may be
/// missing for training sets whose positives come from elsewhere).
bool isBeirSet(const std::filesystem::path& dir);

/// The one rule for "a BEIR folder or a folder of them" (eval retrieval, rerank finetune,
/// objectives.ir): `path` itself when it is a BEIR set, else its sub-folders that are, with a
/// non-empty corpus.jsonl and queries.jsonl, sorted by name; sub-folders with an empty one are
/// added to `skipped` when given. DataError naming `path` and the layout when there are none.
std::vector<std::filesystem::path> findBeirSets(
    const std::filesystem::path& path, std::vector<std::filesystem::path>* skipped = nullptr);

}  // namespace isomorph::data

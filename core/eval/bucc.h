#pragma once

// BUCC 2018 shared task style parallel-sentence mining (Zweigenbaum et al. 2018) with the ratio
// margin of Artetxe & Schwenk (2019): candidate mining as LASER's "max" retrieval does it,
// threshold tuning on a dev set, precision / recall / F1 against gold pairs, and readers for the
// task's files. Torch-free, part of isomorph_data.
//
// BUCC files: "<pair>.<split>.<lang>" sentence files with "ID<TAB>sentence" lines (ids such as
// "de-000001") and "<pair>.<split>.gold" files with "xx-ID<TAB>en-ID" lines.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/common/float_matrix.h"
#include "core/data/readers/text_input.h"

namespace isomorph::eval {

struct BuccSentence {
    std::string id;
    std::string text;
    uint64_t line = 0;  ///< 1-based line in the file
};

/// A gold (or mined) sentence pair by id: source (non-English) id, target (English) id.
struct BuccPair {
    std::string sourceId;
    std::string targetId;
};

// Readers throw DataError "FILE:LINE: what; fix" on a malformed line, an empty file or a repeated
// id/pair.

/// "ID<TAB>sentence" lines: the id (no spaces) up to the first tab, then a non-blank sentence.
std::vector<BuccSentence> readBuccSentences(data::LineReader lines);
std::vector<BuccSentence> readBuccSentences(const std::filesystem::path& file,
                                            data::ReadOptions options = {});

/// "sourceId<TAB>targetId" lines, exactly two non-empty columns.
std::vector<BuccPair> readBuccGold(data::LineReader lines);
std::vector<BuccPair> readBuccGold(const std::filesystem::path& file,
                                   data::ReadOptions options = {});

struct MiningOptions {
    int k = 4;             ///< margin neighbourhood size, each direction (>= 1, else ConfigError)
    bool oneToOne = true;  ///< LASER "max": walk candidates best first, keep a pair only when
                           ///< neither of its sentences is already in a kept pair
};

struct MinedPair {
    std::string sourceId;
    std::string targetId;
    double score = 0.0;  ///< ratio margin
};

/// Mines candidate pairs between source [m, d] and target [n, d] embeddings (row i has id
/// sourceIds[i] / targetIds[i]): every source's best target by margin and every target's best
/// source (the backward candidates), united and deduplicated (the margin is symmetric, so a pair
/// found both ways has one score), then made one-to-one unless disabled. Unlike LASER, the best
/// partner is searched among all rows, not only among the k cosine neighbours. Sorted by score
/// descending (ties by source id, then target id). Throws DataError when ids and rows disagree in
/// number, an id repeats, or the embeddings are invalid (see align/knn.h).
std::vector<MinedPair> mineParallel(const std::vector<std::string>& sourceIds,
                                    const FloatMatrix& source,
                                    const std::vector<std::string>& targetIds,
                                    const FloatMatrix& target, const MiningOptions& options = {});

struct MiningScores {
    double threshold = 0.0;  ///< candidates with score >= threshold are extracted
    int64_t extracted = 0;   ///< candidates at or above the threshold
    int64_t correct = 0;     ///< extracted candidates that are gold pairs
    int64_t gold = 0;        ///< distinct gold pairs (the recall denominator)
    double precision = 0.0;  ///< correct / extracted (0 when nothing is extracted)
    double recall = 0.0;     ///< correct / gold
    double f1 = 0.0;         ///< harmonic mean of precision and recall (0 when both are 0)
};

/// Scores the candidates with score >= threshold against the gold pairs. DataError when `gold` is
/// empty.
MiningScores evaluateMining(const std::vector<MinedPair>& candidates,
                            const std::vector<BuccPair>& gold, double threshold);

/// The threshold with the best F1 on a dev set: sweeps every distinct candidate score (equal scores
/// are extracted together) and returns the midpoint between the best cut's lowest score and the
/// next lower score (the lowest score itself when the cut keeps everything), so that it transfers
/// to the test set; on equal F1 the higher threshold wins. When no candidate is gold, the
/// threshold is +infinity and every count is 0. DataError when `gold` is empty.
MiningScores tuneThreshold(const std::vector<MinedPair>& candidates,
                           const std::vector<BuccPair>& gold);

}  // namespace isomorph::eval

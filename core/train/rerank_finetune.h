#pragma once

// Re-ranking fine-tuning with k-fold cross-validation over queries, as the XLP paper evaluates
// its cross-encoders (Yu, Fei and Li, WWW 2021, section 5.1.3): queries are split into k folds;
// for each fold a fresh copy of the checkpoint has its last `layers` encoder layers
// re-initialised (the paper resets and trains the last 3 of 12, a quarter of the depth; with
// resetLayers false they keep their pretrained values), and only those, the segment embeddings
// (segment 1 starts as a copy of segment 0 after `model extend`) and the relevance head (kept from
// the checkpoint unless `reinitHead`) are trained (RR cross-entropy: one positive from the qrels
// against hard negatives from the first-stage run) on the queries of the other folds; the fold's
// own queries are then re-ranked. The held-out re-rankings together form the output run, so no
// query is ever scored by a model that trained on it. Torch-free header.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/model/cross_encoder.h"
#include "core/runtime/device.h"
#include "core/search/ranking.h"

namespace isomorph::train {

struct RerankFinetuneOptions {
    /// k of the k-fold split over queries (>= 2); 1 = no cross-validation: one model trained on
    /// every query (less the validation share) and saved to OUT/model, the re-ranker a pipeline
    /// ships (its queries must not be the ones it is evaluated on: pass the train split's).
    int folds = 5;
    /// Last encoder layers re-initialised and trained; 0 = a quarter of the depth, rounded, at
    /// least 1 (the paper's 3 of 12; 1 of the demo's 4).
    int layers = 0;
    /// Re-initialise those layers before training them (the paper). false: train them from their
    /// pretrained values (on the demo's 4-layer encoder this lowers the training loss where the
    /// paper's protocol stays at chance; docs/training.md).
    bool resetLayers = true;
    /// Also re-initialise the relevance head. By default the checkpoint's pretrained head (XLP's
    /// RR) is kept and trained; a checkpoint without one (QLM alone) gets a new head either way.
    bool reinitHead = false;
    int epochs = 3;              ///< passes over the training folds' (query, positive) pairs
    int negatives = 1;           ///< hard negatives per positive, from the first-stage run
    int candidates = 100;        ///< first-stage documents per query: negatives and re-scored
    int batchSize = 8;           ///< (query, positive) pairs per step, each with its negatives
    double learningRate = 3e-5;  ///< peak; linear warm-up over 10% of the steps, linear decay
    double weightDecay = 0.01;   ///< AdamW, not on biases and LayerNorms
    double gradClip = 1.0;       ///< max global gradient L2 norm; 0 = off
    uint64_t seed = 1;  ///< folds, re-initialisation, shuffling, negative sampling and dropout
    /// Longest packed input (0 = the model's maximum, or the length the checkpoint was
    /// fine-tuned at). When set, the saved re-ranker records it (config.json
    /// isomorph_max_input_tokens) and scores inputs of that length by default.
    int64_t maxTokens = 0;
    int64_t maxQueryTokens = 64;  ///< query budget (global attention); longer ones truncated
    /// Share of each fold's training queries held out as validation (XLP paper, section 5.1.3):
    /// not trained on, re-ranked after every epoch, and the epoch with the best validation MAP
    /// gives the weights that score the fold's held-out queries. 0 = no validation (the last
    /// epoch's weights). Must be in [0, 1).
    double validationShare = 0.2;
    bool saveModels = false;  ///< also write each fold's model to OUT/fold-N/
    /// Wall-clock limit of each fold's training in seconds (0 = none): the epoch under way ends
    /// after the step that passes it, is validated like a full one, and no further epoch starts.
    double maxSeconds = 0.0;
    int64_t maxSteps = 0;  ///< > 0: each fold's training ends after this many steps, as maxSeconds
    runtime::DeviceSpec device;
    int threads = 0;  ///< intra-op threads; 0 = one per logical CPU

    /// Every problem at once, each naming its setting; empty when valid.
    std::vector<std::string> problems() const;
};

struct RerankFinetuneRequest {
    std::filesystem::path model;      ///< cross-encoder checkpoint (resolveCheckpoint)
    std::filesystem::path beir;       ///< a BEIR folder or a folder of them (unique query ids)
    std::string qrelsSplit = "test";  ///< qrels/SPLIT.tsv: positives and what is evaluated
    std::filesystem::path run;        ///< first-stage TREC run over those queries
    std::filesystem::path out;        ///< OUT/rerank.trec, OUT/folds.json, OUT/fold-N.jsonl
    RerankFinetuneOptions options;
    /// Translate-test: a translation lexicon (lexicon train) whose translations of the queries
    /// the re-ranker reads instead of the queries (eval::translateQueries); "" = as written.
    std::filesystem::path queryLexicon;
};

struct FoldReport {
    int fold = 0;                                ///< 0-based
    std::vector<std::string> heldOutQueries;     ///< re-ranked by this fold's model (sorted)
    std::vector<std::string> trainingQueries;    ///< contributed training pairs (sorted)
    std::vector<std::string> validationQueries;  ///< selected the epoch, never trained (sorted)
    int64_t trainingPairs = 0;                   ///< (query, positive) pairs per epoch
    int64_t steps = 0;                           ///< optimizer steps
    std::vector<double> epochLoss;               ///< mean RR loss of each epoch
    /// MAP of the validation queries' re-ranked runs after each epoch (empty without them).
    std::vector<double> epochValidationMap;
    /// 1-based epoch whose weights scored the held-out queries: the first with the highest
    /// validation MAP, or the last epoch without validation queries.
    int bestEpoch = 0;
    double seconds = 0.0;
};

/// What fine-tuning re-initialised: the same in every fold.
struct RerankResetReport {
    int layers = 0;         ///< the last `layers` encoder layers were trained
    bool reset = true;      ///< ... and re-initialised first (false: from their pretrained values)
    int64_t depth = 0;      ///< of the checkpoint's encoder layers
    bool automatic = true;  ///< `layers` was the default share of the depth (not --layers)
    std::string head;       ///< "kept" (pretrained), "re-initialised" or "new" (none to keep)
    std::string describe() const;  ///< one line for a report
};

struct RerankFinetuneReport {
    RerankResetReport reset;
    std::vector<FoldReport> folds;
    search::Run run;  ///< every held-out query, re-ranked (top `candidates`; the rest below)
    std::filesystem::path runFile;   ///< "" with folds = 1
    std::filesystem::path modelDir;  ///< OUT/model with folds = 1, else ""
    bool stoppedByTime = false;      ///< options.maxSeconds cut a fold's training short
    /// Queries of the run without a relevant candidate-able document in the qrels: they cannot
    /// train, but are still re-ranked by their fold's model.
    std::vector<std::string> queriesWithoutPositive;
    /// Training queries whose candidates are all relevant (no negative to contrast): skipped.
    std::vector<std::string> queriesWithoutNegative;
    std::vector<std::string> runQueriesUnknown;  ///< in the run, not in queries.jsonl (ignored)
    model::CrossEncoderStats scoring;            ///< held-out scoring counts (truncation)
};

/// The fold (0..folds-1) of each query id: ids sorted, shuffled with `seed` (portable RNG),
/// then dealt round-robin, so folds differ in size by at most one and depend only on the set of
/// ids and the seed. ConfigError when there are fewer ids than folds.
std::map<std::string, int> assignFolds(std::vector<std::string> queryIds, int folds, uint64_t seed);

/// The validation queries among one fold's `trainable` training queries: the ids sorted,
/// shuffled with (seed, fold) and the first round(share x n) taken, at least one and at most
/// n - 1 when share > 0 and n >= 2; none otherwise. Returned sorted.
/// The encoder layers `layers` re-initialises at `depth`: `layers` itself when positive,
/// otherwise a quarter of the depth, rounded, at least 1.
int layersToReset(int layers, int64_t depth);

std::vector<std::string> pickValidationQueries(std::vector<std::string> trainable, double share,
                                               uint64_t seed, int fold);

/// With folds = 1 it trains one model on all queries, writes it to OUT/model (a cross-encoder
/// checkpoint for `search --rerank`) with OUT/folds.json and OUT/fold-1.jsonl, and scores none.
/// Runs the k-fold fine-tuning and writes OUT/rerank.trec (tag isomorph-rerank-kfold),
/// OUT/folds.json (per fold: held-out, training and validation queries, steps, epoch losses,
/// epoch validation MAP, the chosen epoch) and OUT/fold-N.jsonl (one line per step: epoch, step,
/// loss, lr; one per epoch with validation queries: epoch, validation_map). ConfigError for invalid
/// options (listing every problem), CheckpointError for a checkpoint that is not a
/// cross-encoder, DataError naming the file for bad input, Diverged on a non-finite loss.
/// Progress stages, per fold F of K: "fold F/K: training" (steps done of steps, detail "loss X"),
/// "fold F/K: scoring validation pairs" and "fold F/K: scoring held-out pairs" (pairs done of
/// pairs). Returning false cancels (Cancelled, no run file written).
RerankFinetuneReport finetuneReranker(const RerankFinetuneRequest& request,
                                      Feedback* feedback = nullptr);

}  // namespace isomorph::train

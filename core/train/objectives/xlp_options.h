#pragma once

// Options of XLP's retrieval-oriented pretraining (objectives.xlp.*; Yu, Fei & Li 2021,
// "Cross-lingual Language Model Pretraining for Retrieval"): relevance ranking (RR) and query
// language modelling (QLM) on a cross-encoder over `<s> query </s> document </s>`. Torch-free.

#include <cstdint>
#include <string>

#include "core/train/objective_registry.h"

namespace isomorph::train {

struct XlpOptions {
    /// Comma-separated tasks, "rr", "qlm" or both; each iteration runs RR over the language pairs
    /// in random order, then QLM over them in another random order (paper §4.3).
    std::string tasks = "rr,qlm";
    /// Corpus with comparable documents: docs/<split>/<lang>.jsonl with titled sections (the
    /// demo corpus layout), or one folder of <lang>.jsonl files.
    std::string corpus;
    std::string split = "train";  ///< subfolder of corpus/docs; "" = corpus/docs itself
    /// Comma-separated query-document language pairs ("de-en,en-de"); "" = every language of the
    /// corpus with English, both directions.
    std::string languagePairs;
    double eta = 0.3;  ///< title-embedding cosine above which sections match
    /// The encoder whose mean-pooled vectors align the sections: a checkpoint (an aligned sentence
    /// encoder, e.g. the shipped base or a HICTL run; its own tokenizer embeds the titles), the
    /// paper's independent signal in place of its cross-lingual word embeddings; "" = the model
    /// being trained (from scratch its titles are near-random vectors).
    std::string alignModel;
    /// What align_model embeds per section: "title" (the paper) or "title+sentence" (the title
    /// and the section's first sentence: translated pages say the same thing in both languages).
    std::string alignText = "title";
    int64_t minSectionSentences = 2;      ///< sections shorter than this are not aligned
    int64_t batchSize = 8;                ///< queries per batch (per process)
    int64_t negatives = 1;                ///< RR negatives per query (the paper samples one)
    int64_t maxQueryTokens = 32;          ///< query ids kept: the global-attention budget
    int64_t maxLength = 256;              ///< packed `<s> query </s> document </s>` tokens
    double qlmMaskProb = 0.3;             ///< QLM selection rate (ablations: 0.15, 0.45)
    std::string qlmMaskTarget = "query";  ///< query | document | both (ablations)
    double headDropout = 0.1;             ///< dropout of the RR scoring head
};

/// The registry entry of "xlp" (defined in xlp_objective.cpp).
ObjectiveSpec xlpObjectiveSpec();

}  // namespace isomorph::train

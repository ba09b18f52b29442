#pragma once

// Options of the bi-encoder retrieval objective with semantic and language contrastive losses
// (objectives.ir.*; Hu et al. 2023, "Language agnostic multilingual information retrieval with
// contrastive learning"). Torch-free.

#include <cstdint>
#include <string>

#include "core/train/objective_registry.h"

namespace isomorph::train {

struct IrOptions {
    /// Folder of BEIR sets (each a folder with corpus.jsonl, queries.jsonl, qrels/train.tsv or
    /// qrels/test.tsv), or one such set. Train-split sets only: nothing here may be evaluated.
    std::string trainSets;
    /// Comma-separated names of the sets under train_sets to use ("en-en,de-en"); "" = all.
    std::string sets;
    int64_t batchSize = 16;  ///< (query, positive passage) pairs per batch (per process)
    /// One encoder for queries and passages (true), or DPR's two: a separate query encoder,
    /// initialised from the same checkpoint, trained alongside and saved in heads.safetensors as
    /// ir.query_encoder.* (the checkpoint's encoder is then the passage encoder). encode
    /// --queries, search and eval retrieval embed queries with it.
    bool sharedEncoders = true;
    /// One hard negative per query besides the in-batch ones (DPR): "none"; "bm25" = the
    /// best-ranked non-relevant passage of the query's set under BM25 (a Xapian index of the
    /// set's corpus built at start); "run:PATH" = the best-ranked non-relevant passage of the
    /// query in a TREC run file. A passage with the text of a positive is never a negative.
    std::string hardNegatives = "none";
    /// tau of eq. 1, sim(q, p) / tau with sim the cosine. The paper's eq. 1 is tau = 1, which
    /// barely separates a positive at cos 1 from negatives at cos 0.9; the default is 0.05.
    double temperature = 0.05;
    int64_t maxQueryTokens = 32;     ///< query ids kept, including <s> and </s>
    int64_t maxPassageTokens = 128;  ///< passage ids kept, including <s> and </s>
    /// w_s of eq. 4: multiplier of the semantic contrastive loss (eq. 2); 0 = off.
    double semanticWeight = 0.01;
    /// w_l of eq. 4: multiplier of the language contrastive loss (eq. 3); 0 = off.
    double languageWeight = 0.001;
    /// w_s and w_l are the paper's, given against eq. 1 as written (tau = 1). L_IR over
    /// cos / tau has a gradient about 1/tau times eq. 1's, so (true) the contrastive losses are
    /// applied with w / tau and keep the share of the gradient the paper gives them (w_s = 0.01
    /// at tau = 0.05 acts as 0.2); false applies w as given.
    bool weightsRelativeToEq1 = true;
    /// The multiplier a contrastive loss of weight `w` (semanticWeight, languageWeight) gets.
    double applied(double w) const { return weightsRelativeToEq1 ? w / temperature : w; }
    int64_t pairBatchSize = 16;        ///< parallel pairs per contrastive batch (per process)
    double semanticTemperature = 0.1;  ///< tau of eq. 2 (the paper does not give its value)
    /// Comma-separated language pairs of data.pairs the contrastive losses sample ("de-en,fr-en");
    /// "" = every pair. The held-out setting leaves languages out here and keeps their text in
    /// data.docs.
    std::string pairLanguages;
    /// Non-parallel sentences (text rows of data.docs, mixed languages) added to each language
    /// contrastive batch as Q of eq. 3 (per process); 0 = parallel sentences only.
    int64_t monolingualBatchSize = 16;
};

/// The registry entry of "ir" (defined in ir_objective.cpp).
ObjectiveSpec irObjectiveSpec();

}  // namespace isomorph::train

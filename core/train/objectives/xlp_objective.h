#pragma once

// XLP pretraining (Yu, Fei & Li 2021): a cross-encoder over `<s> query </s> document </s>` (token
// type 0 on `<s> query </s>`, 1 after; global attention on <s>, query tokens and both </s> when
// the encoder uses global + sliding-window attention; packCrossEncoderInput lays it out) trained
// with
//  - RR: score = ScoringHead(h_<s>), cross-entropy of the positive among itself and K sampled
//    negatives (hard, from the same page, with probability 1 - (3/4)^T; else random);
//  - QLM: 30% of the query tokens masked (80/10/10) and predicted through the MLM head.
// Data: sections of comparable documents aligned by title-embedding cosine above eta
// (section_alignment.h), titles embedded with the model being trained (mean pooling) when the
// run starts. Each forward() runs one batch; the batches follow the paper's schedule: per
// iteration, RR over the language pairs in random order, then QLM over them in random order.
// Heads: "xlp.rr.*" (the scoring head re-rankers load) and "xlp.qlm.*" (the MLM head).

#include <memory>
#include <string>
#include <vector>

#include "core/data/samplers/masking.h"
#include "core/data/samplers/retrieval_sampler.h"
#include "core/data/samplers/section_alignment.h"
#include "core/model/heads.h"
#include "core/train/objectives/objective.h"
#include "core/train/objectives/xlp_options.h"

namespace isomorph::train {

/// RR loss: scores [B * (1 + K)] float, row b * (1 + K) the positive of query b, the next K its
/// negatives. Returns the mean over the B queries of -log softmax(scores of b)[positive];
/// `accuracy` (if given) receives the share of queries whose positive scores strictly highest.
torch::Tensor relevanceRankingLoss(const torch::Tensor& scores, int64_t candidates,
                                   double* accuracy = nullptr);

/// The heads: "rr" (ScoringHead) and "qlm" (MlmHead, tied to the word embeddings).
class XlpHeadsImpl : public torch::nn::Module {
  public:
    XlpHeadsImpl(model::Encoder encoder, double dropout);
    model::ScoringHead rr = nullptr;
    model::MlmHead qlm = nullptr;
};
TORCH_MODULE(XlpHeads);

/// One direction of one language pair ("de-en": German queries, English documents).
struct XlpLanguagePair {
    std::string queryLang, docLang;
    data::samplers::RetrievalCorpus corpus;
    std::string name() const { return queryLang + "-" + docLang; }
};

/// What loadXlpData built: the usable pairs and a line per pair for the log.
struct XlpData {
    std::vector<XlpLanguagePair> pairs;
    std::vector<std::string> report;
};

/// Reads the corpus named by `options`, aligns sections per language pair with `embed` and
/// tokenizes with `tokenize`. Pairs named in options.languagePairs without enough data (fewer
/// than two pages with aligned sections) throw DataError naming the pair and its counts; with
/// languagePairs empty such pairs are left out and reported. Throws DataError when no pair
/// remains.
XlpData loadXlpData(const XlpOptions& options, const data::samplers::TitleEmbedder& embed,
                    const data::samplers::TextTokenizer& tokenize, uint64_t seed);

class XlpObjective : public Objective {
  public:
    explicit XlpObjective(const ObjectiveBuildContext& context);
    std::string name() const override { return "xlp"; }
    ObjectiveOutput forward(StepContext& context) override;
    torch::nn::Module& heads() override { return *heads_; }
    nlohmann::json state() const override;
    void loadState(const nlohmann::json& state, const std::string& origin) override;
    std::string initNote() const override { return initNote_; }

    enum class Task { Rr, Qlm };
    /// The (task, language pair) of the n-th batch: iteration n / (tasks x pairs) runs RR over
    /// the pairs in a random order, then QLM over them in another (keyed by seed and iteration).
    std::pair<Task, size_t> scheduled(int64_t n) const;

  private:
    ObjectiveOutput rrStep(StepContext& context, size_t pair);
    ObjectiveOutput qlmStep(StepContext& context, size_t pair);
    void makeSamplers(const std::vector<data::samplers::Cursor>& cursors);

    XlpOptions options_;
    std::vector<Task> tasks_;
    data::samplers::QlmTarget qlmTarget_ = data::samplers::QlmTarget::Query;
    uint64_t seed_ = 0;
    int rank_ = 0, worldSize_ = 1;
    RunConfig config_;  ///< a copy: tests build objectives from temporaries
    XlpData data_;
    int64_t batches_ = 0;  ///< forward() calls so far: the schedule's position
    /// Samplers per task and pair: rr_[p] samples K negatives, qlm_[p] only positives.
    std::vector<std::unique_ptr<data::samplers::RetrievalSampler>> rr_, qlm_;
    XlpHeads heads_ = nullptr;
    int32_t vocabSize_ = 0;
    data::samplers::SpecialIds specials_;  ///< of the checkpoint's tokenizer
    std::string initNote_;
};

}  // namespace isomorph::train

#pragma once

// The torch side of a cross-encoder (XLP's single-tower re-ranker): the encoder, its relevance
// head and the packing of (query, document) pairs, shared by inference (CrossEncoder) and
// re-ranking fine-tuning (core/train/rerank_finetune). Include only from LibTorch-using sources.
//
// Checkpoint contract (written by XLP pretraining): a Hugging Face checkpoint folder whose
// config.json has type_vocab_size >= 2, plus heads.safetensors with the RR head
//   xlp.rr.dense.weight [hidden, hidden], xlp.rr.dense.bias [hidden],
//   xlp.rr.out_proj.weight [1, hidden], xlp.rr.out_proj.bias [1]
// (ScoringHead: [CLS] -> dense -> tanh -> out_proj -> score).
//
// Input: <s> query </s> document </s>; token type 0 for "<s> query </s>", 1 for the rest;
// global attention (windowed models) on <s>, the query tokens and every </s>.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "core/common/progress.h"
#include "core/data/samplers/cross_encoder_input.h"
#include "core/model/checkpoint_tokenizer.h"
#include "core/model/cross_encoder.h"
#include "core/model/heads.h"
#include "core/model/transformer.h"

namespace isomorph::model {

/// One packed (query, document) input: the layout XLP pretraining uses
/// (data::samplers::packCrossEncoderInput), with the checkpoint's own special-token ids.
using PackedPair = data::samplers::CrossEncoderInput;

/// packCrossEncoderInput of token ids (no special tokens) with the tokenizer's <s>/</s> (BERT's
/// [CLS]/[SEP]). maxTokens >= maxQueryTokens + 4 (inputBudget guarantees it).
PackedPair packPair(const std::vector<int32_t>& query, const std::vector<int32_t>& document,
                    const CheckpointTokenizer& tokenizer, int64_t maxTokens,
                    int64_t maxQueryTokens);

/// A batch of packed pairs as tensors [batch, seq]: ids (padded with `pad`), keep mask (1/0),
/// token types (0/1) and the global-attention mask (bool).
struct PairBatch {
    torch::Tensor ids, keep, tokenTypes, global;
};
PairBatch makePairBatch(const std::vector<const PackedPair*>& pairs, int64_t pad,
                        const torch::Device& device);

/// Encoder + relevance head + the checkpoint's tokenizer.
struct CrossEncoderModel {
    std::filesystem::path checkpoint;
    Encoder encoder = nullptr;
    ScoringHead head = nullptr;
    CheckpointTokenizer tokenizer;

    /// scores [batch] (float) of a batch: head(encoder(ids)).
    torch::Tensor forward(const PairBatch& batch);
    /// The head's tensors under kRelevanceHeadPrefix names, for heads.safetensors.
    std::map<std::string, torch::Tensor> headTensors() const;
};

/// Input lengths after clamping the options to the model.
struct InputBudget {
    int64_t maxTokens = 0;       ///< longest packed input
    int64_t maxQueryTokens = 0;  ///< query tokens kept
};
/// maxTokens 0 = the model's maximum; the query may take at most half of what the three
/// special tokens leave. ConfigError (naming max_tokens / max_query_tokens) when too small.
InputBudget inputBudget(const EncoderConfig& config, int64_t maxTokens, int64_t maxQueryTokens);

/// Tokenizes and packs `pairs` (each distinct query text tokenized once); counts into `stats`
/// the distinct truncated queries and the truncated documents.
std::vector<PackedPair> packTextPairs(const CheckpointTokenizer& tokenizer,
                                      const std::vector<TextPair>& pairs, const InputBudget& budget,
                                      CrossEncoderStats& stats);

/// Scores packed pairs in input order, in batches of `batchSize` sorted by length, with the
/// model as it is (call eval() and set inference mode first for inference). progress: stage
/// "score", pairs done and in all, after each batch; false cancels (Cancelled). Diverged on a
/// non-finite score.
std::vector<double> scorePacked(CrossEncoderModel& model, const std::vector<PackedPair>& packed,
                                int batchSize, const torch::Device& device,
                                const ProgressFn& progress = {});

/// Whether a checkpoint must bring its relevance head. Fine-tuning re-initialises the head, so
/// it also starts from cross-encoders pretrained without one (XLP with QLM alone).
enum class RelevanceHead { Required, MayBeAbsent };

/// Loads a cross-encoder from a resolved checkpoint folder (see the contract above). Throws
/// CheckpointError naming the folder when it has no relevance head (a bi-encoder or a plain MLM
/// checkpoint; with MayBeAbsent the head is then a fresh one), when the config has fewer than two
/// token types, or when a head tensor is missing from a partial head or has the wrong shape;
/// DataError when the tokenizer is missing or does not fit the embeddings.
CrossEncoderModel loadCrossEncoderModel(const std::filesystem::path& checkpoint,
                                        RelevanceHead head = RelevanceHead::Required);

}  // namespace isomorph::model

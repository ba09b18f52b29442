#pragma once

// What objectives read besides the encoder, in one place. Each objective declares what it reads
// (ObjectiveSpec::needs: parallel pairs, the checkpoint's tokenizer); the trainer opens only what
// an enabled objective declared and hands every objective the same DataProvider, which loads the
// rest on first use and shares it (one tokenizer for IR and XLP). A new kind of data is one
// method here and one DataNeeds field, not a field of ObjectiveBuildContext and trainer code per
// objective. Include only from LibTorch-using sources.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/data/shards/shard_set.h"
#include "core/model/checkpoint_tokenizer.h"
#include "core/model/tensor_file.h"
#include "core/train/objective_registry.h"

namespace isomorph::train {

struct RunConfig;

class DataProvider {
  public:
    struct Sources {
        const data::shards::ShardSet* docs = nullptr;   ///< data.docs, when set
        const data::shards::ShardSet* pairs = nullptr;  ///< data.pairs, when it was opened
        const model::TensorMap* initHeads = nullptr;    ///< null: none
        std::filesystem::path checkpoint{};             ///< the initial checkpoint folder
    };
    /// `modelVocab`: rows of the encoder's embedding matrix (a tokenizer may not exceed it).
    DataProvider(const RunConfig& config, int64_t modelVocab, Sources sources);

    /// data.docs for objectives.`objective`; as pairs().
    const data::shards::ShardSet& docs(const std::string& objective) const;
    /// data.pairs for objectives.`objective`. Throws ConfigError naming data.pairs when the run
    /// config has none, std::logic_error when the objective did not declare it (a bug).
    const data::shards::ShardSet& pairs(const std::string& objective) const;
    /// The initial checkpoint's tokenizer (sentencepiece.bpe.model, tokenizer.json or vocab.txt;
    /// model.tokenizer for a folder without one), loaded once. DataError naming the file when it
    /// has more ids than the model has embeddings; std::logic_error when not declared.
    const model::CheckpointTokenizer& tokenizer(const std::string& objective);
    /// Tensors of the initial checkpoint beyond the encoder, by their Hugging Face names
    /// (lm_head.*, cls.predictions.*) or, for Isomorph checkpoints, by "OBJECTIVE.param" from
    /// heads.safetensors; objectives that continue a pretrained head start from them.
    const model::TensorMap& initHeads() const;
    /// The initial checkpoint folder (config.json, tokenizer, heads.safetensors); may be empty.
    const std::filesystem::path& checkpoint() const { return sources_.checkpoint; }

  private:
    DataNeeds declared(const std::string& objective) const;

    const RunConfig& config_;
    int64_t modelVocab_;
    Sources sources_;
    std::optional<model::CheckpointTokenizer> tokenizer_;
};

}  // namespace isomorph::train

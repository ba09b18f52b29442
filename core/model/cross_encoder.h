#pragma once

// Cross-encoder re-ranking (XLP, Yu, Fei and Li, WWW 2021): one forward pass over
// "<s> query </s> document </s>" per pair gives a relevance score from the [CLS] state. Used by
// `search --rerank`, `eval retrieval --rerank` and the GUI's worker threads. Torch-free header:
// the model lives behind the pimpl (core/model/cross_encoder_model.h has the torch side and the
// checkpoint contract).

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/common/progress.h"
#include "core/runtime/device.h"

namespace isomorph::model {

/// Prefix of the relevance head's tensors in heads.safetensors.
inline constexpr const char* kRelevanceHeadPrefix = "xlp.rr.";

/// Whether the checkpoint folder `dir` holds a cross-encoder that can score: its
/// heads.safetensors has the relevance head. Reads the file's header only (no model loaded);
/// false for a missing or damaged file (CrossEncoder::open then says why).
bool isCrossEncoderCheckpoint(const std::filesystem::path& dir);

struct CrossEncoderOptions {
    int batchSize = 16;  ///< pairs per forward pass
    /// Longest packed input (incl. 3 specials); 0 = the length the checkpoint was fine-tuned at
    /// (EncoderConfig::trainedInputTokens), else the model maximum.
    int64_t maxTokens = 0;
    int64_t maxQueryTokens = 64;  ///< query tokens kept (each has global attention); longer
                                  ///< queries are truncated and counted
    runtime::DeviceSpec device;   ///< cpu, cuda, cuda:N
    int threads = 0;              ///< intra-op threads; 0 = one per logical CPU
};

struct CrossEncoderStats {
    int64_t pairs = 0;               ///< pairs scored
    int64_t queriesTruncated = 0;    ///< distinct query texts cut to maxQueryTokens
    int64_t documentsTruncated = 0;  ///< pairs whose document was cut to fit maxTokens
    double seconds = 0.0;
};

/// One (query, document) pair to score; the strings must outlive the score() call.
struct TextPair {
    const std::string* query = nullptr;
    const std::string* document = nullptr;
};

/// A cross-encoder checkpoint ready to score, in inference mode. Not reentrant: one score() at a
/// time (it sets the process-wide intra-op thread count while it runs).
class CrossEncoder {
  public:
    /// `model` is anything workspace::resolveCheckpoint() accepts. Throws CheckpointError naming
    /// the folder when it is not a cross-encoder (no xlp.rr.* relevance head: a bi-encoder),
    /// ConfigError for invalid options, DataError for a missing tokenizer.
    static std::unique_ptr<CrossEncoder> open(const std::filesystem::path& model,
                                              const CrossEncoderOptions& options);
    ~CrossEncoder();

    const std::filesystem::path& checkpoint() const;
    /// Longest packed input in tokens and the query budget, after clamping to the model.
    int64_t maxTokens() const;
    int64_t maxQueryTokens() const;

    /// Relevance scores of `pairs`, in input order (higher = more relevant; finite). Pairs are
    /// batched by length. `progress` gets stage "score" with pairs done and in all after each
    /// batch; returning false cancels (throws Cancelled). Throws Diverged if the model produces a
    /// non-finite score.
    std::vector<double> score(const std::vector<TextPair>& pairs,
                              CrossEncoderStats* stats = nullptr, const ProgressFn& progress = {});

  private:
    struct Impl;
    explicit CrossEncoder(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace isomorph::model

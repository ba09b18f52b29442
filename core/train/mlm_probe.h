#pragma once

// Held-out masked-LM loss of a checkpoint at a given input length: how well its encoder and MLM
// head predict masked tokens of rows packed to `maxTokens` (MlmSampler: consecutive sentences of
// one document). XLP's position repair (paper section 4.3) runs MLM on long inputs after the
// position table was extended by copying, until the loss on long rows is down to the loss on the
// short rows the model was trained on; this measures both. Deterministic for a seed (same rows,
// same masks). Torch-free header.

#include <cstdint>
#include <filesystem>

#include "core/common/feedback.h"
#include "core/common/progress.h"

namespace isomorph::train {

struct MlmProbeOptions {
    uint32_t maxTokens = 64;  ///< per row, including <s> and </s>
    int rows = 256;           ///< rows evaluated
    int batchSize = 16;
    uint64_t seed = 7;  ///< rows and masks
    int threads = 0;    ///< intra-op threads; 0 = one per logical CPU
};

struct MlmProbeResult {
    double loss = 0.0;           ///< mean cross-entropy over the masked tokens
    double accuracy = 0.0;       ///< of the masked tokens
    int64_t masked = 0;          ///< masked tokens scored
    int64_t rows = 0;            ///< rows scored
    double meanRowTokens = 0.0;  ///< tokens per row, specials included
};

/// The masked-LM loss of `checkpoint` (its encoder and MLM head: Isomorph's mlm.* or XLM-R's
/// lm_head.*) on `rows` rows of the shard set `docs`. CheckpointError when the checkpoint has
/// no MLM head or its position table is shorter than maxTokens + 2; DataError naming the folder
/// for unreadable shards. `progress` as ProgressFn (stage "MLM loss at N tokens"); false cancels.
MlmProbeResult probeMlmLoss(const std::filesystem::path& checkpoint,
                            const std::filesystem::path& docs, const MlmProbeOptions& options,
                            Feedback* feedback = nullptr);

}  // namespace isomorph::train

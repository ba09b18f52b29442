#pragma once

// Training checkpoints in RUN/checkpoints (the layout is workspace::RunLayout's and
// workspace::CheckpointLayout's): step-N folders written atomically with a checksum file, the
// `latest` pointer naming the newest complete one and the `best` pointer. Include only from
// LibTorch-using sources.

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/hf_checkpoint.h"
#include "core/model/tensor_file.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train {

/// The loop's counters and every objective's small state (sampler cursors, flags).
struct TrainingState {
    int64_t step = 0;
    double elapsed = 0;          ///< training seconds over all sessions
    double best = std::nan("");  ///< best dev metric so far (NaN when none)
    std::string bestCheckpoint;
    double collapseReference = std::nan("");  ///< collapse indicator at the first probe (NaN: none)
    double lossScale = 1;                     ///< fp16 dynamic loss scale
    int64_t goodSteps = 0;                    ///< fp16 steps since the last overflow
    int64_t worldSize = 0;  ///< data-parallel workers that wrote it (0: before this was recorded)
    std::map<std::string, nlohmann::json> objectives;
};

struct LoadedCheckpoint {
    std::filesystem::path dir;
    TrainingState state;
    model::TensorMap heads;      ///< "OBJECTIVE.param" -> tensor
    model::TensorMap optimizer;  ///< "optimizer.*" and objectives' tensors (memory banks)
};

class CheckpointStore {
  public:
    /// `dir` is a run's checkpoints folder (RunLayout::checkpoints()); std::invalid_argument
    /// otherwise.
    CheckpointStore(std::filesystem::path dir, int64_t keepLast);

    /// Writes checkpoint `name` atomically (temporary folder, fsync, rename), records a CRC-32C
    /// of every file in checksum.json, then points `latest` at it and prunes old checkpoints
    /// (keeping the newest keepLast and the best). Returns the folder. `carried`: more files of
    /// the model the run started from that its checkpoints keep (its prompts).
    std::filesystem::path save(model::Encoder& encoder, const model::ExtraFile& tokenizer,
                               const model::TensorMap& heads, const model::TensorMap& optimizer,
                               const TrainingState& state, const std::string& name,
                               const std::vector<model::ExtraFile>& carried = {});
    /// The newest checkpoint whose files match their checksums, trying older ones (with a
    /// warning naming the problem) when the newest is corrupt; nullopt when there is none.
    std::optional<LoadedCheckpoint> loadLatest() const;
    /// Name in `latest` ("" when none).
    std::string latestName() const;
    /// Records `name` as the best checkpoint (kept by pruning).
    void markBest(const std::string& name, double value);

    /// Verifies checksum.json of one checkpoint folder; returns the problem or "".
    static std::string verify(const std::filesystem::path& checkpoint);

  private:
    void prune();
    std::filesystem::path dir_;
    workspace::RunLayout run_;
    int64_t keepLast_;
};

}  // namespace isomorph::train

#pragma once

// AdamW (Loshchilov & Hutter) over named parameters, with the update rule of torch.optim.AdamW,
// written out so that its state has stable names for checkpoints and resumes bit-exactly.
// Include only from LibTorch-using sources.

#include <map>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "core/train/run_config.h"

namespace isomorph::train {

class AdamW {
  public:
    /// `params`: (name, parameter) pairs; names also key the saved state. Parameters whose name
    /// ends in "bias" or contains "LayerNorm"/"layer_norm"/"bn." get no weight decay.
    AdamW(std::vector<std::pair<std::string, torch::Tensor>> params,
          const OptimizerSection& options);

    /// One update with learning rate `lr` from the parameters' current .grad() (missing grads
    /// are skipped, as torch.optim does).
    void step(double lr);
    /// Drops all gradients (set to undefined, not zero).
    void zeroGrad();
    /// Global L2 norm of all gradients; clips them to `maxNorm` when maxNorm > 0. Returns the norm
    /// before clipping (NaN/Inf when a gradient is not finite).
    double clipGradNorm(double maxNorm);

    int64_t steps() const { return steps_; }
    /// "exp_avg.NAME", "exp_avg_sq.NAME" and "step" (int64 scalar) as CPU tensors.
    std::map<std::string, torch::Tensor> state() const;
    /// Restores state(); throws CheckpointError naming a missing or mis-shaped entry.
    void loadState(const std::map<std::string, torch::Tensor>& state, const std::string& origin);

    const std::vector<std::pair<std::string, torch::Tensor>>& parameters() const { return params_; }

  private:
    std::vector<std::pair<std::string, torch::Tensor>> params_;
    std::vector<bool> decay_;
    std::vector<torch::Tensor> expAvg_, expAvgSq_;
    OptimizerSection options_;
    int64_t steps_ = 0;
};

}  // namespace isomorph::train

#pragma once

// Data-parallel communication as the training loop and objectives need it. Implemented with
// c10d process groups (Gloo on CPU, NCCL on CUDA) in distributed.cpp. Include only from
// LibTorch-using sources.

#include <vector>

#include <torch/torch.h>

namespace isomorph::train {

class Collective {
  public:
    virtual ~Collective() = default;
    virtual int rank() const = 0;
    virtual int worldSize() const = 0;
    /// Averages the tensors over all ranks in place (gradients; bucketed by the implementation).
    virtual void allReduceMean(std::vector<torch::Tensor>& tensors) = 0;
    /// Sums in place.
    virtual void allReduceSum(std::vector<torch::Tensor>& tensors) = 0;
    /// Concatenation of every rank's `t` along dim 0 in rank order (no autograd).
    virtual torch::Tensor allGather(const torch::Tensor& t) = 0;
    virtual void barrier() = 0;
};

}  // namespace isomorph::train

#pragma once

// Data-parallel communication as the training loop and objectives need it. Implemented with
// c10d process groups (Gloo on CPU, NCCL on CUDA) in distributed.cpp. Include only from
// LibTorch-using sources.

#include <string>
#include <utility>
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
    /// Where each rank runs, in rank order ("node-b (10.0.0.2)"); empty when unknown.
    virtual std::vector<std::string> hosts() const { return {}; }
};

/// The gradients of `params` this rank all-reduces, the same list on every rank. A parameter may
/// have a gradient on some ranks only (a head one rank's batch did not reach, a data-dependent
/// branch): the ranks agree on the union (one small all-reduce of flags), and a rank without
/// that gradient gets zeros, which is the gradient of its loss with respect to it. Parameters no
/// rank touched keep no gradient, so the optimizer still skips them.
std::vector<torch::Tensor> gradientsToReduce(
    const std::vector<std::pair<std::string, torch::Tensor>>& params, Collective& collective);

}  // namespace isomorph::train

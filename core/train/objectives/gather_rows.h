#pragma once

// Global in-batch negatives across data-parallel ranks: every rank's rows in rank order, with
// gradient through this rank's own rows only. A loss over them is the whole batch's loss; its
// gradient must be scaled by worldSize (ObjectiveOutput::gradientScale or a x worldSize factor)
// so that averaging gradients over ranks gives the whole batch's gradient. Include only from
// LibTorch-using sources.

#include <vector>

#include <torch/torch.h>

#include "core/train/collective.h"

namespace isomorph::train {

/// Rows of every rank's `z` [n, ...] in rank order; this rank's rows keep their gradient, the
/// others are gathered without. Every rank must pass the same n. Without a collective (or with
/// one rank) `z` itself.
inline torch::Tensor gatherRows(Collective* collective, const torch::Tensor& z) {
    if (!collective || collective->worldSize() <= 1) return z;
    const int64_t n = z.size(0);
    auto all = collective->allGather(z.detach());
    std::vector<torch::Tensor> parts;
    for (int r = 0; r < collective->worldSize(); ++r)
        parts.push_back(r == collective->rank() ? z : all.narrow(0, r * n, n));
    return torch::cat(parts);
}

/// Data-parallel processes of a step (1 without a collective).
inline double worldSizeOf(Collective* collective) {
    return collective ? static_cast<double>(collective->worldSize()) : 1.0;
}

}  // namespace isomorph::train

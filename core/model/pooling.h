#pragma once

// Token states -> one sentence vector. Include only from LibTorch-using sources.

#include <torch/torch.h>

#include "core/model/encoding_service.h"
#include "core/model/transformer.h"

namespace isomorph::model {

/// [batch, hidden] sentence vectors from an encoder output. `mask` [batch, seq] (1 = token) is
/// used by mean pooling; LayerMean needs the forward pass to have kept hidden states.
inline torch::Tensor poolSentences(const EncoderOutput& out, const torch::Tensor& mask,
                                   const Pooling& pooling) {
    if (pooling.kind == Pooling::Kind::Cls) return out.lastHidden.select(1, 0);
    const auto& states = pooling.kind == Pooling::Kind::LayerMean
                             ? out.hiddenStates.at(static_cast<size_t>(pooling.layer))
                             : out.lastHidden;
    auto m = mask.unsqueeze(-1).to(states.scalar_type());
    return (states * m).sum(1) / m.sum(1).clamp_min(1.0);
}

}  // namespace isomorph::model

#pragma once

// Options of hierarchical contrastive learning (objectives.hictl.*; Wei et al. 2021, HICTL).
// Torch-free.

#include <cstdint>

#include "core/train/objective_registry.h"

namespace isomorph::train {

/// The map f from the pooled sentence vector to the contrasted representation r = f(g(M(x))).
/// linear: the paper's linear projection; none: the pooled vector itself, so the space the loss
/// aligns is the one dev evaluation measures (when eval.pooling = model.pooling).
enum class HictlProjection { Linear, None };

template <>
struct EnumNames<HictlProjection> {
    static const std::vector<std::pair<HictlProjection, const char*>>& table();
};

struct HictlOptions {
    int64_t batchSize = 32;  ///< parallel pairs per batch n (per process; 2n sentences)
    /// tau of exp(cos / tau). The paper's eq. 2 uses exp(cos), i.e. tau = 1; 1 barely separates
    /// a positive at cos 1 from negatives at cos 0.9, so the default is the usual 0.1.
    double temperature = 0.1;
    HictlProjection projection = HictlProjection::Linear;
    int64_t projectionSize = 256;  ///< output size of the linear projection
    bool hardNegatives = true;     ///< eq. 5-6: interpolate negatives towards the anchor
    double zeta = 0.9;             ///< slack coefficient of lambda = (d+/d-)^(zeta p_avg)
    int64_t pAvgBatches = 100;     ///< batches in the running mean p_avg of exp(-L_S)
    /// Multiplier of the word-level loss L_W (eq. 7-9; 0 = off, sentence level only).
    double wordWeight = 1.0;
    int64_t wordNegatives = 512;   ///< m: vocabulary negatives sampled per pair
    double wordTemperature = 0.1;  ///< tau of the word-level exp(cos / tau) and of the sampling
};

/// The registry entry of "hictl" (defined in hictl_objective.cpp).
ObjectiveSpec hictlObjectiveSpec();

}  // namespace isomorph::train

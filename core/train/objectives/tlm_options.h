#pragma once

// Options of translation language modelling (objectives.tlm.*; Conneau & Lample 2019, used with
// HICTL on parallel data). Torch-free.

#include <cstdint>

#include "core/train/objective_registry.h"

namespace isomorph::train {

struct TlmOptions {
    int64_t batchSize = 32;  ///< parallel pairs per TLM batch (per process)
    double maskProb = 0.15;  ///< share of tokens of both sides selected (80/10/10)
};

/// The registry entry of "tlm" (defined in tlm_objective.cpp).
ObjectiveSpec tlmObjectiveSpec();

}  // namespace isomorph::train

#pragma once

// Options of the masked-LM objective (objectives.mlm.*). Torch-free.

#include <cstdint>

#include "core/train/objective_registry.h"

namespace isomorph::train {

struct MlmOptions {
    int64_t batchSize = 32;  ///< sentences per MLM batch (per process)
    double maskProb = 0.15;  ///< share of tokens selected (XLM-R 0.15; 80/10/10 split)
};

/// The registry entry of "mlm" (defined in mlm_objective.cpp).
ObjectiveSpec mlmObjectiveSpec();

}  // namespace isomorph::train

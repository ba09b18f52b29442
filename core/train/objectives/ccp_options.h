#pragma once

// Options of contrastive context prediction (objectives.ccp.*; Wu et al. 2022). Torch-free.

#include <cstdint>

#include "core/train/objective_registry.h"

namespace isomorph::train {

/// Where CCP's extra negatives come from (section 3.1).
enum class MemoryBankKind { Language, Plain, None };
/// Batch norm of the projection head: asymmetric (Algorithm 1), vanilla (both branches use
/// batch statistics: leaks, Table 5's last row) or none.
enum class ProjectionNorm { Asymmetric, Vanilla, None };

template <>
struct EnumNames<MemoryBankKind> {
    static const std::vector<std::pair<MemoryBankKind, const char*>>& table();
};
template <>
struct EnumNames<ProjectionNorm> {
    static const std::vector<std::pair<ProjectionNorm, const char*>>& table();
};

struct CcpOptions {
    int64_t batchSize = 32;    ///< windows per batch N (2N sentences, per process)
    int64_t radius = 2;        ///< window radius w (targets at distance 1..w)
    double temperature = 0.1;  ///< tau of exp(cos / tau)
    MemoryBankKind memoryBank = MemoryBankKind::Language;  ///< per-language FIFOs, one, or none
    int64_t bankSize = 4096;  ///< FIFO entries M (per language for "language")
    bool l2Normalize = true;  ///< cosine (true) or raw dot product of projections
    ProjectionNorm projectionNorm = ProjectionNorm::Asymmetric;
    int64_t projectionSize = 128;  ///< output of the projection head
};

/// The registry entry of "ccp" (defined in ccp_objective.cpp).
ObjectiveSpec ccpObjectiveSpec();

}  // namespace isomorph::train

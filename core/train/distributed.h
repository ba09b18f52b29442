#pragma once

// Data-parallel process groups from the torchrun environment (RANK, WORLD_SIZE, MASTER_ADDR,
// MASTER_PORT, LOCAL_RANK): c10d ProcessGroupGloo on CPU, ProcessGroupNCCL on CUDA builds.
// Include only from LibTorch-using sources.

#include <memory>
#include <string>

#include "core/train/collective.h"

namespace isomorph::train {

/// Environment variables of one worker, as torchrun sets them.
struct WorkerEnvironment {
    int rank = 0;
    int worldSize = 1;
    int localRank = 0;
    std::string masterAddr = "127.0.0.1";
    int masterPort = 29500;
    int timeoutSeconds = 300;  ///< ISOMORPH_DIST_TIMEOUT: collective and rendezvous timeout
};

/// Reads the variables; throws ConfigError naming a malformed one.
WorkerEnvironment readWorkerEnvironment();

/// A process group for this worker, or null when WORLD_SIZE is unset or 1. `device` is the
/// run's device ("cpu" -> Gloo, "cuda..." -> NCCL). Rendezvous failures (port in use, a peer that
/// never comes) throw ConfigError with the address and what to do.
std::unique_ptr<Collective> collectiveFromEnvironment(const std::string& device);

}  // namespace isomorph::train

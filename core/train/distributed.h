#pragma once

// Data-parallel process groups from the launcher's environment (launch_environment.h: torchrun's
// variables or a Slurm step's): c10d ProcessGroupGloo on CPU, ProcessGroupNCCL on CUDA builds.
// Include only from LibTorch-using sources.

#include <memory>
#include <string>

#include "core/train/collective.h"
#include "core/train/launch_environment.h"

namespace isomorph::train {

/// A process group for this worker, or null when the launcher started one process. `device` is the
/// run's device ("cpu" -> Gloo, "cuda..." -> NCCL). Rendezvous failures (port in use, a peer that
/// never comes) throw ConfigError with the address and what to do. Gloo talks over
/// GLOO_SOCKET_IFNAME's interface where that is set, else over the local address that routes to
/// MASTER_ADDR (loopback when it is local). A collective that fails names the rank(s) and host it
/// lost contact with, from the table of hosts the ranks exchange at the rendezvous.
std::unique_ptr<Collective> collectiveFromEnvironment(const std::string& device);

}  // namespace isomorph::train

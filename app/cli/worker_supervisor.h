#pragma once

// The `train --nproc N [--nnodes M --node-rank R --master-addr A]` supervisor: starts this node's
// N workers the way torchrun does, watches them and stops them all when one fails or the user
// asks.

#include <atomic>

#include "core/train/launch_environment.h"

namespace isomorph::cli {

/// A free TCP port on 127.0.0.1 for the workers' rendezvous. Throws ConfigError (naming
/// --master-port) when there is none.
int freeLocalPort();

/// Runs `launch.nproc` copies of this process's own command line, each with the torchrun
/// environment (RANK = node rank x nproc + local rank, LOCAL_RANK, WORLD_SIZE = nnodes x nproc,
/// LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT; launch.masterAddr/masterPort are resolved), and
/// waits for them. Each worker gets its own process group (a terminal's Ctrl-C reaches only
/// the supervisor, which forwards one stop request when `stop` becomes true) and dies with the
/// supervisor. When a worker fails the others get SIGTERM, and SIGKILL after 60 s. Returns the
/// exit code: 0 when every worker succeeded, 1 otherwise.
int superviseWorkers(const train::NodeLaunch& launch, const std::atomic<bool>& stop);

}  // namespace isomorph::cli

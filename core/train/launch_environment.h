#pragma once

// Where a data-parallel worker stands in its run, read from the launcher that started it:
// torchrun's variables (RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT;
// `isomorph-cli train --nproc/--nnodes` sets the same) or, without them, a Slurm job step's
// (SLURM_PROCID, SLURM_NTASKS, SLURM_LOCALID, the first host of SLURM_JOB_NODELIST). No LibTorch:
// the CLI decides with it whether it is a worker or a launcher.

#include <map>
#include <string>

namespace isomorph::train {

struct WorkerEnvironment {
    int rank = 0;
    int worldSize = 1;
    int localRank = 0;
    int localWorldSize = 1;  ///< workers on this node (threads are shared among them)
    std::string masterAddr = "127.0.0.1";
    int masterPort = 29500;
    int timeoutSeconds = 300;       ///< ISOMORPH_DIST_TIMEOUT: collective and rendezvous timeout
    std::string launcher = "none";  ///< "torchrun" (its variables), "slurm" or "none"
};

/// Variables by name; `get` returns "" for an unset one. The default reads the process's own.
using EnvironmentLookup = std::map<std::string, std::string>;

/// Reads the variables of `env` (the process's environment when null). torchrun's win when
/// WORLD_SIZE is set; Slurm's are used inside an srun step (SLURM_STEP_ID set) with SLURM_NTASKS
/// > 1, MASTER_ADDR defaulting to the job's first node and MASTER_PORT to 20000 + SLURM_JOB_ID %
/// 10000 (jobs sharing a node do not collide). Throws ConfigError naming a malformed variable.
WorkerEnvironment readWorkerEnvironment(const EnvironmentLookup* env = nullptr);

/// The first host of a Slurm host list: "gpu[07-09,12],login" -> "gpu07", "rack[1-2]-n[001-4]"
/// -> "rack1-n001". Throws ConfigError naming `variable` when the list is malformed.
std::string firstSlurmHost(const std::string& list, const std::string& variable);

/// A node's workers as a launcher assigns them: `nproc` per node, node `nodeRank` of `nnodes`.
struct NodeLaunch {
    int nproc = 1;
    int nnodes = 1;
    int nodeRank = 0;
    std::string masterAddr;  ///< "" on one node: 127.0.0.1
    int masterPort = 0;      ///< 0: a free port on one node, 29500 (torchrun's) on several
};

/// Refuses impossible combinations, naming the flag: --node-rank outside [0, --nnodes), several
/// nodes without --master-addr.
void validateNodeLaunch(const NodeLaunch& launch);

}  // namespace isomorph::train

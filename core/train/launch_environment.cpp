#include "core/train/launch_environment.h"

#include <cerrno>
#include <cstdlib>

#include <fmt/format.h>

#include "core/common/errors.h"

namespace isomorph::train {

namespace {

std::string lookup(const EnvironmentLookup* env, const std::string& name) {
    if (env) {
        auto it = env->find(name);
        return it == env->end() ? std::string() : it->second;
    }
    const char* v = std::getenv(name.c_str());
    return v ? std::string(v) : std::string();
}

int parseInt(const std::string& name, const std::string& value, int minimum,
             long maximum = 1'000'000) {
    char* end = nullptr;
    errno = 0;
    const long x = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end != '\0' || errno != 0 || x < minimum || x > maximum)
        throw ConfigError(fmt::format("environment variable {}='{}' is not an integer >= {}", name,
                                      value, minimum));
    return static_cast<int>(x);
}

int envInt(const EnvironmentLookup* env, const std::string& name, int fallback, int minimum) {
    const std::string v = lookup(env, name);
    return v.empty() ? fallback : parseInt(name, v, minimum);
}

/// SLURM_TASKS_PER_NODE reads "8(x2),4": the first node's count is the leading number.
int leadingCount(const std::string& name, const std::string& value) {
    size_t n = 0;
    while (n < value.size() && value[n] >= '0' && value[n] <= '9')
        ++n;
    return parseInt(name, value.substr(0, n), 1);
}

}  // namespace

std::string firstSlurmHost(const std::string& list, const std::string& variable) {
    auto malformed = [&](const std::string& why) {
        return ConfigError(fmt::format("environment variable {}='{}' is not a Slurm host list ({})",
                                       variable, list, why));
    };
    std::string host;
    size_t i = 0;
    while (i < list.size() && list[i] != ',') {
        if (list[i] == ']') throw malformed("']' without '['");
        if (list[i] != '[') {
            host += list[i++];
            continue;
        }
        const size_t close = list.find(']', i);
        if (close == std::string::npos) throw malformed("'[' without ']'");
        // The group's first element: the start of its first range, zero padding as written.
        const std::string group = list.substr(i + 1, close - i - 1);
        const std::string first = group.substr(0, group.find_first_of(",-"));
        if (first.empty() || first.find_first_not_of("0123456789") != std::string::npos)
            throw malformed("'[" + group + "]' does not start with a number");
        host += first;
        i = close + 1;
    }
    if (host.empty()) throw malformed("no host");
    return host;
}

WorkerEnvironment readWorkerEnvironment(const EnvironmentLookup* env) {
    WorkerEnvironment w;
    w.timeoutSeconds = envInt(env, "ISOMORPH_DIST_TIMEOUT", 300, 1);
    const std::string masterAddr = lookup(env, "MASTER_ADDR");
    if (!lookup(env, "WORLD_SIZE").empty()) {
        w.launcher = "torchrun";
        w.worldSize = envInt(env, "WORLD_SIZE", 1, 1);
        w.rank = envInt(env, "RANK", 0, 0);
        w.localRank = envInt(env, "LOCAL_RANK", w.rank, 0);
        w.localWorldSize = envInt(env, "LOCAL_WORLD_SIZE", w.worldSize, 1);
        w.masterPort = envInt(env, "MASTER_PORT", 29500, 1);
        if (!masterAddr.empty()) w.masterAddr = masterAddr;
        if (w.rank >= w.worldSize)
            throw ConfigError(
                fmt::format("RANK={} must be smaller than WORLD_SIZE={}", w.rank, w.worldSize));
        if (w.localRank >= w.localWorldSize)
            throw ConfigError(fmt::format("LOCAL_RANK={} must be smaller than LOCAL_WORLD_SIZE={}",
                                          w.localRank, w.localWorldSize));
        return w;
    }
    // Slurm: only inside a job step srun started (a batch script's own shell also carries
    // SLURM_NTASKS, but it is one process, not a task of the step).
    if (lookup(env, "SLURM_STEP_ID").empty() || envInt(env, "SLURM_NTASKS", 1, 1) <= 1) return w;
    w.launcher = "slurm";
    w.worldSize = envInt(env, "SLURM_NTASKS", 1, 1);
    w.rank = envInt(env, "SLURM_PROCID", 0, 0);
    w.localRank = envInt(env, "SLURM_LOCALID", 0, 0);
    const std::string perNode = lookup(env, "SLURM_NTASKS_PER_NODE");
    const std::string tasksPerNode = lookup(env, "SLURM_TASKS_PER_NODE");
    w.localWorldSize = !perNode.empty()        ? parseInt("SLURM_NTASKS_PER_NODE", perNode, 1)
                       : !tasksPerNode.empty() ? leadingCount("SLURM_TASKS_PER_NODE", tasksPerNode)
                                               : 1;
    if (!masterAddr.empty()) {
        w.masterAddr = masterAddr;
    } else {
        const char* name =
            lookup(env, "SLURM_JOB_NODELIST").empty() ? "SLURM_NODELIST" : "SLURM_JOB_NODELIST";
        const std::string nodes = lookup(env, name);
        if (nodes.empty())
            throw ConfigError(
                "a Slurm step with SLURM_NTASKS > 1 but no SLURM_JOB_NODELIST: set MASTER_ADDR "
                "to the host of task 0");
        w.masterAddr = firstSlurmHost(nodes, name);
    }
    const std::string jobText = lookup(env, "SLURM_JOB_ID");
    const int job = jobText.empty() ? 0 : parseInt("SLURM_JOB_ID", jobText, 0, 2'147'483'647L);
    w.masterPort = envInt(env, "MASTER_PORT", 20000 + job % 10000, 1);
    if (w.rank >= w.worldSize)
        throw ConfigError(fmt::format("SLURM_PROCID={} must be smaller than SLURM_NTASKS={}",
                                      w.rank, w.worldSize));
    return w;
}

void validateNodeLaunch(const NodeLaunch& l) {
    if (l.nnodes < 1) throw ConfigError("--nnodes: give at least 1");
    if (l.nodeRank < 0 || l.nodeRank >= l.nnodes)
        throw ConfigError(fmt::format("--node-rank {} is outside 0..{} (--nnodes {})", l.nodeRank,
                                      l.nnodes - 1, l.nnodes));
    if (l.nnodes > 1 && l.masterAddr.empty())
        throw ConfigError(
            "--master-addr: with --nnodes > 1 give the address of node 0 (the host running "
            "--node-rank 0) as the other nodes reach it");
}

}  // namespace isomorph::train

#include "app/cli/worker_supervisor.h"

#include <chrono>
#include <iostream>
#include <netinet/in.h>
#include <signal.h>
#include <string>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <fmt/format.h>

#include "app/cli/child_process.h"
#include "app/cli/cli_context.h"
#include "core/common/errors.h"

namespace isomorph::cli {
namespace {

const std::vector<std::string> kRendezvousVariables = {
    "RANK", "LOCAL_RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"};

ChildCommand workerCommand(const std::vector<std::string>& args, const train::NodeLaunch& l,
                           int localRank) {
    // Workers run this same command line; they recognise themselves by WORLD_SIZE.
    ChildCommand c;
    c.args = args;
    c.env = environmentWithout(kRendezvousVariables);
    c.env.push_back("RANK=" + std::to_string(l.nodeRank * l.nproc + localRank));
    c.env.push_back("LOCAL_RANK=" + std::to_string(localRank));
    c.env.push_back("WORLD_SIZE=" + std::to_string(l.nnodes * l.nproc));
    c.env.push_back("LOCAL_WORLD_SIZE=" + std::to_string(l.nproc));
    c.env.push_back("MASTER_ADDR=" + l.masterAddr);
    c.env.push_back("MASTER_PORT=" + std::to_string(l.masterPort));
    return c;
}

void signalAll(const std::vector<pid_t>& pids, int signal) {
    for (pid_t p : pids)
        if (p > 0) ::kill(p, signal);
}

/// Waits for the workers; see superviseWorkers.
int watchWorkers(std::vector<pid_t>& pids, const std::atomic<bool>& stop, int firstRank) {
    int result = kExitOk;
    size_t alive = pids.size();
    bool stopping = false, forwarded = false;
    auto deadline = std::chrono::steady_clock::time_point::max();
    while (alive > 0) {
        if (stop.load() && !forwarded) {
            signalAll(pids, SIGINT);
            forwarded = true;
        }
        int status = 0;
        const pid_t done = ::waitpid(-1, &status, WNOHANG);
        if (done > 0) {
            for (size_t r = 0; r < pids.size(); ++r) {
                if (pids[r] != done) continue;
                pids[r] = -1;
                --alive;
                if (WIFEXITED(status) && WEXITSTATUS(status) == 0) continue;
                std::cerr << fmt::format(
                    "isomorph-cli: worker {} {} {}; stopping the others\n",
                    firstRank + static_cast<int>(r),
                    WIFSIGNALED(status) ? "was killed by signal" : "exited with status",
                    WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
                result = kExitRuntime;
                if (!stopping) {
                    signalAll(pids, SIGTERM);
                    stopping = true;
                    deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
                }
            }
            continue;
        }
        if (std::chrono::steady_clock::now() > deadline) signalAll(pids, SIGKILL);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return result;
}

}  // namespace

int freeLocalPort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    socklen_t len = sizeof(addr);
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
        if (fd >= 0) ::close(fd);
        throw ConfigError("cannot find a free local port for the workers; give --master-port");
    }
    const int port = ntohs(addr.sin_port);
    ::close(fd);
    return port;
}

int superviseWorkers(const train::NodeLaunch& launch, const std::atomic<bool>& stop) {
    const std::vector<std::string> args = ownCommandLine();
    std::vector<pid_t> pids;
    try {
        for (int local = 0; local < launch.nproc; ++local)
            pids.push_back(
                startChild(workerCommand(args, launch, local),
                           fmt::format("worker {}", launch.nodeRank * launch.nproc + local)));
    } catch (...) {
        signalAll(pids, SIGTERM);
        for (pid_t p : pids)
            ::waitpid(p, nullptr, 0);
        throw;
    }
    if (launch.nnodes > 1)
        std::cerr << fmt::format(
            "node {} of {}: started ranks {}-{} of {} (Gloo rendezvous on {}:{})\n",
            launch.nodeRank, launch.nnodes, launch.nodeRank * launch.nproc,
            (launch.nodeRank + 1) * launch.nproc - 1, launch.nnodes * launch.nproc,
            launch.masterAddr, launch.masterPort);
    else
        std::cerr << fmt::format("started {} workers (Gloo rendezvous on {}:{})\n", launch.nproc,
                                 launch.masterAddr, launch.masterPort);
    return watchWorkers(pids, stop, launch.nodeRank * launch.nproc);
}

}  // namespace isomorph::cli

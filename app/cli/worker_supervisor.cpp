#include "app/cli/worker_supervisor.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <netinet/in.h>
#include <signal.h>
#include <string>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <fmt/format.h>

#include "app/cli/cli_context.h"
#include "core/common/errors.h"

extern char** environ;

namespace isomorph::cli {
namespace {

constexpr const char* kRendezvousVariables[] = {
    "RANK", "LOCAL_RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"};

/// Everything a worker's exec needs, built before fork: between fork and exec the child of a
/// multi-threaded process may only make async-signal-safe calls (no malloc, no setenv).
struct WorkerCommand {
    std::vector<std::string> args, env;
    std::vector<char*> argv, envp;  // point into args/env; null-terminated

    void seal() {
        for (auto& a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        for (auto& e : env)
            envp.push_back(e.data());
        envp.push_back(nullptr);
    }
};

std::vector<std::string> ownCommandLine() {
    // Workers run this same command line; they recognise themselves by WORLD_SIZE.
    std::vector<std::string> args;
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::string arg;
    while (std::getline(in, arg, '\0'))
        args.push_back(arg);
    return args;
}

bool isRendezvousVariable(const char* entry) {
    for (const char* name : kRendezvousVariables) {
        const size_t n = std::strlen(name);
        if (std::strncmp(entry, name, n) == 0 && entry[n] == '=') return true;
    }
    return false;
}

WorkerCommand workerCommand(const std::vector<std::string>& args, int rank, int nproc, int port) {
    WorkerCommand c;
    c.args = args;
    for (char** e = environ; *e != nullptr; ++e)
        if (!isRendezvousVariable(*e)) c.env.emplace_back(*e);
    const std::string r = std::to_string(rank), n = std::to_string(nproc);
    c.env.push_back("RANK=" + r);
    c.env.push_back("LOCAL_RANK=" + r);
    c.env.push_back("WORLD_SIZE=" + n);
    c.env.push_back("LOCAL_WORLD_SIZE=" + n);
    c.env.push_back("MASTER_ADDR=127.0.0.1");
    c.env.push_back("MASTER_PORT=" + std::to_string(port));
    return c;
}

/// Forks and execs one worker. The exec's errno comes back through a close-on-exec pipe, so a
/// worker that cannot start is reported here, with the reason, not by the child.
pid_t startWorker(WorkerCommand& command, int rank) {
    int report[2];
    if (::pipe2(report, O_CLOEXEC) != 0)
        throw Error(std::string("cannot start a worker: ") + std::strerror(errno));
    const pid_t supervisor = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        const int e = errno;
        ::close(report[0]);
        ::close(report[1]);
        throw Error(std::string("cannot start a worker: ") + std::strerror(e));
    }
    if (pid == 0) {
        // Only async-signal-safe calls from here to exec.
        ::close(report[0]);
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != supervisor) ::_exit(kExitRuntime);  // it died before prctl
        ::execve("/proc/self/exe", command.argv.data(), command.envp.data());
        const int e = errno;
        ssize_t ignored = ::write(report[1], &e, sizeof(e));
        (void)ignored;
        ::_exit(kExitRuntime);
    }
    ::close(report[1]);
    int childErrno = 0;
    ssize_t got;
    while ((got = ::read(report[0], &childErrno, sizeof(childErrno))) < 0 && errno == EINTR) {
    }
    ::close(report[0]);
    if (got == static_cast<ssize_t>(sizeof(childErrno))) {
        ::waitpid(pid, nullptr, 0);
        throw Error(fmt::format("cannot start worker {}: {}", rank, std::strerror(childErrno)));
    }
    return pid;
}

void signalAll(const std::vector<pid_t>& pids, int signal) {
    for (pid_t p : pids)
        if (p > 0) ::kill(p, signal);
}

/// Waits for the workers; see superviseWorkers.
int watchWorkers(std::vector<pid_t>& pids, const std::atomic<bool>& stop) {
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
                    "isomorph-cli: worker {} {} {}; stopping the others\n", r,
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

int superviseWorkers(int nproc, int port, const std::atomic<bool>& stop) {
    const std::vector<std::string> args = ownCommandLine();
    std::vector<WorkerCommand> commands;
    for (int rank = 0; rank < nproc; ++rank)
        commands.push_back(workerCommand(args, rank, nproc, port));
    for (auto& c : commands)
        c.seal();  // once the strings no longer move
    std::vector<pid_t> pids;
    try {
        for (int rank = 0; rank < nproc; ++rank)
            pids.push_back(startWorker(commands[static_cast<size_t>(rank)], rank));
    } catch (...) {
        signalAll(pids, SIGTERM);
        for (pid_t p : pids)
            ::waitpid(p, nullptr, 0);
        throw;
    }
    std::cerr << fmt::format("started {} workers (Gloo rendezvous on 127.0.0.1:{})\n", nproc, port);
    return watchWorkers(pids, stop);
}

}  // namespace isomorph::cli

#include "app/cli/child_process.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include "app/cli/cli_context.h"
#include "core/common/errors.h"

extern char** environ;

namespace isomorph::cli {

std::vector<std::string> ownCommandLine() {
    std::vector<std::string> args;
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::string arg;
    while (std::getline(in, arg, '\0'))
        args.push_back(arg);
    return args;
}

std::vector<std::string> environmentWithout(const std::vector<std::string>& drop) {
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) {
        bool dropped = false;
        for (const auto& name : drop)
            dropped = dropped || (std::strncmp(*e, name.c_str(), name.size()) == 0 &&
                                  (*e)[name.size()] == '=');
        if (!dropped) env.emplace_back(*e);
    }
    return env;
}

pid_t startChild(const ChildCommand& command, const std::string& what) {
    // Everything exec needs is built before fork: between fork and exec the child of a
    // multi-threaded process may only make async-signal-safe calls (no malloc, no setenv).
    std::vector<char*> argv, envp;
    for (const auto& a : command.args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    for (const auto& e : command.env)
        envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    int log = -1;
    if (!command.log.empty()) {
        log = ::open(command.log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (log < 0)
            throw Error(fmt::format("cannot start {}: cannot open its log {}: {}", what,
                                    command.log, std::strerror(errno)));
    }
    // The exec's errno comes back through a close-on-exec pipe.
    int report[2];
    if (::pipe2(report, O_CLOEXEC) != 0) {
        const int e = errno;
        if (log >= 0) ::close(log);
        throw Error(fmt::format("cannot start {}: {}", what, std::strerror(e)));
    }
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        const int e = errno;
        ::close(report[0]);
        ::close(report[1]);
        if (log >= 0) ::close(log);
        throw Error(fmt::format("cannot start {}: {}", what, std::strerror(e)));
    }
    if (pid == 0) {
        // Only async-signal-safe calls from here to exec.
        ::close(report[0]);
        if (log >= 0) {
            ::dup2(log, STDOUT_FILENO);  // dup2 leaves the copies open across exec
            ::dup2(log, STDERR_FILENO);
        }
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent) ::_exit(kExitRuntime);  // it died before prctl
        ::execve("/proc/self/exe", argv.data(), envp.data());
        const int e = errno;
        ssize_t ignored = ::write(report[1], &e, sizeof(e));
        (void)ignored;
        ::_exit(kExitRuntime);
    }
    ::close(report[1]);
    if (log >= 0) ::close(log);
    int childErrno = 0;
    ssize_t got;
    while ((got = ::read(report[0], &childErrno, sizeof(childErrno))) < 0 && errno == EINTR) {
    }
    ::close(report[0]);
    if (got == static_cast<ssize_t>(sizeof(childErrno))) {
        ::waitpid(pid, nullptr, 0);
        throw Error(fmt::format("cannot start {}: {}", what, std::strerror(childErrno)));
    }
    return pid;
}

}  // namespace isomorph::cli

#pragma once

// Copies of isomorph-cli as child processes (the workers of `train --nproc`, the cells of
// `sweep --jobs`), started with fork and exec, no Qt: each in its own process group and told
// with SIGTERM when its parent dies.

#include <string>
#include <sys/types.h>
#include <vector>

namespace isomorph::cli {

/// This process's command line as it was started, argv[0] included (/proc/self/cmdline).
std::vector<std::string> ownCommandLine();

/// This process's environment ("NAME=value") without the variables named in `drop`.
std::vector<std::string> environmentWithout(const std::vector<std::string>& drop);

struct ChildCommand {
    std::vector<std::string> args;  ///< argv of this executable, argv[0] included
    std::vector<std::string> env;   ///< the whole environment, "NAME=value"
    std::string log;                ///< stdout and stderr are appended here; empty = ours
};

/// Forks and execs this executable (/proc/self/exe) with `command`. The child gets a process
/// group of its own, so a terminal's Ctrl-C reaches only this process (which forwards what it
/// decides), and SIGTERM when this process dies. A child that cannot start (the log cannot be
/// opened, fork or exec fails) throws Error "cannot start WHAT: reason" here rather than failing
/// later. Returns the child's pid; the caller waits for it.
pid_t startChild(const ChildCommand& command, const std::string& what);

}  // namespace isomorph::cli

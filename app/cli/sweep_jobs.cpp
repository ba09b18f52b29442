#include "app/cli/sweep_jobs.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <signal.h>
#include <sys/wait.h>
#include <thread>

#include <fmt/format.h>

#include "app/cli/child_process.h"
#include "core/common/errors.h"
#include "core/workspace/run_layout.h"

namespace isomorph::cli {
namespace {

namespace fs = std::filesystem;

struct Job {
    pid_t pid = -1;
    size_t cell = 0;
    fs::path log;
    bool signalled = false;  // the stop request was forwarded
};

/// The last `n` non-empty lines of a child's log, each indented, for the failure report.
std::string logTail(const fs::path& log, size_t n = 5) {
    std::ifstream in(log);
    std::deque<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        // A progress line rewritten in place keeps only its last state.
        if (auto cr = line.rfind('\r'); cr != std::string::npos) line = line.substr(cr + 1);
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        lines.push_back(line);
        if (lines.size() > n) lines.pop_front();
    }
    std::string out;
    for (const auto& l : lines)
        out += "\n    " + l;
    return out;
}

/// Why a child that ended with `status` failed; "" when it did not (exit 0: done or stopped).
std::string failure(const Job& job, int status) {
    if (WIFEXITED(status))
        return WEXITSTATUS(status) == 0 ? ""
                                        : fmt::format("exited with status {}", WEXITSTATUS(status));
    // Our forwarded Ctrl-C reached it before it handled signals: a stop, not a failure.
    if (job.signalled && WTERMSIG(status) == SIGINT) return "";
    return fmt::format("was killed by signal {}", WTERMSIG(status));
}

/// The parent's bookkeeping: the cells (results read back from the children's sweep-cell.json),
/// the children running, what happened.
class SweepJobs {
  public:
    SweepJobs(const workflows::SweepOptions& sweep, const SweepJobsOptions& options,
              const std::atomic<bool>& stop,
              const std::function<void(const std::string&)>& progress)
        : sweep_(sweep), options_(options), stop_(stop), progress_(progress) {}

    SweepJobsResult run() {
        cells_ = workflows::loadSweepCells(sweep_);
        std::deque<size_t> pending;
        for (size_t i = 0; i < cells_.size(); ++i) {
            if (!cells_[i].done) {
                pending.push_back(i);
                continue;
            }
            ++result_.skipped;
            tell(i, "done before, kept");
        }
        // The threads of the machine (or the config's) split among the children running at once.
        const size_t children = std::min(pending.size(), static_cast<size_t>(options_.jobs));
        threads_ = std::max<int64_t>(
            1, options_.threads / static_cast<int64_t>(std::max<size_t>(1, children)));
        if (children > 0)
            say(
                fmt::format("{} cells to train, {} at once in processes of their own with {} "
                            "thread{} each; logs in {}",
                            pending.size(), children, threads_, threads_ == 1 ? "" : "s",
                            (sweep_.dir / "logs").string()));
        fs::create_directories(sweep_.dir / "logs");
        bool halt = false;  // a stop or a failure: no new children
        while (!running_.empty() || (!pending.empty() && !halt)) {
            if (stop_.load()) {
                halt = true;
                result_.stopped = true;
                for (auto& j : running_)
                    if (!j.signalled) {
                        ::kill(j.pid, SIGINT);
                        j.signalled = true;
                    }
            }
            while (!halt && !stop_.load() && !pending.empty() &&
                   running_.size() < static_cast<size_t>(options_.jobs)) {
                const size_t cell = pending.front();
                pending.pop_front();
                halt = !start(cell);
            }
            if (!reap(halt)) std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        writeTables();
        return result_;
    }

  private:
    const workflows::SweepOptions& sweep_;
    const SweepJobsOptions& options_;
    const std::atomic<bool>& stop_;
    const std::function<void(const std::string&)>& progress_;
    std::vector<workflows::SweepCell> cells_;
    std::vector<Job> running_;
    SweepJobsResult result_;
    int64_t threads_ = 1;

    void say(const std::string& line) const {
        if (progress_) progress_(line);
    }
    void tell(size_t cell, const std::string& what) const {
        say(fmt::format("[{}/{}] {}: {}", cell + 1, cells_.size(), cells_[cell].name, what));
    }

    /// Starts the child of `cell`; false (reported) when it cannot start.
    bool start(size_t cell) {
        const std::string& name = cells_[cell].name;
        ChildCommand command;
        command.args = ownCommandLine();
        for (const std::string& a : {std::string("--only-cell"), name, std::string("--run-threads"),
                                     std::to_string(threads_)})
            command.args.push_back(a);
        command.env = environmentWithout({});
        Job job;
        job.cell = cell;
        job.log = sweep_.dir / "logs" / (name + ".log");
        command.log = job.log.string();
        const bool resuming = workspace::RunLayout{sweep_.dir / name}.resumable();
        try {
            job.pid = startChild(command, "the process of sweep cell " + name);
        } catch (const Error& e) {
            say(std::string("isomorph-cli: ") + e.what());
            result_.failed.push_back(fmt::format("{} (log {})", name, job.log.string()));
            return false;
        }
        tell(cell, fmt::format("{} (pid {}, log {})", resuming ? "resuming" : "training", job.pid,
                               job.log.string()));
        running_.push_back(job);
        return true;
    }

    /// Waits (without blocking) for the running children; true when one finished.
    bool reap(bool& halt) {
        bool any = false;
        for (auto it = running_.begin(); it != running_.end();) {
            int status = 0;
            const pid_t done = ::waitpid(it->pid, &status, WNOHANG);
            if (done == 0 || (done < 0 && errno == EINTR)) {
                ++it;
                continue;
            }
            finished(*it,
                     done < 0 ? "cannot wait for it: " + std::string(std::strerror(errno))
                              : failure(*it, status),
                     halt);
            it = running_.erase(it);
            any = true;
        }
        return any;
    }

    /// `problem`: why the child failed; empty when it exited 0 (done or stopped).
    void finished(const Job& job, std::string problem, bool& halt) {
        const std::string& name = cells_[job.cell].name;
        if (problem.empty()) {
            try {
                const auto cells = workflows::loadSweepCells(sweep_);
                cells_[job.cell] = cells[job.cell];
            } catch (const Error& e) {
                problem = e.what();
            }
        }
        if (!problem.empty()) {
            say(fmt::format("isomorph-cli: sweep cell {} failed ({}); its log {}:{}", name, problem,
                            job.log.string(), logTail(job.log)));
            result_.failed.push_back(fmt::format("{} (log {})", name, job.log.string()));
            halt = true;
            return;
        }
        if (!cells_[job.cell].done) {
            // Stopped on request (ours, or a signal of its own): its checkpoint is kept.
            tell(job.cell, "stopped with a checkpoint");
            result_.stopped = true;
            halt = true;
            return;
        }
        ++result_.trained;
        tell(job.cell, workflows::cellResultLine(cells_[job.cell]));
        writeTables();
    }

    void writeTables() const { workflows::writeSweepTables(cells_, sweep_.grid, sweep_.dir); }
};

}  // namespace

SweepJobsResult runSweepJobs(const workflows::SweepOptions& sweep, const SweepJobsOptions& options,
                             const std::atomic<bool>& stop,
                             const std::function<void(const std::string&)>& progress) {
    return SweepJobs(sweep, options, stop, progress).run();
}

}  // namespace isomorph::cli

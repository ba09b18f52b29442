#pragma once

#include <chrono>
#include <cstdio>
#include <string>
#include <unistd.h>

namespace isomorph::cli {

/// A status line on stderr for long commands: rewritten in place on a terminal, or printed as a
/// plain line at most every `logInterval` otherwise (logs of cluster jobs stay readable).
class ProgressLine {
  public:
    explicit ProgressLine(std::chrono::seconds logInterval = std::chrono::seconds(10))
        : tty_(::isatty(STDERR_FILENO) == 1), interval_(logInterval) {}

    /// `milestone` (the start of a phase, say) is printed even within the log interval.
    void update(const std::string& text, bool milestone = false) {
        const auto now = std::chrono::steady_clock::now();
        if (tty_) {
            std::fprintf(stderr, "\r\033[K%s", text.c_str());
            dirty_ = true;
        } else if (milestone || now - last_ >= interval_) {
            std::fprintf(stderr, "%s\n", text.c_str());
            last_ = now;
            printed_ = text;
        }
    }

    /// Ends the line (on a terminal) and prints `text` as the final state.
    void finish(const std::string& text) {
        if (tty_ && dirty_) std::fprintf(stderr, "\r\033[K");
        if (tty_ || text != printed_) std::fprintf(stderr, "%s\n", text.c_str());
        dirty_ = false;
        printed_ = text;
    }

  private:
    bool tty_;
    bool dirty_ = false;
    std::string printed_;  // last line printed when not on a terminal
    std::chrono::seconds interval_;
    std::chrono::steady_clock::time_point last_{};
};

}  // namespace isomorph::cli

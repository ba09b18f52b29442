#pragma once

// The feedback object of long work (QGIS Processing's QgsFeedback is the model): the work reports
// progress to it and asks it, where stopping is safe, whether to go on. The asking side (a GUI
// thread, a signal handler's flag, a parent workflow) answers in one of two ways:
//   cancel()       stop now: the work throws Cancelled at its next check (training saves a
//                  checkpoint first, so no training is lost);
//   requestStop()  stop gracefully: training finishes the step, saves a checkpoint and returns
//                  normally (TrainResult::Status::Stopped).
// Every workflow takes one, as its last parameter `Feedback* feedback = nullptr` (none: nobody
// watches or stops it); the parts below a workflow (an encoder's loop, a reader) take the plain
// ProgressFn it hands them (progressFn(), progressOf()). A ProgressFn that returns false cancels,
// as ProgressFn always has, so a front end's callback plugs in unchanged. cancel(), requestStop()
// and the queries may be called from any thread; report() is called by the worker.

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>

#include "core/common/progress.h"

namespace isomorph {

class Feedback {
  public:
    Feedback() = default;
    /// Every report goes to `onProgress` (false = cancel); `stopFlag` (a signal handler's, a
    /// parent request's), when given, requests a graceful stop while it is set.
    explicit Feedback(ProgressFn onProgress, const std::atomic<bool>* stopFlag = nullptr)
        : onProgress_(std::move(onProgress)), stopFlag_(stopFlag) {}
    /// A stage of `parent`'s work: its reports reach the parent rewritten by `rewrite` (the
    /// stage's name in front, say); it stops when the parent is asked to stop (requestStop() on
    /// the stage stops the stage only), and it is cancelled when the parent is.
    Feedback(Feedback& parent, std::function<Progress(const Progress&)> rewrite)
        : onProgress_([&parent, rewrite = std::move(rewrite)](const Progress& p) {
              parent.report(rewrite ? rewrite(p) : p);
              return !parent.cancelled();
          }),
          parent_(&parent) {}
    Feedback(const Feedback&) = delete;
    Feedback& operator=(const Feedback&) = delete;

    /// Forwards `p`; cancels when the callback returns false.
    void report(const Progress& p) {
        if (onProgress_ && !onProgress_(p)) cancel();
    }

    void cancel() { cancelled_.store(true); }
    void requestStop() { stop_.store(true); }

    bool cancelled() const { return cancelled_.load() || (parent_ && parent_->cancelled()); }
    /// Whether to stop at the next safe point: requestStop(), the stop flag, cancel(), or the
    /// parent's stopRequested().
    bool stopRequested() const {
        return stop_.load() || cancelled_.load() || (stopFlag_ && stopFlag_->load()) ||
               (parent_ && parent_->stopRequested());
    }
    /// This feedback as the ProgressFn of an operation that takes one: it reports here and
    /// answers false (cancel) once this feedback is cancelled.
    ProgressFn progressFn() {
        return [this](const Progress& p) {
            report(p);
            return !cancelled();
        };
    }
    /// Throws Cancelled("cancelled") after cancel().
    void throwIfCancelled() const {
        if (cancelled()) throw Cancelled("cancelled");
    }

  private:
    ProgressFn onProgress_;
    const std::atomic<bool>* stopFlag_ = nullptr;
    Feedback* parent_ = nullptr;
    std::atomic<bool> cancelled_{false};
    std::atomic<bool> stop_{false};
};

/// What an operation that has no safe point to stop gracefully at passes down to the parts that
/// take a ProgressFn: `feedback`'s progressFn(), or none without feedback.
inline ProgressFn progressOf(Feedback* feedback) {
    return feedback ? feedback->progressFn() : ProgressFn{};
}

}  // namespace isomorph

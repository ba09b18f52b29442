#pragma once

// The GUI-responsiveness check of the view tests: how long the GUI thread is busy inside the
// deliveries of events to the objects under test (a view and its children, its window, its
// controller): their slots run from queued calls, their paint and input handlers. Any one
// delivery over 50 ms (on the development machine; scaled to this machine's pace by
// machine_pace.h) is a stall we caused. "Busy" is wall time minus the time the scheduler kept
// the thread waiting for a core (Linux schedstat), so other processes loading the machine do
// not count, while our own computing and blocking (a wait on a worker, a mutex, disk) do; but
// processes competing for caches and memory bandwidth still stretch it (a 35 ms delivery took
// 57.6 ms while the rest of CI ran), so that budget is asserted under the perf label only
// (perf_budget.h). The functional suite checks what the budget stands for: the results came
// back from the workers through the event loop and the window painted.
//
// The gap between ticks of a 10 ms timer (EventLoopGaps) is reported next to it, not asserted:
// on a loaded machine it mostly measures the scheduler.
//
// Use ISOMORPH_TIMED_TEST_MAIN(TestClass) instead of QTEST_MAIN: it runs the tests in a
// TimedApplication, whose notify() does the timing.

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QList>
#include <QPointer>
#include <QStringList>
#include <QThread>
#include <QTimer>
#include <QWidget>
#include <QWindow>

#include "tests/support/machine_pace.h"
#include "tests/support/perf_budget.h"
#include "tests/support/test_main.h"

namespace isomorph::testing {

/// The application of a view test: times deliveries to the watched objects (see above).
class TimedApplication : public QApplication {
  public:
    TimedApplication(int& argc, char** argv) : QApplication(argc, argv) {}

    static TimedApplication* instance() { return static_cast<TimedApplication*>(qApp); }

    /// Starts timing deliveries to `roots` and their descendants (and the windows of widgets).
    void watch(const QList<QObject*>& roots) {
        roots_.clear();
        for (QObject* r : roots)
            roots_ << QPointer<QObject>(r);
        longestNs_ = 0;
        longestWallNs_ = 0;
        longest_.clear();
        deliveries_ = 0;
        paints_ = 0;
        calls_ = 0;
        measuring_ = true;
    }
    void stop() { measuring_ = false; }

    /// Longest busy time of one delivery, ms.
    double longestMs() const { return static_cast<double>(longestNs_) / 1e6; }
    /// Its wall time, ms (busy time plus waiting for a core).
    double longestWallMs() const { return static_cast<double>(longestWallNs_) / 1e6; }
    /// What it was: "ClassName(objectName) event N".
    QString longest() const { return longest_; }
    int deliveries() const { return deliveries_; }
    int paints() const { return paints_; }
    /// Queued slot calls (QMetaCallEvent) delivered to the watched objects: the results the
    /// workers sent back.
    int queuedCalls() const { return calls_; }
    bool schedstat() const { return clock_.schedstat(); }
    /// One line for the test log: the longest busy delivery and what was measured.
    QString summary() const {
        return QStringLiteral(
                   "GUI thread: longest busy delivery %1 ms (%2 ms wall) in %3, over %4 "
                   "deliveries (%5 window updates, %6 queued calls)%7")
            .arg(longestMs(), 0, 'f', 1)
            .arg(longestWallMs(), 0, 'f', 1)
            .arg(longest())
            .arg(deliveries())
            .arg(paints())
            .arg(queuedCalls())
            .arg(schedstat() ? QString() : QStringLiteral(" [no schedstat: wall time]"))
            .append(QStringLiteral("; ") + paceSummary());
    }

    bool notify(QObject* receiver, QEvent* event) override {
        if (!measuring_ || depth_ > 0 || QThread::currentThread() != thread() || !watched(receiver))
            return QApplication::notify(receiver, event);
        ++depth_;
        const int type = event->type();
        const int64_t waitedBefore = clock_.runQueueNs();
        QElapsedTimer wall;
        wall.start();
        bool result = false;
        try {
            result = QApplication::notify(receiver, event);
        } catch (...) {
            --depth_;
            throw;
        }
        const int64_t wallNs = wall.nsecsElapsed();
        const int64_t busyNs = std::max<int64_t>(0, wallNs - (clock_.runQueueNs() - waitedBefore));
        --depth_;
        ++deliveries_;
        if (type == QEvent::Paint || type == QEvent::UpdateRequest) ++paints_;
        if (type == QEvent::MetaCall) ++calls_;
        if (busyNs > longestNs_) {
            longestNs_ = busyNs;
            longestWallNs_ = wallNs;
            longest_ = QStringLiteral("%1(%2) event %3")
                           .arg(QString::fromLatin1(receiver->metaObject()->className()),
                                receiver->objectName())
                           .arg(type);
        }
        return result;
    }

  private:
    bool watched(const QObject* receiver) const {
        for (const auto& root : roots_) {
            if (!root) continue;
            const auto* widget = qobject_cast<const QWidget*>(root.data());
            if (widget && widget->window()->windowHandle() == receiver) return true;
            for (const QObject* o = receiver; o; o = o->parent())
                if (o == root) return true;
        }
        return false;
    }

    ThreadClock clock_;  ///< opened on the GUI thread: its schedstat
    QList<QPointer<QObject>> roots_;
    bool measuring_ = false;
    int depth_ = 0;
    int64_t longestNs_ = 0;
    int64_t longestWallNs_ = 0;
    QString longest_;
    int deliveries_ = 0;
    int paints_ = 0;
    int calls_ = 0;
};

/// The longest gap between ticks of a 10 ms timer on the GUI thread (reported, not asserted).
class EventLoopGaps {
  public:
    EventLoopGaps() {
        timer_.setInterval(10);
        QObject::connect(&timer_, &QTimer::timeout,
                         [this] { longestMs_ = std::max(longestMs_, clock_.restart()); });
        clock_.start();
        timer_.start();
    }
    qint64 longestMs() const { return longestMs_; }

  private:
    QTimer timer_;
    QElapsedTimer clock_;
    qint64 longestMs_ = 0;
};

}  // namespace isomorph::testing

/// The check of a test: results came back through the event loop (at least `minCalls` queued
/// calls: the workers' results, so the work ran off the GUI thread) and the window painted;
/// no delivery kept the GUI thread busy over `limitMs` (a budget of the development machine,
/// scaled to this machine's pace: machine_pace.h) is asserted under the perf label only
/// (perf_budget.h) and reported elsewhere.
#define ISOMORPH_VERIFY_GUI_NEVER_BUSY(app, minCalls, limitMs)                                  \
    do {                                                                                        \
        QVERIFY2((app)->queuedCalls() >= (minCalls),                                            \
                 qPrintable(QString::number((app)->queuedCalls())));                            \
        QVERIFY((app)->paints() > 0);                                                           \
        ISOMORPH_CHECK_BUDGET((app)->longestMs() <= isomorph::testing::scaledBudgetMs(limitMs), \
                              (app)->summary());                                                \
    } while (false)

/// QTEST_MAIN with a TimedApplication.
#define ISOMORPH_TIMED_TEST_MAIN(TestObject)                                                      \
    ISOMORPH_TEST_SUITE_WRAPPER(TestObject, QTEST_QAPP_SETUP(isomorph::testing::TimedApplication) \
                                                QTEST_DISABLE_KEYPAD_NAVIGATION)

#pragma once

// How fast this machine paints, against the machine the GUI time budgets were set on.
//
// The GUI tests' budgets (a delivery over 50 ms is a stall, a chart repaints at 20 fps) are
// wall-clock numbers of our development machines. Machines running CI differ: on one, Qt's
// raster engine painted the same chart 3.5 times slower while the rest of the suite ran only
// 1.2 times slower. A fixed budget then fails there for no fault of the code. So each budget is
// scaled by the pace of this machine: the busy time of a fixed raster workload (antialiased
// polylines and text into a 1000 x 500 image, the kind of work the views do), measured in the
// test's own process, against that workload's time on the development machine
// (kReferencePaintMs). Only slower machines relax a budget; a faster one keeps it.
//
// The workload's time is the fastest of several runs with run-queue waits subtracted
// (ThreadClock), so a machine loaded by other processes does not look slow.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fcntl.h>
#include <unistd.h>

#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QPolygonF>
#include <QString>

namespace isomorph::testing {

/// Time of one thread, in ns: wall clock, and how long it waited on a run queue.
class ThreadClock {
  public:
    ThreadClock() : fd_(::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)) {}
    ~ThreadClock() {
        if (fd_ >= 0) ::close(fd_);
    }
    ThreadClock(const ThreadClock&) = delete;
    ThreadClock& operator=(const ThreadClock&) = delete;

    /// Whether run-queue waits are known (else busy() is wall time).
    bool schedstat() const { return fd_ >= 0; }
    /// ns the thread has waited for a core since it started (0 when unknown).
    int64_t runQueueNs() const {
        if (fd_ < 0) return 0;
        char buf[128];
        const ssize_t n = ::pread(fd_, buf, sizeof buf - 1, 0);
        if (n <= 0) return 0;
        buf[n] = '\0';
        unsigned long long onCpu = 0, waited = 0;
        return std::sscanf(buf, "%llu %llu", &onCpu, &waited) == 2 ? static_cast<int64_t>(waited)
                                                                   : 0;
    }

  private:
    int fd_;
};

/// Busy ms of `work()` on the calling thread: wall time minus its run-queue waits.
template <typename Work>
double busyMs(const ThreadClock& clock, Work&& work) {
    const int64_t waited = clock.runQueueNs();
    QElapsedTimer wall;
    wall.start();
    work();
    const int64_t ns = wall.nsecsElapsed() - (clock.runQueueNs() - waited);
    return static_cast<double>(std::max<int64_t>(0, ns)) / 1e6;
}

/// The reference workload's busy ms on the development machine (median of the fastest-of-7 over
/// 5 processes, idle machine).
inline constexpr double kReferencePaintMs = 4.6;

/// The reference workload's busy ms here: the fastest of 7 runs, measured once per process.
inline double referencePaintMs() {
    static const double ms = [] {
        QImage image(1000, 500, QImage::Format_ARGB32_Premultiplied);
        QPolygonF line;
        for (int i = 0; i < 4000; ++i)
            line << QPointF(i * 0.25, 100.0 + 300.0 * std::exp(-i / 1000.0) +
                                          6.0 * std::sin(i * 1.7));  // a noisy loss curve
        const ThreadClock clock;
        double best = 1e9;
        for (int run = 0; run < 7; ++run)
            best = std::min(best, busyMs(clock, [&] {
                                image.fill(Qt::white);
                                QPainter painter(&image);
                                painter.setRenderHint(QPainter::Antialiasing, true);
                                for (int k = 0; k < 8; ++k) {
                                    QPen pen(QColor::fromHsv(k * 40, 200, 180), 1.0);
                                    pen.setCosmetic(true);  // hairlines, as the charts draw
                                    painter.setPen(pen);
                                    painter.drawPolyline(line.translated(0, k * 3.0));
                                }
                                for (int k = 0; k < 40; ++k)
                                    painter.drawText(QPointF(10 + k * 24, 20 + (k % 5) * 12),
                                                     QStringLiteral("0.%1").arg(k));
                            }));
        return best;
    }();
    return ms;
}

/// How many times slower than the development machine this one paints (1 at least).
inline double machineSlowness() {
    return std::max(1.0, referencePaintMs() / kReferencePaintMs);
}

/// A time budget of the development machine, scaled to this machine's pace.
inline double scaledBudgetMs(double budgetMs) {
    return budgetMs * machineSlowness();
}

/// One line for test logs: the pace and the scale it gives budgets.
inline QString paceSummary() {
    return QStringLiteral(
               "reference paint %1 ms here, %2 ms on the development machine: "
               "budgets x%3")
        .arg(referencePaintMs(), 0, 'f', 2)
        .arg(kReferencePaintMs, 0, 'f', 2)
        .arg(machineSlowness(), 0, 'f', 2);
}

}  // namespace isomorph::testing

// ScopedThreadCounts: temporary thread counts come back after the scope, also after an exception
// and when guards in two threads (two encoding services) end in either order.

#include <dlfcn.h>
#include <memory>
#include <stdexcept>
#include <thread>

#include <QtTest>

#include "core/runtime/scoped_thread_counts.h"
#include "tests/support/test_main.h"

using namespace isomorph::runtime;

class TestScopedThreadCounts : public QObject {
    Q_OBJECT

    static void setOpenBlasThreads(int n) {
        using SetFn = void (*)(int);
        auto set = reinterpret_cast<SetFn>(::dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
        if (set) set(n);
    }

    // A count different from `now` that the guard can set (at least 1).
    static int other(int now) { return now == 1 ? 2 : 1; }

  private Q_SLOTS:
    void countsHoldInsideAndComeBackAfterAnException() {
        const int intraOp = intraOpThreads();
        const int blas = blasThreads();
        try {
            ScopedThreadCounts guard({other(intraOp), blas > 0 ? other(blas) : 0});
            QCOMPARE(intraOpThreads(), other(intraOp));
            if (blas > 0) QCOMPARE(blasThreads(), other(blas));
            throw std::runtime_error("inside the guarded scope");
        } catch (const std::runtime_error&) {
        }
        QCOMPARE(intraOpThreads(), intraOp);
        QCOMPARE(blasThreads(), blas);
    }

    void overlappingGuardsInTwoThreadsRestoreTheOriginalBlasCount() {
        const int blas = blasThreads();
        if (blas == 0) QSKIP("the BLAS in use is not OpenBLAS; there is no count to restore");
        // A known starting value other than 1, set as the process would (not through a guard).
        const int original = blas == 3 ? 2 : 3;
        setOpenBlasThreads(original);
        {
            // Service A starts, then service B in another thread; A ends first, then B: the
            // hand-written save/restore left B's saved 1 in place.
            auto a = std::make_unique<ScopedThreadCounts>(ThreadCounts{0, 1});
            std::unique_ptr<ScopedThreadCounts> b;
            std::thread([&] {
                b = std::make_unique<ScopedThreadCounts>(ThreadCounts{0, 1});
            }).join();
            a.reset();
            QCOMPARE(blasThreads(), 1);  // B still encodes
            std::thread([&] { b.reset(); }).join();
            QCOMPARE(blasThreads(), original);
        }
        setOpenBlasThreads(blas);
    }

    void zeroLeavesCountsAlone() {
        const int intraOp = intraOpThreads();
        const int blas = blasThreads();
        ScopedThreadCounts guard({0, 0});
        QCOMPARE(intraOpThreads(), intraOp);
        QCOMPARE(blasThreads(), blas);
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestScopedThreadCounts)
#include "test_scoped_thread_counts.moc"

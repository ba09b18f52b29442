#include "core/runtime/scoped_thread_counts.h"

#include <algorithm>
#include <dlfcn.h>
#include <mutex>
#include <thread>

#include <ATen/Parallel.h>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace isomorph::runtime {
namespace {

void setBlasThreads(int threads) {
    using SetFn = void (*)(int);
    auto set = reinterpret_cast<SetFn>(::dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
    if (set && threads > 0) set(threads);
}

// The process-wide OpenBLAS setting shared by every live guard.
struct BlasHolders {
    std::mutex mutex;
    int live = 0;      // guards holding a BLAS count now
    int original = 0;  // the count before the first of them
};

BlasHolders& blasHolders() {
    static BlasHolders holders;
    return holders;
}

void setIntraOpIfDifferent(int threads) {
    // at::set_num_threads also resizes LibTorch's thread pool: skip it when nothing changes.
    if (threads > 0 && at::get_num_threads() != threads) at::set_num_threads(threads);
}

}  // namespace

ScopedThreadCounts::ScopedThreadCounts(ThreadCounts counts) {
    if (counts.blas > 0) {
        BlasHolders& h = blasHolders();
        std::lock_guard<std::mutex> lock(h.mutex);
        if (h.live++ == 0) h.original = blasThreads();
        setBlasThreads(counts.blas);
        holdsBlas_ = true;
    }
    if (counts.intraOp > 0) {
        savedIntraOp_ = at::get_num_threads();
        setIntraOpIfDifferent(counts.intraOp);
    }
}

ScopedThreadCounts::~ScopedThreadCounts() {
    if (savedIntraOp_ > 0) setIntraOpIfDifferent(savedIntraOp_);
    if (holdsBlas_) {
        BlasHolders& h = blasHolders();
        std::lock_guard<std::mutex> lock(h.mutex);
        if (--h.live == 0) setBlasThreads(h.original);
    }
}

int resolveThreadCount(int threads) {
    return threads > 0 ? threads
                       : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

int configureThreads(int threads) {
    const int n = resolveThreadCount(threads);
    at::set_num_threads(n);
    return n;
}

int intraOpThreads() {
    return at::get_num_threads();
}

int blasThreads() {
    using ThreadsFn = int (*)();
    auto get = reinterpret_cast<ThreadsFn>(::dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
    return get ? get() : 0;
}

void useOneIntraOpThreadInThisThread() {
    at::init_num_threads();  // ATen's lazy per-thread setup first, or it would undo ours
#ifdef _OPENMP
    omp_set_num_threads(1);
#endif
}

}  // namespace isomorph::runtime

#pragma once

namespace isomorph::runtime {

/// Thread counts to use inside a scope. 0 leaves a count as it is.
struct ThreadCounts {
    int intraOp = 0;  ///< LibTorch intra-op threads of the calling thread (at::set_num_threads)
    int blas = 0;     ///< OpenBLAS worker threads, process-wide (no-op when BLAS is not OpenBLAS)
};

/// Sets thread counts for the lifetime of the object and restores the previous ones when it ends,
/// also when the scope is left by an exception. Use it wherever threads change temporarily, so a
/// query never leaves the process with other counts than it found.
///
/// The OpenBLAS count is one setting for the whole process, so guards in several threads share it:
/// the value from before the first live guard is restored when the last live guard ends, in
/// whatever order they end (while several are alive, the newest request holds). The intra-op count
/// is restored in the thread that created the guard; destroy the guard in that thread.
class ScopedThreadCounts {
  public:
    explicit ScopedThreadCounts(ThreadCounts counts);
    ~ScopedThreadCounts();
    ScopedThreadCounts(const ScopedThreadCounts&) = delete;
    ScopedThreadCounts& operator=(const ScopedThreadCounts&) = delete;

  private:
    int savedIntraOp_ = 0;  ///< 0 when this guard did not change the intra-op count
    bool holdsBlas_ = false;
};

/// Resolves a thread count setting: `threads` when positive, else one per logical CPU.
int resolveThreadCount(int threads);

/// Sets LibTorch's intra-op thread count for the rest of the process (the trainer does this once
/// at start); 0 means one per logical CPU. Returns the count set. Temporary changes use
/// ScopedThreadCounts instead.
int configureThreads(int threads);

/// LibTorch's intra-op thread count as the calling thread sees it.
int intraOpThreads();

/// OpenBLAS worker threads; 0 when the BLAS in use is not OpenBLAS.
int blasThreads();

/// Makes LibTorch ops called from the current thread run single-threaded (OpenMP's per-thread
/// setting), for callers that run several independent batches in parallel threads.
void useOneIntraOpThreadInThisThread();

}  // namespace isomorph::runtime

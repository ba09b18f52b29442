#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace isomorph::runtime {

/// What `isomorph-cli doctor` and the GUI's About dialog report. Collected by one function so
/// both front ends always agree.
struct SystemInfo {
    struct Component {
        std::string name;     ///< "LibTorch", "FAISS", ...
        std::string version;  ///< "1.13.1", or "not available"
        std::string detail;   ///< where it was found or how it was configured; may be empty
    };
    struct Backend {
        std::string name;  ///< "gloo", "nccl", "mpi"
        bool available = false;
        std::string detail;  ///< what was checked, or why it is unavailable
    };

    std::string isomorphVersion;
    std::vector<Component> components;  ///< libraries, in a fixed order
    std::string blasLibrary;            ///< resolved path of the BLAS shared object in use
    std::string blasConfig;             ///< OpenBLAS build configuration, if it is OpenBLAS
    int blasThreads = 0;                ///< OpenBLAS worker threads; 0 when unknown
    int gemmSize = 0;                   ///< n of the n x n x n float32 GEMM measured; 0 = skipped
    double gemmGflops = 0.0;            ///< measured rate, GFLOP/s
    int hardwareThreads = 0;            ///< logical CPUs
    int intraOpThreads = 0;             ///< LibTorch intra-op threads
    int interOpThreads = 0;             ///< LibTorch inter-op threads
    bool cudaCompiled = false;          ///< built against a CUDA LibTorch
    std::vector<std::string> cudaDevices;  ///< names of visible CUDA devices
    bool ncclAvailable = false;
    std::vector<Backend> c10dBackends;
    std::vector<std::string> warnings;  ///< problems worth acting on, with the fix
};

struct SystemInfoOptions {
    bool measureGemm = true;  ///< time a float32 GEMM (about a second)
    int gemmSize = 1024;      ///< n for the n x n x n GEMM
    int threads = 0;          ///< intra-op threads to configure first; 0 = one per logical CPU
    bool probeC10d = true;    ///< run a one-process Gloo all-reduce to prove c10d works
    std::string qtVersion;    ///< Qt version of the GUI build; empty when there is none
};

/// GEMM rate below which doctor warns that a reference BLAS is probably in use.
constexpr double kSlowGemmGflops = 20.0;

/// This machine's host name (what run status files record as "host").
std::string hostName();

/// Collects versions, BLAS, threads, devices and distributed backends. Never throws for a missing
/// capability: it is reported as unavailable, with the reason, instead. A read-only query: the
/// thread counts of `options` hold only while it runs (ScopedThreadCounts).
SystemInfo collectSystemInfo(const SystemInfoOptions& options = {});

/// Appends the warnings that follow from the measured BLAS facts (slow GEMM, reference BLAS).
/// Called by collectSystemInfo; separate so the rule is testable without a slow machine.
void addPerformanceWarnings(SystemInfo& info);

/// The same information as one JSON object (the `doctor --json` schema, documented in
/// docs/cli.md).
nlohmann::json toJson(const SystemInfo& info);

/// Human-readable report, one "name: value" line per item, warnings last.
std::string toText(const SystemInfo& info);

}  // namespace isomorph::runtime

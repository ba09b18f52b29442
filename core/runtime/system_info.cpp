#include "core/runtime/system_info.h"

#include <algorithm>
#include <chrono>
#include <dlfcn.h>
#include <filesystem>
#include <link.h>
#include <sstream>
#include <thread>
#include <unistd.h>

#include <ATen/Parallel.h>
#include <Eigen/Core>
#include <faiss/Index.h>
#include <nlohmann/json.hpp>
#include <torch/csrc/distributed/c10d/HashStore.hpp>
#include <torch/torch.h>
#include <torch/version.h>
#include <xapian.h>

#ifdef USE_C10D_GLOO
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#endif

#include "core/common/version.h"
#include "core/runtime/device.h"
#include "core/runtime/scoped_thread_counts.h"
#include "core/text/sentencepiece_model.h"

#if ISOMORPH_WITH_CUDA
#include "core/runtime/cuda_probe.h"
#endif

namespace isomorph::runtime {
namespace {

// Finds the BLAS shared object LibTorch calls (libblas.so.3 is an alternatives symlink on
// Debian: reference BLAS, OpenBLAS, BLIS, ...), resolved to its real path.
std::string loadedBlasLibrary() {
    std::string found;
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* data) {
            std::string name = info->dlpi_name != nullptr ? info->dlpi_name : "";
            if (name.find("libblas.so") != std::string::npos) {
                std::error_code ec;
                auto real = std::filesystem::canonical(name, ec);
                *static_cast<std::string*>(data) = ec ? name : real.string();
                return 1;
            }
            return 0;
        },
        &found);
    return found;
}

void describeOpenBlas(SystemInfo& info) {
    using ConfigFn = char* (*)();
    auto config = reinterpret_cast<ConfigFn>(::dlsym(RTLD_DEFAULT, "openblas_get_config"));
    if (config == nullptr) return;
    info.blasConfig = config();
    info.blasThreads = blasThreads();
    // "OpenBLAS 0.3.21 DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64"
    std::istringstream words(info.blasConfig);
    std::string name, version;
    words >> name >> version;
    info.components.push_back({"OpenBLAS", version, info.blasConfig});
}

// Times C = A * B for n x n float32 matrices; returns GFLOP/s over at least half a second.
double measureGemm(int n) {
    torch::NoGradGuard noGrad;
    auto gen = torch::make_generator<at::CPUGeneratorImpl>(1234);
    // host: doctor measures the CPU's GEMM
    auto a = torch::rand({n, n}, gen, torch::kFloat32);
    auto b = torch::rand({n, n}, gen, torch::kFloat32);
    auto c = torch::mm(a, b);  // warm-up: thread pools, page faults
    c = torch::mm(a, b);
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    int reps = 0;
    double seconds = 0.0;
    while (seconds < 0.5 || reps < 3) {
        torch::mm_out(c, a, b);
        ++reps;
        seconds = std::chrono::duration<double>(Clock::now() - start).count();
    }
    return 2.0 * n * n * static_cast<double>(n) * reps / seconds / 1e9;
}

}  // namespace

std::string hostName() {
    char buf[256] = {};
    ::gethostname(buf, sizeof(buf) - 1);
    return buf;
}

namespace {

SystemInfo::Backend probeGloo() {
#ifdef USE_C10D_GLOO
    try {
        auto store = c10::make_intrusive<c10d::HashStore>();
        auto options = c10d::ProcessGroupGloo::Options::create();
        options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
        auto group = c10::make_intrusive<c10d::ProcessGroupGloo>(store, 0, 1, options);
        // host: Gloo's loopback all-reduce is a CPU check
        std::vector<at::Tensor> tensors{torch::ones({4})};
        group->allreduce(tensors)->wait();
        const bool ok = tensors[0].sum().item<float>() == 4.0f;
        return {"gloo", ok,
                ok ? "one-process all-reduce on 127.0.0.1 succeeded"
                   : "one-process all-reduce gave a wrong result"};
    } catch (const std::exception& e) {
        std::string what = e.what();
        return {"gloo", false, "all-reduce failed: " + what.substr(0, what.find('\n'))};
    }
#else
    return {"gloo", false, "LibTorch was built without Gloo (USE_C10D_GLOO)"};
#endif
}

SystemInfo::Backend ncclBackend(const SystemInfo& info) {
    if (!info.cudaCompiled) {
        return {"nccl", false, "needs a CUDA build of LibTorch; this one is CPU-only"};
    }
#if ISOMORPH_WITH_CUDA
    return {"nccl", info.ncclAvailable, cudaNcclDescription()};
#else
    return {"nccl", false, "not compiled"};
#endif
}

std::string componentVersion(int major, int minor, int patch) {
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

void addComponents(SystemInfo& info, const SystemInfoOptions& options) {
    info.components.push_back({"LibTorch", TORCH_VERSION, ""});
    info.components.push_back(
        {"FAISS", componentVersion(FAISS_VERSION_MAJOR, FAISS_VERSION_MINOR, FAISS_VERSION_PATCH),
         ""});
    try {
        info.components.push_back({"SentencePiece", text::SentencePieceModel::libraryVersion(),
                                   text::SentencePieceModel::shimPath().string()});
    } catch (const std::exception& e) {
        info.components.push_back({"SentencePiece", "not available", e.what()});
        info.warnings.push_back(e.what());
    }
    info.components.push_back(
        {"Eigen", componentVersion(EIGEN_WORLD_VERSION, EIGEN_MAJOR_VERSION, EIGEN_MINOR_VERSION),
         ""});
    info.components.push_back({"Xapian", Xapian::version_string(), ""});
    info.components.push_back({"Qt", options.qtVersion.empty() ? "not built" : options.qtVersion,
                               options.qtVersion.empty() ? "this build has no GUI" : ""});
}

}  // namespace

SystemInfo collectSystemInfo(const SystemInfoOptions& options) {
    SystemInfo info;
    info.isomorphVersion = kVersion;
    info.hardwareThreads = static_cast<int>(std::thread::hardware_concurrency());
    // A query: the counts asked for hold while measuring and are reported, then the process's
    // own counts come back.
    ScopedThreadCounts threads({resolveThreadCount(options.threads), 0});
    info.intraOpThreads = intraOpThreads();
    info.interOpThreads = at::get_num_interop_threads();
    addComponents(info, options);
    info.blasLibrary = loadedBlasLibrary();
    describeOpenBlas(info);
    if (info.blasLibrary.empty()) info.blasLibrary = "not loaded";

    info.cudaCompiled = cudaCompiledIn();
#if ISOMORPH_WITH_CUDA
    info.cudaDevices = cudaDeviceNames();
    info.ncclAvailable = cudaNcclAvailable();
#endif
    if (options.probeC10d) info.c10dBackends.push_back(probeGloo());
    info.c10dBackends.push_back(ncclBackend(info));

    if (options.measureGemm) {
        info.gemmSize = options.gemmSize;
        info.gemmGflops = measureGemm(options.gemmSize);
    }
    addPerformanceWarnings(info);
    return info;
}

void addPerformanceWarnings(SystemInfo& info) {
    if (info.gemmSize > 0 && info.gemmGflops < kSlowGemmGflops) {
        std::ostringstream msg;
        msg.precision(1);
        msg << std::fixed << "float32 GEMM runs at only " << info.gemmGflops
            << " GFLOP/s (BLAS: " << info.blasLibrary
            << "); install libopenblas0-pthread (packaging/install-deps.sh does) and run "
               "doctor again";
        info.warnings.push_back(msg.str());
    }
    if (info.blasConfig.empty() && info.blasLibrary.find("/blas/") != std::string::npos) {
        info.warnings.push_back("LibTorch is using the reference BLAS (" + info.blasLibrary +
                                "), which is ~40x slower; install libopenblas0-pthread");
    }
}

nlohmann::json toJson(const SystemInfo& info) {
    nlohmann::json components = nlohmann::json::object();
    for (const auto& c : info.components) {
        components[c.name] = {{"version", c.version}, {"detail", c.detail}};
    }
    nlohmann::json backends = nlohmann::json::array();
    for (const auto& b : info.c10dBackends) {
        backends.push_back({{"name", b.name}, {"available", b.available}, {"detail", b.detail}});
    }
    nlohmann::json gemm = nullptr;
    if (info.gemmSize > 0) {
        gemm = {{"n", info.gemmSize}, {"dtype", "float32"}, {"gflops", info.gemmGflops}};
    }
    return {
        {"schema_version", 1},
        {"isomorph_version", info.isomorphVersion},
        {"components", components},
        {"blas",
         {{"library", info.blasLibrary},
          {"config", info.blasConfig},
          {"threads", info.blasThreads},
          {"gemm", gemm}}},
        {"threads",
         {{"hardware", info.hardwareThreads},
          {"intra_op", info.intraOpThreads},
          {"inter_op", info.interOpThreads}}},
        {"cuda",
         {{"compiled", info.cudaCompiled},
          {"devices", info.cudaDevices},
          {"nccl", info.ncclAvailable}}},
        {"c10d_backends", backends},
        {"warnings", info.warnings},
    };
}

std::string toText(const SystemInfo& info) {
    std::ostringstream out;
    out << "Isomorph " << info.isomorphVersion << "\n\nLibraries\n";
    for (const auto& c : info.components) {
        out << "  " << c.name << ": " << c.version;
        if (!c.detail.empty() && c.name != "OpenBLAS") out << " (" << c.detail << ")";
        out << "\n";
    }
    out << "\nCompute\n  BLAS library: " << info.blasLibrary << "\n";
    if (!info.blasConfig.empty()) {
        out << "  BLAS build: " << info.blasConfig << " (" << info.blasThreads << " threads)\n";
    }
    if (info.gemmSize > 0) {
        out.setf(std::ios::fixed);
        out.precision(1);
        out << "  float32 GEMM " << info.gemmSize << "^3: " << info.gemmGflops << " GFLOP/s\n";
    }
    out << "  threads: " << info.intraOpThreads << " intra-op, " << info.interOpThreads
        << " inter-op, " << info.hardwareThreads << " logical CPUs\n";
    out << "  CUDA: ";
    if (!info.cudaCompiled)
        out << "not compiled (CPU-only LibTorch)\n";
    else if (info.cudaDevices.empty())
        out << "compiled, but no GPU is visible (no NVIDIA driver, none attached, or "
               "CUDA_VISIBLE_DEVICES hides them): runs use the CPU, and runtime.device = cuda "
               "is refused\n";
    else
        out << info.cudaDevices.size() << " device(s)\n";
    for (size_t i = 0; i < info.cudaDevices.size(); ++i) {
        out << "    cuda:" << i << " " << info.cudaDevices[i] << "\n";
    }
    out << "\nDistributed (c10d)\n";
    for (const auto& b : info.c10dBackends) {
        out << "  " << b.name << ": " << (b.available ? "available" : "unavailable") << " ("
            << b.detail << ")\n";
    }
    if (!info.warnings.empty()) {
        out << "\nWarnings\n";
        for (const auto& w : info.warnings)
            out << "  ! " << w << "\n";
    }
    return out.str();
}

}  // namespace isomorph::runtime

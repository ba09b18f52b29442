#include "core/train/distributed.h"

#include <cstdlib>

#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#if ISOMORPH_WITH_CUDA
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/runtime/torch_version.h"

namespace isomorph::train {

namespace {

int envInt(const char* name, int fallback, int minimum) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    char* end = nullptr;
    long x = std::strtol(v, &end, 10);
    if (*end != '\0' || x < minimum || x > 1'000'000)
        throw ConfigError(
            fmt::format("environment variable {}='{}' is not an integer >= {}", name, v, minimum));
    return static_cast<int>(x);
}

/// Gradients are all-reduced in buckets of about this many bytes (fewer, larger messages).
constexpr int64_t kBucketBytes = 25 << 20;

// LibTorch 2 made the concrete process groups (Gloo, NCCL) c10d::Backends beneath a ProcessGroup;
// in 1.13 they were ProcessGroups themselves. Both have the collectives used here.
#if ISOMORPH_TORCH_AT_LEAST(2, 0)
using Group = c10d::Backend;
#else
using Group = c10d::ProcessGroup;
#endif

class ProcessGroupCollective : public Collective {
  public:
    /// `device`: where the backend wants tensors (CPU for Gloo, the rank's GPU for NCCL).
    ProcessGroupCollective(c10::intrusive_ptr<Group> group, int rank, int world,
                           torch::Device device)
        : group_(std::move(group)), rank_(rank), world_(world), device_(device) {}
    int rank() const override { return rank_; }
    int worldSize() const override { return world_; }

    void allReduceMean(std::vector<torch::Tensor>& tensors) override { reduce(tensors, true); }
    void allReduceSum(std::vector<torch::Tensor>& tensors) override { reduce(tensors, false); }

    torch::Tensor allGather(const torch::Tensor& t) override {
        std::vector<torch::Tensor> input{t.contiguous()};
        std::vector<std::vector<torch::Tensor>> output(1);
        for (int r = 0; r < world_; ++r)
            output[0].push_back(torch::empty_like(input[0]));
        wait(group_->allgather(output, input), "all-gather");
        return torch::cat(output[0]);
    }

    void barrier() override { wait(group_->barrier(), "barrier"); }

  private:
    void reduce(std::vector<torch::Tensor>& tensors, bool mean) {
        // Flatten runs of same-dtype tensors into buckets, one all-reduce each.
        size_t i = 0;
        while (i < tensors.size()) {
            size_t j = i;
            int64_t bytes = 0;
            while (j < tensors.size() && tensors[j].scalar_type() == tensors[i].scalar_type() &&
                   (j == i || bytes + tensors[j].nbytes() <= kBucketBytes)) {
                bytes += static_cast<int64_t>(tensors[j].nbytes());
                ++j;
            }
            std::vector<torch::Tensor> flat;
            for (size_t k = i; k < j; ++k)
                flat.push_back(tensors[k].reshape(-1));
            std::vector<torch::Tensor> bucket{torch::cat(flat).to(device_)};
            wait(group_->allreduce(bucket), "all-reduce");
            if (mean) bucket[0].div_(world_);
            int64_t offset = 0;
            for (size_t k = i; k < j; ++k) {
                const int64_t n = tensors[k].numel();
                tensors[k].copy_(bucket[0].narrow(0, offset, n).view_as(tensors[k]));
                offset += n;
            }
            i = j;
        }
    }

    void wait(const c10::intrusive_ptr<c10d::Work>& work, const char* what) {
        try {
            work->wait();
        } catch (const std::exception& e) {
            std::string msg = e.what();
            throw Error(
                fmt::format("rank {}: {} with the other workers failed (a worker probably "
                            "died; see its log): {}",
                            rank_, what, msg.substr(0, msg.find('\n'))));
        }
    }

    c10::intrusive_ptr<Group> group_;
    int rank_, world_;
    torch::Device device_;
};

}  // namespace

WorkerEnvironment readWorkerEnvironment() {
    WorkerEnvironment env;
    env.worldSize = envInt("WORLD_SIZE", 1, 1);
    env.rank = envInt("RANK", 0, 0);
    env.localRank = envInt("LOCAL_RANK", env.rank, 0);
    env.masterPort = envInt("MASTER_PORT", 29500, 1);
    env.timeoutSeconds = envInt("ISOMORPH_DIST_TIMEOUT", 300, 1);
    if (const char* a = std::getenv("MASTER_ADDR"); a && *a) env.masterAddr = a;
    if (env.rank >= env.worldSize)
        throw ConfigError(
            fmt::format("RANK={} must be smaller than WORLD_SIZE={}", env.rank, env.worldSize));
    return env;
}

std::unique_ptr<Collective> collectiveFromEnvironment(const std::string& device) {
    const WorkerEnvironment env = readWorkerEnvironment();
    if (env.worldSize <= 1) return nullptr;
    const auto timeout = std::chrono::milliseconds(1000LL * env.timeoutSeconds);
    c10::intrusive_ptr<c10d::Store> store;
    try {
        c10d::TCPStoreOptions o;
        o.port = static_cast<uint16_t>(env.masterPort);
        o.isServer = env.rank == 0;
        o.numWorkers = static_cast<size_t>(env.worldSize);
        o.waitWorkers = true;
        o.timeout = timeout;
        store = c10::make_intrusive<c10d::TCPStore>(env.masterAddr, o);
    } catch (const std::exception& e) {
        std::string msg = e.what();
        throw ConfigError(fmt::format(
            "rank {}: rendezvous at {}:{} failed: {}. If the port is in use, choose another with "
            "MASTER_PORT (or --master-port); if a worker did not start, see its log",
            env.rank, env.masterAddr, env.masterPort, msg.substr(0, msg.find('\n'))));
    }
    c10::intrusive_ptr<Group> group;
    torch::Device where = torch::kCPU;
    if (device.rfind("cuda", 0) == 0) {
        where = torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(env.localRank));
#if ISOMORPH_WITH_CUDA
        auto options = c10d::ProcessGroupNCCL::Options::create();
        options->timeout = timeout;
        group =
            c10::make_intrusive<c10d::ProcessGroupNCCL>(store, env.rank, env.worldSize, options);
#else
        throw ConfigError("runtime.device is CUDA but this build has no CUDA (NCCL) support");
#endif
    } else {
        auto options = c10d::ProcessGroupGloo::Options::create(timeout);
        const bool local = env.masterAddr == "127.0.0.1" || env.masterAddr == "localhost";
        options->devices.push_back(
            local ? c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1")
                  : c10d::ProcessGroupGloo::createDefaultDevice());
        group =
            c10::make_intrusive<c10d::ProcessGroupGloo>(store, env.rank, env.worldSize, options);
    }
    return std::make_unique<ProcessGroupCollective>(group, env.rank, env.worldSize, where);
}

std::vector<torch::Tensor> gradientsToReduce(
    const std::vector<std::pair<std::string, torch::Tensor>>& params, Collective& collective) {
    // host: filled through an accessor; the collective moves it
    torch::Tensor flags = torch::zeros({static_cast<int64_t>(params.size())}, torch::kFloat64);
    auto mine = flags.accessor<double, 1>();
    for (size_t i = 0; i < params.size(); ++i)
        mine[static_cast<int64_t>(i)] = params[i].second.grad().defined() ? 1.0 : 0.0;
    std::vector<torch::Tensor> agreed{flags};
    collective.allReduceSum(agreed);
    const torch::Tensor any = agreed[0].to(torch::kCPU);
    const auto anyRank = any.accessor<double, 1>();
    std::vector<torch::Tensor> grads;
    for (size_t i = 0; i < params.size(); ++i) {
        if (anyRank[static_cast<int64_t>(i)] == 0.0) continue;
        torch::Tensor p = params[i].second;
        if (!p.grad().defined()) p.mutable_grad() = torch::zeros_like(p);
        grads.push_back(p.mutable_grad());
    }
    return grads;
}

}  // namespace isomorph::train

#include "core/train/distributed.h"

#include <arpa/inet.h>
#include <cstdlib>
#include <netdb.h>
#include <set>
#include <sys/socket.h>
#include <unistd.h>

#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#if ISOMORPH_WITH_CUDA
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "core/common/errors.h"
#include "core/runtime/system_info.h"
#include "core/runtime/torch_version.h"

namespace isomorph::train {

namespace {

/// One rank's host as the others see it: the address Gloo listens on, and the host name.
struct RankHost {
    std::string address, name;
};

/// The local address a connection to `host` would leave from (no packet is sent: a UDP socket
/// only chooses its route on connect). Throws ConfigError when `host` does not resolve or has no
/// route.
std::string localAddressTowards(const std::string& host, int port) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_DGRAM;
    addrinfo* found = nullptr;
    if (const int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
        rc != 0)
        throw ConfigError(
            fmt::format("MASTER_ADDR={} does not resolve ({}); give node 0's address "
                        "as this host reaches it",
                        host, ::gai_strerror(rc)));
    std::string address;
    for (addrinfo* a = found; a && address.empty(); a = a->ai_next) {
        const int fd = ::socket(a->ai_family, SOCK_DGRAM, 0);
        if (fd < 0) continue;
        sockaddr_storage local{};
        socklen_t len = sizeof(local);
        char text[INET6_ADDRSTRLEN] = {0};
        if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0 &&
            ::getsockname(fd, reinterpret_cast<sockaddr*>(&local), &len) == 0) {
            const void* raw =
                local.ss_family == AF_INET
                    ? static_cast<const void*>(&reinterpret_cast<sockaddr_in*>(&local)->sin_addr)
                    : static_cast<const void*>(&reinterpret_cast<sockaddr_in6*>(&local)->sin6_addr);
            if (::inet_ntop(local.ss_family, raw, text, sizeof(text))) address = text;
        }
        ::close(fd);
    }
    ::freeaddrinfo(found);
    if (address.empty())
        throw ConfigError(
            fmt::format("no route from this host to MASTER_ADDR={}; check the address "
                        "or name the interface to use with GLOO_SOCKET_IFNAME",
                        host));
    return address;
}

bool isLoopback(const std::string& host) {
    return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

/// Every "[address]" of a Gloo error message ("Connection closed by peer [10.0.0.2]:41234").
std::set<std::string> bracketedAddresses(const std::string& message) {
    std::set<std::string> out;
    for (size_t open = message.find('['); open != std::string::npos;
         open = message.find('[', open + 1)) {
        const size_t close = message.find(']', open);
        if (close == std::string::npos) break;
        const std::string inside = message.substr(open + 1, close - open - 1);
        if (!inside.empty() &&
            inside.find_first_not_of("0123456789abcdefABCDEF.:") == std::string::npos)
            out.insert(inside);
    }
    return out;
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
                           torch::Device device, std::vector<RankHost> hosts, int timeoutSeconds)
        : group_(std::move(group)),
          rank_(rank),
          world_(world),
          device_(device),
          hosts_(std::move(hosts)),
          timeoutSeconds_(timeoutSeconds) {}
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

    std::vector<std::string> hosts() const override {
        std::vector<std::string> out;
        for (const RankHost& h : hosts_)
            out.push_back(h.name.empty() ? h.address : h.name + " (" + h.address + ")");
        return out;
    }

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
            const std::string msg = e.what();
            throw Error(
                fmt::format("rank {}: {} with the other workers failed: {}. {} Resume the "
                            "run from its last checkpoint (any number of workers)",
                            rank_, what, msg.substr(0, msg.find('\n')), lost(msg)));
        }
    }

    /// Which ranks the failure lost, from the peer addresses in Gloo's message.
    std::string lost(const std::string& message) const {
        const std::string mine = hosts_.empty() ? "" : hosts_[static_cast<size_t>(rank_)].address;
        for (const std::string& address : bracketedAddresses(message)) {
            if (address == mine) continue;  // a worker of this host: its launcher names it
            std::string ranks, name;
            for (size_t r = 0; r < hosts_.size(); ++r)
                if (hosts_[r].address == address) {
                    ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
                    name = hosts_[r].name;
                }
            if (!ranks.empty())
                return fmt::format(
                    "Lost rank {} on host {} ({}): that node's worker stopped or "
                    "its network went away.",
                    ranks, name, address);
        }
        if (message.find("imed out") != std::string::npos)
            return fmt::format(
                "No answer within ISOMORPH_DIST_TIMEOUT={} s: a node stopped or "
                "its network went away.",
                timeoutSeconds_);
        return "A worker probably died; see its log.";
    }

    c10::intrusive_ptr<Group> group_;
    int rank_, world_;
    torch::Device device_;
    std::vector<RankHost> hosts_;
    int timeoutSeconds_;
};

/// Publishes this rank's host in the store and reads every other rank's.
std::vector<RankHost> exchangeHosts(c10d::Store& store, const WorkerEnvironment& env,
                                    const std::string& address) {
    auto bytes = [](const std::string& s) { return std::vector<uint8_t>(s.begin(), s.end()); };
    store.set(fmt::format("isomorph/host/{}", env.rank),
              bytes(address + " " + runtime::hostName()));
    std::vector<RankHost> hosts(static_cast<size_t>(env.worldSize));
    for (int r = 0; r < env.worldSize; ++r) {
        const std::vector<uint8_t> v = store.get(fmt::format("isomorph/host/{}", r));
        const std::string text(v.begin(), v.end());
        const size_t space = text.find(' ');
        hosts[static_cast<size_t>(r)] = {text.substr(0, space),
                                         space == std::string::npos ? "" : text.substr(space + 1)};
    }
    return hosts;
}

/// "2 workers (torchrun environment): rank 0 at 10.0.0.1 (node-a), rank 1 at 10.0.0.2 (node-b)",
/// with the ranks of one host folded into a range.
std::string describeHosts(const std::vector<RankHost>& hosts, const WorkerEnvironment& env) {
    std::string text = fmt::format("{} workers ({} environment):", hosts.size(), env.launcher);
    for (size_t r = 0; r < hosts.size();) {
        size_t end = r;
        while (end + 1 < hosts.size() && hosts[end + 1].address == hosts[r].address &&
               hosts[end + 1].name == hosts[r].name)
            ++end;
        text += fmt::format("{} rank{} {} at {} ({})", r ? "," : "", end > r ? "s" : "",
                            end > r ? fmt::format("{}-{}", r, end) : std::to_string(r),
                            hosts[r].address, hosts[r].name);
        r = end + 1;
    }
    return text;
}

}  // namespace

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
    // The address this rank is reached at: Gloo binds to it, and the others name it on failure.
    const char* ifname = std::getenv("GLOO_SOCKET_IFNAME");
    const bool local = isLoopback(env.masterAddr);
    const std::string address =
        local ? "127.0.0.1" : localAddressTowards(env.masterAddr, env.masterPort);
    std::vector<RankHost> hosts;
    try {
        hosts = exchangeHosts(*store, env, address);
    } catch (const std::exception& e) {
        std::string msg = e.what();
        throw ConfigError(
            fmt::format("rank {}: the workers did not all reach the rendezvous at "
                        "{}:{} within ISOMORPH_DIST_TIMEOUT={} s: {}",
                        env.rank, env.masterAddr, env.masterPort, env.timeoutSeconds,
                        msg.substr(0, msg.find('\n'))));
    }
    if (env.rank == 0) spdlog::info("{}", describeHosts(hosts, env));
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
        try {
            options->devices.push_back(
                ifname && *ifname && !local
                    ? c10d::ProcessGroupGloo::createDeviceForInterface(
                          std::string(ifname).substr(0, std::string(ifname).find(',')))
                    : c10d::ProcessGroupGloo::createDeviceForHostname(address));
        } catch (const std::exception& e) {
            std::string msg = e.what();
            throw ConfigError(fmt::format(
                "rank {}: Gloo cannot use {} ({}); check "
                "GLOO_SOCKET_IFNAME or MASTER_ADDR",
                env.rank,
                ifname && *ifname ? "interface " + std::string(ifname) : "address " + address,
                msg.substr(0, msg.find('\n'))));
        }
        group =
            c10::make_intrusive<c10d::ProcessGroupGloo>(store, env.rank, env.worldSize, options);
    }
    return std::make_unique<ProcessGroupCollective>(group, env.rank, env.worldSize, where,
                                                    std::move(hosts), env.timeoutSeconds);
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

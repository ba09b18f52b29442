// Peak memory of one attention forward pass, full vs global + sliding window, at one sequence
// length per process (peak RSS is per process). Usage: bench_attention full|window SEQ
// Driven by bench_attention.py, which prints the growth ratios.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/resource.h>

#include "core/model/windowed_attention.h"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: bench_attention full|window SEQ\n");
        return 2;
    }
    const std::string mode = argv[1];
    const int64_t t = std::atoll(argv[2]), b = 2, h = 12, d = 64, radius = 32;
    torch::NoGradGuard noGrad;
    auto q = torch::randn({b, h, t, d}), k = torch::randn({b, h, t, d}),
         v = torch::randn({b, h, t, d});
    auto keep = torch::ones({b, t}, torch::kBool);
    auto global = torch::zeros({b, t}, torch::kBool);
    global.narrow(1, 0, 16).fill_(true);  // [CLS] and a 15-token query
    const auto start = std::chrono::steady_clock::now();
    torch::Tensor out;
    if (mode == "full") {
        auto mask = isomorph::model::globalSlidingWindowMask(keep, global, radius, torch::kFloat32);
        auto scores = torch::matmul(q, k.transpose(-1, -2)) / 8.0 + mask;
        out = torch::matmul(torch::softmax(scores, -1), v);
    } else {
        out = isomorph::model::globalSlidingWindowAttention(q, k, v, keep, global, radius);
    }
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("%s %lld %.1f %ld\n", mode.c_str(), static_cast<long long>(t), ms, usage.ru_maxrss);
    return out.numel() > 0 ? 0 : 1;
}

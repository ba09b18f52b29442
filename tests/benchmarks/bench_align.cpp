// Timings of the embedding-analysis primitives: randomized PCA of a 1M x 256 float matrix (2
// components) and orthogonal Procrustes for d = 1024 (4096 pairs).
// Usage: bench_align [rows] [pca dim] [procrustes dim]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "core/align/pca.h"
#include "core/align/procrustes.h"

using namespace isomorph::align;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
}

/// Gaussian rows with per-column scales 1 / (1 + c) (a decaying spectrum, as embeddings have).
Matrix gaussian(int64_t rows, int64_t cols, unsigned seed) {
    Matrix m(rows, cols);
    std::mt19937 rng(seed);
    std::normal_distribution<float> g(0.0f, 1.0f);
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c)
            m(r, c) = g(rng) / float(1 + c);
    return m;
}

}  // namespace

int main(int argc, char** argv) {
    const int64_t rows = argc > 1 ? std::atoll(argv[1]) : 1000000;
    const int64_t dim = argc > 2 ? std::atoll(argv[2]) : 256;
    const int64_t pdim = argc > 3 ? std::atoll(argv[3]) : 1024;

    auto t = Clock::now();
    const Matrix x = gaussian(rows, dim, 1);
    std::printf("generate %lld x %lld: %.3f s\n", (long long)rows, (long long)dim, seconds(t));

    PcaOptions options;
    options.components = 2;
    options.method = PcaMethod::Randomized;
    t = Clock::now();
    const PcaModel model = fitPca(x, options);
    std::printf(
        "randomized PCA %lld x %lld, k=2 (oversampling 10, 2 power iterations): %.3f s "
        "(variance %.4f %.4f)\n",
        (long long)rows, (long long)dim, seconds(t), model.explainedVariance[0],
        model.explainedVariance[1]);
    t = Clock::now();
    const Matrix projected = transform(model, x);
    std::printf("transform %lld rows: %.3f s\n", (long long)projected.rows, seconds(t));

    const int64_t pairs = 4 * pdim;
    const Matrix a = gaussian(pairs, pdim, 2);
    const Matrix b = gaussian(pairs, pdim, 3);
    t = Clock::now();
    const Matrix w = fitProcrustes(a, b);
    std::printf("Procrustes d=%lld (%lld pairs): %.3f s\n", (long long)pdim, (long long)pairs,
                seconds(t));
    return w.rows == pdim ? 0 : 1;
}

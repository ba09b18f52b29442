// Search latency of core/index (the path `isomorph-cli search` takes after encoding the query).
//
//   bench_search exact ROWS.npy QUERIES.npy          exact index: median single-query latency and
//                                                    the memory-bandwidth floor measured here
//   bench_search hnsw ROWS.npy QUERIES.npy [M] [efC] HNSW vs exact: recall@10 and latency ratio
//
// Prints one JSON object (bench_search.py runs it next to python3-faiss in the same run).

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <immintrin.h>
#include <set>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "core/index/vector_index.h"
#include "core/model_io/npy_reader.h"

using namespace isomorph;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

namespace {

double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

/// Sums n floats with four independent AVX2 accumulators: as fast as the cores can load, so the
/// time is set by memory (plain C++ built for baseline x86-64 would be bound by SSE2 adds).
__attribute__((target("avx2"))) float sumAvx2(const float* p, size_t n) {
    __m256 a = _mm256_setzero_ps(), b = a, c = a, d = a;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        a = _mm256_add_ps(a, _mm256_loadu_ps(p + i));
        b = _mm256_add_ps(b, _mm256_loadu_ps(p + i + 8));
        c = _mm256_add_ps(c, _mm256_loadu_ps(p + i + 16));
        d = _mm256_add_ps(d, _mm256_loadu_ps(p + i + 24));
    }
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, _mm256_add_ps(_mm256_add_ps(a, b), _mm256_add_ps(c, d)));
    float s = 0;
    for (float v : lanes)
        s += v;
    for (; i < n; ++i)
        s += p[i];
    return s;
}

float sumPlain(const float* p, size_t n) {
    float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += p[i];
        s1 += p[i + 1];
        s2 += p[i + 2];
        s3 += p[i + 3];
    }
    for (; i < n; ++i)
        s0 += p[i];
    return s0 + s1 + s2 + s3;
}

/// Read bandwidth in bytes/ms: every thread sums its share of `data` (as the exact scan reads
/// every row once), one thread per core; best of 5 passes.
double readBandwidth(const std::vector<float>& data, int threads) {
    double best = 0;
    for (int pass = 0; pass < 5; ++pass) {
        std::vector<float> sums(static_cast<size_t>(threads) * 16);
        const auto t = Clock::now();
        std::vector<std::thread> pool;
        const bool avx2 = __builtin_cpu_supports("avx2");
        const size_t per = data.size() / static_cast<size_t>(threads);
        for (int i = 0; i < threads; ++i)
            pool.emplace_back([&, i] {
                const float* p = data.data() + per * static_cast<size_t>(i);
                sums[static_cast<size_t>(i) * 16] = avx2 ? sumAvx2(p, per) : sumPlain(p, per);
            });
        for (auto& th : pool)
            th.join();
        const double ms = msSince(t);
        best = std::max(best, static_cast<double>(data.size() * sizeof(float)) / ms);
        if (sums[0] == 12345.0f) std::printf(" ");  // keep the sums alive
    }
    return best;
}

std::unique_ptr<index::VectorIndex> buildIndex(const FloatMatrix& rows, index::IndexParams params,
                                               const fs::path& dir) {
    std::vector<index::IndexedDocument> docs;
    for (int64_t r = 0; r < rows.rows; ++r)
        docs.push_back({"d" + std::to_string(r), r % 2 ? "de" : "en", ""});
    index::IndexMetadata meta;
    meta.params = params;
    meta.normalized = true;
    index::VectorIndex::build(dir, rows.data, rows.cols, docs, meta, true);
    return index::VectorIndex::open(dir);
}

std::vector<double> timeQueries(const index::VectorIndex& idx, const FloatMatrix& q, int k,
                                std::vector<std::vector<index::SearchHit>>* results) {
    std::vector<double> ms;
    index::SearchOptions so;
    so.k = k;
    for (int64_t i = 0; i < q.rows; ++i) {
        const auto t = Clock::now();
        auto hits = idx.search(q.data.data() + i * q.cols, q.cols, so);
        ms.push_back(msSince(t));
        if (results) results->push_back(std::move(hits));
    }
    return ms;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: bench_search exact|hnsw ROWS.npy QUERIES.npy [M] [efC]\n");
        return 2;
    }
    const std::string mode = argv[1];
    const auto rows = model_io::readNpyMatrix(argv[2]);
    const auto queries = model_io::readNpyMatrix(argv[3]);
    const fs::path tmp = fs::temp_directory_path() / ("bench_search_" + std::to_string(getpid()));
    fs::create_directories(tmp);
    const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

    index::IndexParams flat;
    auto exact = buildIndex(rows, flat, tmp / "flat");
    timeQueries(*exact, queries, 10, nullptr);  // warm-up (page in, BLAS threads up)
    std::vector<std::vector<index::SearchHit>> truth;
    const double exactMs = median(timeQueries(*exact, queries, 10, &truth));
    if (mode == "exact") {
        const double bw = readBandwidth(rows.data, threads);
        const double floorMs = static_cast<double>(rows.data.size() * sizeof(float)) / bw;
        std::printf(
            "{\"rows\": %lld, \"dim\": %lld, \"threads\": %d, \"median_ms\": %.4f, "
            "\"bandwidth_gb_s\": %.2f, \"floor_ms\": %.4f, \"ratio_to_floor\": %.3f}\n",
            (long long)rows.rows, (long long)rows.cols, threads, exactMs, bw / 1e6, floorMs,
            exactMs / floorMs);
    } else {
        index::IndexParams hnsw;
        hnsw.kind = index::IndexKind::Hnsw;
        if (argc > 4) hnsw.hnswM = std::atoi(argv[4]);
        if (argc > 5) hnsw.hnswEfConstruction = std::atoi(argv[5]);
        const auto t = Clock::now();
        auto approx = buildIndex(rows, hnsw, tmp / "hnsw");
        const double buildS = msSince(t) / 1000;
        std::printf(
            "{\"rows\": %lld, \"dim\": %lld, \"exact_median_ms\": %.4f, "
            "\"hnsw_m\": %d, \"ef_construction\": %d, \"build_s\": %.1f, \"points\": [",
            (long long)rows.rows, (long long)rows.cols, exactMs, hnsw.hnswM,
            hnsw.hnswEfConstruction, buildS);
        bool first = true;
        for (int ef : {16, 32, 64, 128, 256, 512}) {
            index::SearchOptions so;
            so.k = 10;
            so.efSearch = ef;
            std::vector<double> ms;
            double found = 0;
            for (int64_t i = 0; i < queries.rows; ++i) {
                const auto tq = Clock::now();
                const auto hits =
                    approx->search(queries.data.data() + i * queries.cols, queries.cols, so);
                ms.push_back(msSince(tq));
                std::set<int64_t> want;
                for (const auto& h : truth[static_cast<size_t>(i)])
                    want.insert(h.row);
                for (const auto& h : hits)
                    found += want.count(h.row);
            }
            const double recall = found / (10.0 * static_cast<double>(queries.rows));
            std::printf(
                "%s{\"ef_search\": %d, \"median_ms\": %.4f, \"recall_at_10\": %.4f, "
                "\"speedup\": %.1f}",
                first ? "" : ", ", ef, median(ms), recall, exactMs / median(ms));
            first = false;
        }
        std::printf("]}\n");
    }
    fs::remove_all(tmp);
    return 0;
}

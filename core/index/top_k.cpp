#include "core/index/top_k.h"

#include <algorithm>
#include <cblas.h>

namespace isomorph::index {
namespace {

constexpr int64_t kQueryBlock = 256;
constexpr int64_t kRowBlock = 16384;

/// Better = higher score, then lower row.
bool better(const Neighbor& a, const Neighbor& b) {
    return a.score > b.score || (a.score == b.score && a.row < b.row);
}

/// Keeps the k best neighbours seen; the heap's front is the worst of them.
class Best {
  public:
    explicit Best(int k) : k_(static_cast<size_t>(k)) { heap_.reserve(k_); }
    void offer(int64_t row, float score) {
        const Neighbor n{row, score};
        if (heap_.size() < k_) {
            heap_.push_back(n);
            std::push_heap(heap_.begin(), heap_.end(), better);
        } else if (better(n, heap_.front())) {
            std::pop_heap(heap_.begin(), heap_.end(), better);
            heap_.back() = n;
            std::push_heap(heap_.begin(), heap_.end(), better);
        }
    }
    /// Threshold below which offers cannot enter (only valid once full).
    bool full() const { return heap_.size() == k_; }
    float worst() const { return heap_.front().score; }
    std::vector<Neighbor> sorted() && {
        std::sort_heap(heap_.begin(), heap_.end(), better);
        return std::move(heap_);
    }

  private:
    size_t k_;
    std::vector<Neighbor> heap_;
};

void scan(const float* scores, int64_t first, int64_t n, Best& best,
          const std::function<bool(int64_t)>& keep) {
    for (int64_t i = 0; i < n; ++i) {
        const float s = scores[i];
        if (best.full() && s < best.worst()) continue;  // the common case: one compare
        if (keep && !keep(first + i)) continue;
        best.offer(first + i, s);
    }
}

}  // namespace

std::vector<std::vector<Neighbor>> exactTopK(const float* queries, int64_t count, const float* keys,
                                             int64_t rows, int64_t dim, int k,
                                             const std::function<bool(int64_t)>& keep) {
    std::vector<std::vector<Neighbor>> out(static_cast<size_t>(std::max<int64_t>(count, 0)));
    if (count < 1 || rows < 1 || k < 1) return out;
    const int d = static_cast<int>(dim);
    if (count == 1) {
        std::vector<float> scores(static_cast<size_t>(rows));
        cblas_sgemv(CblasRowMajor, CblasNoTrans, static_cast<int>(rows), d, 1.0f, keys, d, queries,
                    1, 0.0f, scores.data(), 1);
        Best best(k);
        scan(scores.data(), 0, rows, best, keep);
        out[0] = std::move(best).sorted();
        return out;
    }
    std::vector<float> scores(static_cast<size_t>(kQueryBlock * kRowBlock));
    for (int64_t q0 = 0; q0 < count; q0 += kQueryBlock) {
        const int64_t nq = std::min(kQueryBlock, count - q0);
        std::vector<Best> best(static_cast<size_t>(nq), Best(k));
        for (int64_t r0 = 0; r0 < rows; r0 += kRowBlock) {
            const int64_t nr = std::min(kRowBlock, rows - r0);
            // scores[nq, nr] = Q[nq, d] * K[nr, d]^T
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<int>(nq),
                        static_cast<int>(nr), d, 1.0f, queries + q0 * dim, d, keys + r0 * dim, d,
                        0.0f, scores.data(), static_cast<int>(nr));
            for (int64_t i = 0; i < nq; ++i)
                scan(scores.data() + i * nr, r0, nr, best[static_cast<size_t>(i)], keep);
        }
        for (int64_t i = 0; i < nq; ++i)
            out[static_cast<size_t>(q0 + i)] = std::move(best[static_cast<size_t>(i)]).sorted();
    }
    return out;
}

}  // namespace isomorph::index

#include "core/align/knn.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/align/blas.h"
#include "core/align/detail.h"

namespace isomorph::align {

namespace {

/// Cosine blocks hold about this many floats (32 MiB), whatever the number of keys.
constexpr int64_t kBlockFloats = int64_t(8) << 20;

void requireSets(const FloatMatrix& a, const char* aName, const FloatMatrix& b, const char* bName) {
    a.checkShape();
    b.checkShape();
    if (a.rows < 1 || b.rows < 1)
        throw DataError(
            fmt::format("nearest neighbours: {} has {} rows and {} has {} rows; both "
                        "sets need at least one row",
                        aName, a.rows, bName, b.rows));
    if (a.cols != b.cols || a.cols < 1)
        throw DataError(fmt::format(
            "nearest neighbours: {} has dimension {} but {} has dimension {}; embed both sides "
            "with the same model",
            aName, a.cols, bName, b.cols));
    detail::requireFinite(a, aName);
    detail::requireFinite(b, bName);
}

int clampK(int k, int64_t available, const char* what) {
    if (k < 1)
        throw ConfigError(
            fmt::format("{}: k = {} neighbours requested; it must be at least 1", what, k));
    return static_cast<int>(std::min<int64_t>(k, available));
}

/// The k best (score, index) pairs of each row, kept sorted best first. Offers must come in
/// ascending index order for ties to go to the lower index (strict comparison keeps the first).
class TopK {
  public:
    TopK(int64_t rows, int k)
        : k_(k),
          score_(size_t(rows * k), -std::numeric_limits<float>::infinity()),
          index_(size_t(rows * k), -1),
          worst_(size_t(rows), -std::numeric_limits<float>::infinity()) {}

    void offer(int64_t row, float s, int64_t idx) {
        float* sc = score_.data() + row * k_;
        if (!(s > sc[k_ - 1])) return;
        int64_t* ix = index_.data() + row * k_;
        int p = k_ - 1;
        for (; p > 0 && s > sc[p - 1]; --p) {
            sc[p] = sc[p - 1];
            ix[p] = ix[p - 1];
        }
        sc[p] = s;
        ix[p] = idx;
        worst_[size_t(row)] = sc[k_ - 1];
    }
    /// The k-th best score of each row, contiguous so that the rejection test (almost every
    /// offer fails it) streams through memory.
    const float* worst() const { return worst_.data(); }
    double mean(int64_t row) const {
        double sum = 0.0;
        for (int j = 0; j < k_; ++j)
            sum += score_[size_t(row * k_ + j)];
        return sum / k_;
    }
    Neighbors release(int64_t rows) {
        return Neighbors{rows, k_, std::move(index_), std::move(score_)};
    }

  private:
    int k_;
    std::vector<float> score_;
    std::vector<int64_t> index_;
    std::vector<float> worst_;
};

/// Calls f(firstRow, blockRows, cos) for consecutive query blocks; cos is [blockRows, n] row-major,
/// the cosines of those (normalised) queries against all (normalised) keys.
template <class F>
void forEachCosineBlock(const FloatMatrix& qn, const FloatMatrix& kn, F&& f) {
    const int64_t n = kn.rows, d = qn.cols;
    const int64_t block = std::clamp<int64_t>(kBlockFloats / n, 1, qn.rows);
    std::vector<float> cos(size_t(block * n));
    for (int64_t r0 = 0; r0 < qn.rows; r0 += block) {
        const int64_t len = std::min(block, qn.rows - r0);
        blas::sgemm(false, true, len, n, d, 1.0f, qn.row(r0), d, kn.data.data(), d, 0.0f,
                    cos.data(), n);
        f(r0, len, static_cast<const float*>(cos.data()));
    }
}

/// Row (and optionally column) top-k of the cosine matrix, in one pass.
void cosineTopK(const FloatMatrix& qn, const FloatMatrix& kn, TopK& rows, TopK* cols) {
    const int64_t n = kn.rows;
    forEachCosineBlock(qn, kn, [&](int64_t r0, int64_t len, const float* cos) {
        for (int64_t r = 0; r < len; ++r) {
            const float* c = cos + r * n;
            const int64_t i = r0 + r;
            for (int64_t j = 0; j < n; ++j)
                if (c[j] > rows.worst()[i]) rows.offer(i, c[j], j);
            if (!cols) continue;
            const float* colWorst = cols->worst();
            for (int64_t j = 0; j < n; ++j)
                if (c[j] > colWorst[j]) cols->offer(j, c[j], i);
        }
    });
}

std::vector<double> means(const TopK& top, int64_t rows) {
    std::vector<double> out(static_cast<size_t>(rows));
    for (int64_t i = 0; i < rows; ++i)
        out[size_t(i)] = top.mean(i);
    return out;
}

/// The score of source i against target j with cosine c, given the neighbourhood means.
/// The terms are kept in float: scores are float32 anyway and the inner loop stays vectorisable.
struct Scorer {
    Score kind = Score::Cosine;
    std::vector<float> rs;  // [m]
    std::vector<float> rt;  // [n]

    float operator()(float c, int64_t i, int64_t j) const {
        switch (kind) {
            case Score::Cosine:
                return c;
            case Score::Csls:
                return cslsScore(c, rs[size_t(i)], rt[size_t(j)]);
            case Score::Margin: {
                const float denom = 0.5f * (rs[size_t(i)] + rt[size_t(j)]);
                return denom > 1e-12f ? c / denom : 0.0f;
            }
        }
        return c;
    }

    /// out[j] = score of source i against every target j (one switch per row, not per element).
    void row(const float* c, int64_t i, int64_t n, float* out) const {
        const float a = kind == Score::Cosine ? 0.0f : rs[size_t(i)];
        switch (kind) {
            case Score::Cosine:
                std::copy(c, c + n, out);
                return;
            case Score::Csls:
                for (int64_t j = 0; j < n; ++j)
                    out[j] = cslsScore(c[j], a, rt[size_t(j)]);
                return;
            case Score::Margin:
                for (int64_t j = 0; j < n; ++j) {
                    const float denom = 0.5f * (a + rt[size_t(j)]);
                    out[j] = denom > 1e-12f ? c[j] / denom : 0.0f;
                }
                return;
        }
    }
};

}  // namespace

const char* scoreName(Score score) {
    switch (score) {
        case Score::Cosine:
            return "cosine";
        case Score::Csls:
            return "CSLS";
        case Score::Margin:
            return "margin";
    }
    return "?";
}

FloatMatrix normalizeRows(const FloatMatrix& x) {
    x.checkShape();
    FloatMatrix out = x;
    for (int64_t r = 0; r < out.rows; ++r) {
        float* v = out.row(r);
        double sq = 0.0;
        for (int64_t c = 0; c < out.cols; ++c)
            sq += double(v[c]) * v[c];
        if (sq <= 0.0) continue;  // a zero row stays zero: cosine 0 with everything
        const float inv = float(1.0 / std::sqrt(sq));
        for (int64_t c = 0; c < out.cols; ++c)
            v[c] *= inv;
    }
    return out;
}

FloatMatrix cosineMatrix(const FloatMatrix& queries, const FloatMatrix& keys) {
    requireSets(queries, "queries", keys, "keys");
    const FloatMatrix qn = normalizeRows(queries), kn = normalizeRows(keys);
    FloatMatrix out(queries.rows, keys.rows);
    blas::sgemm(false, true, qn.rows, kn.rows, qn.cols, 1.0f, qn.data.data(), qn.cols,
                kn.data.data(), kn.cols, 0.0f, out.data.data(), out.cols);
    return out;
}

Neighbors nearestNeighbors(const FloatMatrix& queries, const FloatMatrix& keys, int k) {
    requireSets(queries, "queries", keys, "keys");
    const int kk = clampK(k, keys.rows, "nearest neighbours");
    TopK top(queries.rows, kk);
    cosineTopK(normalizeRows(queries), normalizeRows(keys), top, nullptr);
    return top.release(queries.rows);
}

std::vector<double> meanTopKSimilarity(const FloatMatrix& queries, const FloatMatrix& keys, int k) {
    requireSets(queries, "queries", keys, "keys");
    const int kk = clampK(k, keys.rows, "mean top-k similarity");
    TopK top(queries.rows, kk);
    cosineTopK(normalizeRows(queries), normalizeRows(keys), top, nullptr);
    return means(top, queries.rows);
}

namespace {

NeighborhoodMeans neighborhoodMeansNormalized(const FloatMatrix& sn, const FloatMatrix& tn, int k) {
    const int ks = clampK(k, tn.rows, "CSLS/margin neighbourhood");
    const int kt = clampK(k, sn.rows, "CSLS/margin neighbourhood");
    TopK rows(sn.rows, ks), cols(tn.rows, kt);
    cosineTopK(sn, tn, rows, &cols);
    return {means(rows, sn.rows), means(cols, tn.rows)};
}

Scorer makeScorer(const ScoreOptions& o, const NeighborhoodMeans& r) {
    return Scorer{o.score, std::vector<float>(r.source.begin(), r.source.end()),
                  std::vector<float>(r.target.begin(), r.target.end())};
}

}  // namespace

NeighborhoodMeans neighborhoodMeans(const FloatMatrix& source, const FloatMatrix& target, int k) {
    requireSets(source, "source", target, "target");
    return neighborhoodMeansNormalized(normalizeRows(source), normalizeRows(target), k);
}

FloatMatrix scoreMatrix(const FloatMatrix& source, const FloatMatrix& target,
                        const ScoreOptions& options) {
    FloatMatrix out = cosineMatrix(source, target);
    if (options.score == Score::Cosine) return out;
    const NeighborhoodMeans r = neighborhoodMeans(source, target, options.k);
    const Scorer score = makeScorer(options, r);
    for (int64_t i = 0; i < out.rows; ++i)
        for (int64_t j = 0; j < out.cols; ++j)
            out(i, j) = score(out(i, j), i, j);
    return out;
}

BestMatches bestMatches(const FloatMatrix& source, const FloatMatrix& target,
                        const ScoreOptions& options) {
    requireSets(source, "source", target, "target");
    const FloatMatrix sn = normalizeRows(source), tn = normalizeRows(target);
    NeighborhoodMeans r;
    if (options.score != Score::Cosine) r = neighborhoodMeansNormalized(sn, tn, options.k);
    const Scorer score = makeScorer(options, r);

    const int64_t n = tn.rows;
    const float lowest = -std::numeric_limits<float>::infinity();
    BestMatches best{std::vector<int64_t>(size_t(sn.rows), 0),
                     std::vector<float>(size_t(sn.rows), lowest),
                     std::vector<int64_t>(size_t(n), 0), std::vector<float>(size_t(n), lowest)};
    std::vector<float> rowScores(static_cast<size_t>(n));
    forEachCosineBlock(sn, tn, [&](int64_t r0, int64_t len, const float* cos) {
        for (int64_t local = 0; local < len; ++local) {
            const int64_t i = r0 + local;
            score.row(cos + local * n, i, n, rowScores.data());
            const float* s = rowScores.data();
            float* colBest = best.backwardScore.data();
            int64_t rowArg = 0;
            for (int64_t j = 1; j < n; ++j)
                if (s[j] > s[rowArg]) rowArg = j;
            best.forward[size_t(i)] = rowArg;
            best.forwardScore[size_t(i)] = s[rowArg];
            for (int64_t j = 0; j < n; ++j)
                if (s[j] > colBest[j]) colBest[j] = s[j], best.backward[size_t(j)] = i;
        }
    });
    return best;
}

}  // namespace isomorph::align

#include "core/align/bitext_metrics.h"

#include <limits>

#include <fmt/format.h>

#include "core/align/detail.h"
#include "core/align/knn.h"
#include "core/common/errors.h"

namespace isomorph::align {

namespace {

void requirePaired(const FloatMatrix& src, const FloatMatrix& tgt) {
    src.checkShape();
    tgt.checkShape();
    if (src.rows < 1 || tgt.rows < 1 || src.cols < 1 || tgt.cols < 1)
        throw DataError(fmt::format(
            "bitext evaluation: source is [{}, {}] and target is [{}, {}]; both sides need at "
            "least one non-empty row",
            src.rows, src.cols, tgt.rows, tgt.cols));
    if (src.rows != tgt.rows)
        throw DataError(fmt::format(
            "bitext evaluation: {} source rows but {} target rows; row i of each side must be "
            "the translation of the other",
            src.rows, tgt.rows));
    if (src.cols != tgt.cols)
        throw DataError(fmt::format(
            "bitext evaluation: source dimension {} differs from target dimension {}; embed both "
            "sides with the same model",
            src.cols, tgt.cols));
    align::detail::requireFinite(src, "bitext source");
    align::detail::requireFinite(tgt, "bitext target");
}

BitextAccuracy accuracy(const align::BestMatches& best) {
    const auto n = static_cast<int64_t>(best.forward.size());
    int64_t fwd = 0, bwd = 0;
    for (int64_t i = 0; i < n; ++i) {
        fwd += best.forward[size_t(i)] == i;
        bwd += best.backward[size_t(i)] == i;
    }
    BitextAccuracy a;
    a.srcToTgt = double(fwd) / double(n);
    a.tgtToSrc = double(bwd) / double(n);
    a.mean = 0.5 * (a.srcToTgt + a.tgtToSrc);
    return a;
}

}  // namespace

BitextReport evaluateBitext(const FloatMatrix& src, const FloatMatrix& tgt,
                            const BitextOptions& options) {
    requirePaired(src, tgt);
    if (options.cslsK < 1)
        throw ConfigError(
            fmt::format("bitext evaluation: CSLS k = {}; it must be at least 1", options.cslsK));
    BitextReport report;
    report.pairs = src.rows;
    report.dim = src.cols;
    report.cosine = accuracy(align::bestMatches(src, tgt, {align::Score::Cosine, 1}));
    if (options.csls) {
        report.csls = accuracy(align::bestMatches(src, tgt, {align::Score::Csls, options.cslsK}));
        report.cslsK = static_cast<int>(std::min<int64_t>(options.cslsK, src.rows));
    }
    return report;
}

std::string formatBitextReport(const BitextReport& r) {
    auto one = [](const char* name, const BitextAccuracy& a) {
        return fmt::format("{} {:.1f}% (src->tgt {:.1f}%, tgt->src {:.1f}%)", name, 100 * a.mean,
                           100 * a.srcToTgt, 100 * a.tgtToSrc);
    };
    std::string out = fmt::format("{} pairs, d={}: {}", r.pairs, r.dim, one("cosine", r.cosine));
    if (r.cslsK > 0) out += "; " + one(fmt::format("CSLS(k={})", r.cslsK).c_str(), r.csls);
    return out;
}

double meanOverLanguagePairs(const std::vector<double>& perLanguagePair) {
    if (perLanguagePair.empty()) return std::numeric_limits<double>::quiet_NaN();
    double sum = 0.0;
    for (double v : perLanguagePair)
        sum += v;
    return sum / static_cast<double>(perLanguagePair.size());
}

}  // namespace isomorph::align

#pragma once

// Tatoeba-style bitext retrieval (Artetxe & Schwenk 2019): given paired embeddings src[i] <->
// tgt[i] (translations of each other), the share of rows whose nearest neighbour on the other side
// is their own translation, in both directions, by cosine and by CSLS (Conneau et al. 2018).
// Torch-free, part of isomorph_data. In align (not eval) because the calibration report uses it.

#include <cstdint>
#include <string>
#include <vector>

#include "core/common/float_matrix.h"

namespace isomorph::align {

struct BitextOptions {
    int cslsK = 10;    ///< neighbourhood size of the CSLS terms (>= 1, clamped to the row count)
    bool csls = true;  ///< also score with CSLS (costs a second pass over the similarities)
};

/// Top-1 accuracies in [0, 1]. A row counts as correct only when its translation is its single
/// best match; on an exact tie the lower row index wins.
struct BitextAccuracy {
    double srcToTgt = 0.0;  ///< share of source rows whose best target is their pair
    double tgtToSrc = 0.0;  ///< share of target rows whose best source is their pair
    double mean = 0.0;      ///< (srcToTgt + tgtToSrc) / 2, the number the CCP/LASER tables report
};

struct BitextReport {
    int64_t pairs = 0;
    int64_t dim = 0;
    BitextAccuracy cosine;
    BitextAccuracy csls;  ///< all zero when BitextOptions::csls is false
    int cslsK = 0;        ///< k actually used (after clamping)
};

/// Evaluates paired rows src [n, d] and tgt [n, d] (float32 embeddings, any norm). Throws DataError
/// when the sides differ in rows or dimension, a side is empty, or a value is NaN/Inf (naming the
/// side, row and column); ConfigError when cslsK < 1. 1,000 pairs at d = 256 take milliseconds.
BitextReport evaluateBitext(const FloatMatrix& src, const FloatMatrix& tgt,
                            const BitextOptions& options = {});

/// The one average of bitext accuracy over language pairs, wherever Isomorph reports one (the
/// trainer's dev evaluation, eval bitext, sweeps, the demo, calibration reports, both views):
/// each language pair's accuracy is the mean of its two directions (BitextAccuracy::mean), and
/// the language pairs count equally, however many pairs each has (as the CCP/LASER tables
/// average). NaN when there is none.
double meanOverLanguagePairs(const std::vector<double>& perLanguagePair);

/// "cosine 93.1% (src->tgt 92.4%, tgt->src 93.8%), CSLS ..." for logs and the CLI.
std::string formatBitextReport(const BitextReport& report);

}  // namespace isomorph::align

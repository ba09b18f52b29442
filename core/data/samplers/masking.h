#pragma once

// Token masking for MLM (BERT/XLM-R) and QLM (query language modelling, XLP paper §4.2.1).

#include <cstdint>
#include <vector>

#include "core/data/samplers/collate.h"

namespace isomorph::data::samplers {

struct MaskOptions {
    double probability = 0.15;  ///< share of maskable tokens selected (QLM: 0.30)
    double maskShare = 0.8;     ///< of the selected: replaced by <mask>
    double randomShare = 0.1;   ///< of the selected: replaced by a random regular id
    int32_t vocabSize = 0;      ///< required
    /// Which ids are special (never selected) and which is <mask>. In XLM-R's layout (the
    /// default: <mask> = vocabSize - 1) the random replacement draws a regular id from
    /// [4, vocabSize - 1); in any other (BERT's), like Hugging Face's data collator, any id.
    SpecialIds specials{};
};

/// MaskOptions with the XLP paper's QLM rate (30% of query tokens).
MaskOptions qlmMaskOptions(int32_t vocabSize, const SpecialIds& specials = {});

/// MLM: selects each non-special token of `m` (<pad>, <s>, </s>, <unk>, <mask> never) with
/// probability `probability`, then 80/10/10 <mask>/random regular id/unchanged. Changes m.ids
/// in place and returns the labels, [rows, cols] int32: the original id where selected,
/// kIgnoreLabel (-100) elsewhere. Row r uses a generator keyed by (seed, r), or by
/// (seed, rowKeys[r]) when given: keys that name the row's content (its first sentence) make the
/// masks independent of the row's position, so N data-parallel ranks mask exactly as one process.
std::vector<int32_t> maskTokens(TokenMatrix& m, const MaskOptions& options, uint64_t seed,
                                const std::vector<uint64_t>* rowKeys = nullptr);

/// QLM: like maskTokens, but only positions [1, 1 + queryLengths[r]) of row r (the query of a
/// `<s> query </s> document </s>` row) can be selected; document tokens are never masked.
/// `rowKeys` as for maskTokens (XLP keys rows by their query's identity: source, section, epoch).
std::vector<int32_t> maskQueryTokens(TokenMatrix& m, const std::vector<int32_t>& queryLengths,
                                     const MaskOptions& options, uint64_t seed,
                                     const std::vector<uint64_t>* rowKeys = nullptr);

/// Which part of a `<s> query </s> document </s>` row QLM masks: the query (the paper's QLM), the
/// document, or both (the paper's ablations, §5.3.2; "both" approximates TLM).
enum class QlmTarget { Query, Document, Both };

/// QLM with a choice of target: Query is maskQueryTokens; Document selects only positions
/// [2 + queryLengths[r], length) (the document and its closing </s>, which is never selected);
/// Both selects every non-special token. Row r uses a generator keyed by (seed, r), or by
/// (seed, rowKeys[r]) when given.
std::vector<int32_t> maskCrossEncoderTokens(TokenMatrix& m,
                                            const std::vector<int32_t>& queryLengths,
                                            QlmTarget target, const MaskOptions& options,
                                            uint64_t seed,
                                            const std::vector<uint64_t>* rowKeys = nullptr);

}  // namespace isomorph::data::samplers

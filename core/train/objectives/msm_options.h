#pragma once

// Options of the masked sentence model (objectives.msm.*; Zhang et al. 2023). Torch-free.

#include <cstdint>

#include "core/train/objective_registry.h"

namespace isomorph::train {

/// Negatives of the hierarchical contrastive loss: intra-document and cross-document (eq. 1), or
/// cross-document only (Table 5, "Cross-doc").
enum class MsmNegatives { Hierarchical, CrossDoc };
/// Projection layers before the loss (Table 7): separate for p and h, one shared, or none.
enum class MsmProjector { Asymmetric, Shared, None };
/// Document encoders (Table 4): one for all languages, a second one for English (Sep Doc), or a
/// second document encoder and projection head for English (Sep Doc + Head).
enum class MsmDocumentSharing { All, SeparateEnglish, SeparateEnglishAndHead };

template <>
struct EnumNames<MsmNegatives> {
    static const std::vector<std::pair<MsmNegatives, const char*>>& table();
};
template <>
struct EnumNames<MsmProjector> {
    static const std::vector<std::pair<MsmProjector, const char*>>& table();
};
template <>
struct EnumNames<MsmDocumentSharing> {
    static const std::vector<std::pair<MsmDocumentSharing, const char*>>& table();
};

struct MsmOptions {
    int64_t batchSize = 8;       ///< document blocks per batch (per process)
    int64_t maxSentences = 32;   ///< sentences per block (the paper's 32); longer documents split
    int64_t documentLayers = 2;  ///< transformer layers of the document encoder
    double temperature = 0.1;    ///< tau of exp(cos / tau)
    double mu = 0.5;             ///< weight of the dynamic bias mu * alpha (eq. 1)
    bool bias = true;            ///< subtract mu * alpha from intra-document logits
    MsmNegatives negatives = MsmNegatives::Hierarchical;
    /// Cross-document negatives per masked sentence, drawn at random from the global batch;
    /// 0 = every sentence of the other blocks (Table 6 varies this).
    int64_t crossNegatives = 0;
    MsmProjector projector = MsmProjector::Asymmetric;
    int64_t projectionSize = 128;  ///< projection output size
    MsmDocumentSharing documentSharing = MsmDocumentSharing::All;
};

/// The registry entry of "msm" (defined in msm_objective.cpp).
ObjectiveSpec msmObjectiveSpec();

}  // namespace isomorph::train

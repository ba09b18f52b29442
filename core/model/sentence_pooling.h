#pragma once

// How token states become one sentence vector (the choice only; core/model/pooling.h applies it
// to tensors). Torch-free: run configs, index sidecars and the GUI carry it.

#include <string>
#include <string_view>

namespace isomorph::model {

struct Pooling {
    enum class Kind { Cls, Mean, LayerMean };
    Kind kind = Kind::Cls;
    int layer = 0;  ///< LayerMean: 0 = embeddings, K = output of layer K (CCP uses layer 14 of 24)

    /// "cls", "mean" or "layer:K". Throws ConfigError naming `what` (a setting).
    static Pooling parse(std::string_view text, std::string_view what = "pooling");
    std::string toString() const;
    bool operator==(const Pooling& o) const { return kind == o.kind && layer == o.layer; }
    bool operator!=(const Pooling& o) const { return !(*this == o); }
};

}  // namespace isomorph::model

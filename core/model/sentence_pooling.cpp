#include "core/model/sentence_pooling.h"

#include "core/common/errors.h"

namespace isomorph::model {

Pooling Pooling::parse(std::string_view text, std::string_view what) {
    if (text == "cls") return {Kind::Cls, 0};
    if (text == "mean") return {Kind::Mean, 0};
    if (text.substr(0, 6) == "layer:") {
        const std::string digits(text.substr(6));
        if (!digits.empty() && digits.size() < 4 &&
            digits.find_first_not_of("0123456789") == std::string::npos) {
            return {Kind::LayerMean, std::stoi(digits)};
        }
    }
    throw ConfigError(std::string(what) + ": '" + std::string(text) +
                      "' is not a pooling; use cls, mean or layer:K");
}

std::string Pooling::toString() const {
    switch (kind) {
        case Kind::Cls:
            return "cls";
        case Kind::Mean:
            return "mean";
        case Kind::LayerMean:
            return "layer:" + std::to_string(layer);
    }
    return "cls";
}

}  // namespace isomorph::model

#pragma once

// The encoder flags every encoding command shares (`encode`, `index build`, `eval bitext|bucc|
// retrieval`, `calibrate fit`): --pooling, --max-tokens, --device, --threads, --batch-size,
// --prompt and --no-prompt, and the model::EncodeOptions they make. One spelling, one parser, one
// help text.

#include <cstdint>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "app/cli/common_flags.h"
#include "core/model/encoding_service.h"
#include "core/runtime/device.h"

namespace isomorph::cli {

struct EncoderFlags {
    std::string pooling;          ///< --pooling (a command's default: cls, or mean for indexes)
    std::string device = "cpu";   ///< --device
    model::EncodeOptions encode;  ///< --max-tokens, --threads, --batch-size (and what a command
                                  ///< sets itself: normalize, queries)

    explicit EncoderFlags(std::string defaultPooling = "cls")
        : pooling(std::move(defaultPooling)) {}

    /// Adds the five flags to `cmd`; `inputs` says what --max-tokens truncates.
    void addTo(CLI::App* cmd, const std::string& inputs = "inputs") {
        cmd->add_option("--pooling", pooling, "cls, mean or layer:K")->capture_default_str();
        cmd->add_option("--max-tokens", encode.maxTokens,
                        "Truncate longer " + inputs + " (0 = model maximum)")
            ->check(CLI::NonNegativeNumber);
        addDeviceFlag(cmd, device);
        addThreadsFlag(cmd, encode.threads, "Encoder threads");
        cmd->add_option("--batch-size", encode.batchSize, "Sentences per forward pass")
            ->check(CLI::Range(1, 65536))
            ->capture_default_str();
        auto* prompt = cmd->add_option(
            "--prompt", encode.prompt,
            "Put the model's prompt of this name before every text (its prompts are applied by "
            "role otherwise: query, passage)");
        cmd->add_flag("--no-prompt", encode.noPrompt, "Put no prompt before the texts")
            ->excludes(prompt);
    }

    /// The options, --pooling and --device parsed (ConfigError naming the flag).
    model::EncodeOptions options() const {
        model::EncodeOptions o = encode;
        o.pooling = model::Pooling::parse(pooling, "--pooling");
        o.device = runtime::parseDevice(device, "--device");
        return o;
    }
};

}  // namespace isomorph::cli

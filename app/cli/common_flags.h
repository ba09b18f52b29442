#pragma once

// The flags many commands share, declared once: --model (a checkpoint as every command resolves
// it), --threads, --device and --workspace. A command passes its own help text where the flag
// means something narrower there (e.g. "Tokenizer threads"); the spelling, the check and the
// default text are the same everywhere.

#include <string>

#include <CLI/CLI.hpp>

namespace isomorph::cli {

/// What workspace::resolveCheckpoint accepts.
inline constexpr const char* kCheckpointHelp =
    "Checkpoint folder, run folder (its best checkpoint) or checkpoints/best";

/// --model: a checkpoint (kCheckpointHelp, or `help`).
inline CLI::Option* addModelFlag(CLI::App* cmd, std::string& model,
                                 const std::string& help = kCheckpointHelp) {
    return cmd->add_option("--model", model, help);
}

/// --threads N, 0 = all cores (0..1024). `what` names the threads ("Encoder threads").
template <typename T>
CLI::Option* addThreadsFlag(CLI::App* cmd, T& threads,
                            const std::string& what = "Intra-op threads") {
    return cmd->add_option("--threads", threads, what + " (0 = all cores)")
        ->check(CLI::Range(0, 1024));
}

/// --device cpu, cuda or cuda:N (runtime::parseDevice reads it).
inline CLI::Option* addDeviceFlag(CLI::App* cmd, std::string& device,
                                  const std::string& what = "") {
    return cmd
        ->add_option("--device", device,
                     what.empty() ? "cpu, cuda or cuda:N" : what + ": cpu, cuda or cuda:N")
        ->capture_default_str();
}

/// --workspace WS, with what the command takes from it.
template <typename T>
CLI::Option* addWorkspaceFlag(CLI::App* cmd, T& workspace, const std::string& help) {
    return cmd->add_option("--workspace", workspace, help);
}

}  // namespace isomorph::cli

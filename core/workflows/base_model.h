#pragma once

// The demo's aligned base model (issue 27, item 4): what XLM-R is to the papers, for the demo
// encoder. `isomorph-cli demo pretrain-base` trains it (preset base-demo, resumable) in its own
// workspace and exports it; the repository ships the result in resources/base-model/ with its
// provenance and file hashes; `demo run` continues from it. Torch-free header.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/train/trainer.h"
#include "core/workflows/demo_run.h"
#include "core/workspace/run_layout.h"

namespace isomorph::workflows {

/// The preset that trains the base, and the run folder WS/runs/NAME it trains in.
inline constexpr const char* kBasePreset = "base-demo";
/// The files of an exported base (a Hugging Face checkpoint folder) besides provenance.json.
inline constexpr const char* kBaseFiles[] = {workspace::CheckpointLayout::kConfigFile,
                                             workspace::CheckpointLayout::kWeightsFile,
                                             workspace::CheckpointLayout::kSentencePieceFile};

/// $XDG_DATA_HOME/isomorph/base-workspace (~/.local/share/...): pretrain-base's own workspace,
/// so its tokenizer is trained on the corpus rather than taken from a shipped base.
std::filesystem::path defaultBaseWorkspacePath();

/// A config path field with this value names the shipped base (assembleRunConfig resolves it),
/// so presets can use it wherever the product is installed.
inline constexpr const char* kShippedBaseKeyword = "shipped-base";

/// The shipped base: $ISOMORPH_BASE_MODEL, else the installed share/isomorph/base-model next to
/// the executable's prefix, else the source tree's resources/base-model; "" when none holds a
/// provenance.json.
std::filesystem::path findShippedBase();

/// Lower-case hex SHA-256 of a file; throws DataError naming it when it cannot be read.
std::string sha256File(const std::filesystem::path& file);

/// Checks every file that DIR/provenance.json lists against its recorded size and SHA-256 and
/// returns the provenance. Throws CheckpointError naming the file, both hashes and how to
/// restore or rebuild the base.
nlohmann::ordered_json verifyBase(const std::filesystem::path& dir);

struct PretrainBaseRequest {
    std::filesystem::path workspace;     ///< "" = defaultBaseWorkspacePath()
    int64_t steps = 0;                   ///< schedule.max_steps of a new run (0 = the preset's)
    int64_t seed = 0;                    ///< runtime.seed of a new run (0 = the preset's)
    std::vector<std::string> overrides;  ///< "section.key=value" over the preset (new runs)
    int threads = 0;                     ///< preparing: threads and render processes
    std::filesystem::path exportDir;     ///< "" = do not export
    std::string command;                 ///< recorded in the provenance
};

struct PretrainBaseReport {
    DemoPaths paths;
    std::filesystem::path runDir;  ///< WS/runs/base-demo
    train::RunConfig config;       ///< as trained (the frozen one when resumed)
    bool resumed = false;
    train::TrainResult result;
    DemoEvaluation random;  ///< the run's random initialisation (RUN/init)
    DemoEvaluation base;    ///< the last checkpoint; empty when stopped before the end
    std::string corpusHash;
    std::filesystem::path exported;  ///< the exported folder ("" = none)
};

/// Prepares the workspace (corpus with the documentation books, its own tokenizer, shards), trains
/// or resumes WS/runs/base-demo, evaluates the random initialisation and the final checkpoint on
/// dev and out of domain, and exports the base when asked and training finished. A stopped run
/// keeps its checkpoint and resumes with the same call: feedback.stopRequested() (e.g. a
/// signal's flag) stops training with a checkpoint and reports; cancel() throws Cancelled after
/// that checkpoint. Throws as prepareDemo and runTraining do.
PretrainBaseReport pretrainBase(const PretrainBaseRequest& request, Feedback& feedback);

/// SHA-256 over the training inputs of a prepared demo corpus (docs/train and parallel/train,
/// each file's path and hash): what the provenance records as the corpus.
std::string demoCorpusHash(const std::filesystem::path& corpus);

}  // namespace isomorph::workflows

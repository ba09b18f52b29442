#pragma once

// The one copy of the names of a run folder's and a checkpoint folder's files (the run directory
// contract of docs/architecture.md), as WorkspaceLayout is for a workspace's folders:
//
//   RUN/config.toml  metrics.jsonl  status.json  log.txt  events.out.tfevents.*  init/
//   RUN/checkpoints/step-NNNNNNNN/  config.json  model.safetensors  heads.safetensors
//                                   optimizer.safetensors  trainer_state.json  checksum.json
//                                   <tokenizer file>
//   RUN/checkpoints/latest          the newest complete checkpoint's name
//   RUN/checkpoints/best            the best checkpoint's name, then its dev figure
//
// Imported and exported folders use the checkpoint layout too (an imported model is converted
// into it once). Qt-free and LibTorch-free: every layer and both front ends name these files
// through the types below.

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace isomorph::workspace {

/// One checkpoint folder: the Hugging Face model layout (config.json, model.safetensors, a
/// tokenizer file) plus Isomorph's own heads and, in a run's checkpoints, the training state.
struct CheckpointLayout {
    static constexpr const char* kConfigFile = "config.json";         ///< encoder config (HF)
    static constexpr const char* kWeightsFile = "model.safetensors";  ///< encoder weights (HF)
    static constexpr const char* kHeadsFile = "heads.safetensors";    ///< objectives' heads
    static constexpr const char* kOptimizerFile = "optimizer.safetensors";  ///< optimizer, banks
    static constexpr const char* kTrainerStateFile = "trainer_state.json";  ///< counters, cursors
    static constexpr const char* kChecksumFile = "checksum.json";           ///< CRC-32C per file
    /// The tokenizer files a checkpoint may hold, in the order they are looked for: XLM-R's
    /// SentencePiece model (what Isomorph's own checkpoints carry), a Hugging Face fast tokenizer
    /// (what sentence-transformers and transformers use when a folder has one), then BERT's
    /// WordPiece vocabulary.
    static constexpr const char* kSentencePieceFile = "sentencepiece.bpe.model";
    static constexpr const char* kTokenizerJsonFile = "tokenizer.json";
    static constexpr const char* kWordPieceVocabFile = "vocab.txt";
    static constexpr std::array<const char*, 3> kTokenizerFiles = {
        kSentencePieceFile, kTokenizerJsonFile, kWordPieceVocabFile};
    /// Hugging Face's tokenizer settings, and sentence-transformers' modules (what
    /// SentenceTransformer(dir) reads; model::exportSentenceTransformer writes them).
    static constexpr const char* kTokenizerConfigFile = "tokenizer_config.json";
    static constexpr const char* kSpecialTokensFile = "special_tokens_map.json";
    static constexpr const char* kModulesFile = "modules.json";
    static constexpr const char* kSentenceBertConfigFile = "sentence_bert_config.json";
    static constexpr const char* kSentenceTransformersConfigFile =
        "config_sentence_transformers.json";
    static constexpr const char* kPoolingModuleDir = "1_Pooling";
    static constexpr const char* kNormalizeModuleDir = "2_Normalize";
    static constexpr const char* kModuleConfigFile = "config.json";  ///< in each module's folder
    /// Prefix of a run's checkpoint names: step-NNNNNNNN (8 digits, so names sort by step).
    static constexpr std::string_view kStepPrefix = "step-";

    std::filesystem::path dir;

    std::filesystem::path config() const { return dir / kConfigFile; }
    std::filesystem::path weights() const { return dir / kWeightsFile; }
    std::filesystem::path heads() const { return dir / kHeadsFile; }
    std::filesystem::path optimizer() const { return dir / kOptimizerFile; }
    std::filesystem::path trainerState() const { return dir / kTrainerStateFile; }
    std::filesystem::path checksums() const { return dir / kChecksumFile; }
    /// DIR/<the first of kTokenizerFiles that exists>, or an empty path when it has none.
    std::filesystem::path tokenizer() const;
    /// True when DIR holds config.json (what every reader of a checkpoint folder needs first).
    bool exists() const;

    /// "step-00000200" for step 200.
    static std::string nameOfStep(int64_t step);
    /// 200 for "step-00000200"; nullopt for a name that is not a step checkpoint's.
    static std::optional<int64_t> stepOfName(std::string_view name);
};

/// One run folder (a training run, a sweep cell, a stage of a recipe).
struct RunLayout {
    static constexpr const char* kConfigFile = "config.toml";     ///< frozen, validated config
    static constexpr const char* kMetricsFile = "metrics.jsonl";  ///< one JSON record per line
    static constexpr const char* kStatusFile = "status.json";     ///< state, pid, heartbeat
    static constexpr const char* kLogFile = "log.txt";            ///< human-readable log
    static constexpr const char* kCheckpointsDir = "checkpoints";
    static constexpr const char* kInitDir = "init";  ///< the random start of a scratch run
    static constexpr const char* kLatestPointer = "latest";
    static constexpr const char* kBestPointer = "best";
    /// TensorBoard's event files: RUN/events.out.tfevents.TIME.HOST.PID.N.
    static constexpr std::string_view kEventsPrefix = "events.out.tfevents.";

    std::filesystem::path dir;

    std::filesystem::path config() const { return dir / kConfigFile; }
    std::filesystem::path metrics() const { return dir / kMetricsFile; }
    std::filesystem::path status() const { return dir / kStatusFile; }
    std::filesystem::path log() const { return dir / kLogFile; }
    std::filesystem::path init() const { return dir / kInitDir; }
    std::filesystem::path checkpoints() const { return dir / kCheckpointsDir; }
    std::filesystem::path latestPointer() const { return checkpoints() / kLatestPointer; }
    std::filesystem::path bestPointer() const { return checkpoints() / kBestPointer; }
    CheckpointLayout checkpoint(const std::string& name) const { return {checkpoints() / name}; }
    CheckpointLayout checkpointAtStep(int64_t step) const {
        return checkpoint(CheckpointLayout::nameOfStep(step));
    }

    /// The names in checkpoints/latest and checkpoints/best ("" when the file is missing).
    std::string latestName() const;
    std::string bestName() const;
    /// True when DIR holds a run: its config.toml.
    bool exists() const;
    /// True when DIR holds config.toml or metrics.jsonl: a run, or one starting, or one another
    /// tool wrote (what the Runs view lists).
    bool listed() const;
    /// Whether training can resume here: checkpoints/latest exists.
    bool resumable() const;
    /// What a run writes into its folder (files and folders, not the TensorBoard event files):
    /// what a run that failed before its first step removes again.
    static std::vector<std::string> ownEntries();

    /// The run a checkpoint folder belongs to (RUN/checkpoints/NAME with RUN/config.toml), or
    /// nullopt for a folder outside a run (imported, exported, loose).
    static std::optional<RunLayout> ofCheckpoint(const std::filesystem::path& checkpoint);
};

/// A sweep folder (`isomorph-cli sweep --dir DIR`): its plan beside the cells' run folders.
struct SweepLayout {
    static constexpr const char* kPlanFile = "sweep-plan.json";  ///< grid, seeds, budget, base
    std::filesystem::path dir;
    std::filesystem::path plan() const { return dir / kPlanFile; }
};

/// One of a run's checkpoints, as every front end lists them.
struct CheckpointEntry {
    std::string name;  ///< step-NNNNNNNN
    int64_t step = 0;
    std::filesystem::path dir;
    bool latest = false;  ///< named by checkpoints/latest
    bool best = false;    ///< named by checkpoints/best
};

/// The step checkpoints of a run (folders step-N under RUN/checkpoints), newest first; empty
/// when the run has none or the folder is unreadable. Complete or not: CheckpointStore::verify
/// tells a corrupt one.
std::vector<CheckpointEntry> listCheckpoints(const RunLayout& run);

/// A checkpoint of a workspace, as the views offer them to choose from.
struct WorkspaceCheckpoint {
    enum class Kind {
        Best,      ///< RUN/checkpoints/best (a pointer: it follows the run)
        Latest,    ///< RUN/checkpoints/latest
        Step,      ///< RUN/checkpoints/step-N
        Imported,  ///< WS/models/NAME, a converted or copied model
    };
    Kind kind = Kind::Step;
    std::string run;   ///< the run folder's name; "" for an imported model
    std::string name;  ///< "best", "latest", "step-N", or the imported model's folder name
    std::filesystem::path path;  ///< the pointer file (Best, Latest) or the folder
};

/// Every checkpoint of the workspace at `root`: for each run of WS/runs (names in reverse order,
/// newest stamp first) its best and latest pointers, then its complete step checkpoints oldest
/// first; then the imported models of WS/models. Unreadable folders are skipped.
std::vector<WorkspaceCheckpoint> listWorkspaceCheckpoints(const std::filesystem::path& root);

/// The checkpoint folder (with config.json) a user means by `path`: the folder itself; a run's
/// `checkpoints/latest` or `checkpoints/best` pointer file; a run's `checkpoints/` folder or the
/// run folder (its best checkpoint when one is recorded, else the latest). Throws DataError naming
/// `path` and what was looked for otherwise.
std::filesystem::path resolveCheckpoint(const std::filesystem::path& path);

/// RUN/config.toml of the run a resolved checkpoint folder belongs to, or an empty path when it is
/// not a run's checkpoint (an imported or loose folder).
std::filesystem::path runConfigOf(const std::filesystem::path& checkpointFolder);

}  // namespace isomorph::workspace

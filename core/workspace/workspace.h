#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/common/staging_dir.h"

namespace isomorph::workspace {

/// Where a workspace keeps what, for callers that have only its folder (it need not be a
/// workspace yet, e.g. the demo workspace before `demo prepare`): the one copy of these names.
struct WorkspaceLayout {
    std::filesystem::path root;

    std::filesystem::path corpora() const { return root / "corpora"; }
    std::filesystem::path corpus(const std::string& name) const { return corpora() / name; }
    std::filesystem::path tokenizers() const { return root / "tokenizers"; }
    std::filesystem::path runs() const { return root / "runs"; }
    std::filesystem::path indexes() const { return root / "indexes"; }
    /// Models converted or copied into the workspace (checkpoint folders, run_layout.h).
    std::filesystem::path models() const { return root / "models"; }
};

/// A workspace is a folder that holds a user's corpora, tokenizers, training runs and indexes,
/// marked by an `isomorph-workspace.json` file. Both front ends open the same folders.
///
///   WS/isomorph-workspace.json   {"schema_version": 1, "name": ..., "created": ISO-8601 UTC}
///   WS/corpora/  WS/tokenizers/  WS/runs/  WS/indexes/
class Workspace {
  public:
    static constexpr const char* kMarkerFile = "isomorph-workspace.json";
    static constexpr int kSchemaVersion = 1;

    /// Makes `dir` (and missing parents) a workspace. Throws DataError when `dir` is already a
    /// workspace, is a file, or cannot be written, naming the folder and the system's reason.
    /// `name` defaults to the folder's name.
    static Workspace create(const std::filesystem::path& dir, const std::string& name = "");
    /// Opens an existing workspace. Throws DataError when `dir` is missing, is not a workspace,
    /// or its marker file is unreadable or from a newer Isomorph.
    static Workspace open(const std::filesystem::path& dir);
    /// Opens `dir` when it is a workspace, otherwise creates one there.
    static Workspace openOrCreate(const std::filesystem::path& dir, const std::string& name = "");
    static bool isWorkspace(const std::filesystem::path& dir);

    const std::filesystem::path& root() const { return root_; }
    const std::string& name() const { return name_; }
    const std::string& created() const { return created_; }
    /// False when the folder is read-only for this user (e.g. runs attached from a cluster).
    bool writable() const;

    WorkspaceLayout layout() const { return {root_}; }
    std::filesystem::path corporaDir() const { return layout().corpora(); }
    std::filesystem::path tokenizersDir() const { return layout().tokenizers(); }
    std::filesystem::path runsDir() const { return layout().runs(); }
    std::filesystem::path indexesDir() const { return layout().indexes(); }
    std::filesystem::path modelsDir() const { return layout().models(); }

    struct Contents {
        std::vector<std::string> corpora, tokenizers, runs, indexes;  ///< entry names, sorted
        std::vector<std::string> models;  ///< imported or copied checkpoint folders, sorted
    };
    /// What the workspace's folders hold right now.
    Contents contents() const;

    /// Removes the staging folders (NAME.tmp-XXXXXX) that killed processes left in corpora/
    /// (and its subfolders), tokenizers/ and indexes/, by removeStaleStagingDirs' rules (a live
    /// process's folder is never touched). Returns those removed, for a log line each.
    std::vector<StaleStagingDir> removeStaleStaging() const;

  private:
    Workspace() = default;
    std::filesystem::path root_;
    std::string name_;
    std::string created_;
};

/// The built-in demo workspace: $ISOMORPH_WORKSPACE when set, else
/// $XDG_DATA_HOME/isomorph/demo-workspace (XDG_DATA_HOME defaults to ~/.local/share).
std::filesystem::path defaultDemoWorkspacePath();

/// Local time as YYYYMMDD-HHMMSS, the stamp of run folder names (WS/runs/NAME-STAMP-...).
std::string runFolderStamp();

}  // namespace isomorph::workspace

#include "core/workspace/workspace.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <system_error>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/utc_time.h"

namespace isomorph::workspace {
namespace fs = std::filesystem;

namespace {

std::vector<std::string> entries(const fs::path& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!name.empty() && name[0] != '.') names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

void makeDirectories(const fs::path& dir) {
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
        throw DataError("cannot create workspace in " + dir.string() +
                        ": a file with that name exists; choose another folder");
    }
    fs::create_directories(dir, ec);
    if (ec) {
        throw DataError("cannot create workspace folder " + dir.string() + ": " + ec.message() +
                        "; choose a folder you can write to");
    }
}

}  // namespace

Workspace Workspace::create(const fs::path& dir, const std::string& name) {
    if (dir.empty()) throw DataError("no workspace folder given");
    const fs::path root = fs::absolute(dir).lexically_normal();
    if (isWorkspace(root)) {
        throw DataError(root.string() + " is already an Isomorph workspace; open it instead");
    }
    makeDirectories(root);
    if (::access(root.c_str(), W_OK) != 0) {
        throw DataError("cannot create workspace in " + root.string() +
                        ": the folder is not writable; choose a folder you can write to");
    }
    Workspace ws;
    ws.root_ = root;
    ws.name_ = name.empty() ? root.filename().string() : name;
    ws.created_ = utcNow();
    for (const fs::path& sub :
         {ws.corporaDir(), ws.tokenizersDir(), ws.runsDir(), ws.indexesDir()}) {
        makeDirectories(sub);
    }
    nlohmann::json marker = {
        {"schema_version", kSchemaVersion}, {"name", ws.name_}, {"created", ws.created_}};
    // Written last and atomically: a folder is a workspace only once everything else exists.
    writeFileAtomically(root / kMarkerFile, marker.dump(2) + "\n");
    return ws;
}

std::vector<StaleStagingDir> Workspace::removeStaleStaging() const {
    std::vector<fs::path> folders = {corporaDir(), tokenizersDir(), indexesDir()};
    std::error_code ec;
    for (auto it = fs::directory_iterator(corporaDir(), ec); !ec && it != fs::end(it);
         it.increment(ec)) {
        std::error_code type;
        if (it->is_directory(type)) folders.push_back(it->path());  // shard sets, splits
    }
    std::vector<StaleStagingDir> removed;
    for (const auto& folder : folders)
        for (auto& r : removeStaleStagingDirs(folder))
            removed.push_back(std::move(r));
    return removed;
}

Workspace Workspace::open(const fs::path& dir) {
    const fs::path root = fs::absolute(dir).lexically_normal();
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
        throw DataError("workspace folder not found: " + root.string());
    }
    const fs::path markerPath = root / kMarkerFile;
    if (!fs::exists(markerPath, ec)) {
        throw DataError(root.string() + " is not an Isomorph workspace (it has no " +
                        std::string(kMarkerFile) + "); create a new workspace there instead");
    }
    std::ifstream in(markerPath);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) throw DataError("cannot read " + markerPath.string());
    nlohmann::json marker;
    try {
        marker = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::parse_error& e) {
        throw DataError(markerPath.string() + " is not valid JSON (byte " + std::to_string(e.byte) +
                        "); fix or delete it and create the workspace again");
    }
    if (!marker.is_object() || !marker.contains("schema_version") ||
        !marker["schema_version"].is_number_integer()) {
        throw DataError(markerPath.string() +
                        ": field 'schema_version' is missing or not an integer");
    }
    const int version = marker["schema_version"].get<int>();
    if (version > kSchemaVersion) {
        throw DataError(markerPath.string() + " has schema_version " + std::to_string(version) +
                        "; this Isomorph reads up to " + std::to_string(kSchemaVersion) +
                        ". Update Isomorph to open it");
    }
    Workspace ws;
    ws.root_ = root;
    ws.name_ = marker.value("name", root.filename().string());
    ws.created_ = marker.value("created", "");
    return ws;
}

Workspace Workspace::openOrCreate(const fs::path& dir, const std::string& name) {
    return isWorkspace(dir) ? open(dir) : create(dir, name);
}

bool Workspace::isWorkspace(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / kMarkerFile, ec);
}

bool Workspace::writable() const {
    return ::access(root_.c_str(), W_OK) == 0;
}

Workspace::Contents Workspace::contents() const {
    return Contents{entries(corporaDir()), entries(tokenizersDir()), entries(runsDir()),
                    entries(indexesDir()), entries(modelsDir())};
}

fs::path defaultDemoWorkspacePath() {
    if (const char* env = std::getenv("ISOMORPH_WORKSPACE"); env != nullptr && *env != '\0') {
        return fs::path(env);
    }
    fs::path data;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg != '\0') {
        data = xdg;
    } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
        data = fs::path(home) / ".local" / "share";
    } else {
        data = fs::temp_directory_path();
    }
    return data / "isomorph" / "demo-workspace";
}

std::string runFolderStamp() {
    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", std::localtime(&now));
    return stamp;
}

}  // namespace isomorph::workspace

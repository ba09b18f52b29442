#include "core/common/staging_dir.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <signal.h>
#include <string>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/process.h"

namespace isomorph {
namespace fs = std::filesystem;

namespace {

/// NAME.tmp-XXXXXX as mkdtemp makes it: six characters after ".tmp-".
bool isStagingName(const std::string& name) {
    const std::size_t at = name.rfind(".tmp-");
    return at != std::string::npos && at > 0 && name.size() == at + 5 + 6;
}

/// The newest modification time of `dir` and everything in it.
fs::file_time_type newestChange(const fs::path& dir) {
    std::error_code ec;
    fs::file_time_type newest = fs::last_write_time(dir, ec);
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
         it.increment(ec)) {
        std::error_code ignored;
        const auto t = fs::last_write_time(it->path(), ignored);
        if (!ignored && t > newest) newest = t;
    }
    return newest;
}

/// Why `dir` is stale ("" = it is not, or that cannot be told).
std::string staleReason(const fs::path& dir, std::chrono::seconds ownerlessAge) {
    std::error_code ec;
    const fs::path owner = dir / kStagingOwnerFile;
    if (fs::exists(owner, ec)) {
        std::ifstream in(owner);
        const auto j = nlohmann::json::parse(in, nullptr, false);
        if (j.is_discarded() || !j.is_object()) return {};  // being written: keep
        const long pid = j.value("pid", 0L);
        const std::string host = j.value("host", std::string());
        if (host != thisHost() || processRuns(pid)) return {};
        return fmt::format("left by process {} on {}, which no longer runs", pid, host);
    }
    const auto age = fs::file_time_type::clock::now() - newestChange(dir);
    if (age < ownerlessAge) return {};
    return fmt::format("no owner recorded and unchanged for {} hours",
                       std::chrono::duration_cast<std::chrono::hours>(age).count());
}

}  // namespace

std::vector<StaleStagingDir> removeStaleStagingDirs(const fs::path& folder,
                                                    std::chrono::seconds ownerlessAge) {
    std::vector<StaleStagingDir> removed;
    std::error_code ec;
    for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::end(it); it.increment(ec)) {
        std::error_code type;
        if (!it->is_directory(type) || !isStagingName(it->path().filename().string())) continue;
        std::string reason = staleReason(it->path(), ownerlessAge);
        if (reason.empty()) continue;
        std::error_code gone;
        fs::remove_all(it->path(), gone);
        if (!gone) removed.push_back({it->path(), std::move(reason)});
    }
    return removed;
}

StagingDir::StagingDir(const fs::path& target) {
    std::string pattern = target.string() + ".tmp-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr)
        throw DataError("cannot create a temporary directory next to " + target.string() + ": " +
                        std::strerror(errno));
    path_ = pattern;
    // mkdtemp makes the folder private; the output is shared like any other file.
    std::error_code ignored;
    fs::permissions(path_,
                    fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                        fs::perms::others_read | fs::perms::others_exec,
                    ignored);
    // Who writes it: a later process removes the folder once this one is gone (killed).
    const nlohmann::json owner = {{"pid", static_cast<long>(::getpid())}, {"host", thisHost()}};
    try {
        writeFileAtomically(path_ / kStagingOwnerFile, owner.dump() + "\n");
    } catch (...) {
        fs::remove_all(path_, ignored);  // no destructor runs for a throwing constructor
        throw;
    }
}

StagingDir::~StagingDir() {
    std::error_code ignored;
    if (!path_.empty()) fs::remove_all(path_, ignored);
}

void StagingDir::moveTo(const fs::path& target) {
    std::error_code ec;
    fs::remove(path_ / kStagingOwnerFile, ec);  // the output is complete: no owner to record
    ec.clear();
    if (fs::exists(target)) {
        // A fresh unused name; the folder (with its owner file) goes again at the block's end.
        fs::path old;
        {
            const StagingDir aside(target);
            old = aside.path();
        }
        fs::rename(target, old, ec);
        if (!ec) fs::rename(path_, target, ec);
        std::error_code ignored;
        if (ec)
            fs::rename(old, target, ignored);  // put the old output back
        else
            fs::remove_all(old, ignored);
    } else {
        fs::rename(path_, target, ec);
    }
    if (ec)
        throw DataError("cannot move the new output into " + target.string() + ": " + ec.message());
    path_.clear();
    syncDirectory(target.parent_path().empty() ? fs::path(".") : target.parent_path());
}

}  // namespace isomorph

#include "core/common/staging_dir.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"

namespace isomorph {
namespace fs = std::filesystem;

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
}

StagingDir::~StagingDir() {
    std::error_code ignored;
    if (!path_.empty()) fs::remove_all(path_, ignored);
}

void StagingDir::moveTo(const fs::path& target) {
    std::error_code ec;
    if (fs::exists(target)) {
        // A fresh unused name (the temporary StagingDir removes its folder again).
        const fs::path old = StagingDir(target).path_;
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
        throw DataError("cannot move the new index into " + target.string() + ": " + ec.message());
    path_.clear();
    syncDirectory(target.parent_path().empty() ? fs::path(".") : target.parent_path());
}

}  // namespace isomorph

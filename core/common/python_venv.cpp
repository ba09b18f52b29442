#include "core/common/python_venv.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <system_error>
#include <vector>

namespace isomorph {

namespace fs = std::filesystem;

fs::path isomorphVenv() {
    if (const char* v = std::getenv("ISOMORPH_VENV"); v != nullptr && *v != '\0') return v;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0')
        return fs::path(xdg) / "isomorph" / "venv";
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return fs::path(home) / ".cache" / "isomorph" / "venv";
    return {};
}

fs::path findInVenvSitePackages(const fs::path& relative) {
    const fs::path venv = isomorphVenv();
    if (venv.empty()) return {};
    std::error_code ec;
    std::vector<fs::path> found;
    for (fs::directory_iterator it(venv / "lib", ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path candidate = it->path() / "site-packages" / relative;
        if (it->path().filename().string().rfind("python3", 0) == 0 && fs::exists(candidate, ec))
            found.push_back(candidate);
    }
    std::sort(found.begin(), found.end());
    return found.empty() ? fs::path() : found.back();
}

}  // namespace isomorph

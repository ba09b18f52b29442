#pragma once

#include <filesystem>
#include <system_error>

namespace isomorph {

/// The folder of the running executable (/proc/self/exe), "" when it cannot be read: where
/// files installed or built beside the program are looked for.
inline std::filesystem::path executableDir() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : exe.parent_path();
}

}  // namespace isomorph

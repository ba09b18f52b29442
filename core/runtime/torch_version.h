#pragma once

// The one place that tells LibTorch generations apart: Debian's 1.13 and PyPI's 2.x (CMakeLists.txt
// refuses anything else). Code that must differ between them tests ISOMORPH_TORCH_AT_LEAST here
// rather than forking into copies.

#include <torch/version.h>

#define ISOMORPH_TORCH_AT_LEAST(major, minor) \
    (TORCH_VERSION_MAJOR > (major) ||         \
     (TORCH_VERSION_MAJOR == (major) && TORCH_VERSION_MINOR >= (minor)))

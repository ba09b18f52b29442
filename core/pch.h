// Precompiled header for core's LibTorch-using sources (a plain include of <torch/torch.h> costs
// ~20 s per translation unit on our machines). Never include this from a public header.
#pragma once

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <torch/torch.h>

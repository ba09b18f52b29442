#pragma once

// FIFO memory bank of projected embeddings for contrastive negatives (CCP section 3.1).
// Language-specific: one FIFO per language, whose entries are negatives only for anchors of that
// language. Plain: one FIFO for all. Include only from LibTorch-using sources.

#include <cstdint>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "core/model/tensor_file.h"

namespace isomorph::train {

class MemoryBank {
  public:
    /// `groups`: number of FIFOs (languages, or 1 for a plain bank); `capacity` entries each of
    /// `dim` floats.
    MemoryBank(int64_t groups, int64_t capacity, int64_t dim, torch::Device device);

    /// Stored entries of FIFO `group`, oldest first: [count, dim], a copy (push() may overwrite
    /// the storage while a loss computed from the entries still needs them).
    torch::Tensor entries(int64_t group) const;
    int64_t count(int64_t group) const { return count_[static_cast<size_t>(group)]; }
    int64_t groups() const { return static_cast<int64_t>(count_.size()); }
    int64_t capacity() const { return capacity_; }

    /// Appends rows of `z` [n, dim] (detached) to the FIFO of each row's group, evicting the
    /// oldest entries when full.
    void push(const torch::Tensor& z, const std::vector<int64_t>& rowGroups);

    /// Entries and counters for checkpoints ("NAME.data", "NAME.count", "NAME.head").
    void save(model::TensorMap& out, const std::string& name) const;
    /// Throws CheckpointError naming `origin` when the saved bank has other dimensions.
    void load(const model::TensorMap& in, const std::string& name, const std::string& origin);

  private:
    int64_t capacity_;
    torch::Tensor data_;          ///< [groups, capacity, dim]
    std::vector<int64_t> count_;  ///< filled entries per group
    std::vector<int64_t> head_;   ///< next slot to write per group
};

}  // namespace isomorph::train

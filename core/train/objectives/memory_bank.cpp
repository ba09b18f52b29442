#include "core/train/objectives/memory_bank.h"

#include "core/common/errors.h"

namespace isomorph::train {

MemoryBank::MemoryBank(int64_t groups, int64_t capacity, int64_t dim, torch::Device device)
    : capacity_(capacity),
      data_(torch::zeros({groups, capacity, dim}, torch::TensorOptions().device(device))),
      count_(static_cast<size_t>(groups), 0),
      head_(static_cast<size_t>(groups), 0) {}

torch::Tensor MemoryBank::entries(int64_t group) const {
    const auto g = static_cast<size_t>(group);
    auto rows = data_[group];
    // Always a copy: the loss's backward pass may read the entries (a dot product without L2
    // normalisation saves them) after push() has overwritten the ring in place.
    if (count_[g] < capacity_) return rows.narrow(0, 0, count_[g]).clone();
    // Full ring: oldest entry at head_. Order does not change the loss, but keep it FIFO.
    if (head_[g] == 0) return rows.clone();
    return torch::cat(
        {rows.narrow(0, head_[g], capacity_ - head_[g]), rows.narrow(0, 0, head_[g])});
}

void MemoryBank::push(const torch::Tensor& z, const std::vector<int64_t>& rowGroups) {
    torch::NoGradGuard noGrad;
    auto src = z.detach().to(data_.device(), data_.scalar_type());
    for (size_t r = 0; r < rowGroups.size(); ++r) {
        const auto g = static_cast<size_t>(rowGroups[r]);
        data_[rowGroups[r]][head_[g]].copy_(src[static_cast<int64_t>(r)]);
        head_[g] = (head_[g] + 1) % capacity_;
        count_[g] = std::min(capacity_, count_[g] + 1);
    }
}

void MemoryBank::save(model::TensorMap& out, const std::string& name) const {
    out[name + ".data"] = data_.cpu().clone();
    // host: checkpoint values
    out[name + ".count"] = torch::tensor(count_, torch::kInt64);
    out[name + ".head"] = torch::tensor(head_, torch::kInt64);
}

void MemoryBank::load(const model::TensorMap& in, const std::string& name,
                      const std::string& origin) {
    auto get = [&](const std::string& key) -> const torch::Tensor& {
        auto it = in.find(key);
        if (it == in.end()) throw CheckpointError(origin + ": missing memory bank '" + key + "'");
        return it->second;
    };
    const auto& data = get(name + ".data");
    if (data.sizes() != data_.sizes())
        throw CheckpointError(origin + ": memory bank '" + name + "' has shape " +
                              c10::str(data.sizes()) + " but this run uses " +
                              c10::str(data_.sizes()) + " (languages x bank_size x projection)");
    torch::NoGradGuard noGrad;
    data_.copy_(data);
    auto count = get(name + ".count");
    auto head = get(name + ".head");
    for (size_t g = 0; g < count_.size(); ++g) {
        count_[g] = count[static_cast<int64_t>(g)].item<int64_t>();
        head_[g] = head[static_cast<int64_t>(g)].item<int64_t>();
    }
}

}  // namespace isomorph::train

#include "core/model/windowed_attention.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace isomorph::model {
namespace {

constexpr float kLowest = std::numeric_limits<float>::lowest();

// Indices of the global tokens per row, padded: idx [batch, G] long, valid [batch, G] bool.
std::pair<torch::Tensor, torch::Tensor> globalIndex(const torch::Tensor& global) {
    const auto counts = global.sum(1);
    const int64_t g = counts.numel() > 0 ? counts.max().item<int64_t>() : 0;
    // Sorting "is global" descending brings global positions first, in order (stable sort).
    auto order =
        std::get<1>(global.to(torch::kInt).sort(/*stable=*/true, /*dim=*/1, /*descending=*/true));
    auto idx = order.narrow(1, 0, g);
    auto valid =
        torch::arange(g, global.options().dtype(torch::kLong)).unsqueeze(0) < counts.unsqueeze(1);
    return {idx, valid};
}

// x [batch, heads, seq, head] -> rows idx [batch, G] -> [batch, heads, G, head].
torch::Tensor gatherRows(const torch::Tensor& x, const torch::Tensor& idx) {
    auto i = idx.unsqueeze(1).unsqueeze(-1).expand({x.size(0), x.size(1), idx.size(1), x.size(3)});
    return x.gather(2, i);
}

}  // namespace

torch::Tensor globalSlidingWindowMask(const torch::Tensor& keep, const torch::Tensor& global,
                                      int64_t radius, torch::ScalarType dtype) {
    const int64_t t = keep.size(1);
    auto pos = torch::arange(t, keep.options().dtype(torch::kLong));
    auto near = (pos.unsqueeze(1) - pos.unsqueeze(0)).abs() <= radius;             // [T, T]
    auto allowed = near.unsqueeze(0) | global.unsqueeze(2) | global.unsqueeze(1);  // [B, T, T]
    allowed = allowed & keep.unsqueeze(1);
    return torch::zeros(allowed.sizes(), keep.options().dtype(dtype))
        .masked_fill(allowed.logical_not(), kLowest)
        .unsqueeze(1);
}

torch::Tensor globalSlidingWindowAttention(const torch::Tensor& qIn, const torch::Tensor& k,
                                           const torch::Tensor& v, const torch::Tensor& keep,
                                           const torch::Tensor& global, int64_t radius,
                                           int64_t blockSize,
                                           const GlobalProjected* globalProjected) {
    const int64_t t = qIn.size(2);
    const auto q = qIn / std::sqrt(static_cast<double>(qIn.size(3)));
    auto [gidx, gvalid] = globalIndex(global);
    const auto kg = gatherRows(k, gidx), vg = gatherRows(v, gidx);
    const auto gkeep = gvalid & keep.gather(1, gidx);  // [B, G]
    const int64_t block = std::max<int64_t>(1, blockSize);
    std::vector<torch::Tensor> outputs;
    for (int64_t s = 0; s < t; s += block) {
        const int64_t e = std::min(t, s + block);
        const int64_t ks = std::max<int64_t>(0, s - radius), ke = std::min(t, e + radius);
        auto qb = q.narrow(2, s, e - s);
        // Local part: keys [ks, ke) within the radius and not padding.
        auto qi = torch::arange(s, e, keep.options().dtype(torch::kLong)).unsqueeze(1);
        auto kj = torch::arange(ks, ke, keep.options().dtype(torch::kLong)).unsqueeze(0);
        auto localOk = ((qi - kj).abs() <= radius).unsqueeze(0) &
                       keep.narrow(1, ks, ke - ks).unsqueeze(1);  // [B,c,K]
        auto local = torch::matmul(qb, k.narrow(2, ks, ke - ks).transpose(-1, -2))
                         .masked_fill(localOk.unsqueeze(1).logical_not(), kLowest);
        // Global keys outside the window (inside it they are already local keys).
        auto outside = (qi.unsqueeze(0) - gidx.unsqueeze(1)).abs() > radius;  // [B, c, G]
        auto globalOk = outside & gkeep.unsqueeze(1);
        auto far = torch::matmul(qb, kg.transpose(-1, -2))
                       .masked_fill(globalOk.unsqueeze(1).logical_not(), kLowest);
        auto probs = torch::softmax(torch::cat({local, far}, -1), -1);
        const int64_t width = ke - ks;
        outputs.push_back(torch::matmul(probs.narrow(-1, 0, width), v.narrow(2, ks, width)) +
                          torch::matmul(probs.narrow(-1, width, probs.size(-1) - width), vg));
    }
    auto out = torch::cat(outputs, 2);
    if (gidx.size(1) == 0) return out;
    // Global queries attend to every non-padding key (through Qg/Kg/Vg when given).
    const double scale = 1.0 / std::sqrt(static_cast<double>(qIn.size(3)));
    auto qg = globalProjected ? gatherRows(globalProjected->q, gidx) * scale : gatherRows(q, gidx);
    const auto& kAll = globalProjected ? globalProjected->k : k;
    const auto& vAll = globalProjected ? globalProjected->v : v;
    auto full = torch::matmul(qg, kAll.transpose(-1, -2))
                    .masked_fill(keep.unsqueeze(1).unsqueeze(2).logical_not(), kLowest);
    auto ctx = torch::matmul(torch::softmax(full, -1), vAll);  // [B, H, G, d]
    // Padded slots of the index point at position 0; write back only valid rows.
    auto target = gatherRows(out, gidx);
    auto merged = torch::where(gvalid.unsqueeze(1).unsqueeze(-1), ctx, target);
    auto i = gidx.unsqueeze(1).unsqueeze(-1).expand_as(merged);
    return out.scatter(2, i, merged);
}

}  // namespace isomorph::model

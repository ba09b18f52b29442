#pragma once

// Global + sliding-window attention (Longformer's "GSW", used by XLP for 1024-token
// cross-encoder inputs). Include only from LibTorch-using sources.

#include <torch/torch.h>

namespace isomorph::model {

/// Attention where every token sees the tokens within `radius` positions of itself (a window of
/// 2 * radius + 1) plus every global token, and global tokens see everything. Padding keys are
/// never seen. Computed block by block, so memory grows linearly with the sequence length instead
/// of quadratically.
///
/// q, k, v: [batch, heads, seq, head] float (q NOT yet scaled); keep: [batch, seq] bool (false =
/// padding); global: [batch, seq] bool. Returns the context [batch, heads, seq, head]. Rows of
/// padding queries are computed but meaningless, as in full attention.
///
/// With `globalProjected` (Longformer's separate global projections Qg/Kg/Vg applied to every
/// token, each [batch, heads, seq, head]), the rows of global queries are computed from them
/// instead: softmax(Qg_i Kg^T / sqrt(head)) Vg over every non-padding key; the other rows still
/// use q, k, v (the local projections), global keys included, as in Longformer.
struct GlobalProjected {
    torch::Tensor q, k, v;
};
torch::Tensor globalSlidingWindowAttention(const torch::Tensor& q, const torch::Tensor& k,
                                           const torch::Tensor& v, const torch::Tensor& keep,
                                           const torch::Tensor& global, int64_t radius,
                                           int64_t blockSize = 64,
                                           const GlobalProjected* globalProjected = nullptr);

/// The additive mask [batch, 1, seq, seq] under which full attention computes exactly what
/// globalSlidingWindowAttention does: query i may see key j iff keep[j] and (|i - j| <= radius or
/// global[i] or global[j]). For tests and for short inputs.
torch::Tensor globalSlidingWindowMask(const torch::Tensor& keep, const torch::Tensor& global,
                                      int64_t radius, torch::ScalarType dtype);

}  // namespace isomorph::model

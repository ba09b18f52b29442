#include "core/train/adamw.h"

#include <cmath>

#include <ATen/Parallel.h>

#include "core/common/errors.h"

namespace isomorph::train {

namespace {
bool noDecay(const std::string& name) {
    auto endsWith = [&name](const std::string& s) {
        return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
    };
    return endsWith("bias") || name.find("LayerNorm") != std::string::npos ||
           name.find("layer_norm") != std::string::npos || name.find("bn.") != std::string::npos;
}

/// The constants of one update (torch.optim.AdamW's rule, non-amsgrad, non-maximize).
struct Update {
    double decay;      ///< 1 - lr * weight decay, or 1
    double b1, b2;     ///< betas
    double bias2Sqrt;  ///< sqrt(1 - beta2^step)
    double eps;
    double stepSize;  ///< lr / (1 - beta1^step)
};

/// The update in one pass over contiguous CPU tensors: each element's parameter, gradient and
/// two moments are read once and written once. The op-by-op sequence below reads and writes the
/// same 384 MB embedding matrix of multilingual-e5-small nine times per step and allocates two
/// temporaries of its size; this pass is the same update (up to the rounding of the last
/// product: step * (m / denom) where addcdiv_ rounds (step * m) / denom).
template <typename T>
void fusedUpdate(torch::Tensor& p, const torch::Tensor& g, torch::Tensor& m, torch::Tensor& v,
                 const Update& u) {
    T* pp = p.data_ptr<T>();
    const T* gp = g.data_ptr<T>();
    T* mp = m.data_ptr<T>();
    T* vp = v.data_ptr<T>();
    const T decay = static_cast<T>(u.decay), b1 = static_cast<T>(u.b1), b2 = static_cast<T>(u.b2),
            c1 = static_cast<T>(1.0 - u.b1), c2 = static_cast<T>(1.0 - u.b2),
            bias2Sqrt = static_cast<T>(u.bias2Sqrt), eps = static_cast<T>(u.eps),
            step = static_cast<T>(-u.stepSize);
    at::parallel_for(0, p.numel(), 1 << 15, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) {
            const T gi = gp[i];
            const T mi = mp[i] * b1 + c1 * gi;
            const T vi = vp[i] * b2 + c2 * gi * gi;
            mp[i] = mi;
            vp[i] = vi;
            pp[i] = pp[i] * decay + step * (mi / (std::sqrt(vi) / bias2Sqrt + eps));
        }
    });
}

bool fusable(const torch::Tensor& p, const torch::Tensor& g, const torch::Tensor& m,
             const torch::Tensor& v) {
    const auto type = p.scalar_type();
    if (type != torch::kFloat32 && type != torch::kFloat64) return false;
    for (const auto* t : {&p, &g, &m, &v})
        if (t->is_sparse() || !t->device().is_cpu() || t->scalar_type() != type ||
            !t->is_contiguous() || t->numel() != p.numel())
            return false;
    return true;
}
}  // namespace

AdamW::AdamW(std::vector<std::pair<std::string, torch::Tensor>> params,
             const OptimizerSection& options)
    : params_(std::move(params)), options_(options) {
    for (const auto& [name, p] : params_) {
        decay_.push_back(!noDecay(name));
        expAvg_.push_back(torch::zeros_like(p, torch::MemoryFormat::Preserve));
        expAvgSq_.push_back(torch::zeros_like(p, torch::MemoryFormat::Preserve));
    }
}

void AdamW::zeroGrad() {
    // Drop the gradients (PyTorch's set_to_none): a parameter that gets no gradient in a step,
    // such as the MLM head in a CCP-only step, is then not updated, whether or not the process
    // has seen a backward pass through it before (a resumed run has not).
    for (auto& [name, p] : params_)
        p.mutable_grad() = torch::Tensor();
}

double AdamW::clipGradNorm(double maxNorm) {
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> norms;
    for (auto& [name, p] : params_)
        if (p.grad().defined()) norms.push_back(p.grad().norm(2).to(torch::kFloat64));
    if (norms.empty()) return 0.0;
    double total = torch::stack(norms).norm(2).item<double>();
    if (maxNorm > 0 && std::isfinite(total) && total > maxNorm) {
        double scale = maxNorm / (total + 1e-6);  // as torch.nn.utils.clip_grad_norm_
        for (auto& [name, p] : params_)
            if (p.grad().defined()) p.mutable_grad().mul_(scale);
    }
    return total;
}

void AdamW::step(double lr) {
    torch::NoGradGuard noGrad;
    ++steps_;
    const double b1 = options_.beta1, b2 = options_.beta2;
    const double bias1 = 1.0 - std::pow(b1, static_cast<double>(steps_));
    const double bias2Sqrt = std::sqrt(1.0 - std::pow(b2, static_cast<double>(steps_)));
    for (size_t i = 0; i < params_.size(); ++i) {
        auto& p = params_[i].second;
        if (!p.grad().defined()) continue;
        const auto& g = p.grad();
        const bool decays = decay_[i] && options_.weightDecay > 0;
        if (fusable(p, g, expAvg_[i], expAvgSq_[i])) {
            const Update u{decays ? 1.0 - lr * options_.weightDecay : 1.0,
                           b1,
                           b2,
                           bias2Sqrt,
                           options_.eps,
                           lr / bias1};
            if (p.scalar_type() == torch::kFloat64)
                fusedUpdate<double>(p, g, expAvg_[i], expAvgSq_[i], u);
            else
                fusedUpdate<float>(p, g, expAvg_[i], expAvgSq_[i], u);
            // Writes through the data pointer do not count as modifications: bump the version
            // that caches keyed on it (the attention's fused QKV weights) read.
            p.unsafeGetTensorImpl()->bump_version();
            continue;
        }
        if (decays) p.mul_(1.0 - lr * options_.weightDecay);
        expAvg_[i].mul_(b1).add_(g, 1.0 - b1);
        expAvgSq_[i].mul_(b2).addcmul_(g, g, 1.0 - b2);
        auto denom = (expAvgSq_[i].sqrt() / bias2Sqrt).add_(options_.eps);
        p.addcdiv_(expAvg_[i], denom, -lr / bias1);
    }
}

std::map<std::string, torch::Tensor> AdamW::state() const {
    std::map<std::string, torch::Tensor> out;
    for (size_t i = 0; i < params_.size(); ++i) {
        out["exp_avg." + params_[i].first] = expAvg_[i].detach().cpu().contiguous();
        out["exp_avg_sq." + params_[i].first] = expAvgSq_[i].detach().cpu().contiguous();
    }
    // host: a checkpoint value
    out["step"] = torch::tensor({steps_}, torch::kInt64);
    return out;
}

void AdamW::loadState(const std::map<std::string, torch::Tensor>& state,
                      const std::string& origin) {
    std::string problems;
    auto fetch = [&](const std::string& key, const torch::Tensor& like) -> torch::Tensor {
        auto it = state.find(key);
        if (it == state.end()) {
            problems += "\n  missing '" + key + "'";
            return {};
        }
        if (it->second.sizes() != like.sizes()) {
            problems += "\n  '" + key + "' has the wrong shape";
            return {};
        }
        return it->second;
    };
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> m(params_.size()), v(params_.size());
    for (size_t i = 0; i < params_.size(); ++i) {
        m[i] = fetch("exp_avg." + params_[i].first, expAvg_[i]);
        v[i] = fetch("exp_avg_sq." + params_[i].first, expAvgSq_[i]);
    }
    auto stepIt = state.find("step");
    if (stepIt == state.end()) problems += "\n  missing 'step'";
    if (!problems.empty())
        throw CheckpointError(origin + ": optimizer state does not fit the model:" + problems);
    for (size_t i = 0; i < params_.size(); ++i) {
        expAvg_[i].copy_(m[i]);
        expAvgSq_[i].copy_(v[i]);
    }
    steps_ = stepIt->second.item<int64_t>();
}

}  // namespace isomorph::train

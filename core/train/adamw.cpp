#include "core/train/adamw.h"

#include <cmath>

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
        if (decay_[i] && options_.weightDecay > 0) p.mul_(1.0 - lr * options_.weightDecay);
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

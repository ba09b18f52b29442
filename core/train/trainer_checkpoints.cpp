// Saving and restoring checkpoints: the model, heads, optimizer and trainer state (the folder
// layout is workspace::CheckpointLayout), the latest/best pointers, exact resume.

#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/common/errors.h"
#include "core/model/hf_checkpoint.h"
#include "core/train/checkpoint_store.h"
#include "core/train/collective.h"
#include "core/train/objectives/mlm_objective.h"
#include "core/train/trainer_impl.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train::detail {

using workspace::CheckpointLayout;

void Trainer::saveCheckpoint(const std::string& reason) {
    // Every rank holds the same weights, optimizer state and banks; rank 0 writes.
    if (savedStep_ == state_.step) return;
    savedStep_ = state_.step;
    if (rank0_) {
        TrainingState state = state_;
        for (const auto& o : objectives_)
            state.objectives[o->name()] = o->state();
        model::TensorMap heads, optimizer;
        for (const auto& o : objectives_) {
            for (const auto& p : o->heads().named_parameters(true))
                heads[o->name() + "." + p.key()] = p.value();
            for (const auto& b : o->heads().named_buffers(true))
                heads[o->name() + "." + b.key()] = b.value();
            o->saveTensors(optimizer);
        }
        for (auto& [k, v] : optimizer_->state())
            optimizer["optimizer." + k] = v;
        // A run that trains no MLM passes the initial checkpoint's MLM head on unchanged, so a
        // later stage that trains MLM continues it (the demo's stage 1 from the base has no MLM).
        const bool trainsMlm = std::any_of(objectives_.begin(), objectives_.end(),
                                           [](const auto& o) { return o->name() == "mlm"; });
        if (!trainsMlm)
            for (const auto& [k, v] : initHeads_)
                if (isPretrainedMlmHeadTensor(k)) heads.emplace(k, v);
        fs::path dir;
        try {
            dir = store_->save(encoder_, {tokenizerFile_, tokenizerBytes_}, heads, optimizer, state,
                               CheckpointLayout::nameOfStep(state_.step), carried_);
        } catch (const Error& e) {
            const std::string previous = store_->latestName();
            throw CheckpointError(std::string(e.what()) + "\nsaving checkpoint " +
                                  CheckpointLayout::nameOfStep(state_.step) + " failed; " +
                                  (previous.empty()
                                       ? std::string("no earlier checkpoint exists")
                                       : "the previous checkpoint " + previous +
                                             " is intact: free space and continue with --resume"));
        }
        if (state_.bestCheckpoint == CheckpointLayout::nameOfStep(state_.step))
            store_->markBest(state_.bestCheckpoint, state_.best);
        event("checkpoint", fmt::format("saved {} ({})", dir.string(), reason),
              {{"checkpoint", dir.filename().string()}, {"reason", reason}});
        writeStatus("running");
    }
    if (collective_) collective_->barrier();
}

void Trainer::restore() {
    auto loaded = store_->loadLatest();
    if (!loaded) {
        if (request_.resume) event("warning", "no complete checkpoint yet; starting from step 0");
        return;
    }
    const std::string origin = loaded->dir.string();
    {
        torch::NoGradGuard noGrad;
        model::Encoder saved = model::loadHuggingFaceEncoder(loaded->dir, nullptr, dtype_);
        auto src = saved->named_parameters(true);
        for (auto& p : encoder_->named_parameters(true))
            p.value().copy_(src[p.key()]);
    }
    for (auto& o : objectives_) {
        const std::string prefix = o->name() + ".";
        torch::NoGradGuard noGrad;
        auto restoreInto = [&](const std::string& key, torch::Tensor& t) {
            auto it = loaded->heads.find(prefix + key);
            if (it == loaded->heads.end())
                throw CheckpointError(origin + ": heads.safetensors lacks '" + prefix + key + "'");
            t.copy_(it->second);
        };
        for (auto& p : o->heads().named_parameters(true))
            restoreInto(p.key(), p.value());
        for (auto& b : o->heads().named_buffers(true))
            restoreInto(b.key(), b.value());
        auto it = loaded->state.objectives.find(o->name());
        if (it == loaded->state.objectives.end())
            throw CheckpointError(origin + ": trainer_state.json has no state for objective '" +
                                  o->name() + "'");
        o->loadState(it->second, origin);
        o->loadTensors(loaded->optimizer, origin);
    }
    std::map<std::string, torch::Tensor> opt;
    for (const auto& [k, v] : loaded->optimizer)
        if (k.rfind("optimizer.", 0) == 0) opt[k.substr(10)] = v;
    optimizer_->loadState(opt, origin + "/optimizer.safetensors");
    state_ = loaded->state;
    event("resumed", fmt::format("resumed from {} at step {}", origin, state_.step),
          {{"checkpoint", loaded->dir.filename().string()}});
    if (state_.worldSize > 0 && state_.worldSize != world_)
        event("warning",
              fmt::format("resumed with {} worker(s) where {} wrote the checkpoint: the samplers "
                          "continue the same global item stream where it stopped, but each step "
                          "now takes {} x batch_size items of it instead of {} x batch_size (a "
                          "global batch {:.3g} times as large); the schedule counts steps and is "
                          "unchanged, so the rest of the run sees {:.3g} times as much data as "
                          "it would have",
                          world_, state_.worldSize, world_, state_.worldSize,
                          static_cast<double>(world_) / static_cast<double>(state_.worldSize),
                          static_cast<double>(world_) / static_cast<double>(state_.worldSize)),
              {{"world_size", world_}, {"checkpoint_world_size", state_.worldSize}});
    state_.worldSize = world_;
}

}  // namespace isomorph::train::detail

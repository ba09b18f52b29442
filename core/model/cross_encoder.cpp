#include "core/model/cross_encoder.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/model/cross_encoder_model.h"
#include "core/model_io/safetensors.h"
#include "core/runtime/scoped_thread_counts.h"
#include "core/workspace/run_layout.h"

namespace isomorph::model {

bool isCrossEncoderCheckpoint(const std::filesystem::path& dir) {
    std::error_code ec;
    const std::filesystem::path heads = dir / workspace::CheckpointLayout::kHeadsFile;
    if (!std::filesystem::exists(heads, ec)) return false;
    try {
        const auto file = model_io::SafetensorsFile::open(heads);
        for (const auto& t : file.tensors())
            if (t.name.rfind(kRelevanceHeadPrefix, 0) == 0) return true;
    } catch (const std::exception&) {  // damaged: not a usable cross-encoder
    }
    return false;
}
namespace fs = std::filesystem;

struct CrossEncoder::Impl {
    CrossEncoderModel model;
    CrossEncoderOptions options;
    torch::Device device = torch::kCPU;
    InputBudget budget;
    int threads = 1;
};

CrossEncoder::CrossEncoder(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CrossEncoder::~CrossEncoder() = default;

std::unique_ptr<CrossEncoder> CrossEncoder::open(const fs::path& model,
                                                 const CrossEncoderOptions& options) {
    runtime::requireAvailable(options.device, "setting 'device'");
    if (options.batchSize <= 0) throw ConfigError("setting 'batch_size' must be positive");
    auto impl = std::make_unique<Impl>();
    impl->options = options;
    impl->model = loadCrossEncoderModel(workspace::resolveCheckpoint(model));
    impl->budget =
        inputBudget(impl->model.encoder->config, options.maxTokens, options.maxQueryTokens);
    impl->threads = runtime::resolveThreadCount(options.threads);
    impl->device = options.device.isCuda()
                       ? torch::Device(torch::kCUDA, std::max(0, options.device.index))
                       : torch::Device(torch::kCPU);
    impl->model.encoder->to(impl->device);
    impl->model.head->to(impl->device);
    impl->model.encoder->eval();
    impl->model.head->eval();
    return std::unique_ptr<CrossEncoder>(new CrossEncoder(std::move(impl)));
}

const fs::path& CrossEncoder::checkpoint() const {
    return impl_->model.checkpoint;
}
int64_t CrossEncoder::maxTokens() const {
    return impl_->budget.maxTokens;
}
int64_t CrossEncoder::maxQueryTokens() const {
    return impl_->budget.maxQueryTokens;
}

std::vector<double> CrossEncoder::score(const std::vector<TextPair>& pairs,
                                        CrossEncoderStats* stats, const ProgressFn& progress) {
    const auto start = std::chrono::steady_clock::now();
    torch::InferenceMode inference;  // thread-local: set in whichever thread scores
    runtime::ScopedThreadCounts threads({impl_->threads, 0});
    CrossEncoderStats local;
    CrossEncoderStats& s = stats != nullptr ? *stats : local;
    const std::vector<PackedPair> packed =
        packTextPairs(impl_->model.tokenizer, pairs, impl_->budget, s);
    std::vector<double> out =
        scorePacked(impl_->model, packed, impl_->options.batchSize, impl_->device, progress);
    s.pairs += static_cast<int64_t>(pairs.size());
    s.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

}  // namespace isomorph::model

#include "core/model/encoding_service.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "core/common/distinct_rows.h"
#include "core/common/errors.h"
#include "core/model/checkpoint_tokenizer.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/model_export.h"
#include "core/model/npy_writer.h"
#include "core/model/pooling.h"
#include "core/runtime/host_to_device.h"
#include "core/runtime/scoped_thread_counts.h"
#include "core/runtime/system_info.h"
#include "core/workspace/run_layout.h"

namespace isomorph::model {
namespace fs = std::filesystem;

struct EncodingService::Impl {
    Encoder encoder = nullptr;
    Encoder queryEncoder = nullptr;  ///< the separate query encoder, when the checkpoint has one
    CheckpointTokenizer tokenizer;
    EncodeOptions options;
    torch::Device device = torch::kCPU;
    int64_t maxTokens = 0;
    int threads = 1;  ///< CPU: batches encoded at once, one intra-op thread each
    std::map<TextRole, std::string> prompts;  ///< put before each text of a role

    // <s> ids </s> (or [CLS] ids [SEP]), cut to maxTokens; counts truncation and empty inputs.
    std::vector<int64_t> tokenize(const std::string& sentence, const std::string& prompt,
                                  EncodeStats& stats) const {
        std::vector<int32_t> ids = tokenizer.encode(prompt.empty() ? sentence : prompt + sentence);
        if (sentence.empty()) ++stats.empty;
        std::vector<int64_t> out;
        out.reserve(ids.size() + 2);
        out.push_back(tokenizer.bos);
        const size_t room = static_cast<size_t>(maxTokens - 2);
        if (ids.size() > room) {
            ids.resize(room);
            ++stats.truncated;
        }
        out.insert(out.end(), ids.begin(), ids.end());
        out.push_back(tokenizer.eos);
        return out;
    }

    // One padded batch -> [batch, hidden] pooled vectors.
    torch::Tensor encodeBatch(const std::vector<const std::vector<int64_t>*>& batch,
                              Encoder& model) {
        int64_t longest = 0;
        for (const auto* ids : batch)
            longest = std::max<int64_t>(longest, static_cast<int64_t>(ids->size()));
        // host: the padded batch is filled here, then runtime::toDevice
        auto ids =
            torch::full({static_cast<int64_t>(batch.size()), longest}, tokenizer.pad, torch::kLong);
        auto mask = torch::zeros_like(ids);
        for (size_t i = 0; i < batch.size(); ++i) {
            const auto& row = *batch[i];
            const int64_t n = static_cast<int64_t>(row.size());
            // host: one row of the host batch
            ids[static_cast<int64_t>(i)].narrow(0, 0, n).copy_(torch::tensor(row, torch::kLong));
            mask[static_cast<int64_t>(i)].narrow(0, 0, n).fill_(1);
        }
        ids = runtime::toDevice(ids, device, torch::kLong);
        mask = runtime::toDevice(mask, device, torch::kLong);
        const bool layer = options.pooling.kind == Pooling::Kind::LayerMean;
        EncoderOutput out = model->forward(ids, mask, {}, layer);
        torch::Tensor pooled = poolSentences(out, mask, options.pooling);
        if (options.normalize)
            pooled = torch::nn::functional::normalize(
                pooled, torch::nn::functional::NormalizeFuncOptions().dim(1));
        return pooled.to(torch::kCPU, torch::kFloat32).contiguous();
    }
};

namespace {

/// Each role's prompt (EncodeOptions::prompt says how they are chosen).
std::map<TextRole, std::string> resolvePrompts(const fs::path& checkpoint,
                                               const EncodeOptions& options) {
    std::map<TextRole, std::string> out = {
        {TextRole::Sentence, ""}, {TextRole::Query, ""}, {TextRole::Passage, ""}};
    if (options.noPrompt) return out;
    const SentenceTransformersPrompts prompts = readSentenceTransformersPrompts(checkpoint);
    auto named = [&](const std::string& name) {
        const auto it = prompts.prompts.find(name);
        return it == prompts.prompts.end() ? std::string() : it->second;
    };
    if (!options.prompt.empty()) {
        if (!prompts.prompts.count(options.prompt)) {
            std::string known;
            for (const auto& [name, text] : prompts.prompts)
                known += (known.empty() ? "" : ", ") + name;
            throw ConfigError(fmt::format(
                "--prompt {}: {} has {} (config_sentence_transformers.json)", options.prompt,
                checkpoint.string(), known.empty() ? "no prompts" : "the prompts " + known));
        }
        for (auto& [role, text] : out)
            text = named(options.prompt);
        return out;
    }
    out[TextRole::Query] = named("query");
    out[TextRole::Passage] = named("passage");
    out[TextRole::Sentence] =
        prompts.defaultName.empty() ? named("query") : named(prompts.defaultName);
    return out;
}

}  // namespace

std::string promptText(const fs::path& checkpoint, TextRole role, const EncodeOptions& options) {
    return resolvePrompts(checkpoint, options).at(role);
}

std::vector<int32_t> promptIds(const fs::path& checkpoint, TextRole role,
                               const EncodeOptions& options) {
    const std::string prompt = promptText(checkpoint, role, options);
    if (prompt.empty()) return {};
    return loadCheckpointTokenizer(checkpoint).encode(prompt);
}

EncodingService::EncodingService(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
EncodingService::~EncodingService() = default;

std::unique_ptr<EncodingService> EncodingService::open(const fs::path& model,
                                                       const EncodeOptions& options) {
    const fs::path checkpoint = workspace::resolveCheckpoint(model);
    runtime::requireAvailable(options.device, "setting 'device'");
    if (options.batchSize <= 0) throw ConfigError("setting 'batch_size' must be positive");
    auto impl = std::make_unique<Impl>();
    impl->options = options;
    impl->threads = runtime::resolveThreadCount(options.threads);
    // The weights first: config.json's model_type is the first thing a foreign folder fails on.
    impl->encoder = loadHuggingFaceEncoder(checkpoint);
    impl->tokenizer = loadCheckpointTokenizer(checkpoint);
    impl->queryEncoder = loadQueryEncoder(checkpoint);
    const auto& config = impl->encoder->config;
    if (impl->tokenizer.vocabSize > config.vocabSize) {
        throw CheckpointError(
            impl->tokenizer.file.string() + " has " + std::to_string(impl->tokenizer.vocabSize) +
            " ids but the model's embedding matrix has " + std::to_string(config.vocabSize) +
            " rows; the tokenizer does not belong to this model");
    }
    if (options.pooling.kind == Pooling::Kind::LayerMean &&
        options.pooling.layer > config.numLayers) {
        throw ConfigError("setting 'pooling' layer:" + std::to_string(options.pooling.layer) +
                          " but the model has " + std::to_string(config.numLayers) +
                          " layers (use 0.." + std::to_string(config.numLayers) + ")");
    }
    impl->prompts = resolvePrompts(checkpoint, options);
    impl->maxTokens = options.maxTokens > 0 ? std::min(options.maxTokens, config.maxTokens())
                                            : config.maxTokens();
    if (impl->maxTokens < 3)
        throw ConfigError("setting 'max_tokens' must be at least 3 (<s>, one token, </s>)");
    impl->device = options.device.isCuda()
                       ? torch::Device(torch::kCUDA, std::max(0, options.device.index))
                       : torch::Device(torch::kCPU);
    for (Encoder* e : {&impl->encoder, &impl->queryEncoder}) {
        if (e->is_empty()) continue;
        (*e)->to(impl->device);
        (*e)->eval();
    }
    return std::unique_ptr<EncodingService>(new EncodingService(std::move(impl)));
}

int64_t EncodingService::dimension() const {
    return impl_->encoder->config.hiddenSize;
}

bool EncodingService::hasUnknownTokens(const std::string& text) const {
    if (impl_->tokenizer.unk < 0) return false;
    const std::vector<int32_t> ids = impl_->tokenizer.encode(text);
    return std::find(ids.begin(), ids.end(), impl_->tokenizer.unk) != ids.end();
}

bool EncodingService::hasQueryEncoder() const {
    return !impl_->queryEncoder.is_empty();
}

std::vector<float> EncodingService::encode(const std::vector<std::string>& sentences,
                                           EncodeStats* stats) {
    return encodeWith(sentences, stats,
                      impl_->options.queries ? TextRole::Query : TextRole::Sentence);
}

std::vector<float> EncodingService::encodeQueries(const std::vector<std::string>& queries,
                                                  EncodeStats* stats) {
    return encodeWith(queries, stats, TextRole::Query);
}

std::vector<float> EncodingService::encodePassages(const std::vector<std::string>& passages,
                                                   EncodeStats* stats) {
    return encodeWith(passages, stats, TextRole::Passage);
}

const std::string& EncodingService::prompt(TextRole role) const {
    return impl_->prompts.at(role);
}

std::vector<float> EncodingService::encodeWith(const std::vector<std::string>& sentences,
                                               EncodeStats* stats, TextRole role) {
    const bool queries = role == TextRole::Query;
    Encoder& model = queries && hasQueryEncoder() ? impl_->queryEncoder : impl_->encoder;
    const std::string& prompt = impl_->prompts.at(role);
    // Inference mode is thread-local: set it here, in whichever thread encodes.
    torch::InferenceMode inference;
    EncodeStats local;
    EncodeStats& s = stats != nullptr ? *stats : local;
    std::vector<std::vector<int64_t>> ids;
    ids.reserve(sentences.size());
    for (const auto& sentence : sentences)
        ids.push_back(impl_->tokenize(sentence, prompt, s));
    // Identical inputs are encoded once and share the vector (distinct_rows.h says why).
    DistinctRows once = distinctRows(ids);
    std::vector<size_t> order = std::move(once.distinct);
    // Longest first, so batches hold inputs of similar length and padding is minimal.
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return ids[a].size() > ids[b].size(); });
    const int64_t dim = dimension();
    std::vector<float> out(sentences.size() * static_cast<size_t>(dim));
    const size_t batchSize = static_cast<size_t>(impl_->options.batchSize);
    const size_t batches = (order.size() + batchSize - 1) / batchSize;
    auto runBatch = [&](size_t b) {
        const size_t start = b * batchSize, end = std::min(order.size(), start + batchSize);
        std::vector<const std::vector<int64_t>*> batch;
        for (size_t i = start; i < end; ++i)
            batch.push_back(&ids[order[i]]);
        const torch::Tensor pooled = impl_->encodeBatch(batch, model);
        const float* p = pooled.data_ptr<float>();
        for (size_t i = start; i < end; ++i) {
            std::copy(p + (i - start) * dim, p + (i - start + 1) * dim,
                      out.begin() + static_cast<std::ptrdiff_t>(order[i] * dim));
        }
    };
    const int workers = impl_->device.is_cpu() ? std::max(1, impl_->threads) : 1;
    // The service's thread count holds while it encodes, not after: the process (a GUI worker,
    // another service) keeps its own.
    runtime::ScopedThreadCounts threads({impl_->threads, 0});
    if (workers <= 1 || batches < 2) {
        for (size_t b = 0; b < batches; ++b)
            runBatch(b);
    } else {
        // Small GEMMs (a 256-wide encoder) scale poorly across threads, so with N threads we
        // encode N batches at once, one intra-op thread each. The first batch runs alone to
        // build the model's inference caches.
        runBatch(0);
        std::atomic<size_t> nextBatch{1};
        std::exception_ptr failure;
        std::mutex failureMutex;
        // N batches at once, each calling BLAS: one OpenBLAS thread each, or they oversubscribe.
        runtime::ScopedThreadCounts oneBlasThread({0, 1});
        std::vector<std::thread> pool;
        for (int w = 0; w < workers; ++w) {
            pool.emplace_back([&] {
                try {
                    torch::InferenceMode
                        workerInference;  // thread-local: every worker sets its own
                    runtime::useOneIntraOpThreadInThisThread();
                    for (size_t b; (b = nextBatch.fetch_add(1)) < batches;)
                        runBatch(b);
                } catch (...) {
                    std::lock_guard<std::mutex> lock(failureMutex);
                    if (!failure) failure = std::current_exception();
                    nextBatch = batches;
                }
            });
        }
        for (auto& t : pool)
            t.join();
        if (failure) std::rethrow_exception(failure);
    }
    for (size_t i = 0; i < ids.size(); ++i)
        if (once.firstOf[i] != i)
            std::copy_n(out.begin() + static_cast<std::ptrdiff_t>(once.firstOf[i] * dim), dim,
                        out.begin() + static_cast<std::ptrdiff_t>(i * dim));
    s.sentences += static_cast<int64_t>(sentences.size());
    return out;
}

EncodeStats EncodingService::encodeToNpy(const std::function<bool(std::string&)>& next,
                                         const fs::path& output, const ProgressFn& progress) {
    const auto start = std::chrono::steady_clock::now();
    EncodeStats stats;
    NpyWriter writer(output, dimension());
    std::vector<std::string> chunk;
    std::string line;
    bool more = true;
    while (more) {
        chunk.clear();
        while (static_cast<int64_t>(chunk.size()) < impl_->options.chunkSentences &&
               (more = next(line))) {
            chunk.push_back(line);
        }
        if (chunk.empty()) break;
        const std::vector<float> vectors = encode(chunk, &stats);
        writer.append(vectors.data(), static_cast<int64_t>(chunk.size()));
        if (progress && !progress(Progress{"encode", stats.sentences, 0}))
            throw Cancelled("encoding cancelled");
    }
    writer.finish();
    stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return stats;
}

}  // namespace isomorph::model

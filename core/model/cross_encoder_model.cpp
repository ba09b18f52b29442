#include "core/model/cross_encoder_model.h"

#include <algorithm>
#include <iterator>
#include <numeric>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/common/errors.h"
#include "core/model/hf_checkpoint.h"

namespace isomorph::model {
namespace fs = std::filesystem;

namespace {

const char* const kHeadTensors[] = {"dense.weight", "dense.bias", "out_proj.weight",
                                    "out_proj.bias"};

void loadHead(ScoringHead& head, const TensorMap& tensors, const fs::path& dir,
              RelevanceHead policy) {
    std::vector<std::string> missing;
    for (const char* name : kHeadTensors)
        if (!tensors.count(kRelevanceHeadPrefix + std::string(name)))
            missing.push_back(kRelevanceHeadPrefix + std::string(name));
    if (missing.size() == std::size(kHeadTensors) && policy == RelevanceHead::MayBeAbsent) return;
    if (missing.size() == std::size(kHeadTensors))
        throw CheckpointError(fmt::format(
            "{} is not a cross-encoder: it has no relevance head ({}* tensors in "
            "heads.safetensors), so it cannot score (query, document) pairs. It looks like a "
            "bi-encoder or MLM checkpoint: use it for first-stage search (--model), and pass to "
            "--rerank a checkpoint trained with the XLP objective (rr)",
            dir.string(), kRelevanceHeadPrefix));
    if (!missing.empty())
        throw CheckpointError(fmt::format("{}/heads.safetensors: the relevance head lacks {}",
                                          dir.string(), fmt::join(missing, ", ")));
    torch::NoGradGuard noGrad;
    for (auto& item : head->named_parameters(true)) {
        const std::string name = kRelevanceHeadPrefix + item.key();
        const auto it = tensors.find(name);
        if (it == tensors.end()) continue;  // dropout has none; every Linear tensor is checked
        if (it->second.sizes() != item.value().sizes())
            throw CheckpointError(
                fmt::format("{}/heads.safetensors: tensor {} has shape [{}], the model needs [{}]",
                            dir.string(), name, fmt::join(it->second.sizes(), ", "),
                            fmt::join(item.value().sizes(), ", ")));
        item.value().copy_(it->second.to(item.value().scalar_type()));
    }
}

}  // namespace

PackedPair packPair(const std::vector<int32_t>& query, const std::vector<int32_t>& document,
                    const CheckpointTokenizer& tokenizer, int64_t maxTokens,
                    int64_t maxQueryTokens) {
    return data::samplers::packCrossEncoderInput(
        query, document, static_cast<uint32_t>(maxQueryTokens), static_cast<uint32_t>(maxTokens),
        tokenizer.specialIds());
}

PairBatch makePairBatch(const std::vector<const PackedPair*>& pairs, int64_t pad,
                        const torch::Device& device) {
    std::vector<PackedPair> rows;
    rows.reserve(pairs.size());
    for (const auto* p : pairs)
        rows.push_back(*p);
    const data::samplers::CrossEncoderBatch b =
        data::samplers::collateCrossEncoderInputs(rows, 1, static_cast<int32_t>(pad));
    // Views of the collated buffers; each .to() below copies them into a new int64/bool tensor.
    const auto view = [&](const auto* data, torch::ScalarType type) {
        return torch::from_blob(const_cast<void*>(static_cast<const void*>(data)),
                                {b.ids.rows, b.ids.cols}, torch::TensorOptions().dtype(type));
    };
    auto keep = view(b.ids.attention.data(), torch::kInt32).to(torch::kLong);
    auto ids = view(b.ids.ids.data(), torch::kInt32).to(torch::kLong);
    auto types = view(b.tokenTypes.data(), torch::kInt32).to(torch::kLong);
    auto global = view(b.global.data(), torch::kUInt8).to(torch::kBool);
    return {ids.to(device), keep.to(device), types.to(device), global.to(device)};
}

torch::Tensor CrossEncoderModel::forward(const PairBatch& batch) {
    EncoderOutput out = encoder->forward(batch.ids, batch.keep, batch.tokenTypes,
                                         /*keepHidden=*/false, batch.global);
    return head->forward(out.lastHidden);
}

std::map<std::string, torch::Tensor> CrossEncoderModel::headTensors() const {
    std::map<std::string, torch::Tensor> out;
    for (const auto& item : head->named_parameters(true))
        out[kRelevanceHeadPrefix + item.key()] = item.value().detach();
    return out;
}

InputBudget inputBudget(const EncoderConfig& config, int64_t maxTokens, int64_t maxQueryTokens) {
    if (maxQueryTokens < 1)
        throw ConfigError(
            fmt::format("setting 'max_query_tokens' must be at least 1 (got {})", maxQueryTokens));
    InputBudget b;
    const int64_t fallback = config.trainedInputTokens > 0
                                 ? std::min(config.trainedInputTokens, config.maxTokens())
                                 : config.maxTokens();
    b.maxTokens = maxTokens > 0 ? std::min(maxTokens, config.maxTokens()) : fallback;
    // <s> q </s> d </s> with at least one query and one document token.
    if (b.maxTokens < 5)
        throw ConfigError(
            fmt::format("setting 'max_tokens' is {}; a cross-encoder input needs at least 5 tokens "
                        "(<s> query </s> document </s>)",
                        b.maxTokens));
    // The query may take at most half the input, so documents keep room to be judged.
    b.maxQueryTokens = std::min(maxQueryTokens, (b.maxTokens - 3) / 2);
    return b;
}

std::vector<PackedPair> packTextPairs(const CheckpointTokenizer& tok,
                                      const std::vector<TextPair>& pairs, const InputBudget& budget,
                                      CrossEncoderStats& stats) {
    // A query is scored against many documents: tokenize each distinct text once.
    std::map<std::string, std::vector<int32_t>> queryIds;
    std::vector<PackedPair> packed;
    packed.reserve(pairs.size());
    for (const TextPair& p : pairs) {
        auto it = queryIds.find(*p.query);
        if (it == queryIds.end()) {
            it = queryIds.emplace(*p.query, tok.encode(*p.query)).first;
            if (static_cast<int64_t>(it->second.size()) > budget.maxQueryTokens)
                ++stats.queriesTruncated;
        }
        packed.push_back(packPair(it->second, tok.encode(*p.document), tok, budget.maxTokens,
                                  budget.maxQueryTokens));
        if (packed.back().documentTruncated) ++stats.documentsTruncated;
    }
    return packed;
}

std::vector<double> scorePacked(CrossEncoderModel& model, const std::vector<PackedPair>& packed,
                                int batchSize, const torch::Device& device,
                                const ProgressFn& progress) {
    // Longest first, so batches hold inputs of similar length and padding is minimal.
    std::vector<size_t> order(packed.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return packed[a].ids.size() > packed[b].ids.size();
    });
    std::vector<double> out(packed.size());
    const auto step = static_cast<size_t>(std::max(1, batchSize));
    for (size_t begin = 0; begin < order.size(); begin += step) {
        const size_t end = std::min(order.size(), begin + step);
        std::vector<const PackedPair*> batch;
        for (size_t i = begin; i < end; ++i)
            batch.push_back(&packed[order[i]]);
        const torch::Tensor scores =
            model.forward(makePairBatch(batch, model.tokenizer.pad, device))
                .detach()
                .to(torch::kCPU, torch::kFloat64)
                .contiguous();
        if (!torch::isfinite(scores).all().item<bool>())
            throw Diverged(fmt::format(
                "{}: the cross-encoder produced a non-finite score; its weights are damaged "
                "(check the training run's loss for NaN)",
                model.checkpoint.string()));
        const double* p = scores.data_ptr<double>();
        for (size_t i = begin; i < end; ++i)
            out[order[i]] = p[i - begin];
        if (progress && !progress(Progress{"score", static_cast<int64_t>(end),
                                           static_cast<int64_t>(order.size())}))
            throw Cancelled("re-ranking cancelled");
    }
    return out;
}

CrossEncoderModel loadCrossEncoderModel(const fs::path& checkpoint, RelevanceHead policy) {
    CrossEncoderModel m;
    m.checkpoint = checkpoint;
    const TensorMap heads = loadHeadTensors(checkpoint);
    m.encoder = loadHuggingFaceEncoder(checkpoint);
    const EncoderConfig& c = m.encoder->config;
    m.head = ScoringHead(c.hiddenSize, c.hiddenDropout);
    // Without token types for two segments it is no cross-encoder at all: the head is required,
    // whose absence names what to pass instead.
    loadHead(m.head, heads, checkpoint, c.typeVocabSize < 2 ? RelevanceHead::Required : policy);
    if (c.typeVocabSize < 2)
        throw CheckpointError(fmt::format(
            "{}/config.json: type_vocab_size is {}, but a cross-encoder needs 2 token types "
            "(query and document segments); this checkpoint was not trained as a cross-encoder",
            checkpoint.string(), c.typeVocabSize));
    m.tokenizer = loadCheckpointTokenizer(checkpoint);
    if (m.tokenizer.vocabSize > c.vocabSize)
        throw CheckpointError(fmt::format(
            "{} has {} ids but the model's embedding matrix has {} rows; the tokenizer does not "
            "belong to this model",
            m.tokenizer.file.string(), m.tokenizer.vocabSize, c.vocabSize));
    return m;
}

}  // namespace isomorph::model

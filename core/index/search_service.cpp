#include "core/index/search_service.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/index/index_builder.h"
#include "core/model/encoding_service.h"
#include "core/model_io/checkpoint_path.h"

namespace isomorph::index {
namespace fs = std::filesystem;

namespace {

double since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

/// The checkpoint to encode queries with: --model when given (must match the index's encoder),
/// else the recorded one (must still exist and match).
fs::path chooseEncoder(const VectorIndex& index, const std::string& model) {
    const EncoderIdentity& built = index.metadata().encoder;
    const fs::path path =
        model.empty() ? fs::path(built.checkpoint) : model_io::resolveCheckpoint(model);
    if (model.empty() && !fs::exists(path))
        throw DataError(
            fmt::format("{}: the encoder that built this index ({}) is gone; pass "
                        "--model with the same checkpoint (fingerprint {})",
                        index.folder().string(), built.checkpoint, built.fingerprint));
    const std::string fingerprint = checkpointFingerprint(path);
    if (fingerprint != built.fingerprint)
        throw DataError(fmt::format(
            "{} (fingerprint {}) is not the encoder that built the index {} ({}, fingerprint {}): "
            "queries encoded by another model are not comparable with the indexed vectors; use "
            "that checkpoint or rebuild the index with this one",
            path.string(), fingerprint, index.folder().string(), built.checkpoint,
            built.fingerprint));
    return path;
}

}  // namespace

const char* searchModeName(SearchMode mode) {
    switch (mode) {
        case SearchMode::Dense:
            return "dense";
        case SearchMode::Lexical:
            return "bm25";
        case SearchMode::Hybrid:
            return "hybrid";
    }
    return "?";
}

SearchMode parseSearchMode(const std::string& text, const std::string& what) {
    if (text == "dense") return SearchMode::Dense;
    if (text == "bm25" || text == "lexical") return SearchMode::Lexical;
    if (text == "hybrid") return SearchMode::Hybrid;
    throw ConfigError(
        fmt::format("{}: unknown search mode '{}' (use dense, bm25 or hybrid)", what, text));
}

struct SearchService::Impl {
    std::unique_ptr<VectorIndex> index;
    std::unique_ptr<model::EncodingService> encoder;

    std::vector<ResultRow> rows(const std::vector<SearchHit>& hits) const {
        std::vector<ResultRow> out;
        for (const auto& hit : hits) {
            IndexedDocument doc = index->document(hit.row);
            out.push_back({static_cast<int>(out.size()) + 1, hit.score, hit.row, std::move(doc.id),
                           std::move(doc.language), std::move(doc.text)});
        }
        return out;
    }

    void checkOptions(const QueryOptions& options) const {
        if (options.k < 1)
            throw DataError(fmt::format("--k must be at least 1 (got {})", options.k));
        if (options.mode != SearchMode::Dense)
            throw ConfigError(
                fmt::format("{} has no BM25 index, so --mode {} is not available; rebuild it with "
                            "`isomorph-cli index build --bm25` or use --mode dense",
                            index->folder().string(), searchModeName(options.mode)));
    }
};

SearchService::SearchService(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SearchService::~SearchService() = default;
const VectorIndex& SearchService::index() const {
    return *impl_->index;
}
bool SearchService::hasLexical() const {
    return false;
}

std::unique_ptr<SearchService> SearchService::open(const fs::path& indexDir,
                                                   const SearchServiceOptions& options) {
    auto impl = std::make_unique<Impl>();
    impl->index = VectorIndex::open(indexDir);
    const IndexMetadata& meta = impl->index->metadata();
    const fs::path checkpoint = chooseEncoder(*impl->index, options.model);
    model::EncodeOptions encode;
    encode.pooling = model::Pooling::parse(meta.encoder.pooling, "index.json encoder.pooling");
    encode.maxTokens = meta.encoder.maxTokens;
    encode.device = options.device;
    encode.threads = options.threads;
    impl->encoder = model::EncodingService::open(checkpoint, encode);
    if (impl->encoder->dimension() != meta.dim)
        throw DataError(
            fmt::format("{} produces dimension {} vectors but the index holds "
                        "dimension {}",
                        checkpoint.string(), impl->encoder->dimension(), meta.dim));
    return std::unique_ptr<SearchService>(new SearchService(std::move(impl)));
}

std::vector<ResultRow> SearchService::search(const std::string& text, const QueryOptions& options,
                                             SearchTimings* timings) const {
    if (text.find_first_not_of(" \t\r\n") == std::string::npos)
        throw DataError("the query is empty: type some words to search for");
    impl_->checkOptions(options);
    auto t = std::chrono::steady_clock::now();
    const std::vector<float> q = impl_->encoder->encode({text});
    if (timings) timings->encodeSeconds = since(t);
    t = std::chrono::steady_clock::now();
    SearchOptions so{options.k, options.language, options.efSearch, options.probe};
    const auto hits = impl_->index->search(q.data(), impl_->encoder->dimension(), so);
    auto out = impl_->rows(hits);
    if (timings) timings->searchSeconds = since(t);
    return out;
}

std::vector<std::vector<ResultRow>> SearchService::searchMany(
    const std::vector<std::string>& texts, const QueryOptions& options,
    const std::function<bool(int64_t, int64_t)>& progress) const {
    impl_->checkOptions(options);
    const auto total = static_cast<int64_t>(texts.size());
    std::vector<std::vector<ResultRow>> out;
    constexpr int64_t kChunk = 1024;
    for (int64_t i = 0; i < total; i += kChunk) {
        if (progress && !progress(i, total)) throw Cancelled("search cancelled");
        const std::vector<std::string> chunk(texts.begin() + i,
                                             texts.begin() + std::min(total, i + kChunk));
        const auto q = impl_->encoder->encode(chunk);
        SearchOptions so{options.k, options.language, options.efSearch, options.probe};
        const auto hits = impl_->index->searchBatch(q.data(), static_cast<int64_t>(chunk.size()),
                                                    impl_->encoder->dimension(), so);
        for (const auto& h : hits)
            out.push_back(impl_->rows(h));
    }
    if (progress) progress(total, total);
    return out;
}

}  // namespace isomorph::index

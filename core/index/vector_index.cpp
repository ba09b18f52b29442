#include "core/index/vector_index.h"

#include <algorithm>
#include <cblas.h>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <mutex>
#include <set>

#include <faiss/IndexFlat.h>
#include <faiss/IndexHNSW.h>
#include <faiss/IndexIVFFlat.h>
#include <faiss/impl/FaissException.h>
#include <faiss/impl/IDSelector.h>
#include <faiss/index_io.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/common/staging_dir.h"
#include "core/common/utc_time.h"
#include "core/model_io/npy_reader.h"
#include "core/workspace/run_layout.h"

namespace isomorph::index {
namespace fs = std::filesystem;
using nlohmann::json;
using workspace::CheckpointLayout;

namespace {

// faiss::idx_t moved from Index to the namespace in FAISS 1.7.4; ntotal has that type in both.
using FaissId = decltype(faiss::Index::ntotal);
constexpr const char* kMetaFile = "index.json";
constexpr const char* kVectorsFile = "vectors.faiss";
constexpr const char* kDocsFile = "documents.jsonl";
constexpr const char* kOffsetsFile = "documents.offsets";
constexpr const char* kLanguagesFile = "languages.u16";
constexpr int64_t kAddChunk = 16384;  // rows added per FAISS call (progress granularity)

json paramsToJson(const IndexParams& p) {
    return {{"kind", indexKindName(p.kind)},
            {"hnsw_m", p.hnswM},
            {"hnsw_ef_construction", p.hnswEfConstruction},
            {"hnsw_ef_search", p.hnswEfSearch},
            {"ivf_lists", p.ivfLists},
            {"ivf_probe", p.ivfProbe},
            {"ivf_train_rows", p.ivfTrainRows},
            {"seed", p.seed}};
}

json metadataToJson(const IndexMetadata& m) {
    return {{"schema_version", m.schemaVersion},
            {"params", paramsToJson(m.params)},
            {"rows", m.rows},
            {"dim", m.dim},
            {"metric", "inner_product"},
            {"normalized", m.normalized},
            {"encoder",
             {{"checkpoint", m.encoder.checkpoint},
              {"fingerprint", m.encoder.fingerprint},
              {"pooling", m.encoder.pooling},
              {"max_tokens", m.encoder.maxTokens}}},
            {"calibration", m.calibration},
            {"calibration_steps", m.calibrationSteps},
            {"languages", m.languages},
            {"language_counts", m.languageCounts},
            {"source", m.source},
            {"build_seconds", m.buildSeconds},
            {"created", m.created}};
}

IndexMetadata metadataFromJson(const json& j) {
    IndexMetadata m;
    m.schemaVersion = j.at("schema_version").get<int>();
    const json& p = j.at("params");
    m.params.kind = parseIndexKind(p.at("kind").get<std::string>(), "params.kind");
    m.params.hnswM = p.at("hnsw_m");
    m.params.hnswEfConstruction = p.at("hnsw_ef_construction");
    m.params.hnswEfSearch = p.at("hnsw_ef_search");
    m.params.ivfLists = p.at("ivf_lists");
    m.params.ivfProbe = p.at("ivf_probe");
    m.params.ivfTrainRows = p.at("ivf_train_rows");
    m.params.seed = p.at("seed");
    m.rows = j.at("rows");
    m.dim = j.at("dim");
    m.normalized = j.at("normalized");
    const json& e = j.at("encoder");
    m.encoder = {e.at("checkpoint"), e.at("fingerprint"), e.at("pooling"), e.at("max_tokens")};
    m.calibration = j.at("calibration");
    m.calibrationSteps = j.at("calibration_steps");
    m.languages = j.at("languages").get<std::vector<std::string>>();
    m.languageCounts = j.at("language_counts").get<std::vector<int64_t>>();
    m.source = j.at("source");
    m.buildSeconds = j.at("build_seconds");
    m.created = j.at("created");
    return m;
}

void normalizeRows(float* data, int64_t rows, int64_t dim) {
    for (int64_t r = 0; r < rows; ++r) {
        float* v = data + r * dim;
        const float norm = cblas_snrm2(static_cast<int>(dim), v, 1);
        if (norm > 0) cblas_sscal(static_cast<int>(dim), 1.0f / norm, v, 1);
    }
}

void validateParams(const IndexParams& p, int64_t rows) {
    std::vector<std::string> problems;
    if (p.hnswM < 2 || p.hnswM > 512) problems.push_back("hnsw_m must be in [2, 512]");
    if (p.hnswEfConstruction < 1) problems.push_back("hnsw_ef_construction must be >= 1");
    if (p.hnswEfSearch < 1) problems.push_back("hnsw_ef_search must be >= 1");
    if (p.ivfLists < 0) problems.push_back("ivf_lists must be >= 0 (0 = automatic)");
    if (p.ivfProbe < 1) problems.push_back("ivf_probe must be >= 1");
    if (p.kind == IndexKind::Ivf && p.ivfLists > 0 && p.ivfLists > rows)
        problems.push_back(fmt::format(
            "ivf_lists ({}) exceeds the number of rows ({}): use fewer lists or a flat index",
            p.ivfLists, rows));
    if (!problems.empty())
        throw ConfigError("index parameters: " + fmt::format("{}", fmt::join(problems, "; ")));
}

int ivfListsFor(const IndexParams& p, int64_t rows) {
    if (p.ivfLists > 0) return p.ivfLists;
    const auto automatic = static_cast<int64_t>(4 * std::sqrt(static_cast<double>(rows)));
    return static_cast<int>(std::clamp<int64_t>(std::min(automatic, rows / 39), 1, 65536));
}

/// Evenly spaced rows for k-means training (deterministic).
std::vector<float> trainingSample(const std::vector<float>& vectors, int64_t rows, int64_t dim,
                                  int64_t want) {
    if (want >= rows) return vectors;
    std::vector<float> out(static_cast<size_t>(want * dim));
    for (int64_t i = 0; i < want; ++i) {
        const int64_t r = i * rows / want;
        std::memcpy(out.data() + i * dim, vectors.data() + r * dim, dim * sizeof(float));
    }
    return out;
}

std::unique_ptr<faiss::Index> makeFaissIndex(const IndexParams& p, int64_t dim, int64_t rows,
                                             const std::vector<float>& vectors) {
    switch (p.kind) {
        case IndexKind::Flat:
            return std::make_unique<faiss::IndexFlatIP>(dim);
        case IndexKind::Hnsw: {
            auto hnsw =
                std::make_unique<faiss::IndexHNSWFlat>(dim, p.hnswM, faiss::METRIC_INNER_PRODUCT);
            hnsw->hnsw.efConstruction = p.hnswEfConstruction;
            hnsw->hnsw.efSearch = p.hnswEfSearch;
            return hnsw;
        }
        case IndexKind::Ivf: {
            const int lists = ivfListsFor(p, rows);
            // The IVF index owns its quantizer (own_fields); it takes it over only once it
            // exists, so a throwing constructor leaves the quantizer to this unique_ptr.
            auto quantizer = std::make_unique<faiss::IndexFlatIP>(dim);
            auto ivf = std::make_unique<faiss::IndexIVFFlat>(quantizer.get(), dim, lists,
                                                             faiss::METRIC_INNER_PRODUCT);
            ivf->own_fields = true;
            quantizer.release();
            ivf->cp.seed = static_cast<int>(p.seed);
            ivf->nprobe = p.ivfProbe;
            const int64_t sampleRows = std::max<int64_t>(p.ivfTrainRows, 39LL * lists);
            const auto sample = trainingSample(vectors, rows, dim, sampleRows);
            ivf->train(static_cast<FaissId>(sample.size() / dim), sample.data());
            return ivf;
        }
    }
    throw ConfigError("unknown index kind");
}

void writeDocuments(const fs::path& dir, const std::vector<IndexedDocument>& documents,
                    const std::vector<std::string>& languages) {
    std::string text, offsets, langs;
    offsets.reserve((documents.size() + 1) * 8);
    auto putU64 = [&](uint64_t v) {
        for (int i = 0; i < 8; ++i)
            offsets += static_cast<char>((v >> (8 * i)) & 0xff);
    };
    for (const auto& d : documents) {
        putU64(text.size());
        text += json{{"id", d.id}, {"lang", d.language}, {"text", d.text}}.dump(
                    -1, ' ', false, json::error_handler_t::replace) +
                "\n";
        const auto pos = std::lower_bound(languages.begin(), languages.end(), d.language);
        const auto code = static_cast<uint16_t>(pos - languages.begin());
        langs += static_cast<char>(code & 0xff);
        langs += static_cast<char>(code >> 8);
    }
    putU64(text.size());
    writeFileAtomically(dir / kDocsFile, text);
    writeFileAtomically(dir / kOffsetsFile, offsets);
    writeFileAtomically(dir / kLanguagesFile, langs);
}

void checkDocuments(const std::vector<IndexedDocument>& documents, int64_t rows) {
    if (static_cast<int64_t>(documents.size()) != rows)
        throw DataError(fmt::format("{} vectors but {} documents: every row needs one document",
                                    rows, documents.size()));
    std::map<std::string, int64_t> seen;
    for (int64_t r = 0; r < rows; ++r) {
        const auto& id = documents[static_cast<size_t>(r)].id;
        if (id.empty()) throw DataError(fmt::format("document of row {} has an empty id", r));
        const auto [it, fresh] = seen.emplace(id, r);
        if (!fresh)
            throw DataError(
                fmt::format("document id '{}' occurs twice (rows {} and {}); ids must "
                            "be unique",
                            id, it->second, r));
    }
}

std::string readWhole(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DataError(fmt::format("cannot read {}", path.string()));
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

const char* indexKindName(IndexKind kind) {
    switch (kind) {
        case IndexKind::Flat:
            return "flat";
        case IndexKind::Hnsw:
            return "hnsw";
        case IndexKind::Ivf:
            return "ivf";
    }
    return "?";
}

IndexKind parseIndexKind(const std::string& text, const std::string& what) {
    if (text == "flat") return IndexKind::Flat;
    if (text == "hnsw") return IndexKind::Hnsw;
    if (text == "ivf") return IndexKind::Ivf;
    throw ConfigError(
        fmt::format("{}: unknown index kind '{}' (use flat, hnsw or ivf)", what, text));
}

// ---- loaded index --------------------------------------------------------------------------

struct VectorIndex::Impl {
    fs::path dir;
    IndexMetadata meta;
    std::unique_ptr<faiss::Index> faiss;
    const float* flatRows = nullptr;  // exact index: the stored rows [rows, dim]
    std::vector<uint64_t> offsets;
    std::vector<uint16_t> languageOf;
    std::string noLanguage;
    std::mutex hnswMutex;  // FAISS 1.7.3 reads efSearch from the index, not from the parameters

    int languageCode(const std::string& lang) const {
        const auto it = std::find(meta.languages.begin(), meta.languages.end(), lang);
        if (it == meta.languages.end()) return -1;
        return static_cast<int>(it - meta.languages.begin());
    }
};

VectorIndex::VectorIndex(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
VectorIndex::~VectorIndex() = default;
const IndexMetadata& VectorIndex::metadata() const {
    return impl_->meta;
}
const fs::path& VectorIndex::folder() const {
    return impl_->dir;
}

void VectorIndex::build(const fs::path& dir, std::vector<float> vectors, int64_t dim,
                        const std::vector<IndexedDocument>& documents, IndexMetadata meta,
                        bool overwrite, const ProgressFn& progress,
                        const std::function<void(const fs::path&)>& writeMore) {
    const auto start = std::chrono::steady_clock::now();
    if (dim < 1) throw DataError("cannot index vectors of dimension 0");
    if (vectors.size() % static_cast<size_t>(dim) != 0)
        throw DataError("vector data is not a whole number of rows");
    const auto rows = static_cast<int64_t>(vectors.size()) / dim;
    if (rows < 1) throw DataError("nothing to index: the input has no rows");
    requireIndexTarget(dir, overwrite);
    validateParams(meta.params, rows);
    checkDocuments(documents, rows);
    const std::string bad = model_io::findNonFinite(vectors.data(), rows, dim);
    if (!bad.empty()) throw DataError("embeddings: " + bad + "; fix or drop that row");
    if (meta.normalized) normalizeRows(vectors.data(), rows, dim);

    std::map<std::string, int64_t> counts;
    for (const auto& d : documents)
        ++counts[d.language];
    meta.languages.clear();
    meta.languageCounts.clear();
    for (const auto& [lang, n] : counts) {
        meta.languages.push_back(lang);
        meta.languageCounts.push_back(n);
    }
    meta.rows = rows;
    meta.dim = dim;
    meta.schemaVersion = IndexMetadata::kSchemaVersion;

    StagingDir staging(dir);
    try {
        if (progress && !progress(Progress{"train", 0, rows}))
            throw Cancelled("index build cancelled");
        auto index = makeFaissIndex(meta.params, dim, rows, vectors);
        for (int64_t r0 = 0; r0 < rows; r0 += kAddChunk) {
            const int64_t n = std::min(kAddChunk, rows - r0);
            index->add(n, vectors.data() + r0 * dim);
            if (progress && !progress(Progress{"add", r0 + n, rows}))
                throw Cancelled("index build cancelled");
        }
        faiss::write_index(index.get(), (staging.path() / kVectorsFile).c_str());
    } catch (const faiss::FaissException& e) {
        throw DataError(fmt::format("FAISS could not build the {} index: {}",
                                    indexKindName(meta.params.kind), e.what()));
    }
    writeDocuments(staging.path(), documents, meta.languages);
    if (writeMore) writeMore(staging.path());
    meta.created = utcNow();
    meta.buildSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    writeFileAtomically(staging.path() / kMetaFile, metadataToJson(meta).dump(2) + "\n");
    staging.moveTo(dir);  // an existing dir was refused above unless `overwrite`
}

bool VectorIndex::isIndexFolder(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / kMetaFile, ec);
}

IndexMetadata VectorIndex::readMetadata(const fs::path& dir) {
    const fs::path metaPath = dir / kMetaFile;
    if (!fs::is_directory(dir))
        throw DataError(
            fmt::format("{} is not a folder: pass the folder written by "
                        "`isomorph-cli index build`",
                        dir.string()));
    if (!fs::exists(metaPath))
        throw DataError(
            fmt::format("{} is not an Isomorph index (no {}): build one with "
                        "`isomorph-cli index build`",
                        dir.string(), kMetaFile));
    try {
        const json j = json::parse(readWhole(metaPath));
        const int version = j.at("schema_version").get<int>();
        if (version > IndexMetadata::kSchemaVersion)
            throw DataError(
                fmt::format("{}: schema_version {} is newer than this Isomorph "
                            "understands ({}); update Isomorph or rebuild the index",
                            metaPath.string(), version, IndexMetadata::kSchemaVersion));
        return metadataFromJson(j);
    } catch (const json::exception& e) {
        throw DataError(fmt::format("{}: unreadable index metadata ({}); rebuild the index",
                                    metaPath.string(), e.what()));
    }
}

std::unique_ptr<VectorIndex> VectorIndex::open(const fs::path& dir) {
    auto impl = std::make_unique<Impl>();
    impl->dir = dir;
    impl->meta = readMetadata(dir);
    const IndexMetadata& m = impl->meta;
    try {
        impl->faiss.reset(faiss::read_index((dir / kVectorsFile).c_str()));
    } catch (const faiss::FaissException& e) {
        throw DataError(fmt::format("{}: FAISS cannot read it ({}); rebuild the index",
                                    (dir / kVectorsFile).string(), e.what()));
    }
    if (impl->faiss->ntotal != m.rows || impl->faiss->d != m.dim)
        throw DataError(fmt::format("{}: holds [{}, {}] but {} says [{}, {}]; rebuild the index",
                                    (dir / kVectorsFile).string(), impl->faiss->ntotal,
                                    impl->faiss->d, kMetaFile, m.rows, m.dim));
    if (auto* flat = dynamic_cast<faiss::IndexFlat*>(impl->faiss.get())) {
        impl->flatRows = flat->get_xb();
    } else if (auto* ivf = dynamic_cast<faiss::IndexIVF*>(impl->faiss.get())) {
        ivf->nprobe = m.params.ivfProbe;
    } else if (auto* hnsw = dynamic_cast<faiss::IndexHNSW*>(impl->faiss.get())) {
        hnsw->hnsw.efSearch = m.params.hnswEfSearch;
    }
    const std::string offsets = readWhole(dir / kOffsetsFile);
    const std::string langs = readWhole(dir / kLanguagesFile);
    if (offsets.size() != static_cast<size_t>(m.rows + 1) * 8 ||
        langs.size() != static_cast<size_t>(m.rows) * 2)
        throw DataError(fmt::format("{}: {} or {} does not match {} rows; rebuild the index",
                                    dir.string(), kOffsetsFile, kLanguagesFile, m.rows));
    impl->offsets.resize(static_cast<size_t>(m.rows + 1));
    std::memcpy(impl->offsets.data(), offsets.data(), offsets.size());  // little-endian host
    impl->languageOf.resize(static_cast<size_t>(m.rows));
    std::memcpy(impl->languageOf.data(), langs.data(), langs.size());
    return std::unique_ptr<VectorIndex>(new VectorIndex(std::move(impl)));
}

namespace {

IndexedDocument parseDocument(const std::string& line, const fs::path& file, int64_t row) {
    try {
        const json j = json::parse(line);
        return {j.at("id"), j.at("lang"), j.at("text")};
    } catch (const json::exception& e) {
        throw DataError(fmt::format("{}: row {} is damaged ({}); rebuild the index", file.string(),
                                    row, e.what()));
    }
}

}  // namespace

IndexedDocument VectorIndex::document(int64_t row) const {
    if (row < 0 || row >= impl_->meta.rows)
        throw DataError(
            fmt::format("row {} is outside the index (0..{})", row, impl_->meta.rows - 1));
    const auto begin = impl_->offsets[static_cast<size_t>(row)];
    const auto end = impl_->offsets[static_cast<size_t>(row) + 1];
    const fs::path file = impl_->dir / kDocsFile;
    std::ifstream in(file, std::ios::binary);
    std::string line(end - begin, '\0');
    in.seekg(static_cast<std::streamoff>(begin));
    if (!in.read(line.data(), static_cast<std::streamsize>(line.size())))
        throw DataError(
            fmt::format("{}: cannot read row {}; rebuild the index", file.string(), row));
    return parseDocument(line, file, row);
}

std::vector<std::string> VectorIndex::documentIds() const {
    const fs::path file = impl_->dir / kDocsFile;
    std::ifstream in(file, std::ios::binary);
    std::vector<std::string> ids;
    ids.reserve(static_cast<size_t>(impl_->meta.rows));
    std::string line;
    while (static_cast<int64_t>(ids.size()) < impl_->meta.rows && std::getline(in, line))
        ids.push_back(parseDocument(line, file, static_cast<int64_t>(ids.size())).id);
    if (static_cast<int64_t>(ids.size()) != impl_->meta.rows)
        throw DataError(fmt::format("{}: holds {} rows, index.json says {}; rebuild the index",
                                    file.string(), ids.size(), impl_->meta.rows));
    return ids;
}

const std::string& VectorIndex::language(int64_t row) const {
    const uint16_t code = impl_->languageOf.at(static_cast<size_t>(row));
    return code < impl_->meta.languages.size() ? impl_->meta.languages[code] : impl_->noLanguage;
}

std::vector<SearchHit> VectorIndex::search(const float* query, int64_t dim,
                                           const SearchOptions& options) const {
    return searchBatch(query, 1, dim, options).front();
}

std::vector<std::vector<SearchHit>> VectorIndex::searchBatch(const float* queries, int64_t count,
                                                             int64_t dim,
                                                             const SearchOptions& options) const {
    const IndexMetadata& m = impl_->meta;
    if (dim != m.dim)
        throw DataError(
            fmt::format("the query has dimension {} but the index holds dimension {} "
                        "vectors: encode queries with the index's model ({})",
                        dim, m.dim, m.encoder.checkpoint));
    if (options.k < 1) throw DataError(fmt::format("k must be at least 1 (got {})", options.k));
    if (count < 1) return {};
    const std::string bad = model_io::findNonFinite(queries, count, dim);
    if (!bad.empty()) throw DataError("query vector: " + bad);
    std::vector<float> q(queries, queries + count * dim);
    if (m.normalized) normalizeRows(q.data(), count, dim);

    // Language filter: which language codes pass (none asked for: every row passes).
    std::vector<std::string> wanted = options.languages;
    if (!options.language.empty()) wanted.push_back(options.language);
    std::vector<bool> allowed;
    if (!wanted.empty()) {
        allowed.assign(m.languages.size(), false);
        for (const auto& lang : wanted)
            if (const int code = impl_->languageCode(lang); code >= 0)
                allowed[static_cast<size_t>(code)] = true;
        if (std::none_of(allowed.begin(), allowed.end(), [](bool a) { return a; }))
            return std::vector<std::vector<SearchHit>>(static_cast<size_t>(count));
    }
    const bool filtered = !allowed.empty();
    auto passes = [&allowed, langs = impl_->languageOf.data()](int64_t row) {
        const uint16_t code = langs[row];
        return code < allowed.size() && allowed[code];
    };
    const int k = static_cast<int>(std::min<int64_t>(options.k, m.rows));
    if (impl_->flatRows) {
        std::function<bool(int64_t)> keep;
        if (filtered) keep = passes;
        return exactTopK(q.data(), count, impl_->flatRows, m.rows, dim, k, keep);
    }
    std::vector<uint8_t> bitmap;
    std::unique_ptr<faiss::IDSelectorBitmap> selector;
    if (filtered) {
        bitmap.assign(static_cast<size_t>((m.rows + 7) / 8), 0);
        for (int64_t r = 0; r < m.rows; ++r)
            if (passes(r))
                bitmap[static_cast<size_t>(r / 8)] |= static_cast<uint8_t>(1u << (r % 8));
        selector = std::make_unique<faiss::IDSelectorBitmap>(m.rows, bitmap.data());
    }
    faiss::SearchParametersHNSW hnswParams;
    faiss::SearchParametersIVF ivfParams;
    faiss::SearchParameters* params = nullptr;
    if (m.params.kind == IndexKind::Hnsw) {
        hnswParams.efSearch =
            std::max(options.efSearch > 0 ? options.efSearch : m.params.hnswEfSearch, k);
        hnswParams.sel = selector.get();
        params = &hnswParams;
    } else {
        ivfParams.nprobe = options.probe > 0 ? options.probe : m.params.ivfProbe;
        ivfParams.sel = selector.get();
        params = &ivfParams;
    }
    std::vector<float> scores(static_cast<size_t>(count * k));
    std::vector<FaissId> labels(static_cast<size_t>(count * k));
    if (auto* hnsw = dynamic_cast<faiss::IndexHNSW*>(impl_->faiss.get())) {
        // FAISS 1.7.3 ignores SearchParametersHNSW::efSearch (it honours `sel`): set the index's
        // own value for the duration of this search.
        std::lock_guard<std::mutex> lock(impl_->hnswMutex);
        hnsw->hnsw.efSearch = hnswParams.efSearch;
        hnsw->search(count, q.data(), k, scores.data(), labels.data(), params);
    } else {
        impl_->faiss->search(count, q.data(), k, scores.data(), labels.data(), params);
    }
    std::vector<std::vector<SearchHit>> out(static_cast<size_t>(count));
    for (int64_t i = 0; i < count; ++i)
        for (int j = 0; j < k; ++j) {
            const auto label = labels[static_cast<size_t>(i * k + j)];
            if (label >= 0)
                out[static_cast<size_t>(i)].push_back(
                    {label, scores[static_cast<size_t>(i * k + j)]});
        }
    return out;
}

// ---- fingerprint -----------------------------------------------------------------------------

void requireIndexTarget(const fs::path& dir, bool overwrite) {
    if (fs::exists(dir) && !overwrite)
        throw DataError(fmt::format(
            "{} already exists: choose another folder or replace it (setting 'overwrite')",
            dir.string()));
}

std::string checkpointFingerprint(const fs::path& dir) {
    const fs::path weights = dir / CheckpointLayout::kWeightsFile;
    const fs::path config = dir / CheckpointLayout::kConfigFile;
    if (!fs::exists(weights) || !fs::exists(config))
        throw DataError(
            fmt::format("{} is not a checkpoint folder (config.json and "
                        "model.safetensors are needed)",
                        dir.string()));
    uint64_t h = fnv1a64(readWhole(config));
    for (const char* tok :
         {CheckpointLayout::kSentencePieceFile, CheckpointLayout::kWordPieceVocabFile,
          CheckpointLayout::kTokenizerJsonFile})
        if (fs::exists(dir / tok)) h = fnv1a64(readWhole(dir / tok), h);
    std::ifstream in(weights, std::ios::binary);
    const auto size = static_cast<uint64_t>(fs::file_size(weights));
    h = fnv1a64(std::to_string(size), h);
    constexpr uint64_t kBlock = 4096;
    constexpr int kBlocks = 64;
    std::string block;
    auto hashAt = [&](uint64_t offset, uint64_t length) {
        block.assign(static_cast<size_t>(std::min(length, size - offset)), '\0');
        in.seekg(static_cast<std::streamoff>(offset));
        in.read(block.data(), static_cast<std::streamsize>(block.size()));
        h = fnv1a64(block, h);
    };
    uint64_t headerLen = 0;
    in.read(reinterpret_cast<char*>(&headerLen), 8);
    hashAt(0, std::min<uint64_t>(size, 8 + headerLen));
    for (int i = 0; i < kBlocks && size > 0; ++i)
        hashAt(size / kBlocks * static_cast<uint64_t>(i), kBlock);
    return toHex64(h);
}

}  // namespace isomorph::index

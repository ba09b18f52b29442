#include "core/workflows/retrieval_demo_manifest.h"

#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"

namespace isomorph::workflows {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {
template <typename T>
T field(const json& j, const char* key, T fallback, const fs::path& file) {
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) return fallback;
    try {
        return it->get<T>();
    } catch (const json::exception&) {
        throw DataError(
            fmt::format("{}: field '{}' has the wrong type ({}); re-run the retrieval "
                        "demo to rewrite the manifest",
                        file.string(), key, it->type_name()));
    }
}
}  // namespace

RetrievalDemoManifest readRetrievalDemoManifest(const fs::path& file) {
    std::ifstream in(file);
    if (!in) throw DataError(file.string() + ": cannot read the retrieval demo's manifest");
    std::stringstream text;
    text << in.rdbuf();
    json j;
    try {
        j = json::parse(text.str());
    } catch (const json::exception& e) {
        throw DataError(fmt::format("{}: not JSON ({})", file.string(), e.what()));
    }
    if (!j.is_object()) throw DataError(file.string() + ": not a JSON object");
    const int version = field<int>(j, "schema_version", 1, file);
    if (version > RetrievalDemoManifest::kSchemaVersion)
        throw DataError(
            fmt::format("{}: schema_version {} is newer than this build reads ({}); "
                        "update isomorph",
                        file.string(), version, RetrievalDemoManifest::kSchemaVersion));
    RetrievalDemoManifest m;
    m.start = field<std::string>(j, "start", "", file);
    m.biEncoder = field<std::string>(j, "bi_encoder", "", file);
    m.pooling = field<std::string>(j, "pooling", m.pooling, file);
    m.reranker = field<std::string>(j, "reranker", "", file);
    m.rerankerBase = field<std::string>(j, "reranker_base", "", file);
    m.rerankDepth = field<int>(j, "rerank_depth", m.rerankDepth, file);
    m.rerankWeight = field<double>(j, "rerank_weight", m.rerankWeight, file);
    m.rerankTranslate = field<bool>(j, "rerank_translate", m.rerankTranslate, file);
    m.index = field<std::string>(j, "index", "", file);
    m.lexicon = field<std::string>(j, "lexicon", "", file);
    if (const auto it = j.find("stages"); it != j.end()) m.stagesJson = it->dump();
    return m;
}

void writeRetrievalDemoManifest(const RetrievalDemoManifest& m, const fs::path& file) {
    json stages = json::object();
    try {
        stages = json::parse(m.stagesJson);
    } catch (const json::exception&) {
        throw ConfigError("retrieval demo manifest: stagesJson is not JSON");
    }
    const json j = {{"schema_version", RetrievalDemoManifest::kSchemaVersion},
                    {"start", m.start.string()},
                    {"bi_encoder", m.biEncoder.string()},
                    {"pooling", m.pooling},
                    {"reranker", m.reranker.string()},
                    {"rerank_depth", m.rerankDepth},
                    {"rerank_weight", m.rerankWeight},
                    {"rerank_translate", m.rerankTranslate},
                    {"reranker_base", m.rerankerBase.string()},
                    {"index", m.index.string()},
                    {"lexicon", m.lexicon.string()},
                    {"stages", stages}};
    writeFileAtomically(file, j.dump(2) + "\n");
}

}  // namespace isomorph::workflows

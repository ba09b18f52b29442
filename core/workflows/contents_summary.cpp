#include "core/workflows/contents_summary.h"

#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/index/index_builder.h"
#include "core/index/vector_index.h"
#include "core/train/run_log/run_status.h"
#include "core/workflows/retrieval_demo_manifest.h"
#include "core/workflows/start_model.h"
#include "core/workspace/run_layout.h"
#include "core/workspace/workspace.h"

namespace isomorph::workflows {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// 113410 -> "113,410".
std::string grouped(uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string megabytes(uintmax_t bytes) {
    return bytes < 1000000 ? fmt::format("{:.0f} kB", std::ceil(double(bytes) / 1000.0))
                           : fmt::format("{:.1f} MB", double(bytes) / 1e6);
}

std::string firstLine(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

/// The JSON object in `file`, nullopt when it is missing or not an object.
std::optional<json> readObject(const fs::path& file) {
    std::ifstream in(file);
    if (!in) return std::nullopt;
    json j = json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return std::nullopt;
    return j;
}

/// Sum of every number below `j` (nested objects and arrays).
uint64_t sumNumbers(const json& j) {
    if (j.is_number_unsigned() || j.is_number_integer())
        return j.get<int64_t>() > 0 ? static_cast<uint64_t>(j.get<int64_t>()) : 0;
    uint64_t total = 0;
    if (j.is_structured())
        for (const auto& v : j)
            total += sumNumbers(v);
    return total;
}

/// A corpus built by `corpus build-demo` (manifest.json with pairs and documents).
std::optional<std::string> describeDemoCorpus(const fs::path& dir) {
    const auto m = readObject(dir / "manifest.json");
    if (!m || !m->contains("pairs") || !m->contains("documents")) return std::nullopt;
    uint64_t documents = 0;
    for (const auto& [language, splits] : (*m)["documents"].items())
        for (const auto& [split, counts] : splits.items())
            if (counts.is_object()) documents += counts.value("documents", uint64_t{0});
    const std::size_t books = m->contains("books") ? (*m)["books"].size() : 0;
    const std::size_t languages = m->contains("languages") ? (*m)["languages"].size() : 0;
    return fmt::format(
        "demo corpus ({}): {} languages, {} translation pairs, {} documents, split into "
        "train, dev and test",
        books == 0
            ? std::string("man pages")
            : fmt::format("man pages and {} documentation book{}", books, books == 1 ? "" : "s"),
        languages, grouped(sumNumbers((*m)["pairs"])), grouped(documents));
}

struct ShardCounts {
    uint64_t documents = 0, tokens = 0;
    std::size_t languages = 0;
};

/// A folder written by `corpus binarize` (shards.json).
std::optional<ShardCounts> shardCounts(const fs::path& dir) {
    const auto s = readObject(dir / "shards.json");
    if (!s || s->value("format", "") != "isomorph-shards") return std::nullopt;
    ShardCounts c;
    if (s->contains("shards"))
        for (const auto& shard : (*s)["shards"]) {
            c.documents += shard.value("documents", uint64_t{0});
            c.tokens += shard.value("tokens", uint64_t{0});
        }
    if (s->contains("languages")) c.languages = (*s)["languages"].size();
    return c;
}

std::string tokens(uint64_t n) {
    return n >= 1000000 ? fmt::format("{:.1f} M tokens", double(n) / 1e6)
                        : fmt::format("{} tokens", grouped(n));
}

}  // namespace

std::string describeCorpus(const fs::path& path) {
    try {
        if (fs::is_regular_file(path)) return megabytes(fs::file_size(path));
        if (auto demo = describeDemoCorpus(path)) return *demo;
        if (const auto c = shardCounts(path))
            return fmt::format("binarized: {} documents, {}, {} languages", grouped(c->documents),
                               tokens(c->tokens), c->languages);
        // A folder of binarized sets (corpus binarize of each split), or of text files.
        std::size_t sets = 0, files = 0;
        uint64_t documents = 0, tokenCount = 0;
        uintmax_t bytes = 0;
        std::map<std::string, std::size_t> extensions;
        for (const auto& e : fs::directory_iterator(path)) {
            if (e.is_directory()) {
                if (const auto c = shardCounts(e.path())) {
                    ++sets;
                    documents += c->documents;
                    tokenCount += c->tokens;
                }
            } else if (e.is_regular_file()) {
                ++files;
                bytes += e.file_size();
                ++extensions[e.path().extension().string()];
            }
        }
        if (sets > 0)
            return fmt::format("binarized: {} sets, {} documents, {}", sets, grouped(documents),
                               tokens(tokenCount));
        if (files == 0) return "empty";
        std::string kinds;
        for (const auto& [extension, count] : extensions)
            kinds += (kinds.empty() ? "" : ", ") +
                     (extension.empty() ? std::string("no extension") : extension);
        return fmt::format("{} file{} ({}), {}", files, files == 1 ? "" : "s", kinds,
                           megabytes(bytes));
    } catch (const std::exception& e) {
        return "not readable: " + firstLine(e.what());
    }
}

std::string describeTokenizer(const fs::path& path) {
    try {
        if (fs::is_directory(path)) {
            std::size_t files = 0;
            for (const auto& e : fs::directory_iterator(path))
                files += e.is_regular_file();
            return fmt::format("tokenizer folder, {} file{}", files, files == 1 ? "" : "s");
        }
        const std::string size = megabytes(fs::file_size(path));
        return path.extension() == ".model" ? "SentencePiece model, " + size : size;
    } catch (const std::exception& e) {
        return "not readable: " + firstLine(e.what());
    }
}

std::string describeModel(const fs::path& path) {
    try {
        const workspace::CheckpointLayout layout{path};
        if (!layout.exists()) return "no config.json: not a checkpoint folder";
        const auto config = nlohmann::json::parse(readWholeFile(layout.config()));
        std::string line =
            fmt::format("{} layers x {}, {} embedding rows", config.value("num_hidden_layers", 0),
                        config.value("hidden_size", 0), config.value("vocab_size", 0));
        if (fs::exists(path / "import.json")) {
            const auto import = nlohmann::json::parse(readWholeFile(path / "import.json"));
            line = fmt::format("{} · imported from {}", line, import.value("format", "?"));
            if (import.contains("model")) line = import.value("model", "") + " · " + line;
        }
        return line;
    } catch (const std::exception& e) {
        return "not readable: " + firstLine(e.what());
    }
}

std::string describeRun(const fs::path& path) {
    try {
        if (fs::exists(path / kRetrievalDemoManifest)) {
            const double weight =
                readRetrievalDemoManifest(path / kRetrievalDemoManifest).rerankWeight;
            return fmt::format(
                "retrieval demo: bi-encoder, BM25 and re-ranker{}; the Search view opens it",
                weight >= 1.0 ? " (first-stage weight 1: the first stage's order is kept)"
                              : fmt::format(" (first-stage weight {:.1f})", weight));
        }
        if (fs::exists(workspace::SweepLayout{path}.plan())) {
            std::size_t runs = 0;
            for (const auto& e : fs::directory_iterator(path))
                runs += e.is_directory() && (workspace::RunLayout{e.path()}.exists() ||
                                             fs::exists(workspace::RunLayout{e.path()}.status()));
            return fmt::format("sweep: {} run{}", runs, runs == 1 ? "" : "s");
        }
        const auto status = train::readRunStatus(path);
        if (!status)
            return workspace::RunLayout{path}.exists()
                       ? std::string("no status yet: starting, or written by another tool")
                       : fmt::format("not a run: no {} or {}", workspace::RunLayout::kConfigFile,
                                     workspace::RunLayout::kStatusFile);
        std::string state = status->state.empty() ? std::string("unknown") : status->state;
        if (train::runProcessEnded(*status))
            state = "interrupted (its process ended without a final checkpoint)";
        else if (!status->stopReason.empty())
            state += " (" + status->stopReason + ")";
        std::string out = fmt::format("{} · step {}", state, grouped(status->step));
        if (status->maxSteps) out += " / " + grouped(*status->maxSteps);
        if (!std::isnan(status->bestMetric))
            out += fmt::format(" · best dev {} {:.2f}%",
                               status->metric == "bitext_acc_shifted"
                                   ? "bitext accuracy after mean shift"
                                   : "bitext accuracy",
                               100.0 * status->bestMetric);
        return out;
    } catch (const std::exception& e) {
        return "not readable: " + firstLine(e.what());
    }
}

std::string describeIndex(const fs::path& path) {
    try {
        const index::IndexMetadata m = index::VectorIndex::readMetadata(path);
        std::string languages;
        if (m.languages.size() <= 3) {
            for (const auto& l : m.languages)
                languages += (languages.empty() ? "" : ", ") + l;
            languages = fmt::format("{} language{} ({})", m.languages.size(),
                                    m.languages.size() == 1 ? "" : "s", languages);
        } else {
            languages = fmt::format("{} languages", m.languages.size());
        }
        std::string out = fmt::format("{} documents, {}, {}-d {}", grouped(uint64_t(m.rows)),
                                      languages, m.dim, index::indexKindName(m.params.kind));
        if (fs::exists(path / "bm25"))
            out += fs::exists(path / index::kLexiconFile) ? ", BM25 with translated queries"
                                                          : ", BM25";
        if (!m.calibrationSteps.empty()) out += ", calibrated (" + m.calibrationSteps + ")";
        return out;
    } catch (const std::exception& e) {
        return "not an index: " + firstLine(e.what());
    }
}

ContentsSummary summarizeContents(const workspace::Workspace& workspace) {
    const workspace::Workspace::Contents names = workspace.contents();
    const auto describe = [](const std::vector<std::string>& entries, const fs::path& dir,
                             std::string (*line)(const fs::path&)) {
        std::vector<EntrySummary> out;
        for (const auto& name : entries)
            out.push_back({name, dir / name, line(dir / name)});
        return out;
    };
    ContentsSummary s;
    s.corpora = describe(names.corpora, workspace.corporaDir(), describeCorpus);
    s.tokenizers = describe(names.tokenizers, workspace.tokenizersDir(), describeTokenizer);
    s.runs = describe(names.runs, workspace.runsDir(), describeRun);
    s.indexes = describe(names.indexes, workspace.indexesDir(), describeIndex);
    s.models = describe(names.models, workspace.modelsDir(), describeModel);
    try {
        const StartModel start = chooseStartModel(workspace.root());
        s.start = start.name;
        if (start.kind != StartModel::Kind::Imported) s.startWhy = start.why;
    } catch (const std::exception& e) {
        s.start = "unknown";
        s.startWhy = firstLine(e.what());
    }
    return s;
}

}  // namespace isomorph::workflows

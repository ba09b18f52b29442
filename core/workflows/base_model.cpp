#include "core/workflows/base_model.h"

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <openssl/evp.h>
#include <system_error>

#include <fmt/format.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/executable_dir.h"
#include "core/common/staging_dir.h"
#include "core/common/utc_time.h"
#include "core/model/tensor_file.h"
#include "core/text/tokenizer.h"
#include "core/train/presets.h"
#include "core/workflows/run_setup.h"
#include "core/workflows/train_stage.h"
#include "core/workflows/wall_clock_budget.h"
#include "core/workspace/workspace.h"

namespace isomorph::workflows {
namespace fs = std::filesystem;
using workspace::CheckpointLayout;
using Json = nlohmann::ordered_json;

namespace {

constexpr const char* kProvenance = "provenance.json";

/// SHA-256 of the bytes given to update(), as lower-case hex.
class Sha256 {
  public:
    Sha256() : ctx_(EVP_MD_CTX_new()) { EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr); }
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;
    ~Sha256() { EVP_MD_CTX_free(ctx_); }
    void update(const char* data, size_t size) { EVP_DigestUpdate(ctx_, data, size); }
    std::string hex() {
        unsigned char digest[EVP_MAX_MD_SIZE];
        unsigned int len = 0;
        EVP_DigestFinal_ex(ctx_, digest, &len);
        std::string out;
        for (unsigned int i = 0; i < len; ++i)
            out += fmt::format("{:02x}", digest[i]);
        return out;
    }

  private:
    EVP_MD_CTX* ctx_;
};

Json reportJson(const eval::BitextReport& r) {
    Json perPair = Json::object();
    for (const auto& [pair, row] : r.perPair)
        perPair[pair] = {{"raw", row.raw}, {"rotated", row.rotated}, {"pairs", row.pairs}};
    return {{"raw", r.mean.raw},
            {"shifted", r.mean.shifted},
            {"rotated", r.mean.rotated},
            {"language_pairs", r.perPair.size()},
            {"per_pair", perPair}};
}

Json evaluationJson(const DemoEvaluation& e) {
    return {{"dev", reportJson(e.dev)}, {"out_of_domain", reportJson(e.outOfDomain)}};
}

Json corpusJson(const DemoPaths& paths, const std::string& hash) {
    Json j = {{"hash_sha256", hash}};
    std::ifstream in(paths.corpus / "manifest.json", std::ios::binary);
    const Json m = Json::parse(in, nullptr, false);
    if (!m.is_object()) return j;
    j["schema_version"] = m.value("schema_version", 0);
    Json pairs = Json::object();
    if (m.contains("pairs"))
        for (const auto& [pair, kinds] : m["pairs"].items())
            for (const auto& [kind, splits] : kinds.items())
                pairs[kind] = pairs.value(kind, 0) + splits.value("train", 0);
    j["train_pairs"] = pairs;
    if (m.contains("source"))
        j["man_page_packages"] = m["source"].value("packages", Json::object());
    Json books = Json::object();
    if (m.contains("books"))
        for (const auto& [name, b] : m["books"].items())
            books[name] = {{"package", b.value("package", "")},
                           {"version", b.value("version", "")}};
    j["books"] = books;
    return j;
}

/// The checkpoint's encoder with its MLM head (heads.safetensors' `mlm.*`) as XLM-R's `lm_head.*`
/// (the decoder is tied to the word embeddings), written to `to`. Continued pretraining then
/// continues the head instead of starting MLM from a random one, whose early gradients disturb
/// the encoder, and transformers' XLMRobertaForMaskedLM loads a trained head.
void writeEncoderWithMlmHead(const fs::path& checkpoint, const fs::path& to) {
    model::TensorMap tensors = model::loadTensorFile(checkpoint / CheckpointLayout::kWeightsFile);
    const model::TensorMap heads = model::loadTensorFile(checkpoint / CheckpointLayout::kHeadsFile);
    for (const char* name :
         {"dense.weight", "dense.bias", "layer_norm.weight", "layer_norm.bias", "bias"}) {
        auto it = heads.find(std::string("mlm.") + name);
        if (it == heads.end())
            throw CheckpointError((checkpoint / CheckpointLayout::kHeadsFile).string() +
                                  " lacks 'mlm." + name +
                                  "': the base run trained no MLM head to ship");
        tensors.emplace(std::string("lm_head.") + name, it->second);
    }
    model::saveTensorFile(tensors, to);
}

/// Copies the checkpoint's base files into DIR (replaced atomically) with provenance.json.
fs::path exportBase(const PretrainBaseReport& r, const PretrainBaseRequest& request) {
    const fs::path dir = fs::absolute(request.exportDir).lexically_normal();
    fs::create_directories(dir.parent_path());
    StagingDir tmp(dir);
    const fs::path& staging = tmp.path();
    Json files = Json::object();
    for (const char* name : kBaseFiles) {
        const fs::path from = r.result.checkpoint / name;
        if (!fs::exists(from))
            throw CheckpointError(from.string() +
                                  " is missing: the checkpoint is incomplete; resume the run to "
                                  "write a new one");
        if (name == std::string(CheckpointLayout::kWeightsFile))
            writeEncoderWithMlmHead(r.result.checkpoint, staging / name);
        else
            fs::copy_file(from, staging / name);
        files[name] = {{"bytes", fs::file_size(staging / name)},
                       {"sha256", sha256File(staging / name)}};
    }
    const text::Tokenizer tok =
        text::Tokenizer::load(staging / CheckpointLayout::kSentencePieceFile);
    Json provenance = {
        {"schema_version", 1},
        {"what",
         "The demo's aligned base encoder: preset base-demo (HICTL sentence-level CTL + MLM, "
         "summed) from random initialisation on the broadened demo corpus"},
        {"command", request.command},
        {"preset", kBasePreset},
        {"seed", r.config.runtime.seed},
        {"steps", r.result.step},
        {"created", utcNow()},
        {"tokenizer_hash", tok.hash()},
        {"corpus", corpusJson(r.paths, r.corpusHash)},
        {"metrics",
         {{"note",
           "bitext top-1 accuracy (mean of both directions, mean over language pairs, raw "
           "embeddings): dev = held-out man-page commands, out_of_domain = UI strings of the "
           "installed gettext catalogs, never trained or fitted on"},
          {"random_initialisation", evaluationJson(r.random)},
          {"base", evaluationJson(r.base)}}},
        {"files", files}};
    writeFileAtomically(staging / kProvenance, provenance.dump(2) + "\n");
    tmp.moveTo(dir);
    return dir;
}

}  // namespace

fs::path defaultBaseWorkspacePath() {
    return workspace::defaultDemoWorkspacePath().parent_path() / "base-workspace";
}

fs::path findShippedBase() {
    std::vector<fs::path> candidates;
    if (const char* env = std::getenv("ISOMORPH_BASE_MODEL"); env != nullptr && *env != '\0')
        return fs::path(env);  // an explicit choice is never second-guessed
    if (const fs::path exe = executableDir(); !exe.empty())
        candidates.push_back(exe.parent_path() / "share" / "isomorph" / "base-model");
    candidates.push_back(fs::path(ISOMORPH_BASE_MODEL_SOURCE_DIR));
    for (const auto& c : candidates) {
        std::error_code ec;
        if (fs::is_regular_file(c / kProvenance, ec)) return c;
    }
    return {};
}

std::string sha256File(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw DataError("cannot read " + file.string());
    Sha256 sha;
    std::vector<char> buf(1 << 20);
    while (in) {
        in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
        if (in.gcount() > 0) sha.update(buf.data(), static_cast<size_t>(in.gcount()));
    }
    return sha.hex();
}

Json verifyBase(const fs::path& dir) {
    const std::string rebuild =
        "restore the shipped files ('git checkout -- resources/base-model' in a source tree, "
        "or reinstall the isomorph package) or rebuild the base with 'isomorph-cli demo "
        "pretrain-base --export " +
        dir.string() + "' (hours on 2 cores; docs/training.md, \"The shipped base model\")";
    std::ifstream in(dir / kProvenance, std::ios::binary);
    const Json p = Json::parse(in, nullptr, false);
    if (!p.is_object() || !p.contains("files") || !p["files"].is_object())
        throw CheckpointError((dir / kProvenance).string() +
                              " is missing or not a base provenance record; " + rebuild);
    for (const auto& [name, want] : p["files"].items()) {
        const fs::path file = dir / name;
        std::error_code ec;
        if (!fs::is_regular_file(file, ec))
            throw CheckpointError("the base model's " + file.string() + " is missing; " + rebuild);
        const std::string expected = want.value("sha256", "");
        const std::string found = sha256File(file);
        if (found != expected)
            throw CheckpointError(fmt::format(
                "the base model's {} does not match its recorded hash (provenance.json: sha256 "
                "{}, {} bytes; found {}, {} bytes): refusing to start from it; {}",
                file.string(), expected, want.value("bytes", uint64_t{0}), found,
                fs::file_size(file), rebuild));
    }
    return p;
}

std::string demoCorpusHash(const fs::path& corpus) {
    std::vector<fs::path> files;
    for (const fs::path& dir : {corpus / "docs" / "train", corpus / "parallel" / "train"}) {
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) continue;
        for (const auto& e : fs::recursive_directory_iterator(dir))
            if (e.is_regular_file()) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    Sha256 listing;  // of "PATH<TAB>SHA256\n" per file
    for (const auto& f : files) {
        const std::string line =
            f.lexically_relative(corpus).generic_string() + "\t" + sha256File(f) + "\n";
        listing.update(line.data(), line.size());
    }
    return listing.hex();
}

PretrainBaseReport pretrainBase(const PretrainBaseRequest& request, Feedback& feedback) {
    const ProgressFn progress = feedback.progressFn();
    PretrainBaseReport r;
    const fs::path ws = request.workspace.empty() ? defaultBaseWorkspacePath() : request.workspace;
    DemoPrepareOptions prepare;
    prepare.workspace = ws;
    prepare.threads = request.threads;
    r.paths = prepareDemo(prepare, &feedback);
    r.runDir = workspace::WorkspaceLayout{ws}.runs() / kBasePreset;

    RunConfigRequest config;
    config.workspace = ws;
    config.runDir = r.runDir;
    r.resumed = workspace::RunLayout{r.runDir}.exists();
    if (r.resumed) {
        config.resume = true;  // the frozen config: the run continues as it started
    } else {
        config.preset = kBasePreset;
        if (request.steps > 0) {
            // The warm-up keeps its share of the schedule (a --set of its own still wins).
            const train::RunConfig preset =
                train::parseRunConfig(train::builtinPreset(kBasePreset).toml, kBasePreset);
            config.overrides.push_back(fmt::format("schedule.max_steps={}", request.steps));
            config.overrides.push_back(fmt::format(
                "schedule.warmup_steps={}",
                preset.schedule.warmupSteps * request.steps / preset.schedule.maxSteps));
        }
        if (request.seed > 0)
            config.overrides.push_back(fmt::format("runtime.seed={}", request.seed));
        config.overrides.insert(config.overrides.end(), request.overrides.begin(),
                                request.overrides.end());
    }
    r.config = assembleRunConfig(config).config;
    if (r.resumed && request.steps > 0 && request.steps != r.config.schedule.maxSteps)
        throw ConfigError(fmt::format(
            "--steps {}: the base run in {} was started with schedule.max_steps = {} and resumes "
            "as it started; drop --steps, or remove that folder to start over",
            request.steps, r.runDir.string(), r.config.schedule.maxSteps));
    if (!r.resumed) r.config.name = kBasePreset;
    const eval::BitextReportOptions evaluation = demoEvaluationOptions(r.config);

    // The starting point: the run's own random initialisation (written once, same seed).
    const fs::path init = train::writeScratchInit(r.config, r.runDir);
    r.random =
        evaluateDemoCheckpoint(r.paths, evaluation, "the random initialisation", init, &feedback);

    StageRequest train;
    train.label = kBasePreset;
    train.showTotal = true;
    train.config = r.config;
    train.runDir = r.runDir;
    train.resume = workspace::RunLayout{r.runDir}.resumable();
    reportProgress(progress, std::string(kBasePreset) + ": setting up the model and data...", 0, 0);
    r.result = trainStage(train, {}, &feedback).result;
    if (r.result.status != train::TrainResult::Status::Finished) return r;

    r.base =
        evaluateDemoCheckpoint(r.paths, evaluation, "the base", r.result.checkpoint, &feedback);
    r.corpusHash = demoCorpusHash(r.paths.corpus);
    if (!request.exportDir.empty()) r.exported = exportBase(r, request);
    return r;
}

}  // namespace isomorph::workflows

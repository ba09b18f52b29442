#include "core/model/model_export.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/version.h"
#include "core/model/hf_checkpoint.h"
#include "core/workspace/run_layout.h"

namespace isomorph::model {
namespace fs = std::filesystem;
using nlohmann::json;
using workspace::CheckpointLayout;

namespace {

json readJsonOr(const fs::path& path, json fallback) {
    if (!fs::exists(path)) return fallback;
    json j = json::parse(readWholeFile(path), nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object()) throw DataError(path.string() + ": not a JSON object");
    return j;
}

void refuseWhatFormatsCannotHold(const EncoderConfig& c, const ExportRequest& r) {
    if (c.attentionRadius > 0 || c.globalProjections)
        throw ConfigError(r.checkpoint.string() +
                          " uses windowed attention or global projections (model extend "
                          "--attention-radius/--global-projections), which BERT/XLM-R in "
                          "transformers cannot run; export the encoder it was extended from");
    if (r.format == ExportFormat::SentenceTransformers &&
        r.pooling.kind == Pooling::Kind::LayerMean)
        throw ConfigError("--pooling " + r.pooling.toString() +
                          ": sentence-transformers pools the last layer only; export with "
                          "--pooling cls or mean");
}

// The tokenizer files transformers' AutoTokenizer loads, from the checkpoint's tokenizer.
std::vector<ExtraFile> tokenizerFiles(const fs::path& checkpoint, int64_t maxTokens,
                                      std::string& tokenizerClass) {
    const fs::path file = CheckpointLayout{checkpoint}.tokenizer();
    if (file.empty())
        throw DataError(checkpoint.string() +
                        " has no tokenizer (sentencepiece.bpe.model, tokenizer.json or vocab.txt)"
                        "; an exported model could not encode text");
    std::vector<ExtraFile> files{{file.filename().string(), readWholeFile(file)}};
    json config = readJsonOr(checkpoint / CheckpointLayout::kTokenizerConfigFile, json::object());
    const std::string name = file.filename().string();
    if (name == CheckpointLayout::kSentencePieceFile) {
        // XLM-R's layout, which Isomorph's Tokenizer shares: <s> 0, <pad> 1, </s> 2, <unk> 3.
        config = {{"tokenizer_class", "XLMRobertaTokenizer"}};
        for (const auto& [role, token] : xlmRobertaSpecialTokens())
            config[role] = token;
    } else if (name == CheckpointLayout::kWordPieceVocabFile) {
        config.emplace("tokenizer_class", "BertTokenizer");
    } else {
        config.emplace("tokenizer_class", "PreTrainedTokenizerFast");
        if (fs::exists(checkpoint / CheckpointLayout::kSpecialTokensFile))
            files.push_back({CheckpointLayout::kSpecialTokensFile,
                             readWholeFile(checkpoint / CheckpointLayout::kSpecialTokensFile)});
    }
    config["model_max_length"] = maxTokens;
    tokenizerClass = config["tokenizer_class"].get<std::string>();
    files.push_back({CheckpointLayout::kTokenizerConfigFile, config.dump(2) + "\n"});
    return files;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> xlmRobertaSpecialTokens() {
    return {{"bos_token", "<s>"},    {"eos_token", "</s>"},  {"sep_token", "</s>"},
            {"cls_token", "<s>"},    {"unk_token", "<unk>"}, {"pad_token", "<pad>"},
            {"mask_token", "<mask>"}};
}

void writeSentenceTransformersModules(const fs::path& dir, const SentenceTransformersLayout& l) {
    json modules = json::array({{{"idx", 0},
                                 {"name", "0"},
                                 {"path", ""},
                                 {"type", "sentence_transformers.models.Transformer"}},
                                {{"idx", 1},
                                 {"name", "1"},
                                 {"path", CheckpointLayout::kPoolingModuleDir},
                                 {"type", "sentence_transformers.models.Pooling"}}});
    if (l.normalize)
        modules.push_back({{"idx", 2},
                           {"name", "2"},
                           {"path", CheckpointLayout::kNormalizeModuleDir},
                           {"type", "sentence_transformers.models.Normalize"}});
    writeFileAtomically(dir / CheckpointLayout::kModulesFile, modules.dump(2) + "\n");
    writeFileAtomically(
        dir / CheckpointLayout::kSentenceBertConfigFile,
        json{{"max_seq_length", l.maxSeqLength}, {"do_lower_case", false}}.dump(2) + "\n");
    json prompts = json::object();
    for (const auto& [name, text] : l.prompts)
        prompts[name] = text;
    writeFileAtomically(dir / CheckpointLayout::kSentenceTransformersConfigFile,
                        json{{"__version__", {{"isomorph", kVersion}}},
                             {"similarity_fn_name", "cosine"},
                             {"prompts", prompts},
                             {"default_prompt_name",
                              l.defaultPrompt.empty() ? json(nullptr) : json(l.defaultPrompt)}}
                                .dump(2) +
                            "\n");
    fs::create_directories(dir / CheckpointLayout::kPoolingModuleDir);
    const bool mean = l.pooling.kind == Pooling::Kind::Mean;
    writeFileAtomically(
        dir / CheckpointLayout::kPoolingModuleDir / CheckpointLayout::kModuleConfigFile,
        json{{"word_embedding_dimension", l.hidden},
             {"pooling_mode_cls_token", !mean},
             {"pooling_mode_mean_tokens", mean},
             {"pooling_mode_max_tokens", false},
             {"pooling_mode_mean_sqrt_len_tokens", false}}
                .dump(2) +
            "\n");
    if (l.normalize) fs::create_directories(dir / CheckpointLayout::kNormalizeModuleDir);
}

SentenceTransformersPrompts readSentenceTransformersPrompts(const fs::path& dir) {
    const json config =
        readJsonOr(dir / CheckpointLayout::kSentenceTransformersConfigFile, json::object());
    SentenceTransformersPrompts out;
    if (config.contains("prompts") && config["prompts"].is_object())
        for (const auto& [name, text] : config["prompts"].items())
            if (text.is_string()) out.prompts[name] = text.get<std::string>();
    if (config.contains("default_prompt_name") && config["default_prompt_name"].is_string())
        out.defaultName = config["default_prompt_name"].get<std::string>();
    return out;
}

ExportReport exportCheckpoint(const ExportRequest& request) {
    std::error_code ec;
    if (fs::exists(request.out, ec) && !request.force)
        throw DataError(request.out.string() +
                        " already exists; choose another folder, or pass --force to replace it");
    Encoder encoder = loadHuggingFaceEncoder(request.checkpoint);
    refuseWhatFormatsCannotHold(encoder->config, request);
    const int64_t maxTokens = encoder->config.maxTokens();
    if (request.maxSeqLength > maxTokens)
        throw ConfigError("--max-tokens " + std::to_string(request.maxSeqLength) +
                          " exceeds the model's " + std::to_string(maxTokens) + " positions");
    ExportReport report;
    const auto tokenizer = tokenizerFiles(request.checkpoint, maxTokens, report.tokenizerClass);
    const int64_t maxSeq = request.maxSeqLength > 0 ? request.maxSeqLength : maxTokens;
    const int64_t hidden = encoder->config.hiddenSize;
    // The checkpoint's prompts (an imported multilingual-e5's "query: " / "passage: ") go back
    // with it.
    const SentenceTransformersPrompts prompts = readSentenceTransformersPrompts(request.checkpoint);
    const SentenceTransformersLayout modules{request.pooling, request.normalize,  hidden, maxSeq,
                                             prompts.prompts, prompts.defaultName};
    saveHuggingFaceEncoder(encoder, request.out, tokenizer, [&](const fs::path& tmp) {
        if (request.format == ExportFormat::SentenceTransformers)
            writeSentenceTransformersModules(tmp, modules);
    });
    for (const auto& entry : fs::recursive_directory_iterator(request.out))
        if (entry.is_regular_file())
            report.files.push_back(fs::relative(entry.path(), request.out).generic_string());
    std::sort(report.files.begin(), report.files.end());
    return report;
}

std::optional<SentenceTransformersModules> readSentenceTransformersModules(const fs::path& dir) {
    const fs::path modulesFile = dir / CheckpointLayout::kModulesFile;
    if (!fs::exists(modulesFile)) return std::nullopt;
    const json modules = json::parse(readWholeFile(modulesFile), nullptr, false);
    if (modules.is_discarded() || !modules.is_array())
        throw DataError(modulesFile.string() + ": not a JSON list of modules");
    SentenceTransformersModules m;
    bool pooled = false;
    for (size_t i = 0; i < modules.size(); ++i) {
        const std::string type = modules[i].value("type", "");
        const std::string where =
            modulesFile.string() + ": module " + std::to_string(i) + " (" + type + ")";
        if (type == "sentence_transformers.models.Transformer" && i == 0) continue;
        if (type == "sentence_transformers.models.Pooling" && !pooled) {
            const fs::path config =
                dir / modules[i].value("path", "") / CheckpointLayout::kModuleConfigFile;
            const json p = readJsonOr(config, json::object());
            pooled = true;
            if (p.value("pooling_mode_mean_tokens", false)) {
                m.pooling.kind = Pooling::Kind::Mean;
            } else if (p.value("pooling_mode_cls_token", false)) {
                m.pooling.kind = Pooling::Kind::Cls;
            } else {
                throw DataError(config.string() +
                                ": only cls and mean pooling are supported "
                                "(pooling_mode_cls_token or pooling_mode_mean_tokens)");
            }
            continue;
        }
        if (type == "sentence_transformers.models.Normalize" && pooled) {
            m.normalize = true;
            continue;
        }
        throw DataError(where +
                        " is not supported: Isomorph runs a Transformer, a cls/mean Pooling and "
                        "a Normalize module; encoding without it would not give "
                        "sentence-transformers' vectors");
    }
    if (!pooled) throw DataError(modulesFile.string() + ": no Pooling module");
    const json config = readJsonOr(dir / CheckpointLayout::kSentenceBertConfigFile, json::object());
    m.maxSeqLength = config.value("max_seq_length", int64_t{0});
    if (config.value("do_lower_case", false))
        throw DataError((dir / CheckpointLayout::kSentenceBertConfigFile).string() +
                        ": do_lower_case = true is not supported (lower-case the input first, "
                        "or use a tokenizer that does)");
    return m;
}

}  // namespace isomorph::model

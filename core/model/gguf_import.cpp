// `model import FILE.gguf`: a BERT or XLM-R embedding model as llama.cpp's convert_hf_to_gguf.py
// writes it (general.architecture "bert") becomes a Hugging Face BertModel folder. llama.cpp
// runs every such body with positions from 0 (the converter drops XLM-R's padding-offset rows),
// so a BERT body with the GGUF's tables is the model llama.cpp runs, whatever it was converted
// from. The tokenizer comes from the metadata: "bert" (WordPiece, llama.cpp's "phantom space"
// pieces turned back into vocab.txt's "##" continuations) or "t5" (SentencePiece unigram with
// its precompiled character map, as tokenizer.json).

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/common/errors.h"
#include "core/model/encoder_config.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/model_export.h"
#include "core/model/model_import_parts.h"
#include "core/model_io/gguf_file.h"
#include "core/workspace/run_layout.h"

namespace isomorph::model {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;
using model_io::GgufFile;
using workspace::CheckpointLayout;

namespace {

constexpr const char* kPhantomSpace = "\u2581";

/// GGUF tensor names (llama.cpp's gguf-py tensor_mapping, MODEL_ARCH.BERT) -> Hugging Face.
std::vector<std::pair<std::string, std::string>> tensorNames(int64_t layers) {
    std::vector<std::pair<std::string, std::string>> names = {
        {"token_embd.weight", "embeddings.word_embeddings.weight"},
        {"position_embd.weight", "embeddings.position_embeddings.weight"},
        {"token_types.weight", "embeddings.token_type_embeddings.weight"},
        {"token_embd_norm.weight", "embeddings.LayerNorm.weight"},
        {"token_embd_norm.bias", "embeddings.LayerNorm.bias"}};
    const std::pair<const char*, const char*> layer[] = {
        {"attn_q", "attention.self.query"},
        {"attn_k", "attention.self.key"},
        {"attn_v", "attention.self.value"},
        {"attn_output", "attention.output.dense"},
        {"attn_output_norm", "attention.output.LayerNorm"},
        {"ffn_up", "intermediate.dense"},
        {"ffn_down", "output.dense"},
        {"layer_output_norm", "output.LayerNorm"}};
    for (int64_t l = 0; l < layers; ++l)
        for (const auto& [from, to] : layer)
            for (const char* part : {"weight", "bias"})
                names.emplace_back(fmt::format("blk.{}.{}.{}", l, from, part),
                                   fmt::format("encoder.layer.{}.{}.{}", l, to, part));
    return names;
}

int64_t integer(const GgufFile& f, const std::string& key) {
    const double v = f.number(key);
    if (v < 0 || v != static_cast<double>(static_cast<int64_t>(v)))
        throw DataError(fmt::format("{}: metadata {} = {} is not a count", f.origin(), key, v));
    return static_cast<int64_t>(v);
}

/// A token id from the metadata, or `fallback`.
int32_t tokenId(const GgufFile& f, const std::string& name, int32_t fallback) {
    const std::string key = "tokenizer.ggml." + name + "_token_id";
    return f.has(key) ? static_cast<int32_t>(integer(f, key)) : fallback;
}

constexpr double kControlToken = 3;  // tokenizer.ggml.token_type of [CLS], <s>, ...

/// vocab.txt from llama.cpp's WordPiece pieces (its converter's "phantom space" vocabulary): a
/// control token stays as it is, "▁word" begins a word ("word"), anything else continues one
/// ("##x"). Without token types, "[X]" counts as a control token.
std::string wordPieceVocab(const std::vector<std::string>& tokens,
                           const std::vector<double>& types) {
    std::string out;
    for (size_t i = 0; i < tokens.size(); ++i) {
        const std::string& t = tokens[i];
        const bool control = types.size() == tokens.size()
                                 ? types[i] == kControlToken
                                 : t.size() >= 2 && t.front() == '[' && t.back() == ']';
        if (control)
            out += t;
        else if (t.rfind(kPhantomSpace, 0) == 0)
            out += t.substr(std::char_traits<char>::length(kPhantomSpace));
        else
            out += "##" + t;
        out += '\n';
    }
    return out;
}

struct Tokenizer {
    std::vector<ExtraFile> files;
    int64_t vocabulary = 0;
    int32_t pad = 0;
    std::string kind;  ///< "WordPiece (bert)", "unigram (t5)"
};

Tokenizer readTokenizer(const GgufFile& f, int64_t maxTokens) {
    const std::string model = f.string("tokenizer.ggml.model");
    std::vector<std::string> tokens = f.at("tokenizer.ggml.tokens").strings;
    const std::vector<double> types = f.has("tokenizer.ggml.token_type")
                                          ? f.at("tokenizer.ggml.token_type").numbers
                                          : std::vector<double>();
    if (tokens.empty())
        throw DataError(f.origin() + ": tokenizer.ggml.tokens is not a list of strings");
    Tokenizer t;
    t.vocabulary = static_cast<int64_t>(tokens.size());
    const auto n = static_cast<int32_t>(tokens.size());
    auto id = [&](const std::string& name, int32_t fallback) {
        const int32_t v = tokenId(f, name, fallback);
        if (v < 0 || v >= n)
            throw DataError(
                fmt::format("{}: tokenizer.ggml.{}_token_id = {} is not one of the {} "
                            "tokens",
                            f.origin(), name, v, n));
        return v;
    };
    if (model == "bert") {
        t.kind = "WordPiece (tokenizer.ggml.model bert)";
        // [CLS] is the converter's bos, [SEP] its separator (the key is spelled "seperator").
        const int32_t unk = id("unknown", 100), sep = id("seperator", id("eos", 102)),
                      cls = id("bos", 101), pad = id("padding", 0), mask = id("mask", 103);
        t.pad = pad;
        // llama.cpp's WordPiece lower-cases and strips accents unless the newer normalizer keys
        // say otherwise (llama-vocab.cpp): BertTokenizer's do_lower_case and strip_accents.
        const bool lower = f.number("tokenizer.ggml.normalizer.lowercase", 1) != 0;
        const bool strip = f.number("tokenizer.ggml.normalizer.strip_accents", lower ? 1 : 0) != 0;
        json config = {{"tokenizer_class", "BertTokenizer"},
                       {"do_lower_case", lower},
                       {"strip_accents", strip},
                       {"model_max_length", maxTokens}};
        json special = {{"unk_token", tokens[unk]},
                        {"sep_token", tokens[sep]},
                        {"pad_token", tokens[pad]},
                        {"cls_token", tokens[cls]},
                        {"mask_token", tokens[mask]}};
        for (const auto& [k, v] : special.items())
            config[k] = v;
        t.files = {{CheckpointLayout::kWordPieceVocabFile, wordPieceVocab(tokens, types)},
                   {CheckpointLayout::kTokenizerConfigFile, config.dump(2) + "\n"},
                   {CheckpointLayout::kSpecialTokensFile, special.dump(2) + "\n"}};
        return t;
    }
    if (model == "t5") {
        t.kind = "SentencePiece unigram (tokenizer.ggml.model t5)";
        UnigramVocabulary v;
        v.pieces = tokens;
        const auto& scores = f.at("tokenizer.ggml.scores").numbers;
        if (scores.size() != tokens.size())
            throw DataError(fmt::format("{}: tokenizer.ggml.scores has {} values for {} tokens",
                                        f.origin(), scores.size(), tokens.size()));
        v.scores = scores;
        v.bos = id("bos", 0);
        v.eos = id("eos", 2);
        v.pad = id("padding", 1);
        v.unk = id("unknown", 3);
        const auto maskIt = std::find(tokens.begin(), tokens.end(), "<mask>");
        v.mask = f.has("tokenizer.ggml.mask_token_id") ? id("mask", -1)
                 : maskIt != tokens.end() ? static_cast<int32_t>(maskIt - tokens.begin())
                                          : -1;
        // Converted from sentencepiece.bpe.model, XLM-R's <mask> (the last id) arrives as an
        // unused "[PADn]" placeholder: its text is restored.
        if (v.mask >= 0 && tokens[v.mask].rfind("[PAD", 0) == 0) {
            tokens[v.mask] = "<mask>";
            v.pieces[v.mask] = "<mask>";
        }
        if (f.has("tokenizer.ggml.precompiled_charsmap"))
            v.charsmap = f.at("tokenizer.ggml.precompiled_charsmap").bytes;
        v.collapseSpaces = f.number("tokenizer.ggml.remove_extra_whitespaces", 1) != 0;
        v.addPrefixSpace = f.number("tokenizer.ggml.add_space_prefix", 1) != 0;
        t.pad = v.pad;
        json config = {{"tokenizer_class", "XLMRobertaTokenizer"}};
        json special = json::object();
        for (const auto& [role, token] : xlmRobertaSpecialTokens())
            config[role] = special[role] = token;
        config["model_max_length"] = maxTokens;
        t.files = {{CheckpointLayout::kTokenizerJsonFile, unigramTokenizerJson(v)},
                   {CheckpointLayout::kTokenizerConfigFile, config.dump(2) + "\n"},
                   {CheckpointLayout::kSpecialTokensFile, special.dump(2) + "\n"}};
        return t;
    }
    throw DataError(fmt::format(
        "{}: tokenizer.ggml.model = \"{}\": the import reads BERT's WordPiece (\"bert\") and "
        "SentencePiece unigram (\"t5\", XLM-R's) tokenizers",
        f.origin(), model));
}

}  // namespace

ModelImportReport importGguf(const ModelImportRequest& request, Feedback* feedback) {
    reportImport(feedback, "reading " + request.source.filename().string(), 0, 0);
    const GgufFile f = GgufFile::read(request.source);
    const std::string arch = f.string("general.architecture");
    if (arch != "bert")
        throw DataError(fmt::format(
            "{}: general.architecture = \"{}\": the import reads BERT-architecture embedding "
            "models (\"bert\": BERT, XLM-R, multilingual-e5, LaBSE as llama.cpp converts them)",
            request.source.string(), arch));
    const std::string p = arch + ".";
    if (f.number(p + "attention.causal", 0) != 0)
        throw DataError(request.source.string() + ": " + p +
                        "attention.causal is true: not an encoder (bidirectional) model");

    EncoderConfig c;
    c.family = EncoderConfig::Family::Bert;  // llama.cpp's BERT graph: positions from 0
    c.hiddenSize = integer(f, p + "embedding_length");
    c.numLayers = integer(f, p + "block_count");
    c.numHeads = integer(f, p + "attention.head_count");
    c.intermediateSize = integer(f, p + "feed_forward_length");
    c.layerNormEps = f.number(p + "attention.layer_norm_epsilon");
    // The file stores eps as f32: 1e-12 is what BERT models are trained with.
    if (static_cast<float>(c.layerNormEps) == static_cast<float>(1e-12)) c.layerNormEps = 1e-12;
    const model_io::GgufTensor& words = f.tensor("token_embd.weight");
    const model_io::GgufTensor& positions = f.tensor("position_embd.weight");
    if (words.ne.size() != 2 || positions.ne.size() != 2 || words.ne[0] != uint64_t(c.hiddenSize))
        throw DataError(fmt::format("{}: token_embd.weight is not [{} x rows]",
                                    request.source.string(), c.hiddenSize));
    c.vocabSize = static_cast<int64_t>(words.ne[1]);
    c.maxPositions = static_cast<int64_t>(positions.ne[1]);
    const model_io::GgufTensor* types = f.find("token_types.weight");
    c.typeVocabSize = types && types->ne.size() == 2 ? static_cast<int64_t>(types->ne[1]) : 0;
    const Tokenizer tokenizer = readTokenizer(f, c.maxPositions);
    c.padId = tokenizer.pad;
    c.validate(request.source.string());

    Encoder encoder(c);
    auto params = encoder->named_parameters(true);
    auto names = tensorNames(c.numLayers);
    if (c.typeVocabSize == 0)
        names.erase(std::remove_if(names.begin(), names.end(),
                                   [](const auto& n) { return n.first == "token_types.weight"; }),
                    names.end());
    std::set<std::string> used;
    std::set<std::string> weightTypes;
    {
        torch::NoGradGuard noGrad;
        int64_t done = 0;
        for (const auto& [from, to] : names) {
            torch::Tensor* param = params.find(to);
            if (param == nullptr) throw Error("the encoder has no parameter " + to);
            const model_io::GgufTensor& t = f.tensor(from);
            if (t.elements() != static_cast<uint64_t>(param->numel()))
                throw DataError(
                    fmt::format("{}: tensor {} has {} values, the model's sizes "
                                "({}) need {}",
                                request.source.string(), from, t.elements(), to, param->numel()));
            std::vector<float> v = f.values(t);
            param->copy_(torch::from_blob(v.data(), param->sizes(), torch::kFloat32));
            used.insert(from);
            weightTypes.insert(model_io::ggmlTypeName(t.type));
            reportImport(feedback, "dequantising the weights", ++done,
                         static_cast<int64_t>(names.size()));
        }
    }
    if (params.size() != names.size())
        throw Error(fmt::format("the encoder has {} parameters, the conversion maps {}",
                                params.size(), names.size()));
    std::vector<std::string> ignored;
    for (const auto& t : f.tensors)
        if (!used.count(t.name)) ignored.push_back(t.name);

    // Sentence vectors as llama.cpp pools them (bert.pooling_type, written from the model's
    // sentence-transformers Pooling module: 1 mean, 2 CLS; absent or 0: mean, said in
    // import.json), normalised (llama.cpp's embedding tools normalise by default).
    const bool poolingGiven = f.number(p + "pooling_type", 0) != 0;
    const int64_t pooling = poolingGiven ? static_cast<int64_t>(f.number(p + "pooling_type")) : 1;
    if (pooling != 1 && pooling != 2)
        throw DataError(
            fmt::format("{}: {}pooling_type = {} ({}): the import reads mean (1) and "
                        "CLS (2) pooling",
                        request.source.string(), p, pooling,
                        pooling == 3   ? "last token"
                        : pooling == 4 ? "rank"
                                       : "?"));
    const SentenceTransformersLayout modules{
        Pooling::parse(pooling == 1 ? "mean" : "cls"), true, c.hiddenSize, c.maxTokens(), {}, ""};
    std::string typeList;
    for (const auto& t : weightTypes)
        typeList += (typeList.empty() ? "" : ", ") + t;
    const json provenance = {
        {"format", "GGUF"},
        {"version", f.version},
        {"source", fs::absolute(request.source).string()},
        {"source_bytes", fs::file_size(request.source)},
        {"model", f.has("general.name") ? f.string("general.name") : std::string()},
        {"weights", typeList + " dequantised to float32"},
        {"tokenizer", tokenizer.kind},
        {"pooling", std::string(pooling == 1 ? "mean" : "cls") +
                        (poolingGiven ? "" : " (the file names none: mean assumed)")},
        {"ignored_tensors", ignored}};
    std::vector<ExtraFile> extra = tokenizer.files;
    extra.push_back({kImportFile, provenance.dump(2) + "\n"});
    reportImport(feedback, "writing " + request.out.string(), 0, 0);
    saveHuggingFaceEncoder(encoder, request.out, extra, [&](const fs::path& tmp) {
        writeSentenceTransformersModules(tmp, modules);
    });

    ModelImportReport r;
    r.out = request.out;
    r.format = fmt::format("GGUF v{} ({} weights)", f.version, typeList);
    for (const auto& param : params)
        r.parameters += param.value().numel();
    r.layers = c.numLayers;
    r.hidden = c.hiddenSize;
    r.embeddingRows = c.vocabSize;
    r.vocabulary = tokenizer.vocabulary;
    r.sentenceVector = fmt::format(
        "{} pooling, normalised, no prompts (GGUF records none: "
        "--prompt names none either)",
        pooling == 1 ? "mean" : "CLS");
    listImportedFiles(r);
    return r;
}

}  // namespace isomorph::model

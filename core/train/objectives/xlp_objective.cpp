#include "core/train/objectives/xlp_objective.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "core/common/errors.h"
#include "core/common/random.h"
#include "core/data/demo/demo_layout.h"
#include "core/data/readers/document_reader.h"
#include "core/model/batch_tensors.h"
#include "core/model/checkpoint_tokenizer.h"
#include "core/model/hf_checkpoint.h"
#include "core/train/objectives/mlm_objective.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train {

namespace ds = data::samplers;
namespace fs = std::filesystem;

namespace {

constexpr uint64_t kXlpSeedTag = 0x71B0;
constexpr uint64_t kScheduleTag = 0x71B1;
constexpr uint64_t kAlignTag = 0x71B2;
constexpr uint64_t kQlmRowTag = 0x71B3;
constexpr int64_t kTitleTokens = 32;  // title ids kept for its embedding
constexpr int64_t kTitleBatch = 64;   // titles per forward pass

std::vector<std::string> splitCommas(const std::string& text) {
    std::vector<std::string> out;
    std::string item;
    for (size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != ',') {
            if (text[i] != ' ' && text[i] != '\t') item += text[i];
            continue;
        }
        if (!item.empty()) out.push_back(item);
        item.clear();
    }
    return out;
}

std::vector<XlpObjective::Task> parseTasks(const std::string& text) {
    std::set<std::string> names;
    for (const auto& t : splitCommas(text)) {
        if (t != "rr" && t != "qlm")
            throw ConfigError("objectives.xlp.tasks: '" + t + "' is not a task (rr, qlm)");
        names.insert(t);
    }
    if (names.empty()) throw ConfigError("objectives.xlp.tasks: name rr, qlm or both (\"rr,qlm\")");
    std::vector<XlpObjective::Task> out;  // RR before QLM, as in the paper
    if (names.count("rr")) out.push_back(XlpObjective::Task::Rr);
    if (names.count("qlm")) out.push_back(XlpObjective::Task::Qlm);
    return out;
}

ds::QlmTarget parseTarget(const std::string& text) {
    if (text == "query") return ds::QlmTarget::Query;
    if (text == "document") return ds::QlmTarget::Document;
    if (text == "both") return ds::QlmTarget::Both;
    throw ConfigError("objectives.xlp.qlm_mask_target: '" + text +
                      "' is not one of query, document, both");
}

/// The folder of <lang>.jsonl document files.
fs::path documentFolder(const XlpOptions& o) {
    const fs::path root = o.corpus;
    const data::demo::DemoCorpusLayout layout{root};
    const fs::path docs = o.split.empty() ? layout.docs() : layout.docs(o.split);
    if (fs::is_directory(docs)) return docs;
    if (fs::is_directory(root)) {
        for (const auto& e : fs::directory_iterator(root))
            if (e.path().extension() == ".jsonl") return root;
    }
    throw DataError("objectives.xlp.corpus: neither " + docs.string() + " nor " + root.string() +
                    " holds <lang>.jsonl documents; give a corpus built by `isomorph-cli corpus "
                    "build-demo` (or a folder of JSONL documents with sections)");
}

std::vector<std::string> corpusLanguages(const fs::path& folder) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(folder))
        if (e.path().extension() == ".jsonl") out.push_back(e.path().stem().string());
    std::sort(out.begin(), out.end());
    return out;
}

/// "de-en,en-de" -> pairs of known languages (codes may hold dashes: the split point is the one
/// whose sides are both languages of the corpus). "" = every language with English, both ways.
std::vector<std::pair<std::string, std::string>> languagePairs(
    const std::string& text, const std::vector<std::string>& languages, const fs::path& folder) {
    const auto known = [&](const std::string& l) {
        return std::find(languages.begin(), languages.end(), l) != languages.end();
    };
    std::vector<std::pair<std::string, std::string>> out;
    if (text.empty()) {
        if (!known("en"))
            throw DataError("objectives.xlp: " + folder.string() +
                            " has no en.jsonl; name the language pairs in "
                            "objectives.xlp.language_pairs");
        for (const auto& l : languages)
            if (l != "en") {
                out.emplace_back(l, "en");
                out.emplace_back("en", l);
            }
        return out;
    }
    for (const auto& item : splitCommas(text)) {
        bool found = false;
        for (size_t dash = item.find('-'); dash != std::string::npos && !found;
             dash = item.find('-', dash + 1)) {
            const std::string a = item.substr(0, dash), b = item.substr(dash + 1);
            if (!known(a) || !known(b) || a == b) continue;
            out.emplace_back(a, b);
            found = true;
        }
        if (!found)
            throw DataError("objectives.xlp.language_pairs: '" + item +
                            "' is not a pair of two different languages of " + folder.string() +
                            " (files <lang>.jsonl there: give e.g. de-en)");
    }
    return out;
}

std::vector<data::Document> readDocuments(const fs::path& file) {
    std::vector<data::Document> docs;
    auto reader = data::openDocumentReader(file, file.stem().string());
    for (data::Document d; reader->next(d);)
        docs.push_back(d);
    return docs;
}

torch::Tensor intTensor(const std::vector<int32_t>& v, int64_t rows, int64_t cols,
                        torch::Device device) {
    return torch::from_blob(const_cast<int32_t*>(v.data()), {rows, cols}, torch::kInt32)
        .to(device, torch::kInt64);
}

torch::Tensor boolTensor(const std::vector<uint8_t>& v, int64_t rows, int64_t cols,
                         torch::Device device) {
    return torch::from_blob(const_cast<uint8_t*>(v.data()), {rows, cols}, torch::kUInt8)
        .to(device, torch::kBool);
}

/// Title vectors from the encoder being trained: mean of the last hidden states over
/// `<s> title </s>` (the tokenizer's own specials), in eval mode (no dropout) and without
/// gradients.
ds::TitleEmbedder encoderTitleEmbedder(model::Encoder encoder,
                                       const model::CheckpointTokenizer& tokenizer,
                                       torch::Device device) {
    // Within the encoder's positions with <s> and </s> (a small aligner has few).
    const int64_t keep = std::min(kTitleTokens, encoder->config.maxTokens() - 2);
    return [encoder, &tokenizer, device, keep](const std::vector<std::string>& titles) mutable {
        torch::NoGradGuard noGrad;
        const bool wasTraining = encoder->is_training();
        encoder->eval();
        std::vector<std::vector<float>> out;
        for (size_t start = 0; start < titles.size(); start += kTitleBatch) {
            std::vector<std::vector<int32_t>> rows;
            for (size_t i = start; i < std::min(titles.size(), start + kTitleBatch); ++i) {
                auto ids = tokenizer.encode(titles[i]);
                if (static_cast<int64_t>(ids.size()) > keep) ids.resize(static_cast<size_t>(keep));
                ids.insert(ids.begin(), static_cast<int32_t>(tokenizer.bos));
                ids.push_back(static_cast<int32_t>(tokenizer.eos));
                rows.push_back(std::move(ids));
            }
            const ds::TokenMatrix m = ds::collate(rows, 1, static_cast<int32_t>(tokenizer.pad));
            const model::BatchTensors t = model::toTensors(m, device);
            auto hidden = encoder->forward(t.ids, t.mask).lastHidden.to(torch::kFloat32);
            auto mask = t.mask.unsqueeze(-1).to(torch::kFloat32);
            auto mean = ((hidden * mask).sum(1) / mask.sum(1)).contiguous().cpu();
            for (int64_t r = 0; r < mean.size(0); ++r) {
                const float* p = mean[r].data_ptr<float>();
                out.emplace_back(p, p + mean.size(1));
            }
        }
        if (wasTraining) encoder->train();
        return out;
    };
}

/// Masking keys of a batch's rows that name what each row holds, not where it sits: (source,
/// section, epoch) of its query and the candidate's place among the query's 1 + K rows. The
/// global batch then masks the same tokens whichever rank a row lands on, so N data-parallel
/// processes train exactly as one with N x the batch.
std::vector<uint64_t> rowIdentityKeys(const ds::RetrievalBatch& b) {
    const size_t queries = b.sources.size();
    const size_t perQuery = queries == 0 ? 0 : static_cast<size_t>(b.pairs.rows) / queries;
    std::vector<uint64_t> keys;
    keys.reserve(static_cast<size_t>(b.pairs.rows));
    for (size_t q = 0; q < queries; ++q)
        for (size_t k = 0; k < perQuery; ++k)
            keys.push_back(deriveKey(kQlmRowTag, b.sources[q], b.sections[q], b.epochs[q], k));
    return keys;
}

}  // namespace

torch::Tensor relevanceRankingLoss(const torch::Tensor& scores, int64_t candidates,
                                   double* accuracy) {
    TORCH_CHECK(candidates >= 1 && scores.numel() % candidates == 0, "RR: ", scores.numel(),
                " scores are not groups of ", candidates);
    auto grouped = scores.reshape({-1, candidates});
    auto target = torch::zeros({grouped.size(0)}, scores.options().dtype(torch::kLong));
    auto loss = torch::nn::functional::cross_entropy(grouped, target);
    if (accuracy) {
        torch::NoGradGuard noGrad;
        auto positive = grouped.select(1, 0);
        auto others = candidates > 1 ? std::get<0>(grouped.narrow(1, 1, candidates - 1).max(1))
                                     : positive - 1;
        *accuracy = positive.gt(others).to(torch::kFloat64).mean().item<double>();
    }
    return loss;
}

XlpHeadsImpl::XlpHeadsImpl(model::Encoder encoder, double dropout) {
    rr = register_module("rr", model::ScoringHead(encoder->config.hiddenSize, dropout));
    qlm = register_module("qlm", model::MlmHead(std::move(encoder)));
}

XlpData loadXlpData(const XlpOptions& o, const ds::TitleEmbedder& embed,
                    const ds::TextTokenizer& tokenize, uint64_t seed) {
    const fs::path folder = documentFolder(o);
    const auto languages = corpusLanguages(folder);
    const auto wanted = languagePairs(o.languagePairs, languages, folder);
    std::map<std::string, std::vector<data::Document>> docs;
    std::map<std::pair<std::string, std::string>, ds::SectionCorpus> built;
    ds::SectionAlignmentOptions align;
    align.eta = o.eta;
    align.minSentences = static_cast<uint32_t>(o.minSectionSentences);
    align.seed = deriveKey(seed, kAlignTag);
    align.withFirstSentence = o.alignText == "title+sentence";
    XlpData out;
    for (const auto& [q, d] : wanted) {
        // One alignment per unordered pair gives both directions.
        const auto key = std::minmax(q, d);
        if (!built.count(key)) {
            for (const auto& l : {key.first, key.second})
                if (!docs.count(l)) docs[l] = readDocuments(folder / (l + ".jsonl"));
            built[key] =
                ds::buildSectionCorpus(docs[key.first], docs[key.second], embed, tokenize, align);
            out.report.push_back(key.first + "/" + key.second + ": " +
                                 built[key].counts.toString());
        }
        const ds::SectionCorpus& sc = built[key];
        XlpLanguagePair pair{q, d, q == key.first ? sc.aToB : sc.bToA};
        if (pair.corpus.sources.size() < 2) {
            const std::string why = "objectives.xlp: the language pair " + pair.name() + " has " +
                                    std::to_string(pair.corpus.sources.size()) +
                                    " page(s) with aligned sections; RR needs at least 2 (" +
                                    sc.counts.toString() + ")";
            if (!o.languagePairs.empty())
                throw DataError(why +
                                ". Lower objectives.xlp.eta or min_section_sentences, or "
                                "leave the pair out of objectives.xlp.language_pairs");
            out.report.push_back(why + ": left out");
            continue;
        }
        out.pairs.push_back(std::move(pair));
    }
    if (out.pairs.empty()) {
        std::string why = "objectives.xlp: no language pair of " + folder.string() +
                          " has aligned sections in at least 2 pages";
        for (const auto& line : out.report)
            why += "\n  " + line;
        throw DataError(why);
    }
    return out;
}

XlpObjective::XlpObjective(const ObjectiveBuildContext& c)
    : options_(std::any_cast<const XlpOptions&>(c.settings.options)),
      tasks_(parseTasks(options_.tasks)),
      qlmTarget_(parseTarget(options_.qlmMaskTarget)),
      seed_(c.config.runtime.seed ^ kXlpSeedTag),
      rank_(c.rank),
      worldSize_(c.worldSize),
      config_(c.config),
      vocabSize_(static_cast<int32_t>(c.encoder->config.vocabSize)) {
    const model::EncoderConfig& mc = c.encoder->config;
    if (mc.typeVocabSize < 2)
        throw ConfigError(
            "objectives.xlp encodes `<s> query </s> document </s>` with segment ids 0 and 1, but "
            "the model has " +
            std::to_string(mc.typeVocabSize) +
            " token-type embedding(s) (config.json type_vocab_size). Start from scratch with "
            "model.type_vocab_size = 2, or from a checkpoint that has two (BERT/mBERT); XLM-R "
            "checkpoints have one");
    if (options_.maxLength > mc.maxTokens())
        throw ConfigError("objectives.xlp.max_length (" + std::to_string(options_.maxLength) +
                          ") exceeds the model's " + std::to_string(mc.maxTokens()) +
                          " positions (model.max_positions; extend a checkpoint's positions by "
                          "copying with `isomorph-cli model extend`)");
    const model::CheckpointTokenizer& tokenizer = c.data.tokenizer("xlp");
    // QLM's random replacements come from the tokenizer's ids, not the embedding's rows
    // (multilingual-e5: 250,002 of 250,037).
    if (tokenizer.vocabSize > 0 && tokenizer.vocabSize < vocabSize_)
        vocabSize_ = static_cast<int32_t>(tokenizer.vocabSize);
    specials_ = tokenizer.specialIds();
    // Section alignment: the title vectors of objectives.xlp.align_model, else the model's own.
    model::Encoder aligner = c.encoder;
    std::optional<model::CheckpointTokenizer> alignTokenizer;
    if (!options_.alignModel.empty()) {
        const auto dir = workspace::resolveCheckpoint(options_.alignModel);
        aligner = model::loadHuggingFaceEncoder(dir);
        aligner->to(c.device);
        alignTokenizer = model::loadCheckpointTokenizer(dir);
    }
    data_ = loadXlpData(
        options_,
        encoderTitleEmbedder(aligner, alignTokenizer ? *alignTokenizer : tokenizer, c.device),
        [&tokenizer](const std::string& t) { return tokenizer.encode(t); }, c.config.runtime.seed);
    makeSamplers({});
    heads_ = XlpHeads(c.encoder, options_.headDropout);
    // Continue the heads of an XLP checkpoint, else the initial checkpoint's MLM head.
    model::TensorMap qlm;
    const model::TensorMap& initHeads = c.data.initHeads();
    for (const auto& [name, t] : initHeads)
        if (name.rfind("xlp.qlm.", 0) == 0) qlm["mlm." + name.substr(8)] = t;
    std::string from = loadPretrainedMlmHead(*heads_->qlm, qlm.empty() ? initHeads : qlm);
    if (!qlm.empty()) from = "xlp.qlm.*";
    bool rrContinued = false;
    {
        torch::NoGradGuard noGrad;
        for (auto& p : heads_->rr->named_parameters()) {
            auto it = initHeads.find("xlp.rr." + p.key());
            if (it == initHeads.end()) continue;
            if (it->second.sizes() != p.value().sizes())
                throw CheckpointError("head tensor 'xlp.rr." + p.key() + "' has shape " +
                                      c10::str(it->second.sizes()) + ", the model needs " +
                                      c10::str(p.value().sizes()));
            p.value().copy_(it->second);
            rrContinued = true;
        }
    }
    initNote_ = "XLP: " + std::to_string(data_.pairs.size()) + " language pair(s)";
    for (const auto& p : data_.pairs) {
        size_t sections = 0;
        for (const auto& s : p.corpus.sources)
            sections += s.sections.size();
        initNote_ += "; " + p.name() + " " + std::to_string(sections) + " queries in " +
                     std::to_string(p.corpus.sources.size()) + " pages";
    }
    for (const auto& line : data_.report)
        initNote_ += "\n  section alignment (eta " + std::to_string(options_.eta) + ", " +
                     (options_.alignText == "title" ? "titles" : "titles and first sentences") +
                     " by " +
                     (options_.alignModel.empty() ? std::string("the model being trained")
                                                  : options_.alignModel) +
                     ") " + line;
    initNote_ += std::string("\n  QLM head: ") + (from.empty() ? "new" : "continued from " + from) +
                 "; RR head: " + (rrContinued ? "continued from xlp.rr.*" : "new");
    if (mc.attentionRadius > 0)
        initNote_ += "\n  global + sliding-window attention, radius " +
                     std::to_string(mc.attentionRadius) +
                     (mc.globalProjections ? ", Qg/Kg/Vg" : "");
}

void XlpObjective::makeSamplers(const std::vector<ds::Cursor>& cursors) {
    rr_.clear();
    qlm_.clear();
    const size_t n = data_.pairs.size();
    for (size_t p = 0; p < n; ++p) {
        for (int task = 0; task < 2; ++task) {
            ds::RetrievalOptions o;
            o.sampling = samplingOptions(config_, options_.batchSize,
                                         deriveKey(kXlpSeedTag, p, task), rank_, worldSize_);
            o.negatives = task == 0 ? static_cast<uint32_t>(options_.negatives) : 0;
            o.maxQueryTokens = static_cast<uint32_t>(options_.maxQueryTokens);
            o.maxLength = static_cast<uint32_t>(options_.maxLength);
            o.specials = specials_;
            const size_t i = task * n + p;
            const ds::Cursor cursor = i < cursors.size() ? cursors[i] : ds::Cursor{};
            (task == 0 ? rr_ : qlm_)
                .push_back(
                    std::make_unique<ds::RetrievalSampler>(data_.pairs[p].corpus, o, cursor));
        }
    }
}

std::pair<XlpObjective::Task, size_t> XlpObjective::scheduled(int64_t n) const {
    const auto pairs = static_cast<int64_t>(data_.pairs.size());
    const int64_t perIteration = pairs * static_cast<int64_t>(tasks_.size());
    const int64_t iteration = n / perIteration, within = n % perIteration;
    const auto task = static_cast<size_t>(within / pairs);
    std::vector<size_t> order(static_cast<size_t>(pairs));
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    Rng rng(deriveKey(seed_, kScheduleTag, static_cast<uint64_t>(iteration), task));
    for (size_t i = order.size(); i > 1; --i)  // Fisher-Yates
        std::swap(order[i - 1], order[rng.below(i)]);
    return {tasks_[task], order[static_cast<size_t>(within % pairs)]};
}

ObjectiveOutput XlpObjective::forward(StepContext& context) {
    const auto [task, pair] = scheduled(batches_++);
    return task == Task::Rr ? rrStep(context, pair) : qlmStep(context, pair);
}

ObjectiveOutput XlpObjective::rrStep(StepContext& context, size_t pair) {
    const ds::RetrievalBatch b = rr_[pair]->next();
    const int64_t rows = b.pairs.rows, cols = b.pairs.cols;
    const model::BatchTensors t = model::toTensors(b.pairs, context.device);
    auto types = intTensor(b.tokenTypes, rows, cols, context.device);
    auto global = boolTensor(b.global, rows, cols, context.device);
    auto hidden = context.encoder->forward(t.ids, t.mask, types, false, global).lastHidden;
    // float32 at least (the loss of a half-precision forward), float64 kept as it is.
    auto scores = heads_->rr(hidden);
    if (scores.scalar_type() != torch::kFloat64) scores = scores.to(torch::kFloat32);
    double accuracy = 0;
    ObjectiveOutput out;
    out.loss = relevanceRankingLoss(scores, 1 + options_.negatives, &accuracy);
    double hard = 0;
    for (uint8_t h : b.hardNegative)
        hard += h;
    out.metrics = {{"rr_loss", out.loss.item<double>()},
                   {"rr_acc", accuracy},
                   {"hard_negatives", b.hardNegative.empty() ? 0.0 : hard / b.hardNegative.size()},
                   {"truncated_queries", static_cast<double>(b.truncatedQueries)}};
    out.tokens = b.pairs.tokens();
    out.samples = rows;
    return out;
}

ObjectiveOutput XlpObjective::qlmStep(StepContext& context, size_t pair) {
    ds::RetrievalBatch b = qlm_[pair]->next();
    const int64_t rows = b.pairs.rows, cols = b.pairs.cols;
    ds::MaskOptions mask = ds::qlmMaskOptions(vocabSize_, specials_);
    mask.probability = options_.qlmMaskProb;
    const std::vector<uint64_t> keys = rowIdentityKeys(b);
    std::vector<int32_t> labels =
        ds::maskCrossEncoderTokens(b.pairs, b.queryLengths, qlmTarget_, mask, context.seed, &keys);
    auto types = intTensor(b.tokenTypes, rows, cols, context.device);
    auto global = boolTensor(b.global, rows, cols, context.device);
    ObjectiveOutput out =
        maskedLmLossForLabels(*heads_->qlm, context, b.pairs, labels, types, global);
    for (auto& [key, value] : out.metrics)
        key = "qlm_" + key;  // qlm_acc, qlm_masked
    out.metrics.emplace_back("qlm_loss", out.loss.item<double>());
    out.metrics.emplace_back("truncated_queries", static_cast<double>(b.truncatedQueries));
    return out;
}

nlohmann::json XlpObjective::state() const {
    nlohmann::json cursors = nlohmann::json::array();
    for (const auto* list : {&rr_, &qlm_})
        for (const auto& s : *list)
            cursors.push_back(s->cursor().toJson());
    return {{"batches", batches_}, {"cursors", cursors}};
}

void XlpObjective::loadState(const nlohmann::json& state, const std::string& origin) {
    const auto& list = state.at("cursors");
    if (list.size() != 2 * data_.pairs.size())
        throw CheckpointError(origin + ": the XLP state has " + std::to_string(list.size()) +
                              " sampler cursors but this run has " +
                              std::to_string(data_.pairs.size()) +
                              " language pairs x 2 tasks; resume with the same "
                              "objectives.xlp corpus and language_pairs");
    std::vector<ds::Cursor> cursors;
    for (const auto& c : list)
        cursors.push_back(ds::Cursor::fromJson(c));
    batches_ = state.at("batches").get<int64_t>();
    makeSamplers(cursors);
}

ObjectiveSpec xlpObjectiveSpec() {
    ObjectiveSpec s;
    s.name = "xlp";
    s.title = "XLP: relevance ranking (RR) and query language modelling (QLM)";
    s.summary =
        "Yu, Fei & Li 2021: a cross-encoder over \"<s> query </s> document </s>\" (segments 0/1, "
        "global attention on <s>, the query and </s> under windowed attention) trained on "
        "sections of comparable documents aligned by title embeddings: RR scores the aligned "
        "section against sampled negatives (hard ones from the same page with probability "
        "1 - (3/4)^T), QLM predicts 30% masked query tokens from the foreign section.";
    s.paper = "xlp-qlm-rr-retrieval-pretraining.txt";
    s.defaultWeight = 0.0;
    s.defaults = [] { return std::any(XlpOptions{}); };
    s.fields = {
        optionField("xlp", "tasks", &XlpOptions::tasks,
                    "comma-separated tasks: rr, qlm or \"rr,qlm\" (RR then QLM each iteration)"),
        optionField("xlp", "corpus", &XlpOptions::corpus,
                    "corpus with docs/<split>/<lang>.jsonl documents with titled sections (the "
                    "demo corpus), or a folder of <lang>.jsonl",
                    {true}),
        optionField("xlp", "split", &XlpOptions::split, "split folder under corpus/docs"),
        optionField("xlp", "language_pairs", &XlpOptions::languagePairs,
                    "query-document language pairs (\"de-en,en-de\"); empty = every language "
                    "with English, both ways"),
        optionField("xlp", "eta", &XlpOptions::eta,
                    "title-embedding cosine above which two sections are aligned"),
        optionField("xlp", "align_model", &XlpOptions::alignModel,
                    "checkpoint whose mean-pooled vectors (with its own tokenizer) align the "
                    "sections: an aligned encoder, e.g. \"shipped-base\"; empty = the model "
                    "being trained",
                    {true}),
        optionField("xlp", "align_text", &XlpOptions::alignText,
                    "what is embedded per section to align it: \"title\" (the paper) or "
                    "\"title+sentence\" (its title and first sentence)"),
        optionField("xlp", "min_section_sentences", &XlpOptions::minSectionSentences,
                    "sections with fewer sentences are not aligned"),
        optionField("xlp", "batch_size", &XlpOptions::batchSize, "queries per batch and process"),
        optionField("xlp", "negatives", &XlpOptions::negatives, "RR negatives per query"),
        optionField("xlp", "max_query_tokens", &XlpOptions::maxQueryTokens,
                    "query ids kept (the global-attention budget); longer queries are cut and "
                    "counted"),
        optionField("xlp", "max_length", &XlpOptions::maxLength,
                    "tokens of the packed <s> query </s> document </s>"),
        optionField("xlp", "qlm_mask_prob", &XlpOptions::qlmMaskProb,
                    "share of query tokens QLM selects (paper 0.3; ablations 0.15, 0.45)"),
        optionField("xlp", "qlm_mask_target", &XlpOptions::qlmMaskTarget,
                    "what QLM masks: query, document or both (ablations)"),
        optionField("xlp", "head_dropout", &XlpOptions::headDropout,
                    "dropout of the RR scoring head"),
    };
    s.validate = [](const RunConfig& config, std::vector<std::string>& p) {
        const auto& o = config.objectiveOptions<XlpOptions>("xlp");
        auto need = [&p](bool ok, const std::string& msg) {
            if (!ok) p.push_back(msg);
        };
        for (auto check : {std::function<void()>([&] { parseTasks(o.tasks); }),
                           std::function<void()>([&] { parseTarget(o.qlmMaskTarget); })}) {
            try {
                check();
            } catch (const ConfigError& e) {
                p.push_back(e.what());
            }
        }
        need(!o.corpus.empty(),
             "objectives.xlp.corpus: name a corpus with sectioned documents "
             "(e.g. corpora/man-demo)");
        need(o.eta >= -1 && o.eta < 1, "objectives.xlp.eta must be in [-1, 1)");
        need(o.alignText == "title" || o.alignText == "title+sentence",
             "objectives.xlp.align_text must be \"title\" or \"title+sentence\" (got \"" +
                 o.alignText + "\")");
        need(o.minSectionSentences >= 1, "objectives.xlp.min_section_sentences must be at least 1");
        need(o.batchSize >= 1, "objectives.xlp.batch_size must be at least 1");
        need(o.negatives >= 1, "objectives.xlp.negatives must be at least 1");
        need(o.maxQueryTokens >= 1, "objectives.xlp.max_query_tokens must be at least 1");
        need(o.maxLength >= o.maxQueryTokens + 4,
             "objectives.xlp.max_length must exceed max_query_tokens by at least 4 (<s>, two "
             "</s>, one document token)");
        need(o.qlmMaskProb > 0 && o.qlmMaskProb < 1,
             "objectives.xlp.qlm_mask_prob must be in (0, 1)");
        need(o.headDropout >= 0 && o.headDropout < 1,
             "objectives.xlp.head_dropout must be in [0, 1)");
        if (config.model.init == "scratch") {
            need(config.model.typeVocabSize >= 2,
                 "model.type_vocab_size must be at least 2 for objectives.xlp (segment ids 0 on "
                 "the query, 1 on the document)");
            need(o.maxLength + 2 <= config.model.maxPositions,
                 "objectives.xlp.max_length (" + std::to_string(o.maxLength) +
                     ") + 2 exceeds model.max_positions (" +
                     std::to_string(config.model.maxPositions) + ")");
        }
    };
    using G = MetricGroup;
    using K = MetricKind;
    s.metrics = {
        {"loss/xlp", ISOMORPH_TR_NOOP("MetricCatalog", "XLP loss (RR or QLM batch)"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), G::Losses, K::Train, Better::Lower},
        {"xlp/rr_loss", ISOMORPH_TR_NOOP("MetricCatalog", "XLP relevance ranking loss"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), G::Losses, K::Train, Better::Lower},
        {"xlp/qlm_loss", ISOMORPH_TR_NOOP("MetricCatalog", "XLP query language modelling loss"),
         ISOMORPH_TR_NOOP("MetricCatalog", "nats"), G::Losses, K::Train, Better::Lower},
        {"xlp/rr_acc",
         ISOMORPH_TR_NOOP("MetricCatalog", "XLP RR accuracy (positive scored highest)"), "%",
         G::Objectives, K::Train, Better::Higher, 100},
        {"xlp/qlm_acc", ISOMORPH_TR_NOOP("MetricCatalog", "XLP QLM accuracy on masked tokens"), "%",
         G::Objectives, K::Train, Better::Higher, 100},
        {"xlp/qlm_masked", ISOMORPH_TR_NOOP("MetricCatalog", "XLP QLM masked tokens per batch"),
         ISOMORPH_TR_NOOP("MetricCatalog", "tokens"), G::Objectives, K::Train, Better::Neither},
        {"xlp/hard_negatives", ISOMORPH_TR_NOOP("MetricCatalog", "XLP hard-negative fraction"), "%",
         G::Objectives, K::Train, Better::Neither, 100},
        {"xlp/truncated_queries",
         ISOMORPH_TR_NOOP("MetricCatalog", "XLP queries cut to the global budget per batch"),
         ISOMORPH_TR_NOOP("MetricCatalog", "queries"), G::Objectives, K::Train, Better::Lower},
    };
    // Reads its documents as text (objectives.xlp.documents) through the checkpoint's tokenizer.
    s.needs = [](const RunConfig&) {
        DataNeeds needs;
        needs.docs = false;
        needs.text = true;
        return needs;
    };
    s.factory = [](const ObjectiveBuildContext& c) -> std::unique_ptr<Objective> {
        return std::make_unique<XlpObjective>(c);
    };
    return s;
}

}  // namespace isomorph::train

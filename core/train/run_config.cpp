#include "core/train/run_config.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <variant>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "core/common/errors.h"
#include "core/train/objective_registry.h"

namespace isomorph::train {

const std::vector<std::pair<BatchMode, const char*>>& EnumNames<BatchMode>::table() {
    static const std::vector<std::pair<BatchMode, const char*>> t = {
        {BatchMode::SingleLanguage, "language"}, {BatchMode::Mixed, "mixed"}};
    return t;
}
const std::vector<std::pair<Precision, const char*>>& EnumNames<Precision>::table() {
    static const std::vector<std::pair<Precision, const char*>> t = {{Precision::Fp32, "fp32"},
                                                                     {Precision::Fp64, "fp64"},
                                                                     {Precision::Bf16, "bf16"},
                                                                     {Precision::Fp16, "fp16"}};
    return t;
}
const std::vector<std::pair<Decay, const char*>>& EnumNames<Decay>::table() {
    static const std::vector<std::pair<Decay, const char*>> t = {
        {Decay::Linear, "linear"}, {Decay::Cosine, "cosine"}, {Decay::Constant, "constant"}};
    return t;
}
const std::vector<std::pair<Mixing, const char*>>& EnumNames<Mixing>::table() {
    static const std::vector<std::pair<Mixing, const char*>> t = {{Mixing::Sum, "sum"},
                                                                  {Mixing::Sample, "sample"}};
    return t;
}
const std::vector<std::pair<DevMetric, const char*>>& EnumNames<DevMetric>::table() {
    static const std::vector<std::pair<DevMetric, const char*>> t = {
        {DevMetric::BitextAcc, "bitext_acc"}, {DevMetric::BitextAccShifted, "bitext_acc_shifted"}};
    return t;
}

namespace config_detail {

std::string formatScalar(bool v) {
    return v ? "true" : "false";
}
std::string formatScalar(int64_t v) {
    return std::to_string(v);
}
std::string formatScalar(double v) {
    std::string s = fmt::format("{}", v);  // shortest round-trip form
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
    return s;
}
std::string formatScalar(const std::string& v) {
    std::ostringstream out;
    out << toml::value<std::string>(v);
    return out.str();
}

namespace {
const char* kindName(const ConfigValue& v) {
    switch (v.index()) {
        case 0:
            return "true/false";
        case 1:
            return "an integer";
        case 2:
            return "a number";
        default:
            return "a string";
    }
}
}  // namespace

std::string assignScalar(bool& out, const ConfigValue& v) {
    if (auto* b = std::get_if<bool>(&v)) return out = *b, "";
    return std::string("must be true or false (got ") + kindName(v) + ")";
}
std::string assignScalar(int64_t& out, const ConfigValue& v) {
    if (auto* i = std::get_if<int64_t>(&v)) return out = *i, "";
    return std::string("must be an integer (got ") + kindName(v) + ")";
}
std::string assignScalar(uint64_t& out, const ConfigValue& v) {
    int64_t i = 0;
    if (auto err = assignScalar(i, v); !err.empty()) return err;
    if (i < 0) return "must not be negative";
    out = static_cast<uint64_t>(i);
    return "";
}
std::string assignScalar(double& out, const ConfigValue& v) {
    if (auto* d = std::get_if<double>(&v)) return out = *d, "";
    if (auto* i = std::get_if<int64_t>(&v)) return out = static_cast<double>(*i), "";
    return std::string("must be a number (got ") + kindName(v) + ")";
}
std::string assignScalar(std::string& out, const ConfigValue& v) {
    if (auto* t = std::get_if<std::string>(&v)) return out = *t, "";
    return std::string("must be a string (got ") + kindName(v) + ")";
}

std::string tryParse(const std::function<void()>& parse) {
    try {
        parse();
        return "";
    } catch (const std::exception& e) {
        return e.what();
    }
}

}  // namespace config_detail

namespace {

/// A TOML node -> ConfigValue; nullopt for arrays, tables, dates.
std::optional<ConfigValue> valueOf(const toml::node& node) {
    if (auto v = node.value_exact<bool>()) return ConfigValue(*v);
    if (auto v = node.value_exact<int64_t>()) return ConfigValue(*v);
    if (auto v = node.value_exact<double>()) return ConfigValue(*v);
    if (auto v = node.value_exact<std::string>()) return ConfigValue(*v);
    return std::nullopt;
}

// A field of RunConfig::member: ISO_FIELD(key, member, help[, traits]).
template <class Access>
ConfigField memberField(std::string key, Access access, std::string help, FieldTraits traits = {}) {
    return makeField(std::move(key), std::move(help), access, traits);
}
#define ISO_FIELD(key, member, ...) \
    memberField(                    \
        key, [](RunConfig & c) -> auto& { return c.member; }, __VA_ARGS__)

// The trainer's own sections, in display order; objectives' sections are inserted after data.
std::vector<ConfigField> trainerFields(bool beforeObjectives) {
    std::vector<ConfigField> f;
    const FieldTraits path{true};
    if (beforeObjectives) {
        f.push_back(ISO_FIELD("name", name, "run name shown in the GUI and logs"));
        f.push_back(ISO_FIELD("model.init", model.init,
                              "\"scratch\" or a checkpoint folder (Hugging Face layout)", path));
        f.push_back(ISO_FIELD("model.tokenizer", model.tokenizer,
                              "SentencePiece .model for scratch models", path));
        f.push_back(ISO_FIELD("model.layers", model.layers, "transformer blocks (scratch)"));
        f.push_back(ISO_FIELD("model.hidden", model.hidden, "hidden size (scratch)"));
        f.push_back(ISO_FIELD("model.heads", model.heads, "attention heads (scratch)"));
        f.push_back(ISO_FIELD("model.ffn", model.ffn, "feed-forward width (scratch)"));
        f.push_back(ISO_FIELD("model.max_positions", model.maxPositions,
                              "position embeddings incl. XLM-R's offset of 2 (scratch)"));
        f.push_back(ISO_FIELD("model.dropout", model.dropout, "hidden and attention dropout"));
        f.push_back(ISO_FIELD("model.type_vocab_size", model.typeVocabSize,
                              "segment (token-type) embeddings (scratch); the XLP cross-encoder "
                              "needs 2"));
        f.push_back(ISO_FIELD("model.attention_radius", model.attentionRadius,
                              "0 = full attention; r > 0 = global + sliding-window attention over "
                              "2r + 1 tokens (also applied to a checkpoint given in model.init)"));
        f.push_back(ISO_FIELD("model.global_projections", model.globalProjections,
                              "separate query/key/value projections for global attention "
                              "(Longformer's Qg/Kg/Vg), initialised as copies of the local ones "
                              "(scratch)"));
        f.push_back(ISO_FIELD("model.pooling", model.pooling,
                              "sentence vector of contrastive objectives: cls, mean or layer:K"));
        f.push_back(ISO_FIELD("data.docs", data.docs,
                              "shard set of documents (MLM, CCP, MSM; the health probe); optional "
                              "for runs whose objectives read none",
                              path));
        f.push_back(ISO_FIELD("data.dev_pairs", data.devPairs,
                              "shard set of parallel pairs for dev bitext accuracy; \"\" = none",
                              path));
        f.push_back(ISO_FIELD("data.pairs", data.pairs,
                              "shard set of parallel training pairs (HICTL); \"\" = none", path));
        f.push_back(ISO_FIELD("data.batch_mode", data.batchMode,
                              "language: one language per batch; mixed: any"));
        f.push_back(
            ISO_FIELD("data.alpha", data.alpha, "language sampling exponent (p ~ share^alpha)"));
        f.push_back(
            ISO_FIELD("data.max_tokens", data.maxTokens, "tokens per sentence incl. <s> and </s>"));
        return f;
    }
    f.push_back(ISO_FIELD("optimizer.lr", optimizer.lr, "peak learning rate"));
    f.push_back(ISO_FIELD("optimizer.weight_decay", optimizer.weightDecay,
                          "AdamW decoupled weight decay (not on biases and LayerNorms)"));
    f.push_back(ISO_FIELD("optimizer.beta1", optimizer.beta1, "Adam beta1"));
    f.push_back(ISO_FIELD("optimizer.beta2", optimizer.beta2, "Adam beta2"));
    f.push_back(ISO_FIELD("optimizer.eps", optimizer.eps, "Adam epsilon"));
    f.push_back(ISO_FIELD("optimizer.grad_clip", optimizer.gradClip,
                          "max global gradient L2 norm; 0 = off"));
    f.push_back(ISO_FIELD("optimizer.accumulation", optimizer.accumulation,
                          "micro-batches per optimizer step"));
    f.push_back(ISO_FIELD("schedule.decay", schedule.decay, "learning rate after warm-up"));
    f.push_back(
        ISO_FIELD("schedule.warmup_steps", schedule.warmupSteps, "linear warm-up steps from 0"));
    f.push_back(ISO_FIELD("schedule.max_steps", schedule.maxSteps, "optimizer steps of the run"));
    f.push_back(ISO_FIELD("schedule.mixing", schedule.mixing,
                          "sum: every objective's weighted loss each step (the papers); sample: "
                          "one objective per micro-batch, drawn by weight"));
    f.push_back(ISO_FIELD("runtime.seed", runtime.seed, "seed of every random decision"));
    f.push_back(ISO_FIELD("runtime.device", runtime.device, "cpu, cuda or cuda:N"));
    f.push_back(ISO_FIELD("runtime.threads", runtime.threads,
                          "intra-op threads per process; 0 = cores / processes"));
    f.push_back(ISO_FIELD("runtime.nproc", runtime.nproc, "data-parallel processes"));
    f.push_back(ISO_FIELD("runtime.attention", runtime.attention,
                          "auto (fused kernels on LibTorch 2.x), fused or explicit"));
    f.push_back(ISO_FIELD("runtime.precision", runtime.precision,
                          "fp32; fp64 (exact checks); bf16/fp16 mixed precision only on CUDA"));
    f.push_back(ISO_FIELD("eval.every", eval.every,
                          "dev bitext evaluation every N steps; 0 = only at the end"));
    f.push_back(ISO_FIELD("eval.max_pairs", eval.maxPairs, "dev pairs per language pair"));
    f.push_back(ISO_FIELD("eval.metric", eval.metric, "metric choosing the best checkpoint"));
    f.push_back(ISO_FIELD("eval.pooling", eval.pooling,
                          "sentence vector for dev evaluation and probes: cls, mean or layer:K"));
    f.push_back(ISO_FIELD("eval.mean_sentences", eval.meanSentences,
                          "training sentences per language for the mean shift"));
    f.push_back(ISO_FIELD("eval.transductive_shift", eval.transductiveShift,
                          "shift by the evaluated pairs' own means (not the paper's method)"));
    f.push_back(ISO_FIELD("monitor.every", monitor.every,
                          "collapse/alignment/uniformity probe every N steps; 0 = off"));
    f.push_back(
        ISO_FIELD("monitor.probe_size", monitor.probeSize, "sentences in the fixed probe set"));
    f.push_back(
        ISO_FIELD("monitor.collapse_threshold", monitor.collapseThreshold,
                  "warn when the embedding spread falls below this share of its first value"));
    f.push_back(ISO_FIELD("checkpoint.every", checkpoint.every,
                          "save every N steps; 0 = only at the end and on stop"));
    f.push_back(ISO_FIELD("checkpoint.keep_last", checkpoint.keepLast,
                          "newest checkpoints kept, besides the best"));
    return f;
}
#undef ISO_FIELD

std::vector<ConfigField> objectiveFields(const ObjectiveSpec& spec) {
    const std::string name = spec.name;
    std::vector<ConfigField> f;
    f.push_back(
        makeField("objectives." + name + ".weight",
                  "0 = off; schedule.mixing = sample: relative frequency of " + name + " batches",
                  [name](RunConfig& c) -> double& { return c.objective(name).weight; }));
    f.push_back(
        makeField("objectives." + name + ".loss_weight", name + " loss multiplier",
                  [name](RunConfig& c) -> double& { return c.objective(name).lossWeight; }));
    f.insert(f.end(), spec.fields.begin(), spec.fields.end());
    return f;
}

// The registry can grow (tests register toy objectives), so the field table is rebuilt when
// its size changed; references stay valid as long as nothing registers in between.
struct FieldTable {
    size_t objectives = static_cast<size_t>(-1);
    std::vector<ConfigField> fields;
};

FieldTable& fieldTable() {
    static FieldTable table;
    return table;
}

const ConfigField* findField(const std::string& key) {
    for (const auto& f : runConfigFields())
        if (f.key == key) return &f;
    return nullptr;
}

std::string suggestion(const std::string& key) {
    // The known key with the same last component helps with typos and moved keys.
    auto last = key.substr(key.rfind('.') + 1);
    for (const auto& f : runConfigFields()) {
        auto fl = f.key.substr(f.key.rfind('.') + 1);
        if (fl == last) return " (did you mean '" + f.key + "'?)";
    }
    return " (see `isomorph-cli train --print-config` for every key)";
}

void collect(const toml::table& table, const std::string& prefix, RunConfig& config,
             const std::string& origin, std::vector<std::string>& errors) {
    for (const auto& [k, node] : table) {
        std::string key =
            prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
        auto line = node.source().begin.line;
        std::string where = origin + ":" + std::to_string(line) + ": ";
        if (key == "schema_version") continue;  // read before everything else
        if (const auto* sub = node.as_table()) {
            collect(*sub, key, config, origin, errors);
            continue;
        }
        const ConfigField* f = findField(key);
        if (!f) {
            errors.push_back(where + "unknown key '" + key + "'" + suggestion(key));
            continue;
        }
        auto value = valueOf(node);
        std::string err = value ? f->assign(config, *value) : "must be a single value";
        if (!err.empty()) errors.push_back(where + "'" + key + "' " + err);
    }
}

// schema_version first: it decides the defaults of keys a file does not set.
int readSchemaVersion(const toml::table& table, const std::string& origin,
                      std::vector<std::string>& errors) {
    const toml::node* node = table.get("schema_version");
    if (!node) return kRunConfigSchemaVersion;
    const std::string where = origin + ":" + std::to_string(node->source().begin.line) + ": ";
    auto v = node->value_exact<int64_t>();
    if (!v) {
        errors.push_back(where + "schema_version must be an integer");
    } else if (*v > kRunConfigSchemaVersion || *v < 1) {
        errors.push_back(where + "schema_version " + std::to_string(*v) +
                         " is not supported (this Isomorph reads 1.." +
                         std::to_string(kRunConfigSchemaVersion) + ")");
    } else {
        return static_cast<int>(*v);
    }
    return kRunConfigSchemaVersion;
}

[[noreturn]] void throwAll(const std::vector<std::string>& errors) {
    std::string msg;
    for (const auto& e : errors)
        msg += (msg.empty() ? "" : "\n") + e;
    throw ConfigError(msg);
}

}  // namespace

ConfigValue parseConfigLiteral(const std::string& text) {
    try {
        toml::table t = toml::parse("v = " + text);
        if (auto v = valueOf(*t.get("v"))) return *v;
    } catch (const toml::parse_error&) {
    }
    // Bare words (paths, choices) are strings: --set model.init=/data/xlmr
    return ConfigValue(text);
}

const std::vector<ConfigField>& runConfigFields() {
    FieldTable& table = fieldTable();
    const auto& specs = objectiveSpecs();
    if (table.objectives != specs.size()) {
        std::vector<ConfigField> out = trainerFields(true);
        for (const auto& spec : specs) {
            auto f = objectiveFields(spec);
            out.insert(out.end(), f.begin(), f.end());
        }
        auto rest = trainerFields(false);
        out.insert(out.end(), rest.begin(), rest.end());
        table.fields = std::move(out);
        table.objectives = specs.size();
    }
    return table.fields;
}

RunConfig::RunConfig() {
    for (const auto& spec : objectiveSpecs()) {
        ObjectiveConfig o;
        o.weight = spec.defaultWeight;
        o.options = spec.defaults ? spec.defaults() : std::any();
        objectives.emplace(spec.name, std::move(o));
    }
}

ObjectiveConfig& RunConfig::objective(const std::string& objectiveName) {
    auto it = objectives.find(objectiveName);
    if (it == objectives.end()) {
        std::string known;
        for (const auto& spec : objectiveSpecs())
            known += (known.empty() ? "" : ", ") + spec.name;
        throw ConfigError("objectives." + objectiveName + ": no such objective (known: " + known +
                          ")");
    }
    return it->second;
}

const ObjectiveConfig& RunConfig::objective(const std::string& objectiveName) const {
    return const_cast<RunConfig*>(this)->objective(objectiveName);
}

std::vector<std::string> RunConfig::enabledObjectives() const {
    std::vector<std::string> out;
    for (const auto& spec : objectiveSpecs()) {
        auto it = objectives.find(spec.name);
        if (it != objectives.end() && it->second.weight > 0) out.push_back(spec.name);
    }
    return out;
}

RunConfig parseRunConfig(const std::string& text, const std::string& origin) {
    toml::table table;
    try {
        table = toml::parse(text, origin);
    } catch (const toml::parse_error& e) {
        throw ConfigError(origin + ":" + std::to_string(e.source().begin.line) + ": " +
                          std::string(e.description()));
    }
    RunConfig config;
    std::vector<std::string> errors;
    config.schemaVersion = readSchemaVersion(table, origin, errors);
    collect(table, "", config, origin, errors);
    if (!errors.empty()) throwAll(errors);
    if (config.schemaVersion < 2 && !table.at_path("eval.pooling")) {
        // Schema 1 evaluated with model.pooling; a frozen config of that time keeps doing so.
        config.eval.pooling = config.model.pooling;
    }
    if (config.schemaVersion < 3 && !table.at_path("schedule.mixing")) {
        // Before schema 3 the trainer drew one objective per micro-batch; a frozen config of
        // that time (a run being resumed) keeps doing so.
        config.schedule.mixing = Mixing::Sample;
    }
    config.schemaVersion = kRunConfigSchemaVersion;
    return config;
}

RunConfig loadRunConfig(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ConfigError(path.string() + ": cannot read the run config (does the file exist?)");
    std::ostringstream text;
    text << in.rdbuf();
    return parseRunConfig(text.str(), path.string());
}

void applyOverride(RunConfig& config, const std::string& assignment) {
    auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0)
        throw ConfigError("--set " + assignment + ": expected section.key=value");
    std::string key = assignment.substr(0, eq);
    std::string value = assignment.substr(eq + 1);
    key.erase(key.find_last_not_of(" \t") + 1);
    const ConfigField* f = findField(key);
    if (!f)
        throw ConfigError("--set " + assignment + ": unknown key '" + key + "'" + suggestion(key));
    if (auto err = f->set(config, value); !err.empty())
        throw ConfigError("--set " + assignment + ": '" + key + "' " + err);
}

std::string runConfigToToml(const RunConfig& config) {
    std::ostringstream out;
    out << "# Isomorph run configuration\nschema_version = " << config.schemaVersion << "\n";
    std::string section;
    for (const auto& f : runConfigFields()) {
        auto dot = f.key.rfind('.');
        std::string sec = dot == std::string::npos ? "" : f.key.substr(0, dot);
        std::string leaf = dot == std::string::npos ? f.key : f.key.substr(dot + 1);
        if (sec != section) {
            out << "\n[" << sec << "]\n";
            section = sec;
        }
        out << leaf << " = " << f.get(config) << "  # " << f.help;
        if (!f.choices.empty()) {
            std::string list;
            for (const auto& c : f.choices)
                list += (list.empty() ? "" : ", ") + c;
            out << " (" << list << ")";
        }
        out << "\n";
    }
    return out.str();
}

std::vector<std::string> differingKeys(const RunConfig& a, const RunConfig& b) {
    std::vector<std::string> keys;
    for (const auto& f : runConfigFields())
        if (f.get(a) != f.get(b)) keys.push_back(f.key);
    return keys;
}

std::vector<std::string> RunConfig::problems() const {
    std::vector<std::string> p;
    auto need = [&p](bool ok, const std::string& msg) {
        if (!ok) p.push_back(msg);
    };
    using config_detail::formatScalar;
    need(model.init == "scratch" || !model.init.empty(),
         "model.init: give \"scratch\" or a folder");
    need(model.init != "scratch" || !model.tokenizer.empty(),
         "model.tokenizer: a scratch model needs a SentencePiece .model file");
    if (model.init == "scratch") {
        need(model.layers >= 1, "model.layers must be at least 1");
        need(model.hidden >= 8, "model.hidden must be at least 8");
        need(model.heads >= 1 && model.hidden % std::max<int64_t>(model.heads, 1) == 0,
             "model.heads must divide model.hidden (" + std::to_string(model.hidden) + ")");
        need(model.ffn >= 1, "model.ffn must be at least 1");
        need(model.typeVocabSize >= 0, "model.type_vocab_size must not be negative");
        need(model.maxPositions >= data.maxTokens + 2,
             "model.max_positions (" + std::to_string(model.maxPositions) +
                 ") must be at least data.max_tokens + 2 (" + std::to_string(data.maxTokens + 2) +
                 ")");
        for (const auto& [key, pooling] :
             {std::pair{"model.pooling", model.pooling}, std::pair{"eval.pooling", eval.pooling}})
            need(pooling.kind != model::Pooling::Kind::LayerMean || pooling.layer <= model.layers,
                 std::string(key) + " " + pooling.toString() + ": the model has " +
                     std::to_string(model.layers) + " layers (model.layers)");
    }
    need(model.dropout >= 0 && model.dropout < 1, "model.dropout must be in [0, 1)");
    need(model.attentionRadius >= 0,
         "model.attention_radius must not be negative (0 = full attention)");
    need(!model.globalProjections || model.attentionRadius > 0,
         "model.global_projections needs global + sliding-window attention: set "
         "model.attention_radius > 0");
    need(data.alpha > 0 && data.alpha <= 1, "data.alpha must be in (0, 1]");
    need(data.maxTokens >= 3, "data.max_tokens must be at least 3 (<s>, a token, </s>)");

    bool anyEnabled = false;
    for (const auto& spec : objectiveSpecs()) {
        auto it = objectives.find(spec.name);
        if (it == objectives.end()) continue;
        const ObjectiveConfig& o = it->second;
        const std::string key = "objectives." + spec.name;
        need(o.weight >= 0, key + ".weight must not be negative");
        if (o.weight <= 0) continue;
        anyEnabled = true;
        need(o.lossWeight > 0, key + ".loss_weight must be positive");
        const DataNeeds needs = dataNeeds(spec, *this);
        need(!needs.pairs || !data.pairs.empty(), missingPairsMessage(spec.name, needs));
        need(!needs.docs || !data.docs.empty(), missingDocsMessage(spec.name));
        if (spec.validate) spec.validate(*this, p);
    }
    need(anyEnabled, "objectives: every objective has weight 0; enable one");
    need(data.devPairs.empty() || eval.transductiveShift || !data.docs.empty(),
         "data.dev_pairs with eval.transductive_shift = false shifts each language by its mean "
         "over data.docs: give data.docs, or set eval.transductive_shift = true");
    need(optimizer.lr > 0,
         "optimizer.lr must be positive (got " + formatScalar(optimizer.lr) + ")");
    need(optimizer.weightDecay >= 0, "optimizer.weight_decay must not be negative");
    need(optimizer.beta1 >= 0 && optimizer.beta1 < 1, "optimizer.beta1 must be in [0, 1)");
    need(optimizer.beta2 >= 0 && optimizer.beta2 < 1, "optimizer.beta2 must be in [0, 1)");
    need(optimizer.eps > 0, "optimizer.eps must be positive");
    need(optimizer.gradClip >= 0, "optimizer.grad_clip must not be negative (0 = off)");
    need(optimizer.accumulation >= 1, "optimizer.accumulation must be at least 1");
    need(schedule.maxSteps >= 1, "schedule.max_steps must be at least 1");
    need(schedule.warmupSteps >= 0 && schedule.warmupSteps <= schedule.maxSteps,
         "schedule.warmup_steps must be in [0, max_steps]");
    need(runtime.threads >= 0, "runtime.threads must not be negative (0 = automatic)");
    need(runtime.nproc >= 1 && runtime.nproc <= 256, "runtime.nproc must be in [1, 256]");
    need(runtime.device == "cpu" || runtime.device.rfind("cuda", 0) == 0,
         "runtime.device must be cpu, cuda or cuda:N (got '" + runtime.device + "')");
    need(runtime.attention == "auto" || runtime.attention == "fused" ||
             runtime.attention == "explicit",
         "runtime.attention must be auto, fused or explicit (got '" + runtime.attention + "')");
    const bool mixed = runtime.precision == Precision::Bf16 || runtime.precision == Precision::Fp16;
    need(!mixed || runtime.device != "cpu", "runtime.precision " + enumName(runtime.precision) +
                                                " needs a CUDA device; use fp32 (or fp64) on cpu");
    need(eval.every >= 0, "eval.every must not be negative");
    need(eval.maxPairs >= 1, "eval.max_pairs must be at least 1");
    need(eval.meanSentences >= 1, "eval.mean_sentences must be at least 1");
    need(monitor.every >= 0, "monitor.every must not be negative");
    need(monitor.probeSize >= 2, "monitor.probe_size must be at least 2");
    need(monitor.collapseThreshold > 0 && monitor.collapseThreshold < 1,
         "monitor.collapse_threshold must be in (0, 1)");
    need(checkpoint.every >= 0, "checkpoint.every must not be negative");
    need(checkpoint.keepLast >= 1, "checkpoint.keep_last must be at least 1");
    return p;
}

void RunConfig::validate(const std::string& origin) const {
    auto p = problems();
    if (p.empty()) return;
    std::string msg = origin + ": invalid run config:";
    for (const auto& s : p)
        msg += "\n  " + s;
    throw ConfigError(msg);
}

void RunConfig::resolvePaths(const std::filesystem::path& base) {
    for (const auto& f : runConfigFields()) {
        if (!f.isPath) continue;
        std::string p;
        config_detail::assignScalar(p, parseConfigLiteral(f.get(*this)));
        if (p.empty() || p == "scratch") continue;
        std::filesystem::path path(p);
        if (path.is_relative())
            f.assign(*this, ConfigValue((base / path).lexically_normal().string()));
    }
}

eval::BitextReportOptions devBitextOptions(const RunConfig& config) {
    eval::BitextReportOptions o;
    o.pooling = config.eval.pooling.toString();
    o.maxPairs = config.eval.maxPairs;
    o.maxTokens = static_cast<uint32_t>(config.data.maxTokens);
    return o;
}

}  // namespace isomorph::train

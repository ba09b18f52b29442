#include "core/train/run_config.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "core/common/errors.h"

namespace isomorph::train {
namespace {

using Kind = ConfigField::Kind;

// Setters from parsed TOML nodes live next to the public fields; the public text setter parses
// the literal and delegates here, so files and --set flags follow the same rules.
struct FieldImpl {
    ConfigField field;
    std::function<std::string(RunConfig&, const toml::node&)> setNode;
};

std::string quote(const std::string& s) {
    std::ostringstream out;
    out << toml::value<std::string>(s);
    return out.str();
}

std::string kindName(Kind kind) {
    switch (kind) {
        case Kind::Integer:
            return "an integer";
        case Kind::Float:
            return "a number";
        case Kind::Bool:
            return "true or false";
        default:
            return "a string";
    }
}

template <class T>
Kind kindOf() {
    if constexpr (std::is_same_v<T, bool>)
        return Kind::Bool;
    else if constexpr (std::is_integral_v<T>)
        return Kind::Integer;
    else if constexpr (std::is_floating_point_v<T>)
        return Kind::Float;
    else
        return Kind::String;
}

template <class T>
std::string format(const T& v) {
    if constexpr (std::is_same_v<T, bool>)
        return v ? "true" : "false";
    else if constexpr (std::is_integral_v<T>)
        return std::to_string(v);
    else if constexpr (std::is_floating_point_v<T>) {
        std::string s = fmt::format("{}", v);  // shortest round-trip form
        if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
        return s;
    } else
        return quote(v);
}

template <class T>
std::string assign(T& out, const toml::node& node) {
    if constexpr (std::is_same_v<T, bool>) {
        if (auto v = node.value_exact<bool>()) return out = *v, "";
    } else if constexpr (std::is_integral_v<T>) {
        if (auto v = node.value_exact<int64_t>()) {
            if (std::is_unsigned_v<T> && *v < 0) return "must not be negative";
            return out = static_cast<T>(*v), "";
        }
    } else if constexpr (std::is_floating_point_v<T>) {
        if (auto v = node.value_exact<double>()) return out = *v, "";
        if (auto v = node.value_exact<int64_t>()) return out = static_cast<T>(*v), "";
    } else {
        if (auto v = node.value_exact<std::string>()) return out = *v, "";
    }
    return "must be " + kindName(kindOf<T>());
}

template <class Access>
FieldImpl makeField(std::string key, std::string help, Access access,
                    std::vector<std::string> choices = {}) {
    using T = std::decay_t<decltype(access(std::declval<RunConfig&>()))>;
    FieldImpl f;
    f.field.key = std::move(key);
    f.field.kind = choices.empty() ? kindOf<T>() : Kind::Choice;
    f.field.help = std::move(help);
    f.field.choices = choices;
    f.field.get = [access](const RunConfig& c) {
        return format(access(const_cast<RunConfig&>(c)));
    };
    f.setNode = [access, choices](RunConfig& c, const toml::node& node) -> std::string {
        T value{};
        if (auto err = assign(value, node); !err.empty()) return err;
        if constexpr (std::is_same_v<T, std::string>) {
            if (!choices.empty() &&
                std::find(choices.begin(), choices.end(), value) == choices.end()) {
                std::string list;
                for (const auto& ch : choices)
                    list += (list.empty() ? "" : ", ") + ch;
                return "must be one of " + list + " (got '" + value + "')";
            }
        }
        access(c) = value;
        return "";
    };
    return f;
}

#define ISO_FIELD(key, member, help, ...) \
    makeField(                            \
        key, help, [](RunConfig & c) -> auto& { return c.member; }, ##__VA_ARGS__)

const std::vector<FieldImpl>& fieldImpls() {
    static const std::vector<FieldImpl> fields = [] {
        std::vector<FieldImpl> f;
        f.push_back(ISO_FIELD("name", name, "run name shown in the GUI and logs"));
        // model
        f.push_back(ISO_FIELD("model.init", model.init,
                              "\"scratch\" or a checkpoint folder (Hugging Face layout)"));
        f.push_back(ISO_FIELD("model.tokenizer", model.tokenizer,
                              "SentencePiece .model for scratch models"));
        f.push_back(ISO_FIELD("model.layers", model.layers, "transformer blocks (scratch)"));
        f.push_back(ISO_FIELD("model.hidden", model.hidden, "hidden size (scratch)"));
        f.push_back(ISO_FIELD("model.heads", model.heads, "attention heads (scratch)"));
        f.push_back(ISO_FIELD("model.ffn", model.ffn, "feed-forward width (scratch)"));
        f.push_back(ISO_FIELD("model.max_positions", model.maxPositions,
                              "position embeddings incl. XLM-R's offset of 2 (scratch)"));
        f.push_back(ISO_FIELD("model.dropout", model.dropout, "hidden and attention dropout"));
        f.push_back(ISO_FIELD("model.pooling", model.pooling,
                              "sentence vector: cls, mean or layer:K (mean of layer K)"));
        // data
        f.push_back(ISO_FIELD("data.docs", data.docs, "shard set of documents (MLM, CCP)"));
        f.push_back(ISO_FIELD("data.dev_pairs", data.devPairs,
                              "shard set of parallel pairs for dev bitext accuracy; \"\" = none"));
        f.push_back(ISO_FIELD("data.batch_mode", data.batchMode,
                              "language: one language per batch; mixed: any",
                              {"language", "mixed"}));
        f.push_back(
            ISO_FIELD("data.alpha", data.alpha, "language sampling exponent (p ~ share^alpha)"));
        f.push_back(
            ISO_FIELD("data.max_tokens", data.maxTokens, "tokens per sentence incl. <s> and </s>"));
        // objectives
        f.push_back(ISO_FIELD("objectives.mlm.weight", mlm.weight,
                              "relative frequency of MLM batches; 0 = off"));
        f.push_back(ISO_FIELD("objectives.mlm.loss_weight", mlm.lossWeight, "MLM loss multiplier"));
        f.push_back(ISO_FIELD("objectives.mlm.batch_size", mlm.batchSize,
                              "sentences per MLM batch and process"));
        f.push_back(ISO_FIELD("objectives.mlm.mask_prob", mlm.maskProb,
                              "share of tokens selected for masking (80/10/10)"));
        f.push_back(ISO_FIELD("objectives.ccp.weight", ccp.weight,
                              "relative frequency of CCP batches; 0 = off"));
        f.push_back(ISO_FIELD("objectives.ccp.loss_weight", ccp.lossWeight, "CCP loss multiplier"));
        f.push_back(ISO_FIELD("objectives.ccp.batch_size", ccp.batchSize,
                              "windows per CCP batch and process (2N sentences)"));
        f.push_back(ISO_FIELD("objectives.ccp.radius", ccp.radius,
                              "window radius w: context sentences at distance 1..w"));
        f.push_back(
            ISO_FIELD("objectives.ccp.temperature", ccp.temperature, "tau in exp(cos / tau)"));
        f.push_back(ISO_FIELD("objectives.ccp.memory_bank", ccp.memoryBank,
                              "language: per-language FIFO negatives; plain: one FIFO; none",
                              {"language", "plain", "none"}));
        f.push_back(ISO_FIELD("objectives.ccp.bank_size", ccp.bankSize,
                              "memory bank entries M (per language for 'language')"));
        f.push_back(ISO_FIELD("objectives.ccp.l2_normalize", ccp.l2Normalize,
                              "cosine similarity (true) or raw dot product"));
        f.push_back(ISO_FIELD("objectives.ccp.projection_norm", ccp.projectionNorm,
                              "projection head batch norm", {"asymmetric", "vanilla", "none"}));
        f.push_back(ISO_FIELD("objectives.ccp.projection_size", ccp.projectionSize,
                              "projection head output size"));
        // optimizer
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
        // schedule
        f.push_back(ISO_FIELD("schedule.decay", schedule.decay, "learning rate after warm-up",
                              {"linear", "cosine", "constant"}));
        f.push_back(ISO_FIELD("schedule.warmup_steps", schedule.warmupSteps,
                              "linear warm-up steps from 0"));
        f.push_back(
            ISO_FIELD("schedule.max_steps", schedule.maxSteps, "optimizer steps of the run"));
        // runtime
        f.push_back(ISO_FIELD("runtime.seed", runtime.seed, "seed of every random decision"));
        f.push_back(ISO_FIELD("runtime.device", runtime.device, "cpu, cuda or cuda:N"));
        f.push_back(ISO_FIELD("runtime.threads", runtime.threads,
                              "intra-op threads per process; 0 = cores / processes"));
        f.push_back(ISO_FIELD("runtime.nproc", runtime.nproc, "data-parallel processes"));
        f.push_back(ISO_FIELD("runtime.precision", runtime.precision,
                              "fp32; bf16/fp16 mixed precision only on CUDA",
                              {"fp32", "bf16", "fp16"}));
        // eval, monitor, checkpoint
        f.push_back(ISO_FIELD("eval.every", eval.every,
                              "dev bitext evaluation every N steps; 0 = only at the end"));
        f.push_back(ISO_FIELD("eval.max_pairs", eval.maxPairs, "dev pairs per language pair"));
        f.push_back(ISO_FIELD("eval.metric", eval.metric, "metric choosing the best checkpoint",
                              {"bitext_acc", "bitext_acc_shifted"}));
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
    }();
    return fields;
}
#undef ISO_FIELD

const FieldImpl* findField(const std::string& key) {
    for (const auto& f : fieldImpls())
        if (f.field.key == key) return &f;
    return nullptr;
}

std::string suggestion(const std::string& key) {
    // The known key with the same last component, or in the same section, helps with typos.
    auto last = key.substr(key.rfind('.') + 1);
    for (const auto& f : fieldImpls()) {
        auto fl = f.field.key.substr(f.field.key.rfind('.') + 1);
        if (fl == last) return " (did you mean '" + f.field.key + "'?)";
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
        if (key == "schema_version") {
            auto v = node.value_exact<int64_t>();
            if (!v)
                errors.push_back(where + "schema_version must be an integer");
            else if (*v > kRunConfigSchemaVersion || *v < 1)
                errors.push_back(where + "schema_version " + std::to_string(*v) +
                                 " is not supported (this Isomorph reads 1.." +
                                 std::to_string(kRunConfigSchemaVersion) + ")");
            else
                config.schemaVersion = static_cast<int>(*v);
            continue;
        }
        if (const auto* sub = node.as_table()) {
            collect(*sub, key, config, origin, errors);
            continue;
        }
        const FieldImpl* f = findField(key);
        if (!f) {
            errors.push_back(where + "unknown key '" + key + "'" + suggestion(key));
            continue;
        }
        if (auto err = f->setNode(config, node); !err.empty())
            errors.push_back(where + "'" + key + "' " + err);
    }
}

[[noreturn]] void throwAll(const std::vector<std::string>& errors) {
    std::string msg;
    for (const auto& e : errors)
        msg += (msg.empty() ? "" : "\n") + e;
    throw ConfigError(msg);
}

bool validPooling(const std::string& p) {
    if (p == "cls" || p == "mean") return true;
    if (p.rfind("layer:", 0) != 0 || p.size() == 6) return false;
    return std::all_of(p.begin() + 6, p.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

const std::vector<ConfigField>& runConfigFields() {
    static const std::vector<ConfigField> fields = [] {
        std::vector<ConfigField> out;
        for (const auto& f : fieldImpls()) {
            ConfigField c = f.field;
            auto setNode = f.setNode;
            c.set = [setNode](RunConfig& config, const std::string& text) -> std::string {
                toml::table t;
                try {
                    t = toml::parse("v = " + text);
                } catch (const toml::parse_error&) {
                    // Bare words (paths, choices) are strings: --set model.init=/data/xlmr
                    t = toml::table{{"v", text}};
                }
                return setNode(config, *t.get("v"));
            };
            out.push_back(std::move(c));
        }
        return out;
    }();
    return fields;
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
    collect(table, "", config, origin, errors);
    if (!errors.empty()) throwAll(errors);
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
    for (const auto& f : runConfigFields()) {
        if (f.key != key) continue;
        if (auto err = f.set(config, value); !err.empty())
            throw ConfigError("--set " + assignment + ": '" + key + "' " + err);
        return;
    }
    throw ConfigError("--set " + assignment + ": unknown key '" + key + "'" + suggestion(key));
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
        out << leaf << " = " << f.get(config) << "  # " << f.help << "\n";
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
        need(model.maxPositions >= data.maxTokens + 2,
             "model.max_positions (" + std::to_string(model.maxPositions) +
                 ") must be at least data.max_tokens + 2 (" + std::to_string(data.maxTokens + 2) +
                 ")");
    }
    need(model.dropout >= 0 && model.dropout < 1, "model.dropout must be in [0, 1)");
    need(validPooling(model.pooling),
         "model.pooling must be cls, mean or layer:K (got '" + model.pooling + "')");
    need(!data.docs.empty(), "data.docs: give the shard set of training documents");
    need(data.alpha > 0 && data.alpha <= 1, "data.alpha must be in (0, 1]");
    need(data.maxTokens >= 3, "data.max_tokens must be at least 3 (<s>, a token, </s>)");

    need(mlm.weight >= 0, "objectives.mlm.weight must not be negative");
    need(ccp.weight >= 0, "objectives.ccp.weight must not be negative");
    need(mlm.weight + ccp.weight > 0, "objectives: every objective has weight 0; enable one");
    if (mlm.weight > 0) {
        need(mlm.batchSize >= 1, "objectives.mlm.batch_size must be at least 1");
        need(mlm.maskProb > 0 && mlm.maskProb < 1, "objectives.mlm.mask_prob must be in (0, 1)");
        need(mlm.lossWeight > 0, "objectives.mlm.loss_weight must be positive");
    }
    if (ccp.weight > 0) {
        need(ccp.batchSize >= 2, "objectives.ccp.batch_size must be at least 2 (negatives)");
        need(ccp.radius >= 1,
             "objectives.ccp.radius must be at least 1 (a window of 0 has no "
             "context sentences)");
        need(ccp.temperature > 0, "objectives.ccp.temperature must be positive");
        need(ccp.projectionSize >= 1, "objectives.ccp.projection_size must be at least 1");
        need(ccp.lossWeight > 0, "objectives.ccp.loss_weight must be positive");
        if (ccp.memoryBank != "none")
            need(ccp.bankSize >= 2 * ccp.batchSize,
                 "objectives.ccp.bank_size (" + std::to_string(ccp.bankSize) +
                     ") must hold at least one batch of 2 x batch_size = " +
                     std::to_string(2 * ccp.batchSize) + " embeddings (or memory_bank = \"none\")");
    }
    need(optimizer.lr > 0, "optimizer.lr must be positive (got " + format(optimizer.lr) + ")");
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
    need(runtime.precision == "fp32" || runtime.device != "cpu",
         "runtime.precision " + runtime.precision + " needs a CUDA device; use fp32 on cpu");
    need(eval.every >= 0, "eval.every must not be negative");
    need(eval.maxPairs >= 1, "eval.max_pairs must be at least 1");
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
    auto resolve = [&base](std::string& p) {
        if (p.empty() || p == "scratch") return;
        std::filesystem::path path(p);
        if (path.is_relative()) p = (base / path).lexically_normal().string();
    };
    resolve(model.init);
    resolve(model.tokenizer);
    resolve(data.docs);
    resolve(data.devPairs);
}

}  // namespace isomorph::train

#pragma once

// The objective registry: what the training loop, the config parser, the New-run form and the
// Runs view's charts know about a pretraining method. Each method describes itself once (its
// config section with defaults, validation and help; the metrics it logs with their chart titles
// and units; a factory) in its own files under core/train/objectives/, and lists itself in
// core/train/objectives/builtin_objectives.cpp; nothing else names it. Torch-free header.

#include <any>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/train/config_field.h"

namespace isomorph::train {

class Objective;               // core/train/objectives/objective.h (LibTorch)
struct ObjectiveBuildContext;  // idem

/// Where a metric is charted (display order follows the enum).
enum class MetricGroup { Losses, Dev, Health, Objectives, Optimisation, Throughput };
enum class MetricKind { Train, Eval };  ///< which metrics.jsonl record kind carries it
enum class Better { Lower, Higher, Neither };

/// Marks English text of a MetricSpec (a title, a unit that is a word) for the GUI's
/// translators. Core has no Qt: here it is the text itself. lupdate reads it as
/// QT_TRANSLATE_NOOP (the -tr-function-alias in app/gui/CMakeLists.txt), so the text lands in
/// translations/*.ts from where it is declared; the Runs view translates titles and units in the
/// context "MetricCatalog", so that is the context to write. Text not marked stays English in
/// every language (test_translations fails on it).
#define ISOMORPH_TR_NOOP(context, text) text

/// One value the trainer writes to metrics.jsonl (and TensorBoard), described for charts.
struct MetricSpec {
    std::string key;    ///< metrics.jsonl field: "loss/ccp", "ccp/acc"; "bitext_acc/*" = a family
    std::string title;  ///< English chart title, ISOMORPH_TR_NOOP("MetricCatalog", ...)
    std::string unit;   ///< "", "%", "s", "MB", words marked like the title ("nats", "tokens")
    MetricGroup group = MetricGroup::Objectives;
    MetricKind kind = MetricKind::Train;
    Better better = Better::Neither;
    double scale = 1;  ///< display multiplier (100 for shares shown in %)
    /// false: bookkeeping (pairs scored, skipped steps, seconds so far) that the records carry
    /// and no chart shows; left out of the schema record.
    bool charted = true;
};

/// What an objective reads besides the encoder and its options.
struct DataNeeds {
    bool docs = true;    ///< data.docs: the document shard set (MLM, CCP, MSM read it)
    bool pairs = false;  ///< data.pairs: parallel sentence pairs (a pair shard set)
    /// What the pairs are for, for the message when data.pairs is missing ("" = training).
    std::string pairsFor{};
    bool text = false;  ///< the initial checkpoint's tokenizer, for raw text it reads itself
};

/// Builds an objective for a run (LibTorch code; see objective.h).
using ObjectiveFactory = std::unique_ptr<Objective> (*)(const ObjectiveBuildContext& context);

struct ObjectiveSpec {
    std::string name;     ///< "ccp": config section objectives.NAME, metric prefix, tensor prefix
    std::string title;    ///< "Contrastive context prediction (CCP)"
    std::string summary;  ///< one paragraph for docs and the New-run form
    std::string paper;    ///< file in the papers folder, or ""
    double defaultWeight = 0;  ///< relative frequency of its batches in a default config (0 = off)
    /// The objective's typed options with their defaults (the value of objectives.NAME.*).
    std::function<std::any()> defaults;
    /// Fields of objectives.NAME besides weight and loss_weight; built with optionField().
    std::vector<ConfigField> fields;
    /// Adds "objectives.NAME.key ..." problems of an enabled objective to `problems`.
    std::function<void(const RunConfig& config, std::vector<std::string>& problems)> validate;
    /// What it logs besides "loss/NAME" (which every objective logs).
    std::vector<MetricSpec> metrics;
    /// Whether a run with this config logs metric `m` of `metrics` (unset = all are logged). The
    /// schema line of metrics.jsonl lists only these, so the Runs view draws no chart that can
    /// never fill (e.g. HICTL's word level with word_weight = 0).
    std::function<bool(const RunConfig& config, const MetricSpec& m)> logs;
    /// What it reads with this config (unset: data.docs only). The config check names a missing
    /// data.docs or data.pairs; the trainer opens data.pairs only for an objective that declares
    /// it, and DataProvider (objectives/data_provider.h) refuses what was not declared.
    std::function<DataNeeds(const RunConfig& config)> needs;
    ObjectiveFactory factory = nullptr;
};

/// spec.needs(config), or no needs when unset.
DataNeeds dataNeeds(const ObjectiveSpec& spec, const RunConfig& config);
/// "data.pairs: objectives.NAME trains on parallel pairs; give a pair shard set (...)".
std::string missingPairsMessage(const std::string& objective, const DataNeeds& needs);
/// "data.docs: objectives.NAME trains on documents; give a document shard set (...)".
std::string missingDocsMessage(const std::string& objective);

/// Every registered objective, in registration order (built-ins first).
const std::vector<ObjectiveSpec>& objectiveSpecs();
/// nullptr when no objective of that name is registered.
const ObjectiveSpec* findObjectiveSpec(const std::string& name);
/// Adds an objective (tests, plug-ins). Call before any RunConfig is made; a name that is taken
/// throws std::logic_error.
void registerObjective(ObjectiveSpec spec);

/// Metrics the trainer itself logs (losses, dev bitext, health, optimisation, throughput, and
/// its bookkeeping fields). The one table of them: the Runs view's catalog is built from it.
const std::vector<MetricSpec>& trainerMetrics();

std::string metricGroupName(MetricGroup group);  ///< "losses", "dev", ...

/// A field of objective `objective`'s options struct `Options` (key "objectives.NAME.KEY").
template <class Options, class T>
ConfigField optionField(const std::string& objective, const std::string& key, T Options::*member,
                        std::string help, FieldTraits traits = {});

}  // namespace isomorph::train

// optionField needs RunConfig::objectiveOptions.
#include "core/train/run_config.h"

namespace isomorph::train {

template <class Options, class T>
ConfigField optionField(const std::string& objective, const std::string& key, T Options::*member,
                        std::string help, FieldTraits traits) {
    return makeField(
        "objectives." + objective + "." + key, std::move(help),
        [objective, member](RunConfig& c) -> T& {
            return c.objectiveOptions<Options>(objective).*member;
        },
        traits);
}

}  // namespace isomorph::train

#include "core/train/objective_registry.h"

#include <stdexcept>

namespace isomorph::train {

// core/train/objectives/builtin_objectives.cpp: the methods that ship with Isomorph.
std::vector<ObjectiveSpec> builtinObjectiveSpecs();

namespace {

std::vector<ObjectiveSpec>& registry() {
    static std::vector<ObjectiveSpec> specs = builtinObjectiveSpecs();
    return specs;
}

}  // namespace

const std::vector<ObjectiveSpec>& objectiveSpecs() {
    return registry();
}

const ObjectiveSpec* findObjectiveSpec(const std::string& name) {
    for (const auto& s : registry())
        if (s.name == name) return &s;
    return nullptr;
}

DataNeeds dataNeeds(const ObjectiveSpec& spec, const RunConfig& config) {
    return spec.needs ? spec.needs(config) : DataNeeds{};
}

std::string missingPairsMessage(const std::string& objective, const DataNeeds& needs) {
    return "data.pairs: objectives." + objective +
           (needs.pairsFor.empty() ? " trains on parallel pairs"
                                   : " needs parallel pairs for " + needs.pairsFor) +
           "; give a pair shard set (isomorph-cli corpus binarize --pairs)";
}

std::string missingDocsMessage(const std::string& objective) {
    return "data.docs: objectives." + objective +
           " trains on documents; give a document shard set (isomorph-cli corpus binarize)";
}

void registerObjective(ObjectiveSpec spec) {
    if (findObjectiveSpec(spec.name))
        throw std::logic_error("objective '" + spec.name + "' is registered twice");
    registry().push_back(std::move(spec));
}

std::string metricGroupName(MetricGroup group) {
    switch (group) {
        case MetricGroup::Losses:
            return "losses";
        case MetricGroup::Dev:
            return "dev";
        case MetricGroup::Health:
            return "health";
        case MetricGroup::Objectives:
            return "objectives";
        case MetricGroup::Optimisation:
            return "optimisation";
        case MetricGroup::Throughput:
            return "throughput";
    }
    return "objectives";
}

const std::vector<MetricSpec>& trainerMetrics() {
    using G = MetricGroup;
    using K = MetricKind;
    static const std::vector<MetricSpec> m = {
        {"loss", ISOMORPH_TR_NOOP("MetricCatalog", "Weighted training loss"), "", G::Losses,
         K::Train, Better::Lower},
        {"bitext_acc", ISOMORPH_TR_NOOP("MetricCatalog", "Dev bitext accuracy"), "%", G::Dev,
         K::Eval, Better::Higher, 100},
        {"bitext_acc_shifted",
         ISOMORPH_TR_NOOP("MetricCatalog", "Dev bitext accuracy after mean shift"), "%", G::Dev,
         K::Eval, Better::Higher, 100},
        {"bitext_acc/*", ISOMORPH_TR_NOOP("MetricCatalog", "Dev bitext accuracy per language pair"),
         "%", G::Dev, K::Eval, Better::Higher, 100},
        {"bitext_acc_shifted/*",
         ISOMORPH_TR_NOOP("MetricCatalog",
                          "Dev bitext accuracy after mean shift, per language pair"),
         "%", G::Dev, K::Eval, Better::Higher, 100},
        {"bitext_pairs", ISOMORPH_TR_NOOP("MetricCatalog", "Dev bitext pairs"), "", G::Dev, K::Eval,
         Better::Neither, 1, false},
        {"collapse_ratio", ISOMORPH_TR_NOOP("MetricCatalog", "Embedding spread (1 = as at start)"),
         "", G::Health, K::Eval, Better::Higher},
        {"collapse", ISOMORPH_TR_NOOP("MetricCatalog", "Embedding spread"), "", G::Health, K::Eval,
         Better::Higher},
        {"alignment",
         ISOMORPH_TR_NOOP("MetricCatalog", "Alignment of translation pairs (lower = closer)"), "",
         G::Health, K::Eval, Better::Lower},
        {"uniformity", ISOMORPH_TR_NOOP("MetricCatalog", "Uniformity (lower = more uniform)"), "",
         G::Health, K::Eval, Better::Lower},
        {"lr", ISOMORPH_TR_NOOP("MetricCatalog", "Learning rate"), "", G::Optimisation, K::Train,
         Better::Neither},
        {"grad_norm", ISOMORPH_TR_NOOP("MetricCatalog", "Gradient norm"), "", G::Optimisation,
         K::Train, Better::Neither},
        {"loss_scale", ISOMORPH_TR_NOOP("MetricCatalog", "fp16 loss scale"), "", G::Optimisation,
         K::Train, Better::Neither},
        {"skipped", ISOMORPH_TR_NOOP("MetricCatalog", "Skipped steps"), "", G::Optimisation,
         K::Train, Better::Lower, 1, false},
        {"tokens_per_s", ISOMORPH_TR_NOOP("MetricCatalog", "Tokens / s"),
         ISOMORPH_TR_NOOP("MetricCatalog", "tokens/s"), G::Throughput, K::Train, Better::Higher},
        {"samples_per_s", ISOMORPH_TR_NOOP("MetricCatalog", "Sequences / s"),
         ISOMORPH_TR_NOOP("MetricCatalog", "sequences/s"), G::Throughput, K::Train, Better::Higher},
        {"step_time", ISOMORPH_TR_NOOP("MetricCatalog", "Step time"), "s", G::Throughput, K::Train,
         Better::Lower},
        {"rss_peak_mb", ISOMORPH_TR_NOOP("MetricCatalog", "Peak memory"), "MB", G::Throughput,
         K::Train, Better::Lower},
        {"device_mem_mb", ISOMORPH_TR_NOOP("MetricCatalog", "Peak device memory"), "MB",
         G::Throughput, K::Train, Better::Lower},
        {"elapsed", ISOMORPH_TR_NOOP("MetricCatalog", "Training time"), "s", G::Throughput,
         K::Train, Better::Neither, 1, false},
    };
    return m;
}

}  // namespace isomorph::train

// `isomorph-cli pca`: 2-D/3-D maps of embeddings (exact or randomised PCA), fitted on one matrix
// and applied to another if asked.

#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/cli/cli_context.h"
#include "core/align/pca.h"
#include "core/common/errors.h"
#include "core/model/npy_writer.h"
#include "core/model_io/npy_reader.h"

namespace isomorph::cli {
namespace {

struct PcaCliOptions {
    std::string input, fitOn, output, method = "auto";
    int components = 2;
    uint64_t seed = 0;
    bool json = false;
};

int runPca(const PcaCliOptions& o) {
    align::PcaOptions options;
    options.components = o.components;
    options.seed = o.seed;
    if (o.method == "auto")
        options.method = align::PcaMethod::Auto;
    else if (o.method == "exact")
        options.method = align::PcaMethod::Exact;
    else if (o.method == "randomized")
        options.method = align::PcaMethod::Randomized;
    else
        throw ConfigError(fmt::format("--method: '{}' is not auto, exact or randomized", o.method));
    const FloatMatrix x = model_io::readNpyMatrix(o.input);
    const align::PcaModel model = o.fitOn.empty()
                                      ? align::fitPca(x, options)
                                      : align::fitPca(model_io::readNpyMatrix(o.fitOn), options);
    const FloatMatrix projected = align::transform(model, x);
    model::NpyWriter writer(o.output, projected.cols);
    writer.append(projected.data.data(), projected.rows);
    writer.finish();
    if (o.json) {
        std::cout << nlohmann::json{{"output", o.output},
                                    {"rows", projected.rows},
                                    {"components", projected.cols},
                                    {"method", align::pcaMethodName(model.method)},
                                    {"fitted_rows", model.samples},
                                    {"explained_variance", model.explainedVariance},
                                    {"explained_variance_ratio", model.explainedVarianceRatio}}
                         .dump(2)
                  << "\n";
        return kExitOk;
    }
    std::cout << fmt::format("{} PCA fitted on {} x {}; {} rows -> {} [{}, {}]\n",
                             align::pcaMethodName(model.method), model.samples, model.dim,
                             projected.rows, o.output, projected.rows, projected.cols);
    double total = 0;
    for (int i = 0; i < o.components; ++i) {
        total += model.explainedVarianceRatio[static_cast<size_t>(i)];
        std::cout << fmt::format(
            "  PC{}  variance {:.6g}  explained {:.2f}% (cumulative {:.2f}%)\n", i + 1,
            model.explainedVariance[static_cast<size_t>(i)],
            100 * model.explainedVarianceRatio[static_cast<size_t>(i)], 100 * total);
    }
    return kExitOk;
}

}  // namespace

void registerPca(CLI::App& app, Registry& registry) {
    auto p = std::make_shared<PcaCliOptions>();
    CLI::App* cmd = app.add_subcommand("pca", "Project embeddings onto their principal components");
    cmd->add_option("--input", p->input, ".npy [N, d] float32 to project")->required();
    cmd->add_option("--output", p->output, ".npy [N, k] float32 to write")->required();
    cmd->add_option("--fit-on", p->fitOn, "Fit on this .npy instead of the input (same d)");
    cmd->add_option("--components", p->components, "k: 2 or 3 for maps, up to d")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    cmd->add_option("--method", p->method,
                    "auto (randomized from 100,000 rows), exact or randomized")
        ->capture_default_str();
    cmd->add_option("--seed", p->seed, "Randomized: seed of the test matrix")
        ->capture_default_str();
    cmd->add_flag("--json", p->json, "Print one JSON object");
    cmd->callback([&registry, p] { registry.run = [p] { return runPca(*p); }; });
}

}  // namespace isomorph::cli

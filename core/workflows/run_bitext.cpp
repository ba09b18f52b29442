#include "core/workflows/run_bitext.h"

#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/model/sentence_pooling.h"
#include "core/train/run_config.h"
#include "core/workspace/run_layout.h"

namespace isomorph::workflows {
namespace fs = std::filesystem;

RunBitextReport evaluateRunBitext(const RunBitextRequest& request, Feedback* feedback) {
    RunBitextReport out;
    out.checkpoint = fs::absolute(workspace::resolveCheckpoint(request.model)).lexically_normal();
    out.config = workspace::runConfigOf(out.checkpoint);
    if (out.config.empty())
        throw ConfigError(fmt::format(
            "eval bitext: give --pairs (a TSV file, a folder of xx-yy.tsv files or a Tatoeba "
            "prefix); without it, --model must be a checkpoint of a run (RUN/{}/...), whose dev "
            "pairs are measured as its trainer measures them ({} is not)",
            workspace::RunLayout::kCheckpointsDir, out.checkpoint.string()));
    const train::RunConfig c = train::loadRunConfig(out.config);
    if (c.data.devPairs.empty())
        throw ConfigError(fmt::format(
            "eval bitext: {} has no data.dev_pairs to measure; give --pairs", out.config.string()));
    out.pairs = c.data.devPairs;
    if (out.pairs.is_relative() && !fs::exists(out.pairs))
        out.pairs = out.config.parent_path() / out.pairs;
    out.options = train::devBitextOptions(c);
    // A replaced pooling or length: the same pairs and definition, another sentence vector (e.g.
    // the CCP paper's middle layer).
    if (request.pooling && *request.pooling != out.options.pooling) {
        model::Pooling::parse(*request.pooling, "--pooling");
        out.overrides.push_back({"pooling", *request.pooling, out.options.pooling});
        out.options.pooling = *request.pooling;
    }
    if (request.maxTokens && *request.maxTokens != out.options.maxTokens) {
        out.overrides.push_back({"max-tokens", std::to_string(*request.maxTokens),
                                 std::to_string(out.options.maxTokens)});
        out.options.maxTokens = *request.maxTokens;
    }
    out.report = eval::bitextReport(out.checkpoint, out.pairs, {}, out.options, feedback);
    out.definition = eval::describeBitextAccuracy(out.options, out.pairs);
    return out;
}

}  // namespace isomorph::workflows

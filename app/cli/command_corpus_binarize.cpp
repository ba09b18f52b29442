// `isomorph-cli corpus binarize` and `corpus stats`.

#include <filesystem>
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "app/cli/progress_line.h"
#include "core/common/errors.h"
#include "core/data/corpus_files.h"
#include "core/data/demo/split_overlap.h"
#include "core/data/shards/binarizer.h"
#include "core/data/shards/shard_set.h"
#include "core/data/shards/shard_stats.h"
#include "core/text/hf_tokenizer.h"
#include "core/text/tokenizer.h"
#include "core/workspace/run_layout.h"

namespace isomorph::cli {
namespace {

struct BinarizeCliOptions {
    std::string tokenizer;
    std::vector<std::string> inputs;
    std::vector<std::string> pairs;
    std::string lang, srcLang, tgtLang;
    std::string out;
    data::shards::BinarizeOptions options;
};

/// --tokenizer: a SentencePiece .model, a tokenizer.json, or a checkpoint folder (its tokenizer,
/// as the encoder loads it), so a corpus can feed any model the trainer starts from.
struct BinarizeTokenizer {
    std::optional<text::Tokenizer> spm;
    std::optional<text::HfTokenizer> hf;
    /// What binarize() reads; it refers to this object, which must outlive it.
    data::shards::ShardTokenizer view() const {
        return spm ? data::shards::ShardTokenizer::of(*spm) : data::shards::ShardTokenizer::of(*hf);
    }
};

BinarizeTokenizer loadBinarizeTokenizer(const std::filesystem::path& given) {
    namespace fs = std::filesystem;
    using workspace::CheckpointLayout;
    fs::path file = given;
    if (fs::is_directory(given)) {
        file = CheckpointLayout{given}.tokenizer();
        if (file.empty())
            throw DataError(given.string() + " holds no tokenizer (" +
                            std::string(CheckpointLayout::kSentencePieceFile) + " or " +
                            CheckpointLayout::kTokenizerJsonFile + ")");
    }
    BinarizeTokenizer t;
    if (file.extension() == ".json") {
        t.hf.emplace(text::HfTokenizer::load(file));
    } else if (file.filename() == CheckpointLayout::kWordPieceVocabFile) {
        throw ConfigError("--tokenizer " + file.string() +
                          ": WordPiece vocab.txt files are not binarized; give the model's "
                          "tokenizer.json or a SentencePiece .model");
    } else {
        t.spm.emplace(text::Tokenizer::load(file));
    }
    return t;
}

int runBinarize(const BinarizeCliOptions& o) {
    const BinarizeTokenizer tok = loadBinarizeTokenizer(o.tokenizer);
    std::vector<data::shards::BinarizeInput> inputs;
    if (!o.inputs.empty()) {
        std::vector<std::filesystem::path> paths(o.inputs.begin(), o.inputs.end());
        for (const auto& f : data::resolveCorpusFiles(paths, o.lang))
            inputs.push_back({f.path, f.lang, "", false});
    }
    if (!o.pairs.empty()) {
        std::vector<std::filesystem::path> paths(o.pairs.begin(), o.pairs.end());
        for (const auto& f : data::resolvePairFiles(paths, o.srcLang, o.tgtLang)) {
            inputs.push_back({f.path, f.srcLang, f.tgtLang, true});
        }
    }
    if (inputs.empty())
        throw ConfigError("corpus binarize: give --input (documents) or --pairs (TSV pairs)");
    ProgressLine progress;
    Feedback feedback([&](const Progress& p) {
        progress.update(fmt::format("binarize: file {}/{}, {}", p.done + 1, p.total, p.detail));
        return true;
    });
    auto stats = data::shards::binarize(inputs, tok.view(), o.out, o.options, &feedback);
    progress.finish(
        fmt::format("binarize: {} documents, {} sentences, {} tokens in {} shard(s), {:.1f} s "
                    "({:.0f} sentences/s)",
                    stats.documents, stats.sentences, stats.tokens, stats.shards, stats.seconds,
                    stats.seconds > 0 ? stats.sentences / stats.seconds : 0.0));
    if (stats.unknownTokens > 0) {
        std::cerr << fmt::format(
            "warning: {} tokens ({:.3f}%) are <unk>: the tokenizer does not cover "
            "some characters of this corpus\n",
            stats.unknownTokens, 100.0 * stats.unknownTokens / std::max<uint64_t>(1, stats.tokens));
    }
    if (stats.replacedBytes > 0) {
        std::cerr << fmt::format("warning: {} invalid UTF-8 sequences were replaced (--lenient)\n",
                                 stats.replacedBytes);
    }
    std::cout << "wrote " << o.out << "\n";
    return kExitOk;
}

struct StatsOptions {
    std::string dir;
    bool json = false;
};

int runStats(const StatsOptions& o) {
    if (data::isDemoCorpus(o.dir)) {  // a `corpus build-demo` folder: splits and their overlap
        const auto demo = data::measureDemoSplits(o.dir);
        std::cout << (o.json ? data::toJson(demo).dump(2) + "\n" : data::toText(demo));
        return kExitOk;
    }
    auto set = data::shards::ShardSet::open(o.dir);
    auto stats = data::shards::computeStats(set);
    if (o.json) {
        std::cout << data::shards::toJson(stats).dump(2) << "\n";
    } else {
        std::cout << data::shards::toText(stats);
    }
    return kExitOk;
}

}  // namespace

void registerCorpusBinarize(CLI::App& corpus, Registry& registry) {
    auto b = std::make_shared<BinarizeCliOptions>();
    CLI::App* cmd =
        corpus.add_subcommand("binarize", "Tokenize documents into memory-mapped shards");
    cmd->add_option("--tokenizer", b->tokenizer,
                    "Tokenizer: a SentencePiece .model, a tokenizer.json, or a checkpoint folder "
                    "(its own tokenizer)")
        ->required();
    cmd->add_option("--input", b->inputs, "Document files or folders (*.jsonl, *.txt)");
    cmd->add_option(
        "--pairs", b->pairs,
        "Translation pair files or folders (SRC-TGT.tsv), stored as 2-sentence documents");
    cmd->add_option("--lang", b->lang, "Language of plain text inputs not named after one");
    cmd->add_option("--src-lang", b->srcLang,
                    "Source language of --pairs files not named SRC-TGT.tsv");
    cmd->add_option("--tgt-lang", b->tgtLang,
                    "Target language of --pairs files not named SRC-TGT.tsv");
    cmd->add_option("--out", b->out, "Output folder (must not exist unless --force)")->required();
    addThreadsFlag(cmd, b->options.threads, "Tokenizer threads")->capture_default_str();
    cmd->add_option("--shard-tokens", b->options.maxTokensPerShard,
                    "Tokens per shard before a new one starts")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->add_flag("--lenient", b->options.read.lenient, "Replace invalid UTF-8 instead of failing");
    cmd->add_flag("--force", b->options.force, "Replace an existing output folder");
    cmd->callback([&registry, b] { registry.run = [b] { return runBinarize(*b); }; });

    auto s = std::make_shared<StatsOptions>();
    CLI::App* stats = corpus.add_subcommand(
        "stats",
        "Documents, sentences, tokens and length histograms per language; for a demo corpus, "
        "sizes per split and the pair text shared between splits");
    stats
        ->add_option(
            "dir", s->dir,
            "A binarized corpus (folder with shards.json) or a demo corpus (manifest.json)")
        ->required();
    stats->add_flag("--json", s->json, "Print one JSON object");
    stats->callback([&registry, s] { registry.run = [s] { return runStats(*s); }; });
}

}  // namespace isomorph::cli

// `isomorph-cli tokenizer train|encode|decode`.

#include <cstdio>
#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "app/cli/progress_line.h"
#include "core/common/errors.h"
#include "core/data/corpus_files.h"
#include "core/data/readers/plain_text_lines.h"
#include "core/text/tokenizer.h"
#include "core/text/tokenizer_trainer.h"

namespace isomorph::cli {
namespace {

struct TrainOptions {
    std::vector<std::string> inputs;
    std::string lang;
    std::string out;
    std::string userSymbols;
    bool lenient = false;
    text::TokenizerTrainOptions train;
};

int runTrain(const TrainOptions& o) {
    std::vector<std::filesystem::path> paths(o.inputs.begin(), o.inputs.end());
    data::ReadOptions read;
    read.lenient = o.lenient;
    auto files = data::resolveCorpusFiles(paths, o.lang);
    auto corpora = data::languageCorpora(files, read);
    text::TokenizerTrainOptions train = o.train;
    std::stringstream symbols(o.userSymbols);
    for (std::string s; std::getline(symbols, s, ',');) {
        if (!s.empty()) train.userDefinedSymbols.push_back(s);
    }
    ProgressLine progress;
    std::vector<text::LanguageSample> samples;
    text::Tokenizer tok = text::trainTokenizer(
        corpora, train, o.out, &samples,
        [&](const std::string& stage) { progress.update("tokenizer: " + stage + "..."); });
    progress.finish(
        fmt::format("tokenizer: wrote {}.model and {}.vocab ({} ids incl. specials, hash {})",
                    o.out, o.out, tok.vocabSize(), tok.hash()));
    std::cout << fmt::format("{:<8} {:>12} {:>8} {:>8} {:>12}\n", "lang", "sentences", "p", "q",
                             "drawn");
    for (const auto& s : samples) {
        std::cout << fmt::format("{:<8} {:>12} {:>8.4f} {:>8.4f} {:>12}\n", s.lang, s.available,
                                 s.share, s.weight, s.drawn);
    }
    return kExitOk;
}

struct CodecOptions {
    std::string model, input;
    std::vector<std::string> items;
    bool pieces = false;
};

// Each positional item, or each line of stdin when none are given.
template <typename Fn>
void forEachItem(const std::vector<std::string>& items, Fn&& fn) {
    if (!items.empty()) {
        for (const auto& i : items)
            fn(i);
        return;
    }
    for (std::string line; std::getline(std::cin, line);)
        fn(line);
}

// Text to encode: the positional texts, else the lines of --input or stdin, read with the
// plain-text policy every text input follows (UTF-8, no binary files, no JSON Lines).
template <typename Fn>
void forEachText(const CodecOptions& o, Fn&& fn) {
    for (size_t i = 0; i < o.items.size(); ++i) {
        if (data::findInvalidUtf8(o.items[i]) != std::string_view::npos)
            throw ConfigError(fmt::format("text argument {} is not valid UTF-8", i + 1));
        fn(o.items[i]);
    }
    if (!o.items.empty()) return;
    data::PlainTextLines lines(o.input);  // "" and "-": stdin
    std::string_view line;
    while (lines.next(line))
        fn(std::string(line));
}

int runEncode(const CodecOptions& o) {
    if (!o.input.empty() && !o.items.empty())
        throw ConfigError("--input and text arguments: give one of them");
    text::Tokenizer tok = text::Tokenizer::load(o.model);
    forEachText(o, [&](const std::string& line) {
        if (o.pieces) {
            std::cout << fmt::format("{}\n", fmt::join(tok.encodePieces(line), " "));
        } else {
            std::cout << fmt::format("{}\n", fmt::join(tok.encode(line), " "));
        }
    });
    return kExitOk;
}

int runDecode(const CodecOptions& o) {
    text::Tokenizer tok = text::Tokenizer::load(o.model);
    uint64_t lineNo = 0;
    forEachItem(o.items, [&](const std::string& line) {
        ++lineNo;
        std::vector<int32_t> ids;
        std::istringstream in(line);
        for (std::string word; in >> word;) {
            try {
                size_t used = 0;
                const long v = std::stol(word, &used);
                if (used != word.size()) throw std::invalid_argument(word);
                ids.push_back(static_cast<int32_t>(v));
            } catch (const std::exception&) {
                throw ConfigError("line " + std::to_string(lineNo) + ": '" + word +
                                  "' is not a token id (decode expects space-separated integers)");
            }
        }
        std::cout << tok.decode(ids) << "\n";
    });
    return kExitOk;
}

}  // namespace

void registerTokenizer(CLI::App& app, Registry& registry) {
    CLI::App* cmd = app.add_subcommand("tokenizer", "Train and inspect SentencePiece tokenizers");
    cmd->require_subcommand(1);

    auto t = std::make_shared<TrainOptions>();
    CLI::App* train = cmd->add_subcommand(
        "train", "Train a tokenizer with XLM-R's id layout and exponent-alpha language sampling");
    train->add_option("--input", t->inputs, "Document files or folders (*.jsonl, *.txt)")
        ->required();
    train->add_option("--lang", t->lang, "Language of plain text inputs not named after one");
    train->add_option("--out", t->out, "Output prefix: writes PREFIX.model and PREFIX.vocab")
        ->required();
    train->add_option("--vocab-size", t->train.vocabSize, "SentencePiece pieces (+2 specials)")
        ->check(CLI::Range(16, 1000000))
        ->capture_default_str();
    train->add_option("--model-type", t->train.modelType, "unigram or bpe")
        ->check(CLI::IsMember({"unigram", "bpe"}))
        ->capture_default_str();
    train->add_option("--alpha", t->train.alpha, "Language sampling exponent (XLM-R: 0.3)")
        ->check(CLI::Range(1e-6, 1.0))
        ->capture_default_str();
    train
        ->add_option("--character-coverage", t->train.characterCoverage,
                     "Share of characters covered")
        ->check(CLI::Range(0.9, 1.0))
        ->capture_default_str();
    train
        ->add_option("--sample-sentences", t->train.sampleSentences,
                     "Sentences drawn in total (0 = as many as the corpus has)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    train->add_option("--user-symbols", t->userSymbols, "Comma-separated pieces kept whole");
    train->add_option("--seed", t->train.seed, "Random seed")->capture_default_str();
    addThreadsFlag(train, t->train.numThreads, "Trainer threads")->capture_default_str();
    train->add_flag("--lenient", t->lenient, "Replace invalid UTF-8 instead of failing");
    train->callback([&registry, t] { registry.run = [t] { return runTrain(*t); }; });

    auto e = std::make_shared<CodecOptions>();
    CLI::App* encode = cmd->add_subcommand("encode", "Print token ids (or pieces) of text");
    encode->add_option("--model", e->model, "Tokenizer .model file")->required();
    encode->add_flag("--pieces", e->pieces, "Print pieces instead of ids");
    encode->add_option("--input", e->input,
                       "UTF-8 text file, one text per line (default: stdin; - is stdin)");
    encode->add_option("text", e->items, "Texts to encode (default: lines of --input or stdin)");
    encode->callback([&registry, e] { registry.run = [e] { return runEncode(*e); }; });

    auto d = std::make_shared<CodecOptions>();
    CLI::App* decode = cmd->add_subcommand("decode", "Print the text of token ids");
    decode->add_option("--model", d->model, "Tokenizer .model file")->required();
    decode->add_option("ids", d->items, "Lines of space-separated ids (default: stdin)");
    decode->callback([&registry, d] { registry.run = [d] { return runDecode(*d); }; });
}

}  // namespace isomorph::cli

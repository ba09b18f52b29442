// `isomorph-cli lexicon train`: a translation lexicon (IBM Model 1 over BM25's analysed terms)
// from parallel pair files, for cross-lingual BM25 with translated queries (`eval retrieval
// --lexicon`, `index build --lexicon`). The work is search::trainLexicon.

#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/cli/cli_context.h"
#include "app/cli/progress_line.h"
#include "core/search/translation_lexicon.h"

namespace isomorph::cli {
namespace {

struct LexiconCliOptions {
    std::vector<std::string> pairs;
    std::string out, target = "en";
    search::LexiconTrainOptions options;
};

int runLexiconTrain(const LexiconCliOptions& o) {
    search::LexiconTrainRequest request;
    for (const auto& p : o.pairs)
        request.inputs.emplace_back(p);
    request.output = o.out;
    request.targetLanguage = o.target;
    request.options = o.options;
    ProgressLine line;
    Feedback feedback([&](const Progress& p) {
        line.update(fmt::format("{}: EM iteration {}/{}", p.stage, p.done, p.total), p.done == 0);
        return !stopRequested();
    });
    const auto report = search::trainLexicon(request, &feedback);
    line.finish(fmt::format("trained {} languages from {} pair files", report.languages.size(),
                            report.files.size()));
    for (const auto& s : report.languages) {
        if (s.pairs == 0) {
            std::cout << fmt::format("{}-{}: no pairs, left out\n", s.language, o.target);
            continue;
        }
        std::cout << fmt::format("{}-{}: {} pairs ({} used), {} source terms, {} translations\n",
                                 s.language, o.target, s.pairs, s.pairsUsed, s.sourceTerms,
                                 s.translations);
    }
    std::cout << fmt::format("wrote {}\n", report.output.string());
    return kExitOk;
}

struct TranslateCliOptions {
    std::string lexicon, language;
    std::vector<std::string> text;
    double minProbability = 0.25;
    bool terms = false;
};

int runLexiconTranslate(const TranslateCliOptions& o) {
    const auto lexicon = search::TranslationLexicon::load(o.lexicon);
    if (!lexicon.hasLanguage(o.language))
        std::cerr << fmt::format(
            "note: {} has no {}-{} entries (it has {}); the text is printed as it is\n", o.lexicon,
            o.language, lexicon.targetLanguage(), fmt::join(lexicon.languages(), ", "));
    for (const auto& text : o.text) {
        if (!o.terms) {
            std::cout << lexicon.translateText(text, o.language, o.minProbability) << "\n";
            continue;
        }
        std::string line;
        for (const auto& t : lexicon.translate(text, o.language))
            line += fmt::format("{}{} {:.3f}", line.empty() ? "" : "  ", t.term, t.weight);
        std::cout << line << "\n";
    }
    return kExitOk;
}

}  // namespace

void registerLexicon(CLI::App& app, Registry& registry) {
    CLI::App* lexicon = app.add_subcommand(
        "lexicon", "Translation lexicons for cross-lingual BM25 (queries translated term by term)");
    lexicon->require_subcommand(1);
    auto o = std::make_shared<LexiconCliOptions>();
    CLI::App* train = lexicon->add_subcommand(
        "train", "Learn p(target term | source term) from parallel pairs (IBM Model 1)");
    train
        ->add_option("--pairs", o->pairs,
                     "xx-en.tsv pair files, or folders searched for them "
                     "(WS/corpora/man-demo/parallel/train)")
        ->required();
    train->add_option("--out", o->out, "Lexicon file to write (JSON)")->required();
    train->add_option("--target-lang", o->target, "Language every pair file translates into")
        ->capture_default_str();
    train->add_option("--iterations", o->options.iterations, "EM iterations")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    train
        ->add_option("--max-terms", o->options.maxTerms,
                     "Skip pairs with more analysed terms than this on a side")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    train
        ->add_option("--min-count", o->options.minSourceCount,
                     "Source terms seen in fewer pairs get no entry")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    train
        ->add_option("--min-prob", o->options.minProbability,
                     "Drop translations less probable than this")
        ->check(CLI::Range(0.0, 0.999))
        ->capture_default_str();
    train
        ->add_option("--max-translations", o->options.maxTranslations,
                     "Translations kept per source term")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    train->callback([&registry, o] { registry.run = [o] { return runLexiconTrain(*o); }; });

    auto t = std::make_shared<TranslateCliOptions>();
    CLI::App* translate = lexicon->add_subcommand(
        "translate",
        "Show what a lexicon makes of a query: the text a translate-test re-ranker "
        "reads (--rerank-translate), or BM25's weighted terms (--terms)");
    translate->add_option("--lexicon", t->lexicon, "Lexicon file (lexicon train)")->required();
    translate->add_option("--lang", t->language, "Language of the text")->required();
    translate->add_option("text", t->text, "Text(s) to translate")->required();
    translate
        ->add_option("--min-prob", t->minProbability,
                     "Text: a word's translations at least this probable are written (its best "
                     "one always)")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    translate->add_flag("--terms", t->terms,
                        "Print the weighted analysed terms BM25 searches for instead");
    translate->callback([&registry, t] { registry.run = [t] { return runLexiconTranslate(*t); }; });
}

}  // namespace isomorph::cli

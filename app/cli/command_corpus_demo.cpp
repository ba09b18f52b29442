// `isomorph-cli corpus build-demo`: the multilingual demo corpus from the installed man pages.

#include <atomic>
#include <csignal>
#include <iostream>
#include <unistd.h>

#include "app/cli/cli_context.h"
#include "core/common/errors.h"
#include "core/data/demo/demo_corpus.h"

namespace isomorph::cli {
namespace {

struct BuildDemoOptions {
    std::string out;
    std::vector<std::string> langs;
    std::vector<std::string> sections{"1", "8"};
    int jobs = 0;
    int timeoutSeconds = 30;
    std::string manRoot = "/usr/share/man";
    std::vector<std::string> books;
    std::string docRoot = "/usr/share";
    bool force = false;
};

std::atomic<bool> gInterrupted{false};

extern "C" void onInterrupt(int) {
    gInterrupted = true;
}

// A progress line on stderr: rewritten in place on a terminal, else one line per 10%.
class ProgressPrinter {
  public:
    bool operator()(const Progress& p) {
        const int percent = p.total ? static_cast<int>(100 * p.done / p.total) : 0;
        if (tty_) {
            std::cerr << "\r" << p.stage << ": " << p.done << "/" << p.total << " (" << percent
                      << "%)   " << std::flush;
        } else if (p.stage != stage_ || percent / 10 != lastDecile_) {
            std::cerr << p.stage << ": " << p.done << "/" << p.total << " (" << percent << "%)\n";
        }
        stage_ = p.stage;
        lastDecile_ = percent / 10;
        return !gInterrupted;
    }
    void finish() {
        if (tty_) std::cerr << "\n";
    }

  private:
    bool tty_ = ::isatty(STDERR_FILENO) != 0;
    std::string stage_;
    int lastDecile_ = -1;
};

void printSummary(const data::DemoCorpusSummary& s) {
    std::cout << "demo corpus written to " << s.outDir.string() << "\n";
    for (const auto& lang : s.languages)
        std::cout << "  " << lang << ": " << s.documents.at(lang) << " documents, "
                  << s.sentences.at(lang) << " sentences\n";
    for (const auto& [kind, n] : s.pairs)
        std::cout << "  " << kind << " pairs: " << n << "\n";
    for (const auto& w : s.warnings)
        std::cout << "  warning: " << w << "\n";
    std::cout << "  section pairs: " << s.sectionPairs
              << "\n  pages that failed to render: " << s.failedPages
              << " (listed in manifest.json)\n  took " << s.seconds << " s\n";
}

int runBuildDemo(const BuildDemoOptions& o) {
    data::DemoCorpusOptions options;
    options.outDir = o.out;
    options.languages = o.langs;
    options.sections = o.sections;
    options.jobs = o.jobs;
    options.pageTimeout = std::chrono::seconds(o.timeoutSeconds);
    options.force = o.force;
    options.manRoot = o.manRoot;
    options.books = o.books;
    options.docRoot = o.docRoot;
    ProgressPrinter printer;
    gInterrupted = false;
    auto previous = std::signal(SIGINT, onInterrupt);
    try {
        Feedback feedback([&printer](const Progress& p) { return printer(p); });
        const auto summary = data::buildDemoCorpus(options, &feedback);
        std::signal(SIGINT, previous);
        printer.finish();
        printSummary(summary);
        return kExitOk;
    } catch (...) {
        std::signal(SIGINT, previous);
        printer.finish();
        throw;
    }
}

}  // namespace

void registerCorpusBuildDemo(CLI::App& corpus, Registry& registry) {
    auto o = std::make_shared<BuildDemoOptions>();
    CLI::App* c = corpus.add_subcommand(
        "build-demo",
        "Build the multilingual demo corpus from the installed man pages and documentation books");
    c->add_option("--out", o->out, "Folder to create (built next to it, then renamed)")->required();
    c->add_option("--langs", o->langs,
                  "Languages besides English, comma-separated (de,fr,zh,...; default: all "
                  "installed)")
        ->delimiter(',');
    c->add_option("--sections", o->sections, "Man sections to read, comma-separated")
        ->delimiter(',')
        ->default_str("1,8");
    c->add_option("--jobs", o->jobs, "Pages rendered at once (default: one per core)")
        ->check(CLI::Range(0, 256));
    c->add_option("--timeout", o->timeoutSeconds, "Seconds one page may take to render")
        ->check(CLI::Range(1, 3600))
        ->default_str("30");
    c->add_flag("--force", o->force, "Replace --out if it exists (only after the build succeeded)");
    c->add_option("--books", o->books,
                  "Documentation books to align, comma-separated: handbook, install-guide, "
                  "reference (default: every installed one; 'none': man pages only)")
        ->delimiter(',');
    c->add_option("--doc-root", o->docRoot, "Where the documentation books are installed")
        ->capture_default_str();
    c->add_option("--man-root", o->manRoot, "Where the installed man pages are")
        ->capture_default_str();
    c->callback([&registry, o] { registry.run = [o] { return runBuildDemo(*o); }; });
}

}  // namespace isomorph::cli

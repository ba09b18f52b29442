// isomorph-cli: the headless front end. Everything the GUI does can be done from here.

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <set>
#include <unistd.h>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "app/cli/cli_context.h"
#include "core/common/errors.h"
#include "core/common/version.h"

namespace {

using namespace isomorph::cli;

std::string versionText() {
    return std::string("isomorph-cli ") + isomorph::kVersion + " (" + isomorph::kBuildType + ")";
}

// CLI11 says "The following arguments were not expected: foo" for an unknown command; name it.
bool reportUnknownCommand(const CLI::App& app, int argc, char** argv) {
    if (argc < 2 || argv[1][0] == '-') return false;
    for (const CLI::App* sub : app.get_subcommands({})) {
        if (sub->check_name(argv[1])) return false;
    }
    std::cerr << "isomorph-cli: unknown command '" << argv[1]
              << "'. Run 'isomorph-cli --help' for the list of commands.\n";
    return true;
}

/// `isomorph-cli --help-all`: every command's --help in one run, each after a line
/// "@@ PATH" ("@@ corpus build-demo"); packaging/man-subcommands.sh turns it into the man page's
/// COMMANDS section (one process instead of one per command: each start loads LibTorch).
void printEveryHelp(const CLI::App& app, const std::string& path) {
    for (const CLI::App* sub : app.get_subcommands({})) {
        const std::string name = path.empty() ? sub->get_name() : path + " " + sub->get_name();
        // help(prefix): "Usage: isomorph-cli corpus build-demo ...", as the command's --help.
        std::cout << "@@ " << name << "\n"
                  << sub->help(path.empty() ? "isomorph-cli" : "isomorph-cli " + path) << "\n";
        printEveryHelp(*sub, name);
    }
}

}  // namespace

int main(int argc, char** argv) {
    // OpenMP's default busy-waiting between parallel regions competes with OpenBLAS's own
    // threads for the cores: a demo training step ran at 51 samples/s with 2 threads, 83-88 with
    // OMP_WAIT_POLICY=PASSIVE. libgomp reads the variable when it loads, before main(), so set it
    // and restart once (unless the user chose a policy).
    if (!std::getenv("OMP_WAIT_POLICY")) {
        ::setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
        ::execv("/proc/self/exe", argv);  // returns only on failure: carry on as we are
    }
    auto logger = spdlog::stderr_color_mt("isomorph");
    spdlog::set_default_logger(logger);
    spdlog::set_pattern("%^%l%$: %v");

    CLI::App app{
        "Isomorph: cross-lingual sentence-representation pretraining and dense retrieval "
        "(headless engine)",
        "isomorph-cli"};
    app.set_version_flag("--version", versionText());
    app.require_subcommand(1);
    bool verbose = false;
    app.add_flag("-v,--verbose", verbose, "Log debug details to stderr");
    app.footer(
        "Run 'isomorph-cli COMMAND --help' for the options of a command.\n"
        "Exit codes: 0 success, 1 the command failed, 2 wrong usage.");

    Registry registry;
    registerDoctor(app, registry);
    registerWorkspace(app, registry);
    registerCorpus(app, registry);
    registerTokenizer(app, registry);
    registerDemo(app, registry);
    registerModel(app, registry);
    registerTrain(app, registry);
    registerSweep(app, registry);
    registerIndex(app, registry);
    registerEval(app, registry);
    registerLexicon(app, registry);
    registerRerank(app, registry);
    registerCalibrate(app, registry);
    registerPca(app, registry);

    if (argc == 2 && std::strcmp(argv[1], "--help-all") == 0) {
        std::cout << "@@\n" << app.help() << "\n";
        printEveryHelp(app, "");
        return 0;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {  // --help, --version
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        if (!reportUnknownCommand(app, argc, argv)) app.exit(e);
        return kExitUsage;
    }
    if (verbose) spdlog::set_level(spdlog::level::debug);
    if (!registry.run) {
        std::cerr << "isomorph-cli: no action for this command; run 'isomorph-cli --help'\n";
        return kExitUsage;
    }
    try {
        return registry.run();
    } catch (const isomorph::ConfigError& e) {
        std::cerr << "isomorph-cli: error: " << e.what() << "\n";
        return kExitUsage;
    } catch (const isomorph::Error& e) {
        std::cerr << "isomorph-cli: error: " << e.what() << "\n";
        return kExitRuntime;
    } catch (const std::exception& e) {
        std::cerr << "isomorph-cli: internal error: " << e.what()
                  << "\nPlease report this with the command line that caused it.\n";
        return kExitRuntime;
    }
}

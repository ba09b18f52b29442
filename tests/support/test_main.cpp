// The main of a test bundle (tests/support/test_main.h): runs the suite named by the first
// argument with the remaining arguments, or lists the suites.

#include "tests/support/test_main.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace isomorph::testing {
namespace {
std::map<std::string, SuiteRunner>& suites() {
    static std::map<std::string, SuiteRunner> all;
    return all;
}

std::string baseName(const char* file) {
    std::string name(file);
    const auto slash = name.find_last_of('/');
    if (slash != std::string::npos) name.erase(0, slash + 1);
    const auto dot = name.rfind('.');
    if (dot != std::string::npos) name.erase(dot);
    return name;
}

void printSuites(std::FILE* to) {
    for (const auto& [name, run] : suites())
        std::fprintf(to, "  %s\n", name.c_str());
}
}  // namespace

bool registerSuite(const char* file, SuiteRunner run) {
    const auto [it, inserted] = suites().emplace(baseName(file), run);
    if (!inserted) {
        std::fprintf(stderr, "test bundle: two suites are named %s\n", it->first.c_str());
        std::abort();
    }
    return true;
}

}  // namespace isomorph::testing

int main(int argc, char** argv) {
    using isomorph::testing::suites;
    const char* self = argc > 0 ? argv[0] : "isomorph_tests";
    if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
        std::fprintf(argc < 2 ? stderr : stdout,
                     "usage: %s SUITE [Qt Test arguments]   (or --list)\n"
                     "runs one Qt Test suite of this bundle; `SUITE -help` lists Qt Test's "
                     "arguments. Suites:\n",
                     self);
        isomorph::testing::printSuites(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (std::strcmp(argv[1], "--list") == 0) {
        for (const auto& entry : suites())
            std::printf("%s\n", entry.first.c_str());
        return 0;
    }
    const auto found = suites().find(argv[1]);
    if (found == suites().end()) {
        std::fprintf(stderr, "%s: no suite named '%s' in this bundle; its suites:\n", self,
                     argv[1]);
        isomorph::testing::printSuites(stderr);
        return 2;
    }
    // The suite's name becomes argv[0]: Qt derives the application name from it.
    std::vector<char*> args(argv + 1, argv + argc);
    args.push_back(nullptr);
    int count = argc - 1;
    return found->second(count, args.data());
}

// Rendering man pages with groff's own programs. `man` would do the same but costs three times as
// long per page (its database lookups, sh, preconv and the groff driver), which matters for the
// ~8,000 pages of a full demo build on two cores.

#include "core/data/demo/man_render.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <map>
#include <memory>
#include <mutex>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <zlib.h>

#include "core/common/errors.h"
#include "core/common/language.h"
#include "core/data/demo/sentence_splitter.h"

extern char** environ;

namespace isomorph::data {
namespace fs = std::filesystem;
namespace {

constexpr size_t kMaxOutput = 32 << 20;  // a runaway page must not exhaust memory

// --nh --nj as man-db implements them: set, then disable the macros that would undo it.
constexpr std::string_view kPrologue = ".nh\n.de hy\n..\n.ad l\n.de ad\n..\n";

std::string readPageSource(const fs::path& path, std::string& error) {
    gzFile f = gzopen(path.c_str(), "rb");  // reads plain files too
    if (!f) {
        error = "cannot open: " + std::string(std::strerror(errno));
        return {};
    }
    std::string out;
    char buf[65536];
    int n = 0;
    while ((n = gzread(f, buf, sizeof buf)) > 0)
        out.append(buf, static_cast<size_t>(n));
    if (n < 0) error = "cannot decompress";
    gzclose(f);
    return out;
}

// What preconv does: non-ASCII characters become \[uXXXX] escapes, which troff understands.
std::string toTroffInput(std::string_view src) {
    std::string out(kPrologue);
    out.reserve(src.size() + src.size() / 8 + kPrologue.size());
    char esc[16];
    for (size_t i = 0, len = 0; i < src.size(); i += len) {
        const char32_t c = decodeUtf8(src, i, len);
        if (c < 0x80) {
            out += static_cast<char>(c);
            continue;
        }
        std::snprintf(esc, sizeof esc, "\\[u%04X]", static_cast<unsigned>(c));
        out += esc;
    }
    return out;
}

bool isAliasPage(std::string_view src) {
    size_t i = src.find_first_not_of(" \t\n");
    if (i == std::string_view::npos) return true;
    if (src.compare(i, 4, ".so ") != 0) return false;
    return src.find('\n', i) == std::string_view::npos ||
           src.find_first_not_of(" \t\n", src.find('\n', i)) == std::string_view::npos;
}

std::string pageSection(const std::string& file) {
    const size_t dot = file.rfind('.');
    return dot == std::string::npos ? "" : file.substr(dot + 1);
}

// The command of a page file name: "ls.1.gz" -> "ls", "openssl-cmds.1ssl" -> "openssl-cmds".
std::string commandOfFile(std::string file) {
    if (file.size() > 3 && file.compare(file.size() - 3, 3, ".gz") == 0)
        file.resize(file.size() - 3);
    const std::string sec = pageSection(file);
    return sec.empty() ? file : file.substr(0, file.size() - sec.size() - 1);
}

// The command an alias page includes: ".so man1/bzip2.1" -> "bzip2".
std::string aliasTarget(std::string_view src) {
    const size_t i = src.find(".so ");
    if (i == std::string_view::npos) return {};
    std::string_view rest = src.substr(i + 4);
    rest = rest.substr(0, rest.find_first_of("\n"));
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r'))
        rest.remove_suffix(1);
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
        rest.remove_prefix(1);
    return rest.empty() ? std::string() : commandOfFile(fs::path(std::string(rest)).filename());
}

const std::vector<std::string>& childEnvironment() {
    static const std::vector<std::string> env = [] {
        std::vector<std::string> e;
        for (char** p = environ; p && *p; ++p) {
            if (std::strncmp(*p, "LC_ALL=", 7) != 0 && std::strncmp(*p, "LANG=", 5) != 0)
                e.emplace_back(*p);
        }
        e.emplace_back("LC_ALL=C.UTF-8");
        return e;
    }();
    return env;
}

struct Pipe {
    int read = -1, write = -1;
    Pipe() {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0)
            throw DataError(std::string("cannot create a pipe: ") + std::strerror(errno));
        read = fds[0];
        write = fds[1];
    }
    ~Pipe() {
        closeRead();
        closeWrite();
    }
    void closeRead() {
        if (read >= 0) ::close(read);
        read = -1;
    }
    void closeWrite() {
        if (write >= 0) ::close(write);
        write = -1;
    }
};

// Starts argv with stdin/stdout redirected and stderr discarded, in process group `pgid` (0 =
// a new group led by the child). Returns the pid, or -1 with `error` set.
pid_t spawn(const std::vector<std::string>& argv, int in, int out, pid_t pgid, std::string& error) {
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (in >= 0) posix_spawn_file_actions_adddup2(&fa, in, 0);
    posix_spawn_file_actions_adddup2(&fa, out, 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setpgroup(&attr, pgid);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    std::vector<char*> args, envp;
    for (const auto& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    for (const auto& e : childEnvironment())
        envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    pid_t pid = -1;
    const int rc = posix_spawnp(&pid, argv[0].c_str(), &fa, &attr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        error = "cannot start " + argv[0] + ": " + std::strerror(rc);
        return -1;
    }
    return pid;
}

class PageRenderer {
  public:
    PageRenderer(const RenderOptions& options, const std::atomic<bool>& cancel)
        : options_(options), cancel_(cancel) {}

    RenderResult render(const ManPageFile& page, size_t index) {
        RenderResult r;
        const std::string src = readPageSource(page.path, r.error);
        if (!r.error.empty()) return r;
        if (isAliasPage(src)) {
            r.alias = true;
            r.aliasOf = aliasTarget(src);
            return r;
        }
        const fs::path input = options_.scratchDir / ("page-" + std::to_string(index) + ".roff");
        if (!writeInput(input, toTroffInput(src), r.error)) return r;
        const bool tables = src.find("\n.TS") != std::string::npos;
        r.text = runPipeline(input.string(), tables, r.error);
        std::error_code ec;
        fs::remove(input, ec);
        if (!r.error.empty()) r.text.clear();
        return r;
    }

  private:
    static bool writeInput(const fs::path& path, const std::string& text, std::string& error) {
        FILE* f = std::fopen(path.c_str(), "wb");
        const bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
        if (f && std::fclose(f) != 0) error = "cannot write " + path.string();
        if (!ok) error = "cannot write " + path.string() + ": " + std::strerror(errno);
        return error.empty();
    }

    std::string runPipeline(const std::string& input, bool tables, std::string& error) {
        const std::string ll = "-rLL=" + std::to_string(options_.lineLength) + "n";
        std::vector<std::vector<std::string>> stages;
        if (tables) stages.push_back({"tbl", input});
        stages.push_back({"troff", "-mandoc", "-Tutf8", ll, "-rLT=" + ll.substr(5)});
        if (!tables) stages.back().push_back(input);
        stages.push_back({"grotty", "-c", "-b", "-o", "-u"});
        std::vector<pid_t> pids;
        int in = -1;
        std::vector<std::unique_ptr<Pipe>> pipes;
        pid_t pgid = 0;
        for (size_t s = 0; s < stages.size() && error.empty(); ++s) {
            pipes.push_back(std::make_unique<Pipe>());
            const pid_t pid = spawn(stages[s], in, pipes.back()->write, pgid, error);
            if (pid > 0) pids.push_back(pid);
            if (pgid == 0) pgid = pid;
            pipes.back()->closeWrite();
            in = pipes.back()->read;
        }
        std::string out = error.empty() ? collect(in, pgid, error) : "";
        for (auto& p : pipes)
            p->closeRead();
        reap(pids, pgid, error);
        return out;
    }

    std::string collect(int fd, pid_t pgid, std::string& error) {
        std::string out;
        const auto deadline = std::chrono::steady_clock::now() + options_.timeout;
        char buf[65536];
        for (;;) {
            if (cancel_ || std::chrono::steady_clock::now() > deadline || out.size() > kMaxOutput) {
                ::kill(-pgid, SIGKILL);
                error = cancel_ ? "cancelled" : "timed out or too long output";
                return out;
            }
            pollfd p{fd, POLLIN, 0};
            if (::poll(&p, 1, 100) <= 0) continue;
            const ssize_t n = ::read(fd, buf, sizeof buf);
            if (n == 0) return out;
            if (n < 0 && errno != EINTR) {
                error = std::string("read failed: ") + std::strerror(errno);
                return out;
            }
            if (n > 0) out.append(buf, static_cast<size_t>(n));
        }
    }

    static void reap(const std::vector<pid_t>& pids, pid_t pgid, std::string& error) {
        for (pid_t pid : pids) {
            int status = 0;
            while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            if (error.empty() && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
                error = WIFSIGNALED(status) ? "killed by signal " + std::to_string(WTERMSIG(status))
                                            : "exit status " + std::to_string(WEXITSTATUS(status));
        }
        (void)pgid;
    }

    const RenderOptions& options_;
    const std::atomic<bool>& cancel_;
};

}  // namespace

std::string commandOutput(const std::string& command) {
    FILE* p = ::popen(command.c_str(), "r");
    if (!p) return {};
    std::string out;
    char buf[4096];
    size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0)
        out.append(buf, n);
    ::pclose(p);
    return out;
}

std::string languageCodeForLocale(std::string_view locale) {
    static const std::map<std::string, std::string, std::less<>> special = {{"zh_CN", "zh"},
                                                                            {"zh_TW", "zh-Hant"},
                                                                            {"zh_HK", "zh-Hant-HK"},
                                                                            {"pt_BR", "pt"},
                                                                            {"pt", "pt-PT"},
                                                                            {"sr@latin", "sr-Latn"},
                                                                            {"nb", "nb"},
                                                                            {"C", ""}};
    std::string name(locale.substr(0, locale.find('.')));
    if (auto it = special.find(name); it != special.end()) return it->second;
    name = name.substr(0, name.find('@'));
    const size_t us = name.find('_');
    std::string code =
        us == std::string::npos ? name : name.substr(0, us) + "-" + name.substr(us + 1);
    return isValidLanguageCode(code) ? code : "";
}

std::vector<ManLanguage> findManLanguages(const fs::path& root) {
    std::vector<ManLanguage> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(root, ec)) {
        const std::string name = entry.path().filename().string();
        if (!entry.is_directory() || name.rfind("man", 0) == 0) continue;
        const std::string code = languageCodeForLocale(name);
        if (code.empty() || code == "en") continue;
        if (name.find('.') != std::string::npos) continue;  // de.UTF-8 duplicates de
        out.push_back({code, name, entry.path()});
    }
    std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.code < b.code; });
    return out;
}

std::vector<ManPageFile> listManPages(const ManLanguage& language,
                                      const std::vector<std::string>& sections) {
    std::map<std::string, ManPageFile> byCanonical;
    for (const std::string& section : sections) {
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(language.dir / ("man" + section), ec)) {
            std::string file = entry.path().filename().string();
            if (file.size() > 3 && file.compare(file.size() - 3, 3, ".gz") == 0)
                file.resize(file.size() - 3);
            const std::string sec = pageSection(file);
            if (sec.rfind(section, 0) != 0 || !entry.is_regular_file(ec)) continue;
            const fs::path canonical = fs::weakly_canonical(entry.path(), ec);
            const bool isLink = entry.is_symlink(ec);
            ManPageFile page{
                language.code, file.substr(0, file.size() - sec.size() - 1), sec, entry.path(), {}};
            auto [it, inserted] = byCanonical.emplace(canonical.string(), page);
            if (inserted || it->second.path == entry.path()) continue;
            ManPageFile& kept = it->second;
            if (isLink) {
                kept.aliases.push_back(page.command);
            } else {  // the real file is the one to render; the link found first is an alias
                page.aliases = std::move(kept.aliases);
                page.aliases.push_back(kept.command);
                kept = std::move(page);
            }
        }
    }
    std::vector<ManPageFile> out;
    for (auto& [_, page] : byCanonical) {
        std::sort(page.aliases.begin(), page.aliases.end());
        page.aliases.erase(std::unique(page.aliases.begin(), page.aliases.end()),
                           page.aliases.end());
        page.aliases.erase(std::remove(page.aliases.begin(), page.aliases.end(), page.command),
                           page.aliases.end());
        out.push_back(std::move(page));
    }
    std::sort(out.begin(), out.end(), [](auto& a, auto& b) {
        return std::tie(a.command, a.section) < std::tie(b.command, b.section);
    });
    return out;
}

std::vector<RenderResult> renderManPages(const std::vector<ManPageFile>& pages,
                                         const RenderOptions& options, const ProgressFn& progress) {
    std::vector<RenderResult> results(pages.size());
    std::atomic<size_t> next{0}, done{0};
    std::atomic<bool> cancel{false};
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const size_t jobs = std::min<size_t>(options.jobs > 0 ? options.jobs : cores,
                                         std::max<size_t>(1, pages.size()));
    std::vector<std::thread> workers;
    for (size_t w = 0; w < jobs; ++w) {
        workers.emplace_back([&] {
            PageRenderer renderer(options, cancel);
            for (size_t i = next++; i < pages.size() && !cancel; i = next++) {
                try {
                    results[i] = renderer.render(pages[i], i);
                } catch (const std::exception& e) {
                    results[i].error = e.what();
                }
                ++done;
            }
        });
    }
    std::exception_ptr failure;  // from the callback; rethrown once the workers are joined
    while (done < pages.size() && !cancel) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        try {
            if (progress && !progress(Progress{"render", static_cast<int64_t>(done.load()),
                                               static_cast<int64_t>(pages.size())}))
                cancel = true;
        } catch (...) {
            failure = std::current_exception();
            cancel = true;
        }
    }
    for (auto& t : workers)
        t.join();
    if (failure) std::rethrow_exception(failure);
    if (cancel) throw Cancelled("rendering man pages was cancelled");
    if (progress)
        progress(Progress{"render", static_cast<int64_t>(pages.size()),
                          static_cast<int64_t>(pages.size())});
    return results;
}

}  // namespace isomorph::data

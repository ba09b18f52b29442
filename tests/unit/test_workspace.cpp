#include <chrono>
#include <fstream>
#include <map>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/staging_dir.h"
#include "core/workspace/workspace.h"

using isomorph::DataError;
using isomorph::workspace::Workspace;
namespace fs = std::filesystem;

namespace {
void expectDataError(const std::function<void()>& fn, const std::string& mustContain) {
    try {
        fn();
        QFAIL("expected DataError");
    } catch (const DataError& e) {
        QVERIFY2(std::string(e.what()).find(mustContain) != std::string::npos, e.what());
    }
}
}  // namespace

class TestWorkspace : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void createOpenAndList() {
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "nested" / "ws";
        Workspace ws = Workspace::create(dir, "My study");
        QCOMPARE(ws.name(), std::string("My study"));
        QVERIFY(Workspace::isWorkspace(dir));
        QVERIFY(fs::is_directory(ws.runsDir()));
        QVERIFY(fs::is_directory(ws.corporaDir()));
        QVERIFY(ws.writable());
        fs::create_directory(ws.runsDir() / "ccp-demo");
        fs::create_directory(ws.runsDir() / "a-run");
        Workspace again = Workspace::open(dir);
        QCOMPARE(again.name(), ws.name());
        QCOMPARE(again.created(), ws.created());
        QCOMPARE(again.contents().runs, (std::vector<std::string>{"a-run", "ccp-demo"}));
        QVERIFY(again.contents().indexes.empty());
        // No temporary files left next to the marker.
        QCOMPARE(
            QDir(QString::fromStdString(dir.string())).entryList(QDir::Hidden | QDir::Files).size(),
            1);
    }

    void nameDefaultsToFolderName() {
        QTemporaryDir tmp;
        Workspace ws = Workspace::create(fs::path(tmp.path().toStdString()) / "thesis");
        QCOMPARE(ws.name(), std::string("thesis"));
    }

    void openOrCreateIsIdempotent() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        Workspace a = Workspace::openOrCreate(dir);
        Workspace b = Workspace::openOrCreate(dir);
        QCOMPARE(a.created(), b.created());
    }

    void creatingTwiceIsRefused() {
        QTemporaryDir tmp;
        Workspace::create(tmp.path().toStdString());
        expectDataError([&] { Workspace::create(tmp.path().toStdString()); }, "already");
    }

    void openingAPlainFolderSaysWhy() {
        QTemporaryDir tmp;
        expectDataError([&] { Workspace::open(tmp.path().toStdString()); },
                        "is not an Isomorph workspace");
        expectDataError([&] { Workspace::open(tmp.filePath("missing").toStdString()); },
                        "not found");
    }

    void unwritableLocationIsAClearError() {
        QTemporaryDir tmp;
        const fs::path file = fs::path(tmp.path().toStdString()) / "a-file";
        isomorph::writeFileAtomically(file, "x");
        expectDataError([&] { Workspace::create(file); }, "a file with that name exists");
        expectDataError([&] { Workspace::create(file / "below"); }, (file / "below").string());
    }

    void corruptOrNewerMarkerIsRefused() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        Workspace::create(dir);
        isomorph::writeFileAtomically(dir / Workspace::kMarkerFile, "{ not json");
        expectDataError([&] { Workspace::open(dir); }, "not valid JSON");
        isomorph::writeFileAtomically(dir / Workspace::kMarkerFile, R"({"schema_version": 99})");
        expectDataError([&] { Workspace::open(dir); }, "Update Isomorph");
        isomorph::writeFileAtomically(dir / Workspace::kMarkerFile, R"({"name": "x"})");
        expectDataError([&] { Workspace::open(dir); }, "schema_version");
    }

    void demoPathFollowsEnvironment() {
        qputenv("ISOMORPH_WORKSPACE", "/tmp/somewhere");
        QCOMPARE(isomorph::workspace::defaultDemoWorkspacePath(), fs::path("/tmp/somewhere"));
        qunsetenv("ISOMORPH_WORKSPACE");
        qputenv("XDG_DATA_HOME", "/tmp/xdg");
        QCOMPARE(isomorph::workspace::defaultDemoWorkspacePath(),
                 fs::path("/tmp/xdg/isomorph/demo-workspace"));
    }

    void atomicWriteReplacesWholeFile() {
        QTemporaryDir tmp;
        const fs::path path = fs::path(tmp.path().toStdString()) / "f.txt";
        isomorph::writeFileAtomically(path, std::string(100000, 'a'));
        isomorph::writeFileAtomically(path, "short");
        QFile f(QString::fromStdString(path.string()));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("short"));
        expectDataError([&] { isomorph::writeFileAtomically(path / "x", "y"); }, "cannot write");
    }

    // A corpus build killed midway (the GUI closed) leaves NAME.tmp-XXXXXX behind; the next
    // open removes it, and never a live process's folder, another host's or a fresh one whose
    // owner is unknown.
    void staleStagingFoldersOfDeadProcessesAreRemoved() {
        QTemporaryDir tmp;
        Workspace ws = Workspace::create(fs::path(tmp.path().toStdString()) / "ws");
        const fs::path corpus = ws.corporaDir() / "man-demo";
        // A process that is killed while it writes its staging folder.
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            try {
                isomorph::StagingDir staging(corpus);
                std::ofstream(staging.path() / "docs.jsonl") << "{}\n";
                ::kill(::getpid(), SIGKILL);
            } catch (...) {
            }
            ::_exit(1);  // only when the folder could not be made (the checks below fail)
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFSIGNALED(status));
        std::vector<fs::path> killed;
        for (const auto& e : fs::directory_iterator(ws.corporaDir()))
            if (e.path().filename().string().rfind("man-demo.tmp-", 0) == 0)
                killed.push_back(e.path());
        QCOMPARE(killed.size(), size_t{1});
        QVERIFY(fs::exists(killed[0] / isomorph::kStagingOwnerFile));

        isomorph::StagingDir live(corpus);  // this process: alive
        const auto owned = [](const fs::path& dir, long pid, const std::string& host) {
            fs::create_directories(dir);
            std::ofstream(dir / isomorph::kStagingOwnerFile)
                << nlohmann::json{{"pid", pid}, {"host", host}}.dump();
        };
        owned(ws.indexesDir() / "a.tmp-Aaaaaa", child, "elsewhere.invalid");  // can't check
        fs::create_directories(ws.indexesDir() / "b.tmp-Bbbbbb");             // no owner, fresh
        // No owner, untouched for two days (from before owner files): removed.
        const fs::path old = ws.corporaDir() / "man-demo-shards" / ".docs-train.tmp-Cccccc";
        fs::create_directories(old);
        std::ofstream(old / "shard-0000.bin") << "x";
        const auto twoDaysAgo = fs::file_time_type::clock::now() - std::chrono::hours(48);
        fs::last_write_time(old / "shard-0000.bin", twoDaysAgo);
        fs::last_write_time(old, twoDaysAgo);
        // An owner file being written (not JSON yet): kept.
        fs::create_directories(ws.tokenizersDir() / "t.tmp-Dddddd");
        std::ofstream(ws.tokenizersDir() / "t.tmp-Dddddd" / isomorph::kStagingOwnerFile) << "{";
        fs::create_directories(ws.corporaDir() / "not-staging.tmp-x");  // not mkdtemp's name

        const auto removed = ws.removeStaleStaging();
        QCOMPARE(removed.size(), size_t{2});
        std::map<fs::path, std::string> why;
        for (const auto& r : removed)
            why[r.path] = r.reason;
        QVERIFY(why.count(killed[0]) && why.count(old));
        QVERIFY2(why[killed[0]].find("process " + std::to_string(child)) != std::string::npos &&
                     why[killed[0]].find("no longer runs") != std::string::npos,
                 why[killed[0]].c_str());
        QVERIFY2(why[old].find("no owner") != std::string::npos, why[old].c_str());
        QVERIFY(!fs::exists(killed[0]) && !fs::exists(old));
        for (const fs::path& kept :
             {live.path(), ws.indexesDir() / "a.tmp-Aaaaaa", ws.indexesDir() / "b.tmp-Bbbbbb",
              ws.tokenizersDir() / "t.tmp-Dddddd", ws.corporaDir() / "not-staging.tmp-x"})
            QVERIFY2(fs::exists(kept), kept.c_str());
        QVERIFY(ws.removeStaleStaging().empty());  // nothing more

        // The owner file is not part of the output.
        std::ofstream(live.path() / "manifest.json") << "{}";
        live.moveTo(corpus);
        QVERIFY(fs::exists(corpus / "manifest.json"));
        QVERIFY(!fs::exists(corpus / isomorph::kStagingOwnerFile));
    }
};

QTEST_GUILESS_MAIN(TestWorkspace)
#include "test_workspace.moc"

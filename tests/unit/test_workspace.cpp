#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
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
};

QTEST_GUILESS_MAIN(TestWorkspace)
#include "test_workspace.moc"

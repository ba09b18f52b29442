// The run and checkpoint folder layout (core/workspace/run_layout.h): step names, the pointers,
// listing a run's and a workspace's checkpoints, and resolving what a user names.

#include <fstream>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/workspace/run_layout.h"
#include "tests/support/test_main.h"

using isomorph::DataError;
using isomorph::workspace::CheckpointLayout;
using isomorph::workspace::RunLayout;
using isomorph::workspace::WorkspaceCheckpoint;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

/// RUN/checkpoints/step-N with a config.json (what makes it a checkpoint folder).
fs::path makeCheckpoint(const RunLayout& run, int64_t step) {
    const CheckpointLayout c = run.checkpointAtStep(step);
    write(c.config(), "{}\n");
    return c.dir;
}

RunLayout makeRun(const fs::path& dir) {
    RunLayout run{dir};
    write(run.config(), "name = 'x'\n");
    return run;
}

}  // namespace

class TestRunLayout : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void stepNamesRoundTrip() {
        QCOMPARE(CheckpointLayout::nameOfStep(200), std::string("step-00000200"));
        QCOMPARE(CheckpointLayout::nameOfStep(0), std::string("step-00000000"));
        QCOMPARE(CheckpointLayout::nameOfStep(123456789), std::string("step-123456789"));
        QCOMPARE(CheckpointLayout::stepOfName("step-00000200").value_or(-1), int64_t{200});
        QCOMPARE(CheckpointLayout::stepOfName("step-7").value_or(-1), int64_t{7});
        QVERIFY(!CheckpointLayout::stepOfName("step-"));
        QVERIFY(!CheckpointLayout::stepOfName("step-12a"));
        QVERIFY(!CheckpointLayout::stepOfName("latest"));
        QVERIFY(!CheckpointLayout::stepOfName("init"));
    }

    void pathsAreTheContract() {
        // The names other tools (TensorBoard, transformers, older Isomorph builds) read.
        const RunLayout run{"/r"};
        QCOMPARE(run.config(), fs::path("/r/config.toml"));
        QCOMPARE(run.metrics(), fs::path("/r/metrics.jsonl"));
        QCOMPARE(run.status(), fs::path("/r/status.json"));
        QCOMPARE(run.log(), fs::path("/r/log.txt"));
        QCOMPARE(run.latestPointer(), fs::path("/r/checkpoints/latest"));
        QCOMPARE(run.bestPointer(), fs::path("/r/checkpoints/best"));
        const CheckpointLayout c = run.checkpointAtStep(4);
        QCOMPARE(c.weights(), fs::path("/r/checkpoints/step-00000004/model.safetensors"));
        QCOMPARE(c.heads(), fs::path("/r/checkpoints/step-00000004/heads.safetensors"));
        QCOMPARE(c.trainerState(), fs::path("/r/checkpoints/step-00000004/trainer_state.json"));
    }

    void listsARunsCheckpointsNewestFirstWithTheirPointers() {
        QTemporaryDir tmp;
        const RunLayout run = makeRun(fs::path(tmp.path().toStdString()) / "run");
        QVERIFY(isomorph::workspace::listCheckpoints(run).empty());
        QVERIFY(!run.resumable());
        for (int64_t step : {2, 10, 6})
            makeCheckpoint(run, step);
        fs::create_directories(run.checkpoints() / "step-00000008.tmp-abc");  // a killed save
        write(run.latestPointer(), "step-00000010\n");
        write(run.bestPointer(), "step-00000006\n0.75\n");
        const auto list = isomorph::workspace::listCheckpoints(run);
        QCOMPARE(list.size(), size_t{3});
        QCOMPARE(list[0].step, int64_t{10});
        QCOMPARE(list[1].step, int64_t{6});
        QCOMPARE(list[2].name, std::string("step-00000002"));
        QVERIFY(list[0].latest && !list[0].best);
        QVERIFY(list[1].best && !list[1].latest);
        QCOMPARE(run.bestName(), std::string("step-00000006"));
        QVERIFY(run.resumable());
    }

    void resolvesWhatAUserNames() {
        QTemporaryDir tmp;
        const RunLayout run = makeRun(fs::path(tmp.path().toStdString()) / "run");
        const fs::path s4 = makeCheckpoint(run, 4), s8 = makeCheckpoint(run, 8);
        write(run.latestPointer(), "step-00000008\n");
        // A run folder and its checkpoints folder: latest while no best is recorded.
        QCOMPARE(isomorph::workspace::resolveCheckpoint(run.dir), s8);
        QCOMPARE(isomorph::workspace::resolveCheckpoint(run.checkpoints()), s8);
        write(run.bestPointer(), "step-00000004\n0.5\n");
        QCOMPARE(isomorph::workspace::resolveCheckpoint(run.dir), s4);
        QCOMPARE(isomorph::workspace::resolveCheckpoint(run.latestPointer()), s8);
        QCOMPARE(isomorph::workspace::resolveCheckpoint(s8), s8);
        QCOMPARE(isomorph::workspace::runConfigOf(s8), run.config());
        QVERIFY(RunLayout::ofCheckpoint(s8).has_value());
        // A loose checkpoint folder is no run's.
        const fs::path loose = fs::path(tmp.path().toStdString()) / "loose";
        write(CheckpointLayout{loose}.config(), "{}\n");
        QVERIFY(isomorph::workspace::runConfigOf(loose).empty());
        try {
            isomorph::workspace::resolveCheckpoint(fs::path(tmp.path().toStdString()) / "none");
            QFAIL("expected DataError");
        } catch (const DataError& e) {
            QVERIFY2(std::string(e.what()).find("is not a checkpoint") != std::string::npos,
                     e.what());
            QVERIFY2(std::string(e.what()).find("checkpoints/best") != std::string::npos, e.what());
        }
    }

    void listsAWorkspacesCheckpoints() {
        QTemporaryDir tmp;
        const fs::path ws = tmp.path().toStdString();
        const RunLayout a = makeRun(ws / "runs" / "a-run"), b = makeRun(ws / "runs" / "b-run");
        makeCheckpoint(a, 3);
        makeCheckpoint(b, 2);
        makeCheckpoint(b, 1);
        write(b.latestPointer(), "step-00000002\n");
        fs::create_directories(b.checkpoints() / "step-00000005");  // not complete: no config
        write(ws / "models" / "e5" / CheckpointLayout::kConfigFile, "{}\n");
        fs::create_directories(ws / "models" / "empty");
        using Kind = WorkspaceCheckpoint::Kind;
        const auto list = isomorph::workspace::listWorkspaceCheckpoints(ws);
        QCOMPARE(list.size(), size_t{5});
        QVERIFY(list[0].kind == Kind::Latest && list[0].run == "b-run");
        QVERIFY(list[1].kind == Kind::Step && list[1].name == "step-00000001");
        QVERIFY(list[2].kind == Kind::Step && list[2].name == "step-00000002");
        QVERIFY(list[3].kind == Kind::Step && list[3].run == "a-run");
        QVERIFY(list[4].kind == Kind::Imported && list[4].name == "e5" && list[4].run.empty());
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestRunLayout)
#include "test_run_layout.moc"

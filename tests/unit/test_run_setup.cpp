// Run-config assembly (core/workflows/run_setup.h): a preset with overrides resolved against a
// workspace, the run folder's workspace, the demo workspace or the config file's folder; missing
// paths refused naming the field; a config file and a preset together refused. And the split of
// the demo's wall-clock budget (core/workflows/wall_clock_budget.h) by hand.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/train/objectives/xlp_options.h"
#include "core/workflows/base_model.h"
#include "core/workflows/run_setup.h"
#include "core/workflows/wall_clock_budget.h"
#include "core/workspace/workspace.h"
#include "tests/support/test_main.h"

namespace fs = std::filesystem;
using isomorph::ConfigError;
using isomorph::workflows::assembleRunConfig;
using isomorph::workflows::PathBaseOrigin;
using isomorph::workflows::RunConfigRequest;

namespace {

/// The message of the ConfigError `fn` throws ("" and a failure when it throws none).
std::string configError(const std::function<void()>& fn) {
    try {
        fn();
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "";
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

class TestRunSetup : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir tmp_;
    fs::path root() const { return fs::path(tmp_.path().toStdString()); }

  private Q_SLOTS:
    void presetOverridesAndWorkspacePaths() {
        RunConfigRequest r;
        r.preset = "ccp-demo";
        r.workspace = root() / "ws";
        r.overrides = {"optimizer.lr=0.002", "data.docs=elsewhere/docs"};
        r.nproc = 3;
        const auto setup = assembleRunConfig(r);
        QCOMPARE(setup.origin, std::string("preset ccp-demo"));
        QVERIFY(setup.baseOrigin == PathBaseOrigin::Workspace);
        QCOMPARE(setup.base, root() / "ws");
        QCOMPARE(setup.config.optimizer.lr, 0.002);
        QCOMPARE(setup.config.runtime.nproc, int64_t{3});
        // Overrides come before path resolution: a relative override lands in the workspace too.
        QCOMPARE(setup.config.data.docs, (root() / "ws/elsewhere/docs").string());
        QCOMPARE(setup.config.model.tokenizer, (root() / "ws/tokenizers/man-demo.model").string());
        QCOMPARE(setup.config.model.init, std::string("scratch"));  // not a path
    }

    void baseFollowsTheRunFolderTheDemoWorkspaceOrTheFile() {
        const fs::path ws = root() / "held";
        fs::create_directories(ws / "runs");
        std::ofstream(ws / "isomorph-workspace.json") << "{}";
        RunConfigRequest r;
        r.preset = "ccp-demo";
        r.runDir = ws / "runs" / "a";
        auto setup = assembleRunConfig(r);
        QVERIFY(setup.baseOrigin == PathBaseOrigin::RunDirWorkspace);
        QCOMPARE(setup.base, ws);

        r.runDir = root() / "outside" / "a";
        qputenv("ISOMORPH_WORKSPACE", QByteArray::fromStdString((root() / "demo").string()));
        setup = assembleRunConfig(r);
        QVERIFY(setup.baseOrigin == PathBaseOrigin::DemoWorkspace);
        QCOMPARE(setup.config.data.docs,
                 (root() / "demo/corpora/man-demo-shards/docs-train").string());

        const fs::path file = root() / "configs" / "run.toml";
        fs::create_directories(file.parent_path());
        std::ofstream(file) << "[data]\ndocs = \"shards/docs\"\n";
        RunConfigRequest fromFile;
        fromFile.configFile = file;
        fromFile.runDir = root() / "outside" / "b";
        fromFile.validate = false;  // the file leaves the tokenizer out
        setup = assembleRunConfig(fromFile);
        QVERIFY(setup.baseOrigin == PathBaseOrigin::ConfigFileFolder);
        QCOMPARE(setup.origin, file.string());
        QCOMPARE(setup.config.data.docs, (root() / "configs/shards/docs").string());
    }

    void missingPathsAreRefusedNamingTheField() {
        RunConfigRequest r;
        r.preset = "ccp-demo";
        r.workspace = root() / "empty-ws";
        const auto setup = assembleRunConfig(r);  // assembling does not refuse them
        QVERIFY(!setup.missing.empty());
        const std::string docs = (root() / "empty-ws/corpora/man-demo-shards/docs-train").string();
        const std::string message =
            configError([&] { isomorph::workflows::requireExistingPaths(setup); });
        QVERIFY2(contains(message, "data.docs = " + docs + " does not exist"), message.c_str());
        QVERIFY2(contains(message, "the workspace given"), message.c_str());
        QVERIFY2(!contains(message, "--"), message.c_str());  // no flags from core

        for (const auto& m : setup.missing)
            fs::create_directories(m.path);
        const auto ready = assembleRunConfig(r);
        QVERIFY(ready.missing.empty());
        isomorph::workflows::requireExistingPaths(ready);
    }

    void configAndPresetTogetherOrNeitherAreRefused() {
        const fs::path file = root() / "both.toml";
        std::ofstream(file) << "name = \"x\"\n";
        RunConfigRequest both;
        both.configFile = file;
        both.preset = "ccp-demo";
        const std::string message = configError([&] { assembleRunConfig(both); });
        QVERIFY2(contains(message, "give one of them") && contains(message, "ccp-demo"),
                 message.c_str());

        RunConfigRequest neither;
        QVERIFY(!configError([&] { assembleRunConfig(neither); }).empty());
        neither.defaultsWhenNone = true;
        neither.validate = false;
        QCOMPARE(assembleRunConfig(neither).config.optimizer.lr, 5e-4);
    }

    void invalidOverridesAreListedWithTheOrigin() {
        RunConfigRequest r;
        r.preset = "ccp-demo";
        r.workspace = root() / "ws";
        r.overrides = {"optimizer.lr=-1"};
        const std::string message = configError([&] { assembleRunConfig(r); });
        QVERIFY2(contains(message, "preset ccp-demo") && contains(message, "optimizer.lr"),
                 message.c_str());
        r.validate = false;
        QCOMPARE(assembleRunConfig(r).config.optimizer.lr, -1.0);
    }

    void shippedBaseKeywordNamesTheVerifiedBase() {
        // "shipped-base" in a path field is the shipped base's folder (the source tree's here),
        // after its hashes are checked; where none is installed or it does not match, the field
        // and the keyword are named.
        RunConfigRequest r;
        r.preset = "xlp-demo";
        r.workspace = root() / "ws";
        const auto setup = assembleRunConfig(r);
        const auto& o = setup.config.objectiveOptions<isomorph::train::XlpOptions>("xlp");
        QCOMPARE(fs::path(o.alignModel), isomorph::workflows::findShippedBase());
        QVERIFY(fs::exists(fs::path(o.alignModel) / "provenance.json"));
        fs::create_directories(root() / "not-a-base");
        qputenv("ISOMORPH_BASE_MODEL", QByteArray::fromStdString((root() / "not-a-base").string()));
        const std::string e = configError([&] { assembleRunConfig(r); });
        qunsetenv("ISOMORPH_BASE_MODEL");
        QVERIFY2(contains(e, "objectives.xlp.align_model = \"shipped-base\"") &&
                     contains(e, "not-a-base"),
                 e.c_str());
    }

    void budgetSplitByHand() {
        // 60 s, 10 s spent, the initial evaluation took 5 s, two stages of 40% and 60%:
        // reserve 2 * 1.1 * 5 + 1 = 12 s, training 60 - 10 - 12 = 38 s, ends at 15.2 s and 38 s.
        const auto split = isomorph::workflows::splitBudget(60, 10, 5, {0.4, 0.6});
        QCOMPARE(split.reserve, 12.0);
        QCOMPARE(split.training, 38.0);
        QCOMPARE(split.stageEnds.size(), size_t{2});
        QVERIFY(std::abs(split.stageEnds[0] - 15.2) < 1e-9);
        QVERIFY(std::abs(split.stageEnds[1] - 38.0) < 1e-9);
        // 15 - 10 - 6.5: nothing left for training once the evaluation is reserved.
        QVERIFY(isomorph::workflows::splitBudget(15, 10, 5, {1.0}).training < 0);
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestRunSetup)
#include "test_run_setup.moc"

// The typed run config: presets parse and validate, every problem is listed with its key, file
// errors name the line, --set overrides follow the same rules, TOML output round-trips.

#include <QtTest>

#include "core/common/errors.h"
#include "core/train/presets.h"
#include "core/train/run_config.h"
#include "core/train/schedule.h"

using namespace isomorph;
using namespace isomorph::train;

namespace {
QString errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const ConfigError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}
}  // namespace

class TestRunConfig : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void presetsParseAndValidate() {
        QVERIFY(builtinPresets().size() >= 3);
        for (const auto& p : builtinPresets()) {
            RunConfig c = parseRunConfig(p.toml, p.name);
            QVERIFY2(c.problems().empty(), p.name.c_str());
            QCOMPARE(QString::fromStdString(c.name), QString::fromStdString(p.name));
        }
        RunConfig large = parseRunConfig(builtinPreset("ccp-xlmr-large").toml, "large");
        QCOMPARE(large.optimizer.lr, 3e-5);  // the paper's hyperparameters
        QCOMPARE(large.ccp.bankSize, int64_t{32768});
        QCOMPARE(large.ccp.batchSize * large.optimizer.accumulation, int64_t{2048});
        QVERIFY(!errorOf([] { builtinPreset("nope"); }).isEmpty());
    }

    void everyProblemIsListedWithItsKey() {
        RunConfig c;
        c.model.tokenizer = "t.model";
        c.data.docs = "shards";
        QVERIFY(c.problems().empty());
        c.optimizer.lr = -1;
        c.ccp.radius = 0;
        c.ccp.bankSize = 10;           // smaller than 2 x batch 32
        c.model.heads = 3;             // does not divide 256
        c.runtime.precision = "bf16";  // CPU
        const QString msg = errorOf([&] { c.validate("run.toml"); });
        for (const char* key : {"run.toml", "optimizer.lr", "objectives.ccp.radius",
                                "objectives.ccp.bank_size", "model.heads", "runtime.precision"})
            QVERIFY2(msg.contains(key), qPrintable(msg));
        c = RunConfig{};
        c.data.docs = "x";
        c.model.tokenizer = "t";
        c.mlm.weight = c.ccp.weight = 0;
        QVERIFY(errorOf([&] { c.validate("r"); }).contains("enable one"));
    }

    void fileErrorsNameLineAndKey() {
        const QString unknown = errorOf(
            [] { parseRunConfig("[optimizer]\nlr = 1e-4\nlearning_rate = 3\n", "run.toml"); });
        QVERIFY2(unknown.contains("run.toml:3") && unknown.contains("optimizer.learning_rate"),
                 qPrintable(unknown));
        const QString type =
            errorOf([] { parseRunConfig("[schedule]\nmax_steps = \"many\"\n", "run.toml"); });
        QVERIFY2(type.contains("run.toml:2") && type.contains("schedule.max_steps") &&
                     type.contains("integer"),
                 qPrintable(type));
        const QString choice = errorOf(
            [] { parseRunConfig("[objectives.ccp]\nmemory_bank = \"shared\"\n", "run.toml"); });
        QVERIFY2(choice.contains("language, plain, none"), qPrintable(choice));
        const QString syntax = errorOf([] { parseRunConfig("[model\nlayers = 2\n", "run.toml"); });
        QVERIFY2(syntax.startsWith("run.toml:1"), qPrintable(syntax));
        const QString newer = errorOf([] { parseRunConfig("schema_version = 99\n", "run.toml"); });
        QVERIFY2(newer.contains("schema_version 99"), qPrintable(newer));
        // A float field accepts an integer literal.
        QCOMPARE(parseRunConfig("[optimizer]\nlr = 1\n", "r").optimizer.lr, 1.0);
    }

    void overridesFollowTheSameRules() {
        RunConfig c;
        applyOverride(c, "objectives.ccp.temperature=0.05");
        applyOverride(c, "model.init=/data/xlm-roberta-base");  // bare word: a string
        applyOverride(c, "objectives.ccp.l2_normalize=false");
        QCOMPARE(c.ccp.temperature, 0.05);
        QCOMPARE(QString::fromStdString(c.model.init), QString("/data/xlm-roberta-base"));
        QVERIFY(!c.ccp.l2Normalize);
        QVERIFY(errorOf([&] {
                    applyOverride(c, "objectives.ccp.batch_size=many");
                }).contains("--set objectives.ccp.batch_size=many"));
        QVERIFY(errorOf([&] {
                    applyOverride(c, "optimizer.learning_rate=1");
                }).contains("unknown key"));
        QVERIFY(errorOf([&] { applyOverride(c, "novalue"); }).contains("section.key=value"));
    }

    void tomlRoundTripsAndDiffs() {
        RunConfig c = parseRunConfig(builtinPreset("ccp-demo").toml, "ccp-demo");
        c.name = "with \"quotes\" and ünïcode";
        c.optimizer.lr = 1.0 / 3.0;
        RunConfig back = parseRunConfig(runConfigToToml(c), "frozen");
        QVERIFY(differingKeys(c, back).empty());
        back.ccp.temperature = 0.2;
        back.runtime.nproc = 2;
        const auto keys = differingKeys(c, back);
        QCOMPARE(keys.size(), size_t{2});
        QCOMPARE(QString::fromStdString(keys[0]), QString("objectives.ccp.temperature"));
    }

    void relativePathsResolveAgainstABase() {
        RunConfig c = parseRunConfig(builtinPreset("ccp-demo").toml, "ccp-demo");
        c.resolvePaths("/ws");
        QCOMPARE(QString::fromStdString(c.data.docs),
                 QString("/ws/corpora/man-demo-shards/docs-train"));
        QCOMPARE(QString::fromStdString(c.model.init), QString("scratch"));
    }

    void scheduleWarmsUpThenDecays() {
        ScheduleSection s;
        s.warmupSteps = 10;
        s.maxSteps = 110;
        QCOMPARE(scheduledLearningRate(s, 1.0, 0), 0.1);
        QCOMPARE(scheduledLearningRate(s, 1.0, 9), 1.0);
        QCOMPARE(scheduledLearningRate(s, 1.0, 10), 1.0);
        QVERIFY(std::abs(scheduledLearningRate(s, 1.0, 109) - 0.01) < 1e-12);
        s.decay = "cosine";
        QVERIFY(std::abs(scheduledLearningRate(s, 1.0, 60) - 0.5) < 1e-12);
        s.decay = "constant";
        QCOMPARE(scheduledLearningRate(s, 1.0, 100), 1.0);
    }
};

QTEST_GUILESS_MAIN(TestRunConfig)
#include "test_run_config.moc"

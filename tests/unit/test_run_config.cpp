// The typed run config: presets parse and validate, every problem is listed with its key, file
// errors name the line, --set overrides follow the same rules, TOML output round-trips.

#include <QtTest>

#include "core/common/errors.h"
#include "core/train/objectives/ccp_options.h"
#include "core/train/objectives/xlp_options.h"
#include "core/train/presets.h"
#include "core/train/run_config.h"
#include "core/train/schedule.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"

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
        const auto& ccp = large.objectiveOptions<CcpOptions>("ccp");
        QCOMPARE(ccp.bankSize, int64_t{32768});
        QCOMPARE(ccp.batchSize * large.optimizer.accumulation, int64_t{2048});
        QVERIFY(!errorOf([] { builtinPreset("nope"); }).isEmpty());
        // XLP at the paper's scale: mBERT-GSW with separate global projections (section 3),
        // window 64, 1,024 tokens, lr 1e-5, batches of 32 (section 4.3).
        RunConfig xlp = parseRunConfig(builtinPreset("xlp-mbert-gsw").toml, "xlp");
        QVERIFY(xlp.model.globalProjections);
        QCOMPARE(xlp.model.attentionRadius, int64_t{32});
        QCOMPARE(xlp.objectiveOptions<XlpOptions>("xlp").maxLength, int64_t{1024});
        QCOMPARE(xlp.objectiveOptions<XlpOptions>("xlp").batchSize, int64_t{32});
        QCOMPARE(xlp.optimizer.lr, 1e-5);
    }

    void everyProblemIsListedWithItsKey() {
        RunConfig c;
        c.model.tokenizer = "t.model";
        c.data.docs = "shards";
        QVERIFY(c.problems().empty());
        c.optimizer.lr = -1;
        c.objectiveOptions<CcpOptions>("ccp").radius = 0;
        c.objectiveOptions<CcpOptions>("ccp").bankSize = 10;          // smaller than 2 x batch 32
        c.model.heads = 3;                                            // does not divide 256
        c.runtime.precision = Precision::Bf16;                        // CPU
        c.eval.pooling = isomorph::model::Pooling::parse("layer:9");  // 4 layers
        const QString msg = errorOf([&] { c.validate("run.toml"); });
        for (const char* key :
             {"run.toml", "optimizer.lr", "objectives.ccp.radius", "objectives.ccp.bank_size",
              "model.heads", "runtime.precision", "eval.pooling layer:9"})
            QVERIFY2(msg.contains(key), qPrintable(msg));
        c = RunConfig{};
        c.data.docs = "x";
        c.model.tokenizer = "t";
        c.objective("mlm").weight = c.objective("ccp").weight = 0;
        QVERIFY(errorOf([&] { c.validate("r"); }).contains("enable one"));
        // The memory bank must hold the gathered batch of every process.
        c = RunConfig{};
        c.data.docs = "x";
        c.model.tokenizer = "t";
        c.objectiveOptions<CcpOptions>("ccp").bankSize = 64;  // 2 x 32 x 1: fits one process
        QVERIFY(c.problems().empty());
        c.runtime.nproc = 2;
        QVERIFY2(errorOf([&] { c.validate("r"); }).contains("runtime.nproc = 128"),
                 qPrintable(errorOf([&] { c.validate("r"); })));
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
        const auto& ccp = c.objectiveOptions<CcpOptions>("ccp");
        QCOMPARE(ccp.temperature, 0.05);
        QCOMPARE(QString::fromStdString(c.model.init), QString("/data/xlm-roberta-base"));
        QVERIFY(!ccp.l2Normalize);
        applyOverride(c, "objectives.ccp.projection_norm=vanilla");
        QVERIFY(ccp.projectionNorm == ProjectionNorm::Vanilla);
        applyOverride(c, "eval.pooling=layer:2");
        QCOMPARE(QString::fromStdString(c.eval.pooling.toString()), QString("layer:2"));
        QVERIFY(errorOf([&] { applyOverride(c, "eval.pooling=max"); }).contains("eval.pooling"));
        QVERIFY(errorOf([&] {
                    applyOverride(c, "runtime.precision=fp8");
                }).contains("fp32, fp64, bf16, fp16"));
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
        back.objectiveOptions<CcpOptions>("ccp").temperature = 0.2;
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

    void schemaOneConfigsKeepEvaluatingWithTheirPooling() {
        // Before schema 2 one pooling served training and evaluation; frozen configs of that time
        // keep their behaviour on resume, new ones evaluate with eval.pooling.
        RunConfig old = parseRunConfig("schema_version = 1\n[model]\npooling = \"cls\"\n", "old");
        QCOMPARE(QString::fromStdString(old.eval.pooling.toString()), QString("cls"));
        RunConfig now = parseRunConfig("[model]\npooling = \"cls\"\n", "new");
        QCOMPARE(QString::fromStdString(now.eval.pooling.toString()), QString("mean"));
        QCOMPARE(now.schemaVersion, kRunConfigSchemaVersion);
    }

    void configsBeforeSchemaThreeKeepSamplingObjectives() {
        // Schema 3 sums the objectives' losses every step by default (the papers' loss); a frozen
        // config of an older run keeps drawing one objective per micro-batch when resumed.
        QCOMPARE(enumName(parseRunConfig("schema_version = 2\n", "old").schedule.mixing),
                 std::string("sample"));
        QCOMPARE(enumName(parseRunConfig("", "new").schedule.mixing), std::string("sum"));
        QCOMPARE(enumName(parseRunConfig("schema_version = 2\n[schedule]\nmixing = \"sum\"\n",
                                         "old, explicit")
                              .schedule.mixing),
                 std::string("sum"));
        RunConfig c;
        applyOverride(c, "schedule.mixing=sample");
        QCOMPARE(enumName(parseRunConfig(runConfigToToml(c), "frozen").schedule.mixing),
                 std::string("sample"));
        const QString bad = errorOf([&] { applyOverride(c, "schedule.mixing=alternate"); });
        QVERIFY2(bad.contains("schedule.mixing") && bad.contains("sum"), qPrintable(bad));
        // The presets that replicate a paper's multi-objective loss say so; the CCP paper draws
        // one task per small batch and accumulates 64 of them into an update.
        for (const char* name :
             {"hictl-demo", "ccp-demo", "msm-demo", "hictl-xlmr-base", "msm-xlmr-base"})
            QCOMPARE(enumName(parseRunConfig(builtinPreset(name).toml, name).schedule.mixing),
                     std::string("sum"));
        for (const char* name : {"ccp-xlmr-base", "ccp-xlmr-large"})
            QCOMPARE(enumName(parseRunConfig(builtinPreset(name).toml, name).schedule.mixing),
                     std::string("sample"));
    }

    void everyRegisteredObjectiveHasItsSection() {
        const RunConfig c;
        QCOMPARE(c.enabledObjectives(), (std::vector<std::string>{"mlm", "ccp"}));
        QStringList keys;
        for (const auto& f : runConfigFields())
            keys << QString::fromStdString(f.key);
        for (const char* k : {"objectives.mlm.weight", "objectives.mlm.mask_prob",
                              "objectives.ccp.loss_weight", "objectives.ccp.memory_bank"})
            QVERIFY2(keys.contains(k), k);
        // Choices are listed for the form and the frozen file.
        for (const auto& f : runConfigFields())
            if (f.key == "objectives.ccp.projection_norm")
                QCOMPARE(f.choices, (std::vector<std::string>{"asymmetric", "vanilla", "none"}));
        QVERIFY(errorOf([] { RunConfig().objective("simcse"); }).contains("known: mlm, ccp"));
    }

    void scheduleWarmsUpThenDecays() {
        ScheduleSection s;
        s.warmupSteps = 10;
        s.maxSteps = 110;
        QCOMPARE(scheduledLearningRate(s, 1.0, 0), 0.1);
        QCOMPARE(scheduledLearningRate(s, 1.0, 9), 1.0);
        QCOMPARE(scheduledLearningRate(s, 1.0, 10), 1.0);
        ISOMORPH_COMPARE_NEAR(scheduledLearningRate(s, 1.0, 109), 0.01, 1e-12);
        s.decay = Decay::Cosine;
        ISOMORPH_COMPARE_NEAR(scheduledLearningRate(s, 1.0, 60), 0.5, 1e-12);
        s.decay = Decay::Constant;
        QCOMPARE(scheduledLearningRate(s, 1.0, 100), 1.0);
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestRunConfig)
#include "test_run_config.moc"

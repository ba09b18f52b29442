// The training engine without the CLI: the scheduler's decisions, the checkpoint store, an
// objective plugged in through the registry (nothing in trainer.cpp names it), every CCP switch
// combination of the paper's Table 5, dev mean shifts from training text, the pretrained MLM
// head, and a run that fails before its first step leaving nothing behind.

#include <cmath>
#include <fstream>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/data/shards/shard_set.h"
#include "core/eval/probes.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/tensor_file.h"
#include "core/train/checkpoint_store.h"
#include "core/train/collective.h"
#include "core/train/objectives/ccp_objective.h"
#include "core/train/objectives/mlm_objective.h"
#include "core/train/objectives/objective.h"
#include "core/train/scheduler.h"
#include "core/train/trainer.h"
#include "core/workflows/train_stage.h"
#include "tests/support/error_message.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_model.h"
#include "tests/support/tiny_run_config.h"
#include "tests/support/tiny_training.h"

using namespace isomorph;
using isomorph::testing::tinyEncoderConfig;
using namespace isomorph::train;
using isomorph::testing::messageOf;
using isomorph::testing::readAll;

namespace {

/// The toy's call that throws a DataError (as a sampler whose data ran out would); 0 = none.
int64_t gToyFailsAtCall = 0;

/// A toy objective: the squared output of a linear head on the [CLS] state of random tokens.
class ToyObjective : public Objective {
  public:
    explicit ToyObjective(const ObjectiveBuildContext& c)
        : vocab_(c.encoder->config.vocabSize),
          head_(torch::nn::Linear(c.encoder->config.hiddenSize, 1)) {}
    std::string name() const override { return "toy"; }
    ObjectiveOutput forward(StepContext& context) override {
        if (calls_ + 1 == gToyFailsAtCall) throw DataError("toy sampler: no batch left");
        auto ids = torch::randint(4, vocab_, {4, 6}, torch::kLong);
        auto out = context.encoder->forward(ids, torch::ones_like(ids));
        ObjectiveOutput r;
        r.loss = head_->forward(out.lastHidden.select(1, 0)).pow(2).mean();
        r.metrics.emplace_back("calls", static_cast<double>(++calls_));
        r.tokens = ids.numel();
        r.samples = 4;
        return r;
    }
    torch::nn::Module& heads() override { return *head_; }
    nlohmann::json state() const override { return {{"calls", calls_}}; }
    void loadState(const nlohmann::json& state, const std::string&) override {
        calls_ = state.at("calls").get<int64_t>();
    }

  private:
    int64_t vocab_;
    int64_t calls_ = 0;
    torch::nn::Linear head_;
};

struct ToyOptions {
    double strength = 1.0;
};

ObjectiveSpec toySpec() {
    ObjectiveSpec s;
    s.name = "toy";
    s.title = "Toy objective";
    s.defaults = [] { return std::any(ToyOptions{}); };
    s.fields = {optionField("toy", "strength", &ToyOptions::strength, "unused knob")};
    s.validate = [](const RunConfig& c, std::vector<std::string>& p) {
        if (c.objectiveOptions<ToyOptions>("toy").strength < 0)
            p.push_back("objectives.toy.strength must not be negative");
    };
    s.metrics = {{"toy/calls", "Toy calls", "", MetricGroup::Objectives, MetricKind::Train,
                  Better::Neither}};
    s.factory = [](const ObjectiveBuildContext& c) -> std::unique_ptr<Objective> {
        return std::make_unique<ToyObjective>(c);
    };
    return s;
}

std::vector<QJsonObject> records(const QString& runDir, const QString& kind) {
    std::vector<QJsonObject> out;
    QFile f(QDir(runDir).filePath("metrics.jsonl"));
    if (!f.open(QIODevice::ReadOnly)) return out;
    while (!f.atEnd()) {
        const QJsonObject o = QJsonDocument::fromJson(f.readLine()).object();
        if (o.value("kind").toString() == kind) out.push_back(o);
    }
    return out;
}

// A collective of two ranks simulated in one process: the other rank's flags of which
// parameters have gradients are added by allReduceSum; allReduceMean records what it was given.
class TwoRankFake : public Collective {
  public:
    explicit TwoRankFake(std::vector<double> otherHasGradient)
        : other_(std::move(otherHasGradient)) {}
    int rank() const override { return 0; }
    int worldSize() const override { return 2; }
    void allReduceMean(std::vector<torch::Tensor>& tensors) override { (void)tensors; }
    void allReduceSum(std::vector<torch::Tensor>& tensors) override {
        tensors[0] += torch::tensor(other_, torch::kFloat64);
    }
    torch::Tensor allGather(const torch::Tensor& t) override { return torch::cat({t, t}); }
    void barrier() override {}

  private:
    std::vector<double> other_;
};

}  // namespace

class TestTrainer : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    isomorph::testing::TinyTraining tiny_;

    RunConfig tinyConfig(int64_t steps = 3) const {
        RunConfig c = isomorph::testing::quietTinyConfig(tiny_, steps);
        return c;
    }
    QString run(const QString& name) const { return dir_.filePath("runs/" + name); }
    TrainResult train(const RunConfig& c, const QString& name) const {
        TrainRequest r;
        r.config = c;
        r.runDir = run(name).toStdString();
        return runTraining(r);
    }

  private Q_SLOTS:
    void ranksAllReduceTheUnionOfGradientsInOneOrder() {
        // Four parameters: "a" has a gradient on this rank only, "b" on the other rank only, "c"
        // on both, "d" on none. Both ranks must all-reduce a, b, c in that order; this rank
        // contributes zeros for b; d keeps no gradient (the optimizer skips it).
        std::vector<std::pair<std::string, torch::Tensor>> params;
        for (const char* name : {"a", "b", "c", "d"})
            params.emplace_back(name, torch::ones({2, 3}).requires_grad_(true));
        params[0].second.mutable_grad() = torch::full({2, 3}, 5.0);
        params[2].second.mutable_grad() = torch::full({2, 3}, 7.0);
        TwoRankFake collective({0.0, 1.0, 1.0, 0.0});
        const auto grads = gradientsToReduce(params, collective);
        QCOMPARE(grads.size(), size_t(3));
        QVERIFY(grads[0].is_same(params[0].second.grad()));
        QVERIFY(grads[1].is_same(params[1].second.grad()));
        QVERIFY(grads[2].is_same(params[2].second.grad()));
        QCOMPARE(grads[0].sum().item<double>(), 30.0);  // untouched
        QCOMPARE(grads[1].abs().sum().item<double>(), 0.0);
        QCOMPARE(grads[1].sizes().vec(), std::vector<int64_t>({2, 3}));
        QCOMPARE(grads[2].sum().item<double>(), 42.0);
        QVERIFY(!params[3].second.grad().defined());
    }

    void initTestCase() {
        registerObjective(toySpec());  // before any RunConfig exists
        QString error;
        tiny_ = isomorph::testing::makeTinyTraining(dir_.path(), &error);
        QVERIFY2(!tiny_.config.isEmpty(), qPrintable(error));
    }

    void schedulerDecides() {
        Scheduler::Options o;
        o.maxSteps = 100;
        o.evalEvery = 10;
        o.monitorEvery = 25;
        o.checkpointEvery = 30;
        Scheduler s(o);
        QCOMPARE(s.stopAt(), int64_t{100});
        QVERIFY(s.evaluateAtStart(0) && !s.evaluateAtStart(5));
        QVERIFY(s.evaluateAfter(10) && !s.evaluateAfter(11));
        QVERIFY(!s.evaluateAfter(100));  // the end of the run evaluates
        QVERIFY(s.monitorAfter(50) && !s.monitorAfter(40));
        QCOMPARE(QString::fromStdString(s.checkpointAfter(30, false)), QString("periodic"));
        QCOMPARE(QString::fromStdString(s.checkpointAfter(20, true)), QString("best dev metric"));
        QCOMPARE(QString::fromStdString(s.checkpointAfter(20, false)), QString());
        QCOMPARE(QString::fromStdString(s.checkpointAfter(100, true)), QString());
        QCOMPARE(s.stopAfter(99, false, false), Scheduler::Stop::Continue);
        QCOMPARE(s.stopAfter(100, true, true), Scheduler::Stop::Finished);
        QCOMPARE(s.stopAfter(40, true, true), Scheduler::Stop::Requested);
        QCOMPARE(s.stopAfter(40, false, true), Scheduler::Stop::TimeBudget);
        o.stopAfterSteps = 60;
        Scheduler paused(o);
        QCOMPARE(paused.stopAt(), int64_t{60});
        QCOMPARE(paused.stopAfter(60, false, false), Scheduler::Stop::StepLimit);
        QCOMPARE(QString::fromStdString(paused.checkpointAfter(60, false)), QString());
        // No dev evaluation configured: never at start, never after.
        o.evalEvery = 0;
        QVERIFY(!Scheduler(o).evaluateAtStart(0) && !Scheduler(o).evaluateAfter(10));
    }

    // The three clock rules on a clock the test moves (no sleeping): seconds of training count
    // from the loop's start; an instant without margin stops at the first step that reaches it;
    // with the longest-gap margin, once now + the longest gap (the set-up's here) reaches it.
    void deadlineWatchRules() {
        using isomorph::train::Deadline;
        using isomorph::train::DeadlineWatch;
        using isomorph::train::SteadyClock;
        using std::chrono::seconds;
        const SteadyClock::time_point t0{};
        DeadlineWatch none(Deadline::afterSteps(5), t0);
        QVERIFY(!none.afterStep(t0 + std::chrono::hours(1000)));  // steps are the Scheduler's

        DeadlineWatch training(Deadline::afterTrainingSeconds(10), t0);
        training.loopStarted(t0 + seconds(100));  // set-up: 100 s, not counted
        QVERIFY(!training.afterStep(t0 + seconds(109)));
        QVERIFY(training.afterStep(t0 + seconds(110)));

        DeadlineWatch plain(Deadline::before(t0 + seconds(50), Deadline::Margin::None), t0);
        plain.loopStarted(t0 + seconds(30));
        QVERIFY(!plain.afterStep(t0 + seconds(49)));
        QVERIFY(plain.afterStep(t0 + seconds(50)));

        DeadlineWatch gap(Deadline::before(t0 + seconds(50), Deadline::Margin::LongestGap), t0);
        gap.loopStarted(t0 + seconds(10));
        QVERIFY(!gap.afterStep(t0 + seconds(20)));  // gap 20 s (set-up): 40 < 50
        QVERIFY(!gap.afterStep(t0 + seconds(21)));  // 41 < 50: the set-up's gap is kept
        QVERIFY(gap.afterStep(t0 + seconds(30)));   // 30 + 20 >= 50
        QVERIFY(Deadline::within(1, Deadline::Margin::None).timed());
        QVERIFY(!Deadline::afterSteps(3).timed());
    }

    void checkpointStoreKeepsNewestAndBestAndFallsBack() {
        QTemporaryDir d;
        model::Encoder encoder(tinyEncoderConfig(30));
        CheckpointStore store(d.filePath("checkpoints").toStdString(), 2);
        TrainingState state;
        for (int step = 1; step <= 4; ++step) {
            state.step = step;
            store.save(encoder, {"vocab.txt", "x\n"}, {{"h.w", torch::ones({2})}},
                       {{"optimizer.m", torch::zeros({2})}}, state,
                       workspace::CheckpointLayout::nameOfStep(step));
            if (step == 1) store.markBest(workspace::CheckpointLayout::nameOfStep(1), 0.5);
        }
        QStringList kept = QDir(d.filePath("checkpoints")).entryList({"step-*"}, QDir::Dirs);
        QCOMPARE(kept, (QStringList{"step-00000001", "step-00000003", "step-00000004"}));
        QCOMPARE(QString::fromStdString(store.latestName()), QString("step-00000004"));
        auto loaded = store.loadLatest();
        QVERIFY(loaded.has_value());
        QCOMPARE(loaded->state.step, int64_t{4});
        QVERIFY(torch::equal(loaded->heads.at("h.w"), torch::ones({2})));
        // A damaged newest checkpoint: verify() names the problem, loading falls back.
        QFile f(d.filePath("checkpoints/step-00000004/heads.safetensors"));
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(f.size() - 1);
        f.write("!");
        f.close();
        const std::string problem =
            CheckpointStore::verify(d.filePath("checkpoints/step-00000004").toStdString());
        QVERIFY2(QString::fromStdString(problem).contains("heads.safetensors"), problem.c_str());
        loaded = store.loadLatest();
        QVERIFY(loaded.has_value());
        QCOMPARE(loaded->state.step, int64_t{3});
    }

    void toyObjectivePlugsInWithoutTouchingTheTrainer() {
        RunConfig c = tinyConfig(4);
        c.objective("mlm").weight = 0;
        c.objective("ccp").weight = 0;
        c.objective("toy").weight = 1;
        applyOverride(c, "objectives.toy.strength=2.5");
        QCOMPARE(c.objectiveOptions<ToyOptions>("toy").strength, 2.5);
        QVERIFY(QString::fromStdString(runConfigToToml(c)).contains("[objectives.toy]"));
        c.objectiveOptions<ToyOptions>("toy").strength = -1;
        QVERIFY(
            messageOf<ConfigError>([&] { c.validate("cfg"); }).contains("objectives.toy.strength"));
        c.objectiveOptions<ToyOptions>("toy").strength = 1;

        const TrainResult r = train(c, "toy");
        QCOMPARE(r.step, int64_t{4});
        const auto steps = records(run("toy"), "train");
        QCOMPARE(steps.size(), size_t{4});
        QVERIFY(steps.back().contains("loss/toy"));
        QCOMPARE(steps.back().value("toy/calls").toDouble(), 4.0);
        QVERIFY(!steps.back().contains("loss/mlm"));
        // The schema line declares the toy's metric for the Runs view.
        const auto schema = records(run("toy"), "schema");
        QCOMPARE(schema.size(), size_t{1});
        QStringList keys;
        for (const auto& m : schema.front().value("metrics").toArray())
            keys << m.toObject().value("key").toString();
        QVERIFY2(
            keys.contains("toy/calls") && keys.contains("loss/toy") && !keys.contains("loss/ccp"),
            qPrintable(keys.join(',')));
        // Its head and state are checkpointed and restored.
        const QString ckpt = run("toy") + "/checkpoints/step-00000004";
        QVERIFY(readAll(ckpt + "/heads.safetensors").contains("toy.weight"));
        QVERIFY(readAll(ckpt + "/trainer_state.json").contains("\"calls\": 4"));
    }

    void sumModeOptimisesEveryObjectiveEveryStep() {
        // schedule.mixing = sum: every enabled objective runs on its own batch each step (any
        // weight > 0 enables it) and the logged loss is the loss_weight-weighted sum.
        RunConfig c = tinyConfig(3);
        c.objective("ccp").weight = 0;
        c.objective("toy").weight = 0.01;
        c.objective("toy").lossWeight = 2;
        QCOMPARE(enumName(c.schedule.mixing), std::string("sum"));
        train(c, "sum");
        const auto steps = records(run("sum"), "train");
        QCOMPARE(steps.size(), size_t{3});
        for (size_t i = 0; i < steps.size(); ++i) {
            const QJsonObject& s = steps[i];
            QVERIFY(s.contains("loss/mlm") && s.contains("loss/toy"));
            QCOMPARE(s.value("toy/calls").toDouble(), static_cast<double>(i + 1));
            const double sum = s.value("loss/mlm").toDouble() + 2 * s.value("loss/toy").toDouble();
            QVERIFY2(std::abs(s.value("loss").toDouble() - sum) <= 1e-12 * std::abs(sum),
                     qPrintable(QString::number(s.value("loss").toDouble(), 'g', 17)));
        }

        // sample: one objective per micro-batch, drawn by weight (here almost always MLM).
        applyOverride(c, "schedule.mixing=sample");
        train(c, "sampled");
        for (const auto& s : records(run("sampled"), "train"))
            QVERIFY(s.contains("loss/mlm") != s.contains("loss/toy"));

        // An objective whose data runs out stops the run with its name.
        applyOverride(c, "schedule.mixing=sum");
        gToyFailsAtCall = 2;
        const QString message = messageOf<DataError>([&] { train(c, "runs-out"); });
        gToyFailsAtCall = 0;
        QVERIFY2(message.contains("objectives.toy at step 2: toy sampler: no batch left") &&
                     message.contains("schedule.mixing = \"sum\""),
                 qPrintable(message));
    }

    void everyTable5CombinationTrains() {
        // CCP paper Table 5's switches (memory bank, L2 normalisation, batch norm kind), CCP only.
        int n = 0;
        for (const char* bank : {"language", "plain", "none"})
            for (const char* l2 : {"true", "false"})
                for (const char* norm : {"asymmetric", "vanilla", "none"}) {
                    RunConfig c = tinyConfig(3);
                    c.objective("mlm").weight = 0;
                    applyOverride(c, std::string("objectives.ccp.memory_bank=") + bank);
                    applyOverride(c, std::string("objectives.ccp.l2_normalize=") + l2);
                    applyOverride(c, std::string("objectives.ccp.projection_norm=") + norm);
                    const QString name = QString("t5-%1-%2-%3").arg(bank, l2, norm);
                    try {
                        train(c, name);
                    } catch (const std::exception& e) {
                        QFAIL(qPrintable(name + ": " + e.what()));
                    }
                    const auto steps = records(run(name), "train");
                    QCOMPARE(steps.size(), size_t{3});
                    for (const auto& s : steps)
                        QVERIFY2(std::isfinite(s.value("loss/ccp").toDouble()), qPrintable(name));
                    ++n;
                }
        QCOMPARE(n, 18);
    }

    void fusedAttentionTrainsLikeTheExplicitPath_data() {
        QTest::addColumn<QString>("objectives");
        QTest::newRow("mlm+ccp") << "ccp";
        QTest::newRow("mlm+msm") << "msm";
    }

    void fusedAttentionTrainsLikeTheExplicitPath() {
        // runtime.attention = fused against explicit, 6 float64 steps without dropout (the two
        // draw dropout masks differently): the losses agree within 1e-9 relative (float64
        // rounding through 6 Adam steps stays near 1e-13; test_fused_attention bounds one pass).
        QFETCH(QString, objectives);
        RunConfig c = tinyConfig(6);
        c.runtime.precision = Precision::Fp64;
        applyOverride(c, "model.dropout=0");
        if (objectives == "msm") {
            applyOverride(c, "objectives.ccp.weight=0");
            applyOverride(c, "objectives.msm.weight=1");
            applyOverride(c, "objectives.msm.max_sentences=4");
        }
        c.runtime.attention = "explicit";
        train(c, "explicit-" + objectives);
        c.runtime.attention = "fused";
        train(c, "fused-" + objectives);
        QCOMPARE(isomorph::testing::trainLosses(run("fused-" + objectives)).size(), size_t{6});
        const QString difference = isomorph::testing::firstLossDifference(
            run("explicit-" + objectives), run("fused-" + objectives), 1e-9);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void fp64RunsResumeExactly_data() {
        QTest::addColumn<QString>("mixing");
        QTest::newRow("sum") << "sum";
        QTest::newRow("sample") << "sample";
    }

    void fp64RunsResumeExactly() {
        // MLM + CCP, paused after 3 of 6 steps and resumed: the losses match a straight run's
        // bit for bit, whether the step sums both losses or samples one.
        QFETCH(QString, mixing);
        RunConfig c = tinyConfig(6);
        c.runtime.precision = Precision::Fp64;
        c.checkpoint.every = 3;
        applyOverride(c, "schedule.mixing=" + mixing.toStdString());
        const QString straight = run("f64-straight-" + mixing),
                      paused = run("f64-paused-" + mixing);
        train(c, "f64-straight-" + mixing);
        TrainRequest r;
        r.config = c;
        r.runDir = paused.toStdString();
        r.deadline = isomorph::train::Deadline::afterSteps(3);
        runTraining(r);
        r.resume = true;
        r.deadline = {};
        runTraining(r);
        QCOMPARE(isomorph::testing::trainLosses(straight).size(), size_t{6});
        const QString difference = isomorph::testing::firstLossDifference(straight, paused);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        // The checkpoint keeps float64 weights.
        QVERIFY(
            readAll(straight + "/checkpoints/step-00000006/model.safetensors").contains("\"F64\""));
    }

    void devMeanShiftUsesTheGivenMeans() {
        const auto pairs = eval::loadBitextPairs(
            data::shards::ShardSet::open(tiny_.devPairs.toStdString()), 40, 24);
        QCOMPARE(pairs.size(), size_t{1});
        QCOMPARE(QString::fromStdString(pairs[0].sourceLanguage), QString("de"));
        const auto docs = data::shards::ShardSet::open(tiny_.docs.toStdString());
        const auto text = eval::sampleSentencesByLanguage(docs, 25, 24);
        QCOMPARE(text.size(), size_t{2});
        QCOMPARE(text.at("de").rows.size(), size_t{25});
        for (uint16_t l : text.at("en").languages)
            QCOMPARE(QString::fromStdString(docs.languages()[l]), QString("en"));

        torch::manual_seed(3);
        model::Encoder encoder(tinyEncoderConfig(docs.vocabSize()));
        encoder->eval();
        torch::NoGradGuard noGrad;
        const model::Pooling mean{model::Pooling::Kind::Mean, 0};
        const auto train = eval::evaluateBitext(encoder, pairs, mean, torch::kCPU, nullptr);
        // Zero means: the "shifted" score is the raw one.
        eval::LanguageMeans zero{{"de", torch::zeros({16})}, {"en", torch::zeros({16})}};
        const auto z = eval::evaluateBitext(encoder, pairs, mean, torch::kCPU, &zero);
        QCOMPARE(z.accuracyShifted, z.accuracy);
        // Each side's own means reproduce the transductive shift exactly.
        eval::LanguageMeans own{
            {"de", eval::encodeRows(encoder, pairs[0].sources.rows, mean, torch::kCPU).mean(0)},
            {"en", eval::encodeRows(encoder, pairs[0].targets.rows, mean, torch::kCPU).mean(0)}};
        QCOMPARE(eval::evaluateBitext(encoder, pairs, mean, torch::kCPU, &own).accuracyShifted,
                 train.accuracyShifted);
        // Training-text means, as the trainer uses them; a language without text is named.
        eval::LanguageMeans fromText = eval::languageMeans(encoder, text, mean, torch::kCPU);
        QCOMPARE(fromText.size(), size_t{2});
        fromText.erase("de");
        const auto partial = eval::evaluateBitext(encoder, pairs, mean, torch::kCPU, &fromText);
        QCOMPARE(partial.unshiftedLanguages, std::vector<std::string>{"de"});
    }

    void identicalRowsGetBitIdenticalVectors() {
        // Two sentences cut to the same tokens, far apart in a set: encoded in different batches
        // (other padding) they used to differ by float rounding, so which one was a translation's
        // nearest neighbour changed with any weight update. Encoded once, they tie exactly, and
        // the lower row wins (align::evaluateBitext).
        const auto docs = data::shards::ShardSet::open(tiny_.docs.toStdString());
        torch::manual_seed(4);
        model::Encoder encoder(tinyEncoderConfig(docs.vocabSize()));
        encoder->eval();
        torch::NoGradGuard noGrad;
        std::vector<std::vector<int32_t>> rows;
        for (int i = 0; i < 70; ++i) {
            std::vector<int32_t> row = {0};
            for (int t = 0; t < 3 + i % 11; ++t)
                row.push_back(5 + (i * 7 + t * 3) % 40);
            row.push_back(2);
            rows.push_back(row);
        }
        rows[66] = rows[1];  // another length group and another batch of 8
        for (const auto& pooling : {model::Pooling{model::Pooling::Kind::Mean, 0},
                                    model::Pooling{model::Pooling::Kind::Cls, 0}}) {
            const torch::Tensor v = eval::encodeRows(encoder, rows, pooling, torch::kCPU, 8);
            QVERIFY(torch::equal(v[66], v[1]));
            QVERIFY(!torch::equal(v[2], v[1]));
            // Every row is what it is encoded as on its own.
            const torch::Tensor alone =
                eval::encodeRows(encoder, {rows[66]}, pooling, torch::kCPU, 8);
            QVERIFY(torch::allclose(alone[0], v[66], 1e-5, 1e-6));
        }
    }

    void ccpForwardAlternatesBatchNormAndFillsTheLanguageBanks() {
        // CcpObjective::forward on real batches: the batch-norm branch alternates every step (the
        // running statistics move each time), each batch enters the FIFOs of its sentences'
        // languages after use, and each anchor's negatives are the other in-batch rows plus the
        // bank entries of its own language as they were before the push.
        const auto docs = data::shards::ShardSet::open(tiny_.docs.toStdString());
        for (const char* mode : {"language", "mixed"}) {
            RunConfig c = tinyConfig();
            applyOverride(c, std::string("data.batch_mode=") + mode);
            auto& o = c.objectiveOptions<CcpOptions>("ccp");
            o.batchSize = 4;
            o.bankSize = 64;
            torch::manual_seed(5);
            model::Encoder encoder(tinyEncoderConfig(docs.vocabSize()));
            DataProvider data(c, encoder->config.vocabSize, {&docs});
            ObjectiveBuildContext context{c, c.objective("ccp"), encoder, data, 0, 1, torch::kCPU};
            CcpObjective ccp(context);
            auto counts = [&] {
                model::TensorMap t;
                ccp.saveTensors(t);
                return t.at("ccp.bank.count").clone();
            };
            auto& bn = dynamic_cast<model::ProjectionHeadImpl&>(ccp.heads()).bn;
            const int64_t rows = 2 * o.batchSize;
            for (int step = 0; step < 4; ++step) {
                const auto before = counts();
                const auto mean = bn->running_mean.clone();
                const bool centerTrain = ccp.state().at("center_train_mode").get<bool>();
                StepContext sc{encoder, torch::kCPU, step, 0, static_cast<uint64_t>(step + 1),
                               nullptr};
                ObjectiveOutput out = ccp.forward(sc);
                QVERIFY(std::isfinite(out.loss.item<double>()));
                QCOMPARE(ccp.state().at("center_train_mode").get<bool>(), !centerTrain);
                QVERIFY(!torch::equal(mean, bn->running_mean));
                const auto added = counts() - before;  // rows per language, this batch
                QCOMPARE(added.sum().item<int64_t>(), rows);
                if (std::string(mode) == "language") QCOMPARE(added.gt(0).sum().item<int64_t>(), 1);
                double expected = static_cast<double>(rows - 2);
                for (int64_t g = 0; g < added.size(0); ++g)
                    expected += added[g].item<double>() / static_cast<double>(rows) *
                                before[g].item<double>();
                double negatives = -1;
                for (const auto& [k, v] : out.metrics)
                    if (k == "negatives") negatives = v;
                QVERIFY2(std::abs(negatives - expected) <= 1e-9 * expected,
                         qPrintable(QString("%1 step %2: %3 negatives, expected %4")
                                        .arg(mode)
                                        .arg(step)
                                        .arg(negatives)
                                        .arg(expected)));
            }
        }
    }

    void pretrainedMlmHeadIsContinued() {
        model::Encoder encoder(tinyEncoderConfig(30));
        model::MlmHead head(encoder);
        const auto dense = torch::randn({16, 16});
        model::TensorMap xlmr = {{"lm_head.dense.weight", dense},
                                 {"lm_head.dense.bias", torch::randn({16})},
                                 {"lm_head.layer_norm.weight", torch::randn({16})},
                                 {"lm_head.layer_norm.bias", torch::randn({16})},
                                 {"lm_head.bias", torch::randn({30})}};
        QCOMPARE(QString::fromStdString(loadPretrainedMlmHead(*head, xlmr)), QString("lm_head.*"));
        QVERIFY(torch::equal(head->dense->weight, dense));
        QVERIFY(torch::equal(head->bias, xlmr.at("lm_head.bias")));
        QCOMPARE(QString::fromStdString(loadPretrainedMlmHead(*head, {})), QString());
        xlmr.erase("lm_head.layer_norm.bias");
        QVERIFY(messageOf<CheckpointError>([&] {
                    loadPretrainedMlmHead(*head, xlmr);
                }).contains("lm_head.layer_norm.bias"));
        model::TensorMap bert = {{"cls.predictions.bias", torch::zeros({31})}};
        for (const char* n : {"transform.dense.weight", "transform.dense.bias",
                              "transform.LayerNorm.weight", "transform.LayerNorm.bias"})
            bert[std::string("cls.predictions.") + n] = torch::zeros({16, 16});
        QVERIFY(messageOf<CheckpointError>([&] {
                    loadPretrainedMlmHead(*head, bert);
                }).contains("shape"));
    }

    void aRunWithoutMlmPassesTheInitialMlmHeadOn() {
        // Stage 1 trains MLM; stage 2 trains none (CCP only) and must save stage 1's MLM head
        // unchanged, so that stage 3 with MLM continues it instead of starting a new one.
        RunConfig c = tinyConfig(2);
        train(c, "head-1");
        const QString first = run("head-1") + "/checkpoints/step-00000002";
        const model::TensorMap trained =
            model::loadTensorFile((first + "/heads.safetensors").toStdString());
        QVERIFY(trained.count("mlm.bias"));
        RunConfig noMlm = tinyConfig(2);
        noMlm.objective("mlm").weight = 0;
        noMlm.model.init = first.toStdString();
        train(noMlm, "head-2");
        const QString second = run("head-2") + "/checkpoints/step-00000002";
        const model::TensorMap kept =
            model::loadTensorFile((second + "/heads.safetensors").toStdString());
        size_t mlmTensors = 0;
        for (const auto& [name, tensor] : trained) {
            if (name.rfind("mlm.", 0) != 0) continue;
            ++mlmTensors;
            QVERIFY2(kept.count(name) && torch::equal(kept.at(name), tensor), name.c_str());
        }
        QVERIFY(mlmTensors >= 5);
        RunConfig again = tinyConfig(1);
        again.model.init = second.toStdString();
        train(again, "head-3");
        QVERIFY(readAll(run("head-3") + "/log.txt").contains("MLM head: continued from mlm.*"));
    }

    void modelInitAcceptsARunFolderAndItsPointers() {
        RunConfig c = tinyConfig(2);
        c.checkpoint.every = 1;
        train(c, "stage-1");
        const QString last = run("stage-1") + "/checkpoints/step-00000002";
        QVERIFY(QFileInfo::exists(last + "/config.json"));
        // The run folder (its best, else latest checkpoint), its checkpoints/ folder and the
        // latest pointer all continue stage 1's weights.
        int n = 0;
        for (const QString& init : {run("stage-1"), run("stage-1") + "/checkpoints",
                                    run("stage-1") + "/checkpoints/latest"}) {
            RunConfig next = tinyConfig(1);
            next.model.init = init.toStdString();
            QCOMPARE(train(next, QString("stage-2-%1").arg(++n)).step, int64_t{1});
        }
        // A folder that holds no checkpoint: one message naming model.init and the folder.
        RunConfig bad = tinyConfig(1);
        QDir().mkpath(dir_.filePath("empty-run"));
        bad.model.init = dir_.filePath("empty-run").toStdString();
        const QString message = messageOf<CheckpointError>([&] { train(bad, "stage-2-bad"); });
        QVERIFY2(message.contains("model.init") && message.contains("empty-run"),
                 qPrintable(message));
    }

    void feedbackStopsGracefullyOrCancelsWithACheckpoint() {
        // The one feedback object answers the loop before every next step: a graceful stop
        // returns Stopped, a cancel throws Cancelled; both leave a checkpoint of the step reached.
        const RunConfig c = tinyConfig(8);
        std::vector<int64_t> reported;
        bool wellFormed = true;  // every report: step of max_steps, a "loss ..." detail
        const auto trainUntil = [&](const QString& name, bool cancel) {
            reported.clear();
            TrainRequest r;
            r.config = c;
            r.runDir = run(name).toStdString();
            Feedback feedback([&](const isomorph::Progress& p) {
                reported.push_back(p.done);
                wellFormed = wellFormed && p.total == 8 && p.detail.rfind("loss ", 0) == 0;
                if (p.done == 2 && !cancel) feedback.requestStop();
                return !(cancel && p.done == 2);
            });
            r.feedback = &feedback;
            return runTraining(r);
        };
        const TrainResult stopped = trainUntil("feedback-stop", false);
        QVERIFY(stopped.status == TrainResult::Status::Stopped);
        QCOMPARE(stopped.step, int64_t{2});
        QCOMPARE(reported, (std::vector<int64_t>{1, 2}));
        QVERIFY(wellFormed);
        QVERIFY(isomorph::testing::messageOf<isomorph::Cancelled>([&] {
                    trainUntil("feedback-cancel", true);
                }).contains("cancelled"));
        QCOMPARE(reported, (std::vector<int64_t>{1, 2}));
        const isomorph::workspace::RunLayout cancelled{run("feedback-cancel").toStdString()};
        QCOMPARE(cancelled.latestName(), isomorph::workspace::CheckpointLayout::nameOfStep(2));
    }

    void trainStageLabelsItsReportsAndStopsAtItsDeadline() {
        // The recipes' one way to train (core/workflows/train_stage.h): the stage's label in
        // front of every step report, the deadline's steps as "step limit", a typed record;
        // a run that fails before writing anything leaves no folder behind.
        isomorph::workflows::StageRequest request;
        request.label = "stage-a";
        request.config = tinyConfig(8);
        request.runDir = run("stage-a").toStdString();
        std::vector<std::string> lines;
        Feedback parent([&](const isomorph::Progress& p) {
            lines.push_back(p.stage);
            return true;
        });
        const auto record = isomorph::workflows::trainStage(
            request, isomorph::train::Deadline::afterSteps(3), &parent);
        QCOMPARE(record.result.step, int64_t{3});
        QVERIFY(!record.finished());
        QCOMPARE(record.label, std::string("stage-a"));
        QVERIFY(record.seconds > 0);
        QCOMPARE(lines.size(), size_t{3});
        for (const auto& line : lines)
            QVERIFY2(
                line.rfind("stage-a: step ", 0) == 0 && line.find("loss ") != std::string::npos,
                line.c_str());
        QVERIFY(QFileInfo(run("stage-a") + "/status.json").exists());
        QFile status(run("stage-a") + "/status.json");
        QVERIFY(status.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(status.readAll()).object().value("stop_reason").toString(),
                 QString("step limit"));

        // A stage whose training fails before writing to its (empty) folder removes it.
        request.runDir = run("stage-bad").toStdString();
        QVERIFY(QDir().mkpath(run("stage-bad")));
        request.config.schedule.maxSteps = 0;
        const QString message = messageOf<isomorph::ConfigError>(
            [&] { isomorph::workflows::trainStage(request, {}, nullptr); });
        QVERIFY2(message.contains("max_steps"), qPrintable(message));
        QVERIFY(!QFileInfo::exists(run("stage-bad")));
    }

    void aStoppedRunEvaluatesItsLastStateWhenAsked() {
        // A run stopped before max_steps evaluates dev at the stop when evaluateAtStop is set
        // (a recipe stage the next one continues from: its last state competes for the best
        // checkpoint), not when it is not, and never twice for a step evaluated on schedule.
        RunConfig c = tinyConfig(8);
        c.eval.every = 2;
        const auto devSteps = [&](const QString& name) {
            std::vector<int> steps;
            for (const auto& e : records(run(name), "eval"))
                if (e.contains("bitext_acc")) steps.push_back(e.value("step").toInt());
            return steps;
        };
        const auto stopAt = [&](const QString& name, int64_t step, bool evaluateAtStop) {
            TrainRequest r;
            r.config = c;
            r.runDir = run(name).toStdString();
            r.deadline = isomorph::train::Deadline::afterSteps(step);
            r.evaluateAtStop = evaluateAtStop;
            QCOMPARE(runTraining(r).step, step);
        };
        stopAt("stop-plain", 3, false);
        QCOMPARE(devSteps("stop-plain"), (std::vector<int>{0, 2}));
        stopAt("stop-evaluated", 3, true);
        QCOMPARE(devSteps("stop-evaluated"), (std::vector<int>{0, 2, 3}));
        stopAt("stop-on-schedule", 4, true);
        QCOMPARE(devSteps("stop-on-schedule"), (std::vector<int>{0, 2, 4}));
    }

    void aRunThatFailsBeforeItsFirstStepLeavesNothing() {
        RunConfig c = tinyConfig(2);
        c.model.init = dir_.filePath("no-such-model").toStdString();
        QVERIFY(messageOf<CheckpointError>([&] { train(c, "broken"); }).contains("no-such-model"));
        QVERIFY(!QDir(run("broken")).exists());
        // The same run folder, fixed config: starts normally (no "already holds a run").
        c.model.init = "scratch";
        QCOMPARE(train(c, "broken").step, int64_t{2});
        // A folder that existed keeps what it held before.
        QDir().mkpath(run("existing"));
        QFile keep(run("existing") + "/notes.txt");
        QVERIFY(keep.open(QIODevice::WriteOnly));
        keep.close();
        c.model.init = dir_.filePath("no-such-model").toStdString();
        QVERIFY(!messageOf<CheckpointError>([&] { train(c, "existing"); }).isEmpty());
        QCOMPARE(QDir(run("existing")).entryList(QDir::NoDotAndDotDot | QDir::AllEntries),
                 QStringList{"notes.txt"});
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestTrainer)
#include "test_trainer.moc"

// HICTL in the training engine on the tiny corpus (its dev pairs serve as data.pairs): the
// objective's gradients reach exactly the encoder and its projection, it trains through the
// registry with its metrics declared for the Runs view, and a run with hard negatives resumes
// bitwise exactly (p_avg is part of the checkpoint). TLM, HICTL's companion on parallel data,
// masks and predicts tokens of both sides of a concatenated pair.

#include <cmath>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/data/samplers/pair_sampler.h"
#include "core/data/shards/shard_set.h"
#include "core/train/objectives/hictl_objective.h"
#include "core/train/objectives/tlm_objective.h"
#include "core/train/trainer.h"
#include "tests/support/error_message.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_model.h"
#include "tests/support/tiny_run_config.h"
#include "tests/support/tiny_training.h"

using namespace isomorph;
using namespace isomorph::train;
using isomorph::testing::messageOf;

namespace {

QJsonObject schemaOf(const QString& runDir) {
    QFile f(QDir(runDir).filePath("metrics.jsonl"));
    if (!f.open(QIODevice::ReadOnly)) return {};
    while (!f.atEnd()) {
        const QJsonObject o = QJsonDocument::fromJson(f.readLine()).object();
        if (o.value("kind").toString() == "schema") return o;
    }
    return {};
}

}  // namespace

class TestHictlTraining : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    isomorph::testing::TinyTraining tiny_;

    RunConfig hictlConfig(int64_t steps) const {
        RunConfig c = isomorph::testing::quietTinyConfig(tiny_, steps);
        c.objective("mlm").weight = 0;
        c.objective("ccp").weight = 0;
        c.objective("hictl").weight = 1;
        c.data.pairs = tiny_.devPairs.toStdString();
        auto& o = c.objectiveOptions<HictlOptions>("hictl");
        o.batchSize = 8;
        o.projectionSize = 16;
        o.wordWeight = 0;  // the tiny model's 34 positions do not hold two 24-token sides
        return c;
    }
    QString run(const QString& name) const { return dir_.filePath("runs/" + name); }
  private Q_SLOTS:
    void initTestCase() {
        QString error;
        tiny_ = isomorph::testing::makeTinyTraining(dir_.path(), &error);
        QVERIFY2(!tiny_.config.isEmpty(), qPrintable(error));
    }

    void gradientsReachTheEncoderAndTheProjectionOnly() {
        RunConfig c = hictlConfig(1);
        const auto docs = data::shards::ShardSet::open(tiny_.docs.toStdString());
        const auto pairs = data::shards::ShardSet::open(tiny_.devPairs.toStdString());
        torch::manual_seed(3);
        model::EncoderConfig e = isomorph::testing::tinyEncoderConfig(docs.vocabSize());
        model::Encoder encoder(e);
        DataProvider data(c, encoder->config.vocabSize, {&docs, &pairs});
        ObjectiveBuildContext context{c, c.objective("hictl"), encoder, data, 0, 1, torch::kCPU};
        HictlObjective hictl(context);
        StepContext step{encoder, torch::kCPU, 0, 0, 7, nullptr};
        ObjectiveOutput out = hictl.forward(step);
        QVERIFY(std::isfinite(out.loss.item<double>()));
        out.loss.backward();
        // Every encoder tensor but the token-type embeddings (type 0 only, a row) moves...
        for (const auto& p : encoder->named_parameters(true)) {
            QVERIFY2(p.value().grad().defined(), p.key().c_str());
            QVERIFY2(std::isfinite(p.value().grad().abs().sum().item<double>()), p.key().c_str());
        }
        QVERIFY(encoder->named_parameters(true)["encoder.layer.1.output.dense.weight"]
                    .grad()
                    .abs()
                    .sum()
                    .item<double>() > 0);
        // ...and the heads hold the projection f and nothing else.
        const auto heads = hictl.heads().named_parameters(true);
        QCOMPARE(heads.size(), size_t{2});
        QVERIFY(heads["projection.weight"].grad().abs().sum().item<double>() > 0);
        // Without a projection the objective has no parameters of its own.
        c.objectiveOptions<HictlOptions>("hictl").projection = HictlProjection::None;
        ObjectiveBuildContext bare{c, c.objective("hictl"), encoder, data, 0, 1, torch::kCPU};
        QCOMPARE(HictlObjective(bare).heads().parameters().size(), size_t{0});
        // No pair set: a config error naming data.pairs.
        DataProvider noPairs(c, encoder->config.vocabSize, {&docs});
        ObjectiveBuildContext none{c, c.objective("hictl"), encoder, noPairs, 0, 1, torch::kCPU};
        QVERIFY(messageOf<ConfigError>([&] { HictlObjective h(none); }).contains("data.pairs"));
    }

    void tlmMasksBothSidesOfTheConcatenatedPair() {
        const auto docs = data::shards::ShardSet::open(tiny_.docs.toStdString());
        const auto pairs = data::shards::ShardSet::open(tiny_.devPairs.toStdString());
        // The input: "<s> x </s> y </s>", the target's own <s> dropped.
        data::samplers::PairOptions po;
        po.sampling.batchSize = 8;
        po.maxTokens = 16;
        data::samplers::PairSampler sampler(pairs, po);
        const auto batch = sampler.next();
        const auto joined = data::samplers::joinPairs(batch);
        QCOMPARE(joined.size(), size_t{8});
        for (int64_t i = 0; i < 8; ++i) {
            const auto& row = joined[static_cast<size_t>(i)];
            const int64_t xs = batch.sources.lengths[static_cast<size_t>(i)];
            const int64_t ys = batch.targets.lengths[static_cast<size_t>(i)];
            QCOMPARE(static_cast<int64_t>(row.size()), xs + ys - 1);
            QCOMPARE(row[0], batch.sources.at(i, 0));
            QCOMPARE(row[static_cast<size_t>(xs - 1)], batch.sources.at(i, xs - 1));
            QCOMPARE(row[static_cast<size_t>(xs)], batch.targets.at(i, 1));
            QCOMPARE(row.back(), batch.targets.at(i, ys - 1));
        }

        RunConfig c = hictlConfig(1);
        c.objective("hictl").weight = 0;
        c.objective("tlm").weight = 1;
        c.data.maxTokens = 16;
        auto& o = c.objectiveOptions<TlmOptions>("tlm");
        o.batchSize = 8;
        o.maskProb = 0.99;  // nearly every regular token of both sides
        torch::manual_seed(3);
        model::EncoderConfig e = isomorph::testing::tinyEncoderConfig(docs.vocabSize());
        model::Encoder encoder(e);
        DataProvider data(c, e.vocabSize, {&docs, &pairs});
        ObjectiveBuildContext context{c, c.objective("tlm"), encoder, data, 0, 1, torch::kCPU};
        TlmObjective tlm(context);
        StepContext step{encoder, torch::kCPU, 0, 0, 7, nullptr};
        ObjectiveOutput out = tlm.forward(step);
        QCOMPARE(out.samples, int64_t{8});
        // Each row holds 3 special tokens (<s>, </s>, </s>); the rest are words of both sides,
        // selected with probability 0.99 (P(fewer than 90% of >= 8 x 2 words) < 1e-6).
        double masked = -1;
        for (const auto& [key, value] : out.metrics)
            if (key == "masked") masked = value;
        const double words = static_cast<double>(out.tokens - 3 * out.samples);
        QVERIFY2(masked >= 0.9 * words && masked <= words,
                 qPrintable(QString("%1 masked of %2 words").arg(masked).arg(words)));
        const double loss = out.loss.item<double>();
        // Cross-entropy over the vocabulary from a random model: near log V.
        QVERIFY2(std::isfinite(loss) && loss > 0.5 * std::log(double(e.vocabSize)),
                 qPrintable(QString::number(loss)));
        out.loss.backward();
        QVERIFY(tlm.heads().named_parameters(true)["bias"].grad().abs().sum().item<double>() > 0);
        QVERIFY(encoder->named_parameters(true)["encoder.layer.1.output.dense.weight"]
                    .grad()
                    .abs()
                    .sum()
                    .item<double>() > 0);
        // Too few positions for both sides, and no pair set: config errors naming the keys.
        e.maxPositions = 20;
        model::Encoder shortEncoder(e);
        ObjectiveBuildContext tooShort{c, c.objective("tlm"), shortEncoder, data, 0,
                                       1, torch::kCPU};
        QVERIFY(messageOf<ConfigError>([&] {
                    TlmObjective t(tooShort);
                }).contains("model.max_positions"));
        DataProvider noPairs(c, e.vocabSize, {&docs});
        ObjectiveBuildContext none{c, c.objective("tlm"), encoder, noPairs, 0, 1, torch::kCPU};
        QVERIFY(messageOf<ConfigError>([&] { TlmObjective t(none); }).contains("data.pairs"));
    }

    void wordLevelTrainsAndRefusesTooManyNegatives() {
        RunConfig c = hictlConfig(3);
        auto& o = c.objectiveOptions<HictlOptions>("hictl");
        o.wordWeight = 1;
        // Two 24-token sides need 49 positions; the tiny model has 34.
        QStringList problems;
        for (const auto& p : c.problems())
            problems << QString::fromStdString(p);
        QVERIFY2(problems.join('\n').contains("model.max_positions"),
                 qPrintable(problems.join('\n')));
        c.data.maxTokens = 16;
        // The tiny vocabulary (80 ids) cannot offer 512 negatives: a config error, no run left.
        TrainRequest r;
        r.config = c;
        r.runDir = run("word-too-many").toStdString();
        QVERIFY(messageOf<ConfigError>([&] { runTraining(r); }).contains("word_negatives"));
        QVERIFY(!QFileInfo::exists(run("word-too-many") + "/config.toml"));
        o.wordNegatives = 8;
        r.config = c;
        r.runDir = run("word").toStdString();
        QCOMPARE(runTraining(r).step, int64_t{3});
        QFile f(QDir(run("word")).filePath("metrics.jsonl"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        int steps = 0;
        while (!f.atEnd()) {
            const QJsonObject m = QJsonDocument::fromJson(f.readLine()).object();
            if (m.value("kind").toString() != "train") continue;
            ++steps;
            const double word = m.value("hictl/word_loss").toDouble(-1);
            const double sentence = m.value("hictl/sentence_loss").toDouble(-1);
            QVERIFY2(word > 0 && sentence > 0 && std::isfinite(word),
                     qPrintable(QString::number(word)));
            // loss/hictl = L_S + word_weight L_W (one process).
            // float32 losses of order 1-10 summed once: 1e-5 is far above the rounding.
            ISOMORPH_COMPARE_NEAR(m.value("loss/hictl").toDouble(), sentence + word, 1e-5);
        }
        QCOMPARE(steps, 3);
        QStringList keys;
        for (const auto& k : schemaOf(run("word")).value("metrics").toArray())
            keys << k.toObject().value("key").toString();
        QVERIFY2(keys.contains("hictl/word_loss") && keys.contains("hictl/word_acc"),
                 qPrintable(keys.join(',')));
    }

    void hardNegativeRunsResumeExactlyAndDeclareTheirMetrics() {
        RunConfig c = hictlConfig(8);
        c.runtime.precision = Precision::Fp64;
        c.checkpoint.every = 4;
        {
            TrainRequest r;
            r.config = c;
            r.runDir = run("straight").toStdString();
            runTraining(r);
        }
        TrainRequest r;
        r.config = c;
        r.runDir = run("paused").toStdString();
        r.deadline = isomorph::train::Deadline::afterSteps(4);
        runTraining(r);
        r.resume = true;
        r.deadline = {};
        runTraining(r);
        QCOMPARE(isomorph::testing::trainLosses(run("straight")).size(), size_t{8});
        const QString difference =
            isomorph::testing::firstLossDifference(run("straight"), run("paused"));
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        // p_avg was in play after the resume (else the check above proves little).
        QFile f(QDir(run("paused")).filePath("metrics.jsonl"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        double lastPAvg = 0, lastLambda = 1;
        while (!f.atEnd()) {
            const QJsonObject o = QJsonDocument::fromJson(f.readLine()).object();
            if (o.value("kind").toString() != "train") continue;
            lastPAvg = o.value("hictl/p_avg").toDouble();
            lastLambda = o.value("hictl/lambda").toDouble();
        }
        QVERIFY2(lastPAvg > 0 && lastLambda < 1,
                 qPrintable(QString("p_avg %1, lambda %2").arg(lastPAvg).arg(lastLambda)));
        QStringList keys;
        for (const auto& m : schemaOf(run("straight")).value("metrics").toArray())
            keys << m.toObject().value("key").toString();
        QVERIFY2(keys.contains("loss/hictl") && keys.contains("hictl/p_avg") &&
                     !keys.contains("loss/ccp"),
                 qPrintable(keys.join(',')));
        // L_S has its own chart also with the word level off (then it is the whole loss).
        QVERIFY2(keys.contains("hictl/sentence_loss"), qPrintable(keys.join(',')));
        // ...and no word-level charts that could never fill.
        QVERIFY2(!keys.contains("hictl/word_loss") && !keys.contains("hictl/word_acc"),
                 qPrintable(keys.join(',')));
        QFile straight(QDir(run("straight")).filePath("metrics.jsonl"));
        QVERIFY(straight.open(QIODevice::ReadOnly));
        int records = 0;
        while (!straight.atEnd()) {
            const QJsonObject o = QJsonDocument::fromJson(straight.readLine()).object();
            if (o.value("kind").toString() != "train") continue;
            ++records;
            QVERIFY(o.contains("hictl/sentence_loss") && !o.contains("hictl/word_loss"));
            // One process, word level off: the same double.
            QCOMPARE(o.value("hictl/sentence_loss").toDouble(), o.value("loss/hictl").toDouble());
        }
        QCOMPARE(records, 8);
        QVERIFY(isomorph::testing::readAll(run("straight") +
                                           "/checkpoints/step-00000008/trainer_state.json")
                    .contains("p_history"));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestHictlTraining)
#include "test_hictl_training.moc"

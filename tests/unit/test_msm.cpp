// The masked sentence model (MSM): the hierarchical contrastive loss against hand-computed values
// (with and without the dynamic bias, cross-document only), the bias's missing gradient, the
// document encoder masking each sentence in turn, gradients reaching exactly the intended
// parameters on real document blocks, and the paper's ablation switches training end to end.

#include <cmath>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/data/shards/shard_set.h"
#include "core/train/objectives/msm_objective.h"
#include "core/train/trainer.h"
#include "tests/support/error_message.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_model.h"
#include "tests/support/tiny_run_config.h"
#include "tests/support/tiny_training.h"

using namespace isomorph;
using isomorph::testing::tinyEncoderConfig;
using namespace isomorph::train;

namespace {

const auto kF64 = torch::TensorOptions().dtype(torch::kFloat64);
const auto kLong = torch::TensorOptions().dtype(torch::kLong);

/// Three masked sentences: anchors 0 and 1 in block 0, anchor 2 in block 1; each one's positive
/// is the h row of the same index. Unit-length h rows, so cosines are exact decimals:
///   p0.h = (1, 0.6, 0), p1.h = (0, 0.8, 1), p2.h = (1, 1.4, 1) / sqrt(2).
struct Case {
    torch::Tensor p = torch::tensor({1.0, 0.0, 0.0, 1.0, 1.0, 1.0}, kF64).view({3, 2});
    torch::Tensor h = torch::tensor({1.0, 0.0, 0.6, 0.8, 0.0, 1.0}, kF64).view({3, 2});
    torch::Tensor target = torch::tensor({0, 1, 2}, kLong);
    torch::Tensor blocks = torch::tensor({0, 0, 1}, kLong);
};

}  // namespace

class TestMsm : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    isomorph::testing::TinyTraining tiny_;

    RunConfig msmConfig(int64_t steps) const {
        RunConfig c = isomorph::testing::quietTinyConfig(tiny_, steps);
        c.objective("ccp").weight = 0;
        c.objective("mlm").weight = 1;
        c.objective("msm").weight = 1;
        auto& o = c.objectiveOptions<MsmOptions>("msm");
        o.batchSize = 3;
        o.maxSentences = 4;
        o.projectionSize = 8;
        return c;
    }

  private Q_SLOTS:
    void initTestCase() {
        QString error;
        tiny_ = isomorph::testing::makeTinyTraining(dir_.path(), &error);
        QVERIFY2(!tiny_.config.isEmpty(), qPrintable(error));
    }

    void lossMatchesHandComputedValues() {
        // Worked by hand (see Case): with tau = 1, anchor 0 has intra sim 0.6 and cross sim 0, so
        // alpha = 0.6 and its intra logit is 0.6 - 0.5 * 0.6 = 0.3:
        //   l0 = -log(e^1 / (e^1 + e^0.3 + e^0)); anchor 1: alpha = 0 - 1 = -1, intra logit 0.5,
        //   l1 = -log(e^0.8 / (e^0.8 + e^0.5 + e^1)); anchor 2 has no intra negative (alpha 0):
        //   l2 = -log(e^a / (2 e^a + e^b)), a = 1/sqrt(2), b = 1.4/sqrt(2). Mean 0.97031773...
        // With tau = 0.5 every similarity doubles, alpha included (it is in logit units).
        // Tolerance: float64 rounding of a handful of exp/log terms, far below 1e-12.
        Case k;
        MsmLossOptions o;
        o.mu = 0.5;
        const std::vector<std::tuple<double, bool, bool, double>> rows = {
            {1.0, true, true, 0.9703177331021693},  {0.5, true, true, 0.9200474784100021},
            {1.0, false, true, 0.9654863905765873}, {0.5, false, true, 0.9252963550769865},
            {1.0, true, false, 0.7711468088847978}, {0.5, true, false, 0.7881787286348434}};
        for (const auto& [tau, bias, intra, expected] : rows) {
            o.temperature = tau;
            o.bias = bias;
            o.intraNegatives = intra;
            MsmLossStats stats;
            const double loss =
                msmLoss(k.p, k.h, k.target, k.blocks, k.blocks, {}, o, &stats).item<double>();
            ISOMORPH_COMPARE_NEAR(loss, expected, 1e-12);
            // Negatives per anchor: 2, 2, 2 with intra-document ones; 1, 1, 2 without.
            ISOMORPH_COMPARE_NEAR(stats.negatives, intra ? 2.0 : 4.0 / 3.0, 1e-12);
            // Mean alpha: (0.6 - 1 + 0) / 3 per unit of 1 / tau.
            ISOMORPH_COMPARE_NEAR(stats.alpha, bias && intra ? -0.4 / 3 / tau : 0.0, 1e-12);
        }
    }

    void biasCarriesNoGradient() {
        // eq. 2's alpha is a value (.detach()): the gradient equals that of the same loss with
        // alpha written in as constants, and differs from one where alpha keeps its gradient.
        Case k;
        MsmLossOptions o;
        auto p = k.p.clone().requires_grad_(true);
        msmLoss(p, k.h, k.target, k.blocks, k.blocks, {}, o).backward();
        const auto grad = p.grad().clone();

        auto reference = [&](bool alphaGrad) {
            auto q = k.p.clone().requires_grad_(true);
            auto sim = torch::matmul(torch::nn::functional::normalize(
                                         q, torch::nn::functional::NormalizeFuncOptions().dim(1)),
                                     k.h.t()) /
                       o.temperature;
            // Anchor 0: intra {1}, cross {2}; anchor 1: intra {0}, cross {2}; anchor 2: cross {0,
            // 1}.
            auto a0 = sim[0][1] - sim[0][2], a1 = sim[1][0] - sim[1][2];
            if (!alphaGrad) {
                a0 = a0.detach();
                a1 = a1.detach();
            }
            auto l0 = -torch::log_softmax(
                torch::stack({sim[0][0], sim[0][1] - o.mu * a0, sim[0][2]}), 0)[0];
            auto l1 = -torch::log_softmax(
                torch::stack({sim[1][1], sim[1][0] - o.mu * a1, sim[1][2]}), 0)[0];
            auto l2 = -torch::log_softmax(torch::stack({sim[2][2], sim[2][0], sim[2][1]}), 0)[0];
            ((l0 + l1 + l2) / 3).backward();
            return q.grad().clone();
        };
        const auto detached = reference(false), attached = reference(true);
        // Same float64 operations up to their order: 1e-12 is ~1e4 ulps of values near 1.
        ISOMORPH_COMPARE_NEAR((grad - detached).abs().max().item<double>(), 0.0, 1e-12);
        QVERIFY2(
            (grad - attached).abs().max().item<double>() > 1e-3,
            "the reference with a differentiable alpha must differ, or the test proves nothing");
    }

    void sampledCrossNegativesRestrictTheDenominator() {
        // crossKeep drops cross-document rows from an anchor's denominator (and from alpha).
        Case k;
        MsmLossOptions o;
        o.temperature = 1;
        auto keep = torch::ones({3, 3}, torch::kBool);
        keep[2][1] = false;  // anchor 2 keeps only h0 as a cross-document negative
        MsmLossStats stats;
        const double loss =
            msmLoss(k.p, k.h, k.target, k.blocks, k.blocks, keep, o, &stats).item<double>();
        const double l0 = -std::log(std::exp(1) / (std::exp(1) + std::exp(0.3) + std::exp(0)));
        const double l1 = -std::log(std::exp(0.8) / (std::exp(0.8) + std::exp(0.5) + std::exp(1)));
        const double l2 = std::log(2.0);  // e^a / (e^a + e^a)
        ISOMORPH_COMPARE_NEAR(loss, (l0 + l1 + l2) / 3, 1e-12);
        ISOMORPH_COMPARE_NEAR(stats.negatives, 5.0 / 3.0, 1e-12);
    }

    void documentEncoderMasksEachSentenceInTurn() {
        // p[b, t] is computed with sentence t replaced by [mask]: it does not depend on h[b, t],
        // it does on every other real sentence of its block, never on padding sentences or other
        // blocks, and equals one forward pass over the block masked by hand.
        torch::manual_seed(3);
        auto config = tinyEncoderConfig(30);
        DocumentEncoder doc(config, 2, 6);
        doc->eval();  // no dropout
        doc->to(torch::kFloat64);
        auto h = torch::randn({2, 5, 16}, kF64).requires_grad_(true);
        auto keep =
            torch::tensor({1, 1, 1, 1, 0, 1, 1, 1, 0, 0}, kLong).view({2, 5}).to(torch::kBool);
        auto p = doc->forward(h, keep);
        QCOMPARE(p.sizes(), h.sizes());
        // A random direction: the plain sum of a LayerNorm output has no gradient at all.
        const auto w = torch::randn({16}, kF64);
        for (int64_t t = 0; t < 3; ++t) {
            auto g = torch::autograd::grad({(p[1][t] * w).sum()}, {h}, {}, true)[0];
            for (int64_t j = 0; j < 5; ++j) {
                const double norm = g[1][j].abs().sum().item<double>();
                const bool shouldDepend = j != t && j < 3;
                QVERIFY2(shouldDepend ? norm > 0 : norm == 0,
                         qPrintable(
                             QString("p[1][%1] vs h[1][%2]: gradient %3").arg(t).arg(j).arg(norm)));
            }
            QCOMPARE(g[0].abs().sum().item<double>(), 0.0);
        }
        // By hand: block 0 with sentence 2 masked, padding sentence 4 dropped from attention.
        torch::NoGradGuard noGrad;
        auto x = h[0].clone();
        x[2] = doc->mask_vector;
        x = doc->LayerNorm(x + doc->position_embeddings(torch::arange(5, kLong)));
        model::AttentionMasks masks;
        masks.keep = keep[0].unsqueeze(0);
        masks.additive = model::additiveAttentionMask(masks.keep, torch::kFloat64);
        auto manual = doc->encoder(x.unsqueeze(0), masks)[0][2];
        // Same float64 operations on the same values (batched vs single row): exact up to the
        // order of a few sums.
        ISOMORPH_COMPARE_NEAR((manual - p[0][2]).abs().max().item<double>(), 0.0, 1e-12);
    }

    void gradientsReachExactlyTheIntendedParameters() {
        // One MSM batch of real document blocks: the loss reaches the sentence encoder, the
        // document encoder (its [mask] vector and sentence positions included) and both
        // projections; the English-only modules exist only when asked for and then train too.
        const auto docs = data::shards::ShardSet::open(tiny_.docs.toStdString());
        for (const char* sharing : {"all", "separate_english_and_head"}) {
            RunConfig c = msmConfig(1);
            applyOverride(c, std::string("objectives.msm.document_sharing=") + sharing);
            applyOverride(c, "data.batch_mode=mixed");
            c.objectiveOptions<MsmOptions>("msm").batchSize = 8;  // English and German blocks
            torch::manual_seed(5);
            model::Encoder encoder(tinyEncoderConfig(docs.vocabSize()));
            DataProvider data(c, encoder->config.vocabSize, {&docs});
            ObjectiveBuildContext context{c, c.objective("msm"), encoder, data, 0, 1, torch::kCPU};
            MsmObjective msm(context);
            QVERIFY(msm.initNote().find("document blocks") != std::string::npos);
            StepContext sc{encoder, torch::kCPU, 0, 0, 1, nullptr};
            ObjectiveOutput out = msm.forward(sc);
            QVERIFY(std::isfinite(out.loss.item<double>()));
            out.loss.backward();
            QStringList missing;
            int heads = 0;
            for (const auto& p : msm.heads().named_parameters(true)) {
                ++heads;
                if (!p.value().grad().defined() || p.value().grad().abs().sum().item<double>() == 0)
                    missing << QString::fromStdString(p.key());
            }
            // The English modules get gradient only when the batch has English and other blocks.
            QVERIFY2(missing.isEmpty(),
                     qPrintable(QString(sharing) + ": no gradient: " + missing.join(", ")));
            const bool separate = std::string(sharing) != "all";
            bool hasEnglish = false;
            for (const auto& p : msm.heads().named_parameters(true))
                hasEnglish = hasEnglish || p.key().find("_en.") != std::string::npos;
            QCOMPARE(hasEnglish, separate);
            QVERIFY(heads > 0);
            for (const char* name : {"encoder.layer.0.attention.self.query.weight",
                                     "embeddings.word_embeddings.weight"}) {
                auto g = encoder->named_parameters(true)[name].grad();
                QVERIFY2(g.defined() && g.abs().sum().item<double>() > 0, name);
            }
        }
    }

    void oneSentenceBlocksAreSkippedAndCounted() {
        // The tiny corpus has 80 documents of 6 sentences: blocks of at most 5 leave a lone
        // last sentence in each, which MSM cannot predict from anything; they are counted.
        const auto docs = data::shards::ShardSet::open(tiny_.docs.toStdString());
        RunConfig c = msmConfig(1);
        c.objectiveOptions<MsmOptions>("msm").maxSentences = 5;
        model::Encoder encoder(tinyEncoderConfig(docs.vocabSize()));
        DataProvider data(c, encoder->config.vocabSize, {&docs});
        ObjectiveBuildContext context{c, c.objective("msm"), encoder, data, 0, 1, torch::kCPU};
        MsmObjective msm(context);
        const QString note = QString::fromStdString(msm.initNote());
        QVERIFY2(note.contains("80 document blocks") &&
                     note.contains("80 blocks of one sentence skipped"),
                 qPrintable(note));
    }

    void everyAblationTrains() {
        // The paper's switches (Tables 4-7): cross-document only, no bias, mu, sampled negatives,
        // document-encoder depth, projector, separate English document encoder. Each trains three
        // steps of MLM + MSM with finite losses and logs MSM's metrics.
        const std::vector<std::vector<std::string>> grid = {
            {},
            {"objectives.msm.negatives=cross_doc"},
            {"objectives.msm.bias=false"},
            {"objectives.msm.mu=0.3"},
            {"objectives.msm.cross_negatives=2"},
            {"objectives.msm.document_layers=1"},
            {"objectives.msm.projector=shared"},
            {"objectives.msm.projector=none"},
            {"objectives.msm.document_sharing=separate_english"},
        };
        int n = 0;
        for (const auto& overrides : grid) {
            RunConfig c = msmConfig(3);
            c.objective("mlm").weight = 0.2;
            QString name = "msm";
            for (const auto& o : overrides) {
                applyOverride(c, o);
                name += "-" + QString::fromStdString(o.substr(o.find('.', 11) + 1));
            }
            name.replace('=', '_');
            TrainRequest r;
            r.config = c;
            r.runDir = dir_.filePath("runs/" + name).toStdString();
            try {
                runTraining(r);
            } catch (const std::exception& e) {
                QFAIL(qPrintable(name + ": " + e.what()));
            }
            QFile f(dir_.filePath("runs/" + name + "/metrics.jsonl"));
            QVERIFY(f.open(QIODevice::ReadOnly));
            int msmSteps = 0;
            for (const QByteArray& line : f.readAll().split('\n')) {
                const QJsonObject o = QJsonDocument::fromJson(line).object();
                if (o.value("kind").toString() != "train" || !o.contains("loss/msm")) continue;
                QVERIFY2(std::isfinite(o.value("loss/msm").toDouble()), qPrintable(name));
                QVERIFY2(o.contains("msm/acc") && o.contains("msm/alpha"), qPrintable(name));
                ++msmSteps;
            }
            QVERIFY2(msmSteps >= 1, qPrintable(name + ": no step trained MSM"));
            ++n;
        }
        QCOMPARE(n, static_cast<int>(grid.size()));
    }

    void badSettingsAreRefusedByName() {
        RunConfig c = msmConfig(1);
        applyOverride(c, "objectives.msm.max_sentences=1");
        applyOverride(c, "objectives.msm.temperature=0");
        const auto problems = c.problems();
        QString all;
        for (const auto& p : problems)
            all += QString::fromStdString(p) + "\n";
        QVERIFY2(all.contains("objectives.msm.max_sentences") &&
                     all.contains("objectives.msm.temperature"),
                 qPrintable(all));
        const QString unknown = isomorph::testing::messageOf<ConfigError>(
            [&] { applyOverride(c, "objectives.msm.projector=deep"); });
        QVERIFY2(unknown.contains("asymmetric") && unknown.contains("shared"), qPrintable(unknown));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestMsm)
#include "test_msm.moc"

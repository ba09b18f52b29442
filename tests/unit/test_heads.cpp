// Heads: MLM decoder tied to the embeddings, projection head batch-norm modes, scoring head shapes.

#include <torch/torch.h>

#include <QtTest>

#include "core/model/heads.h"
#include "tests/support/test_main.h"

using namespace isomorph::model;

namespace {
EncoderConfig tiny() {
    EncoderConfig c;
    c.vocabSize = 50;
    c.hiddenSize = 16;
    c.numLayers = 1;
    c.numHeads = 2;
    c.intermediateSize = 32;
    c.maxPositions = 20;
    return c;
}
}  // namespace

class TestHeads : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void mlmHeadIsTiedToEmbeddings() {
        Encoder enc(tiny());
        MlmHead head(enc);
        auto logits = head(torch::randn({2, 5, 16}));
        QCOMPARE(logits.sizes().vec(), (std::vector<int64_t>{2, 5, 50}));
        // The head registers no decoder weight of its own: a change to the embedding matrix shows
        // up in the logits, and the gradient lands on the embedding matrix.
        for (const auto& p : head->named_parameters(/*recurse=*/false))
            QVERIFY(p.key() != "decoder.weight");
        auto x = torch::randn({3, 16});
        auto loss = head(x).sum();
        loss.backward();
        QVERIFY(enc->embeddings->word_embeddings->weight.grad().defined());
        QVERIFY(enc->embeddings->word_embeddings->weight.grad().abs().sum().item<float>() > 0);
    }

    void projectionBatchNormModes() {
        ProjectionOptions o;
        o.inputSize = 16;
        o.hiddenSize = 8;
        o.outputSize = 4;
        ProjectionHead head(o);
        auto x = torch::randn({32, 16}) * 3 + 1;
        auto before = head->bn->running_mean.clone();
        auto train = head(x, /*batchStatistics=*/true);
        QCOMPARE(train.sizes().vec(), (std::vector<int64_t>{32, 4}));
        QVERIFY(!torch::equal(before, head->bn->running_mean));  // running stats updated
        auto after = head->bn->running_mean.clone();
        auto evalOut = head(x, /*batchStatistics=*/false);
        QVERIFY(torch::equal(after, head->bn->running_mean));  // eval mode leaves them alone
        QVERIFY(!torch::allclose(train, evalOut));             // and normalises differently
        // Batch statistics make each sample depend on the others; running statistics do not.
        auto single = head(x.narrow(0, 0, 1), false);
        QVERIFY(torch::allclose(single, evalOut.narrow(0, 0, 1), 1e-5, 1e-6));
        ProjectionOptions mlp = o;
        mlp.norm = ProjectionOptions::Norm::None;
        ProjectionHead plain(mlp);
        QVERIFY(!plain->bn);
        QCOMPARE(plain(x, true).sizes().vec(), (std::vector<int64_t>{32, 4}));
    }

    void asymmetricBatchNormGradientUsesTheStatisticsOfItsForwardPass() {
        // CCP's step: the eval-mode branch runs first, the train-mode branch then updates the
        // running statistics in place. The eval branch's gradient must still be that of the
        // function it computed, i.e. with the statistics as they were. Float64 reference with the
        // statistics frozen as constants.
        torch::manual_seed(7);
        ProjectionOptions o;
        o.inputSize = 6;
        o.hiddenSize = 5;
        o.outputSize = 3;
        ProjectionHead head(o);
        head->to(torch::kFloat64);
        {
            torch::NoGradGuard g;  // statistics far from the batch's, so an update matters
            head->bn->running_mean.copy_(torch::randn({5}, torch::kFloat64));
            head->bn->running_var.copy_(torch::rand({5}, torch::kFloat64) + 0.5);
        }
        const auto mean0 = head->bn->running_mean.clone(), var0 = head->bn->running_var.clone();
        auto x1 = (torch::randn({8, 6}, torch::kFloat64) * 2 + 1).requires_grad_(true);
        auto x2 = (torch::randn({8, 6}, torch::kFloat64) * 3 - 1).requires_grad_(true);
        const auto w1 = torch::randn({8, 3}, torch::kFloat64);
        const auto w2 = torch::randn({8, 3}, torch::kFloat64);

        auto z1 = head(x1, /*batchStatistics=*/false);
        auto z2 = head(x2, /*batchStatistics=*/true);
        QVERIFY(!torch::equal(mean0, head->bn->running_mean));  // the update happened
        ((z1 * w1).sum() + (z2 * w2).sum()).backward();

        // Reference: the same parameters, eval branch written out with mean0/var0.
        auto r1 = x1.detach().clone().requires_grad_(true);
        auto fc1w = head->fc1->weight.detach().clone().requires_grad_(true);
        auto gamma = head->bn->weight.detach().clone().requires_grad_(true);
        auto beta = head->bn->bias.detach().clone().requires_grad_(true);
        auto h = torch::matmul(r1, fc1w.t());
        h = (h - mean0) / torch::sqrt(var0 + o.bnEps) * gamma + beta;
        auto ref1 = torch::matmul(torch::relu(h), head->fc2->weight.detach().t()) +
                    head->fc2->bias.detach();
        (ref1 * w1).sum().backward();

        QVERIFY(torch::allclose(z1.detach(), ref1.detach(), 0, 1e-12));
        const double err = (x1.grad() - r1.grad()).abs().max().item<double>() /
                           r1.grad().abs().max().item<double>();
        QVERIFY2(err < 1e-12, qPrintable(QString("relative input-gradient error %1").arg(err)));
    }

    void scoringHeadGivesOneScorePerPair() {
        ScoringHead head(16, 0.0);
        auto s = head(torch::randn({5, 7, 16}));
        QCOMPARE(s.sizes().vec(), (std::vector<int64_t>{5}));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestHeads)
#include "test_heads.moc"

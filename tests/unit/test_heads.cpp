// Heads: MLM decoder tied to the embeddings, projection head batch-norm modes, scoring head shapes.

#include <torch/torch.h>

#include <QtTest>

#include "core/model/heads.h"

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

    void scoringHeadGivesOneScorePerPair() {
        ScoringHead head(16, 0.0);
        auto s = head(torch::randn({5, 7, 16}));
        QCOMPARE(s.sizes().vec(), (std::vector<int64_t>{5}));
    }
};

QTEST_GUILESS_MAIN(TestHeads)
#include "test_heads.moc"

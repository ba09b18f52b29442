// Global + sliding-window attention equals full attention under the equivalent mask, with
// padding, several global tokens and windows smaller and larger than the blocks; gradients too.

#include <torch/torch.h>

#include <QtTest>

#include "core/common/errors.h"
#include "core/model/transformer.h"
#include "core/model/windowed_attention.h"
#include "tests/support/test_main.h"

using namespace isomorph::model;

namespace {

torch::Tensor fullAttention(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v,
                            const torch::Tensor& mask) {
    auto scores = torch::matmul(q, k.transpose(-1, -2)) / std::sqrt(double(q.size(3))) + mask;
    return torch::matmul(torch::softmax(scores, -1), v);
}

}  // namespace

class TestWindowedAttention : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void matchesFullAttentionWithEquivalentMask_data() {
        QTest::addColumn<int>("seq");
        QTest::addColumn<int>("radius");
        QTest::addColumn<int>("block");
        QTest::newRow("small window, small blocks") << 37 << 2 << 5;
        QTest::newRow("window wider than block") << 64 << 9 << 4;
        QTest::newRow("window covers all") << 20 << 40 << 8;
        QTest::newRow("one block") << 16 << 3 << 64;
    }
    void matchesFullAttentionWithEquivalentMask() {
        QFETCH(int, seq);
        QFETCH(int, radius);
        QFETCH(int, block);
        torch::manual_seed(seq * 31 + radius);
        const int64_t b = 3, h = 2, d = 8;
        auto q = torch::randn({b, h, seq, d}, torch::kFloat64);
        auto k = torch::randn({b, h, seq, d}, torch::kFloat64);
        auto v = torch::randn({b, h, seq, d}, torch::kFloat64);
        auto keep = torch::ones({b, seq}, torch::kBool);
        keep[1].narrow(0, seq - 5, 5).fill_(false);  // padding at the end of row 1
        auto global = torch::zeros({b, seq}, torch::kBool);
        global[0][0] = true;        // [CLS]
        global[0][seq / 2] = true;  // a query token
        global[1][1] = true;
        global[1][3] = true;
        global[1][seq - 1] = true;  // a global padding token: never seen, sees all
        // row 2: no global tokens at all
        auto ours = globalSlidingWindowAttention(q, k, v, keep, global, radius, block);
        auto mask = globalSlidingWindowMask(keep, global, radius, torch::kFloat64);
        auto ref = fullAttention(q, k, v, mask);
        auto rows = keep.unsqueeze(1).unsqueeze(-1).expand_as(ours);  // compare non-padding queries
        const double diff = (ours - ref).abs().masked_select(rows).max().item<double>();
        QVERIFY2(diff < 1e-10, qPrintable(QString::number(diff)));
    }

    void gradientsMatchToo() {
        torch::manual_seed(7);
        auto q = torch::randn({2, 2, 24, 4}, torch::requires_grad());
        auto k = torch::randn({2, 2, 24, 4}, torch::requires_grad());
        auto v = torch::randn({2, 2, 24, 4}, torch::requires_grad());
        auto keep = torch::ones({2, 24}, torch::kBool);
        auto global = torch::zeros({2, 24}, torch::kBool);
        global[0][0] = true;
        auto w = torch::randn({2, 2, 24, 4});
        (globalSlidingWindowAttention(q, k, v, keep, global, 3, 5) * w).sum().backward();
        auto gq = q.grad().clone(), gk = k.grad().clone(), gv = v.grad().clone();
        q.grad().zero_();
        k.grad().zero_();
        v.grad().zero_();
        (fullAttention(q, k, v, globalSlidingWindowMask(keep, global, 3, torch::kFloat32)) * w)
            .sum()
            .backward();
        QVERIFY(torch::allclose(gq, q.grad(), 1e-4, 1e-5));
        QVERIFY(torch::allclose(gk, k.grad(), 1e-4, 1e-5));
        QVERIFY(torch::allclose(gv, v.grad(), 1e-4, 1e-5));
    }

    void encoderWithWideWindowEqualsFullEncoder() {
        EncoderConfig c;
        c.vocabSize = 40;
        c.hiddenSize = 16;
        c.numLayers = 2;
        c.numHeads = 2;
        c.intermediateSize = 32;
        c.maxPositions = 30;
        torch::manual_seed(3);
        Encoder full(c);
        EncoderConfig windowed = c;
        windowed.attentionRadius = 64;  // wider than any input: same result as full attention
        Encoder gsw(windowed);
        torch::NoGradGuard noGrad;
        auto src = full->named_parameters(true);
        for (auto& p : gsw->named_parameters(true))
            p.value().copy_(src[p.key()]);
        full->eval();
        gsw->eval();
        auto ids = torch::randint(4, 40, {2, 12}, torch::kLong);
        ids[1].narrow(0, 8, 4).fill_(c.padId);
        auto a = full->forward(ids).lastHidden, b = gsw->forward(ids).lastHidden;
        QVERIFY(torch::allclose(a.narrow(1, 0, 8), b.narrow(1, 0, 8), 1e-5, 1e-5));
        // A narrow window changes the result (and still runs).
        windowed.attentionRadius = 1;
        Encoder narrow(windowed);
        for (auto& p : narrow->named_parameters(true))
            p.value().copy_(src[p.key()]);
        narrow->eval();
        QVERIFY(!torch::allclose(a, narrow->forward(ids).lastHidden, 1e-3, 1e-3));
    }

    void positionsExtendByCopying() {
        EncoderConfig c;
        c.vocabSize = 40;
        c.hiddenSize = 8;
        c.numLayers = 1;
        c.numHeads = 2;
        c.intermediateSize = 16;
        c.maxPositions = 10;  // XLM-R: 8 tokens + padding offset 2
        Encoder e(c);
        auto before = e->embeddings->position_embeddings->weight.clone();
        extendPositions(e, 16);
        auto after = e->embeddings->position_embeddings->weight;
        QCOMPARE(after.size(0), int64_t(18));
        QCOMPARE(e->config.maxTokens(), int64_t(16));
        QVERIFY(torch::equal(after.narrow(0, 0, 10), before));
        QVERIFY(torch::equal(after.narrow(0, 10, 8), before.narrow(0, 2, 8)));
        auto ids = torch::randint(4, 40, {1, 16}, torch::kLong);
        QCOMPARE(e->forward(ids).lastHidden.size(1), int64_t(16));
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError, extendPositions(e, 16));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestWindowedAttention)
#include "test_windowed_attention.moc"

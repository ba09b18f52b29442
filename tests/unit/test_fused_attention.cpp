// runtime.attention "fused" (scaled_dot_product_attention; fused kernels on LibTorch 2.x, its
// composite on 1.13) equals the explicit scores-softmax-product path, in float64 with padding:
// the encoder's output at every non-padding token and the gradients of every parameter.

#include <torch/torch.h>

#include <QtTest>

#include "core/model/transformer.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_model.h"

using isomorph::model::Encoder;
using isomorph::model::EncoderConfig;
using isomorph::model::setFusedAttention;

namespace {

struct Pass {
    torch::Tensor hidden;
    std::vector<torch::Tensor> grads;
};

/// Forward and backward of a weighted sum of the non-padding outputs.
Pass run(Encoder& encoder, const torch::Tensor& ids, const torch::Tensor& keep,
         const torch::Tensor& weights) {
    encoder->zero_grad();
    torch::Tensor hidden = encoder->forward(ids, keep).lastHidden;
    (hidden * weights * keep.unsqueeze(-1)).sum().backward();
    Pass p{hidden.detach().clone(), {}};
    for (const auto& param : encoder->parameters())
        p.grads.push_back(param.grad().defined() ? param.grad().clone() : torch::Tensor());
    return p;
}

}  // namespace

class TestFusedAttention : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void fusedEqualsExplicitInFloat64WithPadding() {
        torch::manual_seed(7);
        EncoderConfig c = isomorph::testing::tinyEncoderConfig(50);
        c.hiddenDropout = c.attentionDropout = 0;  // dropout masks differ by construction
        Encoder encoder(c);
        encoder->to(torch::kFloat64);
        encoder->train();
        const int64_t b = 3, t = 11;
        torch::Tensor ids = torch::randint(2, 50, {b, t}, torch::kLong);
        torch::Tensor keep = torch::ones({b, t}, torch::kLong);
        keep[1].narrow(0, 6, 5).fill_(0);  // row 1: 5 padding tokens
        keep[2].narrow(0, 10, 1).fill_(0);
        ids.masked_fill_(keep == 0, c.padId);
        const torch::Tensor weights = torch::randn({b, t, c.hiddenSize}, torch::kFloat64);

        setFusedAttention(encoder, false);
        const Pass ref = run(encoder, ids, keep, weights);
        setFusedAttention(encoder, true);
        const Pass fused = run(encoder, ids, keep, weights);

        // Both compute softmax(q k^T / sqrt(d) + mask) v with d = 8 in float64; they differ only
        // in where the scale is applied and the kernels' summation order, a few units of 1e-16
        // relative per operation through two layers: 1e-10 leaves six orders of margin and
        // still catches a wrong scale, a mask that is ignored or misplaced (padding rows
        // included), or a dropout applied in eval.
        const torch::Tensor rows = keep.unsqueeze(-1).to(torch::kBool).expand_as(ref.hidden);
        const double diff =
            (fused.hidden - ref.hidden).abs().masked_select(rows).max().item<double>();
        const double scale = ref.hidden.abs().max().item<double>();
        qInfo("largest output difference %.3g (of %.3g)", diff, scale);
        QVERIFY2(diff <= 1e-10 * scale, qPrintable(QString::number(diff)));
        // Gradients against the largest gradient of all: some are zero in exact arithmetic
        // (the key bias: softmax ignores a score shift shared by a row) and only rounding
        // noise, so a per-parameter relative difference would compare noise with noise.
        double largest = 0;
        for (const auto& g : ref.grads)
            if (g.defined()) largest = std::max(largest, g.abs().max().item<double>());
        double worst = 0;
        for (size_t i = 0; i < ref.grads.size(); ++i) {
            if (!ref.grads[i].defined()) continue;
            QVERIFY(fused.grads[i].defined());
            worst = std::max(worst,
                             (fused.grads[i] - ref.grads[i]).abs().max().item<double>() / largest);
        }
        qInfo("largest gradient difference %.3g of the largest gradient (%.3g)", worst, largest);
        QVERIFY2(worst <= 1e-9, qPrintable(QString::number(worst)));
    }

    void dropoutGoesThroughTheFusedCall() {
        // In training mode with attention dropout the fused call drops probabilities (outputs
        // change with the seed); in eval it does not.
        EncoderConfig c = isomorph::testing::tinyEncoderConfig(50);
        c.hiddenDropout = 0;
        c.attentionDropout = 0.5;
        torch::manual_seed(3);
        Encoder encoder(c);
        encoder->to(torch::kFloat64);
        setFusedAttention(encoder, true);
        torch::Tensor ids = torch::randint(2, 50, {2, 9}, torch::kLong);
        encoder->eval();
        torch::NoGradGuard noGrad;
        const torch::Tensor a = encoder->forward(ids).lastHidden;
        const torch::Tensor b = encoder->forward(ids).lastHidden;
        QVERIFY(torch::equal(a, b));
        encoder->train();
        torch::manual_seed(1);
        const torch::Tensor x = encoder->forward(ids).lastHidden;
        torch::manual_seed(2);
        const torch::Tensor y = encoder->forward(ids).lastHidden;
        QVERIFY(!torch::allclose(x, y));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestFusedAttention)
#include "test_fused_attention.moc"

// Losses and optimizer against hand-computed values: the CCP loss of Algorithm 1 (in-batch and
// memory bank negatives, language masks, temperature, L2 normalisation), AdamW's update, the
// FIFO memory bank.

#include <cmath>

#include <QtTest>

#include "core/common/errors.h"
#include "core/train/adamw.h"
#include "core/train/objectives/ccp_objective.h"
#include "core/train/objectives/memory_bank.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"

using namespace isomorph::train;

namespace {
// Two windows in 2-D: centers c0 = (1,0), c1 = (0,1) and their targets t0 = c0, t1 = c1.
torch::Tensor twoWindows(double scale = 1.0) {
    return torch::tensor({{1.0, 0.0}, {0.0, 1.0}, {1.0, 0.0}, {0.0, 1.0}}) * scale;
}
}  // namespace

class TestTrainObjectives : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    // Losses here are float32 values of order 1 computed in a handful of operations: each rounds
    // by at most 6e-8 relative, so 1e-6 holds on any CPU and still catches a wrong formula.
    void ccpLossInBatch() {
        // Row c0: positive t0 (cos 1), negatives c1, t1 (cos 0):
        //   -log(e / (e + 2)) = log(1 + 2/e); every row alike.
        double acc = 0;
        auto loss = ccpLoss(twoWindows(), {}, {}, 1.0, true, &acc);
        ISOMORPH_COMPARE_NEAR(loss.item<double>(), 0.5514447139320511, 1e-6);
        QCOMPARE(acc, 1.0);
        // tau = 0.5: log(1 + 2 e^-2).
        loss = ccpLoss(twoWindows(), {}, {}, 0.5, true);
        ISOMORPH_COMPARE_NEAR(loss.item<double>(), 0.23954476622188453, 1e-6);
        // L2 normalisation makes the scale irrelevant; without it dot products grow:
        // c0 . t0 = 4 -> log(1 + 2 e^-4).
        ISOMORPH_COMPARE_NEAR(ccpLoss(twoWindows(2.0), {}, {}, 1.0, true).item<double>(),
                              0.5514447139320511, 1e-6);
        ISOMORPH_COMPARE_NEAR(ccpLoss(twoWindows(2.0), {}, {}, 1.0, false).item<double>(),
                              0.03597629974819324, 1e-6);
    }

    void ccpLossWithMemoryBankAndLanguageMask() {
        // Bank entry b = (-1, 0): cos -1 with c0/t0 rows, 0 with c1/t1 rows.
        //   c0, t0: log(1 + 2/e + 1/e^2) = 2 log(1 + 1/e);  c1, t1: log(1 + 3/e).
        auto bank = torch::tensor({{-1.0, 0.0}});
        auto loss = ccpLoss(twoWindows(), bank, {}, 1.0, true);
        ISOMORPH_COMPARE_NEAR(loss.item<double>(), 0.6850958778325624, 1e-6);
        // Language-specific bank: the entry belongs to the language of rows 0 and 2 only.
        auto mask = torch::tensor({{true}, {false}, {true}, {false}});
        loss = ccpLoss(twoWindows(), bank, mask, 1.0, true);
        ISOMORPH_COMPARE_NEAR(loss.item<double>(), 0.5889840444842485, 1e-6);
    }

    void ccpLossGradientFlowsToAllRows() {
        auto z = torch::randn({6, 4}, torch::requires_grad());
        ccpLoss(z, torch::randn({5, 4}), {}, 0.1, true).backward();
        QVERIFY(z.grad().abs().sum(1).min().item<double>() > 0);
    }

    void adamwMatchesTheHandComputedUpdate() {
        // p = [1, -2], g = [0.5, 0.1], lr 0.1, wd 0.01, betas (0.9, 0.999), eps 1e-8.
        // Decay: p *= 0.999; m = 0.1 g, v = 0.001 g^2; after bias correction m_hat/sqrt(v_hat) =
        // sign(g) -> p -= 0.1 -> [0.899, -2.098]. The bias "x.bias" is not decayed: 0.5 - 0.1.
        auto w = torch::tensor({1.0, -2.0}, torch::requires_grad());
        auto b = torch::tensor({0.5}, torch::requires_grad());
        OptimizerSection o;
        o.weightDecay = 0.01;
        o.beta1 = 0.9;
        o.beta2 = 0.999;
        o.eps = 1e-8;
        AdamW opt({{"x.weight", w}, {"x.bias", b}}, o);
        w.mutable_grad() = torch::tensor({0.5, 0.1});
        b.mutable_grad() = torch::tensor({2.0});
        const auto version = w._version();
        opt.step(0.1);
        // An update is a modification: caches keyed on the version (the attention's fused QKV
        // weights) must see it, whichever path updated the tensor.
        QVERIFY(w._version() > version);
        QVERIFY(torch::allclose(w, torch::tensor({0.899, -2.098}), 1e-6, 1e-6));
        QVERIFY(torch::allclose(b, torch::tensor({0.4}), 1e-6, 1e-6));
        QCOMPARE(opt.steps(), int64_t{1});
        // Clipping: global norm of [3, 4] is 5, clipped to 1.
        w.mutable_grad() = torch::tensor({3.0, 0.0});
        b.mutable_grad() = torch::tensor({4.0});
        ISOMORPH_COMPARE_NEAR(opt.clipGradNorm(1.0), 5.0, 1e-9);
        ISOMORPH_COMPARE_NEAR(w.grad()[0].item<double>(), 0.6, 1e-5);
        // A parameter without a gradient is left alone (set-to-none semantics).
        opt.zeroGrad();
        const auto before = w.detach().clone();
        opt.step(0.1);
        QVERIFY(torch::equal(before, w.detach()));
    }

    void adamwStateRoundTrips() {
        auto w = torch::randn({3, 2}, torch::requires_grad());
        OptimizerSection o;
        AdamW a({{"w", w}}, o);
        w.mutable_grad() = torch::randn({3, 2});
        a.step(0.01);
        AdamW b({{"w", w}}, o);
        b.loadState(a.state(), "test");
        QCOMPARE(b.steps(), int64_t{1});
        QVERIFY(torch::equal(b.state().at("exp_avg.w"), a.state().at("exp_avg.w")));
        auto bad = a.state();
        bad.erase("exp_avg_sq.w");
        try {
            b.loadState(bad, "ckpt");
            QFAIL("missing state accepted");
        } catch (const isomorph::CheckpointError& e) {
            QVERIFY(QString(e.what()).contains("exp_avg_sq.w"));
        }
    }

    void ccpLossCountsOnlyUsableNegatives() {
        // 4 rows: each has 2 in-batch negatives (4 - itself - its positive); the one bank entry
        // is usable by rows 0 and 2 only: 2 + 2/4 per anchor on average.
        auto bank = torch::tensor({{-1.0, 0.0}});
        double negatives = 0;
        ccpLoss(twoWindows(), bank, torch::tensor({{true}, {false}, {true}, {false}}), 1.0, true,
                nullptr, &negatives);
        QCOMPARE(negatives, 2.5);
        ccpLoss(twoWindows(), bank, {}, 1.0, true, nullptr, &negatives);
        QCOMPARE(negatives, 3.0);
        ccpLoss(twoWindows(), {}, {}, 1.0, true, nullptr, &negatives);
        QCOMPARE(negatives, 2.0);
    }

    void bankEntriesSurviveAPushBeforeBackward() {
        // Without L2 normalisation the loss's backward reads the bank entries; Algorithm 1
        // pushes the batch into the bank before the update, so the entries it returned must not
        // be overwritten by that push.
        MemoryBank bank(1, 4, 2, torch::kCPU);
        bank.push(torch::tensor({{0.5, -1.0}, {2.0, 0.25}, {-1.0, 1.0}, {0.0, 3.0}}),
                  {0, 0, 0, 0});  // full: the next push overwrites in place
        auto z = twoWindows().requires_grad_(true);
        auto loss = ccpLoss(z, bank.entries(0), {}, 0.5, false);
        auto zRef = twoWindows().requires_grad_(true);
        ccpLoss(zRef, bank.entries(0).clone(), {}, 0.5, false).backward();
        bank.push(z.detach() * 7, {0, 0, 0, 0});
        loss.backward();  // threw "modified by an inplace operation" before
        QVERIFY(torch::allclose(z.grad(), zRef.grad(), 0, 1e-7));
    }

    void memoryBankIsAFifoPerLanguage() {
        MemoryBank bank(2, 3, 1, torch::kCPU);
        bank.push(torch::tensor({{1.0}, {2.0}, {10.0}}), {0, 0, 1});
        bank.push(torch::tensor({{3.0}, {4.0}}), {0, 0});
        QCOMPARE(bank.count(0), int64_t{3});
        QCOMPARE(bank.count(1), int64_t{1});
        // Oldest (1) was evicted; oldest first.
        QVERIFY(torch::equal(bank.entries(0).flatten(), torch::tensor({2.0f, 3.0f, 4.0f})));
        QVERIFY(torch::equal(bank.entries(1).flatten(), torch::tensor({10.0f})));
        isomorph::model::TensorMap saved;
        bank.save(saved, "bank");
        MemoryBank restored(2, 3, 1, torch::kCPU);
        restored.load(saved, "bank", "test");
        QVERIFY(torch::equal(restored.entries(0), bank.entries(0)));
        MemoryBank other(2, 4, 1, torch::kCPU);
        QVERIFY_THROWS_EXCEPTION(isomorph::CheckpointError, other.load(saved, "bank", "ckpt"));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestTrainObjectives)
#include "test_train_objectives.moc"

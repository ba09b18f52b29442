// HICTL's sentence-level contrastive loss (eq. 2-4) and hard negatives (eq. 5-6) against
// tests/reference/hictl_reference.py (an independent loop-by-loop implementation that builds
// the interpolated negatives literally), the interpolation's boundaries, skipped pairs, the
// running mean p_avg, and the objective's registry entry (config fields, validation, metrics).

#include <cmath>

#include <QtTest>

#include "core/common/errors.h"
#include "core/train/objectives/hictl_objective.h"
#include "core/train/presets.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"

using namespace isomorph::train;

namespace {

torch::Tensor t64(std::vector<std::vector<double>> rows) {
    std::vector<torch::Tensor> r;
    for (const auto& row : rows)
        r.push_back(torch::tensor(row, torch::kFloat64));
    return torch::stack(r);
}

// The reference script's two pairs in 2-D.
torch::Tensor zx2() {
    return t64({{1.0, 0.0}, {-1.0, 0.2}});
}
torch::Tensor zy2() {
    return t64({{1.0, 0.5}, {-1.0, -0.5}});
}

// float64 throughout: a handful of operations on values of order 1 round by ~1e-16 each, so
// 1e-12 is far above rounding and far below any formula difference.
constexpr double kTol = 1e-12;

void compareTensor(const torch::Tensor& actual, const std::vector<std::vector<double>>& expected) {
    for (size_t i = 0; i < expected.size(); ++i)
        for (size_t j = 0; j < expected[i].size(); ++j)
            ISOMORPH_COMPARE_NEAR(
                actual[static_cast<int64_t>(i)][static_cast<int64_t>(j)].item<double>(),
                expected[i][j], kTol);
}

struct Graded {
    double loss;
    torch::Tensor gx, gy;
    HictlLossStats stats;
};

Graded run(torch::Tensor zx, torch::Tensor zy, double tau, double exponent,
           const torch::Tensor& valid = {}) {
    zx = zx.clone().requires_grad_(true);
    zy = zy.clone().requires_grad_(true);
    Graded g;
    auto loss = hictlSentenceLoss(zx, zy, tau, exponent, valid, &g.stats);
    loss.backward();
    g.loss = loss.item<double>();
    g.gx = zx.grad();
    g.gy = zy.grad();
    return g;
}

}  // namespace

class TestHictl : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void sentenceLossMatchesTheReference() {
        // tau = 1 by hand for query x0 = (1, 0): positive y0 at cos 2/sqrt5, negatives x1 at
        // cos -1/sqrt(1.04) and y1 at -2/sqrt5; the reference sums the four queries likewise.
        Graded g = run(zx2(), zy2(), 1.0, 0.0);
        ISOMORPH_COMPARE_NEAR(g.loss, 0.2973723814446116, kTol);
        compareTensor(g.gx,
                      {{0.0, -0.07299616016750102}, {0.026557043850215074, 0.13278521925107523}});
        compareTensor(g.gy, {{-0.03983360046908467, 0.0796672009381693},
                             {0.04460351480636307, -0.08920702961272611}});
        QCOMPARE(g.stats.accuracy, 1.0);
        QCOMPARE(g.stats.negatives, 2.0);  // 2n - 2 for n = 2
        QCOMPARE(g.stats.validPairs, int64_t{2});
        g = run(zx2(), zy2(), 0.5, 0.0);
        ISOMORPH_COMPARE_NEAR(g.loss, 0.05883187741849516, kTol);
        compareTensor(g.gx,
                      {{0.0, -0.03136941256696971}, {0.012609357811348098, 0.06304678905674041}});
    }

    void hardNegativesMatchTheReference() {
        // exponent = zeta p_avg = 0.9 x 0.6; lambda carries no gradient (the reference computes
        // it from floats), so the gradients match only if the engine detaches it too.
        Graded g = run(zx2(), zy2(), 0.5, 0.9 * 0.6);
        ISOMORPH_COMPARE_NEAR(g.loss, 0.4950219385691198, kTol);
        compareTensor(g.gx, {{0.44954655350182726, -0.4768972075287811},
                             {0.4648998569559003, -0.029002771043630415}});
        compareTensor(g.gy, {{-0.10223656979262383, 0.26663732515749017},
                             {0.09719010722766919, -0.174523744208694}});
        QVERIFY(g.stats.meanLambda < 1);
    }

    void interpolationBoundaries() {
        // Four points on the unit circle: x0 at 0 deg pairs y0 at 90, x1 at 270 pairs y1 at 180.
        // Each query has one negative at the positive's distance sqrt2 (d- = d+: unchanged) and
        // one at distance 2 (d- > d+: lambda = (sqrt2 / 2)^e).
        auto zx = t64({{1, 0}, {0, -1}});
        auto zy = t64({{0, 1}, {-1, 0}});
        for (double e : {1.0, 0.45}) {
            Graded g = run(zx, zy, 1.0, e);
            QCOMPARE(g.stats.hardShare, 0.5);
            ISOMORPH_COMPARE_NEAR(g.stats.meanLambda, std::pow(std::sqrt(2.0) / 2.0, e), kTol);
            // By hand: the negative opposite the query (k = -q) moves to q + lambda (k - q) =
            // (1 - 2 lambda) q, whose cosine with q is -1 while lambda > 0.5 (0.71 and 0.86 here).
            // Logits per query: positive 0, equal-distance negative 0, interpolated -1.
            ISOMORPH_COMPARE_NEAR(g.loss, std::log(2.0 + std::exp(-1.0)), kTol);
        }
        // All negatives nearer than the positive (the positive is antipodal): nothing changes
        // whatever the exponent.
        auto far = t64({{1, 0}, {0, 1}});
        auto farY = t64({{-1, 0}, {0, -1}});
        const double plain = run(far, farY, 0.5, 0.0).loss;
        Graded g = run(far, farY, 0.5, 5.0);
        QCOMPARE(g.loss, plain);
        QCOMPARE(g.stats.hardShare, 0.0);
        QCOMPARE(g.stats.meanLambda, 1.0);
        // Exponent 0 (hard negatives off, or p_avg = 0 before the first batch): lambda = 1.
        g = run(zx2(), zy2(), 0.5, 0.0);
        QCOMPARE(g.stats.meanLambda, 1.0);
        ISOMORPH_COMPARE_NEAR(g.loss, 0.05883187741849516, kTol);
    }

    void skippedPairsTakeNoPartAndGetNoGradient() {
        auto zx = t64({{1.0, 0.0}, {0.3, 0.3}, {-1.0, 0.2}});
        auto zy = t64({{1.0, 0.5}, {0.1, -0.4}, {-1.0, -0.5}});
        auto valid = torch::tensor({true, false, true});
        Graded g = run(zx, zy, 0.5, 0.45, valid);
        ISOMORPH_COMPARE_NEAR(g.loss, 0.16616859911026233, kTol);
        compareTensor(g.gx, {{0.08484694857813851, -0.1291413565372398},
                             {0.0, 0.0},
                             {0.22008561177303382, 0.22126399176844014}});
        compareTensor(g.gy, {{0.014663473352353441, 0.20904170082273918},
                             {0.0, 0.0},
                             {0.09964376974350236, -0.14289062164197314}});
        QCOMPARE(g.stats.validPairs, int64_t{2});
        QCOMPARE(g.stats.negatives, 2.0);
        // Nothing valid: a zero loss, finite, no NaN.
        g = run(zx, zy, 0.5, 0.45, torch::tensor({false, false, false}));
        QCOMPARE(g.loss, 0.0);
        QCOMPARE(g.gx.abs().sum().item<double>(), 0.0);
    }

    void wordLossMatchesHandValues() {
        // Query (1, 0); embeddings e0 = (2, 1), e1 = (0, 1), e2 = (-1, 0.5), e3 = (1, 1), e4
        // unused (none parallel to the query, where a cosine's gradient vanishes). Pair 0: bag
        // {e0, e3}, negatives {e1, e2}; pair 1 has an empty bag: skipped.
        auto q = t64({{1, 0}, {0, 1}}).requires_grad_(true);
        auto emb = t64({{2, 1}, {0, 1}, {-1, 0.5}, {1, 1}, {0.3, -2}}).requires_grad_(true);
        auto positives = torch::tensor({{0, 3}, {0, 0}}, torch::kInt64);
        auto mask = torch::tensor({{true, true}, {false, false}});
        auto negatives = torch::tensor({{1, 2}, {1, 2}}, torch::kInt64);
        // cos with the query: e0 2/sqrt5, e3 1/sqrt2, e1 0, e2 -1/sqrt1.25.
        const double c0 = 2 / std::sqrt(5.0), c3 = 1 / std::sqrt(2.0), c2 = -1 / std::sqrt(1.25);
        auto entry = [](double pos, double n1, double n2, double tau) {
            return std::log(std::exp(pos / tau) + std::exp(n1 / tau) + std::exp(n2 / tau)) -
                   pos / tau;
        };
        double acc = 0;
        auto loss = hictlWordLoss(q, emb, positives, mask, negatives, 1.0, &acc);
        ISOMORPH_COMPARE_NEAR(loss.item<double>(),
                              0.5 * (entry(c0, 0, c2, 1.0) + entry(c3, 0, c2, 1.0)), kTol);
        QCOMPARE(acc, 1.0);
        ISOMORPH_COMPARE_NEAR(hictlWordLoss(q, emb, positives, mask, negatives, 0.5).item<double>(),
                              0.5 * (entry(c0, 0, c2, 0.5) + entry(c3, 0, c2, 0.5)), kTol);
        // The gradient reaches the query of the pair that counts and exactly the embedding rows
        // it used (shared with the encoder): not the skipped pair's query, not e4.
        loss.backward();
        QVERIFY(q.grad()[0].abs().sum().item<double>() > 0);
        QCOMPARE(q.grad()[1].abs().sum().item<double>(), 0.0);
        for (int64_t row : {0, 1, 2, 3})
            QVERIFY2(emb.grad()[row].abs().sum().item<double>() > 0,
                     qPrintable(QString::number(row)));
        QCOMPARE(emb.grad()[4].abs().sum().item<double>(), 0.0);
        // No bag at all: zero, finite.
        auto none =
            hictlWordLoss(q, emb, positives, torch::zeros({2, 2}, torch::kBool), negatives, 1.0);
        QCOMPARE(none.item<double>(), 0.0);
    }

    void wordNegativesFollowTheNormalisedSimilarity() {
        // Query (1, 0); six words at angles 0, 45, 90, 135, 180 deg and one excluded at 10 deg.
        auto q = t64({{1, 0}});
        std::vector<std::vector<double>> rows;
        for (double deg : {0.0, 45.0, 90.0, 135.0, 180.0, 10.0})
            rows.push_back({std::cos(deg * M_PI / 180), std::sin(deg * M_PI / 180)});
        auto emb = t64(rows);
        auto excluded = torch::tensor({{false, false, false, false, false, true}});
        const double tau = 0.5;
        std::vector<double> p(5);
        double z = 0;
        for (int k = 0; k < 5; ++k)
            z += p[static_cast<size_t>(k)] = std::exp(rows[static_cast<size_t>(k)][0] / tau);
        const int draws = 4000;
        std::vector<int> counts(6, 0);
        for (int s = 0; s < draws; ++s)
            ++counts[static_cast<size_t>(
                sampleWordNegatives(q, emb, excluded, 1, tau, {static_cast<uint64_t>(s)})
                    .item<int64_t>())];
        QCOMPARE(counts[5], 0);  // excluded (the bag, special ids) is never drawn
        // Frequencies against softmax(cos / tau): 4 standard deviations of a binomial share
        // (at most 0.5 / sqrt(4000) = 0.0079): a wrong temperature or an unnormalised cosine
        // is far outside, a fair draw inside but for 1 in 15,000.
        for (size_t k = 0; k < 5; ++k) {
            const double share = p[k] / z;
            ISOMORPH_COMPARE_NEAR(counts[k] / double(draws), share,
                                  4 * std::sqrt(share * (1 - share) / draws));
        }
        // m > 1: without replacement, distinct, never excluded; the same seed draws the same ids.
        auto three = sampleWordNegatives(q, emb, excluded, 5, tau, {9});
        auto sorted = std::get<0>(three.sort(1));
        QVERIFY(torch::equal(sorted, torch::arange(5, torch::kInt64).unsqueeze(0)));
        QVERIFY(torch::equal(three, sampleWordNegatives(q, emb, excluded, 5, tau, {9})));
        // A row's draw depends on its own seed only, not on the rows beside it.
        auto two = sampleWordNegatives(torch::cat({q, q}), emb, torch::cat({excluded, excluded}), 5,
                                       tau, {4, 9});
        QVERIFY(torch::equal(two[1], three[0]));
    }

    void runningMeanKeepsTheLastBatchesAndRoundTrips() {
        RunningMean m(3);
        QCOMPARE(m.mean(), 0.0);
        for (double v : {0.1, 0.2, 0.3, 0.4, 0.7})
            m.push(v);
        ISOMORPH_COMPARE_NEAR(m.mean(), (0.3 + 0.4 + 0.7) / 3, 1e-15);
        RunningMean back(3);
        back.fromJson(nlohmann::json::parse(m.toJson().dump()));
        QCOMPARE(back.mean(), m.mean());  // bitwise: resume continues the same lambdas
    }

    void registryEntryDescribesTheObjective() {
        const ObjectiveSpec* spec = findObjectiveSpec("hictl");
        QVERIFY(spec && spec->factory);
        RunConfig c;
        QCOMPARE(c.objective("hictl").weight, 0.0);  // off unless a preset enables it
        applyOverride(c, "objectives.hictl.weight=1");
        applyOverride(c, "objectives.hictl.zeta=0.5");
        applyOverride(c, "objectives.hictl.projection=none");
        QCOMPARE(c.objectiveOptions<HictlOptions>("hictl").zeta, 0.5);
        QVERIFY(c.objectiveOptions<HictlOptions>("hictl").projection == HictlProjection::None);
        c.data.docs = "docs";
        c.model.tokenizer = "t.model";
        auto problems = [&] {
            QStringList out;
            for (const auto& p : c.problems())
                out << QString::fromStdString(p);
            return out.join('\n');
        };
        QVERIFY2(problems().contains("data.pairs"), qPrintable(problems()));
        c.data.pairs = "pairs";
        QVERIFY2(problems().isEmpty(), qPrintable(problems()));
        applyOverride(c, "objectives.hictl.zeta=0");
        applyOverride(c, "objectives.hictl.batch_size=1");
        QVERIFY2(problems().contains("objectives.hictl.zeta") &&
                     problems().contains("objectives.hictl.batch_size"),
                 qPrintable(problems()));
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError,
                                 applyOverride(c, "objectives.hictl.projection=mlp"));
        QStringList keys;
        for (const auto& m : spec->metrics)
            keys << QString::fromStdString(m.key);
        for (const char* k : {"loss/hictl", "hictl/acc", "hictl/p_avg", "hictl/skipped"})
            QVERIFY2(keys.contains(k), k);
        QVERIFY(QString::fromStdString(runConfigToToml(c)).contains("[objectives.hictl]"));
    }

    void presetsCarryThePapersAndTheDemosSettings() {
        // Table 9 (BASE): lr 2.5e-4, 10k warm-up, 1,024 sequences per step, 200k steps, m = 512,
        // zeta 0.9; eq. 2 and 7 without a temperature.
        RunConfig paper = parseRunConfig(builtinPreset("hictl-xlmr-base").toml, "hictl-xlmr-base");
        const auto& o = paper.objectiveOptions<HictlOptions>("hictl");
        QCOMPARE(paper.optimizer.lr, 2.5e-4);
        QCOMPARE(paper.schedule.warmupSteps, int64_t{10000});
        QCOMPARE(paper.schedule.maxSteps, int64_t{200000});
        QCOMPARE(o.batchSize * paper.optimizer.accumulation, int64_t{1024});
        QCOMPARE(o.wordNegatives, int64_t{512});
        QCOMPARE(o.zeta, 0.9);
        QCOMPARE(o.temperature, 1.0);
        QVERIFY(o.hardNegatives);
        RunConfig demo = parseRunConfig(builtinPreset("hictl-demo").toml, "hictl-demo");
        QCOMPARE(demo.enabledObjectives(), (std::vector<std::string>{"mlm", "hictl"}));
        QVERIFY(!demo.data.pairs.empty());
        QVERIFY(demo.problems().empty());
        // The demo recipe: hictl-demo first, every stage a built-in preset, shares summing to 1;
        // each stage's config is valid with its overrides and with those it adds from the base.
        QCOMPARE(QString::fromStdString(demoRecipe().front().preset), QString("hictl-demo"));
        double shares = 0;
        for (const auto& stage : demoRecipe()) {
            RunConfig staged = parseRunConfig(builtinPreset(stage.preset).toml, stage.preset);
            for (const auto& v : stage.overrides)
                applyOverride(staged, v);
            QVERIFY2(staged.problems().empty(), stage.preset.c_str());
            for (const auto& v : stage.fromBase)
                applyOverride(staged, v);
            QVERIFY2(staged.problems().empty(), stage.preset.c_str());
            QVERIFY(!staged.enabledObjectives().empty());
            shares += stage.share;
        }
        ISOMORPH_COMPARE_NEAR(shares, 1.0, 1e-12);
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestHictl)
#include "test_hictl.moc"

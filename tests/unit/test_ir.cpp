// The retrieval objective's losses (Hu et al. 2023) against tests/reference/ir_reference.py (an
// independent loop-by-loop implementation of eq. 1-3) and a value worked out by hand; duplicate
// positives left out of the negatives; a batch without parallel pairs; the registry entry
// (fields, validation, metrics for the Runs view).

#include <cmath>
#include <tuple>

#include <QtTest>

#include "core/common/errors.h"
#include "core/train/objectives/hictl_objective.h"
#include "core/train/objectives/ir_hard_negatives.h"
#include "core/train/objectives/ir_objective.h"
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

// float64 throughout: a few dozen operations on values of order 1 (1/tau = 10 at most) round by
// ~1e-16 each, so 1e-12 is far above rounding and far below any formula difference.
constexpr double kTol = 1e-12;

void compareTensor(const torch::Tensor& actual, const std::vector<std::vector<double>>& expected) {
    QCOMPARE(actual.size(0), static_cast<int64_t>(expected.size()));
    for (size_t i = 0; i < expected.size(); ++i)
        for (size_t j = 0; j < expected[i].size(); ++j)
            ISOMORPH_COMPARE_NEAR(
                actual[static_cast<int64_t>(i)][static_cast<int64_t>(j)].item<double>(),
                expected[i][j], kTol);
}

// The reference script's fixtures.
torch::Tensor queries() {
    return t64({{1.0, 0.0}, {0.0, 1.0}, {1.0, 1.0}});
}
torch::Tensor passages() {
    return t64({{0.8, 0.2}, {-0.1, 1.0}, {0.5, -0.4}});
}
torch::Tensor zx() {
    return t64({{1.0, 0.0}, {-1.0, 0.2}});
}
torch::Tensor zy() {
    return t64({{1.0, 0.5}, {-1.0, -0.5}});
}
torch::Tensor zq() {
    return t64({{0.3, 0.9}, {0.7, -0.2}});
}

}  // namespace

class TestIr : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void retrievalLossMatchesTheReference() {
        for (double tau : {1.0, 0.1}) {
            auto q = queries().requires_grad_(true), p = passages().requires_grad_(true);
            IrLossStats stats;
            auto loss = irLoss(q, p, tau, {}, {}, &stats);
            loss.backward();
            if (tau == 1.0) {
                ISOMORPH_COMPARE_NEAR(loss.item<double>(), 0.9518187432667512, kTol);
                compareTensor(q.grad(), {{0.0, -0.07055815549818695},
                                         {0.13545393490429705, 2.7755575615628914e-17},
                                         {-0.1387446510436971, 0.13874465104369713}});
                compareTensor(p.grad(), {{-0.06186591755145447, 0.24746367020581786},
                                         {0.12855221378140536, 0.012855221378140588},
                                         {-0.14827667847866927, -0.1853458480983366}});
            } else {
                ISOMORPH_COMPARE_NEAR(loss.item<double>(), 2.5709805718466288, kTol);
                compareTensor(p.grad(), {{-0.48740290361971306, 1.9496116144788538},
                                         {0.2449599392266101, 0.024495993922660966},
                                         {-2.9644902662392894, -3.7056128327991114}});
            }
            QCOMPARE(stats.negatives, 2.0);
        }
        // Query 2 = (1, 1) ranks passage 0 (cos 0.857) above its own (cos 0.110): 2 of 3 right.
        IrLossStats stats;
        irLoss(queries(), passages(), 1.0, {}, {}, &stats);
        ISOMORPH_COMPARE_NEAR(stats.accuracy, 2.0 / 3.0, kTol);
    }

    void duplicatePositivesAreNoNegatives() {
        // Passages 0 and 2 are the same text (one passage answering two queries): each query's
        // softmax leaves the other copy out, so query 0 sees only passage 1 as a negative:
        // loss_0 = -log e^{s00} / (e^{s00} + e^{s01}), by hand from the cosines.
        auto q = queries(), p = passages();
        auto keys = torch::tensor(std::vector<int64_t>{5, 6, 5});
        IrLossStats stats;
        const double masked = irLoss(q, p, 1.0, {}, keys, &stats).item<double>();
        auto cos = [](torch::Tensor a, torch::Tensor b) {
            return (torch::dot(a, b) / (a.norm() * b.norm())).item<double>();
        };
        double expected = 0;
        const std::vector<std::vector<int>> negativesOf = {{1}, {0, 2}, {1}};
        for (int i = 0; i < 3; ++i) {
            double den = std::exp(cos(q[i], p[i]));
            for (int j : negativesOf[static_cast<size_t>(i)])
                den += std::exp(cos(q[i], p[j]));
            expected += -(cos(q[i], p[i]) - std::log(den)) / 3.0;
        }
        ISOMORPH_COMPARE_NEAR(masked, expected, kTol);
        ISOMORPH_COMPARE_NEAR(stats.negatives, 4.0 / 3.0, kTol);
        // The same through query keys (one query with two positives).
        ISOMORPH_COMPARE_NEAR(irLoss(q, p, 1.0, keys, {}).item<double>(), expected, kTol);
        // Distinct keys change nothing: eq. 1 exactly.
        auto distinct = torch::tensor(std::vector<int64_t>{1, 2, 3});
        ISOMORPH_COMPARE_NEAR(irLoss(q, p, 1.0, distinct, distinct).item<double>(),
                              0.9518187432667512, kTol);
    }

    void hardNegativesAreFurtherColumns() {
        // Hard negatives h_j (one per query, mined or placeholder) join every query's softmax:
        // row i's denominator is e^{s_ii} + sum_{j != i} e^{s_ij} + sum_{valid j} e^{c_ij},
        // without a hard negative that has the text of row i's positive (key 5 = passage 0's).
        auto q = queries(), p = passages();
        auto h = t64({{0.9, 0.1}, {0.3, 0.3}, {-1.0, 0.2}});
        auto passageKeys = torch::tensor(std::vector<int64_t>{5, 6, 7});
        IrHardNegatives hard{h, torch::tensor(std::vector<int64_t>{8, 9, 5}),
                             torch::tensor(std::vector<int64_t>{1, 0, 1})};
        IrLossStats stats;
        const double loss = irLoss(q, p, 1.0, {}, passageKeys, &stats, &hard).item<double>();
        auto cos = [](torch::Tensor a, torch::Tensor b) {
            return (torch::dot(a, b) / (a.norm() * b.norm())).item<double>();
        };
        // Valid hard columns per row: h0 for every row, h2 (key 5) only off row 0; h1 none.
        const std::vector<std::vector<int>> hardOf = {{0}, {0, 2}, {0, 2}};
        double expected = 0;
        for (int i = 0; i < 3; ++i) {
            double den = 0;
            for (int j = 0; j < 3; ++j)
                den += std::exp(cos(q[i], p[j]));
            for (int j : hardOf[static_cast<size_t>(i)])
                den += std::exp(cos(q[i], h[j]));
            expected += -(cos(q[i], p[i]) - std::log(den)) / 3.0;
        }
        ISOMORPH_COMPARE_NEAR(loss, expected, kTol);
        ISOMORPH_COMPARE_NEAR(stats.negatives, (3.0 * 2 + 5.0) / 3.0, kTol);
        // No hard negative valid: eq. 1 exactly.
        IrHardNegatives none{h, hard.keys, torch::zeros({3}, torch::kInt64)};
        ISOMORPH_COMPARE_NEAR(irLoss(q, p, 1.0, {}, {}, nullptr, &none).item<double>(),
                              0.9518187432667512, kTol);
    }

    void minedNegativeIsNeverAPositive() {
        // d1 is q1's positive, d2 a copy of its text under another id, d3 not in the corpus,
        // d4 judged not relevant (grade 0: a fine negative).
        const std::unordered_map<std::string, std::string> corpus = {
            {"d1", "remove empty directories"},
            {"d2", "remove empty directories"},
            {"d4", "remove files or directories"},
            {"d5", "list directory contents"}};
        isomorph::data::Qrels qrels = {{"q1", {{"d1", 1}, {"d4", 0}}}, {"q2", {{"d5", 1}}}};
        isomorph::search::Run run = {{"q1", {{"d1", 9}, {"d2", 8}, {"d3", 7}, {"d4", 6}}},
                                     {"q2", {{"d5", 3}}}};
        auto mined = pickHardNegatives(run, corpus, qrels);
        QCOMPARE(mined.size(), size_t{1});  // q2's ranking holds only its positive
        QCOMPARE(mined.at("q1"), std::string("d4"));
        // Mined with BM25 from the corpus itself: the best non-relevant passage, and for every
        // query of the list never a positive or a copy of one.
        const std::vector<isomorph::data::Query> qs = {{"q1", "remove empty directories", 1},
                                                       {"q2", "list directory", 2}};
        const auto bm25 = bm25Rankings(corpus, qs);
        QVERIFY(!bm25.at("q1").empty());
        const std::string top = bm25.at("q1").front().docId;
        QVERIFY2(top == "d1" || top == "d2", top.c_str());  // all three words
        mined = pickHardNegatives(bm25, corpus, qrels);
        QCOMPARE(mined.at("q1"), std::string("d4"));  // d1 and d2 outrank it
        for (const auto& [query, negative] : mined) {
            QVERIFY(!qrels.at(query).count(negative) || qrels.at(query).at(negative) <= 0);
            for (const auto& [doc, grade] : qrels.at(query))
                if (grade > 0) QVERIFY(corpus.at(doc) != corpus.at(negative));
        }
        // The option's forms, and a clear message for anything else.
        QVERIFY(HardNegativeSource::parse("none").kind == HardNegativeSource::Kind::None);
        QVERIFY(HardNegativeSource::parse("bm25").kind == HardNegativeSource::Kind::Bm25);
        const auto fromRun = HardNegativeSource::parse("run:/tmp/x.trec");
        QVERIFY(fromRun.kind == HardNegativeSource::Kind::Run);
        QCOMPARE(fromRun.runFile.string(), std::string("/tmp/x.trec"));
        try {
            HardNegativeSource::parse("bm-25");
            QFAIL("accepted bm-25");
        } catch (const isomorph::ConfigError& e) {
            QVERIFY(QString(e.what()).contains("objectives.ir.hard_negatives"));
        }
    }

    void semanticLossIsEquationTwo() {
        // The objective computes eq. 2 with HICTL's sentence loss without hard negatives.
        auto x = zx().requires_grad_(true), y = zy().requires_grad_(true);
        auto loss = hictlSentenceLoss(x, y, 0.5, 0.0);
        loss.backward();
        ISOMORPH_COMPARE_NEAR(loss.item<double>(), 0.058831877418495236, kTol);
        compareTensor(x.grad(), {{1.734723475976807e-18, -0.03136941256696976},
                                 {0.012609357811348195, 0.06304678905674053}});
        compareTensor(y.grad(), {{-0.018086609151382826, 0.036173218302765625},
                                 {0.020688620123009104, -0.04137724024601837}});
    }

    void languageLossMatchesTheReference() {
        auto x = zx().requires_grad_(true), y = zy().requires_grad_(true);
        auto q = zq().requires_grad_(true);
        auto loss = languageContrastiveLoss(x, y, q);
        loss.backward();
        ISOMORPH_COMPARE_NEAR(loss.item<double>(), 0.46943018759462646, kTol);
        compareTensor(x.grad(), {{2.168404344971009e-19, -0.011822951219765844},
                                 {0.003105762499108672, 0.015528812495543354}});
        compareTensor(y.grad(), {{-0.0055816833115690904, 0.01116336662313818},
                                 {0.00550912696545479, -0.01101825393090958}});
        // Non-parallel sentences get gradient too: that is how eq. 3 reaches languages without
        // parallel data.
        compareTensor(q.grad(), {{-0.005311716172525285, 0.0017705720575084266},
                                 {-0.001911632320737381, -0.006690713122580823}});
        // Parallel sentences only (Q empty): N = 4, N (N - 2) = 8.
        ISOMORPH_COMPARE_NEAR(
            languageContrastiveLoss(zx(), zy(), torch::zeros({0, 2}, torch::kFloat64))
                .item<double>(),
            0.6962523057664918, kTol);
        ISOMORPH_COMPARE_NEAR(languageContrastiveLoss(zx(), zy(), {}).item<double>(),
                              0.6962523057664918, kTol);
    }

    void languageLossByHand() {
        // One pair x = (1, 0), y = (0, 1) and k = (1, 0): N = 3, s_xk = 1, s_yk = 0, so
        // L = -(log sigma(1) + log sigma(-1)) / (3 * 1) = (0.31326 + 1.31326) / 3 = 0.54217.
        const double hand =
            -(std::log(1 / (1 + std::exp(-1.0))) + std::log(1 / (1 + std::exp(1.0)))) / 3.0;
        ISOMORPH_COMPARE_NEAR(hand, 0.5421744583454818, kTol);
        ISOMORPH_COMPARE_NEAR(
            languageContrastiveLoss(t64({{1.0, 0.0}}), t64({{0.0, 1.0}}), t64({{1.0, 0.0}}))
                .item<double>(),
            hand, kTol);
        // At the optimum (k equally similar to x and y) the one k's two logs are log(1/2) each:
        // L = 2 log 2 / 3.
        const double optimum = 2 * std::log(2.0) / 3.0;
        ISOMORPH_COMPARE_NEAR(
            languageContrastiveLoss(t64({{1.0, 0.0}}), t64({{1.0, 0.0}}), t64({{0.0, 1.0}}))
                .item<double>(),
            optimum, kTol);
    }

    void aBatchWithoutPairsGivesZeroAndNoNaN() {
        // No parallel pair in the batch (e.g. the sampled languages have none): nothing to
        // align, a finite zero that still backpropagates (to nothing).
        auto q = zq().requires_grad_(true);
        auto none = torch::zeros({0, 2}, torch::kFloat64);
        auto loss = languageContrastiveLoss(none, none, q);
        QCOMPARE(loss.item<double>(), 0.0);
        loss.backward();
        QCOMPARE(q.grad().abs().sum().item<double>(), 0.0);
        // One pair and nothing else: N = 2, no k.
        QCOMPARE(
            languageContrastiveLoss(zx().narrow(0, 0, 1), zy().narrow(0, 0, 1), {}).item<double>(),
            0.0);
        // A zero vector (an empty sentence pooled to 0) stays finite.
        auto zero = t64({{0.0, 0.0}});
        QVERIFY(std::isfinite(
            languageContrastiveLoss(zero, zy().narrow(0, 0, 1), zq()).item<double>()));
        QVERIFY(std::isfinite(
            irLoss(t64({{0.0, 0.0}, {1.0, 0.0}}), passages().narrow(0, 0, 2), 1.0).item<double>()));
    }

    void registryEntryDeclaresFieldsAndMetrics() {
        const ObjectiveSpec* spec = findObjectiveSpec("ir");
        QVERIFY(spec);
        QCOMPARE(spec->defaultWeight, 0.0);
        QStringList keys;
        for (const auto& m : spec->metrics)
            keys << QString::fromStdString(m.key);
        for (const char* k : {"loss/ir", "ir/ir_loss", "ir/semantic_loss", "ir/language_loss",
                              "ir/acc", "ir/semantic_acc", "ir/skipped_queries"})
            QVERIFY2(keys.contains(k), k);
        RunConfig c;
        const auto& o = c.objectiveOptions<IrOptions>("ir");
        QCOMPARE(o.semanticWeight, 0.01);   // the paper's w_s
        QCOMPARE(o.languageWeight, 0.001);  // and w_l
        c.objective("ir").weight = 1;
        c.model.tokenizer = "tok.model";
        c.data.docs = "docs";
        auto& opts = c.objectiveOptions<IrOptions>("ir");
        opts.pairLanguages = "de-en,fr";
        opts.maxPassageTokens = 200;
        QString problems;
        for (const auto& p : c.problems())
            problems += QString::fromStdString(p) + "\n";
        for (const char* k : {"objectives.ir.train_sets", "data.pairs",
                              "objectives.ir.pair_languages", "objectives.ir.max_passage_tokens"})
            QVERIFY2(problems.contains(k), qPrintable(problems));
    }

    void presetsFollowThePaper() {
        // Table 2's rows (IR, + semaCL, + langCL, both) and section 5.4's held-out setting:
        // the paper's w_s = 0.01 and w_l = 0.001, IR trained on English data only.
        const std::vector<std::tuple<const char*, double, double>> rows = {
            {"ir-demo", 0, 0},
            {"ir-semcl-demo", 0.01, 0},
            {"ir-langcl-demo", 0, 0.001},
            {"ir-both-demo", 0.01, 0.001},
            {"ir-heldout-demo", 0.01, 0.001}};
        for (const auto& [name, ws, wl] : rows) {
            RunConfig c = parseRunConfig(builtinPreset(name).toml, name);
            QString problems;
            for (const auto& p : c.problems())
                problems += QString::fromStdString(p) + "\n";
            QVERIFY2(problems.isEmpty(), qPrintable(problems));
            QCOMPARE(c.enabledObjectives(), std::vector<std::string>{"ir"});
            const auto& o = c.objectiveOptions<IrOptions>("ir");
            QCOMPARE(o.semanticWeight, ws);
            QCOMPARE(o.languageWeight, wl);
            QCOMPARE(o.sets, std::string("en-en"));
        }
        // Held out: the contrastive pairs name every demo language pair but three.
        const RunConfig heldOut = parseRunConfig(builtinPreset("ir-heldout-demo").toml, "h");
        const auto& held = heldOut.objectiveOptions<IrOptions>("ir");
        const QString pairs = QString::fromStdString(held.pairLanguages);
        QVERIFY(!pairs.isEmpty());
        for (const char* out : {"ja-en", "ru-en", "pl-en"})
            QVERIFY2(!pairs.contains(out), qPrintable(pairs));
        QVERIFY2(pairs.contains("de-en") && pairs.contains("fr-en"), qPrintable(pairs));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestIr)
#include "test_ir.moc"

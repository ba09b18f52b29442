// XLP (Yu, Fei & Li 2021) pieces: the RR loss against hand-computed values, the QLM loss against
// a float64 reference, QLM masks keyed by row identity (not row position), section alignment
// (one-to-one, highest first, eta, minimum length, counts), the cross-encoder under global +
// sliding-window attention equal to full attention under the equivalent mask (outputs and
// gradients), and Longformer's global projections: copied from the local ones they change nothing,
// trained apart they are used.

#include <cmath>
#include <stdexcept>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/data/samplers/cross_encoder_input.h"
#include "core/data/samplers/section_alignment.h"
#include "core/model/heads.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/model_init.h"
#include "core/model/transformer.h"
#include "core/model/windowed_attention.h"
#include "core/train/objectives/mlm_objective.h"
#include "core/train/objectives/xlp_objective.h"
#include "core/train/presets.h"
#include "core/train/run_config.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_model.h"

using namespace isomorph;
namespace ds = isomorph::data::samplers;

namespace {

constexpr int64_t kVocab = 40;

/// A float64 tiny cross-encoder without dropout: two segments, window radius `radius`.
model::Encoder crossEncoder(int64_t radius, uint64_t seed, bool globalProjections = false) {
    torch::manual_seed(seed);
    model::EncoderConfig c = isomorph::testing::tinyEncoderConfig(kVocab);
    c.typeVocabSize = 2;
    c.attentionRadius = radius;
    c.globalProjections = globalProjections;
    c.hiddenDropout = c.attentionDropout = 0;
    model::Encoder e(c);
    e->to(torch::kFloat64);
    e->eval();
    return e;
}

/// Three packed rows of different lengths (queries 2-5 ids, documents 3-20 ids).
ds::CrossEncoderBatch packedRows() {
    std::vector<ds::CrossEncoderInput> in;
    const std::vector<std::pair<int, int>> sizes = {{2, 20}, {5, 3}, {4, 12}};
    int32_t id = 4;
    for (const auto& [q, d] : sizes) {
        std::vector<int32_t> query, doc;
        for (int i = 0; i < q; ++i)
            query.push_back(4 + (id++ % (kVocab - 6)));
        for (int i = 0; i < d; ++i)
            doc.push_back(4 + (id++ % (kVocab - 6)));
        in.push_back(ds::packCrossEncoderInput(query, doc, 8, 36));
    }
    return ds::collateCrossEncoderInputs(in);
}

struct Inputs {
    torch::Tensor ids, keep, types, global;
};

Inputs tensors(const ds::CrossEncoderBatch& b) {
    const int64_t r = b.ids.rows, c = b.ids.cols;
    auto i32 = torch::TensorOptions().dtype(torch::kInt32);
    Inputs t;
    t.ids = torch::from_blob(const_cast<int32_t*>(b.ids.ids.data()), {r, c}, i32).to(torch::kLong);
    t.keep = torch::from_blob(const_cast<int32_t*>(b.ids.attention.data()), {r, c}, i32)
                 .to(torch::kBool);
    t.types =
        torch::from_blob(const_cast<int32_t*>(b.tokenTypes.data()), {r, c}, i32).to(torch::kLong);
    t.global = torch::from_blob(const_cast<uint8_t*>(b.global.data()), {r, c}, torch::kUInt8)
                   .to(torch::kBool);
    return t;
}

/// Outputs and parameter gradients of sum(hidden * weights) over non-padding rows.
std::pair<torch::Tensor, std::vector<torch::Tensor>> outputAndGradients(
    model::Encoder& e, const Inputs& t, const std::function<torch::Tensor()>& run) {
    for (auto& p : e->parameters())
        p.mutable_grad() = torch::Tensor();
    auto h = run();
    auto w = torch::linspace(-1, 1, h.numel(), h.options()).view(h.sizes());
    (h * w * t.keep.unsqueeze(-1)).sum().backward();
    std::vector<torch::Tensor> grads;
    for (const auto& p : e->parameters())
        grads.push_back(p.grad().defined() ? p.grad().clone() : torch::zeros_like(p));
    return {h.detach() * t.keep.unsqueeze(-1), grads};
}

double maxDiff(const torch::Tensor& a, const torch::Tensor& b) {
    return (a - b).abs().max().item<double>();
}

}  // namespace

class TestXlp : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void rrLossByHand() {
        // Query 1: positive 2, negative 0 -> log(1 + e^-2). Query 2: 0.5 vs 1.5 -> log(1 + e^1).
        auto scores = torch::tensor({2.0, 0.0, 0.5, 1.5}, torch::kFloat64);
        double acc = -1;
        const double loss = train::relevanceRankingLoss(scores, 2, &acc).item<double>();
        const double expected = (std::log1p(std::exp(-2.0)) + std::log1p(std::exp(1.0))) / 2;
        // float64 softmax of two values: a few ulps of ~1.
        ISOMORPH_COMPARE_NEAR(loss, expected, 1e-14);
        QCOMPARE(acc, 0.5);
        // Two negatives: scores (1, 2, 3) -> -log(e / (e + e^2 + e^3)) = log(1 + e + e^2).
        auto three = torch::tensor({1.0, 2.0, 3.0}, torch::kFloat64);
        ISOMORPH_COMPARE_NEAR(train::relevanceRankingLoss(three, 3, &acc).item<double>(),
                              std::log(1 + std::exp(1.0) + std::exp(2.0)), 1e-14);
        QCOMPARE(acc, 0.0);
        // The gradient of the mean over B queries: (softmax - onehot) / B.
        auto s = torch::tensor({2.0, 0.0, 0.5, 1.5}, torch::kFloat64).requires_grad_(true);
        train::relevanceRankingLoss(s, 2).backward();
        const double p1 = 1 / (1 + std::exp(-2.0)), p2 = 1 / (1 + std::exp(1.0));
        const std::vector<double> g = {(p1 - 1) / 2, (1 - p1) / 2, (p2 - 1) / 2, (1 - p2) / 2};
        for (int i = 0; i < 4; ++i)
            ISOMORPH_COMPARE_NEAR(s.grad()[i].item<double>(), g[size_t(i)], 1e-15);
    }

    void qlmLossMatchesFloat64Reference() {
        model::Encoder e = crossEncoder(3, 11);
        model::MlmHead head(e);
        head->to(torch::kFloat64);
        ds::CrossEncoderBatch b = packedRows();
        ds::MaskOptions mask = ds::qlmMaskOptions(kVocab);
        mask.probability = 0.6;  // enough targets in three short queries
        std::vector<int32_t> labels =
            ds::maskCrossEncoderTokens(b.ids, b.queryLengths, ds::QlmTarget::Query, mask, 9);
        const Inputs t = tensors(b);
        train::StepContext step{e, torch::kCPU, 0, 0, 9, nullptr};
        const train::ObjectiveOutput out =
            train::maskedLmLossForLabels(*head, step, b.ids, labels, t.types, t.global);
        // Reference: the same forward pass, then -log softmax by hand at every label.
        auto hidden = e->forward(t.ids, t.keep.to(torch::kLong), t.types, false, t.global)
                          .lastHidden.detach();
        double sum = 0;
        int n = 0;
        for (int64_t r = 0; r < b.ids.rows; ++r)
            for (int64_t c = 0; c < b.ids.cols; ++c) {
                const int32_t label = labels[size_t(r * b.ids.cols + c)];
                if (label == ds::kIgnoreLabel) continue;
                QVERIFY(c >= 1 && c <= b.queryLengths[size_t(r)]);  // query tokens only
                auto logits = head->forward(hidden[r][c]).detach();
                double z = 0;
                for (int64_t v = 0; v < kVocab; ++v)
                    z += std::exp(logits[v].item<double>());
                sum += std::log(z) - logits[label].item<double>();
                ++n;
            }
        QVERIFY(n > 0);
        // float64: summing 40 exponentials loses ~1e-15 relative.
        ISOMORPH_COMPARE_NEAR(out.loss.item<double>(), sum / n, 1e-12);
    }

    void qlmMasksFollowRowKeysNotRowPositions() {
        // Two queries packed with long queries, in both orders. Keyed by content (XLP keys rows
        // by their query's source, section and epoch) a row is masked the same wherever it sits,
        // which is what makes N data-parallel ranks mask the global batch as one process does;
        // keyed by position (no keys) the same row is masked differently in the other order.
        std::vector<ds::CrossEncoderInput> rows;
        for (int r = 0; r < 2; ++r) {
            std::vector<int32_t> query, doc;
            for (int i = 0; i < 8; ++i)
                query.push_back(4 + (r * 16 + i) % (kVocab - 6));
            for (int i = 0; i < 6; ++i)
                doc.push_back(4 + (r * 16 + 8 + i) % (kVocab - 6));
            rows.push_back(ds::packCrossEncoderInput(query, doc, 8, 36));
        }
        const ds::CrossEncoderBatch forward = ds::collateCrossEncoderInputs({rows[0], rows[1]});
        const ds::CrossEncoderBatch reversed = ds::collateCrossEncoderInputs({rows[1], rows[0]});
        ds::MaskOptions mask = ds::qlmMaskOptions(kVocab);
        mask.probability = 0.5;
        auto labels = [&](const ds::CrossEncoderBatch& b, const std::vector<uint64_t>* keys,
                          int64_t row) {
            ds::TokenMatrix ids = b.ids;
            const auto all = ds::maskCrossEncoderTokens(ids, b.queryLengths, ds::QlmTarget::Query,
                                                        mask, 5, keys);
            const auto begin = all.begin() + row * b.ids.cols;
            return std::vector<int32_t>(begin, begin + b.ids.cols);
        };
        const std::vector<uint64_t> keysForward = {101, 202}, keysReversed = {202, 101};
        QCOMPARE(labels(forward, &keysForward, 0), labels(reversed, &keysReversed, 1));
        QCOMPARE(labels(forward, &keysForward, 1), labels(reversed, &keysReversed, 0));
        QVERIFY(labels(forward, nullptr, 0) != labels(reversed, nullptr, 1));
        // A key per row is required.
        const std::vector<uint64_t> one = {1};
        QVERIFY_THROWS_EXCEPTION(std::logic_error, labels(forward, &one, 0));
    }

    void matchSectionsOneToOneHighestFirst() {
        // cos: a0-b0 0.9, a0-b1 0.8, a1-b0 0.85, a1-b1 0.2, a2-b2 0.5, a2 unusable.
        const std::vector<double> cos = {0.9, 0.8, 0.1, 0.85, 0.2, 0.1, 0.1, 0.1, 0.5};
        auto m = ds::matchSections(cos, 3, 3, 0.3);
        QCOMPARE(m.size(), size_t(2));  // a0-b0, then a2-b2; a1's best partner is taken
        QCOMPARE(m[0].a, 0u);
        QCOMPARE(m[0].b, 0u);
        QCOMPARE(m[1].a, 2u);
        QCOMPARE(m[1].b, 2u);
        m = ds::matchSections(cos, 3, 3, 0.3, {true, true, false});
        QCOMPARE(m.size(), size_t(1));
        m = ds::matchSections(cos, 3, 3, 0.1);  // a1-b1 at 0.2 now counts
        QCOMPARE(m.size(), size_t(3));
        QCOMPARE(m[2].a, 1u);
        QCOMPARE(m[2].b, 1u);
    }

    void buildSectionCorpusCounts() {
        // Page "ls.1" in de and en: 3 sections each; titles embedded by a fixed table.
        auto doc = [](const std::string& page, const std::string& lang,
                      const std::vector<std::string>& titles) {
            data::Document d;
            d.id = page + "." + lang;
            d.lang = lang;
            for (size_t s = 0; s < titles.size(); ++s) {
                const uint64_t start = d.sentences.size();
                const size_t n = s == 2 ? 1 : 3;  // the third section is one sentence long
                for (size_t i = 0; i < n; ++i)
                    d.sentences.push_back(lang + " " + titles[s] + " " + std::to_string(i));
                d.sections.push_back({titles[s], start, d.sentences.size()});
            }
            return d;
        };
        // ls.1 exists in both languages, cp.1 only in German (no comparable page).
        const std::vector<data::Document> de = {doc("ls.1", "de",
                                                    {"NAME", "BESCHREIBUNG", "AUTOR"}),
                                                doc("cp.1", "de", {"NAME"})},
                                          en = {
                                              doc("ls.1", "en", {"NAME", "DESCRIPTION", "AUTHOR"})};
        // Titles embedded by a fixed table.
        auto tableEmbedder = [](std::map<std::string, std::vector<float>> table) {
            return ds::TitleEmbedder([table](const std::vector<std::string>& titles) {
                std::vector<std::vector<float>> out;
                for (const auto& t : titles)
                    out.push_back(table.at(t));
                return out;
            });
        };
        const ds::TitleEmbedder embed = tableEmbedder({{"NAME", {1, 0, 0}},
                                                       {"BESCHREIBUNG", {0, 1, 0.1f}},
                                                       {"AUTOR", {0, 0, 1}},
                                                       {"DESCRIPTION", {0, 1, 0}},
                                                       {"AUTHOR", {0, 0.2f, 1}}});
        const ds::TextTokenizer tokenize = [](const std::string& text) {
            return std::vector<int32_t>(text.size() % 7 + 1, 5);
        };
        ds::SectionAlignmentOptions o;
        o.minSentences = 2;
        ds::SectionCorpus c = ds::buildSectionCorpus(de, en, embed, tokenize, o);
        QCOMPARE(c.counts.pagesA, int64_t(2));
        QCOMPARE(c.counts.pagePairs, int64_t(1));
        // NAME-NAME (cos 1) and BESCHREIBUNG-DESCRIPTION (1 / sqrt(1.01) = 0.995) aligned;
        // AUTOR and AUTHOR (one sentence each) too short.
        QCOMPARE(c.counts.aligned, int64_t(2));
        QCOMPARE(c.counts.tooShort, int64_t(2));
        QCOMPARE(c.counts.belowEta, int64_t(0));
        QCOMPARE(c.aToB.sources.size(), size_t(1));
        QCOMPARE(c.aToB.sources[0].sections.size(), size_t(2));
        QCOMPARE(c.bToA.sources[0].sections.size(), size_t(2));
        // Ground truth: ls.1 has 3 sections in both languages, so section i is section i's
        // translation; 2 truth pairs (AUTOR/AUTHOR are too short), both matched correctly.
        QCOMPARE(c.counts.truthPages, int64_t(1));
        QCOMPARE(c.counts.truthPairs, int64_t(2));
        QCOMPARE(c.counts.truthMatched, int64_t(2));
        QCOMPARE(c.counts.truthCorrect, int64_t(2));
        QCOMPARE(c.counts.precision(), 1.0);
        QCOMPARE(c.counts.recall(), 1.0);
        o.eta = 0.9999;  // only NAME-NAME stays; BESCHREIBUNG's best is below eta
        c = ds::buildSectionCorpus(de, en, embed, tokenize, o);
        QCOMPARE(c.counts.aligned, int64_t(1));
        QCOMPARE(c.counts.belowEta, int64_t(1));
        QCOMPARE(c.counts.precision(), 1.0);
        QCOMPARE(c.counts.recall(), 0.5);
        QVERIFY2(QString::fromStdString(c.counts.toString())
                     .contains("against the 1 pages with the original's section count: precision "
                               "1.000 (1 of 1), recall 0.500 (of 2)"),
                 c.counts.toString().c_str());
        // Title vectors that cross the two sections of a page: both matches are wrong. A page
        // whose section count differs from the original's has no ground truth.
        const std::vector<data::Document> de2 = {doc("mv.1", "de", {"A", "B", "Z"}),
                                                 doc("rm.1", "de", {"A", "B", "Z"})},
                                          en2 = {doc("mv.1", "en", {"C", "D", "Z"}),
                                                 doc("rm.1", "en", {"C", "D"})};
        const ds::TitleEmbedder embedCrossed = tableEmbedder({{"A", {1, 0, 0}},
                                                              {"B", {0, 1, 0}},
                                                              {"C", {0, 1, 0}},
                                                              {"D", {1, 0, 0}},
                                                              {"Z", {0, 0, 1}}});
        o.eta = 0.3;
        c = ds::buildSectionCorpus(de2, en2, embedCrossed, tokenize, o);
        QCOMPARE(c.counts.aligned, int64_t(4));
        QCOMPARE(c.counts.truthPages, int64_t(1));
        QCOMPARE(c.counts.truthMatched, int64_t(2));
        QCOMPARE(c.counts.truthCorrect, int64_t(0));
        QCOMPARE(c.counts.precision(), 0.0);
    }

    void windowedCrossEncoderEqualsFullAttentionUnderItsMask() {
        // Radius 2 on rows of up to 27 tokens: most document pairs are outside the window, the
        // query and separators are global. Same weights, float64, no dropout.
        const int64_t radius = 2;
        model::Encoder e = crossEncoder(radius, 5);
        const ds::CrossEncoderBatch b = packedRows();
        const Inputs t = tensors(b);
        auto [windowed, gw] = outputAndGradients(e, t, [&] {
            return e->forward(t.ids, t.keep.to(torch::kLong), t.types, false, t.global).lastHidden;
        });
        model::setAttentionRadius(e, 0);
        auto [full, gf] = outputAndGradients(e, t, [&] {
            model::AttentionMasks masks;
            masks.keep = t.keep;
            masks.additive =
                model::globalSlidingWindowMask(t.keep, t.global, radius, torch::kFloat64);
            return e->encoder->forward(e->embeddings->forward(t.ids, t.types), masks);
        });
        // float64 through 2 layers: differences are rounding only (~1e-15).
        QVERIFY2(maxDiff(windowed, full) < 1e-12,
                 qPrintable(QString::number(maxDiff(windowed, full))));
        QCOMPARE(gw.size(), gf.size());
        for (size_t i = 0; i < gw.size(); ++i)
            QVERIFY2(maxDiff(gw[i], gf[i]) < 1e-11, qPrintable(QString::number(i)));
        // The mask matters: full attention without it gives other outputs.
        auto plain = e->forward(t.ids, t.keep.to(torch::kLong), t.types).lastHidden.detach() *
                     t.keep.unsqueeze(-1);
        QVERIFY(maxDiff(plain, full) > 1e-3);
    }

    void globalProjectionsStartAsCopies() {
        const ds::CrossEncoderBatch b = packedRows();
        const Inputs t = tensors(b);
        model::Encoder plain = crossEncoder(2, 8);
        auto before = plain->forward(t.ids, t.keep.to(torch::kLong), t.types, false, t.global)
                          .lastHidden.detach();
        model::addGlobalProjections(plain);
        QVERIFY(plain->config.globalProjections);
        auto& self = *plain->encoder->layer->ptr(0)->as<model::LayerImpl>()->attention->self;
        QVERIFY(torch::equal(self.query_global->weight, self.query->weight));
        auto after = plain->forward(t.ids, t.keep.to(torch::kLong), t.types, false, t.global)
                         .lastHidden.detach();
        QVERIFY2(maxDiff(before, after) < 1e-12,
                 qPrintable(QString::number(maxDiff(before, after))));
        // A model built with the option also starts with copies (reset()).
        model::Encoder built = crossEncoder(2, 8, true);
        auto& s2 = *built->encoder->layer->ptr(1)->as<model::LayerImpl>()->attention->self;
        QVERIFY(torch::equal(s2.value_global->bias, s2.value->bias));
        // Once Qg differs, global rows change and local rows far from global tokens keep their
        // first-layer attention; the output differs.
        {
            torch::NoGradGuard noGrad;
            // A constant shift would vanish on LayerNorm outputs (zero mean): perturb randomly.
            self.query_global->weight.add_(torch::randn_like(self.query_global->weight));
        }
        auto changed = plain->forward(t.ids, t.keep.to(torch::kLong), t.types, false, t.global)
                           .lastHidden.detach();
        QVERIFY(maxDiff(changed * t.keep.unsqueeze(-1), after * t.keep.unsqueeze(-1)) > 1e-6);
        // Global projections need windowed attention.
        model::Encoder fullAttention = crossEncoder(0, 8);
        QVERIFY_THROWS_EXCEPTION(ConfigError, model::addGlobalProjections(fullAttention));
    }

    void presetsDifferOnlyInTasks() {
        // The paper's QLM vs RR vs QLM-RR comparison: same model, data and budget.
        const std::vector<std::pair<const char*, const char*>> presets = {
            {"xlp-demo", "rr,qlm"}, {"xlp-rr-demo", "rr"}, {"xlp-qlm-demo", "qlm"}};
        for (const auto& [name, tasks] : presets) {
            const train::RunConfig c = train::parseRunConfig(train::builtinPreset(name).toml, name);
            QString problems;
            for (const auto& p : c.problems())
                problems += QString::fromStdString(p) + "\n";
            QVERIFY2(problems.isEmpty(), qPrintable(problems));
            QCOMPARE(c.enabledObjectives(), std::vector<std::string>{"xlp"});
            const auto& o = c.objectiveOptions<train::XlpOptions>("xlp");
            QCOMPARE(o.tasks, std::string(tasks));
            QCOMPARE(o.qlmMaskProb, 0.3);
            QCOMPARE(o.eta, 0.3);
            QCOMPARE(o.alignModel, std::string("shipped-base"));  // an independent, aligned encoder
            QCOMPARE(o.alignText, std::string("title+sentence"));
            QCOMPARE(c.model.typeVocabSize, int64_t(2));
            QCOMPARE(c.model.attentionRadius, int64_t(32));
            QVERIFY(o.maxLength <= 256);
            QCOMPARE(c.schedule.maxSteps, int64_t(240));
        }
    }

    void extendCheckpointCopiesPositionsAndKeepsOutputs() {
        // The paper's mBERT -> mBERT-GSW: 32 -> 64 token positions by copying, a second segment
        // copied from the first, windowed attention with a radius covering the input and
        // Qg/Kg/Vg copies: on a short segment-0 input nothing changes.
        QTemporaryDir dir;
        const auto from = isomorph::testing::tinyModel(dir.path().toStdString());
        const auto to = std::filesystem::path(dir.path().toStdString()) / "extended";
        model::ExtendOptions o;
        o.maxTokens = 64;
        o.typeVocabSize = 2;
        o.attentionRadius = 40;
        o.globalProjections = true;
        QCOMPARE(model::extendCheckpoint(from, to, o).size(), size_t(4));
        QVERIFY(std::filesystem::exists(to / "sentencepiece.bpe.model"));
        model::Encoder a = model::loadHuggingFaceEncoder(from),
                       b = model::loadHuggingFaceEncoder(to);
        QCOMPARE(b->config.maxTokens(), int64_t(64));
        QCOMPARE(b->config.typeVocabSize, int64_t(2));
        QCOMPARE(b->config.attentionRadius, int64_t(40));
        QVERIFY(b->config.globalProjections);
        const auto& pos = b->embeddings->position_embeddings->weight;
        QVERIFY(torch::equal(pos.narrow(0, 2, 32), pos.narrow(0, 34, 32)));
        const auto& types = b->embeddings->token_type_embeddings->weight;
        QVERIFY(torch::equal(types[0], types[1]));
        a->eval();
        b->eval();
        auto ids = torch::tensor({{0, 5, 6, 7, 2, 8, 9, 10, 11, 2}}, torch::kLong);
        torch::NoGradGuard noGrad;
        auto ha = a->forward(ids).lastHidden, hb = b->forward(ids).lastHidden;
        // float32 through 2 layers, the same operations in another order: ~1e-6.
        QVERIFY2(maxDiff(ha, hb) < 1e-4, qPrintable(QString::number(maxDiff(ha, hb))));
        o = {};
        o.maxTokens = 16;  // fewer than it has
        QVERIFY_THROWS_EXCEPTION(ConfigError, model::extendCheckpoint(to, to.string() + "-2", o));
    }

    void shortDocumentsInsideTheWindowAreFine() {
        // Documents shorter than the window (radius 32; the longest row has 25 tokens):
        // windowed attention sees everything and equals full attention; no NaN.
        model::Encoder e = crossEncoder(32, 3);
        const Inputs t = tensors(packedRows());
        auto w = e->forward(t.ids, t.keep.to(torch::kLong), t.types, false, t.global)
                     .lastHidden.detach() *
                 t.keep.unsqueeze(-1);
        model::setAttentionRadius(e, 0);
        auto f = e->forward(t.ids, t.keep.to(torch::kLong), t.types).lastHidden.detach() *
                 t.keep.unsqueeze(-1);
        QVERIFY(torch::isfinite(w).all().item<bool>());
        QVERIFY2(maxDiff(w, f) < 1e-12, qPrintable(QString::number(maxDiff(w, f))));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestXlp)
#include "test_xlp.moc"

// The shared cross-encoder input of XLP pretraining and re-ranking: `<s> query </s> document </s>`
// packing, segment ids, the global-attention mask, truncation counts, and the RR sampler's rows
// laid out the same way; with XLM-R's special ids and with a BERT tokenizer's (threaded through
// packing, padding and QLM masking).

#include <cmath>

#include <QtTest>

#include "core/common/errors.h"
#include "core/data/samplers/cross_encoder_input.h"
#include "core/data/samplers/masking.h"
#include "core/data/samplers/retrieval_sampler.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::data::samplers;

class TestCrossEncoderInput : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void packsQueryAndDocument() {
        const CrossEncoderInput in = packCrossEncoderInput({10, 11, 12}, {20, 21}, 8, 32);
        QCOMPARE(in.ids, (std::vector<int32_t>{kBosId, 10, 11, 12, kEosId, 20, 21, kEosId}));
        QCOMPARE(in.tokenTypes, (std::vector<int32_t>{0, 0, 0, 0, 0, 1, 1, 1}));
        // Global: <s>, the three query tokens, both </s>; document tokens are local.
        QCOMPARE(in.global, (std::vector<uint8_t>{1, 1, 1, 1, 1, 0, 0, 1}));
        QCOMPARE(in.queryLength, 3);
        QVERIFY(!in.queryTruncated);
        QVERIFY(!in.documentTruncated);
    }

    void truncatesLongQueriesToTheGlobalBudget() {
        // 6 query ids, budget 4: the first 4 are kept and all of them stay global.
        const CrossEncoderInput in = packCrossEncoderInput({4, 5, 6, 7, 8, 9}, {30, 31, 32}, 4, 10);
        QCOMPARE(in.queryLength, 4);
        QVERIFY(in.queryTruncated);
        // 10 tokens in all: <s> 4 ids </s> leaves 10 - 4 - 3 = 3 document ids.
        QCOMPARE(in.ids, (std::vector<int32_t>{kBosId, 4, 5, 6, 7, kEosId, 30, 31, 32, kEosId}));
        QVERIFY(!in.documentTruncated);
        const CrossEncoderInput cut =
            packCrossEncoderInput({4}, {30, 31, 32, 33, 34, 35, 36}, 4, 8);
        QCOMPARE(cut.ids, (std::vector<int32_t>{kBosId, 4, kEosId, 30, 31, 32, 33, kEosId}));
        QVERIFY(cut.documentTruncated);
        QCOMPARE(cut.global, (std::vector<uint8_t>{1, 1, 1, 0, 0, 0, 0, 1}));
    }

    void refusesBudgetsWithoutRoomForTheDocument() {
        QVERIFY_THROWS_EXCEPTION(ConfigError, packCrossEncoderInput({4}, {5}, 8, 11));
        QVERIFY_THROWS_EXCEPTION(ConfigError, packCrossEncoderInput({4}, {5}, 0, 11));
        QCOMPARE(packCrossEncoderInput({4}, {5}, 8, 12).ids.size(), size_t(5));
    }

    void collatesWithPaddingOutsideBothMasks() {
        std::vector<CrossEncoderInput> in = {packCrossEncoderInput({4, 5}, {6, 7, 8}, 8, 32),
                                             packCrossEncoderInput({4, 5, 6, 7, 8, 9}, {9}, 3, 32)};
        const CrossEncoderBatch b = collateCrossEncoderInputs(in, 4);
        QCOMPARE(b.ids.rows, int64_t(2));
        QCOMPARE(b.ids.cols, int64_t(8));  // the longest row: <s> 2 </s> 3 </s>
        QCOMPARE(b.queryLengths, (std::vector<int32_t>{2, 3}));
        QCOMPARE(b.truncatedQueries, int64_t(1));
        QCOMPARE(b.tokenTypes, (std::vector<int32_t>{0, 0, 0, 0, 1, 1, 1, 1,  //
                                                     0, 0, 0, 0, 0, 1, 1, 0}));
        QCOMPARE(b.global, (std::vector<uint8_t>{1, 1, 1, 1, 0, 0, 0, 1,  //
                                                 1, 1, 1, 1, 1, 0, 1, 0}));
        QCOMPARE(b.ids.at(1, 7), kPadId);
    }

    void qlmMasksOnlyItsTarget() {
        // 200 rows `<s> 6 query ids </s> 10 document ids </s>`: Query selects only columns 1-6,
        // Document only 8-17, Both any non-special column; each at about the asked rate.
        std::vector<CrossEncoderInput> in;
        for (int r = 0; r < 200; ++r)
            in.push_back(packCrossEncoderInput({10, 11, 12, 13, 14, 15},
                                               {20, 21, 22, 23, 24, 25, 26, 27, 28, 29}, 8, 64));
        MaskOptions o = qlmMaskOptions(100);
        QCOMPARE(o.probability, 0.30);
        for (QlmTarget target : {QlmTarget::Query, QlmTarget::Document, QlmTarget::Both}) {
            CrossEncoderBatch b = collateCrossEncoderInputs(in);
            const auto labels = maskCrossEncoderTokens(b.ids, b.queryLengths, target, o, 5);
            double selected = 0;
            for (int64_t r = 0; r < b.ids.rows; ++r)
                for (int64_t c = 0; c < b.ids.cols; ++c) {
                    if (labels[size_t(r * b.ids.cols + c)] == kIgnoreLabel) continue;
                    ++selected;
                    const bool query = c >= 1 && c <= 6, document = c >= 8 && c <= 17;
                    QVERIFY(target == QlmTarget::Query      ? query
                            : target == QlmTarget::Document ? document
                                                            : query || document);
                }
            const double n = 200.0 * (target == QlmTarget::Query      ? 6
                                      : target == QlmTarget::Document ? 10
                                                                      : 16);
            // Binomial(n, 0.3): 5 standard deviations.
            QVERIFY2(std::abs(selected / n - 0.3) <= 5 * std::sqrt(0.3 * 0.7 / n),
                     qPrintable(QString::number(selected / n)));
        }
    }

    void retrievalSamplerRowsUseThePacking() {
        RetrievalCorpus corpus;
        for (int s = 0; s < 3; ++s) {
            RetrievalSource src;
            for (int k = 0; k < 2; ++k)
                src.sections.push_back(
                    {{10 + s, 11, 12, 13, 14}, {100 + s * 10 + k, 101, 102, 103, 104, 105}});
            corpus.sources.push_back(src);
        }
        RetrievalOptions o;
        o.sampling.batchSize = 2;
        o.negatives = 1;
        o.maxQueryTokens = 3;
        o.maxLength = 10;
        RetrievalSampler sampler(corpus, o);
        const RetrievalBatch b = sampler.next();
        QCOMPARE(b.pairs.rows, int64_t(4));
        QCOMPARE(b.truncatedQueries, int64_t(4));  // 5 query ids, budget 3, on every row
        for (int64_t r = 0; r < b.pairs.rows; ++r) {
            const auto& pos =
                corpus.sources[b.sources[size_t(r / 2)]].sections[b.sections[size_t(r / 2)]];
            std::vector<int32_t> document(pos.section);
            document[0] = b.pairs.at(r, 5);  // the negative's own section id
            for (const auto& src : corpus.sources)
                for (const auto& sec : src.sections)
                    if (sec.section[0] == document[0]) document = sec.section;
            const CrossEncoderInput expected = packCrossEncoderInput(pos.query, document, 3, 10);
            const auto row = std::vector<int32_t>(b.pairs.ids.begin() + r * b.pairs.cols,
                                                  b.pairs.ids.begin() + r * b.pairs.cols + 10);
            QCOMPARE(row, expected.ids);
            const auto types = std::vector<int32_t>(b.tokenTypes.begin() + r * b.pairs.cols,
                                                    b.tokenTypes.begin() + r * b.pairs.cols + 10);
            QCOMPARE(types, expected.tokenTypes);
            const auto global = std::vector<uint8_t>(b.global.begin() + r * b.pairs.cols,
                                                     b.global.begin() + r * b.pairs.cols + 10);
            QCOMPARE(global, expected.global);
        }
    }

    void aBertTokenizersSpecialsReachEveryRow() {
        // mBERT's layout: [PAD] 0, [UNK] 100, [CLS] 101, [SEP] 102, [MASK] 103 in 400 ids.
        const SpecialIds bert{101, 0, 102, 100, 103};
        QVERIFY(!bert.isXlmrLayout(400));
        QVERIFY(SpecialIds{}.isXlmrLayout(400));
        const CrossEncoderInput in = packCrossEncoderInput({10, 11}, {20}, 8, 32, bert);
        QCOMPARE(in.ids, (std::vector<int32_t>{101, 10, 11, 102, 20, 102}));
        // The RR sampler packs, and pads, with them.
        RetrievalCorpus corpus;
        for (int s = 0; s < 3; ++s) {
            RetrievalSource src;
            src.sections.push_back({{200 + s, 201}, {300 + s, 301, 302, 303}});
            src.sections.push_back({{210 + s}, {310 + s}});
            corpus.sources.push_back(src);
        }
        RetrievalOptions o;
        o.sampling.batchSize = 3;
        o.negatives = 1;
        o.specials = bert;
        RetrievalSampler sampler(corpus, o);
        RetrievalBatch b = sampler.next();
        bool padded = false;
        for (int64_t r = 0; r < b.pairs.rows; ++r) {
            const int32_t length = b.pairs.lengths[size_t(r)];
            QCOMPARE(b.pairs.at(r, 0), 101);
            QCOMPARE(b.pairs.at(r, 1 + b.queryLengths[size_t(r)]), 102);
            QCOMPARE(b.pairs.at(r, length - 1), 102);
            for (int64_t c = length; c < b.pairs.cols; ++c, padded = true)
                QCOMPARE(b.pairs.at(r, c), 0);
            for (int64_t c = 0; c < length; ++c)
                QVERIFY(b.pairs.at(r, c) != 1 && b.pairs.at(r, c) != 2);  // no XLM-R ids
        }
        QVERIFY(padded);
        // QLM with every token selected: [CLS], [SEP], [PAD] are never targets; 80% of the
        // targets become [MASK] (103, not the last id), the rest a random id or themselves.
        MaskOptions mask = qlmMaskOptions(400, bert);
        mask.probability = 1.0;
        std::vector<CrossEncoderInput> rows;
        for (int r = 0; r < 300; ++r)
            rows.push_back(packCrossEncoderInput({10, 11, 12}, {20, 21}, 8, 32, bert));
        CrossEncoderBatch batch = collateCrossEncoderInputs(rows, 8, bert.pad);
        const CrossEncoderBatch original = batch;
        const auto labels =
            maskCrossEncoderTokens(batch.ids, batch.queryLengths, QlmTarget::Both, mask, 11);
        int64_t targets = 0, masked = 0;
        for (size_t i = 0; i < labels.size(); ++i) {
            const int32_t id = original.ids.ids[i];
            const bool special = id == 101 || id == 102 || id == 0;
            QCOMPARE(labels[i] != kIgnoreLabel, !special);
            if (special) {
                QCOMPARE(batch.ids.ids[i], id);
                continue;
            }
            ++targets;
            masked += batch.ids.ids[i] == 103 ? 1 : 0;
        }
        QCOMPARE(targets, int64_t(300 * 5));
        // Binomial(1500, 0.8): 5 standard deviations.
        QVERIFY2(std::abs(double(masked) / targets - 0.8) <= 5 * std::sqrt(0.8 * 0.2 / targets),
                 qPrintable(QString::number(double(masked) / targets)));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestCrossEncoderInput)
#include "test_cross_encoder_input.moc"

// The shared cross-encoder input of XLP pretraining and re-ranking: `<s> query </s> document </s>`
// packing, segment ids, the global-attention mask, truncation counts, and the RR sampler's rows
// laid out the same way.

#include <cmath>

#include <QtTest>

#include "core/common/errors.h"
#include "core/data/samplers/cross_encoder_input.h"
#include "core/data/samplers/masking.h"
#include "core/data/samplers/retrieval_sampler.h"

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
};

QTEST_GUILESS_MAIN(TestCrossEncoderInput)
#include "test_cross_encoder_input.moc"

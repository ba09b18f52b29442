// Sampler building blocks without shards: platform-independent randomness, the Feistel
// permutation, cursors, collation, MLM/QLM masking, and the RR query/document sampler.

#include <cmath>
#include <map>
#include <set>

#include <QtTest>

#include "core/common/errors.h"
#include "core/common/random.h"
#include "core/data/samplers/collate.h"
#include "core/data/samplers/cursor.h"
#include "core/data/samplers/masking.h"
#include "core/data/samplers/retrieval_sampler.h"
#include "tests/support/test_main.h"
#include "tests/unit/sampler_test_support.h"

using namespace isomorph;
using namespace isomorph::data::samplers;

namespace {

constexpr int32_t kVocab = 100;  // <mask> = 99

/// Rows `<s> regular ids </s>` of random lengths.
TokenMatrix randomRows(int rows, int maxLength, uint64_t seed) {
    Rng rng(seed);
    std::vector<std::vector<int32_t>> seqs;
    for (int r = 0; r < rows; ++r) {
        std::vector<int32_t> s{kBosId};
        const int n = 1 + static_cast<int>(rng.below(maxLength - 2));
        for (int i = 0; i < n; ++i) {
            // Now and then an <unk> or <mask>, which must stay untouched.
            const uint64_t u = rng.below(40);
            s.push_back(u == 0 ? kUnkId : u == 1 ? kVocab - 1 : int32_t(4 + rng.below(kVocab - 5)));
        }
        s.push_back(kEosId);
        seqs.push_back(s);
    }
    return collate(seqs);
}

/// Within `sigmas` standard deviations of a binomial proportion.
bool closeTo(double observed, double p, double n, double sigmas = 5.0) {
    return std::abs(observed - p) <= sigmas * std::sqrt(p * (1 - p) / n);
}

RetrievalCorpus makeCorpus() {
    RetrievalCorpus c;
    Rng rng(99);
    const std::vector<size_t> sizes = {1, 2, 3, 5, 2, 3, 5, 8, 1, 4};
    for (size_t s = 0; s < sizes.size(); ++s) {
        RetrievalSource src;
        src.language = static_cast<uint16_t>(s % 2);
        for (size_t k = 0; k < sizes[s]; ++k) {
            RetrievalSection sec;
            for (uint64_t i = 0, n = 2 + rng.below(6); i < n; ++i)
                sec.query.push_back(int32_t(4 + rng.below(90)));
            for (uint64_t i = 0, n = 5 + rng.below(30); i < n; ++i)
                sec.section.push_back(int32_t(4 + rng.below(90)));
            sec.section[0] = int32_t(1000 + s * 100 + k);  // identifies the section in packed rows
            src.sections.push_back(sec);
        }
        c.sources.push_back(src);
    }
    return c;
}

std::vector<uint64_t> retrievalItems(const RetrievalBatch& b) {
    std::vector<uint64_t> v(b.sources.begin(), b.sources.end());
    v.insert(v.end(), b.sections.begin(), b.sections.end());
    v.insert(v.end(), b.pairs.ids.begin(), b.pairs.ids.end());
    return v;
}

}  // namespace

class TestSamplerBasics : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void randomnessIsSpecifiedBitForBit() {
        // Golden values: any platform or standard library must produce exactly these.
        Rng rng(42);
        QCOMPARE(rng.next(), uint64_t(0xBDD732262FEB6E95ull));
        QCOMPARE(rng.below(1000), uint64_t(159));
        QCOMPARE(deriveKey(1, 2, 3), uint64_t(0xDA627088A90936B6ull));
        QCOMPARE(FeistelPermutation(1000, 5)(17), uint64_t(233));
        // Lemire's bounded draws are uniform.
        std::vector<int> counts(7, 0);
        for (int i = 0; i < 70000; ++i)
            ++counts[rng.below(7)];
        for (int c : counts)
            QVERIFY(closeTo(c / 70000.0, 1.0 / 7, 70000));
    }

    void feistelIsAPermutation() {
        for (uint64_t n : {1ull, 2ull, 3ull, 5ull, 64ull, 100ull, 1000ull, 4097ull}) {
            for (uint64_t key : {1ull, 2ull}) {
                FeistelPermutation p(n, key);
                std::vector<bool> hit(n, false);
                for (uint64_t i = 0; i < n; ++i) {
                    const uint64_t x = p(i);
                    QVERIFY(x < n);
                    QVERIFY(!hit[x]);
                    hit[x] = true;
                }
            }
        }
        FeistelPermutation a(1000, 1), b(1000, 2);
        int same = 0, fixed = 0;
        for (uint64_t i = 0; i < 1000; ++i) {
            same += a(i) == b(i);
            fixed += a(i) == i;
        }
        QVERIFY(same < 20 && fixed < 20);  // ~1 expected for random permutations
        // Huge domains need no memory.
        FeistelPermutation big(5'000'000'000ull, 3);
        QVERIFY(big(4'999'999'999ull) < 5'000'000'000ull);
    }

    void cursorRoundTripsThroughJson() {
        Cursor c;
        c.epoch = 3;
        c.consumed = 12345678901ull;
        c.step = 77;
        c.poolOffset = 2;
        c.languages = {{1, 5}, {0, 9}};
        QVERIFY(Cursor::fromJson(nlohmann::json::parse(c.toJson().dump())) == c);
        nlohmann::json bad = c.toJson();
        bad.erase("step");
        QVERIFY_THROWS_EXCEPTION(DataError, Cursor::fromJson(bad));
        bad = c.toJson();
        bad["consumed"] = -1;
        QVERIFY_THROWS_EXCEPTION(DataError, Cursor::fromJson(bad));
    }

    void collatePadsToTheLongestRow() {
        const TokenMatrix m = collate({{0, 5, 2}, {0, 5, 6, 7, 8, 2}, {0, 2}});
        QCOMPARE(m.rows, int64_t(3));
        QCOMPARE(m.cols, int64_t(6));
        QCOMPARE(m.lengths, (std::vector<int32_t>{3, 6, 2}));
        QCOMPARE(m.at(0, 2), kEosId);
        QCOMPARE(m.at(0, 3), kPadId);
        QCOMPARE(m.at(2, 5), kPadId);
        QCOMPARE(m.attention[0 * 6 + 2], 1);
        QCOMPARE(m.attention[0 * 6 + 3], 0);
        QCOMPARE(m.paddingRatio(), 7.0 / 18.0);
        const TokenMatrix r = collate({{0, 5, 2}, {0, 5, 6, 7, 8, 2}}, 8);
        QCOMPARE(r.cols, int64_t(8));
        QCOMPARE(collate({}).rows, int64_t(0));
        const uint32_t ids[] = {10, 11, 12, 13};
        QCOMPARE(wrapSentence({ids, 4}, 4), (std::vector<int32_t>{0, 10, 11, 2}));
        QCOMPARE(wrapSentence({ids, 4}, 64), (std::vector<int32_t>{0, 10, 11, 12, 13, 2}));
    }

    void mlmMasksFifteenPercentEightyTenTen() {
        TokenMatrix m = randomRows(3000, 64, 1);
        const TokenMatrix original = m;
        MaskOptions o;
        o.vocabSize = kVocab;
        const std::vector<int32_t> labels = maskTokens(m, o, 123);
        double maskable = 0, selected = 0, masked = 0, random = 0, kept = 0;
        for (size_t i = 0; i < m.ids.size(); ++i) {
            const int32_t before = original.ids[i];
            const bool special = before < kFirstRegularId || before == kVocab - 1;
            if (special) {  // padding, <s>, </s>, <unk>, <mask>: never targets, never changed
                QCOMPARE(labels[i], kIgnoreLabel);
                QCOMPARE(m.ids[i], before);
                continue;
            }
            ++maskable;
            if (labels[i] == kIgnoreLabel) {
                QCOMPARE(m.ids[i], before);
                continue;
            }
            ++selected;
            QCOMPARE(labels[i], before);
            if (m.ids[i] == kVocab - 1) {
                ++masked;
            } else if (m.ids[i] == before) {
                ++kept;
            } else {
                ++random;
                QVERIFY(m.ids[i] >= kFirstRegularId && m.ids[i] < kVocab - 1);
            }
        }
        QVERIFY2(closeTo(selected / maskable, 0.15, maskable),
                 qPrintable(QString::number(selected / maskable)));
        QVERIFY(closeTo(masked / selected, 0.8, selected));
        // A random replacement equal to the original counts as kept (1 in 95).
        QVERIFY(closeTo(random / selected, 0.1 * 94 / 95, selected));
        QVERIFY(closeTo(kept / selected, 0.1 + 0.1 / 95, selected));
        // Same seed, same masks; another seed, others.
        TokenMatrix again = original, other = original;
        QCOMPARE(maskTokens(again, o, 123), labels);
        QVERIFY(maskTokens(other, o, 124) != labels);
    }

    void qlmMasksOnlyQueryTokens() {
        // Rows `<s> query </s> document </s>`.
        Rng rng(5);
        std::vector<std::vector<int32_t>> rows;
        std::vector<int32_t> queryLengths;
        for (int r = 0; r < 2000; ++r) {
            std::vector<int32_t> row{kBosId};
            const int q = 1 + int(rng.below(12)), d = 5 + int(rng.below(40));
            for (int i = 0; i < q; ++i)
                row.push_back(int32_t(4 + rng.below(90)));
            row.push_back(kEosId);
            for (int i = 0; i < d; ++i)
                row.push_back(int32_t(4 + rng.below(90)));
            row.push_back(kEosId);
            rows.push_back(row);
            queryLengths.push_back(q);
        }
        TokenMatrix m = collate(rows);
        const TokenMatrix original = m;
        const MaskOptions o = qlmMaskOptions(kVocab);
        QCOMPARE(o.probability, 0.30);
        const std::vector<int32_t> labels = maskQueryTokens(m, queryLengths, o, 9);
        double queryTokens = 0, selected = 0;
        for (int64_t r = 0; r < m.rows; ++r) {
            for (int64_t c = 0; c < m.cols; ++c) {
                const size_t i = size_t(r * m.cols + c);
                const bool inQuery = c >= 1 && c <= queryLengths[r];
                if (inQuery) {
                    ++queryTokens;
                    selected += labels[i] != kIgnoreLabel;
                } else {
                    QCOMPARE(labels[i], kIgnoreLabel);
                    QCOMPARE(m.ids[i], original.ids[i]);
                }
            }
        }
        QVERIFY2(closeTo(selected / queryTokens, 0.30, queryTokens),
                 qPrintable(QString::number(selected / queryTokens)));
    }

    void retrievalHardNegativeRate() {
        const RetrievalCorpus corpus = makeCorpus();
        RetrievalOptions o;
        o.negatives = 3;
        o.sampling.batchSize = 16;
        RetrievalSampler s(corpus, o);
        std::map<size_t, std::pair<double, double>> byT;  // T -> (hard, draws)
        for (int i = 0; i < 1500; ++i) {
            const RetrievalBatch b = s.next();
            QCOMPARE(b.pairs.rows, int64_t(16 * 4));
            for (size_t q = 0; q < b.sources.size(); ++q) {
                const RetrievalSource& src = corpus.sources[b.sources[q]];
                const RetrievalSection& pos = src.sections[b.sections[q]];
                const size_t T = src.sections.size();
                for (size_t k = 0; k <= 3; ++k) {
                    const int64_t row = int64_t(q * 4 + k);
                    const int32_t qlen = b.queryLengths[row];
                    QCOMPARE(qlen, int32_t(pos.query.size()));
                    QCOMPARE(b.pairs.at(row, 0), kBosId);
                    QCOMPARE(b.pairs.at(row, 1), pos.query[0]);
                    QCOMPARE(b.pairs.at(row, qlen + 1), kEosId);
                    const int32_t tag = b.pairs.at(row, qlen + 2);  // the section's identifying id
                    const size_t source = size_t((tag - 1000) / 100),
                                 section = size_t((tag - 1000) % 100);
                    if (k == 0) {
                        QCOMPARE(source, size_t(b.sources[q]));
                        QCOMPARE(section, size_t(b.sections[q]));
                        continue;
                    }
                    const bool hard = b.hardNegative[q * 3 + k - 1];
                    if (hard) {
                        QCOMPARE(source, size_t(b.sources[q]));
                        QVERIFY(section != b.sections[q]);
                    } else {
                        QVERIFY(source != b.sources[q]);
                        QCOMPARE(corpus.sources[source].language, src.language);
                    }
                    byT[T].first += hard;
                    byT[T].second += 1;
                }
            }
        }
        QCOMPARE(byT[1].first, 0.0);  // no other section to be hard
        for (size_t T : {2, 3, 4, 5, 8}) {
            const double p = 1 - std::pow(0.75, double(T));
            QCOMPARE(RetrievalSampler::hardNegativeProbability(T), p);
            const double rate = byT[T].first / byT[T].second;
            QVERIFY2(closeTo(rate, p, byT[T].second),
                     qPrintable(QString("T=%1: %2 vs %3").arg(T).arg(rate).arg(p)));
        }
    }

    void retrievalDeterminismResumeAndSharding() {
        const RetrievalCorpus corpus = makeCorpus();
        testing::checkDeterminism(
            [&](uint64_t seed) {
                RetrievalOptions o;
                o.sampling.seed = seed;
                o.sampling.batchSize = 4;
                return std::make_unique<RetrievalSampler>(corpus, o);
            },
            retrievalItems, 10);
        RetrievalOptions o;
        o.sampling.batchSize = 4;
        o.sampling.bucketPool = 3;
        testing::checkResume(
            [&](const Cursor& c) { return std::make_unique<RetrievalSampler>(corpus, o, c); },
            retrievalItems, 7, 12);
        testing::checkSharding(
            [&](uint32_t rank, uint32_t world, const Cursor& c) {
                RetrievalOptions r;
                r.sampling.batchSize = 3;
                r.sampling.rank = rank;
                r.sampling.worldSize = world;
                return std::make_unique<RetrievalSampler>(corpus, r, c);
            },
            retrievalItems, 2, 3, 4);
        RetrievalCorpus one;
        one.sources.resize(1);
        QVERIFY_THROWS_EXCEPTION(DataError, RetrievalSampler(one, RetrievalOptions{}));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestSamplerBasics)
#include "test_sampler_basics.moc"

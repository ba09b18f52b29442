// Samplers over binarized shards: CCP windows, MSM blocks, parallel pairs. Determinism, resume,
// rank sharding, language handling, window and block limits, padding and length bucketing.

#include <fstream>
#include <map>
#include <set>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/data/samplers/ccp_sampler.h"
#include "core/data/samplers/corpus_index.h"
#include "core/data/samplers/msm_sampler.h"
#include "core/data/samplers/pair_sampler.h"
#include "core/data/shards/binarizer.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_corpus.h"
#include "tests/unit/sampler_test_support.h"

using namespace isomorph;
using namespace isomorph::data::samplers;
using data::shards::ShardSet;

namespace {

/// Writes plain-text documents of the given sizes (sentences drawn from `words`).
void writeDocuments(const std::string& path, const std::vector<std::string>& words,
                    const std::vector<int>& sizes, unsigned seed) {
    int total = 0;
    for (int n : sizes)
        total += n;
    const auto sentences = testing::syntheticSentences(words, total, seed);
    std::ofstream out(path);
    size_t next = 0;
    for (int n : sizes) {
        for (int i = 0; i < n; ++i)
            out << sentences[next++] << "\n";
        out << "\n";
    }
}

data::shards::BinarizeInput documentInput(const std::string& path, const std::string& lang) {
    data::shards::BinarizeInput in;
    in.path = path;
    in.lang = lang;
    return in;
}

void writePairs(const std::string& path, int count, unsigned seed) {
    const auto en = testing::syntheticSentences(testing::englishWords(), count, seed);
    const auto de = testing::syntheticSentences(testing::germanWords(), count, seed + 1);
    std::ofstream out(path);
    for (int i = 0; i < count; ++i)
        out << en[i] << "\t" << de[i] << "\n";
}

std::vector<uint64_t> ccpItems(const CcpBatch& b) {
    std::vector<uint64_t> v = b.centers;
    v.insert(v.end(), b.targets.begin(), b.targets.end());
    v.insert(v.end(), b.sentences.ids.begin(), b.sentences.ids.end());
    return v;
}

std::vector<uint64_t> msmItems(const MsmBatch& b) {
    std::vector<uint64_t> v = b.firstSentences;
    v.insert(v.end(), b.ids.begin(), b.ids.end());
    return v;
}

std::vector<uint64_t> pairItems(const PairBatch& b) {
    std::vector<uint64_t> v = b.documents;
    v.insert(v.end(), b.sources.ids.begin(), b.sources.ids.end());
    return v;
}

}  // namespace

class TestShardSamplers : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    std::unique_ptr<text::Tokenizer> tok_;
    std::unique_ptr<ShardSet> docs_, pairs_;
    std::vector<std::pair<uint64_t, uint64_t>> documents_;  // global sentence ranges

    CcpOptions ccpOptions(uint64_t seed, BatchMode mode = BatchMode::Mixed) const {
        CcpOptions o;
        o.sampling.seed = seed;
        o.sampling.batchSize = 4;
        o.sampling.mode = mode;
        return o;
    }
    std::set<uint64_t> ccpCenters() const {
        std::set<uint64_t> out;
        for (auto [b, e] : documents_) {
            for (uint64_t s = b; e - b >= 2 && s < e; ++s)
                out.insert(s);
        }
        return out;
    }

  private Q_SLOTS:
    void initTestCase() {
        tok_ = std::make_unique<text::Tokenizer>(
            testing::tinyTokenizer(dir_.filePath("tok").toStdString()));
        const std::string en = dir_.filePath("en.txt").toStdString();
        const std::string de = dir_.filePath("de.txt").toStdString();
        writeDocuments(en, testing::englishWords(), {1, 2, 3, 5, 7, 40, 1, 4, 9, 33, 2, 6, 1, 3},
                       21);
        writeDocuments(de, testing::germanWords(), {3, 1, 6, 2, 10, 5, 1, 4}, 22);
        data::shards::BinarizeOptions o;
        o.threads = 1;
        o.maxTokensPerShard = 400;  // several shards: global numbering across them
        data::shards::binarize({documentInput(en, "en"), documentInput(de, "de")}, *tok_,
                               dir_.filePath("docs").toStdString(), o);
        docs_ = std::make_unique<ShardSet>(ShardSet::open(dir_.filePath("docs").toStdString()));
        QVERIFY(docs_->shards().size() > 1);
        CorpusIndex index(*docs_);
        index.forEachDocument([&](uint64_t b, uint64_t e) { documents_.push_back({b, e}); });

        const std::string ende = dir_.filePath("en-de.tsv").toStdString();
        const std::string deen = dir_.filePath("de-en.tsv").toStdString();
        const std::string enfr = dir_.filePath("en-fr.tsv").toStdString();
        writePairs(ende, 60, 31);
        writePairs(deen, 30, 33);
        writePairs(enfr, 20, 35);
        data::shards::BinarizeInput a{ende, "en", "de", true}, b{deen, "de", "en", true},
            c{enfr, "en", "fr", true};
        data::shards::binarize({a, b, c}, *tok_, dir_.filePath("pairs").toStdString(), o);
        pairs_ = std::make_unique<ShardSet>(ShardSet::open(dir_.filePath("pairs").toStdString()));
    }

    // ---- CCP

    void ccpIsDeterministic() {
        for (BatchMode mode : {BatchMode::Mixed, BatchMode::SingleLanguage}) {
            testing::checkDeterminism(
                [&](uint64_t seed) {
                    return std::make_unique<CcpSampler>(*docs_, ccpOptions(seed, mode));
                },
                ccpItems, 20);
        }
    }

    void ccpResumesFromJsonCursor() {
        for (BatchMode mode : {BatchMode::Mixed, BatchMode::SingleLanguage}) {
            for (uint32_t pool : {1u, 3u}) {
                CcpOptions o = ccpOptions(5, mode);
                o.sampling.bucketPool = pool;
                auto make = [&](const Cursor& c) {
                    return std::make_unique<CcpSampler>(*docs_, o, c);
                };
                testing::checkResume(make, ccpItems, 4, 8);   // mid-pool when pool == 3
                testing::checkResume(make, ccpItems, 40, 8);  // past the first epoch
            }
        }
    }

    void ccpShardsAcrossRanks() {
        auto make = [&](uint32_t rank, uint32_t world, const Cursor& c) {
            CcpOptions o = ccpOptions(3);
            o.sampling.rank = rank;
            o.sampling.worldSize = world;
            return std::make_unique<CcpSampler>(*docs_, o, c);
        };
        testing::checkSharding(make, ccpItems, 2, 3, 5);

        // W = 2 over one epoch: disjoint, and together every window exactly once.
        auto r0 = make(0, 2, {}), r1 = make(1, 2, {});
        std::vector<uint64_t> seen;
        bool done = false;
        while (!done) {
            for (auto* r : {r0.get(), r1.get()}) {
                const CcpBatch b = r->next();
                for (size_t i = 0; i < b.centers.size(); ++i) {
                    if (b.epochs[i] == 0) seen.push_back(b.centers[i]);
                    done = done || b.epochs[i] > 0;
                }
            }
        }
        const std::set<uint64_t> unique(seen.begin(), seen.end());
        QCOMPARE(unique.size(), seen.size());
        QCOMPARE(unique, ccpCenters());
    }

    void ccpSingleLanguageBatches() {
        CcpSampler s(*docs_, ccpOptions(11, BatchMode::SingleLanguage));
        std::set<int64_t> languages;
        for (int i = 0; i < 60; ++i) {
            const CcpBatch b = s.next();
            QVERIFY(b.language >= 0);
            languages.insert(b.language);
            for (uint64_t c : b.centers) {
                QCOMPARE(int64_t(CorpusIndex(*docs_).language(c)), b.language);
            }
            for (uint16_t l : b.languages)
                QCOMPARE(int64_t(l), b.language);
        }
        QCOMPARE(languages.size(), size_t(2));
        // Two ranks of one step share the language and never the windows.
        CcpOptions o = ccpOptions(11, BatchMode::SingleLanguage);
        o.sampling.worldSize = 2;
        CcpSampler a(*docs_, o);
        o.sampling.rank = 1;
        CcpSampler b(*docs_, o);
        for (int i = 0; i < 10; ++i) {
            const CcpBatch x = a.next(), y = b.next();
            QCOMPARE(x.language, y.language);
            std::set<std::pair<uint64_t, uint64_t>> windows;  // (center, epoch)
            for (size_t k = 0; k < x.centers.size(); ++k)
                windows.insert({x.centers[k], x.epochs[k]});
            for (size_t k = 0; k < y.centers.size(); ++k) {
                QVERIFY(windows.insert({y.centers[k], y.epochs[k]}).second);
            }
        }
    }

    void ccpRespectsTheWindow() {
        for (uint32_t radius : {1u, 2u, 4u}) {
            CcpOptions o = ccpOptions(radius);
            o.radius = radius;
            o.maxTokens = 6;
            o.sampling.batchSize = 8;
            CcpSampler s(*docs_, o);
            CorpusIndex index(*docs_);
            std::set<int64_t> distances;
            for (int i = 0; i < 80; ++i) {
                const CcpBatch b = s.next();
                const int64_t n = static_cast<int64_t>(b.centers.size());
                QCOMPARE(b.sentences.rows, 2 * n);
                for (int64_t k = 0; k < n; ++k) {
                    const uint64_t c = b.centers[k], t = b.targets[k];
                    const auto doc = index.documentOf(c);
                    QVERIFY(doc.second - doc.first >= 2);
                    QVERIFY(t != c && t >= doc.first && t < doc.second);
                    const int64_t d = std::abs(int64_t(t) - int64_t(c));
                    QVERIFY(d <= int64_t(radius));
                    distances.insert(d);
                    QCOMPARE(b.windowIds[k], c);
                    // Rows: <s> first maxTokens - 2 ids </s>.
                    for (int64_t row : {k, n + k}) {
                        const auto span = index.sentence(row == k ? c : t);
                        const int32_t len = b.sentences.lengths[row];
                        QCOMPARE(len, int32_t(std::min<uint64_t>(span.size, 4) + 2));
                        QCOMPARE(b.sentences.at(row, 0), kBosId);
                        QCOMPARE(b.sentences.at(row, len - 1), kEosId);
                        QCOMPARE(b.sentences.at(row, 1), int32_t(span.data[0]));
                    }
                }
            }
            QCOMPARE(int64_t(*distances.rbegin()), int64_t(radius));  // the whole window is used
        }
    }

    void ccpRejectsCorpusWithoutWindows() {
        const std::string path = dir_.filePath("singles.txt").toStdString();
        writeDocuments(path, testing::englishWords(), {1, 1, 1}, 3);
        data::shards::binarize({documentInput(path, "en")}, *tok_,
                               dir_.filePath("singles").toStdString());
        ShardSet set = ShardSet::open(dir_.filePath("singles").toStdString());
        QVERIFY_THROWS_EXCEPTION(DataError, CcpSampler(set, ccpOptions(1)));
    }

    void paddingAndBucketing() {
        CcpOptions plain = ccpOptions(9);
        plain.sampling.padMultiple = 8;
        CcpOptions bucketed = plain;
        bucketed.sampling.bucketPool = 8;
        CcpSampler a(*docs_, plain), b(*docs_, bucketed);
        double padA = 0, padB = 0;
        for (int i = 0; i < 64; ++i) {
            const CcpBatch x = a.next(), y = b.next();
            for (const TokenMatrix* m : {&x.sentences, &y.sentences}) {
                QCOMPARE(m->cols % 8, int64_t(0));
                int32_t longest = 0;
                for (int64_t r = 0; r < m->rows; ++r) {
                    longest = std::max(longest, m->lengths[r]);
                    for (int64_t c = 0; c < m->cols; ++c) {
                        const bool token = c < m->lengths[r];
                        QCOMPARE(m->attention[r * m->cols + c], token ? 1 : 0);
                        if (!token) QCOMPARE(m->at(r, c), kPadId);
                        if (token) QVERIFY(m->at(r, c) != kPadId);
                    }
                }
                QCOMPARE(m->cols, roundUp(longest, 8));
            }
            padA += x.sentences.paddingRatio();
            padB += y.sentences.paddingRatio();
        }
        QVERIFY2(padB < padA,
                 qPrintable(QString("bucketed %1 vs plain %2").arg(padB / 64).arg(padA / 64)));
    }

    // ---- MSM

    void msmBlocksRespectLimits() {
        MsmOptions o;
        o.maxSentences = 4;
        o.maxTokens = 7;
        o.sampling.batchSize = 3;
        MsmSampler s(*docs_, o);
        uint64_t expectedBlocks = 0;
        for (auto [b, e] : documents_) {
            for (uint64_t f = b; f < e; f += 4)
                expectedBlocks += std::min<uint64_t>(e - f, 4) >= 2;
        }
        uint64_t counted = 0;
        for (uint64_t n : s.blocksPerLanguage())
            counted += n;
        QCOMPARE(counted, expectedBlocks);
        CorpusIndex index(*docs_);
        std::set<uint64_t> epochZero;
        for (int i = 0; i < 60; ++i) {
            const MsmBatch b = s.next();
            QCOMPARE(b.blocks, int64_t(3));
            QVERIFY(b.sentences <= 4 && b.tokens <= 7);
            QCOMPARE(b.ids.size(), size_t(b.blocks * b.sentences * b.tokens));
            for (int64_t k = 0; k < b.blocks; ++k) {
                const auto doc = index.documentOf(b.firstSentences[k]);
                QCOMPARE((b.firstSentences[k] - doc.first) % 4, uint64_t(0));
                const int32_t n = b.sentenceCounts[k];
                QCOMPARE(uint64_t(n), std::min<uint64_t>(doc.second - b.firstSentences[k], 4));
                QVERIFY(n >= 2);
                if (b.epochs[k] == 0) epochZero.insert(b.firstSentences[k]);
                for (int64_t sIdx = 0; sIdx < b.sentences; ++sIdx) {
                    const int32_t len = b.tokenLengths[k * b.sentences + sIdx];
                    QVERIFY(sIdx < n ? len >= 2 : len == 0);
                    if (sIdx < n) {
                        QCOMPARE(b.at(k, sIdx, 0), kBosId);
                        QCOMPARE(b.at(k, sIdx, len - 1), kEosId);
                    }
                    for (int64_t t = len; t < b.tokens; ++t)
                        QCOMPARE(b.at(k, sIdx, t), kPadId);
                }
            }
        }
        QCOMPARE(uint64_t(epochZero.size()), expectedBlocks);  // 180 draws cover the epoch
        MsmOptions def;
        QCOMPARE(def.maxSentences, 32u);
        MsmSampler big(*docs_, def);
        for (int i = 0; i < 10; ++i)
            QVERIFY(big.next().sentences <= 32);
    }

    void msmDeterminismResumeAndSharding() {
        auto makeSeed = [&](uint64_t seed) {
            MsmOptions o;
            o.sampling.seed = seed;
            return std::make_unique<MsmSampler>(*docs_, o);
        };
        testing::checkDeterminism(makeSeed, msmItems, 10);
        for (uint32_t pool : {1u, 4u}) {
            MsmOptions o;
            o.maxSentences = 5;
            o.sampling.batchSize = 2;
            o.sampling.bucketPool = pool;
            testing::checkResume(
                [&](const Cursor& c) { return std::make_unique<MsmSampler>(*docs_, o, c); },
                msmItems, 5, 10);
        }
        testing::checkSharding(
            [&](uint32_t rank, uint32_t world, const Cursor& c) {
                MsmOptions o;
                o.maxSentences = 3;
                o.sampling.batchSize = 2;
                o.sampling.rank = rank;
                o.sampling.worldSize = world;
                return std::make_unique<MsmSampler>(*docs_, o, c);
            },
            msmItems, 2, 4, 6);
    }

    // ---- parallel pairs

    void pairsCarryTheirLanguages() {
        PairOptions o;
        o.sampling.batchSize = 8;
        PairSampler s(*pairs_, o);
        QCOMPARE(s.languagePairs().size(), size_t(3));
        QCOMPARE(s.languagePairs()[0], (LanguagePair{"en", "de"}));
        const auto& names = pairs_->languages();
        CorpusIndex index(*pairs_);
        std::set<uint32_t> groups, docs;
        for (int i = 0; i < 30; ++i) {
            const PairBatch b = s.next();
            QCOMPARE(b.sources.rows, int64_t(8));
            QCOMPARE(b.targets.rows, int64_t(8));
            for (size_t k = 0; k < b.documents.size(); ++k) {
                const uint64_t first = index.documentSentences(b.documents[k]).first;
                QCOMPARE(b.sourceLanguages[k], index.language(first));
                QCOMPARE(b.targetLanguages[k], index.language(first + 1));
                const LanguagePair& p = s.languagePairs()[b.pairGroups[k]];
                QCOMPARE(names[b.sourceLanguages[k]], p.first);
                QCOMPARE(names[b.targetLanguages[k]], p.second);
                QCOMPARE(b.targets.at(k, 1), int32_t(index.sentence(first + 1).data[0]));
                groups.insert(b.pairGroups[k]);
                if (b.epochs[k] == 0) docs.insert(b.documents[k]);
            }
        }
        QCOMPARE(groups.size(), size_t(3));  // mixed batches draw every pair
        QCOMPARE(docs.size(), size_t(110));

        PairOptions only = o;
        only.languagePairs = {{"de", "en"}};
        PairSampler r(*pairs_, only);
        for (int i = 0; i < 10; ++i) {
            const PairBatch b = r.next();
            for (size_t k = 0; k < b.documents.size(); ++k) {
                QCOMPARE(names[b.sourceLanguages[k]], std::string("de"));
                QCOMPARE(names[b.targetLanguages[k]], std::string("en"));
            }
        }
        PairOptions single = o;
        single.sampling.mode = BatchMode::SingleLanguage;
        PairSampler g(*pairs_, single);
        for (int i = 0; i < 10; ++i) {
            const PairBatch b = g.next();
            for (uint32_t p : b.pairGroups)
                QCOMPARE(int64_t(p), b.pairGroup);
        }
        PairOptions missing = o;
        missing.languagePairs = {{"fr", "en"}};
        QVERIFY_THROWS_EXCEPTION(ConfigError, PairSampler(*pairs_, missing));
        QVERIFY_THROWS_EXCEPTION(DataError, PairSampler(*docs_, o));  // not a pair set
    }

    // One language pair per batch, where two pairs have fewer pairs than a step takes (2 ranks
    // x 16 = 32: en-fr has 20, de-en 30, en-de 60): a small pair's batches share the small pairs
    // and never repeat a pair within the step (a repeat is a false negative for HICTL).
    void smallLanguagePairsShareBatchesWithoutRepeats() {
        PairOptions o;
        o.sampling.batchSize = 16;
        o.sampling.worldSize = 2;
        o.sampling.mode = BatchMode::SingleLanguage;
        o.sampling.seed = 5;
        PairSampler a(*pairs_, o);
        o.sampling.rank = 1;
        PairSampler b(*pairs_, o);
        const auto& names = pairs_->languages();
        int pooled = 0, single = 0;
        std::set<uint32_t> pooledGroups;
        for (int i = 0; i < 40; ++i) {
            const PairBatch x = a.next(), y = b.next();
            QCOMPARE(x.pairGroup, y.pairGroup);
            QCOMPARE(x.documents.size(), size_t(16));
            std::set<uint64_t> step(x.documents.begin(), x.documents.end());
            step.insert(y.documents.begin(), y.documents.end());
            QCOMPARE(step.size(), size_t(32));  // no pair twice in the step
            const bool shared = x.pairGroup < 0;
            (shared ? pooled : single) += 1;
            for (const PairBatch* batch : {&x, &y})
                for (uint32_t g : batch->pairGroups) {
                    const LanguagePair& p = a.languagePairs()[g];
                    if (shared) {
                        QVERIFY2(!(p == LanguagePair{"en", "de"}),
                                 "a large pair in a shared batch");
                        pooledGroups.insert(g);
                    } else {
                        QCOMPARE(int64_t(g), x.pairGroup);
                    }
                    QVERIFY(std::find(names.begin(), names.end(), p.first) != names.end());
                }
        }
        QVERIFY(pooled > 0);
        QVERIFY(single > 0);
        QCOMPARE(pooledGroups.size(), size_t(2));
    }

    void pairsDeterminismResumeAndSharding() {
        auto makeSeed = [&](uint64_t seed) {
            PairOptions o;
            o.sampling.seed = seed;
            o.sampling.batchSize = 8;
            return std::make_unique<PairSampler>(*pairs_, o);
        };
        testing::checkDeterminism(makeSeed, pairItems, 10);
        PairOptions o;
        o.sampling.batchSize = 8;
        o.languagePairs = {{"en", "de"}, {"en", "fr"}};
        testing::checkResume(
            [&](const Cursor& c) { return std::make_unique<PairSampler>(*pairs_, o, c); },
            pairItems, 13, 10);
        testing::checkSharding(
            [&](uint32_t rank, uint32_t world, const Cursor& c) {
                PairOptions p;
                p.sampling.batchSize = 5;
                p.sampling.rank = rank;
                p.sampling.worldSize = world;
                return std::make_unique<PairSampler>(*pairs_, p, c);
            },
            pairItems, 3, 2, 5);
    }

    void cursorOfAnotherModeIsRejected() {
        CcpSampler mixed(*docs_, ccpOptions(1));
        mixed.next();
        QVERIFY_THROWS_EXCEPTION(
            DataError,
            CcpSampler(*docs_, ccpOptions(1, BatchMode::SingleLanguage), mixed.cursor()));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestShardSamplers)
#include "test_shard_samplers.moc"

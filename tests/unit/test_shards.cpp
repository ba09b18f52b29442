// Binarized shards: round trip through the tokenizer, determinism across thread counts, shard
// splitting, and clear errors for truncated files, other tokenizers and existing outputs.

#include <fstream>

#include <nlohmann/json.hpp>

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/data/shards/binarizer.h"
#include "core/data/shards/shard_set.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_corpus.h"

using namespace isomorph;
using namespace isomorph::data::shards;

namespace {

QByteArray hashDir(const QString& dir) {
    QCryptographicHash h(QCryptographicHash::Sha256);
    const QStringList files = QDir(dir).entryList(QDir::Files, QDir::Name);
    for (const QString& f : files) {
        if (f == "shards.json") continue;  // holds absolute source paths
        QFile file(QDir(dir).filePath(f));
        if (!file.open(QIODevice::ReadOnly)) return {};
        h.addData(f.toUtf8());
        h.addData(file.readAll());
    }
    return h.result().toHex();
}

std::string decodeSentence(const text::Tokenizer& tok, TokenSpan span) {
    return tok.decode(std::vector<int32_t>(span.begin(), span.end()));
}

}  // namespace

class TestShards : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    std::unique_ptr<text::Tokenizer> tok_;
    std::vector<std::vector<std::string>> enDocs_, deDocs_;
    std::string enPath_, dePath_;

    std::vector<BinarizeInput> inputs() const {
        return {{enPath_, "en", "", false}, {dePath_, "", "", false}};
    }

  private Q_SLOTS:
    void initTestCase() {
        tok_ = std::make_unique<text::Tokenizer>(
            testing::tinyTokenizer(dir_.filePath("tok").toStdString()));
        const auto en = testing::syntheticSentences(testing::englishWords(), 120, 5);
        const auto de = testing::syntheticSentences(testing::germanWords(), 90, 6);
        for (size_t i = 0; i < en.size(); i += 4)
            enDocs_.push_back({en.begin() + i, en.begin() + std::min(en.size(), i + 4)});
        for (size_t i = 0; i < de.size(); i += 3)
            deDocs_.push_back({de.begin() + i, de.begin() + std::min(de.size(), i + 3)});
        enPath_ = dir_.filePath("en.txt").toStdString();
        std::ofstream en_out(enPath_);
        for (const auto& d : enDocs_) {
            for (const auto& s : d)
                en_out << s << "\n";
            en_out << "\n";
        }
        dePath_ = dir_.filePath("de.jsonl").toStdString();
        std::ofstream de_out(dePath_);
        for (size_t i = 0; i < deDocs_.size(); ++i) {
            de_out << nlohmann::json{{"id", "d" + std::to_string(i)},
                                     {"lang", "de"},
                                     {"sentences", deDocs_[i]}}
                          .dump()
                   << "\n";
        }
    }

    void roundTripsEveryDocument() {
        const std::string out = dir_.filePath("rt").toStdString();
        BinarizeOptions o;
        o.threads = 2;
        BinarizeStats stats = binarize(inputs(), *tok_, out, o);
        QCOMPARE(stats.documents, uint64_t(enDocs_.size() + deDocs_.size()));
        QCOMPARE(stats.sentences, uint64_t(120 + 90));
        QCOMPARE(stats.sentencesPerLanguage.at("en"), uint64_t(120));
        QCOMPARE(stats.sentencesPerLanguage.at("de"), uint64_t(90));
        QCOMPARE(stats.unknownTokens, uint64_t(0));

        ShardSet set = ShardSet::open(out, tok_->hash());
        QCOMPARE(set.documentCount(), stats.documents);
        QCOMPARE(set.tokenCount(), stats.tokens);
        QCOMPARE(set.languages(), (std::vector<std::string>{"en", "de"}));
        QCOMPARE(set.sources().size(), size_t(2));
        std::vector<std::vector<std::string>> all = enDocs_;
        all.insert(all.end(), deDocs_.begin(), deDocs_.end());
        for (uint64_t d = 0; d < set.documentCount(); ++d) {
            auto [s, local] = set.locateDocument(d);
            const Shard& shard = *set.shards()[s];
            const auto& expected = all[d];
            QCOMPARE(shard.documentEnd(local) - shard.documentBegin(local),
                     uint64_t(expected.size()));
            for (uint64_t i = shard.documentBegin(local); i < shard.documentEnd(local); ++i) {
                QCOMPARE(decodeSentence(*tok_, shard.sentence(i)),
                         expected[i - shard.documentBegin(local)]);
                QCOMPARE(set.languages()[shard.sentenceLanguage(i)],
                         std::string(d < enDocs_.size() ? "en" : "de"));
            }
        }
        // Plain text keeps per-sentence line numbers: document 1 starts on line 6.
        const Shard& first = *set.shards()[0];
        QCOMPARE(first.sentenceLine(first.documentBegin(1)), uint64_t(6));
        QCOMPARE(first.sentenceLine(first.documentBegin(1) + 2), uint64_t(8));
    }

    void outputIsIdenticalForAnyThreadCountAndSplitsShards() {
        BinarizeOptions one;
        one.threads = 1;
        one.maxTokensPerShard = 200;
        one.documentsPerChunk = 3;
        BinarizeOptions three = one;
        three.threads = 3;
        const QString a = dir_.filePath("t1"), b = dir_.filePath("t3");
        BinarizeStats sa = binarize(inputs(), *tok_, a.toStdString(), one);
        binarize(inputs(), *tok_, b.toStdString(), three);
        QVERIFY(sa.shards > 2);
        QCOMPARE(hashDir(a), hashDir(b));
        ShardSet set = ShardSet::open(a.toStdString());
        QCOMPARE(set.shards().size(), sa.shards);
        QCOMPARE(set.documentCount(), uint64_t(enDocs_.size() + deDocs_.size()));
        for (const auto& shard : set.shards()) {
            // A shard closes at the first document boundary past the limit.
            QVERIFY(shard->documentCount() > 0);
        }
    }

    void refusesExistingOutputUnlessForced() {
        const std::string out = dir_.filePath("exists").toStdString();
        binarize(inputs(), *tok_, out);
        try {
            binarize(inputs(), *tok_, out);
            QFAIL("expected DataError");
        } catch (const DataError& e) {
            QVERIFY2(std::string(e.what()).find("--force") != std::string::npos, e.what());
        }
        BinarizeOptions force;
        force.force = true;
        binarize(inputs(), *tok_, out, force);
        QVERIFY(
            QDir(dir_.path()).entryList({".exists.tmp-*"}, QDir::Hidden | QDir::Dirs).isEmpty());
    }

    void truncatedShardIsNamed() {
        const QString out = dir_.filePath("trunc");
        binarize(inputs(), *tok_, out.toStdString());
        const QString tok = QDir(out).filePath("shard-00000.tok");
        QFile f(tok);
        QVERIFY(f.resize(f.size() - 10));
        try {
            ShardSet::open(out.toStdString());
            QFAIL("expected DataError");
        } catch (const DataError& e) {
            QVERIFY2(
                std::string(e.what()).find("shard-00000.tok is truncated") != std::string::npos,
                e.what());
        }
        QVERIFY(f.resize(20));  // shorter than the header
        QVERIFY_THROWS_EXCEPTION(DataError, ShardSet::open(out.toStdString()));
    }

    void otherTokenizerIsRefused() {
        const std::string out = dir_.filePath("hash").toStdString();
        binarize(inputs(), *tok_, out);
        try {
            ShardSet::open(out, "0123456789abcdef");
            QFAIL("expected DataError");
        } catch (const DataError& e) {
            QVERIFY2(std::string(e.what()).find(tok_->hash()) != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("binarize the corpus again") != std::string::npos,
                     e.what());
        }
        QVERIFY_THROWS_EXCEPTION(DataError, ShardSet::open(dir_.filePath("nowhere").toStdString()));
    }

    void pairsBecomeTwoSentenceDocuments() {
        const QString tsv = dir_.filePath("de-en.tsv");
        QFile f(tsv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("Dateien kopieren\tcopy files\nalle Inhalte auflisten\tlist all contents\n");
        f.close();
        const std::string out = dir_.filePath("pairs").toStdString();
        BinarizeInput in{tsv.toStdString(), "de", "en", true};
        binarize({in}, *tok_, out);
        ShardSet set = ShardSet::open(out);
        QCOMPARE(set.documentCount(), uint64_t(2));
        QCOMPARE(set.languages(), (std::vector<std::string>{"de", "en"}));
        const Shard& shard = *set.shards()[0];
        QCOMPARE(shard.documentEnd(1) - shard.documentBegin(1), uint64_t(2));
        QCOMPARE(decodeSentence(*tok_, shard.sentence(2)), std::string("alle Inhalte auflisten"));
        QCOMPARE(decodeSentence(*tok_, shard.sentence(3)), std::string("list all contents"));
        QCOMPARE(set.languages()[shard.sentenceLanguage(2)], std::string("de"));
        QCOMPARE(set.languages()[shard.sentenceLanguage(3)], std::string("en"));
        QCOMPARE(shard.sentenceLine(3), uint64_t(2));
        QCOMPARE(set.sources()[0].format, std::string("pairs"));
    }

    void badInputNamesFileAndLeavesNoOutput() {
        const QString bad = dir_.filePath("bad.jsonl");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"id\":\"a\",\"lang\":\"de\",\"sentences\":[\"ok\"]}\n{broken\n");
        f.close();
        const std::string out = dir_.filePath("badout").toStdString();
        try {
            binarize({{bad.toStdString(), "", "", false}}, *tok_, out);
            QFAIL("expected DataError");
        } catch (const DataError& e) {
            QVERIFY2(std::string(e.what()).find("bad.jsonl:2") != std::string::npos, e.what());
        }
        QVERIFY(!QFile::exists(QString::fromStdString(out)));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestShards)
#include "test_shards.moc"

// The bitext and BUCC workflows of core/eval/bitext_evaluation.h on a tiny random model: sets
// of a folder scored and averaged, progress per set ending at done == total, cancellation, the
// dev-tuned threshold applied to test, and a request naming neither BUCC mode refused.

#include <fstream>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/eval/bitext_evaluation.h"
#include "core/model/encoding_service.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_model.h"

using namespace isomorph;
namespace fs = std::filesystem;

class TestBitextEvaluation : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    fs::path root_;
    std::unique_ptr<model::EncodingService> encoder_;

    /// DIR/NAME.tsv with `n` pairs whose two sides are the same sentence: every row's nearest
    /// neighbour is its own pair, so top-1 is exactly 1.
    void writeIdenticalPairs(const fs::path& file, int n, uint32_t seed) {
        const auto s = testing::syntheticSentences(testing::englishWords(), n, seed);
        std::ofstream out(file);
        for (const auto& line : s)
            out << line << '\t' << line << '\n';
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        root_ = fs::path(dir_.path().toStdString());
        model::EncodeOptions o;
        o.pooling = model::Pooling::parse("mean", "pooling");
        o.threads = 1;
        encoder_ = model::EncodingService::open(testing::tinyModel(root_), o);
        fs::create_directories(root_ / "pairs");
        writeIdenticalPairs(root_ / "pairs" / "de-en.tsv", 12, 5);
        writeIdenticalPairs(root_ / "pairs" / "fr-en.tsv", 9, 6);
    }

    void scoresEverySetAndReportsProgressPerSet() {
        eval::BitextRequest request;
        request.pairs = root_ / "pairs";
        std::vector<Progress> seen;
        Feedback feedback([&](const Progress& p) {
            seen.push_back(p);
            return true;
        });
        const auto report = eval::evaluateBitextSets(*encoder_, request, &feedback);
        QCOMPARE(report.sets.size(), size_t(2));
        QCOMPARE(report.sets[0].name, std::string("de-en"));
        QCOMPARE(report.sets[0].pairs, size_t(12));
        QCOMPARE(report.sets[1].name, std::string("fr-en"));
        for (const auto& set : report.sets)  // by cosine (CSLS may prefer a less hubby row)
            QCOMPARE(set.raw.cosine.mean, 1.0);
        QCOMPARE(report.meanCosine, 1.0);
        QVERIFY(!report.calibrated);
        // One stage per set, then the end: done counts up to total.
        QCOMPARE(seen.size(), size_t(3));
        QCOMPARE(seen[0].stage, std::string("de-en"));
        QCOMPARE(seen[0].done, int64_t(0));
        QCOMPARE(seen[1].stage, std::string("fr-en"));
        QCOMPARE(seen[2].done, int64_t(2));
        QCOMPARE(seen[2].total, int64_t(2));
    }

    void cancelsWhenProgressSaysSo() {
        eval::BitextRequest request;
        request.pairs = root_ / "pairs";
        int calls = 0;
        Feedback feedback([&](const Progress&) {
            return ++calls < 2;  // stop before the second set
        });
        QVERIFY_THROWS_EXCEPTION(Cancelled,
                                 eval::evaluateBitextSets(*encoder_, request, &feedback));
        QCOMPARE(calls, 2);
    }

    void buccTunesOnDevAndAppliesToTest() {
        // BUCC files: PREFIX.de / PREFIX.en ("id<TAB>sentence") and PREFIX.gold
        // ("de-id<TAB>en-id"); identical sentences are the gold pairs, so mining finds them all at
        // dev's threshold.
        for (const auto& [name, seed] : {std::pair{"dev", 7u}, std::pair{"test", 8u}}) {
            const auto s = testing::syntheticSentences(testing::englishWords(), 10, seed);
            std::ofstream de(root_ / (std::string(name) + ".de")),
                en(root_ / (std::string(name) + ".en")),
                gold(root_ / (std::string(name) + ".gold"));
            for (size_t i = 0; i < s.size(); ++i) {
                de << "de-" << i << '\t' << s[i] << '\n';
                en << "en-" << i << '\t' << s[i] << '\n';
                gold << "de-" << i << '\t' << "en-" << i << '\n';
            }
        }
        eval::BuccRequest request;
        request.devPrefix = (root_ / "dev").string();
        request.testPrefix = (root_ / "test").string();
        request.srcLang = "de";
        const auto report = eval::evaluateBucc(*encoder_, request);
        QCOMPARE(report.sets.size(), size_t(1));
        const auto& set = report.sets[0];
        QCOMPARE(set.test.threshold, set.dev.threshold);  // chosen on dev, applied to test
        QCOMPARE(set.dev.gold, int64_t(10));
        QCOMPARE(set.test.gold, int64_t(10));
        QVERIFY(set.dev.f1 > 0.0);
        QVERIFY(set.test.f1 >= 0.0 && set.test.f1 <= 1.0);

        eval::BuccRequest neither;
        try {
            eval::evaluateBucc(*encoder_, neither);
            QFAIL("a request with neither mode was accepted");
        } catch (const ConfigError& e) {
            QVERIFY2(std::string(e.what()).find("dev prefix") != std::string::npos, e.what());
        }
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestBitextEvaluation)
#include "test_bitext_evaluation.moc"

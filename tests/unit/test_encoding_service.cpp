// EncodingService (core/model/encoding_service.h) on a tiny random model: input order restored
// after sorting by length, .npy streaming equal to encode(), cancellation leaving no file,
// truncation and empty-input statistics, normalisation, and errors naming settings.

#include <cmath>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/model/encoding_service.h"
#include "core/model_io/npy_reader.h"
#include "tests/support/error_message.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_model.h"

using namespace isomorph;
namespace fs = std::filesystem;

namespace {

std::vector<float> row(const std::vector<float>& m, int64_t dim, size_t r) {
    return {m.begin() + static_cast<long>(r * dim), m.begin() + static_cast<long>((r + 1) * dim)};
}

}  // namespace

class TestEncodingService : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    fs::path model_;
    // Different lengths, so sorting by length reorders them.
    const std::vector<std::string> sentences_ = {"list the directory contents now please",
                                                 "copy",
                                                 "remove all files",
                                                 "print size",
                                                 "list all files in the",
                                                 "copy the files"};

    model::EncodeOptions options() const {
        model::EncodeOptions o;
        o.pooling = model::Pooling::parse("mean", "pooling");
        o.threads = 1;
        o.batchSize = 2;  // several batches
        return o;
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        model_ = testing::tinyModel(fs::path(dir_.path().toStdString()));
    }

    void rowsComeBackInInputOrder() {
        // One sentence per batch: each row is computed alone whatever the order, so rows are
        // bitwise equal exactly when the service restores the input order after sorting.
        auto o = options();
        o.batchSize = 1;
        auto service = model::EncodingService::open(model_, o);
        QCOMPARE(service->dimension(), int64_t(32));
        const auto forward = service->encode(sentences_);
        std::vector<std::string> reversed(sentences_.rbegin(), sentences_.rend());
        const auto backward = service->encode(reversed);
        QCOMPARE(forward.size(), sentences_.size() * 32);
        const size_t n = sentences_.size();
        for (size_t i = 0; i < n; ++i)
            QCOMPARE(row(forward, 32, i), row(backward, 32, n - 1 - i));
        QVERIFY(row(forward, 32, 0) != row(forward, 32, 1));
    }

    void identicalInputsGetBitIdenticalVectors() {
        // Encoded in different batches (other padding) identical inputs would differ by float
        // rounding, and which of them is a nearest neighbour would be decided by it. They are
        // encoded once; the other rows are as before.
        auto service = model::EncodingService::open(model_, options());
        std::vector<std::string> input = sentences_;
        input.push_back(sentences_[1]);  // "copy" again, after the longest rows
        input.insert(input.begin(), sentences_[4]);
        const auto v = service->encode(input);
        const auto plain = service->encode(sentences_);
        QCOMPARE(row(v, 32, 2), row(v, 32, input.size() - 1));  // both "copy"
        QCOMPARE(row(v, 32, 0), row(v, 32, 5));                 // both sentences_[4]
        for (size_t i = 0; i < sentences_.size(); ++i)
            for (size_t d = 0; d < 32; ++d)
                QVERIFY(std::abs(row(v, 32, i + 1)[d] - row(plain, 32, i)[d]) < 1e-5f);
    }

    void npyStreamEqualsEncode() {
        auto service = model::EncodingService::open(model_, options());
        const auto expected = service->encode(sentences_);
        size_t next = 0;
        const fs::path out = fs::path(dir_.filePath("x.npy").toStdString());
        std::vector<int64_t> progress;
        const auto stats = service->encodeToNpy(
            [&](std::string& s) {
                if (next == sentences_.size()) return false;
                s = sentences_[next++];
                return true;
            },
            out,
            [&](const Progress& p) {
                progress.push_back(p.done);
                return true;
            });
        QCOMPARE(stats.sentences, int64_t(sentences_.size()));
        QVERIFY(!progress.empty());
        QCOMPARE(progress.back(), int64_t(sentences_.size()));
        const auto m = model_io::readNpyMatrix(out);
        QCOMPARE(m.rows, int64_t(sentences_.size()));
        QCOMPARE(m.data, expected);
    }

    void cancellingLeavesNoFile() {
        auto service = model::EncodingService::open(model_, options());
        const fs::path out = fs::path(dir_.filePath("cancelled.npy").toStdString());
        size_t next = 0;
        QVERIFY_THROWS_EXCEPTION(Cancelled, service->encodeToNpy(
                                                [&](std::string& s) {
                                                    if (next == sentences_.size()) return false;
                                                    s = sentences_[next++];
                                                    return true;
                                                },
                                                out, [](const Progress&) { return false; }));
        QVERIFY(!fs::exists(out));
    }

    void statisticsAndNormalisation() {
        auto o = options();
        o.maxTokens = 4;  // <s>, two pieces at most, </s>
        o.normalize = true;
        auto service = model::EncodingService::open(model_, o);
        model::EncodeStats stats;
        const auto v = service->encode({"list the directory contents", "", "copy"}, &stats);
        QCOMPARE(stats.sentences, int64_t(3));
        QCOMPARE(stats.empty, int64_t(1));
        QVERIFY(stats.truncated >= 1);  // the first sentence has more than two pieces
        for (size_t r = 0; r < 3; ++r) {
            double norm = 0;
            for (float x : row(v, 32, r))
                norm += static_cast<double>(x) * x;
            // Float32 normalisation of 32 values: each square and the division round by at
            // most 2^-24, so |norm^2 - 1| < 70 * 2^-24.
            ISOMORPH_COMPARE_NEAR(norm, 1.0, 70.0 / (1 << 24));
        }
    }

    void errorsNameSettings() {
        auto o = options();
        o.batchSize = 0;
        const QString batch =
            testing::messageOf<ConfigError>([&] { model::EncodingService::open(model_, o); });
        QVERIFY2(batch.contains("setting 'batch_size'") && !batch.contains("--"),
                 qPrintable(batch));
        o = options();
        o.pooling = model::Pooling::parse("layer:7", "pooling");
        const QString pooling =
            testing::messageOf<ConfigError>([&] { model::EncodingService::open(model_, o); });
        QVERIFY2(pooling.contains("setting 'pooling'"), qPrintable(pooling));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestEncodingService)
#include "test_encoding_service.moc"

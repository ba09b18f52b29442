// The calibration fit workflow (core/eval/calibration_fit) on a tiny random encoder and
// synthetic sentences: the default rotation is unsupervised and the method is recorded in the
// report and the file; every phase reports progress for every language; a rotation from fewer
// pairs than minRotationPairs is refused with a note naming the setting; cancelling leaves no
// file; the report has one row per pair set and step.

#include <set>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/eval/calibration_fit.h"
#include "core/model/model_init.h"
#include "tests/support/near.h"
#include "tests/support/tiny_corpus.h"

using namespace isomorph;
using align::RotationMethod;

namespace {

void writeLines(const QString& path, const std::vector<std::string>& lines, size_t count) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    for (size_t i = 0; i < count && i < lines.size(); ++i)
        f.write(QByteArray::fromStdString(lines[i]) + "\n");
}

}  // namespace

class TestCalibrationFit : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    std::unique_ptr<model::EncodingService> encoder_;
    std::vector<std::string> de_, en_;

    QString path(const QString& name) const { return dir_.filePath(name); }

    /// Samples of de and en (80 sentences each) and 70 de-en "pairs" (synthetic, not real
    /// translations: the tests check the workflow, not accuracy).
    eval::CalibrationFitOptions options(const QString& out) const {
        eval::CalibrationFitOptions o;
        o.output = out.toStdString();
        o.monoFiles = {{"de", path("de.txt").toStdString()}, {"en", path("en.txt").toStdString()}};
        o.reportPairs = path("heldout/de-en.tsv").toStdString();
        o.refinement.maxIterations = 3;
        return o;
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        testing::tinyTokenizer(path("tok").toStdString());
        model::EncoderConfig c;
        c.hiddenSize = 32;
        c.numLayers = 1;
        c.numHeads = 4;
        c.intermediateSize = 64;
        c.maxPositions = 34;
        model::createInitialCheckpoint(c, path("tok.model").toStdString(),
                                       path("model").toStdString(), 3);
        model::EncodeOptions eo;
        eo.threads = 1;
        encoder_ = model::EncodingService::open(path("model").toStdString(), eo);
        de_ = testing::syntheticSentences(testing::germanWords(), 200, 41);
        en_ = testing::syntheticSentences(testing::englishWords(), 200, 42);
        writeLines(path("de.txt"), de_, 80);
        writeLines(path("en.txt"), en_, 80);
        QDir().mkpath(path("heldout"));
        QFile pairs(path("pairs.tsv")), heldOut(path("heldout/de-en.tsv"));
        QVERIFY(pairs.open(QIODevice::WriteOnly) && heldOut.open(QIODevice::WriteOnly));
        for (size_t i = 0; i < 70; ++i)
            pairs.write(QByteArray::fromStdString(de_[i] + "\t" + en_[i] + "\n"));
        for (size_t i = 100; i < 120; ++i)
            heldOut.write(QByteArray::fromStdString(de_[i] + "\t" + en_[i] + "\n"));
    }

    void defaultIsUnsupervisedAndRecordedEverywhere() {
        // The CCP paper's rotation needs no parallel data (its section 3.2).
        QCOMPARE(eval::CalibrationFitOptions{}.method, RotationMethod::Unsupervised);
        const QString out = path("default.safetensors");
        const auto report = eval::fitCalibration(*encoder_, options(out));
        QCOMPARE(report.calibration.at("de").method, RotationMethod::Unsupervised);
        QCOMPARE(report.calibration.at("en").method, RotationMethod::Identity);  // the pivot
        QVERIFY(!report.calibration.at("de").refinement.empty());
        const auto back = align::loadCalibration(out.toStdString());
        QCOMPARE(back.at("de").method, RotationMethod::Unsupervised);
        QCOMPARE(report.sampleSentences.at("de"), int64_t(80));
        for (const auto& note : report.notes)  // a small dictionary may be noted, nothing else
            QVERIFY2(QString::fromStdString(note).contains("dictionary"), note.c_str());
    }

    void everyPhaseReportsEveryLanguage() {
        std::map<std::string, std::set<std::string>> seen;  // phase -> languages
        bool encodeCompleted = false;
        const auto report = eval::fitCalibration(
            *encoder_, options(path("progress.safetensors")), [&](const Progress& p) {
                // stage "PHASE LANGUAGE"
                const size_t space = p.stage.rfind(' ');
                seen[p.stage.substr(0, space)].insert(p.stage.substr(space + 1));
                if (p.stage == "encode sample de" && p.done == 80 && p.total == 80)
                    encodeCompleted = true;
                return true;
            });
        QCOMPARE(seen["encode sample"], (std::set<std::string>{"de", "en"}));
        QCOMPARE(seen["rotation"], (std::set<std::string>{"de"}));
        QCOMPARE(seen["encode held-out"], (std::set<std::string>{"de-en"}));
        QCOMPARE(seen["report"], (std::set<std::string>{"de-en"}));
        QVERIFY(encodeCompleted);
        QCOMPARE(report.rows.size(), size_t(4));  // none, shift, scale, rotation
        QCOMPARE(report.means.size(), size_t(4));
        QCOMPARE(report.means.back().languagePairs, 1);
        ISOMORPH_COMPARE_NEAR(report.means.back().cslsAccuracy, report.rows.back().cslsAccuracy,
                              0.0);  // the mean of one set is that set
    }

    void supervisedNeedsTheMinimumOfPairs() {
        auto o = options(path("few.safetensors"));
        o.method = RotationMethod::Supervised;
        o.pairFiles = {{"de", path("pairs.tsv").toStdString()}};
        o.minRotationPairs = 71;  // the file has 70
        auto report = eval::fitCalibration(*encoder_, o);
        QCOMPARE(report.calibration.at("de").method, RotationMethod::Identity);
        QCOMPARE(report.notes.size(), size_t(1));
        const QString note = QString::fromStdString(report.notes.front());
        QVERIFY2(note.contains("70 parallel pairs") && note.contains("minRotationPairs = 71"),
                 qPrintable(note));
        o.minRotationPairs = 70;
        report = eval::fitCalibration(*encoder_, o);
        QCOMPARE(report.calibration.at("de").method, RotationMethod::Supervised);
        QCOMPARE(report.calibration.at("de").pairs, int64_t(70));
        // The default minimum (50) applies to the unsupervised sample too.
        QCOMPARE(eval::CalibrationFitOptions{}.minRotationPairs, int64_t(50));
        auto u = options(path("few-u.safetensors"));
        u.sample = 40;
        report = eval::fitCalibration(*encoder_, u);
        QCOMPARE(report.calibration.at("de").method, RotationMethod::Identity);
        QVERIFY2(QString::fromStdString(report.notes.at(0)).contains("40 sample rows"),
                 report.notes.at(0).c_str());
    }

    void refusalsNameTheSetting() {
        auto o = options(path("bad.safetensors"));
        o.method = RotationMethod::Supervised;  // and no pairFiles
        try {
            eval::fitCalibration(*encoder_, o);
            QFAIL("no ConfigError");
        } catch (const ConfigError& e) {
            QVERIFY2(QString(e.what()).contains("method = supervised"), e.what());
            QVERIFY2(!QString(e.what()).contains("--"), e.what());  // settings, not CLI flags
        }
        o = options(path("bad.safetensors"));
        o.pivot = "fr";
        QVERIFY_THROWS_EXCEPTION(ConfigError, eval::fitCalibration(*encoder_, o));
        QVERIFY(!QFile::exists(path("bad.safetensors")));
    }

    void cancelLeavesNoFile() {
        const QString out = path("cancelled.safetensors");
        for (const char* phase : {"encode sample", "rotation", "report"}) {
            QVERIFY_THROWS_EXCEPTION(
                Cancelled, eval::fitCalibration(*encoder_, options(out), [&](const Progress& p) {
                    return p.stage.rfind(phase, 0) != 0;
                }));
            QVERIFY2(!QFile::exists(out), phase);
        }
    }
};

QTEST_GUILESS_MAIN(TestCalibrationFit)
#include "test_calibration_fit.moc"

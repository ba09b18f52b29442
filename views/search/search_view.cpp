#include "views/search/search_view.h"

#include <functional>

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImage>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QShortcut>
#include <QSpinBox>
#include <QSplitter>
#include <QStringListModel>
#include <QTableView>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace isomorph::views {
namespace {

const char* kRecentKey = "search/recentQueries";
const char* kLanguagesKey = "search/languages";
const char* kRerankKey = "search/rerank";
const char* kRerankCheckpointKey = "search/rerankCheckpoint";
const char* kRerankDepthKey = "search/rerankDepth";
const char* kRerankWeightKey = "search/rerankWeight";
const char* kRerankTranslateKey = "search/rerankTranslate";

/// A results table that says when it has painted (the latency the view reports ends there).
class ResultsTable : public QTableView {
  public:
    using QTableView::QTableView;
    std::function<void()> onPainted;

  protected:
    void paintEvent(QPaintEvent* event) override {
        QTableView::paintEvent(event);
        if (onPainted) onPainted();
    }
};

QString sideName(int side, bool ab) {
    if (!ab) return SearchView::tr("Model");
    return side == 0 ? SearchView::tr("Model A") : SearchView::tr("Model B");
}

/// A frameless area for one row of buttons that scrolls sideways rather than widen the window.
QScrollArea* sidewaysScrollArea(QWidget* parent) {
    auto* area = new QScrollArea(parent);
    area->setFrameShape(QFrame::NoFrame);
    area->setFocusPolicy(Qt::NoFocus);
    area->setWidgetResizable(true);
    area->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    return area;
}

}  // namespace

SearchView::SearchView(QWidget* parent)
    : QWidget(parent),
      query_(new QLineEdit(this)),
      mode_(new QComboBox(this)),
      allLanguages_(new QToolButton(this)),
      ab_(new QCheckBox(tr("A/B"), this)),
      rerank_(new QCheckBox(tr("&Re-rank"), this)),
      rerankModel_(new QComboBox(this)),
      rerankDepth_(new QSpinBox(this)),
      rerankWeight_(new QDoubleSpinBox(this)),
      corpus_(new QComboBox(this)),
      message_(new QLabel(this)),
      recentModel_(new QStringListModel(this)),
      completer_(new QCompleter(this)) {
    setObjectName(QStringLiteral("SearchView"));
    query_->setObjectName(QStringLiteral("searchQuery"));
    query_->setPlaceholderText(
        tr("Search in any language (Enter searches, Ctrl+L comes back here)"));
    query_->setClearButtonEnabled(true);
    recentModel_->setStringList(QSettings().value(kRecentKey).toStringList());
    completer_->setModel(recentModel_);
    completer_->setCaseSensitivity(Qt::CaseInsensitive);
    completer_->setFilterMode(Qt::MatchContains);
    query_->setCompleter(completer_);
    query_->installEventFilter(this);
    connect(query_, &QLineEdit::returnPressed, this, &SearchView::search);

    mode_->addItem(tr("Dense"), QStringLiteral("dense"));
    mode_->addItem(tr("BM25"), QStringLiteral("bm25"));
    mode_->addItem(tr("Hybrid"), QStringLiteral("hybrid"));
    mode_->setToolTip(
        tr("Dense: the model's sentence vectors; BM25: shared words (Xapian); "
           "hybrid: both scores fused"));
    chosen_ = QSettings().value(kLanguagesKey).toStringList();
    ab_->setToolTip(
        tr("Run the same query against a second model side by side (e.g. the "
           "initial checkpoint against a trained one)"));
    auto* searchButton = new QPushButton(tr("Search"), this);
    connect(searchButton, &QPushButton::clicked, this, &SearchView::search);

    auto* queryRow = new QHBoxLayout;
    queryRow->addWidget(query_, 1);
    queryRow->addWidget(searchButton);
    queryRow->addWidget(new QLabel(tr("Mode"), this));
    queryRow->addWidget(mode_);
    queryRow->addWidget(ab_);

    auto* pickers = new QHBoxLayout;
    for (int side = 0; side < kSides; ++side)
        pickers->addWidget(makeSidePicker(side), 1);

    auto* corpusRow = new QHBoxLayout;
    corpus_->setObjectName(QStringLiteral("searchCorpus"));
    corpus_->setPlaceholderText(tr("corpus.jsonl (BEIR) or a text file, one passage a line"));
    corpus_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* corpusBrowse = new QToolButton(this);
    corpusBrowse->setText(QStringLiteral("…"));
    corpusBrowse->setToolTip(tr("Choose a corpus file"));
    connect(corpusBrowse, &QToolButton::clicked, this, [this] {
        const QString start = corpusPath().section(QLatin1Char(';'), 0, 0);
        const QString file =
            QFileDialog::getOpenFileName(this, tr("Corpus for a new index"), start,
                                         tr("Corpora (*.jsonl *.txt);;All files (*)"));
        if (!file.isEmpty()) setCorpus(file);
    });
    corpusRow->addWidget(new QLabel(tr("Corpus for new indexes"), this));
    corpusRow->addWidget(corpus_, 1);
    corpusRow->addWidget(corpusBrowse);

    message_->setWordWrap(true);
    message_->setVisible(false);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    for (int side = 0; side < kSides; ++side)
        splitter->addWidget(makeResults(side));

    // The examples scroll sideways rather than widen the window.
    examplesArea_ = sidewaysScrollArea(this);
    examples_ = new QWidget(examplesArea_);
    examples_->setObjectName(QStringLiteral("searchExamples"));
    examplesArea_->setWidget(examples_);
    examplesArea_->setFixedHeight(searchButton->sizeHint().height() +
                                  examplesArea_->horizontalScrollBar()->sizeHint().height());
    examplesArea_->setVisible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(queryRow);
    layout->addWidget(examplesArea_);
    layout->addWidget(makeLanguageRow());
    layout->addWidget(makeRerankRow());
    layout->addLayout(pickers);
    layout->addLayout(corpusRow);
    layout->addWidget(message_);
    layout->addWidget(splitter, 1);

    auto* focusQuery = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_L), this);
    focusQuery->setContext(Qt::WidgetWithChildrenShortcut);
    connect(focusQuery, &QShortcut::activated, this, [this] {
        query_->setFocus(Qt::ShortcutFocusReason);
        query_->selectAll();
    });
    connect(ab_, &QCheckBox::toggled, this, &SearchView::setAbMode);
    setAbMode(false);
    setFocusProxy(query_);
    warmUpPassageRendering();
}

void SearchView::warmUpPassageRendering() {
    // The first rich-text layout and paint load fonts and glyph caches (tens of ms): done here,
    // not when the first results arrive.
    QTextDocument doc;
    doc.setDefaultFont(font());
    doc.setHtml(highlightedHtml(QStringLiteral("Verzeichnisinhalte auflisten — list directory"),
                                {QStringLiteral("list")}));
    doc.setTextWidth(400);
    QImage image(400, 60, QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    doc.drawContents(&painter);
}

QWidget* SearchView::makeLanguageRow() {
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr("Document &languages:"), row);
    label->setBuddy(allLanguages_);
    allLanguages_->setText(tr("All"));
    allLanguages_->setCheckable(true);
    allLanguages_->setAutoRaise(false);
    allLanguages_->setFocusPolicy(Qt::StrongFocus);
    allLanguages_->setToolTip(
        tr("Results in every language. Toggle languages on the right to keep only documents "
           "in those (Tab moves between them, Space toggles)."));
    connect(allLanguages_, &QToolButton::clicked, this, [this] { setChosenLanguages({}); });
    // The demo has 25 languages: their buttons scroll sideways rather than widen the window
    // beyond a 1024-pixel screen.
    languageArea_ = sidewaysScrollArea(row);
    auto* strip = new QWidget(languageArea_);
    languageButtons_ = new QHBoxLayout(strip);
    languageButtons_->setContentsMargins(0, 0, 0, 0);
    languageButtons_->setSpacing(2);
    languageButtons_->addStretch(1);
    languageArea_->setWidget(strip);
    languageArea_->setFixedHeight(allLanguages_->sizeHint().height() +
                                  languageArea_->horizontalScrollBar()->sizeHint().height());
    layout->addWidget(label);
    layout->addWidget(allLanguages_);
    layout->addWidget(languageArea_, 1);
    return row;
}

QWidget* SearchView::makeRerankRow() {
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    const QSettings settings;
    rerank_->setChecked(settings.value(kRerankKey, false).toBool());
    rerank_->setToolTip(
        tr("Re-score the first stage's best results (dense, BM25 or hybrid) with a "
           "cross-encoder checkpoint (an XLP run's) and order them by its scores; in A/B "
           "mode both sides are re-ranked by the same cross-encoder"));
    rerankModel_->setObjectName(QStringLiteral("rerankModel"));
    rerankModel_->setEditable(true);
    rerankModel_->setInsertPolicy(QComboBox::NoInsert);
    rerankModel_->lineEdit()->setPlaceholderText(tr("cross-encoder checkpoint (an xlp run's)"));
    rerankModel_->setCurrentText(settings.value(kRerankCheckpointKey).toString());
    rerankModel_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    rerankModel_->setMinimumContentsLength(24);
    auto* browse = new QToolButton(row);
    browse->setText(QStringLiteral("…"));
    browse->setToolTip(tr("Choose a cross-encoder checkpoint folder"));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(
            this, tr("Cross-encoder checkpoint folder"), rerankCheckpoint());
        if (dir.isEmpty()) return;
        setRerankCheckpoint(dir);
        rerank_->setChecked(true);
    });
    rerankDepth_->setRange(1, 1000);
    rerankDepth_->setValue(settings.value(kRerankDepthKey, SearchRequest().rerankDepth).toInt());
    rerankDepth_->setToolTip(tr("First-stage results re-scored by the cross-encoder"));
    auto* depthLabel = new QLabel(tr("&Depth"), row);
    depthLabel->setBuddy(rerankDepth_);
    rerankWeight_->setObjectName(QStringLiteral("rerankWeight"));
    rerankWeight_->setRange(0.0, 1.0);
    rerankWeight_->setSingleStep(0.1);
    rerankWeight_->setDecimals(1);
    rerankWeight_->setValue(settings.value(kRerankWeightKey, 0.0).toDouble());
    rerankWeight_->setToolTip(
        tr("Weight of the first-stage score: the re-scored results are ordered by W x first "
           "stage + (1 - W) x cross-encoder, both min-max scaled (0 = the cross-encoder alone). "
           "A small re-ranker rarely beats its first stage on its own; the retrieval demo "
           "chooses W on its dev queries."));
    rerankTranslate_ = new QCheckBox(tr("&Translated"), row);
    rerankTranslate_->setObjectName(QStringLiteral("rerankTranslate"));
    rerankTranslate_->setChecked(settings.value(kRerankTranslateKey, false).toBool());
    rerankTranslate_->setToolTip(
        tr("The cross-encoder reads the query translated word by word into English by the "
           "index's translation lexicon (translate-test), with its own tokenizer: for an English "
           "cross-encoder such as the retrieval demo's, fine-tuned from all-MiniLM-L6-v2"));
    connect(rerankTranslate_, &QCheckBox::toggled, this, [this] { rememberRerank(); });
    auto* weightLabel = new QLabel(tr("&Weight"), row);
    weightLabel->setBuddy(rerankWeight_);
    connect(rerankWeight_, qOverload<double>(&QDoubleSpinBox::valueChanged), this,
            [this] { rememberRerank(); });
    connect(rerank_, &QCheckBox::toggled, this, [this] { rememberRerank(); });
    connect(rerankModel_, &QComboBox::currentTextChanged, this, [this] { rememberRerank(); });
    connect(rerankDepth_, qOverload<int>(&QSpinBox::valueChanged), this,
            [this] { rememberRerank(); });
    layout->addWidget(rerank_);
    layout->addWidget(rerankModel_, 1);
    layout->addWidget(browse);
    layout->addWidget(depthLabel);
    layout->addWidget(rerankDepth_);
    layout->addWidget(weightLabel);
    layout->addWidget(rerankWeight_);
    layout->addWidget(rerankTranslate_);
    return row;
}

void SearchView::rememberRerank() {
    QSettings settings;
    settings.setValue(kRerankKey, rerank_->isChecked());
    settings.setValue(kRerankCheckpointKey, rerankCheckpoint());
    settings.setValue(kRerankDepthKey, rerankDepth_->value());
    settings.setValue(kRerankWeightKey, rerankWeight_->value());
    settings.setValue(kRerankTranslateKey, rerankTranslate_->isChecked());
}

void SearchView::setRerankSettings(const QString& checkpoint, int depth, double weight,
                                   bool translate) {
    setRerankCheckpoint(checkpoint);
    rerankDepth_->setValue(depth);
    rerankWeight_->setValue(weight);
    rerankTranslate_->setChecked(translate);
    rerank_->setChecked(true);
    rememberRerank();
}

void SearchView::setMode(const QString& mode) {
    const int i = mode_->findData(mode);
    if (i >= 0) mode_->setCurrentIndex(i);
}

void SearchView::setRerankCheckpoint(const QString& path) {
    rerankModel_->setCurrentText(path);
}

QString SearchView::rerankCheckpoint() const {
    return rerankModel_->currentText().trimmed();
}

void SearchView::setRerankChoices(const QStringList& checkpoints) {
    const QString current = rerankModel_->currentText();
    const QSignalBlocker block(rerankModel_);
    rerankModel_->clear();
    rerankModel_->addItems(checkpoints);
    rerankModel_->setCurrentText(current);
}

QToolButton* SearchView::languageButton(const QString& language) const {
    for (int i = 0; i < languageButtons_->count(); ++i)
        if (auto* b = qobject_cast<QToolButton*>(languageButtons_->itemAt(i)->widget()))
            if (b->property("language").toString() == language) return b;
    return nullptr;
}

QStringList SearchView::chosenLanguages() const {
    QStringList out;
    for (const QString& l : shownLanguages_)
        if (chosen_.contains(l)) out << l;
    return out;
}

void SearchView::setChosenLanguages(const QStringList& languages) {
    QStringList chosen;
    for (const QString& l : languages)
        if (!l.isEmpty() && !chosen.contains(l)) chosen << l;
    chosen_ = chosen;
    QSettings().setValue(kLanguagesKey, chosen_);
    syncLanguageButtons();
}

void SearchView::syncLanguageButtons() {
    for (const QString& l : shownLanguages_)
        if (QToolButton* b = languageButton(l)) {
            const QSignalBlocker block(b);
            b->setChecked(chosen_.contains(l));
        }
    const QSignalBlocker block(allLanguages_);
    allLanguages_->setChecked(chosenLanguages().isEmpty());
}

QWidget* SearchView::makeSidePicker(int side) {
    Side& s = sides_[side];
    s.box = new QGroupBox(this);
    s.checkpoint = new QLineEdit(s.box);
    s.checkpoint->setPlaceholderText(tr("checkpoint folder (a run's step-N)"));
    s.index = new QComboBox(s.box);
    s.index->setEditable(true);
    s.index->setInsertPolicy(QComboBox::NoInsert);
    s.index->lineEdit()->setPlaceholderText(tr("index folder"));
    s.open = new QPushButton(tr("Open"), s.box);
    s.open->setToolTip(
        tr("Open the index (queries are encoded with the checkpoint above, or "
           "with the one that built the index when none is given)"));
    s.build = new QPushButton(tr("Build index"), s.box);
    s.build->setToolTip(tr("Encode the corpus below with this checkpoint into a new index"));
    s.cancel = new QPushButton(tr("Cancel"), s.box);
    s.progress = new QProgressBar(s.box);
    s.status = new QLabel(s.box);
    s.status->setWordWrap(true);
    s.status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto browse = [&s](const QString& tip) {
        auto* b = new QToolButton(s.box);
        b->setText(QStringLiteral("…"));
        b->setToolTip(tip);
        return b;
    };
    QToolButton* browseCheckpoint = browse(tr("Choose a checkpoint folder"));
    QToolButton* browseIndex = browse(tr("Choose an index folder"));
    connect(browseCheckpoint, &QToolButton::clicked, this,
            [this, side] { this->browseCheckpoint(side); });
    connect(browseIndex, &QToolButton::clicked, this, [this, side] { this->browseIndex(side); });
    connect(s.open, &QPushButton::clicked, this,
            [this, side] { Q_EMIT openIndexRequested(side, indexPath(side), checkpoint(side)); });
    connect(s.index, qOverload<int>(&QComboBox::activated), this,
            [this, side] { Q_EMIT openIndexRequested(side, indexPath(side), checkpoint(side)); });
    connect(s.build, &QPushButton::clicked, this, [this, side] {
        if (checkpoint(side).isEmpty() || corpusPath().isEmpty()) {
            setSideMessage(side, tr("Choose a checkpoint and a corpus to build an index."), true);
            return;
        }
        Q_EMIT buildIndexRequested(side, corpusPath(), checkpoint(side));
    });
    connect(s.cancel, &QPushButton::clicked, this,
            [this, side] { Q_EMIT cancelBuildRequested(side); });

    auto* grid = new QGridLayout(s.box);
    grid->addWidget(new QLabel(tr("Checkpoint"), s.box), 0, 0);
    grid->addWidget(s.checkpoint, 0, 1);
    grid->addWidget(browseCheckpoint, 0, 2);
    grid->addWidget(new QLabel(tr("Index"), s.box), 1, 0);
    grid->addWidget(s.index, 1, 1);
    grid->addWidget(browseIndex, 1, 2);
    grid->addWidget(s.open, 1, 3);
    auto* buildRow = new QHBoxLayout;
    buildRow->addWidget(s.build);
    buildRow->addWidget(s.progress, 1);
    buildRow->addWidget(s.cancel);
    grid->addLayout(buildRow, 2, 1, 1, 3);
    grid->addWidget(s.status, 3, 0, 1, 4);
    grid->setColumnStretch(1, 1);
    setBuilding(side, false);
    return s.box;
}

QWidget* SearchView::makeResults(int side) {
    Side& s = sides_[side];
    auto* panel = new QWidget(this);
    s.heading = new QLabel(panel);
    s.latency = new QLabel(panel);
    s.latency->setObjectName(QStringLiteral("searchLatency%1").arg(side));
    s.latency->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto* table = new ResultsTable(panel);
    table->onPainted = [this, side] {
        if (sides_[side].answered) {
            sides_[side].answered = false;
            sides_[side].pending = false;
            checkPainted();
        }
    };
    s.table = table;
    s.table->setObjectName(QStringLiteral("searchResults%1").arg(side));
    s.model = new SearchResultsModel(this);
    s.table->setModel(s.model);
    s.table->setItemDelegate(new SearchResultDelegate(s.table));
    s.table->setSelectionBehavior(QAbstractItemView::SelectRows);
    s.table->setSelectionMode(QAbstractItemView::SingleSelection);
    s.table->setAlternatingRowColors(true);
    s.table->setShowGrid(false);
    s.table->setWordWrap(false);
    s.table->verticalHeader()->hide();
    s.table->verticalHeader()->setDefaultSectionSize(fontMetrics().lineSpacing() * 3 + 8);
    QHeaderView* header = s.table->horizontalHeader();
    header->setSectionResizeMode(SearchResultsModel::RankColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(SearchResultsModel::FirstStageColumn,
                                 QHeaderView::ResizeToContents);
    s.table->setColumnHidden(SearchResultsModel::FirstStageColumn, true);
    header->setSectionResizeMode(SearchResultsModel::ScoreColumn, QHeaderView::Fixed);
    header->resizeSection(SearchResultsModel::ScoreColumn,
                          fontMetrics().horizontalAdvance(QStringLiteral("00.0000")) + 16);
    header->setSectionResizeMode(SearchResultsModel::LanguageColumn, QHeaderView::ResizeToContents);
    header->resizeSection(SearchResultsModel::DocumentColumn,
                          fontMetrics().horizontalAdvance(QStringLiteral("systemd-analyze.1.de")));
    header->setSectionResizeMode(SearchResultsModel::PassageColumn, QHeaderView::Stretch);
    auto* top = new QHBoxLayout;
    top->addWidget(s.heading, 1);
    top->addWidget(s.latency);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(s.table, 1);
    results_[side] = panel;
    return panel;
}

void SearchView::setCheckpoint(int side, const QString& path) {
    sides_[side].checkpoint->setText(path);
    setAbMode(abMode());  // headings name the checkpoints
}

QString SearchView::checkpoint(int side) const {
    return sides_[side].checkpoint->text().trimmed();
}

void SearchView::setIndexPath(int side, const QString& folder) {
    sides_[side].index->setCurrentText(folder);
}

QString SearchView::indexPath(int side) const {
    return sides_[side].index->currentText().trimmed();
}

void SearchView::setExamples(const QList<QPair<QString, QString>>& examples) {
    delete examples_->layout();
    qDeleteAll(examples_->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly));
    auto* row = new QHBoxLayout(examples_);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Try:"), examples_));
    for (const auto& [language, query] : examples) {
        auto* b = new QToolButton(examples_);
        b->setText(QStringLiteral("%1 · %2").arg(language, query));
        b->setAutoRaise(true);
        b->setToolTip(tr("Search for \"%1\"").arg(query));
        connect(b, &QToolButton::clicked, this, [this, q = query] {
            query_->setText(q);
            search();
        });
        row->addWidget(b);
    }
    row->addStretch(1);
    examplesArea_->setVisible(!examples.isEmpty());
}

QList<QAbstractButton*> SearchView::exampleButtons() const {
    return examples_->findChildren<QAbstractButton*>();
}

void SearchView::setCorpus(const QString& paths, const QString& name) {
    const QStringList files = paths.split(QLatin1Char(';'), Qt::SkipEmptyParts);
    if (files.isEmpty()) return;
    int at = corpus_->findData(paths);
    if (at < 0) {
        // A single file by its name and folder ("en-en/corpus.jsonl"), several by their count.
        const QFileInfo first(files.front().trimmed());
        const QString shown = !name.isEmpty() ? name
                              : files.size() == 1
                                  ? first.dir().dirName() + QLatin1Char('/') + first.fileName()
                                  : tr("%n corpus files", nullptr, static_cast<int>(files.size()));
        corpus_->addItem(shown, paths);
        at = corpus_->count() - 1;
        QStringList lines;
        for (const QString& f : files)
            lines << f.trimmed().toHtmlEscaped();
        corpus_->setItemData(at, lines.join(QStringLiteral("<br>")), Qt::ToolTipRole);
    }
    corpus_->setCurrentIndex(at);
    corpus_->setToolTip(corpus_->itemData(at, Qt::ToolTipRole).toString());
}

void SearchView::setCorpusPath(const QString& path) {
    setCorpus(path.trimmed());
}

QString SearchView::corpusPath() const {
    return corpus_->currentData().toString();
}

QString SearchView::corpusName() const {
    return corpus_->currentText();
}

void SearchView::setIndexChoices(const QStringList& folders) {
    for (Side& s : sides_) {
        const QString current = s.index->currentText();
        s.index->clear();
        s.index->addItems(folders);
        s.index->setCurrentText(current);
    }
}

void SearchView::setIndexInfo(int side, const SearchIndexInfo& info) {
    Side& s = sides_[side];
    s.languages = info.languages;
    setIndexPath(side, info.folder);
    if (checkpoint(side).isEmpty()) s.checkpoint->setText(info.checkpoint);
    const QString langs = info.languages.isEmpty() ? tr("unknown") : info.languages.join(' ');
    setSideMessage(side,
                   tr("%1 documents, %2-d %3 index, languages: %4%5")
                       .arg(info.rows)
                       .arg(info.dim)
                       .arg(info.kind, langs,
                            !info.lexical ? tr("; no BM25 (dense only)")
                            : info.translatedLanguages > 0
                                ? tr("; BM25 included, translating queries from %1 languages")
                                      .arg(info.translatedLanguages)
                                : tr("; BM25 included")),
                   false);
    updateLanguages();
    setAbMode(abMode());
}

void SearchView::setSideMessage(int side, const QString& text, bool error) {
    QLabel* l = sides_[side].status;
    l->setText(text);
    l->setStyleSheet(error ? QStringLiteral("color: #b3261e;") : QString());
}

void SearchView::setBuilding(int side, bool building) {
    Side& s = sides_[side];
    s.progress->setVisible(building);
    s.cancel->setVisible(building);
    s.build->setEnabled(!building);
    s.open->setEnabled(!building);
    if (building) s.progress->setRange(0, 0);
}

void SearchView::setBuildProgress(int side, const QString& stage, qint64 done, qint64 total) {
    QProgressBar* p = sides_[side].progress;
    // Percent: QProgressBar holds ints, and corpora can pass 2^31 tokens.
    p->setRange(0, total > 0 ? 1000 : 0);
    p->setValue(total > 0 ? static_cast<int>(1000 * done / total) : 0);
    p->setFormat(tr("%1 %2 / %3").arg(stage).arg(done).arg(total));
}

void SearchView::showResults(int side, const SearchOutcome& outcome) {
    Side& s = sides_[side];
    s.model->setOutcome(outcome);
    s.table->setColumnHidden(SearchResultsModel::FirstStageColumn, !outcome.reranked);
    if (!outcome.error.isEmpty()) {
        s.latency->setText(QString());
        s.heading->setText(
            QStringLiteral("<b>%1</b>: <span style=\"color:#b3261e\">%2</span>")
                .arg(sideName(side, abMode()).toHtmlEscaped(), outcome.error.toHtmlEscaped()));
        s.heading->setWordWrap(true);
    } else {
        setAbMode(abMode());
        QString latency = tr("%n result(s) · encode %1 ms · search %2 ms", nullptr,
                             static_cast<int>(outcome.rows.size()))
                              .arg(outcome.encodeMs, 0, 'f', 1)
                              .arg(outcome.searchMs, 0, 'f', 1);
        if (outcome.reranked && outcome.rerankWeight >= 1.0)
            latency += tr(" · first-stage weight 1: the cross-encoder is not run");
        else if (outcome.reranked)
            latency += tr(" · re-rank top %1 %2 ms")
                           .arg(outcome.rerankDepth)
                           .arg(outcome.rerankMs, 0, 'f', 1);
        if (outcome.reranked && outcome.rerankWeight > 0.0 && outcome.rerankWeight < 1.0)
            latency += tr(" (first-stage weight %1)").arg(outcome.rerankWeight, 0, 'f', 1);
        if (outcome.reranked && outcome.rerankWeight < 1.0 && !outcome.rerankQuery.isEmpty())
            latency += tr(" · re-ranker read “%1”").arg(outcome.rerankQuery);
        s.latency->setText(latency);
        if (!outcome.warning.isEmpty()) s.latency->setToolTip(outcome.warning);
    }
    if (!outcome.warning.isEmpty() && outcome.error.isEmpty()) {
        s.heading->setText(s.heading->text() +
                           QStringLiteral(" <span style=\"color:#8a5a00\">⚠ %1</span>")
                               .arg(outcome.warning.toHtmlEscaped()));
        s.heading->setWordWrap(true);  // a long warning wraps rather than widen the window
    }
    if (s.model->rowCount() > 0) s.table->selectRow(0);
    s.table->scrollToTop();
    if (s.pending) {
        s.answered = true;
        s.table->viewport()->update();
        // A hidden or zero-sized table never paints: count it as painted now.
        if (!s.table->isVisible()) {
            s.answered = false;
            s.pending = false;
            checkPainted();
        }
    }
}

void SearchView::setMessage(const QString& text, bool error) {
    message_->setText(text);
    message_->setStyleSheet(error ? QStringLiteral("color: #b3261e;") : QString());
    message_->setVisible(!text.isEmpty());
}

void SearchView::setCheckpointNamer(std::function<QString(const QString&)> namer) {
    checkpointNamer_ = std::move(namer);
    setAbMode(ab_->isChecked());
}

void SearchView::setAbMode(bool on) {
    if (ab_->isChecked() != on) ab_->setChecked(on);  // toggled() calls back here
    const bool opening = on && results_[1]->isHidden();
    for (int side = 0; side < kSides; ++side) {
        Side& s = sides_[side];
        const bool shown = side == 0 || on;
        s.box->setVisible(shown);
        results_[side]->setVisible(shown);
        s.box->setTitle(sideName(side, on));
        const QString path = checkpoint(side);
        const QString name = path.isEmpty()     ? QString()
                             : checkpointNamer_ ? checkpointNamer_(path)
                                                : QFileInfo(QDir::cleanPath(path)).fileName();
        s.heading->setWordWrap(false);
        s.heading->setText(
            name.isEmpty() ? QStringLiteral("<b>%1</b>").arg(sideName(side, on).toHtmlEscaped())
                           : QStringLiteral("<b>%1</b>: %2")
                                 .arg(sideName(side, on).toHtmlEscaped(), name.toHtmlEscaped()));
    }
    // Both sides get half the width when B appears, once the splitter has laid out the newly
    // shown side (before that it keeps B's hidden size, none).
    if (opening)
        if (auto* splitter = qobject_cast<QSplitter*>(results_[0]->parentWidget()))
            QTimer::singleShot(0, splitter, [splitter] {
                const int half = splitter->width() / 2;
                splitter->setSizes({half, half});
            });
    updateLanguages();
}

bool SearchView::abMode() const {
    return ab_->isChecked();
}

SearchRequest SearchView::currentRequest() const {
    SearchRequest r;
    r.query = query_->text().trimmed();
    r.mode = mode_->currentData().toString();
    r.languages = chosenLanguages();
    if (rerank_->isChecked()) {
        r.rerankCheckpoint = rerankCheckpoint();
        r.rerankDepth = rerankDepth_->value();
        r.rerankWeight = rerankWeight_->value();
        r.rerankTranslate = rerankTranslate_->isChecked();
    }
    return r;
}

QStringList SearchView::recentQueries() const {
    return recentModel_->stringList();
}

void SearchView::search() {
    const SearchRequest request = currentRequest();
    if (request.query.isEmpty()) {
        setMessage(tr("The query is empty: type some words to search for."));
        return;
    }
    if (rerank_->isChecked() && request.rerankCheckpoint.isEmpty()) {
        setMessage(
            tr("Re-rank is on but no cross-encoder checkpoint is chosen: choose one (an xlp "
               "run's checkpoint) or turn Re-rank off."));
        return;
    }
    setMessage(QString());
    rememberQuery(request.query);
    sinceEnter_.start();
    int asked = 0;
    for (int side = 0; side < (abMode() ? kSides : 1); ++side) {
        if (indexPath(side).isEmpty()) {
            setSideMessage(side, tr("Open or build an index first."), true);
            continue;
        }
        sides_[side].pending = true;
        sides_[side].answered = false;
        ++asked;
        Q_EMIT searchRequested(side, request);
    }
    if (asked == 0) setMessage(tr("Open or build an index to search in."));
}

void SearchView::rememberQuery(const QString& query) {
    QStringList recent = recentModel_->stringList();
    recent.removeAll(query);
    recent.prepend(query);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    recentModel_->setStringList(recent);
    QSettings().setValue(kRecentKey, recent);
}

void SearchView::updateLanguages() {
    QStringList all;
    for (int side = 0; side < (abMode() ? kSides : 1); ++side)
        for (const QString& l : sides_[side].languages)
            if (!all.contains(l) && !l.isEmpty()) all << l;
    all.sort();
    if (all != shownLanguages_) {
        while (languageButtons_->count() > 1) {  // the buttons; the stretch at the end stays
            QLayoutItem* item = languageButtons_->takeAt(0);
            delete item->widget();
            delete item;
        }
        shownLanguages_ = all;
        QWidget* previous = allLanguages_;
        for (const QString& l : all) {
            auto* b = new QToolButton(this);
            b->setText(l);
            b->setProperty("language", l);
            b->setCheckable(true);
            b->setFocusPolicy(Qt::StrongFocus);
            b->setAccessibleName(tr("Documents in %1").arg(l));
            b->setToolTip(
                tr("Keep documents in %1 (with the other languages chosen); none chosen: all "
                   "languages")
                    .arg(l));
            connect(b, &QToolButton::toggled, this, [this, l](bool on) {
                QStringList chosen = chosen_;
                chosen.removeAll(l);
                if (on) chosen << l;
                setChosenLanguages(chosen);
            });
            languageButtons_->insertWidget(languageButtons_->count() - 1, b);
            setTabOrder(previous, b);
            previous = b;
        }
    }
    syncLanguageButtons();
}

void SearchView::moveCurrent(int delta) {
    for (int side = 0; side < (abMode() ? kSides : 1); ++side) {
        QTableView* table = sides_[side].table;
        const int rows = table->model()->rowCount();
        if (rows == 0) continue;
        const int current = table->currentIndex().isValid() ? table->currentIndex().row() : -1;
        const int next = std::clamp(current + delta, 0, rows - 1);
        table->selectRow(next);
        table->scrollTo(table->model()->index(next, 0));
    }
}

bool SearchView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == query_ && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        const bool popup = completer_->popup() && completer_->popup()->isVisible();
        if (!popup && (key == Qt::Key_Up || key == Qt::Key_Down)) {
            if (key == Qt::Key_Down && query_->text().isEmpty() && !recentQueries().isEmpty()) {
                completer_->setCompletionPrefix(QString());
                completer_->complete();  // the recent queries as a dropdown
                return true;
            }
            moveCurrent(key == Qt::Key_Down ? 1 : -1);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void SearchView::browseCheckpoint(int side) {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Checkpoint folder"), checkpoint(side));
    if (!dir.isEmpty()) setCheckpoint(side, dir);
}

void SearchView::browseIndex(int side) {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Index folder"), indexPath(side));
    if (dir.isEmpty()) return;
    setIndexPath(side, dir);
    Q_EMIT openIndexRequested(side, dir, checkpoint(side));
}

void SearchView::checkPainted() {
    for (int side = 0; side < kSides; ++side)
        if (sides_[side].pending) return;
    if (sinceEnter_.isValid()) {
        Q_EMIT resultsPainted(static_cast<double>(sinceEnter_.nsecsElapsed()) / 1e6);
        sinceEnter_.invalidate();
    }
}

}  // namespace isomorph::views

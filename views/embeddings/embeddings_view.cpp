#include "views/embeddings/embeddings_view.h"

#include <algorithm>

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "views/embeddings/alignment_matrix_widget.h"
#include "views/embeddings/scatter_view.h"

namespace isomorph::views {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QString percent(double v) {
    return std::isfinite(v) ? QStringLiteral("%1%").arg(v * 100, 0, 'f', 1) : QStringLiteral("–");
}

QString stepTitle(int step) {
    switch (step) {
        case 0:
            return EmbeddingsView::tr("None");
        case 1:
            return EmbeddingsView::tr("+ Shift");
        case 2:
            return EmbeddingsView::tr("+ Scale");
        default:
            return EmbeddingsView::tr("+ Rotation");
    }
}

}  // namespace

EmbeddingsView::EmbeddingsView(QWidget* parent)
    : QWidget(parent),
      checkpointCombo_(new QComboBox(this)),
      sampleCombo_(new QComboBox(this)),
      limit_(new QSpinBox(this)),
      threeD_(new QCheckBox(tr("3-D"), this)),
      encode_(new QPushButton(tr("Encode"), this)),
      cancel_(new QPushButton(tr("Cancel"), this)),
      progress_(new QProgressBar(this)),
      status_(new QLabel(this)),
      error_(new QLabel(this)),
      scatter_(new ScatterView(this)),
      before_(new ScatterView(this)),
      beforePanel_(new QWidget(this)),
      beforeTitle_(new QLabel(this)),
      afterTitle_(new QLabel(this)),
      search_(new QLineEdit(this)),
      steps_(new QButtonGroup(this)),
      method_(new QComboBox(this)),
      accuracy_(new QTableWidget(this)),
      calibrationNote_(new QLabel(this)),
      poolingNote_(new QLabel(this)),
      matrix_(new AlignmentMatrixWidget(this)),
      compareCombo_(new QComboBox(this)),
      details_(new QTextBrowser(this)) {
    qRegisterMetaType<EmbeddingsRequest>();
    setObjectName(QStringLiteral("EmbeddingsView"));
    error_->setStyleSheet(QStringLiteral("color: #b00020;"));
    error_->setWordWrap(true);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->hide();
    status_->setWordWrap(true);
    scatter_->setAxisTitles(tr("PC 1"), tr("PC 2"));
    scatter_->setTextProvider(
        [this](int i) { return i >= 0 && i < texts_.size() ? texts_[i] : QString(); });

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    auto* plotArea = new QWidget(splitter);
    auto* plotLayout = new QVBoxLayout(plotArea);
    plotLayout->setContentsMargins(0, 0, 0, 0);
    auto* plotTools = new QHBoxLayout;
    search_->setPlaceholderText(tr("Find points by text..."));
    search_->setClearButtonEnabled(true);
    found_ = new QLabel(plotArea);
    auto* highlight = new QPushButton(tr("Highlight 5 random pairs"), plotArea);
    auto* exportButton = new QPushButton(tr("Export..."), plotArea);
    plotTools->addWidget(search_, 1);
    plotTools->addWidget(found_);
    plotTools->addWidget(highlight);
    plotTools->addWidget(threeD_);
    plotTools->addWidget(exportButton);
    plotLayout->addLayout(plotTools);
    // Side by side while comparing: the comparison checkpoint (before) left, the open one right.
    auto* plots = new QHBoxLayout;
    auto* beforeLayout = new QVBoxLayout(beforePanel_);
    beforeLayout->setContentsMargins(0, 0, 0, 0);
    beforeLayout->addWidget(beforeTitle_);
    beforeLayout->addWidget(before_, 1);
    beforePanel_->setVisible(false);
    before_->setTextProvider(
        [this](int i) { return i >= 0 && i < texts_.size() ? texts_[i] : QString(); });
    auto* afterLayout = new QVBoxLayout;
    afterLayout->addWidget(afterTitle_);
    afterLayout->addWidget(scatter_, 1);
    afterTitle_->setVisible(false);
    plots->addWidget(beforePanel_, 1);
    plots->addLayout(afterLayout, 1);
    plotLayout->addLayout(plots, 1);
    splitter->addWidget(plotArea);
    splitter->addWidget(makeSidePanel());
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(makeToolbar());
    layout->addWidget(error_);
    layout->addWidget(splitter, 1);

    connect(search_, &QLineEdit::textChanged, this, &EmbeddingsView::searchPoints);
    connect(highlight, &QPushButton::clicked, this, [this] {
        if (scatter_->highlightRandomPairs(5, QRandomGenerator::global()->generate()).isEmpty())
            status_->setText(tr("This sample has no translation pairs to highlight."));
    });
    connect(threeD_, &QCheckBox::toggled, scatter_, &ScatterView::setThreeD);
    connect(threeD_, &QCheckBox::toggled, before_, &ScatterView::setThreeD);
    connect(exportButton, &QPushButton::clicked, this, [this] {
        QString filter;
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export the view"), QString(),
            tr("PNG image (*.png);;SVG drawing (*.svg);;Coordinates as CSV (*.csv)"), &filter);
        if (path.isEmpty()) return;
        QString why;
        const QString suffix = QFileInfo(path).suffix().toLower();
        const bool ok = suffix == QLatin1String("svg")   ? scatter_->exportSvg(path, &why)
                        : suffix == QLatin1String("csv") ? scatter_->exportCsv(path, &why)
                                                         : scatter_->exportPng(path, &why);
        if (!ok) showError(tr("Cannot export to %1: %2").arg(path, why));
    });
    connect(scatter_, &ScatterView::pointClicked, this, [this](int i) {
        if (i >= 0) Q_EMIT pointDetailsRequested(i);
    });
    setBusy(false);
}

QWidget* EmbeddingsView::makeToolbar() {
    auto* bar = new QWidget(this);
    auto* grid = new QGridLayout(bar);
    grid->setContentsMargins(0, 0, 0, 0);
    checkpointCombo_->setToolTip(
        tr("A run's best or latest checkpoint, any checkpoint folder or an imported Hugging Face "
           "folder"));
    checkpointCombo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    checkpointCombo_->setMinimumContentsLength(24);
    sampleCombo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    sampleCombo_->setMinimumContentsLength(24);
    auto* browseModel = new QPushButton(tr("Browse..."), bar);
    auto* browseSample = new QPushButton(tr("Browse..."), bar);
    limit_->setRange(2, 1000000);
    limit_->setValue(1000);
    limit_->setToolTip(
        tr("At most this many pairs per language pair (sentences per language "
           "for a corpus sample)"));
    progress_->setTextVisible(true);
    // Two rows (checkpoint, then sample) keep the view usable on a 1024-pixel-wide screen.
    grid->addWidget(new QLabel(tr("Checkpoint:"), bar), 0, 0);
    grid->addWidget(checkpointCombo_, 0, 1);
    grid->addWidget(browseModel, 0, 2);
    grid->addWidget(encode_, 0, 3);
    grid->addWidget(cancel_, 0, 4);
    grid->addWidget(new QLabel(tr("Sample:"), bar), 1, 0);
    grid->addWidget(sampleCombo_, 1, 1);
    grid->addWidget(browseSample, 1, 2);
    // The limit counts pairs or sentences, never points (one per distinct sentence): the label
    // says which for the chosen sample.
    limitLabel_ = new QLabel(bar);
    auto updateLimitLabel = [this] {
        const QVariantList sample = sampleCombo_->currentData().toList();
        const bool pages =
            sample.size() == 2 &&
            static_cast<EmbeddingsSampleKind>(sample[1].toInt()) == EmbeddingsSampleKind::Corpus;
        limitLabel_->setText(pages ? tr("Sentences per language:")
                                   : tr("Pairs per language pair:"));
    };
    updateLimitLabel();
    connect(sampleCombo_, qOverload<int>(&QComboBox::currentIndexChanged), this, updateLimitLabel);
    grid->addWidget(limitLabel_, 1, 3);
    grid->addWidget(limit_, 1, 4);
    grid->addWidget(progress_, 2, 0, 1, 2);
    grid->addWidget(status_, 2, 2, 1, 3);
    grid->setColumnStretch(1, 1);
    connect(browseModel, &QPushButton::clicked, this, &EmbeddingsView::browseCheckpoint);
    connect(browseSample, &QPushButton::clicked, this, &EmbeddingsView::browseSample);
    connect(encode_, &QPushButton::clicked, this, [this] {
        showError({});
        Q_EMIT encodeRequested(request());
    });
    connect(cancel_, &QPushButton::clicked, this, &EmbeddingsView::cancelRequested);
    return bar;
}

QWidget* EmbeddingsView::makeSidePanel() {
    auto* tabs = new QTabWidget(this);

    auto* calibration = new QWidget(tabs);
    auto* cl = new QVBoxLayout(calibration);
    auto* stepRow = new QHBoxLayout;
    for (int s = 0; s < kEmbeddingsSteps; ++s) {
        auto* b = new QPushButton(stepTitle(s), calibration);
        b->setCheckable(true);
        steps_->addButton(b, s);
        stepRow->addWidget(b);
    }
    steps_->button(0)->setChecked(true);
    steps_->setExclusive(true);
    method_->setObjectName(QStringLiteral("rotationMethod"));
    method_->addItem(tr("Unsupervised rotation (CSLS refinement)"));
    method_->addItem(tr("Supervised rotation (train pairs)"));
    method_->setToolTip(
        tr("Calibration is fitted on the corpus's train split, never on the sample shown"));
    cl->addLayout(stepRow);
    cl->addWidget(method_);
    accuracy_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    accuracy_->setSelectionMode(QAbstractItemView::NoSelection);
    accuracy_->verticalHeader()->hide();
    accuracy_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    poolingNote_->setWordWrap(true);
    poolingNote_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    poolingNote_->setVisible(false);
    cl->addWidget(poolingNote_);
    cl->addWidget(
        new QLabel(tr("Bitext top-1 (cosine) on the sample, per direction:"), calibration));
    cl->addWidget(accuracy_, 1);
    calibrationNote_->setWordWrap(true);
    calibrationNote_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cl->addWidget(calibrationNote_);
    tabs->addTab(calibration, tr("Calibration"));
    connect(steps_, &QButtonGroup::idClicked, this, [this](int step) {
        updateStepButtons();  // keeps the shown step checked until the result arrives
        Q_EMIT stepRequested(step, supervised());
    });
    connect(method_, &QComboBox::activated, this, [this] {
        methodChosen_ = true;
        matrices_.clear();  // another rotation: the readout starts again from step None
        refreshAccuracy();
        Q_EMIT stepRequested(step_, supervised());
    });

    auto* alignment = new QWidget(tabs);
    auto* al = new QVBoxLayout(alignment);
    auto* compareRow = new QHBoxLayout;
    compareRow->addWidget(new QLabel(tr("Compare with:"), alignment));
    compareRow->addWidget(compareCombo_, 1);
    al->addLayout(compareRow);
    al->addWidget(matrix_, 1);
    tabs->addTab(alignment, tr("Alignment matrix"));
    connect(compareCombo_, &QComboBox::activated, this, [this](int i) {
        const QString path = compareCombo_->itemData(i).toString();
        if (path.isEmpty()) {
            comparison_ = {};
            matrix_->setBaseline({}, {});
        }
        Q_EMIT compareRequested(path);
    });

    details_->setOpenLinks(false);
    details_->setPlaceholderText(
        tr("Click a point to see its text, its translation and its nearest neighbours in every "
           "language."));
    tabs->addTab(details_, tr("Point"));
    connect(this, &EmbeddingsView::pointDetailsRequested, this,
            [tabs, this] { tabs->setCurrentWidget(details_); });
    return tabs;
}

void EmbeddingsView::fillCheckpointCombo(QComboBox* combo, bool withNone) {
    const QString current = combo->currentData().toString();
    combo->clear();
    if (withNone) combo->addItem(tr("(no comparison)"), QString());
    for (const auto& c : std::as_const(checkpoints_))
        combo->addItem(c.label, c.path);
    const int i = combo->findData(current);
    if (i >= 0) combo->setCurrentIndex(i);
}

void EmbeddingsView::setCheckpoints(const QVector<EmbeddingsChoice>& checkpoints) {
    // Paths chosen by hand stay listed.
    QVector<EmbeddingsChoice> kept = checkpoints;
    for (const auto& c : std::as_const(checkpoints_))
        if (std::none_of(kept.begin(), kept.end(),
                         [&c](const EmbeddingsChoice& k) { return k.path == c.path; }) &&
            c.label == c.path)
            kept.push_back(c);
    checkpoints_ = kept;
    fillCheckpointCombo(checkpointCombo_, false);
    fillCheckpointCombo(compareCombo_, true);
}

void EmbeddingsView::setSamples(const QVector<EmbeddingsChoice>& samples) {
    const QVariant current = sampleCombo_->currentData();
    sampleCombo_->clear();
    for (const auto& s : samples)
        sampleCombo_->addItem(s.label, QVariantList{s.path, static_cast<int>(s.kind)});
    const int i = sampleCombo_->findData(current);
    if (i >= 0) sampleCombo_->setCurrentIndex(i);
}

void EmbeddingsView::selectCheckpoint(const QString& path) {
    int i = checkpointCombo_->findData(path);
    if (i < 0) {
        checkpoints_.push_back({path, path});
        fillCheckpointCombo(checkpointCombo_, false);
        fillCheckpointCombo(compareCombo_, true);
        i = checkpointCombo_->findData(path);
    }
    checkpointCombo_->setCurrentIndex(i);
}

void EmbeddingsView::selectSample(int index) {
    sampleCombo_->setCurrentIndex(index);
}

QString EmbeddingsView::checkpoint() const {
    return checkpointCombo_->currentData().toString();
}

EmbeddingsRequest EmbeddingsView::request() const {
    EmbeddingsRequest r;
    r.checkpoint = checkpoint();
    const QVariantList sample = sampleCombo_->currentData().toList();
    if (sample.size() == 2) {
        r.path = sample[0].toString();
        r.kind = static_cast<EmbeddingsSampleKind>(sample[1].toInt());
    }
    r.limit = limit_->value();
    return r;
}

void EmbeddingsView::browseCheckpoint() {
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Choose a checkpoint, run or Hugging Face folder"), checkpoint());
    if (!dir.isEmpty()) selectCheckpoint(dir);
}

void EmbeddingsView::browseSample() {
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Choose a pairs file (xx-yy.tsv) or cancel to choose a folder"), QString(),
        tr("Translation pairs (*.tsv);;All files (*)"));
    QString path = file;
    if (path.isEmpty())
        path = QFileDialog::getExistingDirectory(this, tr("Choose a folder of pairs files"));
    if (path.isEmpty()) return;
    sampleCombo_->addItem(QFileInfo(path).fileName(),
                          QVariantList{path, static_cast<int>(EmbeddingsSampleKind::PairsPath)});
    sampleCombo_->setCurrentIndex(sampleCombo_->count() - 1);
}

void EmbeddingsView::setBusy(bool busy, const QString& what) {
    busy_ = busy;
    encode_->setEnabled(!busy);
    cancel_->setEnabled(busy);
    progress_->setVisible(busy);
    if (busy) {
        progress_->setRange(0, 0);
        status_->setText(what);
    }
    updateStepButtons();
}

void EmbeddingsView::setBar(qint64 done, qint64 total, const QString& label) {
    progress_->setToolTip(label);
    if (total > 0) {
        // QProgressBar counts in int: scale large totals.
        const double f = static_cast<double>(done) / static_cast<double>(total);
        progress_->setRange(0, 1000);
        progress_->setValue(static_cast<int>(f * 1000));
        const QString count = QStringLiteral("%1 / %2").arg(done).arg(total);
        progress_->setFormat(label.isEmpty() ? count : QStringLiteral("%1 (%2)").arg(label, count));
    } else {
        progress_->setRange(0, 0);
    }
}

void EmbeddingsView::setProgress(qint64 done, qint64 total, const QString& text) {
    setBar(done, total, {});
    status_->setText(text);
}

void EmbeddingsView::setBackgroundProgress(qint64 done, qint64 total, const QString& text) {
    if (busy_) return;
    // The bar alone says it (its text): the status line keeps the sample's summary.
    progress_->setVisible(!text.isEmpty());
    if (!text.isEmpty()) setBar(done, total, text);
}

void EmbeddingsView::showError(const QString& message) {
    error_->setText(message);
    error_->setVisible(!message.isEmpty());
}

QString EmbeddingsView::errorText() const {
    return error_->isHidden() ? QString() : error_->text();
}

QString EmbeddingsView::calibrationNote() const {
    return calibrationNote_->text();
}

QString EmbeddingsView::statusText() const {
    return status_->text();
}

void EmbeddingsView::searchPoints(const QString& text) {
    const int generation = ++*searchGeneration_;
    if (text.isEmpty()) {
        scatter_->setSearchMatches({});
        found_->clear();
        Q_EMIT searchFinished(0);
        return;
    }
    // A substring test of a million texts takes most of a second: on a worker, so typing never
    // waits for it. A newer keystroke stops it (the generation moves on).
    found_->setText(tr("searching…"));
    QtConcurrent::run([texts = texts_, text, current = searchGeneration_, generation] {
        QList<int> matches;
        for (int i = 0; i < texts.size(); ++i) {
            if ((i & 4095) == 0 && current->load() != generation) return QList<int>();
            if (texts[i].contains(text, Qt::CaseInsensitive)) matches.append(i);
        }
        return matches;
    }).then(this, [this, generation](QList<int> matches) {
        if (searchGeneration_->load() != generation) return;
        const int n = static_cast<int>(matches.size());
        scatter_->setSearchMatches(std::move(matches));
        found_->setText(tr("%n match(es)", nullptr, n));
        Q_EMIT searchFinished(n);
    });
}

void EmbeddingsView::setPoints(ScatterData points, QStringList texts, const QString& summary) {
    texts_ = std::move(texts);
    search_->clear();
    setComparisonPoints({}, {}, {}, {}, {});
    scatter_->setData(std::move(points));
    scatter_->setThreeD(threeD_->isChecked());
    details_->clear();
    matrices_.clear();
    step_ = 0;
    hasPoints_ = true;
    status_->setText(summary);
    refreshAccuracy();
    updateStepButtons();
}

void EmbeddingsView::showStep(int step, std::vector<float> x, std::vector<float> y,
                              std::vector<float> z, const AlignmentMatrix& matrix) {
    step_ = step;
    matrices_[step] = matrix;
    matrix_->setMatrix(matrix);
    if (!scatter_->transitionTo(std::move(x), std::move(y), 700, std::move(z)))
        showError(tr("The projection does not match the points shown; encode the sample again."));
    if (jointBasis_)
        scatter_->setAxisTitles(tr("PC 1 of both checkpoints"), tr("PC 2 of both checkpoints"));
    else
        scatter_->setAxisTitles(step == 0 ? tr("PC 1") : tr("PC 1 of the raw sample"),
                                step == 0 ? tr("PC 2") : tr("PC 2 of the raw sample"));
    refreshAccuracy();
    updateStepButtons();
}

void EmbeddingsView::setComparison(const AlignmentMatrix& matrix, const QString& label) {
    comparison_ = matrix;
    matrix_->setBaseline(matrix, label);
}

void EmbeddingsView::setComparisonPoints(std::vector<float> x, std::vector<float> y,
                                         std::vector<float> z, const QString& label,
                                         const QString& currentLabel) {
    jointBasis_ = !x.empty();
    beforePanel_->setVisible(jointBasis_);
    afterTitle_->setVisible(jointBasis_);
    if (!jointBasis_) {
        before_->setData(ScatterData{});
        return;
    }
    beforeTitle_->setText(tr("<b>%1</b> (comparison)").arg(label.toHtmlEscaped()));
    afterTitle_->setText(tr("<b>%1</b> (open)").arg(currentLabel.toHtmlEscaped()));
    if (before_->data().size() == static_cast<int>(x.size()) && before_->transitionTo(x, y, 700, z))
        return;
    ScatterData d = scatter_->data();  // the same points, languages and groups
    d.x = std::move(x);
    d.y = std::move(y);
    d.z = std::move(z);
    before_->setData(std::move(d));
    before_->setThreeD(threeD_->isChecked());
    before_->setAxisTitles(tr("PC 1 of both checkpoints"), tr("PC 2 of both checkpoints"));
}

bool EmbeddingsView::comparisonScatterShown() const {
    return !beforePanel_->isHidden();
}

void EmbeddingsView::setCalibrationNote(const QString& text) {
    calibrationNote_->setText(text);
}

void EmbeddingsView::setPoolingNote(const QString& text) {
    poolingNote_->setText(text);
    poolingNote_->setVisible(!text.isEmpty());
}

QString EmbeddingsView::poolingNote() const {
    return poolingNote_->text();
}

void EmbeddingsView::setStepAccuracy(int step, const AlignmentMatrix& matrix) {
    matrices_[step] = matrix;
    refreshAccuracy();
}

bool EmbeddingsView::supervised() const {
    return method_->currentIndex() == 1;
}

void EmbeddingsView::setSupervised(bool on) {
    method_->setCurrentIndex(on ? 1 : 0);
    matrices_.clear();
    refreshAccuracy();
}

void EmbeddingsView::setTrainPairsAvailable(bool available) {
    if (auto* items = qobject_cast<QStandardItemModel*>(method_->model()))
        if (QStandardItem* item = items->item(1)) {
            item->setEnabled(available);
            item->setToolTip(available ? QString()
                                       : tr("The sample's corpus has no train pairs to fit a "
                                            "supervised rotation on"));
        }
    const bool want = available && (!methodChosen_ || supervised());
    if (want != supervised()) setSupervised(want);
}

QPushButton* EmbeddingsView::stepButton(int step) const {
    return qobject_cast<QPushButton*>(steps_->button(step));
}

void EmbeddingsView::updateStepButtons() {
    for (int s = 0; s < kEmbeddingsSteps; ++s) {
        steps_->button(s)->setEnabled(hasPoints_ && !busy_);
        if (s == step_) steps_->button(s)->setChecked(true);
    }
    method_->setEnabled(hasPoints_ && !busy_);
}

std::map<QString, std::vector<double>> EmbeddingsView::accuracyTable() const {
    std::map<QString, std::vector<double>> rows;
    for (const auto& [step, m] : matrices_)
        for (int a = 0; a < m.size(); ++a)
            for (int b = 0; b < m.size(); ++b) {
                if (a == b || !std::isfinite(m.cosineAt(a, b))) continue;
                auto& row = rows[m.languages[a] + QStringLiteral("→") + m.languages[b]];
                row.resize(kEmbeddingsSteps, kNaN);
                row[static_cast<size_t>(step)] = m.cosineAt(a, b);
            }
    return rows;
}

double EmbeddingsView::meanAccuracy(int step) const {
    const auto it = matrices_.find(step);
    return it == matrices_.end() ? kNaN : it->second.mean;
}

void EmbeddingsView::refreshAccuracy() {
    const auto rows = accuracyTable();
    accuracy_->clear();
    accuracy_->setColumnCount(kEmbeddingsSteps + 1);
    QStringList headers{tr("Direction")};
    for (int s = 0; s < kEmbeddingsSteps; ++s)
        headers << stepTitle(s);
    accuracy_->setHorizontalHeaderLabels(headers);
    accuracy_->setRowCount(static_cast<int>(rows.size()) + 1);
    auto put = [this](int row, int column, const QString& text, bool bold) {
        auto* item = new QTableWidgetItem(text);
        QFont f = item->font();
        f.setBold(bold);
        item->setFont(f);
        if (column > 0) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (column == step_ + 1) item->setBackground(palette().alternateBase());
        accuracy_->setItem(row, column, item);
    };
    put(0, 0, tr("Mean"), true);
    for (int s = 0; s < kEmbeddingsSteps; ++s)
        put(0, s + 1, percent(meanAccuracy(s)), true);
    // The Mean row's definition is one hover away.
    QString definition;
    for (const auto& [step, m] : matrices_)
        if (!m.meanDefinition.isEmpty()) definition = m.meanDefinition;
    for (int c = 0; c <= kEmbeddingsSteps; ++c)
        if (auto* item = accuracy_->item(0, c)) item->setToolTip(definition);
    int r = 1;
    for (const auto& [direction, values] : rows) {
        put(r, 0, direction, false);
        for (int s = 0; s < kEmbeddingsSteps; ++s)
            put(r, s + 1, percent(values[static_cast<size_t>(s)]), false);
        ++r;
    }
}

void EmbeddingsView::setPointDetails(const EmbeddingsPointDetails& d) {
    if (d.index < 0) {
        details_->clear();
        return;
    }
    scatter_->setSelection({d.index});
    QString html = QStringLiteral("<h3>%1</h3><p>%2</p>")
                       .arg(d.language.toHtmlEscaped(), d.text.toHtmlEscaped());
    if (d.translations.isEmpty()) {
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("No translation of this sentence in the sample.").toHtmlEscaped());
    } else {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Translations").toHtmlEscaped());
        for (const QString& t : d.translations)
            html += QStringLiteral("<li>%1</li>").arg(t.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("%1 nearest neighbours at calibration step %2; ✔ marks the true "
                        "translation.")
                         .arg(d.k)
                         .arg(stepTitle(d.step))
                         .toHtmlEscaped());
    auto list = [](const QVector<EmbeddingsNeighbour>& ns) {
        QString out = QStringLiteral("<ol>");
        for (const auto& n : ns)
            out += QStringLiteral("<li>%1%2 <small>(%3)</small></li>")
                       .arg(n.translation ? QStringLiteral("<b>✔ ") : QString(),
                            n.text.toHtmlEscaped() +
                                (n.translation ? QStringLiteral("</b>") : QString()))
                       .arg(n.score, 0, 'f', 3);
        return out + QStringLiteral("</ol>");
    };
    auto found = [](const QVector<EmbeddingsNeighbour>& ns) {
        return std::any_of(ns.begin(), ns.end(), [](const auto& n) { return n.translation; });
    };
    for (const auto& l : d.lists) {
        QString verdict;
        if (l.hasTranslation)
            verdict = tr("translation found: cosine %1, CSLS %2")
                          .arg(found(l.cosine) ? tr("yes") : tr("no"),
                               found(l.csls) ? tr("yes") : tr("no"));
        html += QStringLiteral("<h4>%1 <small>%2</small></h4>")
                    .arg(l.language.toHtmlEscaped(), verdict.toHtmlEscaped());
        html += QStringLiteral(
                    "<table width=\"100%\"><tr><th>%1</th><th>%2</th></tr>"
                    "<tr><td valign=\"top\">%3</td><td valign=\"top\">%4</td></tr>"
                    "</table>")
                    .arg(tr("Cosine"), tr("CSLS"), list(l.cosine), list(l.csls));
    }
    details_->setHtml(html);
}

}  // namespace isomorph::views

#include "views/runs/runs_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "views/charts/metric_chart.h"
#include "views/runs/runs_model.h"
#include "views/runs/seed_groups.h"

namespace isomorph::views {

RunsView::RunsView(RunsModel* model, QWidget* parent)
    : QWidget(parent),
      model_(model),
      table_(new QTableView(this)),
      grid_(new QGridLayout),
      noCharts_(new QLabel(this)),
      smoothing_(new QSlider(Qt::Horizontal, this)),
      xAxis_(new QComboBox(this)),
      logY_(new QCheckBox(tr("Log scale"), this)),
      details_(new QTabWidget(this)),
      summary_(new QLabel(this)),
      explanation_(new QLabel(this)),
      config_(new QPlainTextEdit(this)),
      log_(new QPlainTextEdit(this)),
      checkpoints_(new QListWidget(this)) {
    setObjectName(QStringLiteral("RunsView"));
    auto* newRun = new QPushButton(tr("New run..."), this);
    auto* attach = new QPushButton(tr("Attach run folder..."), this);
    stop_ = new QPushButton(tr("Stop"), this);
    resume_ = new QPushButton(tr("Resume"), this);
    stop_->setToolTip(tr("Asks the run to save a checkpoint and exit (SIGINT)"));
    resume_->setToolTip(tr("Continues the run from its latest checkpoint"));
    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {newRun, attach, stop_, resume_})
        buttons->addWidget(b);
    buttons->addStretch();

    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    // Header clicks sort (the model sorts numbers as numbers); newest first until then.
    table_->horizontalHeader()->setSortIndicator(RunsModel::Started, Qt::DescendingOrder);
    table_->setSortingEnabled(true);
    table_->setAlternatingRowColors(true);
    // Columns as wide as their contents; the table scrolls sideways rather than cutting them.
    table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    table_->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);

    // Chart controls apply to every chart.
    smoothing_->setRange(0, 99);
    smoothing_->setValue(60);
    smoothing_->setMaximumWidth(160);
    smoothing_->setToolTip(tr("EMA smoothing; the raw curve stays faint behind"));
    xAxis_->addItem(tr("Step"));
    xAxis_->addItem(tr("Wall time"));
    // A run continued from another run's checkpoint (a recipe's next stage) drawn from that
    // checkpoint's step on, so that a recipe reads as one curve.
    xAxis_->addItem(tr("Chained steps"));
    // As wide as "Wall time", not as the longest item (the popup shows it whole): the controls
    // row must fit the window's narrowest size.
    xAxis_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    xAxis_->setMinimumContentsLength(10);
    xAxis_->setItemData(
        2,
        tr("A run that continues another run's checkpoint (model.init, e.g. the demo recipe's "
           "second stage) starts at that checkpoint's step"),
        Qt::ToolTipRole);
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Smoothing"), this));
    controls->addWidget(smoothing_);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("X axis"), this));
    controls->addWidget(xAxis_);
    controls->addSpacing(12);
    controls->addWidget(logY_);
    seedMean_ = new QCheckBox(tr("Mean ± sd over seeds"), this);
    seedMean_->setObjectName(QStringLiteral("meanOverSeeds"));
    seedMean_->setToolTip(
        tr("Runs of a sweep that differ only in their seed are drawn as one curve: the mean "
           "over the seeds, with a band of ± one standard deviation (as in sweep.md)"));
    // On a row of its own, shown only when the selected runs have seeds to average: the
    // controls row is as wide as the window's narrowest size allows.
    seedMean_->setVisible(false);
    auto* seedRow = new QHBoxLayout;
    seedRow->addWidget(seedMean_);
    seedRow->addStretch();
    auto* hint = new QLabel(tr("Right-click a chart to export it"), this);
    hint->setEnabled(false);
    // Wraps rather than being cut where the row is narrow (long translations).
    hint->setWordWrap(true);
    hint->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    controls->addWidget(hint, 1);

    noCharts_->setText(
        tr("Select runs in the table to chart the metrics they record; select "
           "several to overlay them."));
    noCharts_->setAlignment(Qt::AlignCenter);
    noCharts_->setWordWrap(true);
    noCharts_->setEnabled(false);
    auto* chartsWidget = new QWidget(this);
    auto* chartsLayout = new QVBoxLayout(chartsWidget);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    chartsLayout->addWidget(noCharts_);
    chartsLayout->addLayout(grid_);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(chartsWidget);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    summary_->setTextFormat(Qt::RichText);
    summary_->setWordWrap(true);
    summary_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    summary_->setMargin(8);
    for (QPlainTextEdit* e : {config_, log_}) {
        e->setReadOnly(true);
        e->setLineWrapMode(QPlainTextEdit::NoWrap);
        e->setFont(QFont(QStringLiteral("monospace")));
    }
    checkpoints_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(checkpoints_, &QWidget::customContextMenuRequested, this, [this](const QPoint& p) {
        QListWidgetItem* item = checkpoints_->itemAt(p);
        if (!item) return;
        const QString path = item->data(Qt::UserRole).toString();
        QMenu menu(this);
        menu.addAction(tr("Open in Embeddings"), this,
                       [this, path] { Q_EMIT openInEmbeddingsRequested(path); });
        menu.addAction(tr("Open in Search"), this,
                       [this, path] { Q_EMIT openInSearchRequested(path); });
        menu.exec(checkpoints_->viewport()->mapToGlobal(p));
    });
    details_->addTab(summary_, tr("Summary"));
    details_->addTab(config_, tr("Config"));
    details_->addTab(log_, tr("Log"));
    details_->addTab(checkpoints_, tr("Checkpoints"));

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(table_, 3);
    leftLayout->addWidget(details_, 2);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    explanation_->setWordWrap(true);
    explanation_->setTextFormat(Qt::RichText);
    explanation_->setStyleSheet(QStringLiteral(
        "QLabel { background: #eef4fb; border: 1px solid #c5d7ec; border-radius: 4px; "
        "padding: 6px; }"));
    explanation_->hide();
    rightLayout->addWidget(explanation_);
    rightLayout->addLayout(controls);
    rightLayout->addLayout(seedRow);
    rightLayout->addWidget(scroll);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({520, 780});
    table_->setWordWrap(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(newRun, &QPushButton::clicked, this, &RunsView::newRunRequested);
    connect(attach, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(
            this, tr("Attach a run folder (a run directory with config.toml and metrics.jsonl)"));
        if (!dir.isEmpty()) Q_EMIT attachRequested(dir);
    });
    connect(stop_, &QPushButton::clicked, this, [this] { Q_EMIT stopRequested(selectedRuns()); });
    connect(resume_, &QPushButton::clicked, this,
            [this] { Q_EMIT resumeRequested(selectedRuns()); });
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateButtons();
        Q_EMIT selectionChanged(selectedRuns());
    });
    connect(model_, &QAbstractItemModel::dataChanged, this, &RunsView::updateButtons);
    // Sized when rows arrive or change (QTableView's ResizeToContents mode would only react to
    // header changes): without this, names are cut to the width of the "Run" heading. The
    // columns stay interactive, so a user can still narrow one.
    auto fitColumns = [this] {
        for (int c = 0; c < RunsModel::ColumnCount - 1; ++c)
            table_->resizeColumnToContents(c);
    };
    connect(model_, &QAbstractItemModel::rowsInserted, this, fitColumns);
    connect(model_, &QAbstractItemModel::dataChanged, this, fitColumns);
    connect(model_, &QAbstractItemModel::modelReset, this, fitColumns);
    connect(model_, &QAbstractItemModel::layoutChanged, this, [this] {
        // Rows were reordered (sorted): keep the selected run in sight.
        const QModelIndexList rows = table_->selectionModel()->selectedRows();
        if (!rows.isEmpty()) table_->scrollTo(rows.first());
    });
    connect(smoothing_, &QSlider::valueChanged, this, [this](int v) {
        for (MetricChart* c : std::as_const(charts_))
            if (!specs_.value(c->metricKey()).isEval()) c->setSmoothing(v / 100.0);
    });
    connect(xAxis_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this](int i) {
        for (MetricChart* c : std::as_const(charts_))
            c->setXAxis(i == 1 ? XAxis::WallTime : XAxis::Step);
        applyStepOffsets();
    });
    // Rows (and what they continue) arrive with rescans.
    connect(model_, &QAbstractItemModel::rowsInserted, this, &RunsView::applyStepOffsets);
    connect(model_, &QAbstractItemModel::dataChanged, this, &RunsView::applyStepOffsets);
    connect(model_, &QAbstractItemModel::modelReset, this, &RunsView::applyStepOffsets);
    connect(logY_, &QCheckBox::toggled, this, [this](bool on) {
        for (MetricChart* c : std::as_const(charts_))
            c->setLogY(on);
    });
    connect(seedMean_, &QCheckBox::toggled, this, &RunsView::refreshSeedGroups);
    setDetails({});
    updateButtons();
    layOutCharts();
}

void RunsView::setMeanOverSeeds(bool on) {
    seedMean_->setChecked(on);
}

bool RunsView::meanOverSeeds() const {
    return seedMean_->isChecked();
}

void RunsView::refreshSeedGroups() {
    bool groupable = false;
    for (MetricChart* chart : std::as_const(charts_)) {
        // The runs on the chart by setting; the means drawn now.
        QMap<QString, QStringList> groups;
        QStringList means;
        for (const QString& id : chart->runIds()) {
            if (id.startsWith(seedGroupRunId({}))) {
                means << id;
                continue;
            }
            const QString group = seedGroupOf(chart->series(id)->runName);
            if (!group.isEmpty()) groups[group] << id;
        }
        for (auto it = groups.begin(); it != groups.end(); ++it)
            groupable = groupable || it->size() > 1;
        const bool on = seedMean_->isChecked();
        for (const QString& id : std::as_const(means))
            if (!on || groups.value(id.mid(seedGroupRunId({}).size())).size() < 2)
                chart->removeRun(id);
        for (auto it = groups.begin(); it != groups.end(); ++it) {
            const bool grouped = on && it->size() > 1;
            for (const QString& id : std::as_const(*it))
                chart->setRunHidden(id, grouped);
            if (!grouped) continue;
            QVector<const MetricSeries*> members;
            qsizetype points = 0;
            for (const QString& id : std::as_const(*it)) {
                members << chart->series(id);
                points += members.back()->size();
            }
            // Series only grow: the same runs with as many points have the same mean. Polls
            // come every few seconds; long runs have 100k points a seed.
            const QString id = seedGroupRunId(it.key());
            qsizetype& seen = seedGroupPoints_[chart->metricKey() + u'\n' + it->join(u'\n')];
            if (chart->series(id) && seen == points) continue;
            seen = points;
            const SeedAggregate a = aggregateOverSeeds(members);
            const MetricSeries* shown = chart->series(id);
            if (shown && shown->steps == a.steps && shown->values == a.mean) continue;
            // The mean in the colour of the setting's first run (its seeds are hidden).
            const QColor color = chart->runColor(it->first());
            chart->removeRun(id);
            chart->addRun(id, tr("%1 (mean ± sd of %n seeds)", nullptr, a.runs).arg(it.key()),
                          color);
            chart->appendPoints(id, a.steps, a.times, a.mean);
            chart->setBand(id, a.steps, a.times, a.lower, a.upper);
        }
    }
    seedMean_->setVisible(groupable || seedMean_->isChecked());
}

bool RunsView::stagesChained() const {
    return xAxis_->currentIndex() == 2;
}

void RunsView::setStagesChained(bool on) {
    xAxis_->setCurrentIndex(on ? 2 : 0);
}

double RunsView::stepOffset(const QString& dir) const {
    if (!stagesChained()) return 0.0;
    // The continued checkpoint's step plus where its own run is drawn; a chain that loops
    // (a run folder reused) stops after as many links as there are rows.
    double offset = 0.0;
    const RunRow* row = model_->run(dir);
    for (int links = 0; row && row->continuesStep >= 0 && links <= model_->rowCount(); ++links) {
        offset += static_cast<double>(row->continuesStep);
        row = model_->run(row->continues);
    }
    return offset;
}

void RunsView::applyStepOffsets() {
    bool moved = false;
    for (MetricChart* chart : std::as_const(charts_))
        for (const QString& id : chart->runIds()) {
            if (id.startsWith(seedGroupRunId({}))) continue;
            const double offset = stepOffset(id);
            if (chart->stepOffset(id) == offset) continue;
            chart->setStepOffset(id, offset);
            moved = true;
        }
    if (!moved) return;
    // Means over seeds again from their members' shifted points (their cache keys on point
    // counts, which a shift leaves as they were).
    seedGroupPoints_.clear();
    refreshSeedGroups();
}

MetricChart* RunsView::makeChart(const MetricSpec& spec) {
    auto* chart = new MetricChart(this);
    chart->setObjectName(QStringLiteral("chart:") + spec.key);
    chart->setMetric(spec.key, displayTitle(spec));
    chart->setDescription(describeMetric(spec));
    // Evaluations are sparse (every N steps): smoothing would only distort them.
    chart->setSmoothing(spec.isEval() ? 0.0 : smoothing_->value() / 100.0);
    chart->setXAxis(xAxis_->currentIndex() == 1 ? XAxis::WallTime : XAxis::Step);
    chart->setLogY(logY_->isChecked());
    chart->setMinimumHeight(220);
    chart->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(chart, &QWidget::customContextMenuRequested, this,
            [this, chart](const QPoint&) { exportChart(chart); });
    return chart;
}

QStringList RunsView::setCharts(const QVector<MetricSpec>& specs) {
    QStringList keys, added;
    for (const MetricSpec& spec : specs)
        keys << spec.key;
    if (keys == keys_) {
        // Same charts: only their descriptions may have changed (another run's schema won).
        for (const MetricSpec& spec : specs)
            if (!(specs_.value(spec.key) == spec)) {
                specs_[spec.key] = spec;
                charts_[spec.key]->setMetric(spec.key, displayTitle(spec));
                charts_[spec.key]->setDescription(describeMetric(spec));
            }
        return {};
    }
    for (const QString& key : std::as_const(keys_))
        if (!keys.contains(key)) {
            delete charts_.take(key);
            specs_.remove(key);
        }
    for (const MetricSpec& spec : specs) {
        if (!charts_.contains(spec.key)) {
            charts_.insert(spec.key, makeChart(spec));
            added << spec.key;
        } else if (!(specs_.value(spec.key) == spec)) {
            charts_[spec.key]->setMetric(spec.key, displayTitle(spec));
            charts_[spec.key]->setDescription(describeMetric(spec));
        }
        specs_[spec.key] = spec;
    }
    keys_ = keys;
    layOutCharts();
    return added;
}

void RunsView::layOutCharts() {
    // Two columns in display order; the grid is rebuilt since charts may appear anywhere.
    while (grid_->count() > 0)
        delete grid_->takeAt(0);
    for (int i = 0; i < keys_.size(); ++i)
        grid_->addWidget(charts_.value(keys_[i]), i / 2, i % 2);
    noCharts_->setVisible(keys_.isEmpty());
}

QStringList RunsView::selectedRuns() const {
    QStringList out;
    for (const QModelIndex& i : table_->selectionModel()->selectedRows())
        out << model_->data(i, RunsModel::DirRole).toString();
    return out;
}

void RunsView::selectRun(const QString& dir, bool add) {
    const int row = model_->indexOf(dir);
    if (row < 0) return;
    table_->scrollTo(model_->index(row, 0));
    if (!add) {
        table_->selectRow(row);
        return;
    }
    table_->selectionModel()->select(model_->index(row, 0),
                                     QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

void RunsView::updateButtons() {
    bool canStop = false, canResume = false;
    for (const QString& dir : selectedRuns()) {
        const RunRow* r = model_->run(dir);
        if (!r) continue;
        canStop |= r->status == QLatin1String("running");
        canResume |= r->status == QLatin1String("stopped") ||
                     r->status == QLatin1String("interrupted") ||
                     r->status == QLatin1String("failed") || r->status == QLatin1String("diverged");
    }
    stop_->setEnabled(canStop);
    resume_->setEnabled(canResume);
}

void RunsView::setExplanation(const QString& html) {
    explanation_->setText(html);
    explanation_->setVisible(!html.isEmpty());
}

void RunsView::setDetails(const RunDetails& d) {
    detailsDir_ = d.dir;
    summary_->setText(d.dir.isEmpty() ? tr("Select a run to see its summary, config, log and "
                                           "checkpoints.")
                                      : d.summary);
    if (config_->toPlainText() != d.config) config_->setPlainText(d.config);
    if (log_->toPlainText() != d.logTail) {
        log_->setPlainText(d.logTail);
        log_->moveCursor(QTextCursor::End);
    }
    checkpoints_->clear();
    for (const QString& c : d.checkpoints) {
        auto* item = new QListWidgetItem(c, checkpoints_);
        item->setData(Qt::UserRole, d.dir + QStringLiteral("/checkpoints/") + c.section(' ', 0, 0));
    }
}

void RunsView::exportChart(MetricChart* chart) {
    QMenu menu(this);
    QAction* png = menu.addAction(tr("Export as PNG..."));
    QAction* svg = menu.addAction(tr("Export as SVG..."));
    menu.addAction(tr("Export data as CSV..."));
    QAction* chosen = menu.exec(QCursor::pos());
    if (!chosen) return;
    const QString base = chart->metricKey().replace('/', '_');
    const QString filter = chosen == png   ? QStringLiteral("PNG (*.png)")
                           : chosen == svg ? QStringLiteral("SVG (*.svg)")
                                           : QStringLiteral("CSV (*.csv)");
    const QString suffix = chosen == png ? ".png" : chosen == svg ? ".svg" : ".csv";
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export chart"), base + suffix, filter);
    if (path.isEmpty()) return;
    QString error;
    const bool ok = chosen == png   ? chart->exportPng(path, &error)
                    : chosen == svg ? chart->exportSvg(path, &error)
                                    : chart->exportCsv(path, &error);
    if (!ok) QMessageBox::warning(this, tr("Export failed"), error);
}

}  // namespace isomorph::views

#include "views/log_panel.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "views/log_model.h"

namespace isomorph::views {

class LogFilterModel : public QSortFilterProxyModel {
  public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setMinimumLevel(int level) {
        minLevel_ = level;
        invalidateFilter();
    }
    void setText(const QString& text) {
        text_ = text;
        invalidateFilter();
    }

  protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override {
        const QModelIndex idx = sourceModel()->index(row, LogModel::MessageColumn, parent);
        if (sourceModel()->data(idx, LogModel::kLevelRole).toInt() < minLevel_) return false;
        return text_.isEmpty() || idx.data().toString().contains(text_, Qt::CaseInsensitive);
    }

  private:
    int minLevel_ = static_cast<int>(LogModel::Level::Info);
    QString text_;
};

LogPanel::LogPanel(LogModel* model, QWidget* parent)
    : QWidget(parent),
      model_(model),
      filter_(new LogFilterModel(this)),
      table_(new QTableView(this)),
      level_(new QComboBox(this)),
      search_(new QLineEdit(this)) {
    filter_->setSourceModel(model_);
    table_->setModel(filter_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setWordWrap(false);
    table_->setShowGrid(false);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 4);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setSectionResizeMode(LogModel::TimeColumn,
                                                     QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(LogModel::LevelColumn,
                                                     QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(LogModel::SourceColumn,
                                                     QHeaderView::ResizeToContents);

    level_->addItem(tr("All messages"), static_cast<int>(LogModel::Level::Debug));
    level_->addItem(tr("Info and above"), static_cast<int>(LogModel::Level::Info));
    level_->addItem(tr("Warnings and errors"), static_cast<int>(LogModel::Level::Warning));
    level_->addItem(tr("Errors only"), static_cast<int>(LogModel::Level::Error));
    level_->setCurrentIndex(1);
    search_->setPlaceholderText(tr("Filter messages"));
    search_->setClearButtonEnabled(true);
    auto* copy = new QToolButton(this);
    copy->setText(tr("Copy"));
    copy->setToolTip(tr("Copy the selected messages"));
    auto* clear = new QToolButton(this);
    clear->setText(tr("Clear"));
    clear->setToolTip(tr("Remove all messages"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(level_);
    bar->addWidget(search_, 1);
    bar->addWidget(copy);
    bar->addWidget(clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(table_);

    connect(level_, &QComboBox::currentIndexChanged, this,
            [this](int i) { filter_->setMinimumLevel(level_->itemData(i).toInt()); });
    connect(search_, &QLineEdit::textChanged, this,
            [this](const QString& t) { filter_->setText(t); });
    connect(copy, &QToolButton::clicked, this, &LogPanel::copySelection);
    connect(clear, &QToolButton::clicked, model_, &LogModel::clear);
    // Follow new messages only while the user is looking at the newest ones.
    connect(filter_, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] {
        QScrollBar* scroll = table_->verticalScrollBar();
        const bool atBottom = scroll->value() >= scroll->maximum() - 2;
        if (atBottom)
            QMetaObject::invokeMethod(table_, &QTableView::scrollToBottom, Qt::QueuedConnection);
    });
}

int LogPanel::visibleRows() const {
    return filter_->rowCount();
}

void LogPanel::setMinimumLevel(int level) {
    const int i = level_->findData(level);
    if (i >= 0) level_->setCurrentIndex(i);
}

void LogPanel::setFilterText(const QString& text) {
    search_->setText(text);
}

void LogPanel::copySelection() const {
    QStringList lines;
    const QModelIndexList rows = table_->selectionModel()->selectedRows();
    for (const QModelIndex& proxyIndex : rows) {
        const LogModel::Entry& e = model_->entry(filter_->mapToSource(proxyIndex).row());
        lines << QStringLiteral("%1 [%2] %3: %4")
                     .arg(e.time.toString(Qt::ISODate), LogModel::levelName(e.level), e.source,
                          e.message);
    }
    if (!lines.isEmpty()) QApplication::clipboard()->setText(lines.join('\n'));
}

}  // namespace isomorph::views

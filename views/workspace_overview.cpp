#include "views/workspace_overview.h"

#include <QDesktopServices>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace isomorph::views {

WorkspaceOverview::WorkspaceOverview(QWidget* parent)
    : QWidget(parent), header_(new QLabel(this)), contents_(new QTreeWidget(this)) {
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    header_->setWordWrap(true);
    contents_->setHeaderLabels({tr("Item"), tr("Details")});
    contents_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    contents_->setObjectName(QStringLiteral("workspaceContents"));
    auto* refresh = new QPushButton(tr("Refresh"), this);
    auto* reveal = new QPushButton(tr("Show in file manager"), this);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(refresh);
    buttons->addWidget(reveal);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(header_);
    layout->addLayout(buttons);
    layout->addWidget(contents_, 1);
    connect(refresh, &QPushButton::clicked, this, &WorkspaceOverview::refreshRequested);
    connect(reveal, &QPushButton::clicked, this, [this] {
        if (!summary_.path.isEmpty()) QDesktopServices::openUrl(QUrl::fromLocalFile(summary_.path));
    });
    connect(contents_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QString path = item->data(0, Qt::UserRole).toString();
        const QString folder = item->data(0, Qt::UserRole + 1).toString();
        if (path.isEmpty()) return;
        if (folder == QLatin1String("runs") || folder == QLatin1String("indexes"))
            Q_EMIT entryActivated(folder, path);
        else
            QDesktopServices::openUrl(QUrl::fromLocalFile(path));
    });
}

void WorkspaceOverview::setSummary(const WorkspaceSummary& summary) {
    summary_ = summary;
    QString html = QStringLiteral("<h2>%1</h2><p>%2<br>%3")
                       .arg(summary.name.toHtmlEscaped(),
                            QDir::toNativeSeparators(summary.path).toHtmlEscaped(),
                            tr("created %1").arg(summary.created.toHtmlEscaped()));
    if (!summary.writable) {
        html += QStringLiteral("<br><b>%1</b>")
                    .arg(tr("Read-only: new runs and indexes cannot be saved here."));
    }
    if (!summary.start.isEmpty()) {
        html += QStringLiteral("<br>") +
                tr("Start model: <b>%1</b>").arg(summary.start.toHtmlEscaped());
        if (!summary.startWhy.isEmpty())
            html += QStringLiteral("<br><i>%1</i>").arg(summary.startWhy.toHtmlEscaped());
    }
    header_->setText(html + QStringLiteral("</p>"));

    // Refreshes come every time a folder changes: the row the user selected stays selected.
    const QString selected = contents_->currentItem()
                                 ? contents_->currentItem()->data(0, Qt::UserRole).toString()
                                 : QString();
    contents_->clear();
    QTreeWidgetItem* reselect = nullptr;
    auto addGroup = [this, &selected, &reselect](const QString& title, const QString& folder,
                                                 const QStringList& names,
                                                 const QString& emptyText) {
        const QString dir = QDir(summary_.path).filePath(folder);
        auto* group =
            new QTreeWidgetItem(contents_, {QStringLiteral("%1 (%2)").arg(title).arg(names.size()),
                                            QDir::toNativeSeparators(dir)});
        group->setData(0, Qt::UserRole, dir);
        for (const QString& name : names) {
            const QString details = summary_.details.value(folder + QLatin1Char('/') + name);
            auto* item = new QTreeWidgetItem(group, {name, details});
            item->setData(0, Qt::UserRole, QDir(dir).filePath(name));
            item->setData(0, Qt::UserRole + 1, folder);
            if (!selected.isEmpty() && item->data(0, Qt::UserRole).toString() == selected)
                reselect = item;
            item->setToolTip(1, details);
            if (folder == QLatin1String("runs"))
                item->setToolTip(0, tr("Double-click to show it in the Runs view"));
            else if (folder == QLatin1String("indexes"))
                item->setToolTip(0, tr("Double-click to search it in the Search view"));
        }
        if (names.isEmpty()) {
            auto* empty = new QTreeWidgetItem(group, {emptyText, QString()});
            empty->setFlags(Qt::ItemIsEnabled);
            empty->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
        }
        group->setExpanded(true);
    };
    addGroup(tr("Corpora"), QStringLiteral("corpora"), summary.corpora, tr("none yet"));
    addGroup(tr("Tokenizers"), QStringLiteral("tokenizers"), summary.tokenizers, tr("none yet"));
    addGroup(tr("Runs"), QStringLiteral("runs"), summary.runs, tr("none yet"));
    addGroup(tr("Indexes"), QStringLiteral("indexes"), summary.indexes, tr("none yet"));
    addGroup(tr("Models"), QStringLiteral("models"), summary.models,
             tr("none yet (isomorph-cli demo prepare imports multilingual-e5-small)"));
    if (reselect) contents_->setCurrentItem(reselect);
}

}  // namespace isomorph::views

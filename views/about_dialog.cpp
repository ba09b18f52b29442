#include "views/about_dialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace isomorph::views {

AboutDialog::AboutDialog(const QString& version, QWidget* parent)
    : QDialog(parent),
      version_(version),
      status_(new QLabel(this)),
      details_(new QTreeWidget(this)) {
    setWindowTitle(tr("About Isomorph"));
    auto* title =
        new QLabel(QStringLiteral("<h2>Isomorph %1</h2>").arg(version.toHtmlEscaped()), this);
    auto* blurb = new QLabel(
        tr("A research workbench for cross-lingual sentence-representation pretraining and dense "
           "retrieval.<br>Licensed under the Apache License, version 2.0."),
        this);
    blurb->setWordWrap(true);
    details_->setColumnCount(2);
    details_->setHeaderLabels({tr("Component"), tr("Version / state")});
    details_->setRootIsDecorated(false);
    details_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    details_->setMinimumSize(560, 280);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("Copy report"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(reportText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(blurb);
    layout->addWidget(details_, 1);
    layout->addWidget(status_);
    layout->addWidget(buttons);
}

void AboutDialog::setBusy(const QString& what) {
    status_->setText(what);
    status_->setVisible(!what.isEmpty());
}

void AboutDialog::setDetails(const Rows& rows) {
    details_->clear();
    for (const auto& [name, value] : rows) {
        auto* item = new QTreeWidgetItem(details_, {name, value});
        item->setToolTip(1, value);
    }
    setBusy({});
}

QString AboutDialog::reportText() const {
    QStringList lines{QStringLiteral("Isomorph %1").arg(version_)};
    for (int i = 0; i < details_->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = details_->topLevelItem(i);
        lines << QStringLiteral("%1: %2").arg(item->text(0), item->text(1));
    }
    return lines.join('\n');
}

}  // namespace isomorph::views

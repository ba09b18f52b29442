#include "views/settings_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace isomorph::views {

SettingsDialog::SettingsDialog(const QList<Language>& languages, const QString& current,
                               QWidget* parent)
    : QDialog(parent), language_(new QComboBox(this)), note_(new QLabel(this)), initial_(current) {
    setObjectName(QStringLiteral("SettingsDialog"));
    setWindowTitle(tr("Settings"));
    // Names in their own language, so a user who cannot read the current one finds theirs.
    language_->addItem(tr("System default"), QString());
    for (const Language& l : languages)
        language_->addItem(l.nativeName, l.code);
    setLanguage(current);

    note_->setWordWrap(true);
    note_->setEnabled(false);
    auto* form = new QFormLayout;
    form->addRow(tr("&Language:"), language_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note_);
    layout->addStretch();
    layout->addWidget(buttons);
    setMinimumWidth(420);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(language_, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &SettingsDialog::updateNote);
    updateNote();
}

QString SettingsDialog::language() const {
    return language_->currentData().toString();
}

void SettingsDialog::setLanguage(const QString& code) {
    const int i = language_->findData(code);
    language_->setCurrentIndex(i < 0 ? 0 : i);
}

void SettingsDialog::updateNote() {
    note_->setText(language() == initial_
                       ? tr("The language applies to the whole window, menus and messages.")
                       : tr("The new language is used from the next start of Isomorph."));
}

}  // namespace isomorph::views

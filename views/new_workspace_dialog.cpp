#include "views/new_workspace_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace isomorph::views {

NewWorkspaceDialog::NewWorkspaceDialog(const QString& defaultParent, QWidget* parent)
    : QDialog(parent),
      name_(new QLineEdit(this)),
      parent_(new QLineEdit(defaultParent, this)),
      preview_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("New Workspace"));
    name_->setPlaceholderText(tr("e.g. ccp-replication"));
    auto* browse = new QPushButton(tr("Browse..."), this);
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(parent_, 1);
    folderRow->addWidget(browse);
    preview_->setWordWrap(true);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("Create"));

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Name:"), name_);
    form->addRow(tr("&Location:"), folderRow);
    form->addRow(preview_);
    form->addRow(buttons_);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Location of the workspace"),
                                                              parent_->text());
        if (!dir.isEmpty()) parent_->setText(dir);
    });
    connect(name_, &QLineEdit::textChanged, this, &NewWorkspaceDialog::revalidate);
    connect(parent_, &QLineEdit::textChanged, this, &NewWorkspaceDialog::revalidate);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    revalidate();
    resize(520, sizeHint().height());
}

QString NewWorkspaceDialog::workspaceName() const {
    return name_->text().trimmed();
}

QString NewWorkspaceDialog::workspacePath() const {
    return QDir(parent_->text().trimmed()).filePath(workspaceName());
}

void NewWorkspaceDialog::setName(const QString& name) {
    name_->setText(name);
}
void NewWorkspaceDialog::setParentFolder(const QString& folder) {
    parent_->setText(folder);
}

QString NewWorkspaceDialog::problem() const {
    const QString name = workspaceName();
    if (name.isEmpty()) return tr("Enter a name.");
    if (name.contains('/') || name == QLatin1String(".") || name == QLatin1String("..")) {
        return tr("The name is used as a folder name: it cannot contain '/' or be '.' or '..'.");
    }
    if (parent_->text().trimmed().isEmpty()) return tr("Choose a location.");
    const QFileInfo target(workspacePath());
    if (target.exists())
        return tr("%1 already exists; choose another name.").arg(target.filePath());
    // The first folder on the way up that exists must be writable.
    QFileInfo up(parent_->text().trimmed());
    while (!up.exists() && up.absolutePath() != up.absoluteFilePath())
        up = QFileInfo(up.absolutePath());
    if (!up.isDir()) return tr("%1 is not a folder.").arg(up.filePath());
    if (!up.isWritable()) return tr("%1 is not writable.").arg(up.filePath());
    return {};
}

void NewWorkspaceDialog::revalidate() {
    const QString why = problem();
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
    preview_->setText(why.isEmpty() ? tr("The workspace will be created in %1")
                                          .arg(QDir::toNativeSeparators(workspacePath()))
                                    : why);
}

}  // namespace isomorph::views

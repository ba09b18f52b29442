#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace isomorph::views {

/// File -> New Workspace: a display name and a parent folder; the workspace folder is
/// PARENT/NAME. Validates as the user types (empty name, existing folder, unwritable parent).
class NewWorkspaceDialog : public QDialog {
    Q_OBJECT

  public:
    explicit NewWorkspaceDialog(const QString& defaultParent, QWidget* parent = nullptr);

    QString workspaceName() const;
    QString workspacePath() const;
    void setName(const QString& name);
    void setParentFolder(const QString& folder);
    /// Why the current input cannot be accepted; empty when it can.
    QString problem() const;

  private:
    void revalidate();

    QLineEdit* name_;
    QLineEdit* parent_;
    QLabel* preview_;
    QDialogButtonBox* buttons_;
};

}  // namespace isomorph::views
